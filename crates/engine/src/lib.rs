//! # rajapasu-engine
//!
//! The rules of Raja Pasu, the two-row relay-sowing mancala game of Sri Lanka and South India:
//! positions, moves, sowing with fours and pussa captures, rounds, matches with closed holes,
//! repetition, Zobrist hashing, position codes, game records and move traces. No I/O, but for
//! writing a record file (`record::Record::save`, with the `serde` feature).
//!
//! ```
//! use rajapasu_engine::{Game, Move, Rules};
//!
//! let mut game = Game::new(Rules::default());
//! game.try_play(Move::new(1).unwrap()).unwrap();
//! assert_eq!(game.position().to_string(), "3,1,0,0,0,14,0/14,2,14,14,1,14,2 N 15 4");
//! ```
//!
//! Raja Pasu Mandiri, the three-player form (RULES.md section 9), is the [`mandiri`] module: the
//! same sowing (`sow.rs`, generic over who owns each hole), with seats, its own round end and
//! match.
//!
//! # One core for both games
//!
//! Both games implement [`SowingGame`]: legal moves, playing (traced or not), undo, status,
//! rounds, position codes and the history. Whatever is written over that trait serves both:
//! [`perft`], the records of [`record::GameRecord`], and every layer above the engine (the
//! search's players and tournaments, the command line, the server, the terminal game).
//! [`RuleSet`] names either game's rule set, as `--rules` does, and [`AnyGame`] holds either
//! game; [`GameVisitor`] runs code written over the trait on the game chosen at run time, so
//! "which game is this?" is asked once. Only what truly differs is each game's own: the seats,
//! the round end and the match.
//!
//! [`Position`] is a validated state within a round; [`Setup`] is its unchecked form.
//! [`Game`] adds what needs history: the repetition rule, round ends, refills, undo and the
//! moves played ([`Game::plies`]). A value for each player is a [`BySide`].
//!
//! # Where each rule lives
//!
//! RULES.md numbers the rules (section 3) and the decisions taken where they are silent
//! (section 4). Each lives in one file of `src/`:
//!
//! | RULES.md | File | What it holds |
//! |---|---|---|
//! | rule 1, section 2 | `hole.rs` | holes and moves, numbered from their owner's left |
//! | rules 2, 7 and 11 | `position.rs` | the start, legal moves, the turn, the counter total |
//! | rules 3 to 6, decisions 1 to 4 | `sow.rs` | laps, fours, relays, pussa captures, endless sowing; clearing the board at a round's end (both games) |
//! | rules 8 and 9, decisions 5 to 8, 10 and 11 | `game.rs` | repetitions, round ends, the winner, the end of a match |
//! | rule 10, decisions 9 and 12 | `round.rs` | refills and closed holes; [`RoundStart`] (a round start of a match as South's holdings and the leader) and [`RoundOutcome`] (where a finished round leads) |
//! | section 6 | `rules.rs`, `options.rs` | the options and presets; their names, read and written |
//! | section 2 (position codes) | `code.rs` | reading and writing position codes |
//! | section 7 | `record.rs`, `recorded.rs`, `record_text.rs`, `termination.rs` | game records of either game, text and JSON; how a game ended (`Termination`) and the result it gives |
//! | section 9 (Mandiri) | `mandiri/` | the three-player game; its own map is in [`mandiri`] |
//! | | `sowing_game.rs` | [`SowingGame`], the trait both games implement; [`perft`] over it |
//! | | `any_game.rs` | [`RuleSet`], [`AnyGame`] and [`GameVisitor`]: the game chosen at run time |
//! | | `side.rs`, `by_side.rs` | the two players ([`Side`]) and a value for each ([`BySide`]) |
//! | | `two_player_sowing.rs` | Raja Pasu's position as the shared sowing sees it: South's row first, captures by side |
//! | | `trace.rs` | what happened during a move, event by event ([`Tracer`], [`Event`]), for animation and explanation |
//! | | `zobrist.rs` | the Zobrist keys that hash positions for the repetition rule and the search's tables |
//! | | `view.rs` | `GameView` (with the `serde` feature), the JSON view of a game that the command line, the engine protocol and the server share |
//! | | `rng.rs` | [`rng`]: pseudo-random numbers for every crate (random play, the computer's mistakes, the Zobrist keys) |
//! | | `bench.rs` | [`bench`]: the random playouts behind `rajapasu bench` and the criterion benchmark |
//!
//! The perft data in `tests/perft/` pins the rules down as move counts.

#![warn(missing_docs)]

mod any_game;
pub mod bench;
mod by_side;
mod code;
mod game;
mod hole;
pub mod mandiri;
mod options;
mod position;
pub mod record;
mod record_text;
mod recorded;
pub mod rng;
mod round;
mod rules;
mod side;
mod sow;
mod sowing_game;
mod termination;
pub mod text;
mod trace;
mod two_player_sowing;
#[cfg(feature = "serde")]
mod view;
mod zobrist;

pub use any_game::{AnyGame, GameVisitor, PlayError, RuleSet};
pub use by_side::BySide;
pub use code::ParseError;
pub use game::{Game, Ply, RoundResult, Status};
pub use hole::{Hole, Move, MoveList, NameError, NameProblem, ParseHoleError, ParseMoveError};
pub use options::RuleOption;
pub use position::{IllegalMove, Position, PositionError, Setup};
pub use round::{Ending, RoundOutcome, RoundStart, RoundStartError};
pub use rules::{
    ClosedEnd, EmptyBoardLead, Endless, FinalFour, FourRecipient, Mode, NextLeader, Pussa, Rules,
    RulesError, MAX_HOLES, MAX_ROW, MAX_TOTAL,
};
pub use side::{ParseSideError, Side};
pub use sowing_game::{perft, perft_split, SowingGame};
pub use trace::{Event, RoundEnd, Tracer};
#[cfg(feature = "serde")]
pub use view::GameView;
