//! Puzzles with proven solutions (docs/PUZZLES.md): the shipped set is whole, a random sample of
//! it is proven again by the solver alone (no endgame table) on every run, its lines list every
//! equally good defence, themes match the trace on hand-made positions, and a puzzle whose
//! claims are changed is refused.

use rajapasu_ai::puzzles::{
    check, embedded, puzzle_at, puzzle_id, puzzles_of, read_lines, themes, unique_best, CheckError,
    Prover, Puzzle, Settings, Step, Tally, Theme,
};
use rajapasu_ai::solver::{exact_key, gain, Solver};
use rajapasu_ai::Limits;
use rajapasu_engine::rng::Rng;
use rajapasu_engine::{Game, Move, Rules};
use std::collections::HashSet;

fn round() -> Rules {
    Rules::default().single_round()
}

/// The solver's budget for one move of the sample: far more than any sampled position needs.
const NODES: u64 = 50_000_000;
/// The sample is drawn from the puzzles with at most this many counters on the board, whose
/// proofs take a moment without the table even in an unoptimised build.
const SAMPLE_COUNTERS: u32 = 10;
/// Puzzles in the sample.
const SAMPLE: usize = 6;

/// A sample drawn anew on every run (its seed is printed, so a failure can be repeated with
/// PUZZLE_SEED).
fn sample(filter: impl Fn(&Puzzle) -> bool, n: usize) -> Vec<&'static Puzzle> {
    let seed = std::env::var("PUZZLE_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(1, |d| d.as_nanos() as u64)
        });
    println!("sample seed {seed} (PUZZLE_SEED={seed} repeats it)");
    let mut pool: Vec<&Puzzle> = embedded().iter().filter(|p| filter(p)).collect();
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    while out.len() < n && !pool.is_empty() {
        out.push(pool.swap_remove(rng.below(pool.len())));
    }
    out
}

fn counters(p: &Puzzle) -> u32 {
    p.game().unwrap().position().on_board()
}

/// Each legal move's final capture difference for the player to move, proven by the solver
/// alone, move by move, without the puzzle module.
fn proven_by_solver(game: &Game) -> Vec<Option<i32>> {
    let mut solver = Solver::new(20);
    let pos = *game.position();
    let me = pos.to_move();
    (1..=7u8)
        .map(|n| {
            let m = Move::new(n).unwrap();
            if !game.legal_moves().contains(m) {
                return None;
            }
            let mut g = game.clone();
            g.play(m);
            if g.status().is_over() {
                let r = g.rounds().last().unwrap();
                return Some(r.captured[me] as i32 - r.captured[!me] as i32);
            }
            let after = *g.position();
            let b = solver
                .solve(
                    &after,
                    &Limits {
                        nodes: Some(NODES),
                        ..Limits::default()
                    },
                )
                .bounds
                .after(gain(&pos, &after, me));
            let v = b
                .exact()
                .unwrap_or_else(|| panic!("move {n} of {pos} not proven: {b:?}"));
            Some(pos.lead(me) + v)
        })
        .collect()
}

#[test]
fn the_shipped_set_is_whole() {
    let set = embedded();
    let canonical = set
        .iter()
        .filter(|p| !p.themes.contains(&Theme::ClosedHoles))
        .count();
    let closed = set.len() - canonical;
    assert!(
        canonical >= 5_000,
        "{canonical} puzzles without closed holes"
    );
    assert!(closed >= 200, "{closed} puzzles with closed holes");
    let ids: HashSet<&str> = set.iter().map(|p| p.id.as_str()).collect();
    assert_eq!(ids.len(), set.len(), "ids are unique");
    let keys: HashSet<[u64; 2]> = set
        .iter()
        .map(|p| exact_key(p.game().unwrap().position()).unwrap())
        .collect();
    assert_eq!(keys.len(), set.len(), "each position once");
    for p in set {
        assert_eq!(p.rules, "canonical/mode=round");
        assert_eq!(p.margin_asked, 2, "{}", p.id);
        assert!(p.margin >= p.margin_asked, "{}: margin {}", p.id, p.margin);
        assert!((1..=5).contains(&p.solution.depth()), "{}", p.id);
        assert_eq!(p.easy, p.greedy.contains(&p.solution.mv), "{}", p.id);
    }
}

