//! Mandiri rounds: tables of three, byes, and the Raja's seat passed round.

use rajapasu_pairing::mandiri::{seat_round, MandiriRound};
use rajapasu_pairing::PairingError;

/// `rounds` rounds of `players` players ranked by number.
fn event(players: usize, rounds: usize) -> Vec<MandiriRound> {
    let ranking: Vec<usize> = (0..players).collect();
    let mut past = Vec::new();
    for _ in 0..rounds {
        let round = seat_round(players, &ranking, &past).unwrap();
        past.push(round);
    }
    past
}

#[test]
fn six_players_over_six_rounds_each_hold_the_rajas_seat_twice() {
    let rounds = event(6, 6);
    // Round 1: the two best are Rajas, the others fill in order.
    assert_eq!(rounds[0].tables, [[0, 2, 3], [1, 4, 5]]);
    // Round 2: 2 and 3 have not been Raja yet. The others fill in ranking order, 0 and 1 at
    // table one, 4 and 5 at table two, where 5 takes the right end that 4 had.
    assert_eq!(rounds[1].tables, [[2, 0, 1], [3, 5, 4]]);
    let mut rajas = [0; 6];
    for (k, r) in rounds.iter().enumerate() {
        assert!(r.byes.is_empty());
        for t in &r.tables {
            rajas[t[0]] += 1;
        }
        let (most, least) = (rajas.iter().max().unwrap(), rajas.iter().min().unwrap());
        assert!(most - least <= 1, "after round {}: {rajas:?}", k + 1);
    }
    assert_eq!(rajas, [2; 6]);
}

#[test]
fn byes_go_round_the_lowest_ranked_first() {
    // Seven players: one bye a round, the lowest-ranked without one.
    let rounds = event(7, 7);
    let byes: Vec<Vec<usize>> = rounds.iter().map(|r| r.byes.clone()).collect();
    assert_eq!(byes, [[6], [5], [4], [3], [2], [1], [0]]);
    // Eight players: two a round, each player once in four rounds.
    let rounds = event(8, 4);
    let mut byes = [0; 8];
    for r in &rounds {
        assert_eq!(r.byes.len(), 2);
        assert_eq!(r.tables.len(), 2);
        let mut seated: Vec<usize> = r.tables.iter().flatten().chain(&r.byes).copied().collect();
        seated.sort();
        assert_eq!(seated, (0..8).collect::<Vec<_>>());
        for &b in &r.byes {
            byes[b] += 1;
        }
    }
    assert_eq!(byes, [1; 8]);
}

#[test]
fn the_rajas_seat_stays_fair_for_every_size() {
    for players in 3..=13 {
        let rounds = event(players, 2 * players);
        let mut rajas = vec![0i32; players];
        let mut played = vec![0i32; players];
        for r in &rounds {
            for t in &r.tables {
                rajas[t[0]] += 1;
                for &p in t {
                    played[p] += 1;
                }
            }
        }
        // In 2n rounds the byes (n mod 3 a round) come round evenly, so everyone plays as
        // often, and the Raja's seats differ by at most one.
        let (most, least) = (rajas.iter().max().unwrap(), rajas.iter().min().unwrap());
        assert!(most - least <= 1, "{players} players: {rajas:?}");
        assert!(
            played.iter().all(|&p| p == played[0]),
            "{players}: {played:?}"
        );
    }
}

#[test]
fn a_withdrawn_player_is_not_seated_and_the_rest_play_on() {
    // Seven players for two rounds, then 6 (numbered from 0) withdraws: six play on, two
    // tables and no bye, and the Raja's seats keep count from the first rounds.
    let mut past = event(7, 2);
    let ranking: Vec<usize> = (0..6).collect();
    for _ in 0..4 {
        let round = seat_round(7, &ranking, &past).unwrap();
        assert!(round.byes.is_empty());
        assert_eq!(round.tables.len(), 2);
        assert!(round.tables.iter().flatten().all(|&p| p != 6));
        past.push(round);
    }
    let mut rajas = [0; 7];
    for t in past.iter().flat_map(|r| &r.tables) {
        rajas[t[0]] += 1;
    }
    // Twelve Raja's seats in six rounds, two a round: 0 and 1, then 2 and 3 while 6 was there
    // (one bye a round), then 4 and 5 first after the withdrawal; in all, two each for the six
    // who play on, none for 6.
    assert_eq!(rajas, [2, 2, 2, 2, 2, 2, 0]);
}

