//! One module per command.

pub mod analyze;
pub mod bench;
pub mod book;
pub mod certify;
pub mod check;
pub mod engine;
pub mod perft;
pub mod play;
pub mod principal;
pub mod puzzles;
pub mod replay;
pub mod report;
pub mod rules;
pub mod selfplay;
pub mod solve;
pub mod solve_match;
pub mod state;
pub mod tablebase;
pub mod tournament;
pub mod trace;
