//! Search correctness: tactics, exact solving against brute force, every level's legality.

use rajapasu_ai::player::Player;
use rajapasu_ai::players::PlainAlphaBeta;
use rajapasu_ai::search::{Limits, Score, SearchOptions, Searcher};
use rajapasu_ai::spec::Spec;
use rajapasu_ai::{choose_move, choose_with, Level};
use rajapasu_engine::rng::Rng;
use rajapasu_engine::{BySide, Game, Move, Rules, Side};

fn single() -> Rules {
    Rules::default().single_round()
}

fn depth(d: u32) -> Limits {
    Limits {
        depth: Some(d),
        ..Limits::default()
    }
}

fn mv(n: u8) -> Move {
    Move::new(n).unwrap()
}

fn level(n: u8) -> Level {
    Level::try_from(n).unwrap()
}

#[test]
fn finds_a_forced_large_capture_at_shallow_depth() {
    // South 6 sows into S7; N1 is empty, so South takes the 30 counters of N2.
    let game = Game::from_code("1,0,0,0,0,1,0/0,30,5,5,5,5,5 S 21 20", single()).unwrap();
    for d in 1..=3 {
        let r = Searcher::new(14)
            .search(&game, &depth(d), SearchOptions::BEST_MOVE, |_| {})
            .unwrap();
        assert_eq!(r.best(), mv(6), "depth {d}");
        assert!(r.score() >= 20, "depth {d}: score {}", r.score());
    }
    let c = choose_move(&game, level(4), 1).unwrap();
    assert_eq!(c.mv, mv(6));
}

#[test]
fn avoids_a_move_that_gifts_fours() {
    // South 7 drops into N5, N6 and N7, each holding 3: three fours for North (the row owner).
    let code = "1,0,0,0,0,0,7/0,0,0,0,3,3,3 S 41 40";
    let game = Game::from_code(code, single()).unwrap();
    let mut g = game.clone();
    g.play(mv(7));
    assert_eq!(
        g.position().captured(Side::North),
        52,
        "the position must gift 12"
    );
    for d in 1..=6 {
        let r = Searcher::new(14)
            .search(&game, &depth(d), SearchOptions::BEST_MOVE, |_| {})
            .unwrap();
        assert_eq!(r.best(), mv(1), "depth {d}");
    }
    for n in 2..=4 {
        assert_eq!(
            choose_move(&game, level(n), 3).unwrap().mv,
            mv(1),
            "level {n}"
        );
    }
}

/// Full minimax to the end of the round, scored like the search: `±WIN + margin`, 0 drawn.
fn brute(g: &mut Game, budget: &mut u64) -> Option<Score> {
    *budget = budget.checked_sub(1)?;
    let me = g.position().to_move();
    let mut best = Score::MIN;
    for &m in g.legal_moves().iter() {
        g.play(m);
        let v = if g.status().is_over() {
            let p = g.position();
            let d = p.captured(me) as i32 - p.captured(!me) as i32;
            Some(Score::from_tenths(d.signum() * 10_000 + d * 10))
        } else {
            brute(g, budget).map(|v| if g.position().to_move() == me { v } else { -v })
        };
        g.undo();
        best = best.max(v?);
    }
    Some(best)
}

/// A single round played at random until at most `on_board` counters are left, with its value
/// by brute force; `None` if the round ended first or brute force needs too many nodes.
fn small_endgame(rng: &mut Rng, on_board: u32) -> Option<(Game, Score)> {
    let mut game = Game::new(single());
    while !game.status().is_over() && game.position().on_board() > on_board {
        let ms = game.legal_moves();
        game.play(ms[rng.below(ms.len())]);
    }
    if game.status().is_over() {
        return None;
    }
    let mut budget = 20_000;
    let truth = brute(&mut game.clone(), &mut budget)?;
    Some((game, truth))
}

