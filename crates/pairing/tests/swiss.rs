//! Swiss pairings against the FIDE Handbook's Dutch rules and their examples (C.04.3, the
//! 2012 text: A.6 subgroups, D.1 transpositions, D.2 exchanges, E colour allocation), worked
//! by hand, and properties over whole events.
//!
//! Players are written from 1 here, as the handbook numbers them; the crate numbers from 0.

use rajapasu_pairing::swiss::order::exchanges;
use rajapasu_pairing::swiss::Swiss;
use rajapasu_pairing::{GameResult, Outcome, Pairing, PairingError, PlayedRound};

/// A round as played: games "a-b r" with `a` leading and `r` one of `1-0`, `0-1`, `=`, or a
/// forfeit `+:-`, `-:+`, `-:-`; byes after a `bye`.
fn played(games: &str) -> PlayedRound {
    let mut round = PlayedRound::default();
    let mut words = games.split_whitespace();
    while let Some(w) = words.next() {
        if w == "bye" {
            round
                .byes
                .extend(words.by_ref().map(|b| b.parse::<usize>().unwrap() - 1));
            break;
        }
        let (a, b) = w.split_once('-').unwrap();
        let outcome = match words.next().unwrap() {
            "1-0" => Outcome::FirstWins,
            "0-1" => Outcome::SecondWins,
            "=" => Outcome::Draw,
            "+:-" => Outcome::FirstWinsByForfeit,
            "-:+" => Outcome::SecondWinsByForfeit,
            "-:-" => Outcome::DoubleForfeit,
            other => panic!("no result {other}"),
        };
        round.games.push(GameResult {
            pairing: Pairing::new(
                a.parse::<usize>().unwrap() - 1,
                b.parse::<usize>().unwrap() - 1,
            ),
            outcome,
            counters: [0, 0],
        });
    }
    round
}

/// Games "a-b" from 1, `a` leading.
fn games(text: &str) -> Vec<Pairing> {
    text.split_whitespace()
        .map(|g| {
            let (a, b) = g.split_once('-').unwrap();
            Pairing::new(
                a.parse::<usize>().unwrap() - 1,
                b.parse::<usize>().unwrap() - 1,
            )
        })
        .collect()
}

#[test]
fn round_one_pairs_the_top_half_with_the_bottom_half_leads_alternating() {
    // A.6 and C.2: S1 = 1 2 3 4 meets S2 = 5 6 7 8 in order. E.5: the higher-ranked player of
    // each game takes the initial lead with an odd pairing number, the other one with an even.
    let round = Swiss::new(8).unwrap().pair(&[]).unwrap();
    assert_eq!(round.games, games("1-5 6-2 3-7 8-4"));
    assert!(round.byes.is_empty());
    // Seven players: the bye goes to the lowest (A.5), then S1 = 1 2 3, S2 = 4 5 6.
    let round = Swiss::new(7).unwrap().pair(&[]).unwrap();
    assert_eq!(round.games, games("1-4 5-2 3-6"));
    assert_eq!(round.byes, [6]);
}

#[test]
fn a_large_first_round_is_paired_in_order() {
    // 301 players: 301 has the bye, 1-151, 152-2, 3-153, ... 150-300 (150 even: answers).
    let round = Swiss::new(301).unwrap().pair(&[]).unwrap();
    assert_eq!(round.byes, [300]);
    assert_eq!(round.games.len(), 150);
    for (k, g) in round.games.iter().enumerate() {
        let (high, low) = (k, k + 150);
        let expected = if k % 2 == 0 {
            Pairing::new(high, low)
        } else {
            Pairing::new(low, high)
        };
        assert_eq!(*g, expected);
    }
    assert!(matches!(
        Swiss::new(1001),
        Err(PairingError::TooManyPlayers {
            players: 1001,
            most: 1000
        })
    ));
}

