//! Search correctness: tactics, exact solving against brute force, every level's legality.

mod common;

use rajapasu_ai::player::Player;
use rajapasu_ai::players::PlainAlphaBeta;
use rajapasu_ai::search::{Score, SearchOptions, Searcher};
use rajapasu_ai::spec::Spec;
use rajapasu_ai::{choose_move, choose_with, Level, Limits};
use rajapasu_engine::rng::Rng;
use rajapasu_engine::{Game, Move, Rules, Side};

fn single() -> Rules {
    Rules::default().single_round()
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
            .search(&game, &Limits::depth(d), SearchOptions::BEST_MOVE, |_| {})
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
            .search(&game, &Limits::depth(d), SearchOptions::BEST_MOVE, |_| {})
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

/// Single rounds played at random until at most `on_board` counters are left, with their
/// values by brute force, scored like the search (`±WIN + margin`, 0 drawn): up to `wanted` of
/// them, from 400 tries (a round may end first, or need too many nodes), and no fewer than
/// `at_least`.
fn small_endgames(seed: u64, on_board: u32, wanted: usize, at_least: usize) -> Vec<(Game, Score)> {
    let mut rng = Rng::new(seed);
    let mut found = Vec::new();
    for _ in 0..400 {
        if found.len() == wanted {
            break;
        }
        let mut game = Game::new(single());
        while !game.status().is_over() && game.position().on_board() > on_board {
            let ms = game.legal_moves();
            game.play(ms[rng.below(ms.len())]);
        }
        if game.status().is_over() {
            continue;
        }
        let mut budget = 20_000;
        let lead = common::lead(&game, game.position().to_move());
        if let Some(v) = common::real_value(&mut game.clone(), -200, 200, &mut budget) {
            found.push((game, Score::margin(lead + v)));
        }
    }
    assert!(
        found.len() >= at_least,
        "only {} positions checked",
        found.len()
    );
    found
}

#[test]
fn exact_solving_matches_brute_force() {
    for (game, truth) in small_endgames(11, 7, 12, 6) {
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
    }
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
            .search(&game, &Limits::depth(4), SearchOptions::EVERY_MOVE, |_| {})
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
                // Level 7's proofs have a time budget (crates/ai/tests/perfect.rs tests them).
                p.perfect = false;
                let mut s = Searcher::new(p.table_bits.min(16));
                let c = choose_with(&mut s, &game, &p, positions).unwrap();
                assert!(game.legal_moves().contains(c.mv), "level {level}");
                assert_eq!(c.pv.first(), Some(&c.mv));
            }
        }
    }
}

/// Every public entry point, reached by its public path and seen to work, for both games
/// where both have it, one test a part: the levels, a level's move, analysis, search, proof and
/// solver, specs and players, the arena, statistics, the engine protocol, and Mandiri's
/// searches, levels and hint. An item that went missing or private fails to compile here; one
/// that stopped working fails an assertion.
mod the_public_api_is_complete {
    use super::{level, mv, single};
    use rajapasu_ai::arena::{self, Scored};
    use rajapasu_ai::mandiri::{self as three, MaxN, Mcts, Paranoid};
    use rajapasu_ai::player::{Player, PlayerError, RandomPlayer};
    use rajapasu_ai::search::{SearchOptions, Searcher};
    use rajapasu_ai::solver::{Bounds, Solver};
    use rajapasu_ai::spec::{Kind, MandiriSpec, Playable, Spec};
    use rajapasu_ai::stats::{Lengths, Share, Wdl};
    use rajapasu_ai::{choose_move, Level, Limits};
    use rajapasu_engine::{mandiri, Game, Position};

    fn three_rules() -> mandiri::Rules {
        "mandiri/mode=round".parse().unwrap()
    }

    /// A position where South's 6 wins the round by 3, and the game after it.
    fn won_by_three() -> (Position, Game) {
        let mut over = Game::from_code("0,0,0,0,0,1,0/0,2,0,0,0,0,0 S 60 35", single()).unwrap();
        let position = *over.position();
        over.play(mv(6));
        (position, over)
    }

    #[test]
    fn levels_a_levels_move_and_analysis() {
        assert_eq!(Level::ALL.len(), 7);
        assert_eq!(Level::ALL[5].name(), "max");
        assert_eq!(Level::ALL[6].name(), "perfect");
        for (i, l) in Level::ALL.iter().enumerate() {
            assert_eq!(l.number() as usize, i + 1);
            assert!(!l.description().is_empty());
        }
        let game = Game::new(single());
        let scores = rajapasu_ai::analyze_with(&mut Searcher::new(14), &game, &Limits::depth(3));
        assert_eq!(scores.len(), 7);
        assert!(scores.windows(2).all(|w| w[0].score >= w[1].score));
        let (_, over) = won_by_three();
        assert!(choose_move(&over, level(1), 0).is_none());
        assert!(rajapasu_ai::analyze(&over, std::time::Duration::from_millis(1)).is_empty());
        let c = choose_move(&game, level(1), 0).unwrap();
        assert!(game.legal_moves().contains(c.mv));
    }

