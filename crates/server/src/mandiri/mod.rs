//! Raja Pasu Mandiri, the three-player game, on the server: its games are held, stored,
//! reloaded and watched by the same hub as the two-player ones ([`crate::games`], over
//! [`crate::games::held::Held`]); what differs is here.
//!
//! | Module | What it holds |
//! |---|---|
//! | [`settings`] | who plays (one person and two computers, three on one device, three online), the stored JSON |
//! | [`entry`] | one game held in memory, the stored form of its moves |
//! | [`requests`] | the new-game and move requests |
//! | [`actions`] | create, state, move, hint, undo, join, resign |
//! | [`rematch`] | a new game once the match is over: at once, or when all three offer |
//! | [`view`] | the JSON the page reads |
//! | [`trace`] | a move played from any position, told as a game's are (`POST /api/mandiri/trace`) |
//! | [`routes`] | the routes under `/api/mandiri/games` |

pub mod actions;
pub mod entry;
pub mod rematch;
pub mod requests;
pub mod routes;
pub mod settings;
pub mod trace;
pub mod view;

pub use entry::MandiriEntry;
