//! One module per command, named after it (`rajapasu NAME`, docs/CLI.md):
//!
//! | Module | Command |
//! |---|---|
//! | `play` | a game in the terminal, of either game |
//! | `analyze`, `solve` | every move's score; proven bounds on a position's value |
//! | `solve_match` | `solve --match`: the whole match at every round start |
//! | `certify`, `principal`, `check` | certificates, the principal match, and their independent check |
//! | `book`, `tablebase` | the proven opening book and the endgame table |
//! | `puzzles` | puzzles with proven solutions |
//! | `selfplay`, `tournament`, `report` | statistics and tournaments, and what both print |
//! | `replay`, `rules`, `state`, `trace` | records replayed and checked; the rule sets; a game's state after some moves; a move's events |
//! | `engine` | the engine line protocol |
//! | `perft`, `bench` | move counts and the engine's speed |

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