/// Eight players on one score after two rounds in which `a` and `b` drew twice, each leading
/// once, and everyone else had two byes worth half a point each.
fn two_draws_between(a: usize, b: usize) -> Vec<PlayedRound> {
    let others: Vec<String> = (1..=8)
        .filter(|&p| p != a && p != b)
        .map(|p| p.to_string())
        .collect();
    let others = others.join(" ");
    vec![
        played(&format!("{a}-{b} = bye {others}")),
        played(&format!("{b}-{a} = bye {others}")),
    ]
}

#[test]
fn transpositions_come_in_the_handbooks_order() {
    let mut swiss = Swiss::new(8).unwrap();
    swiss.bye_half_points = 1;
    // D.1, S1 = 1 2 3 4, S2 = 5 6 7 8: the order is 5-6-7-8, 5-6-8-7, 5-7-6-8, ..., 5-8-7-6,
    // 6-5-7-8. With 1 and 5 having met, every order starting with 5 fails: 6-5-7-8.
    // Leads: 1 led, then answered, so would lead (mild, E.1 grants it); 5 would answer, so 2
    // leads; 3 and 7 have no preference, and 3 has an odd number (E.5); 4 has an even one.
    let round = swiss.pair(&two_draws_between(1, 5)).unwrap();
    assert_eq!(round.games, games("1-6 2-5 3-7 8-4"));
    // With 4 and 8 having met, the first transposition 5-6-8-7 already works: 1-5 2-6 3-8 4-7.
    // 1 and 5: no preferences, 1 odd (E.5); 2 and 6: 2 even; 8 led last so would answer, and 4
    // would lead.
    let round = swiss.pair(&two_draws_between(4, 8)).unwrap();
    assert_eq!(round.games, games("1-5 6-2 3-8 4-7"));
}

#[test]
fn exchanges_come_in_the_handbooks_order() {
    // D.2's matrices for S1 = 1 2 3 4 and S2 = 5 6 7 8, numbers from 1: one player exchanged,
    // a) 4-5 b) 4-6 c) 3-5 d) 4-7 e) 3-6 f) 2-5 g) 3-7 h) 2-6 i) 2-7; two players, j) 3+4 with
    // 5+6, k) 3+4 5+7, l) 2+4 5+6, m) 3+4 6+7, n) 2+4 5+7, o) 2+3 5+6, p) 2+4 6+7, q) 2+3 5+7,
    // r) 2+3 6+7. (The matrices show these only; the others fall in between by the same rule.)
    let all: Vec<_> = exchanges(4, 8).collect();
    assert!(all[0].from_s1.is_empty() && all[0].from_s2.is_empty());
    let from_one = |e: &[usize]| e.iter().map(|p| p + 1).collect::<Vec<_>>();
    let listed: Vec<(Vec<usize>, Vec<usize>)> = all
        .iter()
        .map(|e| (from_one(&e.from_s1), from_one(&e.from_s2)))
        .collect();
    let single = [
        (4, 5),
        (4, 6),
        (3, 5),
        (4, 7),
        (3, 6),
        (2, 5),
        (3, 7),
        (2, 6),
        (2, 7),
    ];
    let double = [
        ([3, 4], [5, 6]),
        ([3, 4], [5, 7]),
        ([2, 4], [5, 6]),
        ([3, 4], [6, 7]),
        ([2, 4], [5, 7]),
        ([2, 3], [5, 6]),
        ([2, 4], [6, 7]),
        ([2, 3], [5, 7]),
        ([2, 3], [6, 7]),
    ];
    let expected: Vec<(Vec<usize>, Vec<usize>)> = single
        .iter()
        .map(|&(a, b)| (vec![a], vec![b]))
        .chain(double.iter().map(|(a, b)| (a.to_vec(), b.to_vec())))
        .collect();
    let positions: Vec<usize> = expected
        .iter()
        .map(|e| listed.iter().position(|l| l == e).unwrap())
        .collect();
    assert!(
        positions.windows(2).all(|w| w[0] < w[1]),
        "out of the handbook's order: {positions:?}"
    );
    // The first ones are exactly a), b), c).
    assert_eq!(positions[..3], [1, 2, 3]);
    // All one-player exchanges before any two-player one.
    let first_double = listed.iter().position(|l| l.0.len() == 2).unwrap();
    assert_eq!(first_double, 1 + 16);
}

