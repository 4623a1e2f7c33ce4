//! # rajapasu-tui
//!
//! Raja Pasu and Raja Pasu Mandiri in the terminal: the board with its rows, counts, captures
//! and closed holes; each move animated from the engine's trace and told in words; computer
//! opponents at any level, or people at one keyboard; move list, undo, hints, round summaries
//! and the match scoreboard; the game record saved after every move.
//!
//! [`run`] takes over the terminal until the player quits and always gives it back (normal
//! exit, Ctrl-C, a stop signal, or a panic). Everything a game in the terminal does is written
//! once, over the game: the state and its commands ([`App`]), the keys, the searches beside
//! the game, saving and undo; only what truly differs is each game's own, in two traits it
//! implements: [`Variant`] (who plays, the computer's and the hint's searches, how a move is
//! typed, its words and frames) and [`Screen`] (its drawing).
//!
//! | Module | What it holds |
//! |---|---|
//! | [`app`] | [`App`]: the state of a game in the terminal and its commands, without a terminal |
//! | `keys` | what each key does |
//! | `searches` | the computer's moves and hints, searched on threads beside the game |
//! | [`variant`] | [`Variant`]: what differs between the games |
//! | [`config`] | [`Config`]: who plays, the animation, where the record goes, and the records' file names |
//! | `terminal` | [`run`]: the event loop and the guards that give the terminal back |
//! | [`ui`] | drawing on any ratatui backend: the screen laid out once ([`ui::draw`]) and what each game draws its own way ([`Screen`]; Raja Pasu's in [`ui::board`]), the widgets both games draw with, the round summary, text cut to fit |
//! | [`anim`] | a move's frames, from its trace; `playback` shows them one after the other |
//! | [`raja_pasu`] | Raja Pasu's part: the [`Computer`] opponent, hints in words, the round summary |
//! | [`mandiri`] | Mandiri's part: who plays each player, hole names, its drawing and frames |
//!
//! [`App`] handles keys and clock ticks and [`ui::draw`] renders it, so both can be tested
//! with ratatui's `TestBackend`.

#![warn(missing_docs)]

pub mod anim;
pub mod app;
pub mod config;
mod keys;
pub mod mandiri;
mod playback;
pub mod raja_pasu;
mod searches;
mod terminal;
pub mod ui;
pub mod variant;

pub use app::App;
pub use config::{default_save_path, free_path, next_name, utc_now, Config, Notice};
pub use raja_pasu::Computer;
pub use terminal::run;
pub use ui::Screen;
pub use variant::Variant;
