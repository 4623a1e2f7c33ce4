//! The principal match against the solved table and the engine: on small boards, from every
//! round start the table proves won in an exact number of rounds, the winner's certificate is
//! written and its principal match played out. The loser's longest hold-out inside the
//! certificate's graph is the table's number of rounds (the loser holds out that long against
//! any strategy, and the certificate allows no more); the line ends in the table's winner's
//! match win; and every round, replayed move by move by a fresh `Game`, ends where the line
//! says, with its captures, its remainder and the next round start.

use rajapasu_ai::certify::{certify_match, principal_match, CertifyOptions, PrincipalMatch};
use rajapasu_ai::match_solver::fixpoint::{solve_match, MatchOptions, MatchValue};
use rajapasu_ai::solver::Solver;
use rajapasu_engine::{Game, Position, RoundEnd, RoundOutcome, RoundStart, Rules, Side, Status};

/// Replays `line` from `first` with the engine alone and checks each round against it.
fn replay(first: RoundStart, line: &PrincipalMatch) {
    let number = line.rounds[0].number;
    let mut game = Game::from_position(first.position(number).unwrap());
    for (i, r) in line.rounds.iter().enumerate() {
        assert_eq!(*game.position(), r.start.position(r.number).unwrap());
        assert_eq!(r.number, number + i as u32);
        let done = game.rounds().len();
        for (k, &mv) in r.moves.iter().enumerate() {
            assert_eq!(game.rounds().len(), done, "round {} ended early", r.number);
            let before = *game.position();
            game.try_play(mv).unwrap();
            if k + 1 == r.moves.len() && r.ended_by == RoundEnd::NoMoves {
                // Rule 8(a): the player who still had a move took the rest.
                let mut after = before;
                after.play(mv);
                assert!(!after.has_moves());
                assert_eq!(r.remainder, Some((!after.to_move(), after.on_board())));
            }
        }
        assert_eq!(
            game.rounds().len(),
            done + 1,
            "round {} did not end",
            r.number
        );
        let result = game.rounds()[done];
        assert_eq!(result.captured.map(u32::from), r.captured);
        assert_eq!(result.ended_by, r.ended_by);
        assert_eq!(game.round_outcome(), Some(r.outcome));
        // The ranks fall at every round: no round start comes twice.
        if i > 0 {
            assert!(r.rank < line.rounds[i - 1].rank);
        }
        assert!(r.held <= r.rank);
    }
    assert_eq!(
        game.status(),
        Status::MatchOver {
            winner: Some(line.winner)
        }
    );
}

/// Every exact win of the solved match under `rules`: the principal match's figures.
/// Returns (wins, lines as long as the table's rounds).
fn check_rules(rules: &str) -> (usize, usize) {
    let rules: Rules = rules.parse().unwrap();
    let table = solve_match(rules, &MatchOptions::default(), &mut |_| {});
    let (mut wins, mut full) = (0, 0);
    for (start, v) in table.iter() {
        let Some(MatchValue::Win { winner, rounds }) = v.exact() else {
            continue;
        };
        let cert =
            certify_match(table.iter(), start, &CertifyOptions::default(), &mut |_| {}).unwrap();
        let line = principal_match(&cert, &mut Solver::new(16)).unwrap();
        assert_eq!(line.winner, winner, "{rules} {start:?}");
        assert_eq!(line.rounds[0].start, start);
        assert_eq!(line.rounds[0].rank, rounds);
        // The loser's longest hold-out inside the certificate is the table's number of rounds.
        assert_eq!(line.rounds[0].held, rounds, "{rules} {start:?}");
        assert!(line.rounds.len() as u32 <= rounds);
        assert_eq!(
            line.rounds.last().unwrap().outcome,
            RoundOutcome::MatchWon(winner)
        );
        replay(start, &line);
        wins += 1;
        if line.rounds.len() as u32 == rounds {
            full += 1;
        }
    }
    (wins, full)
}

#[test]
fn the_principal_match_holds_out_as_long_as_the_table_says() {
    for rules in [
        "canonical/holes=3,counters=1",
        "canonical/holes=3,counters=2",
        "canonical/holes=4,counters=1",
        "canonical/holes=3,counters=2,leader=loser",
    ] {
        let (wins, full) = check_rules(rules);
        assert!(wins > 0, "{rules}");
        assert_eq!(full, wins, "{rules}: lines shorter than the table's rounds");
    }
}

#[test]
fn the_canonical_start_of_a_small_board_lasts_the_tables_rounds() {
    // South holds 6 of 12 and leads: the 2 x 3 board's start with two counters a hole.
    let rules: Rules = "canonical/holes=3,counters=2".parse().unwrap();
    let table = solve_match(rules, &MatchOptions::default(), &mut |_| {});
    let start = RoundStart::new(rules, 6, Side::South).unwrap();
    let v = table.iter().find(|(r, _)| *r == start).unwrap().1;
    let Some(MatchValue::Win { rounds, .. }) = v.exact() else {
        panic!("the start's value is {v}");
    };
    let cert = certify_match(table.iter(), start, &CertifyOptions::default(), &mut |_| {}).unwrap();
    let line = principal_match(&cert, &mut Solver::new(16)).unwrap();
    assert_eq!(line.rounds.len() as u32, rounds);
    // The board's start is the match's first round.
    assert_eq!(start.position(1).unwrap(), Position::start(rules));
    assert_eq!(line.rounds[0].number, 1);
    replay(start, &line);
}
