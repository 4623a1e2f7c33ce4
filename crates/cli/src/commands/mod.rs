//! One module per command.

pub mod bench;
pub mod perft;
pub mod replay;
pub mod rules;
pub mod state;
pub mod trace;
