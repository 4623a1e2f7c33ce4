//! Puzzles with proven solutions (docs/PUZZLES.md): positions where the player to move has
//! exactly one move of the best proven value, ahead of every other by a margin, and the line
//! that follows while that stays so, with every equally good defence of the opponent.
//!
//! Every value is proven by the [`crate::solver`] (with the endgame table as exact leaves when
//! there is one); a position whose values are not all proven within the budget is refused.
//!
//! | Module | What it holds |
//! |---|---|
//! | `format` | [`Puzzle`], its [`Step`]s and [`Defence`]s, one JSON object a line ([`read_lines`]) |
//! | `prove` | [`Prover`]: every legal move's proven value, or the move not proven |
//! | `line` | the key move ([`unique_best`]), the solution ([`solve`]), the greedy player's moves |
//! | `clear` | whether a key move is clearly better ([`Step::is_clear`]): the rated puzzles |
//! | `theme` | [`Theme`]: the themes a puzzle can have, their names and order |
//! | `themes` | the [`Theme`]s read from the trace events of a solution ([`themes()`]) |
//! | `generate` | games to look in ([`selfplay`]), positions tried ([`puzzles_of`]), the starting rating |
//! | `check` | a stored puzzle re-proven, every claim checked ([`check()`]) |
//! | `set` | the set shipped with the program ([`embedded`]), a set read from bytes, gzip or not |
//!
//! ```
//! use rajapasu_ai::puzzles::{check, puzzle_at, Prover};
//! use rajapasu_engine::{Game, Rules};
//! let rules = Rules::default().single_round();
//! let game = Game::from_code("0,1,0,1,0,0,1/0,1,0,0,0,1,0 S 61 32", rules).unwrap();
//! let mut prover = Prover::new(None, 1_000_000);
//! let puzzle = puzzle_at(&game, "example", 2, &mut prover).unwrap().unwrap();
//! assert!(check(&puzzle, &mut prover).is_ok());
//! ```

mod check;
mod clear;
mod format;
mod generate;
mod line;
mod prove;
mod set;
mod theme;
mod themes;

pub use check::{check, CheckError};
pub use clear::{RoundResult, CLEAR_MARGIN};
pub use format::{read_lines, Defence, FormatError, Puzzle, Step, MOVES};
pub use generate::{
    puzzle_at, puzzle_id, puzzles_of, selfplay, start_rating, Settings, Tally, MIN_LEGAL,
};
pub use line::{best_moves, greedy_moves, solve, unique_best, MAX_LINE, MAX_STEPS};
pub use prove::Prover;
pub use set::{embedded, read_set, SetError};
pub use theme::{Theme, UnknownTheme, LAST_COUNTERS};
pub use themes::{has_closed_holes, themes};
