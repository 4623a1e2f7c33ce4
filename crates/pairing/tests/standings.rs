//! Standings and tie-breaks against crosstables worked by hand.

use rajapasu_pairing::crosstable::Crosstable;
use rajapasu_pairing::{
    standings, GameResult, Outcome, Pairing, PairingError, PlayedRound, TieBreak,
};

/// A game from 1-based numbers: `a` leads; result "1-0", "0-1", "=", or a forfeit "+:-",
/// "-:+", "-:-"; counters captured.
fn game(a: usize, b: usize, result: &str, counters: [u32; 2]) -> GameResult {
    GameResult {
        pairing: Pairing::new(a - 1, b - 1),
        outcome: match result {
            "1-0" => Outcome::FirstWins,
            "0-1" => Outcome::SecondWins,
            "+:-" => Outcome::FirstWinsByForfeit,
            "-:+" => Outcome::SecondWinsByForfeit,
            "-:-" => Outcome::DoubleForfeit,
            _ => Outcome::Draw,
        },
        counters,
    }
}

fn round(games: Vec<GameResult>, byes: &[usize]) -> PlayedRound {
    PlayedRound {
        games,
        byes: byes.iter().map(|b| b - 1).collect(),
    }
}

#[test]
fn a_round_robin_is_ordered_by_score_then_sonneborn_berger_then_counters() {
    // Four players on the Berger table for four: 1-4 2-3 / 4-3 1-2 / 2-4 3-1.
    let rounds = [
        round(
            vec![game(1, 4, "1-0", [40, 30]), game(2, 3, "1-0", [44, 26])],
            &[],
        ),
        round(
            vec![game(4, 3, "=", [35, 35]), game(1, 2, "1-0", [38, 32])],
            &[],
        ),
        round(
            vec![game(2, 4, "1-0", [41, 29]), game(3, 1, "1-0", [43, 27])],
            &[],
        ),
    ];
    // The crosstable:
    //        1    2    3    4   score
    //   1    -    1    0    1    2
    //   2    0    -    1    1    2
    //   3    1    0    -    ½    1½
    //   4    0    0    ½    -    ½
    // Sonneborn-Berger (beaten opponents' scores, half the drawn ones'):
    //   1: beat 2 (2) and 4 (½)            = 2½
    //   2: beat 3 (1½) and 4 (½)           = 2
    //   3: beat 1 (2), drew 4 (½ x ½)      = 2¼
    //   4: drew 3 (½ x 1½)                 = ¾
    // Counters: 1: 40 + 38 + 27 = 105; 2: 44 + 32 + 41 = 117; 3: 26 + 35 + 43 = 104;
    // 4: 30 + 35 + 29 = 94. 2 has more counters than 1, but Sonneborn-Berger comes first.
    let table = standings(4, &rounds, 2, &TieBreak::ROUND_ROBIN).unwrap();
    let rows: Vec<(usize, usize, f64, Vec<f64>)> = table
        .iter()
        .map(|s| (s.rank, s.player + 1, s.score, s.tie_breaks.clone()))
        .collect();
    assert_eq!(
        rows,
        [
            (1, 1, 2.0, vec![2.5, 105.0]),
            (2, 2, 2.0, vec![2.0, 117.0]),
            (3, 3, 1.5, vec![2.25, 104.0]),
            (4, 4, 0.5, vec![0.75, 94.0]),
        ]
    );
    let first = &table[0];
    assert_eq!(
        (first.games, first.wins, first.draws, first.losses),
        (3, 2, 0, 1)
    );
    // The crosstable above, row by row.
    let cross = Crosstable::new(4, &rounds).unwrap();
    let rows: Vec<Vec<String>> = (0..4)
        .map(|a| (0..4).map(|b| cross.text(a, b)).collect())
        .collect();
    assert_eq!(
        rows,
        [
            ["", "1", "0", "1"],
            ["0", "", "1", "1"],
            ["1", "0", "", "½"],
            ["0", "0", "½", ""],
        ]
    );
}

