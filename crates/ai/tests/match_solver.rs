//! The match solver against the brute force over whole matches (`common::match_brute`), which
//! plays every line with the full history and shares no code with it: every round start of
//! small boards, under the options that change how a match goes on.

mod common;

use common::match_brute::{by_rounds, every_round_start, MatchValue as Brute};
use rajapasu_ai::match_solver::exact_rounds::{narrow_to_exact, ExactOptions};
use rajapasu_ai::match_solver::fixpoint::{
    solve_match, MatchOptions, MatchTable, MatchValue, Proven,
};
use rajapasu_engine::{RoundStart, Rules, Side};

const BUDGET: u64 = 50_000_000;

/// Every round start's value by the brute force, in the solver's terms.
fn brute_values(rules: Rules) -> Vec<(RoundStart, MatchValue)> {
    every_round_start(rules, BUDGET)
        .into_iter()
        .map(|(s, v)| {
            let v = match v {
                Brute::Won { winner, rounds } => MatchValue::Win { winner, rounds },
                Brute::Drawn => MatchValue::Draw,
            };
            (s, v)
        })
        .collect()
}

#[test]
fn every_round_start_has_the_brute_forces_value() {
    let mut exact = 0;
    for text in [
        "canonical/holes=3,counters=1",
        "canonical/holes=4,counters=1",
        "canonical/holes=3,counters=2",
        "canonical/holes=3,counters=3",
        "canonical/holes=3,counters=2,leader=loser",
        "canonical/holes=3,counters=2,leader=alternate",
        "canonical/holes=3,counters=2,closed=right",
        "canonical/holes=3,counters=2,fours=sower",
        "canonical/holes=4,counters=1,pussa=chain",
        "canonical/holes=3,counters=2,endless=forbid",
        // Decision 12's other readings; holes=3,counters=2 and 3 have matches that cycle
        // (decision 11's draws).
        "canonical/holes=3,counters=1,empty-board=same-leader",
        "canonical/holes=3,counters=2,empty-board=same-leader",
        "canonical/holes=3,counters=3,empty-board=same-leader",
        "canonical/holes=3,counters=2,empty-board=other-leader",
        "canonical/holes=3,counters=3,empty-board=other-leader",
    ] {
        let rules: Rules = text.parse().unwrap();
        let table = solve_match(rules, &MatchOptions::default(), &mut |_| {});
        for (start, truth) in brute_values(rules) {
            let proven = table.value(start);
            // The bounds always hold the true value; where they meet, it is the value.
            assert!(
                proven.worst.score() <= truth.score() && truth.score() <= proven.best.score(),
                "{text} {start:?}: {proven} does not hold {truth}"
            );
            if let Some(v) = proven.exact() {
                assert_eq!(v, truth, "{text} {start:?}");
                exact += 1;
            }
        }
    }
    // Small boards leave no round test to repetitions: every value is exact.
    assert_eq!(
        exact,
        10 + 14 + 18 + 26 + 18 * 4 + 14 + 18 + 10 + 18 + 26 + 18 + 26
    );
}

/// Options with no round graph at all: every round answered by its counter value, and by
/// searches of the real round of at most `search_visits` positions (0: none).
fn no_graphs(search_visits: u64) -> MatchOptions {
    MatchOptions {
        graph_counters: 0,
        table_bits: 16,
        search_visits,
        ..MatchOptions::default()
    }
}

/// The match of `text` solved with `options`, and every round start's value beside the brute
/// force's.
fn beside_the_brute_force(
    text: &str,
    options: &MatchOptions,
) -> (MatchTable, Vec<(RoundStart, Proven, MatchValue)>) {
    let rules: Rules = text.parse().unwrap();
    let table = solve_match(rules, options, &mut |_| {});
    let values = brute_values(rules)
        .into_iter()
        .map(|(start, truth)| (start, table.value(start), truth))
        .collect();
    (table, values)
}

#[test]
fn counter_values_alone_bound_every_value() {
    // With no round graph at all, every round is answered from its counter value alone: the
    // bounds must still hold the brute force's value, and where they meet, be it.
    let options = no_graphs(0);
    let (mut exact, mut all) = (0, 0);
    for text in [
        "canonical/holes=3,counters=1",
        "canonical/holes=4,counters=1",
        "canonical/holes=3,counters=2",
        "canonical/holes=3,counters=3",
        "canonical/holes=3,counters=2,leader=loser",
        "canonical/holes=3,counters=3,empty-board=same-leader",
    ] {
        let (_, values) = beside_the_brute_force(text, &options);
        for (start, proven, truth) in values {
            all += 1;
            assert!(
                proven.worst.score() <= truth.score() && truth.score() <= proven.best.score(),
                "{text} {start:?}: {proven} does not hold {truth}"
            );
            if let Some(v) = proven.exact() {
                assert_eq!(v, truth, "{text} {start:?}");
                exact += 1;
            }
        }
    }
    // Counter values decide some of these boards' values (38 of the first 86), not all: the graph is
    // needed where the next leader or holdings that are not monotone decide.
    assert!(exact > 0 && exact < all, "{exact} of {all}");
}