#[test]
fn a_round_two_worked_by_hand_floats_down_and_pairs_the_floaters_first() {
    // Round 1 (the pairing above): 1 beat 5, 2 beat 6, 3 beat 7, 8 and 4 drew.
    let r1 = played("1-5 1-0 6-2 0-1 3-7 1-0 8-4 =");
    // Scores: 1 2 3 on 1; 4 8 on ½; 5 6 7 on 0.
    // Bracket 1 (1 2 3): S1 = 1, S2 = 2 3. 1 led so wants to answer, 2 answered so wants to
    // lead: 2-1. 3 floats down.
    // Bracket ½ (3 moved down; 4 8): heterogeneous, 3 meets the first resident, 4; 3 led and
    // 4 answered: 4-3. 8 is left alone and floats down.
    // Bracket 0 (8 moved down; 5 6 7): 8 meets 5; 8 led, 5 answered: 5-8. The remainder 6 7:
    // 6 led, 7 answered: 7-6.
    // Boards (F.1): the higher score of the two first, then the higher sum, then the
    // higher-ranked player.
    let round = Swiss::new(8).unwrap().pair(&[r1]).unwrap();
    assert_eq!(round.games, games("2-1 4-3 5-8 7-6"));
}

#[test]
fn the_bye_goes_to_the_lowest_ranked_without_one() {
    // Seven players; round 1 gave 7 the bye (worth a win). Round 2: 7 is on 1 point with the
    // winners, so the bye goes to the lowest-ranked player on 0 who has not had one: 6.
    let r1 = played("1-4 1-0 5-2 0-1 3-6 1-0 bye 7");
    let round = Swiss::new(7).unwrap().pair(&[r1]).unwrap();
    assert_eq!(round.byes, [5]);
    // Then the 1-point bracket 1 2 3 7 pairs 1-3? No: S1 = 1 2, S2 = 3 7. 1 led and 3 led:
    // both want to answer, a clash; 1-7 (7 has no preference) then 2-3 (2 answered, 3 led).
    // 4 and 5 on 0: 4 answered, 5 led: 4-5.
    assert_eq!(round.games, games("7-1 2-3 4-5"));
}

#[test]
fn a_player_who_floated_down_recently_does_not_float_down_again() {
    // Nine players. Round 1: 9 has the bye (a float down, A.4). Round 2: 5 has it.
    let r1 = played("1-5 1-0 6-2 1-0 3-7 0-1 8-4 1-0 bye 9");
    let r2 = played("7-1 1-0 9-6 1-0 2-8 0-1 4-3 = bye 5");
    // Scores: 7 8 9 on 2; 1 5 6 on 1; 3 4 on ½; 2 on 0, and 2 has the bye.
    // Bracket 2 (7 8 9): 7 answered then led, so would answer (mild); 8 would lead (mild); 9
    // led once, so would answer (strong). 7-8 would leave 9 floating down again two rounds
    // after its bye (B6; C.16 of the 2017 text); 7-9 clash; so the exchange S1 = 8: 8-9, and
    // 7 floats down.
    // Bracket 1 (7 moved down; 1 5 6): 7 has met 1; 7 meets 5 (5 would lead, strongly).
    // The remainder 1 and 6 cannot meet: 3 and 4 below have played each other. Both float.
    // Bracket ½ (1 6 moved down; 3 4), homogeneous with as many moved down as residents:
    // 1-3 clash (both would lead, mildly) and 6-3 too; no pairing is free of clashes, so a
    // mild one is taken: 1-3 and 6-4. 1 and 3 had the same leads in both rounds, so the
    // higher-ranked 1 gets its wish (E.4).
    let round = Swiss::new(9).unwrap().pair(&[r1, r2]).unwrap();
    assert_eq!(round.byes, [1]);
    assert_eq!(round.games, games("8-9 5-7 1-3 6-4"));
}