#[test]
fn bad_rankings_and_histories_are_refused() {
    assert_eq!(
        seat_round(3, &[0, 1], &[]),
        Err(PairingError::TooFewPlayers {
            players: 2,
            needed: 3
        })
    );
    assert_eq!(
        seat_round(3, &[0, 1, 1], &[]),
        Err(PairingError::NotARanking)
    );
    assert_eq!(
        seat_round(3, &[0, 1, 5], &[]),
        Err(PairingError::UnknownPlayer {
            player: 5,
            players: 3
        })
    );
    let bad = MandiriRound {
        tables: vec![[0, 1, 1]],
        byes: vec![],
    };
    assert_eq!(
        seat_round(3, &[0, 1, 2], &[bad]),
        Err(PairingError::TwiceInRound {
            player: 1,
            round: 0
        })
    );
}

/// How many times each two players sat at one table in `rounds`.
fn tablemates(players: usize, rounds: &[MandiriRound]) -> Vec<Vec<u32>> {
    let mut met = vec![vec![0; players]; players];
    for t in rounds.iter().flat_map(|r| &r.tables) {
        for i in 0..3 {
            for j in i + 1..3 {
                met[t[i]][t[j]] += 1;
                met[t[j]][t[i]] += 1;
            }
        }
    }
    met
}

#[test]
fn table_mates_vary_from_round_to_round() {
    // Six players over five rounds: each round seats six of the fifteen pairs together, so
    // everyone can sit with everyone; seating by ranking alone leaves three pairs apart.
    let met = tablemates(6, &event(6, 5));
    for a in 0..6 {
        for b in a + 1..6 {
            assert!(met[a][b] >= 1, "{a} and {b} never sat together: {met:?}");
        }
    }
    // Nine players over eight rounds: everyone sits with everyone, and no two more than three
    // times (by ranking alone, fifteen pairs never meet and some meet six times).
    let met = tablemates(9, &event(9, 8));
    for a in 0..9 {
        for b in a + 1..9 {
            assert!((1..=3).contains(&met[a][b]), "{a} and {b}: {met:?}");
        }
    }
}

/// How many pairs sat at one table at least once in `rounds`.
fn pairs_met(players: usize, rounds: &[MandiriRound]) -> usize {
    let met = tablemates(players, rounds);
    (0..players)
        .flat_map(|a| (a + 1..players).map(move |b| (a, b)))
        .filter(|&(a, b)| met[a][b] > 0)
        .count()
}

#[test]
fn a_round_is_seated_whole_so_that_more_pairs_meet() {
    // A round-robin of six plays three rounds. Round 3 seats Rajas 4 and 5, and 0, 1, 2, 3
    // beside them. 0 and 2 have sat together twice; 4 and 1, and 0 and 1, once each. Counted
    // by meetings the two cost the same, and table one took the first two, 1 and 0, leaving 3
    // and 2, who have met, for table two: 12 pairs in all. Counted by the pairs that have met,
    // table one takes 0 and 2, table two 1 and 3: one old pair a table, 13 pairs. (14 is the
    // most three rounds can hold: after round 1's two tables, every table has two players who
    // sat together in it.)
    let rounds = event(6, 3);
    assert_eq!(rounds[2].tables, [[4, 0, 2], [5, 1, 3]]);
    assert_eq!(pairs_met(6, &rounds), 13);
    // Twelve players over three rounds: 36 seats for pairs, every one a new pair. Filled table
    // by table, the last tables of a round are left with pairs that have met: 33.
    assert_eq!(pairs_met(12, &event(12, 3)), 36);
    // Nine players over three rounds: 27 seats for pairs, all new.
    assert_eq!(pairs_met(9, &event(9, 3)), 27);
}