#[test]
fn a_sample_has_its_key_move_proven_the_unique_best_by_the_solver_alone() {
    for p in sample(|p| counters(p) <= SAMPLE_COUNTERS, SAMPLE) {
        let game = p.game().unwrap();
        let values = proven_by_solver(&game);
        assert_eq!(values, p.solution.values, "{}: {}", p.id, p.position);
        let best = values[usize::from(p.solution.mv) - 1].unwrap();
        for (i, v) in values.iter().enumerate() {
            if let Some(v) = v {
                if i + 1 != usize::from(p.solution.mv) {
                    assert!(
                        best - v >= p.margin,
                        "{}: move {} is within the margin",
                        p.id,
                        i + 1
                    );
                }
            }
        }
    }
}

#[test]
fn a_sample_is_proven_again_whole_without_the_table() {
    let mut prover = Prover::new(None, NODES);
    for p in sample(
        |p| counters(p) <= SAMPLE_COUNTERS && p.solution.depth() > 1,
        SAMPLE / 2,
    ) {
        check(p, &mut prover).unwrap_or_else(|e| panic!("{}: {e}", p.id));
    }
}

#[test]
fn lines_list_every_equally_good_defence() {
    let mut seen = 0;
    for p in sample(
        |p| counters(p) <= SAMPLE_COUNTERS && p.solution.defences.len() >= 2,
        3,
    ) {
        seen += 1;
        let mut after = p.game().unwrap();
        after.play(Move::new(p.solution.mv).unwrap());
        let replies = proven_by_solver(&after);
        let top = replies.iter().flatten().max().copied();
        let best: Vec<u8> = (1..=7u8)
            .filter(|&n| {
                replies[usize::from(n) - 1].is_some() && replies[usize::from(n) - 1] == top
            })
            .collect();
        let listed: Vec<u8> = p.solution.defences.iter().map(|d| d.mv).collect();
        assert_eq!(listed, best, "{}", p.id);
    }
    assert!(seen > 0, "the set has puzzles with two equal defences");
}

fn step(mv: u8) -> Step {
    Step {
        mv,
        values: vec![None; 7],
        defences: vec![],
    }
}

fn themes_of(code: &str, mv: u8) -> Vec<Theme> {
    themes(&Game::from_code(code, round()).unwrap(), &step(mv))
}

#[test]
fn themes_match_the_trace_of_hand_made_positions() {
    // RULES.md example 2: relays from S4 and S7, then the 3 of N5 captured.
    assert_eq!(
        themes_of("0,1,0,2,0,0,3/0,0,1,0,3,0,2 S 40 46", 2),
        [Theme::Pussa, Theme::RelayChain, Theme::LastCounters]
    );
    // Example 3: a four in South's row for South, one relay, a pussa capture.
    let t = themes_of("2,0,3,1,0,0,2/1,0,0,0,0,0,1 S 44 44", 1);
    assert!(t.contains(&Theme::Four) && t.contains(&Theme::Pussa));
    assert!(!t.contains(&Theme::RelayChain));
    // Example 5: round 2 with closed holes, an endless sowing; the fours go to North.
    let t = themes_of("x,x,x,x,x,x,8/1,0,3,1,0,3,1 S 5 40 3 33 2", 7);
    assert!(t.contains(&Theme::Endless) && t.contains(&Theme::ClosedHoles));
    assert!(!t.contains(&Theme::Four));
    // Example 6: North is left with no move.
    assert_eq!(
        themes_of("0,0,0,0,0,1,0/0,2,0,0,0,0,0 S 60 35", 6),
        [Theme::Pussa, Theme::RoundEnd, Theme::LastCounters]
    );
    // Example 4 with a second move: S7 makes N1 a four for North, S4 takes the 9 of S7.
    // (13 counters: more than the last ones. S7's lap ends in S2 and takes the 1 of S4.)
    assert_eq!(
        themes_of("0,0,0,1,0,0,9/3,0,0,0,0,0,0 S 42 43", 4),
        [Theme::Pussa, Theme::AvoidFour]
    );
    assert_eq!(
        themes_of("0,0,0,1,0,0,9/3,0,0,0,0,0,0 S 42 43", 7),
        [Theme::Pussa]
    );
    // A position with more counters on the board is not of the last counters.
    assert!(!themes_of("7,7,7,7,7,7,7/7,7,7,7,7,7,7 S 0 0", 1).contains(&Theme::LastCounters));
}

