//! The games in play, written once for both games: held in memory while they are used, every
//! change written to the store before it is shown. What differs between the games is given by
//! each game's implementation of [`served::ServedGame`] and [`view::ShownGame`]
//! (`crate::raja_pasu`, `crate::mandiri`).
//!
//! | Module | What it holds |
//! |---|---|
//! | [`served`] | what each game gives the server: its players, settings, requests, stored moves, searches |
//! | [`seating`] | who plays: the kinds of game, the seats of each kind, the players a token holds, what the actions change in the settings |
//! | [`view`] | what each game shows (its JSON), what happened as both games tell it, the answers they share |
//! | [`entry`] | one game held in memory: the game, its settings, what only memory keeps |
//! | [`slot`] | one game with its lock and its live-update channel |
//! | [`registry`] | the games of one kind held, by id |
//! | [`hub`] | every game held: loaded when first asked for, evicted when idle, expired; other instances' changes |
//! | [`clock`] | the game clock: time controls, deadlines, lag forgiven, downtime not charged, who flags |
//! | [`round_trip`] | the round trip measured to a seated player on the game's socket: the most lag forgiven |
//! | [`flags`] | a timed game ended on time: the flagged player resigns with no time left |
//! | [`changes`] | how a change is made: the ply checked, the change stored, tried again, taken and told |
//! | [`actions`] | what the API asks of a game: create, state, move, undo, hint, join, resign, name, next round, record, trace |
//! | [`offers`] | draw offers and takebacks in online games: every player agrees; the takeback policy |
//! | [`rematch`] | a new game once one is over: at once, or when every player offered it online |
//! | [`computer_task`] | the computer's turn |
//! | [`sync`] | what changed between two copies of a game (another instance's change) |
//! | [`player`] | the players of a game: by what seats, clocks and tokens are kept |
//! | [`policy`] | the cap on unfinished games, expiry, eviction and the clock |

pub mod actions;
pub mod changes;
pub mod clock;
pub mod computer_task;
pub mod entry;
pub mod flags;
pub mod hub;
pub mod offers;
pub mod player;
pub mod policy;
pub mod registry;
pub mod rematch;
pub mod round_trip;
pub mod seating;
pub mod served;
pub mod slot;
pub mod sync;
pub mod view;

pub use hub::Hub;
pub use policy::Policy;
pub use slot::Slot;