#[test]
fn a_bracket_is_weighed_with_its_remainder() {
    let r1 = played("1-4 0-1 5-2 0-1 3-6 0-1");
    let r2 = played("2-4 1-0 6-1 0-1 5-3 1-0");
    // Scores: 2 on 2; 1 4 5 6 on 1; 3 on 0. Leads wished: 1 to lead (mild), 2 to answer
    // (mild), 3 to lead (mild), 4 to lead (absolute: answered twice), 5 to answer (absolute),
    // 6 to answer (mild). 1 floated up in round 2 (against 6, who had more).
    // 2 floats down to meet 1 4 5 6. 2-1 is clean, but 1 would float up again, and the
    // remainder 4 5 6 then needs the clash 5-6 (4-5 or 4-6 would leave 6 or 5 to meet 3
    // again). No pairing of the whole bracket is clean, so one mild clash is accepted, and
    // with it no repeated float: 2-6 (2 has met 4 and 5), then 1-5, and 4 floats to meet 3.
    // Leads: 2 and 6 both led last and answered before: 2 ranks higher and answers (E.4).
    let round = Swiss::new(6).unwrap().pair(&[r1, r2]).unwrap();
    assert_eq!(round.games, games("6-2 1-5 4-3"));
}

#[test]
fn a_game_lost_by_forfeit_was_not_played() {
    // F.2 (2012 text): a game not played does not stop its players meeting, and gives no lead.
    let two = Swiss::new(2).unwrap();
    let round = two.pair(&[played("2-1 +:-")]).unwrap();
    // No leads yet: 1 has the odd number and the initial lead (E.5).
    assert_eq!(round.games, games("1-2"));
    // C.04.1: a forfeit win is a point without playing, as a bye is; neither gives a bye
    // again. Five players: 5 wins by forfeit in round 1, 3 and then 4 have byes.
    let r1 = played("1-4 1-0 2-5 -:+ bye 3");
    let r2 = played("1-5 1-0 3-2 0-1 bye 4");
    // Scores: 1 on 2; 2 3 4 5 on 1. The lowest-ranked, 5, has its forfeit win; 4 and 3 their
    // byes; the bye goes to 2. Then 1-3 (1 has met 4 and 5) and 4-5 (2-5 was not played, but
    // 4 and 5 have not met either).
    let round = Swiss::new(5).unwrap().pair(&[r1, r2]).unwrap();
    assert_eq!(round.byes, [1]);
    let mut pairs: Vec<(usize, usize)> = round
        .games
        .iter()
        .map(|g| (g.first.min(g.second) + 1, g.first.max(g.second) + 1))
        .collect();
    pairs.sort();
    assert_eq!(pairs, [(1, 3), (4, 5)]);
}

#[test]
fn a_withdrawn_player_is_no_longer_paired() {
    // Five players; after round 1, 3 withdraws (F.5). Four play on: no bye.
    let r1 = played("1-4 1-0 5-2 0-1 bye 3");
    let swiss = Swiss::new(5).unwrap();
    let history = [r1];
    let round = swiss.pair_without(&history, &[2]).unwrap();
    assert!(round.byes.is_empty());
    assert!(round.games.iter().all(|g| !g.has(2)));
    // 1 and 2 on 1 meet, 4 and 5 on 0: 2 answered, so leads (E.1); 5 led and 4 answered.
    assert_eq!(round.games, games("2-1 4-5"));
    // Without the withdrawal, 3 is paired too (with 1 or 2, the scores of 1) and 5 has the bye.
    assert_eq!(swiss.pair(&history).unwrap().byes, [4]);
}

