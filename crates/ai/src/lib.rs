//! # rajapasu-ai
//!
//! The computer opponent for Raja Pasu. Where things are:
//!
//! | Module | What it holds |
//! |---|---|
//! | [`levels`] | the strength levels, defined once: [`Level`], its table of names and search settings |
//! | [`choice`] | how a level plays a move ([`choose_move`]) |
//! | [`analysis`] | every move scored with its line ([`analyze`]), for hints |
//! | [`search`] | the alpha-beta search and its time manager; its exact scores come from the solver |
//! | [`solver`] | proofs of single rounds under the repetition rule (docs/SOLVING.md) |
//! | [`table`] | where the search finds the endgame table (`rajapasu-tablebase`) |
//! | [`eval`] | the static evaluation and its weights |
//! | [`player`] | the [`Player`](player::Player) trait and [`PlayerError`](player::PlayerError) |
//! | [`players`], [`mcts`], [`external`] | the players: levels, search, baselines, Monte Carlo tree search, external programs |
//! | [`spec`] | player specs such as `level:3` or `search:depth=8`, parsed into players |
//! | [`protocol`] | the engine line protocol of `rajapasu engine` (PROTOCOL.md); its commands are parsed there |
//! | [`arena`], [`stats`] | games between players, tournaments, self-play statistics |
//! | [`mandiri`] | the three-player game: paranoid alpha-beta, max^n, MCTS, levels, specs, games for three |
//!
//! Scores are in counters (capture difference) from the point of view of the player to move. A
//! decided game scores at least 1000 in absolute value: `±1000 + margin` for a single round that
//! is won or lost with best play (the margin is the final capture difference), `±(2000 - plies)`
//! for a match won or lost within that many moves. See [`search`] for the details.
//!
//! ```
//! use rajapasu_ai::Level;
//! use rajapasu_engine::{Game, Rules};
//! let game = Game::new(Rules::default().single_round());
//! let level = Level::try_from(2).unwrap();
//! let choice = rajapasu_ai::choose_move(&game, level, 7).unwrap();
//! assert!(game.legal_moves().contains(choice.mv));
//! ```

#![warn(missing_docs)]

pub mod analysis;
pub mod arena;
pub mod choice;
pub mod eval;
pub mod external;
pub mod levels;
pub mod mandiri;
pub mod mcts;
pub mod player;
pub mod players;
pub mod protocol;
pub mod search;
pub mod solver;
pub mod spec;
pub mod stats;
pub mod table;

pub use analysis::{analyze, analyze_with, MoveScore};
pub use choice::{choose_move, choose_with, pick, pick_noisy, Choice};
pub use levels::{Level, LevelError, LevelParams};
pub use search::{is_decided, Score};