#[test]
fn the_endless_and_repetition_themes_match_the_trace() {
    // RULES.md example 5 (a round with closed holes, taken alone): S7 sows without end. No
    // move of the start position does.
    let t = themes_of("x,x,x,x,x,x,8/1,0,3,1,0,3,1 S 5 40 3 33 2", 7);
    assert!(t.contains(&Theme::Endless), "{t:?}");
    for mv in 1..=7 {
        assert!(!themes_of("7,7,7,7,7,7,7/7,7,7,7,7,7,7 S 0 0", mv).contains(&Theme::Endless));
    }
    // Rule 8(b): one counter in S1 and one in N1 go round the board, each player moving the
    // counter that left their own row one hole on (S1 N1 S2 N2 ... S7 N7): the start again.
    // After a second lap and thirteen moves more, South's 7 brings it back a third time.
    let code = "1,0,0,0,0,0,0/1,0,0,0,0,0,0 S 50 46";
    let lap: Vec<u8> = (1..=7).flat_map(|k| [k, k]).collect();
    let mut game = Game::from_code(code, round()).unwrap();
    for &k in lap.iter().chain(&lap[..13]) {
        game.play(Move::new(k).unwrap());
    }
    assert_eq!(
        themes(&game, &step(7)),
        [Theme::Repetition, Theme::LastCounters]
    );
    // One move earlier in the lap the position has not come back: no repetition.
    let mut game = Game::from_code(code, round()).unwrap();
    for &k in lap.iter().chain(&lap[..11]) {
        game.play(Move::new(k).unwrap());
    }
    assert_eq!(themes(&game, &step(6)), [Theme::LastCounters]);
    // Without its history the same position is a new one: its moves end nothing.
    let fresh = Game::from_code(&game.position().to_string(), round()).unwrap();
    assert_eq!(themes(&fresh, &step(6)), [Theme::LastCounters]);
}

#[test]
fn a_position_with_one_move_is_no_puzzle() {
    let game = Game::from_code("0,0,0,0,0,1,0/0,2,0,0,0,0,0 S 60 35", round()).unwrap();
    let mut prover = Prover::new(None, NODES);
    let p = puzzle_at(&game, "test", 1, &mut prover).unwrap();
    // One legal move only: no puzzle.
    assert!(p.is_none());
}

#[test]
fn a_puzzle_with_a_changed_claim_is_refused() {
    // A puzzle of five counters with two equal defences: "0,1,0,1,0,0,1/0,1,0,0,0,1,0 S 61 32".
    let p = embedded()
        .iter()
        .find(|p| p.id == "P092478fac01e")
        .expect("in the set");
    assert_eq!(p.solution.defences.len(), 2);
    let mut prover = Prover::new(None, NODES);
    check(p, &mut prover).unwrap();

    let mut q = p.clone();
    let i = q.solution.values.iter().position(Option::is_some).unwrap();
    q.solution.values[i] = q.solution.values[i].map(|v| v + 1);
    assert!(matches!(
        check(&q, &mut prover),
        Err(CheckError::Value { .. }) | Err(CheckError::NotUnique { .. })
    ));

    let mut q = p.clone();
    q.margin += 1;
    assert!(matches!(
        check(&q, &mut prover),
        Err(CheckError::Margin { .. })
    ));

    let mut q = p.clone();
    q.solution.defences.pop();
    assert!(matches!(
        check(&q, &mut prover),
        Err(CheckError::Defences { .. })
    ));

    let mut q = p.clone();
    q.easy = !q.easy;
    assert!(matches!(
        check(&q, &mut prover),
        Err(CheckError::Tags { .. })
    ));

    let mut q = p.clone();
    q.themes.push(Theme::Repetition);
    assert!(matches!(
        check(&q, &mut prover),
        Err(CheckError::Tags { .. })
    ));
}

#[test]
fn bad_lines_are_refused_with_their_line_number() {
    let p = &embedded()[0];
    let mut bad = p.clone();
    bad.solution.mv = 0;
    let text = format!("{}\n\n{}\n", p.to_line(), bad.to_line());
    let e = read_lines(&text).unwrap_err().to_string();
    assert!(e.starts_with("line 3: a solution move is not legal"), "{e}");
    let mut bad = p.clone();
    bad.position = "7,7/7,7 S 0 0".into();
    assert!(read_lines(&bad.to_line())
        .unwrap_err()
        .to_string()
        .contains("not a valid position"));
    let mut bad = p.clone();
    bad.rules = "chess".into();
    assert!(read_lines(&bad.to_line())
        .unwrap_err()
        .to_string()
        .contains("unknown rule set"));
}

#[test]
fn the_margin_decides_what_is_a_key_move() {
    let values = [Some(5), Some(3), None, Some(-2)];
    assert_eq!(unique_best(&values, 2), Some((1, 2)));
    assert_eq!(unique_best(&values, 3), None);
}

