//! Ratings for games (docs/RATINGS.md): a game between two (or three) registered players may
//! be rated; when it ends its players' Glicko-2 ratings in its pool move, once, in the
//! transaction that stores the end.
//!
//! | Module | What it holds |
//! |---|---|
//! | [`standing`] | a player's standing in a pool, a rated game's end, the new standings (no I/O) |
//! | [`routes`] | the leaderboards and the players' pages (`/api/leaderboard/{pool}`, `/api/players/{name}`) |

pub mod routes;
pub mod standing;
