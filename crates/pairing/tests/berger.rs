//! Round-robin schedules against the Berger tables as published (FIDE Handbook C.05, Annex 1,
//! "Berger Tables for Round-Robin Tournaments"), written out by hand with players numbered
//! from 1 and the leading player first, and properties for every size from 3 to 12.

use rajapasu_pairing::berger::{round_robin, Cycles};
use rajapasu_pairing::{Pairing, PairingError, Round};

/// The published table: one string per round, games "a-b" with `a` leading, board 1 first.
/// With an odd number of players the table for one more is used, and the game against the
/// missing player is a bye.
fn table(rounds: &[&str], players: usize) -> Vec<Round> {
    rounds
        .iter()
        .map(|r| {
            let mut round = Round::default();
            for game in r.split_whitespace() {
                let (a, b) = game.split_once('-').unwrap();
                let (a, b): (usize, usize) = (a.parse().unwrap(), b.parse().unwrap());
                if b > players {
                    round.byes.push(a - 1);
                } else if a > players {
                    round.byes.push(b - 1);
                } else {
                    round.games.push(Pairing::new(a - 1, b - 1));
                }
            }
            round
        })
        .collect()
}

const FOUR: [&str; 3] = ["1-4 2-3", "4-3 1-2", "2-4 3-1"];

const SIX: [&str; 5] = [
    "1-6 2-5 3-4",
    "6-4 5-3 1-2",
    "2-6 3-1 4-5",
    "6-5 1-4 2-3",
    "3-6 4-2 5-1",
];

const EIGHT: [&str; 7] = [
    "1-8 2-7 3-6 4-5",
    "8-5 6-4 7-3 1-2",
    "2-8 3-1 4-7 5-6",
    "8-6 7-5 1-4 2-3",
    "3-8 4-2 5-1 6-7",
    "8-7 1-6 2-5 3-4",
    "4-8 5-3 6-2 7-1",
];

const TEN: [&str; 9] = [
    "1-10 2-9 3-8 4-7 5-6",
    "10-6 7-5 8-4 9-3 1-2",
    "2-10 3-1 4-9 5-8 6-7",
    "10-7 8-6 9-5 1-4 2-3",
    "3-10 4-2 5-1 6-9 7-8",
    "10-8 9-7 1-6 2-5 3-4",
    "4-10 5-3 6-2 7-1 8-9",
    "10-9 1-8 2-7 3-6 4-5",
    "5-10 6-4 7-3 8-2 9-1",
];

const TWELVE: [&str; 11] = [
    "1-12 2-11 3-10 4-9 5-8 6-7",
    "12-7 8-6 9-5 10-4 11-3 1-2",
    "2-12 3-1 4-11 5-10 6-9 7-8",
    "12-8 9-7 10-6 11-5 1-4 2-3",
    "3-12 4-2 5-1 6-11 7-10 8-9",
    "12-9 10-8 11-7 1-6 2-5 3-4",
    "4-12 5-3 6-2 7-1 8-11 9-10",
    "12-10 11-9 1-8 2-7 3-6 4-5",
    "5-12 6-4 7-3 8-2 9-1 10-11",
    "12-11 1-10 2-9 3-8 4-7 5-6",
    "6-12 7-5 8-4 9-3 10-2 11-1",
];

#[test]
fn schedules_match_the_published_berger_tables() {
    for (players, rounds) in [
        (3, &FOUR[..]),
        (4, &FOUR[..]),
        (5, &SIX[..]),
        (6, &SIX[..]),
        (7, &EIGHT[..]),
        (8, &EIGHT[..]),
        (9, &TEN[..]),
        (10, &TEN[..]),
        (11, &TWELVE[..]),
        (12, &TWELVE[..]),
    ] {
        assert_eq!(
            round_robin(players, Cycles::Single).unwrap(),
            table(rounds, players),
            "{players} players"
        );
    }
}

#[test]
fn five_players_have_one_bye_a_round_as_in_the_table_for_six() {
    // Written out: the player who would meet 6 sits out.
    let five = round_robin(5, Cycles::Single).unwrap();
    let byes: Vec<Vec<usize>> = five.iter().map(|r| r.byes.clone()).collect();
    // Numbers from 1: 1, 4, 2, 5, 3.
    assert_eq!(byes, [[0], [3], [1], [4], [2]]);
    assert_eq!(five[1].games, [Pairing::new(4, 2), Pairing::new(0, 1)]);
}

#[test]
fn the_second_cycle_swaps_every_lead() {
    for players in 3..=12 {
        let single = round_robin(players, Cycles::Single).unwrap();
        let double = round_robin(players, Cycles::Double).unwrap();
        assert_eq!(double.len(), 2 * single.len());
        assert_eq!(double[..single.len()], single[..]);
        for (a, b) in single.iter().zip(&double[single.len()..]) {
            let swapped: Vec<Pairing> = a.games.iter().map(|g| g.swapped()).collect();
            assert_eq!(b.games, swapped);
            assert_eq!(b.byes, a.byes);
        }
    }
}

/// Checks one cycle of `players`: everyone meets everyone exactly once, everyone plays or
/// sits out once a round, at most one bye a round (one exactly when odd, each player once),
/// and each player leads as often as they answer, give or take one.
fn check_cycle(players: usize, rounds: &[Round]) {
    let n = players + players % 2;
    assert_eq!(rounds.len(), n - 1, "{players} players");
    let mut met = vec![vec![0; players]; players];
    let mut leads = vec![0i32; players];
    let mut byes = vec![0; players];
    for r in rounds {
        r.check(players, 0).unwrap();
        assert_eq!(r.byes.len(), players % 2, "{players} players: {r:?}");
        assert_eq!(2 * r.games.len() + r.byes.len(), players);
        for g in &r.games {
            met[g.first][g.second] += 1;
            met[g.second][g.first] += 1;
            leads[g.first] += 1;
            leads[g.second] -= 1;
        }
        for &b in &r.byes {
            byes[b] += 1;
        }
    }
    for a in 0..players {
        for (b, &times) in met[a].iter().enumerate() {
            assert_eq!(times, usize::from(a != b), "{players} players: {a} and {b}");
        }
        assert!(
            leads[a].abs() <= 1,
            "{players} players: {a} leads {}",
            leads[a]
        );
        assert_eq!(byes[a], players % 2);
    }
}

#[test]
fn every_size_from_3_to_12_meets_once_a_cycle_with_balanced_leads() {
    for players in 3..=12 {
        let single = round_robin(players, Cycles::Single).unwrap();
        check_cycle(players, &single);
        let double = round_robin(players, Cycles::Double).unwrap();
        let (first, second) = double.split_at(single.len());
        check_cycle(players, first);
        check_cycle(players, second);
        // Over both cycles each pair meets twice, each of the two leading once.
        let mut led = std::collections::HashSet::new();
        for g in double.iter().flat_map(|r| &r.games) {
            assert!(
                led.insert((g.first, g.second)),
                "{players} players: {g:?} twice"
            );
        }
        assert_eq!(led.len(), players * (players - 1));
    }
}

#[test]
fn too_few_or_too_many_players_are_refused() {
    assert_eq!(
        round_robin(1, Cycles::Single),
        Err(PairingError::TooFewPlayers {
            players: 1,
            needed: 2
        })
    );
    assert!(matches!(
        round_robin(100_000, Cycles::Double),
        Err(PairingError::TooManyPlayers { .. })
    ));
    assert_eq!(round_robin(2, Cycles::Single).unwrap().len(), 1);
}