#[test]
fn a_puzzle_from_a_match_is_labelled_with_the_match_rules_and_old_labels_still_read() {
    // The shipped puzzle with closed holes of fewest counters, found in a match's fifth round
    // and labelled, as sets were then, `canonical/mode=round`.
    let shipped = embedded().iter().find(|p| p.id == "P740570c0b20d").unwrap();
    assert_eq!(shipped.rules, "canonical/mode=round");
    let code = "0,1,0,0,0,1,1/x,x,x,0,0,0,1 S 38 35 19 2 5";
    assert_eq!(shipped.position, code);
    // The same position in a game played as a match: the generator labels it `canonical`.
    let mut game = Game::from_code(code, Rules::default()).unwrap();
    game.play(Move::new(shipped.solution.mv).unwrap());
    // Its key move (S6, winning by 7 where S2 and S7 win by 5) is not clearly better: kept
    // only when asked.
    assert!(!shipped.is_clear());
    let settings = Settings {
        closed_only: true,
        keep_close: true,
        ..Settings::default()
    };
    let mut prover = Prover::new(None, NODES);
    let found = puzzles_of(&game, "test", &settings, &mut prover, &mut Tally::default());
    let [p] = &found[..] else {
        panic!("one puzzle: {found:?}")
    };
    assert_eq!(p.rules, "canonical");
    assert_eq!(p.id, puzzle_id("canonical", code));
    assert_eq!(p.position, code);
    assert_eq!(p.solution, shipped.solution);
    // Both labels read as the same round alone, and both check.
    assert_eq!(p.game().unwrap().rules(), &round());
    assert_eq!(
        p.game().unwrap().position(),
        shipped.game().unwrap().position()
    );
    check(p, &mut prover).unwrap();
    check(shipped, &mut prover).unwrap();
}

/// A game of one move from `code` (single round): its start is the one position the generator
/// tries.
fn one_move_game(code: &str, mv: u8) -> Game {
    let mut game = Game::from_code(code, round()).unwrap();
    game.play(Move::new(mv).unwrap());
    game
}

#[test]
fn the_generator_keeps_only_clearly_better_key_moves_unless_asked() {
    let mut prover = Prover::new(None, NODES);
    // S6 wins the round by 14, S2 and S5 by 12: the only best, not clearly better
    // (the shipped `Pb93fb157abbc`).
    let close = one_move_game("0,1,0,2,1,1,0/0,0,1,3,0,0,0 S 51 38", 6);
    // S2 wins by 32, S4 by 26: clearly better.
    let clear = one_move_game("0,1,0,1,0,0,1/0,1,0,0,0,1,0 S 61 32", 2);
    let keep = Settings {
        keep_close: true,
        ..Settings::default()
    };
    let mut tally = Tally::default();
    let kept = puzzles_of(&close, "close", &keep, &mut prover, &mut tally);
    assert_eq!(kept.len(), 1, "{tally:?}");
    assert_eq!((kept[0].solution.mv, kept[0].margin), (6, 2));
    assert!(!kept[0].is_clear());
    assert_eq!(kept[0].id, "Pb93fb157abbc");
    let mut tally = Tally::default();
    assert!(puzzles_of(
        &close,
        "close",
        &Settings::default(),
        &mut prover,
        &mut tally
    )
    .is_empty());
    assert_eq!((tally.tried, tally.found, tally.close_left), (1, 0, 1));
    let mut tally = Tally::default();
    let found = puzzles_of(
        &clear,
        "clear",
        &Settings::default(),
        &mut prover,
        &mut tally,
    );
    assert_eq!(found.len(), 1, "{tally:?}");
    assert!(found[0].is_clear());
    assert_eq!(tally.close_left, 0);
}

#[test]
fn the_shipped_set_has_2936_puzzles_with_a_clearly_better_key_move() {
    let set = embedded();
    let clear: Vec<&Puzzle> = set.iter().filter(|p| p.is_clear()).collect();
    assert_eq!((clear.len(), set.len()), (2_936, 5_300));
    // Clear by the result alone: a lead of 2 that wins where the next best does not, or draws
    // where it loses.
    let by_result = clear.iter().filter(|p| p.margin == 2).count();
    assert_eq!(by_result, 173);
    for p in &clear {
        let second = p.solution.second_value().unwrap();
        assert!(p.margin >= 4 || second.signum() < p.solution.best_value().unwrap().signum());
    }
}