#[test]
fn searches_of_the_real_round_settle_what_counter_values_cannot() {
    // With no round graph at all, the tests a counter value leaves open are searched in the
    // real round (docs/SOLVING.md 7.11): on these boards, whose rounds repetitions never decide,
    // every value comes out exact and the brute force's, as it does with the graphs.
    let options = no_graphs(MatchOptions::default().search_visits);
    let mut settled = 0;
    for text in [
        "canonical/holes=3,counters=1",
        "canonical/holes=4,counters=1",
        "canonical/holes=3,counters=2",
        "canonical/holes=3,counters=3",
        "canonical/holes=3,counters=2,leader=loser",
        "canonical/holes=3,counters=2,fours=sower",
        "canonical/holes=4,counters=1,pussa=chain",
        "canonical/holes=3,counters=3,empty-board=same-leader",
        "canonical/holes=3,counters=3,empty-board=other-leader",
    ] {
        let (table, values) = beside_the_brute_force(text, &options);
        for (start, proven, truth) in values {
            assert_eq!(proven.exact(), Some(truth), "{text} {start:?}: {proven}");
        }
        settled += table
            .searched
            .iter()
            .map(|(_, s)| s.settled())
            .sum::<usize>();
    }
    // The counter values alone left values between bounds on these boards (the test above).
    assert!(settled > 0);
}

#[test]
fn decision_11s_draws_are_found() {
    // holes=3,counters=2 with South holding 4 and leading: neither side can win, and the
    // brute force finds the draw that decision 11 makes of it.
    let rules: Rules = "canonical/holes=3,counters=2".parse().unwrap();
    let table = solve_match(rules, &MatchOptions::default(), &mut |_| {});
    let start = RoundStart::new(rules, 4, Side::South).unwrap();
    assert_eq!(table.value(start).exact(), Some(MatchValue::Draw));
    assert!(table.iterations >= 4);
}

/// The exact values where repetitions decide, against the brute force round by round
/// (`common::match_brute::by_rounds`): every round start's value is exact and the brute
/// force's.
fn exact_values_match_the_brute_force(text: &str) -> (usize, usize) {
    let rules: Rules = text.parse().unwrap();
    let mut table = solve_match(rules, &MatchOptions::default(), &mut |_| {});
    let open_before = table.iter().filter(|(_, v)| v.exact().is_none()).count();
    let report = narrow_to_exact(
        &mut table,
        ExactOptions {
            graph_counters: u32::MAX,
        },
    );
    assert_eq!(report.unsearched, 0, "{text}");
    let (truth, nodes) = by_rounds::every_round_start(rules, 200_000_000).unwrap();
    eprintln!(
        "{text}: {open_before} round starts between bounds before; {} round tests searched; \
         the brute force {nodes} nodes",
        report.searched.len()
    );
    for s in &report.searched {
        eprintln!(
            "  {} {}, South within {} rounds: {:?}",
            s.start.south(),
            s.start.leader(),
            s.k,
            s.answer
        );
    }
    for (start, truth) in truth {
        let truth = match truth {
            Brute::Won { winner, rounds } => MatchValue::Win { winner, rounds },
            Brute::Drawn => MatchValue::Draw,
        };
        assert_eq!(table.value(start).exact(), Some(truth), "{text} {start:?}");
    }
    (open_before, report.searched.len())
}

#[test]
fn exact_rounds_settle_the_smallest_board_where_repetitions_decide() {
    let (open, searched) =
        exact_values_match_the_brute_force("canonical/holes=4,counters=5,fours=sower");
    // The proven and the possible fixpoints leave 2 of its 62 round starts between bounds.
    assert_eq!(open, 2);
    assert!(searched > 0);
    // The next smallest, 2 x 6 with two counters a hole under `pussa=chain`: 2 of 42, its
    // round graph of 155,541 positions.
    let (open, _) = exact_values_match_the_brute_force("canonical/holes=6,counters=2,pussa=chain");
    assert_eq!(open, 2);
}

#[test]
fn exact_rounds_agree_with_the_brute_force_where_no_repetition_decides() {
    for text in [
        "canonical/holes=4,counters=1",
        "canonical/holes=3,counters=3",
        "canonical/holes=3,counters=2,fours=sower",
    ] {
        exact_values_match_the_brute_force(text);
        // The brute force round by round is the brute force over whole matches.
        let rules: Rules = text.parse().unwrap();
        let (by_rounds, _) = by_rounds::every_round_start(rules, BUDGET).unwrap();
        assert_eq!(by_rounds, every_round_start(rules, BUDGET), "{text}");
    }
}

/// The larger boards where repetitions decide (docs/SOLVING.md 7.10): minutes each. Run with
/// `cargo test -p rajapasu-ai --profile ci --test match_solver -- --ignored --nocapture`.
#[test]
#[ignore]
fn exact_rounds_settle_the_larger_boards_where_repetitions_decide() {
    let only = std::env::var("RAJAPASU_EXACT_RULES").ok();
    for (text, open) in [
        ("canonical/holes=5,counters=4", 4),
        ("canonical/holes=5,counters=4,fours=sower", 2),
        ("canonical/holes=5,counters=4,pussa=chain", 4),
        ("canonical/holes=5,counters=4,closed=right", 4),
        ("canonical/holes=5,counters=6", 4),
        ("canonical/holes=5,counters=6,closed=right", 4),
        ("canonical/holes=5,counters=6,pussa=chain", 2),
    ] {
        if only.as_deref().is_some_and(|o| o != text) {
            continue;
        }
        let started = std::time::Instant::now();
        assert_eq!(exact_values_match_the_brute_force(text).0, open, "{text}");
        eprintln!("{text}: {:.1} s", started.elapsed().as_secs_f64());
    }
}