#[test]
fn exact_solving_matches_brute_force() {
    let mut rng = Rng::new(11);
    let mut checked = 0;
    let mut tries = 0;
    while checked < 12 && tries < 400 {
        tries += 1;
        let Some((game, truth)) = small_endgame(&mut rng, 7) else {
            continue;
        };
        let r = Searcher::new(16)
            .search(&game, &Limits::default(), SearchOptions::EVERY_MOVE, |_| {})
            .unwrap();
        assert!(
            r.exact,
            "{}: not solved at depth {}",
            game.position(),
            r.depth
        );
        assert_eq!(
            r.moves[0].score,
            truth,
            "{}: search {} vs brute force {}",
            game.position(),
            r.moves[0].score.counters(),
            truth.counters()
        );
        // The pruned search agrees too (with a single legal move it answers at once, unsolved).
        if game.legal_moves().len() > 1 {
            let r = Searcher::new(16)
                .search(&game, &Limits::default(), SearchOptions::BEST_MOVE, |_| {})
                .unwrap();
            assert!(r.exact);
            assert_eq!(r.moves[0].score, truth, "{}", game.position());
        }
        checked += 1;
    }
    assert!(checked >= 6, "only {checked} positions checked");
}

#[test]
fn plain_alpha_beta_matches_the_search_at_equal_depth() {
    // Same evaluation, same depth, no pruning differences in value: the scores must agree.
    let mut rng = Rng::new(5);
    for _ in 0..10 {
        let mut game = Game::new(single());
        for _ in 0..(2 + rng.below(10)) {
            let ms = game.legal_moves();
            if ms.is_empty() {
                break;
            }
            game.play(ms[rng.below(ms.len())]);
        }
        if game.status().is_over() {
            continue;
        }
        let plain = PlainAlphaBeta::new(4);
        let v = plain.value(
            &mut game.clone(),
            4,
            Score::MIN.tenths(),
            -Score::MIN.tenths(),
        );
        let mut s = Searcher::with_eval(16, rajapasu_ai::eval::Eval::PLAIN);
        let r = s
            .search(&game, &depth(4), SearchOptions::EVERY_MOVE, |_| {})
            .unwrap();
        // Repetitions cannot occur within 4 moves of a random opening with captures on every line,
        // but the table may still answer from a deeper exact entry; compare when not solved.
        if !r.exact {
            assert_eq!(r.moves[0].score.tenths(), v, "{}", game.position());
        }
    }
}

#[test]
fn every_level_returns_a_legal_move_in_random_positions() {
    let mut rng = Rng::new(3);
    for rules in [single(), Rules::default()] {
        let mut positions = 0;
        while positions < 12 {
            let mut game = Game::new(rules);
            let plies = rng.below(60);
            for _ in 0..plies {
                let ms = game.legal_moves();
                if ms.is_empty() {
                    break;
                }
                game.play(ms[rng.below(ms.len())]);
            }
            if game.status().is_over() {
                continue;
            }
            positions += 1;
            for level in Level::ALL {
                // Levels 5 and 6 are time-limited; cap their depth so the test does not depend on
                // the machine's speed.
                let mut p = level.params();
                p.depth = Some(p.depth.unwrap_or(4).min(4));
                let mut s = Searcher::new(p.table_bits.min(16));
                let c = choose_with(&mut s, &game, &p, positions).unwrap();
                assert!(game.legal_moves().contains(c.mv), "level {level}");
                assert_eq!(c.pv.first(), Some(&c.mv));
            }
        }
    }
}

#[test]
fn the_public_api_is_complete() {
    assert_eq!(Level::ALL.len(), 6);
    assert_eq!(Level::ALL[5].name(), "max");
    for (i, l) in Level::ALL.iter().enumerate() {
        assert_eq!(l.number() as usize, i + 1);
        assert!(!l.description().is_empty());
    }
    let game = Game::new(single());
    let scores = rajapasu_ai::analyze_with(&mut Searcher::new(14), &game, &depth(3));
    assert_eq!(scores.len(), 7);
    assert!(scores.windows(2).all(|w| w[0].score >= w[1].score));
    let mut over = Game::from_code("0,0,0,0,0,1,0/0,2,0,0,0,0,0 S 60 35", single()).unwrap();
    over.play(mv(6));
    assert!(choose_move(&over, level(1), 0).is_none());
    assert!(rajapasu_ai::analyze(&over, std::time::Duration::from_millis(1)).is_empty());
}

#[test]
fn baseline_players_play_legal_games_to_the_end() {
    for spec in [
        "random",
        "greedy",
        "ab:2",
        "mcts:iterations=200",
        "level:1",
        "search:depth=3",
    ] {
        let s: Spec = spec.parse().unwrap();
        let mut south = s.build(single(), 1).unwrap();
        let mut north: Box<dyn Player> = "greedy"
            .parse::<Spec>()
            .unwrap()
            .build(single(), 2)
            .unwrap();
        let mut game = Game::new(single());
        while !game.status().is_over() {
            let p = if game.position().to_move() == Side::South {
                &mut south
            } else {
                &mut north
            };
            let m = p.choose(&game).unwrap();
            game.try_play(m).unwrap();
        }
    }
    for bad in [
        "level:9",
        "ab",
        "ab:x",
        "cmd:",
        "foo",
        "search:depth",
        "level:3,colour=red",
    ] {
        assert!(bad.parse::<Spec>().is_err(), "{bad}");
    }
}

