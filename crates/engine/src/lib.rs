//! # rajapasu-engine
//!
//! The rules of Raja Pasu, the two-row relay-sowing mancala game of Sri Lanka and South India:
//! positions, moves, sowing with fours and pussa captures, rounds, matches with closed holes,
//! repetition, Zobrist hashing, position codes, game records and move traces. No I/O.
//!
//! ```
//! use rajapasu_engine::{Game, Move, Rules};
//!
//! let mut game = Game::new(Rules::default());
//! game.try_play(Move::new(1).unwrap()).unwrap();
//! assert_eq!(game.position().to_string(), "3,1,0,0,0,14,0/14,2,14,14,1,14,2 N 15 4");
//! ```
//!
//! [`Position`] is a validated state within a round; [`Setup`] is its unchecked form.
//! [`Game`] adds what needs history: the repetition rule, round ends, refills and undo.

#![warn(missing_docs)]

pub mod bench;
mod by_side;
mod code;
mod game;
mod hole;
mod options;
mod perft;
mod position;
pub mod record;
pub mod rng;
mod round;
mod rules;
mod side;
mod sow;
pub mod text;
mod trace;
#[cfg(feature = "serde")]
mod view;
mod zobrist;

pub use by_side::BySide;
pub use code::ParseError;
pub use game::{Game, Ply, RoundResult, Status};
pub use hole::{Hole, Move, MoveList, ParseHoleError, ParseMoveError};
pub use options::RuleOption;
pub use perft::{perft, perft_split};
pub use position::{IllegalMove, Position, PositionError, Setup};
pub use rules::{
    ClosedEnd, Endless, FinalFour, FourRecipient, Mode, NextLeader, Pussa, Rules, RulesError,
    MAX_HOLES, MAX_ROW, MAX_TOTAL,
};
pub use side::{ParseSideError, Side};
pub use trace::{Event, RoundEnd, Tracer};
#[cfg(feature = "serde")]
pub use view::{GameView, RoundView};