    #[test]
    fn search_proof_and_solver() {
        // The position before South's last move is won by 3.
        let (position, _) = won_by_three();
        let end = Game::from_position(position);
        let r = Searcher::new(14)
            .search(&end, &Limits::depth(4), SearchOptions::EVERY_MOVE, |_| {})
            .unwrap();
        assert!(r.exact && rajapasu_ai::is_decided(r.score()), "{r:?}");
        let proof = Searcher::new(14).prove(&end, &Limits::default()).unwrap();
        assert_eq!(proof.outcome, Some(rajapasu_ai::search::Proven::Win));
        let solved = Solver::new(14).solve(&position, &Limits::default());
        assert_eq!(solved.bounds, Bounds { lower: 3, upper: 3 });
    }

    /// Each of `specs` builds a player of `G` that plays a legal move; so does the random
    /// player, and an unknown name is refused.
    fn plays<G: Playable>(specs: &[&str], rules: G::Rules) {
        let game = G::new(rules);
        for text in specs {
            let spec: rajapasu_ai::spec::PlayerSpec<G> = text.parse().unwrap();
            let mv = spec.build(rules, 1).unwrap().choose(&game).unwrap();
            assert!(game.legal_moves().contains(&mv), "{text}");
        }
        let mv = RandomPlayer::new(1).choose(&game).unwrap();
        assert!(game.legal_moves().contains(&mv));
        assert!("nobody"
            .parse::<rajapasu_ai::spec::PlayerSpec<G>>()
            .is_err());
    }

    #[test]
    fn specs_and_players_of_both_games_and_their_errors() {
        let two = [
            "level:1",
            "search:depth=2",
            "ab:2",
            "mcts:50",
            "random",
            "greedy",
        ];
        plays::<Game>(&two, single());
        let three = [
            "level:1",
            "paranoid:2",
            "maxn:2",
            "mcts:50",
            "random",
            "greedy",
        ];
        plays::<mandiri::Game>(&three, three_rules());
        assert_eq!(
            *"cmd:rajapasu engine".parse::<MandiriSpec>().unwrap().kind(),
            Kind::Command(vec!["rajapasu".into(), "engine".into()])
        );
        let e: PlayerError<mandiri::Game> = PlayerError::GameOver;
        assert_eq!(e.to_string(), "the game is over");
    }

    #[test]
    fn the_arena_for_two_and_three_seats() {
        // Seatings for two and three seats, one game each, many in parallel.
        assert_eq!(arena::round_robin::<Game>(3, 1, 1).len(), 3 * 2);
        assert_eq!(arena::ladder::<mandiri::Game>(4, 1, 1).len(), 2 * 6);
        let two = [
            "random".parse::<Spec>().unwrap(),
            "greedy".parse::<Spec>().unwrap(),
        ];
        let game = Game::new(single());
        let seatings = arena::round_robin::<Game>(2, 1, 5);
        let outcomes = arena::run_parallel(
            seatings.clone(),
            2,
            |s| arena::play_seating(&two, single(), game.position(), &[], s, usize::MAX),
            |_, _| {},
        );
        let names = ["random".to_string(), "greedy".to_string()];
        let table = arena::raja_pasu::tabulate(&names, &seatings, &outcomes);
        assert_eq!((table.games, table.standings.len()), (2, 2));
        assert_eq!(arena::raja_pasu::summarize(&single(), &outcomes).games, 2);
        let trio: Vec<MandiriSpec> = ["random", "greedy", "level:1"]
            .iter()
            .map(|t| t.parse().unwrap())
            .collect();
        let rules = three_rules();
        let start = mandiri::Game::new(rules);
        let openings = <mandiri::Game as Playable>::tournament_openings(&start, 1, 2, 3);
        let seatings = arena::round_robin::<mandiri::Game>(3, 1, 3);
        let games: Vec<_> = seatings
            .iter()
            .map(|s| arena::play_seating(&trio, rules, start.position(), &openings[0], s, 5000))
            .collect();
        let names: Vec<String> = trio.iter().map(|s| s.label.clone()).collect();
        let standings = arena::mandiri::standings(&names, &games, &seatings);
        assert_eq!(standings.iter().map(|s| s.rounds).sum::<usize>(), 6 * 3);
        assert_eq!(arena::mandiri::seat_report(&games).games, 6);
        let unstarted =
            <mandiri::Game as Scored>::unstarted(start.clone(), 0, PlayerError::GameOver);
        assert_eq!(unstarted.end, arena::mandiri::GameEnd::Forfeit);
    }