#[test]
fn match_play_crosses_round_ends() {
    // The last move of round 1 refills the board; South leads round 2 and must see it.
    let game = Game::from_code("0,0,0,0,0,1,0/0,2,0,0,0,0,0 S 60 35", Rules::default()).unwrap();
    let r = Searcher::new(14)
        .search(&game, &depth(4), SearchOptions::EVERY_MOVE, |_| {})
        .unwrap();
    assert_eq!(r.best(), mv(6));
    assert_eq!(r.depth, 4);
    assert!(r.moves[0].pv.len() >= 2, "{:?}", r.moves[0].pv);
}

#[test]
fn matches_between_deterministic_players_end() {
    // Without the rule on repeated round starts such matches could cycle forever.
    let spec: Spec = "search:depth=3".parse().unwrap();
    let rules = Rules::default();
    let mut players = BySide::new(spec.build(rules, 1).unwrap(), spec.build(rules, 2).unwrap());
    let o = rajapasu_ai::arena::play_game(Game::new(rules), &mut players);
    // Depth-3 searches repeat the same two rounds from round 3 on.
    assert!(o.drawn_by_match_repetition());
    assert_eq!(o.winner, None);
}

#[test]
fn proving_agrees_with_brute_force_on_the_outcome() {
    use rajapasu_ai::search::Proven;
    let mut rng = Rng::new(23);
    let mut checked = 0;
    let mut tries = 0;
    while checked < 10 && tries < 400 {
        tries += 1;
        let Some((game, truth)) = small_endgame(&mut rng, 8) else {
            continue;
        };
        let proof = Searcher::new(16).prove(&game, &Limits::default()).unwrap();
        let expected = match truth.tenths().signum() {
            1 => Proven::Win,
            -1 => Proven::Loss,
            _ => Proven::Draw,
        };
        assert_eq!(proof.outcome, Some(expected), "{}", game.position());
        checked += 1;
    }
    assert!(checked >= 5, "only {checked} positions checked");
}

#[test]
fn a_level_with_a_margin_varies_among_equal_moves_only() {
    // From the start every move of South is searched; with a margin the level picks among the
    // moves within it of the best, and their scores are exact.
    let game = Game::new(single());
    let mut p = level(4).params();
    p.depth = Some(5);
    for seed in 0..12 {
        let mut s = Searcher::new(16);
        let c = choose_with(&mut s, &game, &p, seed).unwrap();
        let exact = rajapasu_ai::analyze_with(&mut Searcher::new(16), &game, &depth(5));
        let best = exact[0].score;
        let mine = exact.iter().find(|m| m.mv == c.mv).unwrap().score;
        // Public scores are rounded to whole counters: within a margin of one counter.
        assert!(
            mine >= best - 1,
            "seed {seed}: {} scores {mine}, best {best}",
            c.mv
        );
    }
    // A level without a margin always plays the same move.
    let mut q = p;
    q.margin = 0;
    let first = choose_with(&mut Searcher::new(16), &game, &q, 0)
        .unwrap()
        .mv;
    for seed in 1..10 {
        assert_eq!(
            choose_with(&mut Searcher::new(16), &game, &q, seed)
                .unwrap()
                .mv,
            first
        );
    }
    // The forced capture is still found whatever the seed.
    let tactic = Game::from_code("1,0,0,0,0,1,0/0,30,5,5,5,5,5 S 21 20", single()).unwrap();
    for seed in 0..10 {
        assert_eq!(
            choose_with(&mut Searcher::new(16), &tactic, &p, seed)
                .unwrap()
                .mv,
            mv(6)
        );
    }
}

#[test]
fn a_ladder_pairs_each_player_with_the_next_only() {
    let games = rajapasu_ai::arena::ladder(4, 3, 1);
    assert_eq!(games.len(), 3 * 3 * 2);
    for g in &games {
        assert_eq!((g.south as i64 - g.north as i64).abs(), 1);
    }
    assert_eq!(rajapasu_ai::arena::round_robin(4, 3, 1).len(), 6 * 3 * 2);
}