#[test]
fn a_swiss_event_is_ordered_by_score_buchholz_median_buchholz_then_counters() {
    // Five players, three rounds, a bye worth a win each round.
    let rounds = [
        round(
            vec![game(1, 4, "1-0", [45, 25]), game(2, 5, "1-0", [40, 30])],
            &[3],
        ),
        round(
            vec![game(3, 1, "=", [35, 35]), game(4, 2, "0-1", [20, 50])],
            &[5],
        ),
        round(
            vec![game(1, 2, "1-0", [41, 29]), game(5, 3, "0-1", [33, 37])],
            &[4],
        ),
    ];
    // Scores: 1: 1 + ½ + 1 = 2½; 2: 1 + 1 + 0 = 2; 3: 1 (bye) + ½ + 1 = 2½;
    // 4: 0 + 0 + 1 (bye) = 1; 5: 0 + 1 (bye) + 0 = 1.
    // Buchholz (each opponent's score; a bye adds 0):
    //   1: 4 (1) + 3 (2½) + 2 (2) = 5½       2: 5 (1) + 4 (1) + 1 (2½) = 4½
    //   3: bye + 1 (2½) + 5 (1)   = 3½       4: 1 (2½) + 2 (2) + bye   = 4½
    //   5: 2 (2) + bye + 3 (2½)   = 4½
    // Median Buchholz (without the highest and the lowest of the three):
    //   1: 1, 2, 2½ -> 2      2: 1, 1, 2½ -> 1      3: 0, 1, 2½ -> 1
    //   4: 0, 2, 2½ -> 2      5: 0, 2, 2½ -> 2
    // Counters: 1: 45 + 35 + 41 = 121; 2: 40 + 50 + 29 = 119; 3: 35 + 37 = 72;
    // 4: 25 + 20 = 45; 5: 30 + 33 = 63.
    let table = standings(5, &rounds, 2, &TieBreak::SWISS).unwrap();
    let rows: Vec<(usize, usize, f64, Vec<f64>)> = table
        .iter()
        .map(|s| (s.rank, s.player + 1, s.score, s.tie_breaks.clone()))
        .collect();
    assert_eq!(
        rows,
        [
            (1, 1, 2.5, vec![5.5, 2.0, 121.0]),
            (2, 3, 2.5, vec![3.5, 1.0, 72.0]),
            (3, 2, 2.0, vec![4.5, 1.0, 119.0]),
            (4, 5, 1.0, vec![4.5, 2.0, 63.0]),
            (5, 4, 1.0, vec![4.5, 2.0, 45.0]),
        ]
    );
    // Without the counters, 4 and 5 are tied on everything and share fourth place, listed
    // by number.
    let table = standings(
        5,
        &rounds,
        2,
        &[TieBreak::Buchholz, TieBreak::MedianBuchholz],
    )
    .unwrap();
    let ranks: Vec<(usize, usize)> = table.iter().map(|s| (s.rank, s.player + 1)).collect();
    assert_eq!(ranks, [(1, 1), (2, 3), (3, 2), (4, 4), (4, 5)]);
    // With byes worth half a point, 3 scores ½ + ½ + 1 = 2.
    let table = standings(5, &rounds, 1, &TieBreak::SWISS).unwrap();
    assert_eq!(table.iter().find(|s| s.player == 2).unwrap().score, 2.0);
}

#[test]
fn forfeits_score_as_wins_and_losses_and_are_counted() {
    // Three players, a round-robin: 1-3 played (1 wins), 2 never came against 3, and in the
    // last round neither 1 nor 2 came.
    let rounds = [
        round(vec![game(2, 3, "-:+", [0, 0])], &[1]),
        round(vec![game(3, 1, "0-1", [30, 40])], &[2]),
        round(vec![game(1, 2, "-:-", [0, 0])], &[3]),
    ];
    // Scores: 1: 1 + 0 = 1; 2: 0 + 0 = 0; 3: 1 (forfeit) + 0 = 1.
    // Sonneborn-Berger: 1 beat 3 (1) = 1; 3 beat 2 by forfeit (0) = 0; 2: 0.
    let table = standings(3, &rounds, 0, &TieBreak::ROUND_ROBIN).unwrap();
    let rows: Vec<(usize, f64, u32, u32, u32, Vec<f64>)> = table
        .iter()
        .map(|s| {
            (
                s.player + 1,
                s.score,
                s.wins,
                s.losses,
                s.forfeits,
                s.tie_breaks.clone(),
            )
        })
        .collect();
    assert_eq!(
        rows,
        [
            (1, 1.0, 1, 1, 1, vec![1.0, 40.0]),
            (3, 1.0, 1, 1, 1, vec![0.0, 30.0]),
            (2, 0.0, 0, 2, 2, vec![0.0, 0.0]),
        ]
    );
    let cross = Crosstable::new(3, &rounds).unwrap();
    assert_eq!(
        (cross.text(1, 2), cross.text(2, 1)),
        ("-".into(), "+".into())
    );
    assert_eq!(
        (cross.text(0, 1), cross.text(1, 0)),
        ("-".into(), "-".into())
    );
}

#[test]
fn a_bad_history_is_refused() {
    let rounds = [round(vec![game(1, 6, "1-0", [0, 0])], &[])];
    assert_eq!(
        standings(5, &rounds, 2, &TieBreak::SWISS),
        Err(PairingError::UnknownPlayer {
            player: 5,
            players: 5
        })
    );
    let rounds = [round(vec![game(1, 2, "1-0", [0, 0])], &[2])];
    assert_eq!(
        standings(5, &rounds, 2, &TieBreak::SWISS),
        Err(PairingError::TwiceInRound {
            player: 1,
            round: 0
        })
    );
}
