//! Tournament pairings and standings for both games: who meets whom in each round of an
//! event, who leads each game, and the order at the end. No I/O and no clock: the server's
//! events and `rajapasu tournament` give the results, this crate gives the next round and the
//! standings. docs/TOURNAMENTS.md explains the formats and the rules as implemented.
//!
//! | Module | What it holds |
//! |---|---|
//! | [`round`] | what every format shares: [`Pairing`] (who leads), [`Round`], [`Outcome`], [`GameResult`], [`PlayedRound`] |
//! | [`berger`] | round-robins, single and double, by the Berger tables |
//! | [`swiss`] | Swiss rounds by the basic rules of the FIDE Dutch system; leads ([`swiss::colour`]), the order of candidates ([`swiss::order`]); inside, what the rounds played tell (`card`) and a bracket's search (`bracket`) |
//! | [`arena`] | pairing as players become free, and lichess's arena scoring with its streaks |
//! | [`mandiri`] | Mandiri rounds: tables of three, the Raja's seat passed round |
//! | [`crosstable`] | what each player scored against each other, game by game |
//! | [`standings`](mod@standings) | score and tie-breaks: Sonneborn-Berger, Buchholz, median Buchholz, counters |
//! | `matching` (inside) | maximum matchings (Edmonds): the Swiss completion test, the arena's look-ahead |
//! | [`error`] | what is wrong with an input ([`PairingError`]) |
//!
//! Players are numbers from 0, in seeding order.
//!
//! ```
//! use rajapasu_pairing::berger::{round_robin, Cycles};
//! use rajapasu_pairing::{standings, GameResult, Outcome, PlayedRound, TieBreak};
//! let schedule = round_robin(3, Cycles::Single).unwrap();
//! let played: Vec<PlayedRound> = schedule
//!     .iter()
//!     .map(|r| PlayedRound {
//!         games: r.games.iter().map(|&pairing| GameResult { pairing, outcome: Outcome::FirstWins, counters: [0, 0] }).collect(),
//!         byes: r.byes.clone(),
//!     })
//!     .collect();
//! let table = standings(3, &played, 0, &TieBreak::ROUND_ROBIN).unwrap();
//! assert_eq!(table.len(), 3);
//! assert!(table.iter().all(|s| s.games == 2));
//! ```

pub mod arena;
pub mod berger;
pub mod crosstable;
pub mod error;
pub mod mandiri;
mod matching;
pub mod round;
pub mod standings;
pub mod swiss;

pub use error::PairingError;
pub use round::{GameResult, Outcome, Pairing, PlayedRound, Round};
pub use standings::{standings, Standing, TieBreak};
