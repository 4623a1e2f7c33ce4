//! Proven values of a single round under the repetition rule (docs/SOLVING.md).
//!
//! Rule 8(b) makes the value of a position depend on the positions before it, so no table can
//! hold it. The solver proves instead two values that a table can hold, for the counters the
//! player to move captures from now on minus those the opponent captures:
//!
//! - [`Endless::Opponent`]: the round as played, except that a line that never leaves its
//!   *layer* (the positions with the same number of counters on the board) is scored as if
//!   the opponent of the player to move took every counter left (`-t` for the mover);
//! - [`Endless::Mover`]: the same, with such a line scored `+t` for the mover.
//!
//! Whenever no position of the current layer other than the current one has occurred twice,
//! the true value lies between the two (docs/SOLVING.md proves it), so the solver's bounds are
//! bounds on the true value; where they meet, the value is exact.
//!
//! The proofs are null-window tests ("is the value at least `v`?") answered yes, no or
//! unknown, by depth-first search with iterative deepening. A repetition on the line being
//! searched is an endless line and scored as such. Yes and no are proofs; unknown means the
//! depth or the budget ran out. Proven bounds go in a table keyed by the whole position: a
//! bound never depends on the line that led to a position, with one exception handled
//! exactly: a proof for the side the endless score favours may rest on a repetition of a
//! position *above* the node (the graph-history interaction), and such a proof is not stored.
//!
//! | Module | What it holds |
//! |---|---|
//! | `value` | what is proven: the two games ([`Endless`]), [`Bounds`], a move's [`gain`] |
//! | `api` | [`Solver`], its limits and table, and what a solve found ([`Solved`]) |
//! | `bisection` | each iteration's null-window tests, narrowing the bounds |
//! | `ge` | the bound search, and the graph-history rule for storing its proofs |
//! | `settled` | the answers that need no search: no moves, the endgame table, a repetition on the line searched, a proven bound |
//! | `answer` | a test's answer, and the mark of a proof that rests on no repetition |
//! | `proof_table` | the proven bounds by position |
//! | `key` | the whole position as a key ([`exact_key`]) |

mod answer;
mod api;
mod bisection;
mod ge;
mod key;
mod proof_table;
mod settled;
mod value;

pub use api::{Solved, Solver};
pub use key::exact_key;
pub use value::{gain, round_alone, Bounds, Endless};
