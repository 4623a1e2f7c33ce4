//! Plays random Swiss events and prints, for every round, the rounds played so far and the
//! pairing made, as one JSON object a line: the input of `scripts/swiss-crosscheck.py`, which
//! compares the pairings with another implementation of the Dutch rules.
//!
//! ```text
//! cargo run --release -p rajapasu-pairing --example swiss_events -- PLAYERS ROUNDS EVENTS [SEED]
//! ```
//!
//! Results are drawn at random: the leading player wins two times in five, draws one, loses
//! two.

use rajapasu_pairing::swiss::Swiss;
use rajapasu_pairing::{GameResult, Outcome, PlayedRound};

/// A small generator of random numbers, the same on every machine.
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

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("numbers: PLAYERS ROUNDS EVENTS [SEED]"))
        .collect();
    let [players, rounds, events] = args[..3] else {
        panic!("give PLAYERS ROUNDS EVENTS [SEED]");
    };
    let mut rng = Lcg(args.get(3).copied().unwrap_or(1));
    let swiss = Swiss::new(players as usize).expect("2 to 1000 players");
    for event in 0..events {
        let mut history: Vec<PlayedRound> = Vec::new();
        for round in 0..rounds {
            // A dead end (see docs/TOURNAMENTS.md, "How many Swiss rounds") ends the event.
            let Ok(pairing) = swiss.pair(&history) else {
                break;
            };
            let line = serde_json::json!({
                "event": event,
                "round": round,
                "players": players,
                "rounds": rounds,
                "history": history.iter().map(|r| serde_json::json!({
                    "games": r.games.iter().map(|g| {
                        let score = f64::from(g.outcome.half_points()[0]) / 2.0;
                        (g.pairing.first, g.pairing.second, score)
                    }).collect::<Vec<_>>(),
                    "byes": r.byes,
                })).collect::<Vec<_>>(),
                "pairing": pairing.games.iter().map(|g| (g.first, g.second)).collect::<Vec<_>>(),
                "byes": pairing.byes,
            });
            println!("{line}");
            let outcomes = [
                Outcome::FirstWins,
                Outcome::FirstWins,
                Outcome::Draw,
                Outcome::SecondWins,
                Outcome::SecondWins,
            ];
            let games = pairing
                .games
                .iter()
                .map(|&pairing| GameResult {
                    pairing,
                    outcome: outcomes[rng.below(5) as usize],
                    counters: [0, 0],
                })
                .collect();
            history.push(PlayedRound {
                games,
                byes: pairing.byes,
            });
        }
    }
}
