//! Round certificates against the truth: the proof-recording search writes the two bounds of a
//! round's value, the independent checker (`rajapasu-check`, which knows only the rules
//! engine) accepts both, and the value they pin down is the one a brute force of the real
//! round finds (plain alpha-beta with the full history, rule 8(b) applied by `Game`; `common`).
//! One counter more is never certified.

mod common;

use common::real_value;
use rajapasu_ai::certify::{certify_round, CertifyError, CertifyOptions};
use rajapasu_ai::solver::Solver;
use rajapasu_check::{check, Claim};
use rajapasu_engine::rng::Rng;
use rajapasu_engine::{Game, Position, Rules, Side};

/// The true value of the round from `pos` for South, from South's captures so far; `None` past
/// the budget.
fn truth(pos: &Position) -> Option<i32> {
    let mut budget = 1_000_000;
    let v = real_value(&mut Game::from_position(*pos), -300, 300, &mut budget)?;
    let mover = pos.to_move();
    let lead = pos.lead(mover) + v;
    Some(if mover == Side::South { lead } else { -lead })
}

/// Certifies "`prover` ends at least `margin` ahead" from `root` and checks the certificate's
/// text with the independent checker: the value the checker accepts.
fn certified(root: &Position, prover: Side, margin: i32) -> Result<i32, CertifyError> {
    let mut solver = Solver::new(16);
    let cert = certify_round(
        root,
        prover,
        margin,
        &mut solver,
        &CertifyOptions::default(),
        &mut |_| {},
    )?;
    let mut text = Vec::new();
    cert.write(&mut text).unwrap();
    let accepted = check(text.as_slice()).unwrap_or_else(|e| {
        panic!("the checker refuses the certificate of {root}, {prover} margin>={margin}: {e}")
    });
    assert_eq!(accepted.header.claim, Claim::Margin(margin));
    assert_eq!(accepted.header.prover, prover);
    assert_eq!(accepted.header.root, *root);
    assert_eq!(accepted.nodes as usize, cert.nodes());
    assert_eq!(accepted.root_value, cert.root_value());
    Ok(accepted.root_value)
}

/// Both bounds of the true value `v` (South's final margin) are certified and accepted, each
/// exactly (a strategy cannot guarantee more than the value), and one counter more is not.
fn both_bounds(root: &Position, v: i32) {
    assert_eq!(certified(root, Side::South, v), Ok(v), "South from {root}");
    assert_eq!(
        certified(root, Side::North, -v),
        Ok(-v),
        "North from {root}"
    );
    assert_eq!(
        certified(root, Side::South, v + 1),
        Err(CertifyError::NotProven { margin: v + 1 }),
        "South one more from {root}"
    );
    assert_eq!(
        certified(root, Side::North, -v + 1),
        Err(CertifyError::NotProven { margin: -v + 1 }),
        "North one more from {root}"
    );
}

#[test]
fn round_starts_of_small_boards_are_certified_at_their_brute_force_value() {
    let mut compared = 0;
    for rules in [
        "canonical/holes=2,counters=1",
        "canonical/holes=2,counters=2",
        "canonical/holes=2,counters=3",
        "canonical/holes=3,counters=1",
        "canonical/holes=3,counters=2",
        "canonical/holes=3,counters=3",
        "canonical/holes=4,counters=1",
        "canonical/holes=4,counters=2",
        "canonical/holes=3,counters=2,fours=sower",
        "canonical/holes=3,counters=2,pussa=chain",
        "canonical/holes=4,counters=1,closed=right",
    ] {
        let rules: Rules = rules.parse().unwrap();
        let root = Position::start(rules.single_round());
        let v = truth(&root).unwrap_or_else(|| panic!("brute force of {rules} within budget"));
        both_bounds(&root, v);
        compared += 1;
    }
    assert_eq!(compared, 11);
}