    #[test]
    fn statistics() {
        let w = Wdl {
            wins: 3,
            draws: 2,
            losses: 1,
        };
        assert_eq!((w.games(), w.points()), (6, 4.0));
        assert!(Share::of(&[1.0, 2.0, 3.0]).mean == 2.0);
        assert_eq!(Lengths::of(&[1, 3]).median, 2.0);
    }

    /// The move `rajapasu_ai::protocol::run` answers last for `input`.
    fn best_move(input: &[u8]) -> String {
        let out = super::common::protocol_output(input);
        let last = out.lines().last().unwrap_or_default();
        let best = last.strip_prefix("bestmove ");
        best.unwrap_or_else(|| panic!("no bestmove last: {out}"))
            .to_string()
    }

    #[test]
    fn the_engine_protocol_in_both_sessions() {
        // The input ends with the search: a bounded one finishes and answers.
        let best = best_move(b"go depth 2\n");
        let start = Game::new(single());
        assert!(
            start.legal_moves().contains(best.parse().unwrap()),
            "{best}"
        );
        let best = best_move(b"rules mandiri/mode=round\ngo depth 1\n");
        let start = mandiri::Game::new(three_rules());
        assert!(
            start.legal_moves().contains(&best.parse().unwrap()),
            "{best}"
        );
    }

    #[test]
    fn mandiris_searches_levels_and_hint() {
        let g = mandiri::Game::new(three_rules());
        let legal = g.legal_moves();
        let p = Paranoid::new(Limits::depth(2), None).search(&g).unwrap();
        let m = MaxN::new(Limits::depth(2), None).search(&g).unwrap();
        let t = Mcts::new(Limits::default().with_nodes(50), 1)
            .search(&g)
            .unwrap();
        assert!([p.best, m.best, t].iter().all(|mv| legal.contains(mv)));
        let l = three::level_player(Level::MIN, 1).choose(&g).unwrap();
        assert!(legal.contains(&l));
        assert!(legal.contains(&three::hint(&g, None).unwrap().best));
    }
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
        .search(&game, &Limits::depth(4), SearchOptions::EVERY_MOVE, |_| {})
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
    let mut players = [spec.build(rules, 1).unwrap(), spec.build(rules, 2).unwrap()];
    let o = rajapasu_ai::arena::raja_pasu::play_game(Game::new(rules), &mut players);
    // Depth-3 searches repeat the same two rounds from round 3 on.
    assert!(o.drawn_by_match_repetition());
    assert_eq!(o.winner, None);
}

#[test]
fn proving_agrees_with_brute_force_on_the_outcome() {
    use rajapasu_ai::search::Proven;
    for (game, truth) in small_endgames(23, 8, 10, 5) {
        let proof = Searcher::new(16).prove(&game, &Limits::default()).unwrap();
        let expected = match truth.tenths().signum() {
            1 => Proven::Win,
            -1 => Proven::Loss,
            _ => Proven::Draw,
        };
        assert_eq!(proof.outcome, Some(expected), "{}", game.position());
    }
}

#[test]
fn a_level_with_a_margin_varies_among_equal_moves_only() {
    // From the start every move of South is searched; with a margin the level picks among the
    // moves within it of the best, and their scores are exact.
    let game = Game::new(single());
    let mut p = level(4).params();
    p.depth = Some(5);
    // The depth alone ends the search, whatever the machine's load: under the level's time a
    // busy machine would stop it before depth 5, and its scores would not be those compared.
    p.movetime = std::time::Duration::from_secs(3600);
    for seed in 0..12 {
        let mut s = Searcher::new(16);
        let c = choose_with(&mut s, &game, &p, seed).unwrap();
        let exact = rajapasu_ai::analyze_with(&mut Searcher::new(16), &game, &Limits::depth(5));
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
    let games = rajapasu_ai::arena::ladder::<Game>(4, 3, 1);
    assert_eq!(games.len(), 3 * 3 * 2);
    for g in &games {
        assert_eq!((g.entrants[0] as i64 - g.entrants[1] as i64).abs(), 1);
    }
    assert_eq!(
        rajapasu_ai::arena::round_robin::<Game>(4, 3, 1).len(),
        6 * 3 * 2
    );
}