/// A small deterministic generator, so that the properties cover many events the same way
/// every run.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

#[test]
fn events_of_3_to_65_players_have_no_repeats_fair_byes_and_everyone_paired() {
    let mut rng = Lcg(7);
    let sizes = (3..=12).map(|n| (n, 20)).chain([(17, 5), (32, 3), (65, 1)]);
    for (players, events) in sizes {
        for event in 0..events {
            let swiss = Swiss::new(players).unwrap();
            // Half as many rounds as players: then the games not yet played always leave a
            // pairing (each player has n / 2 or more opponents left, and by Dirac's theorem
            // a graph of such degrees has a Hamiltonian cycle). More rounds can run into a
            // dead end that no pairing of the current round alone avoids (six players after
            // three rounds may have two triangles of unplayed games left).
            let rounds = (players / 2).clamp(2, 7);
            let mut history: Vec<PlayedRound> = Vec::new();
            for r in 0..rounds {
                let round = swiss
                    .pair(&history)
                    .unwrap_or_else(|e| panic!("{players} players, event {event}, round {r}: {e}"));
                round.check(players, r).unwrap();
                // Everyone is paired once a round; one bye exactly when the number is odd.
                assert_eq!(round.byes.len(), players % 2);
                assert_eq!(2 * round.games.len() + round.byes.len(), players);
                let results = round
                    .games
                    .iter()
                    .map(|&pairing| GameResult {
                        pairing,
                        outcome: [Outcome::FirstWins, Outcome::Draw, Outcome::SecondWins]
                            [rng.below(3) as usize],
                        counters: [0, 0],
                    })
                    .collect();
                history.push(PlayedRound {
                    games: results,
                    byes: round.byes,
                });
            }
            let mut met = std::collections::HashSet::new();
            let mut byes = vec![0; players];
            let mut balance = vec![0i32; players];
            for r in &history {
                for g in &r.games {
                    let key = (
                        g.pairing.first.min(g.pairing.second),
                        g.pairing.first.max(g.pairing.second),
                    );
                    assert!(
                        met.insert(key),
                        "{players} players, event {event}: {key:?} twice"
                    );
                    balance[g.pairing.first] += 1;
                    balance[g.pairing.second] -= 1;
                }
                for &b in &r.byes {
                    byes[b] += 1;
                }
            }
            // Fewer rounds than players: no one has a second bye.
            assert!(
                byes.iter().all(|&b| b <= 1),
                "{players} players: byes {byes:?}"
            );
            // Leads stay balanced within two.
            assert!(
                balance.iter().all(|b| b.abs() <= 2),
                "{players} players, event {event}: leads {balance:?}"
            );
        }
    }
}

#[test]
fn bad_histories_and_impossible_rounds_are_refused() {
    assert_eq!(
        Swiss::new(1),
        Err(PairingError::TooFewPlayers {
            players: 1,
            needed: 2
        })
    );
    let swiss = Swiss::new(4).unwrap();
    assert_eq!(
        swiss.pair(&[played("1-9 1-0")]),
        Err(PairingError::UnknownPlayer {
            player: 8,
            players: 4
        })
    );
    assert_eq!(
        swiss.pair(&[played("1-2 1-0 bye 2")]),
        Err(PairingError::TwiceInRound {
            player: 1,
            round: 0
        })
    );
    // Two players who have met cannot be paired again.
    let two = Swiss::new(2).unwrap();
    assert_eq!(
        two.pair(&[played("1-2 =")]),
        Err(PairingError::NoPairing { round: 1 })
    );
    // Four players after three rounds have met everyone.
    let all_met = [
        played("1-2 = 3-4 ="),
        played("1-3 = 2-4 ="),
        played("1-4 = 2-3 ="),
    ];
    assert_eq!(
        swiss.pair(&all_met),
        Err(PairingError::NoPairing { round: 3 })
    );
}