#[test]
fn positions_within_rounds_are_certified_at_their_brute_force_value() {
    // Random positions with few counters left, from bigger boards (the canonical one
    // included), either player to move, captures already made: the margin counts them.
    let mut rng = Rng::new(2026);
    let mut compared = 0;
    for rules in ["canonical/holes=5,counters=3", "canonical"] {
        let rules = rules.parse::<Rules>().unwrap().single_round();
        while compared < 6 || (compared < 12 && rules.holes() == 7) {
            let mut game = Game::new(rules);
            while !game.status().is_over() && game.position().on_board() > 10 {
                let moves = game.legal_moves();
                game.play(moves[rng.below(moves.len())]);
            }
            if game.status().is_over() || game.repeated_in_layer() {
                continue;
            }
            let root = *game.position();
            let Some(v) = truth(&root) else { continue };
            both_bounds(&root, v);
            compared += 1;
        }
    }
    assert_eq!(compared, 12);
}

/// Every round start that a solved match table calls a win, on small boards: the winner's
/// match certificate is written, accepted by the checker, and proves the win within exactly
/// the rounds a brute force over whole matches (both repetition rules, the full history;
/// `common::match_brute`) finds. Round starts that are no win get no certificate.
#[test]
fn match_wins_on_small_boards_are_certified_at_their_brute_force_value() {
    use common::match_brute::{round_start_value, MatchValue as Brute};
    use rajapasu_ai::certify::certify_match;
    use rajapasu_ai::match_solver::fixpoint::{solve_match, MatchOptions, MatchValue};
    let (mut wins, mut others) = (0, 0);
    for rules in [
        "canonical/holes=3,counters=1",
        "canonical/holes=3,counters=2",
        "canonical/holes=4,counters=1",
        "canonical/holes=3,counters=2,leader=loser",
        // Decision 12's `other-leader`: every round start a win, 14 of them drawn by default.
        "canonical/holes=3,counters=3,empty-board=other-leader",
    ] {
        let rules: Rules = rules.parse().unwrap();
        let table = solve_match(rules, &MatchOptions::default(), &mut |_| {});
        for (start, value) in table.iter() {
            let made = certify_match(table.iter(), start, &CertifyOptions::default(), &mut |_| {});
            let Some(MatchValue::Win { winner, rounds }) = value.exact() else {
                assert_eq!(made.unwrap_err(), CertifyError::NoMatchWin);
                others += 1;
                continue;
            };
            let mut text = Vec::new();
            made.unwrap().write(&mut text).unwrap();
            let accepted = check(text.as_slice()).unwrap_or_else(|e| {
                panic!("the checker refuses the match certificate of {start:?}: {e}")
            });
            assert_eq!(accepted.header.claim, Claim::Rounds { start, rounds });
            assert_eq!(accepted.header.prover, winner);
            assert_eq!(accepted.root_value, -(rounds as i32));
            let (truth, _) =
                round_start_value(rules, start.south(), start.leader(), 50_000_000).unwrap();
            assert_eq!(truth, Brute::Won { winner, rounds }, "{start:?}");
            wins += 1;
        }
    }
    // 86 round starts: 82 wins, and the 4 draws of `holes=3,counters=2` (with and without
    // leader=loser).
    assert_eq!((wins, others), (82, 4));
}

