//! # rajapasu-ai
//!
//! The computer opponent for Raja Pasu. Where things are:
//!
//! | Module | What it holds |
//! |---|---|
//! | [`limits`] | the budget of every search of both games: depth, time, nodes ([`Limits`]) |
//! | [`player`] | the [`Player`](player::Player) trait over the game, [`PlayerError`](player::PlayerError), the random player |
//! | [`spec`] | player specs such as `level:3`, `search:depth=8` or `paranoid:6`, read once for both games; [`Playable`], the game's part: which players it has and how they are built |
//! | [`arena`] | games between players for any number of seats: seatings, one game, many in parallel; each game's results and standings |
//! | [`stats`] | Elo with intervals, proportions, means, lengths |
//! | [`protocol`] | the engine line protocol of `rajapasu engine` (PROTOCOL.md), one session over either game |
//! | [`external`] | programs speaking that protocol, as players of either game |
//! | [`levels`] | the strength levels, defined once: [`Level`], its table of names and search settings |
//! | [`choice`] | how a level plays a Raja Pasu move ([`choose_move`]) |
//! | [`perfect`] | level 7: the proven strategy, the solved match's or a round's, followed in play |
//! | [`analysis`] | every move scored with its line ([`analyze`]), for hints |
//! | [`search`] | the two-player alpha-beta search and its time manager; its exact scores come from the solver |
//! | [`fnv`] | FNV-1a 64, the hash of the book's checksum and of puzzle ids |
//! | [`book`] | the proven opening book, embedded: each move's proven value in the first moves of the canonical round (docs/BOOK.md) |
//! | [`solver`] | proofs of single rounds under the repetition rule (docs/SOLVING.md): the [`Solver`](solver::Solver) API, the bound search, the proof table and its keys |
//! | `deep_stack` | a thread with a stack as deep as the searches' lines, smaller where the address space is limited |
//! | [`certify`] | proof certificates (docs/CERTIFICATES.md) of a round's bound and of a match won within `k` rounds: the proof-recording search and the certificates' text, for `rajapasu check` |
//! | [`match_solver`] | the match as a game over round starts: the round games and what their proven counter values decide |
//! | [`table`] | where the search finds the endgame table (`rajapasu-tablebase`) |
//! | [`eval`] | the two-player static evaluation and its weights |
//! | [`puzzles`] | puzzles with proven solutions: the key move, the line with every equal defence, themes, the JSON-lines set, generation and checking (docs/PUZZLES.md) |
//! | [`players`], [`mcts`] | Raja Pasu's players: levels, search, greedy, plain alpha-beta, Monte Carlo tree search |
//! | [`mandiri`] | the three-player game's searches: paranoid alpha-beta, max^n, MCTS, its evaluation, levels and players |
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
pub mod book;
pub mod certify;
pub mod choice;
mod deep_stack;
pub mod eval;
pub mod external;
pub mod fnv;
pub mod levels;
pub mod limits;
pub mod mandiri;
pub mod match_solver;
pub mod mcts;
pub mod perfect;
pub mod player;
pub mod players;
pub mod protocol;
pub mod puzzles;
pub mod search;
pub mod solver;
pub mod spec;
pub mod stats;
pub mod table;

pub use analysis::{analyze, analyze_with, MoveScore};
pub use choice::{choose_move, choose_with, choose_with_values, pick, pick_noisy, Choice};
pub use levels::{Level, LevelError, LevelParams};
pub use limits::Limits;
pub use search::{is_decided, Score};
pub use spec::Playable;
