//! The games in play: held in memory while they are used, every change written to the store
//! before it is shown.
//!
//! | Module | What it holds |
//! |---|---|
//! | [`held`] | what the hub needs of a game of either kind (Raja Pasu or Mandiri) |
//! | [`hub`] | the registry: games loaded when first asked for, evicted when idle, expired |
//! | [`slot`] | one game held in memory, its lock and its live-update channel |
//! | [`actions`] | what the API asks of a game: create, move, undo, hint, join, resign, … |
//! | [`seats`] | seat tokens and invitation codes, and who holds which seat |
//! | [`view`] | the JSON the page reads, as typed structs |
//! | [`computer_task`] | the computer's turn |
//! | [`sync`] | changes made by other instances on a shared store |
//! | [`policy`] | the cap on unfinished games, expiry, eviction and the clock |

pub mod actions;
pub mod computer_task;
pub mod held;
pub mod hub;
pub mod policy;
pub mod seats;
pub mod slot;
pub mod sync;
pub mod view;

pub use hub::Hub;
pub use policy::Policy;
pub use slot::Slot;