/// Every round start whose solved value is at worst a draw for a player, on small boards: that
/// player's no-loss certificate is written and accepted, and the brute force over whole
/// matches agrees that the player does not lose. Where the value is a loss, none is written.
#[test]
fn no_loss_on_small_boards_is_certified_where_the_brute_force_finds_no_loss() {
    use common::match_brute::{round_start_value, MatchValue as Brute};
    use rajapasu_ai::certify::certify_no_loss;
    use rajapasu_ai::match_solver::fixpoint::{solve_match, MatchOptions};
    let (mut certified, mut refused) = (0, 0);
    for rules in [
        "canonical/holes=3,counters=2",
        "canonical/holes=3,counters=3",
    ] {
        let rules: Rules = rules.parse().unwrap();
        let table = solve_match(rules, &MatchOptions::default(), &mut |_| {});
        for (start, _) in table.iter() {
            let (truth, _) =
                round_start_value(rules, start.south(), start.leader(), 50_000_000).unwrap();
            for prover in [Side::South, Side::North] {
                let options = CertifyOptions::default();
                let made = certify_no_loss(table.iter(), start, prover, &options, &mut |_| {});
                let loses = matches!(truth, Brute::Won { winner, .. } if winner != prover);
                let Ok(cert) = made else {
                    assert!(
                        loses,
                        "{start:?} {prover}: no certificate, brute force {truth:?}"
                    );
                    refused += 1;
                    continue;
                };
                assert!(
                    !loses,
                    "{start:?} {prover}: certified, brute force {truth:?}"
                );
                let mut text = Vec::new();
                cert.write(&mut text).unwrap();
                let accepted = check(text.as_slice()).unwrap_or_else(|e| {
                    panic!("the checker refuses the no-loss certificate of {start:?}: {e}")
                });
                assert_eq!(accepted.header.claim, Claim::NoLoss { start });
                assert_eq!(accepted.header.prover, prover);
                certified += 1;
            }
        }
    }
    // 44 round starts, two players each: a certificate exactly where the brute force finds no
    // loss.
    assert_eq!((certified, refused), (62, 26));
}

/// Every round start that a solved match table calls a win, on small boards (one with round
/// graphs that cycle, 2 x 4 with one counter a hole): the loser's hold-out certificate is
/// written and accepted, and claims exactly the rounds a brute force over whole matches finds;
/// paired with the winner's certificate it proves that count exactly (`rajapasu_check::exact`).
/// Round starts that are no win get none.
#[test]
fn hold_outs_on_small_boards_are_certified_at_their_brute_force_value() {
    use common::match_brute::{every_round_start, MatchValue as Brute};
    use rajapasu_ai::certify::{certify_hold_out, certify_match, MatchClaim};
    use rajapasu_ai::match_solver::fixpoint::{solve_match, MatchOptions, MatchValue};
    let accept = |cert: rajapasu_ai::certify::MatchCertificate| {
        let mut text = Vec::new();
        cert.write(&mut text).unwrap();
        check(text.as_slice())
    };
    let (mut pairs, mut others) = (0, 0);
    for rules in [
        "canonical/holes=3,counters=1",
        "canonical/holes=4,counters=1",
        "canonical/holes=3,counters=2",
        "canonical/holes=3,counters=3",
        "canonical/holes=3,counters=2,leader=loser",
        "canonical/holes=4,counters=1,pussa=chain",
        // Decision 12's `other-leader`: the 14 draws of the default reading are wins.
        "canonical/holes=3,counters=3,empty-board=other-leader",
    ] {
        let rules: Rules = rules.parse().unwrap();
        let table = solve_match(rules, &MatchOptions::default(), &mut |_| {});
        for (start, truth) in every_round_start(rules, 50_000_000) {
            let options = CertifyOptions::default();
            let made = certify_hold_out(table.iter(), start, &options, &mut |_| {});
            let Brute::Won { winner, rounds } = truth else {
                assert_eq!(made.unwrap_err(), CertifyError::NoHoldOut, "{start:?}");
                others += 1;
                continue;
            };
            assert_eq!(
                table.value(start).exact(),
                Some(MatchValue::Win { winner, rounds })
            );
            let hold = made.unwrap();
            assert_eq!(
                (hold.prover(), hold.claim()),
                (!winner, MatchClaim::HoldsOut(rounds))
            );
            let hold = accept(hold).unwrap_or_else(|e| {
                panic!("the checker refuses the hold-out certificate of {start:?}: {e}")
            });
            assert_eq!(hold.header.claim, Claim::HoldsOut { start, rounds });
            let win = certify_match(table.iter(), start, &options, &mut |_| {}).unwrap();
            let win = accept(win).unwrap();
            let exact = rajapasu_check::exact(&win, &hold).unwrap();
            assert_eq!((exact.winner, exact.rounds), (winner, rounds), "{start:?}");
            pairs += 1;
        }
    }
    // 126 round starts, 108 wins; the 18 draws get none: 4 on the 2 x 3 board with two
    // counters a hole, 14 with three.
    assert_eq!((pairs, others), (108, 18));
}
