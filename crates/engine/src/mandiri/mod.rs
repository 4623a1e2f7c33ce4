//! Raja Pasu Mandiri, the three-player game (RULES.md section 9).
//!
//! The board, sowing, relay, fours, pussa captures, closed holes and the endless-sowing stop are
//! the two-player game's code (`sow.rs`), told who owns each hole by the seats.
//!
//! | RULES.md | File | What it holds |
//! |---|---|---|
//! | 9.1, rule M2 | `seat.rs` | seats, their holes and filling order, players, the turn order |
//! | 9.5 | `rules.rs` | the rule set and its options, read and written |
//! | rules M1 to M4, M12 | `position.rs` | the three-seat position, moves, passing |
//! | rule M5 | `layer.rs` | whether a capture can still be made; the key positions are compared by |
//! | rules M5 to M7, M10 | `game.rs` | round ends, winners, repetitions, undo |
//! | rules M8 to M11 | `match_play.rs` | gift, office, players out, borrowing, refill |
//! | 9.7 | `code.rs` | position codes |
//! | section 7, 9.7 | `record.rs` | what Mandiri's records write: hole names, the winners |
//! | | `trace.rs` | the events of a move |
//! | | [`text`] | a move and what follows it, in English sentences |
//!
//! [`Game`] implements [`crate::SowingGame`], so perft, records and every layer above the engine
//! serve it with the code they have for Raja Pasu.
//!
//! ```
//! use rajapasu_engine::mandiri::{Game, Rules};
//! let mut game = Game::new("mandiri/gift=2".parse::<Rules>().unwrap());
//! let first = game.legal_moves()[0];
//! game.try_play(first).unwrap();
//! assert_eq!(game.moves().len(), 1);
//! ```

mod code;
mod game;
mod layer;
mod match_play;
mod position;
mod record;
mod rules;
mod seat;
pub mod text;
mod trace;

pub use code::CodeError;
pub use game::{Game, RoundResult, Status};
pub use position::{Debt, IllegalMove, Position, PositionError, Setup, TOTAL};
pub use record::{Record, RecordError};
pub use rules::{Refill, RoundEndRule, RuleOption, Rules, TurnOrder, NAME};
pub use seat::{BySeat, ParseSeatError, Player, Players, Seat};
pub use trace::{Event, RoundEnd, Tracer};
