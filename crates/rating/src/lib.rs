//! Ratings for both games: Glicko-2 (Glickman, "Example of the Glicko-2 system"), the pools a
//! player is rated in, and how a Mandiri result becomes results between pairs of players. No
//! I/O and no clock: the caller says how long a player has been away. docs/RATINGS.md explains
//! the choices (one game at a time, the provisional mark, Mandiri by captures).
//!
//! | Module | What it holds |
//! |---|---|
//! | [`glicko2`] | a player's rating ([`Rating`]), the system's settings ([`Config`]), a game's score, the update |
//! | [`pool`] | the pools a rating belongs to: game and speed ([`Pool`]); the pools stored games were rated in |
//! | [`speed`] | the speeds (blitz, rapid, correspondence) and which a clock is rated at ([`Clock::speed`]) |
//! | [`mandiri`] | a three-player result as three two-player results, by captures |
//! | [`bounds`] | the ratings, deviations and volatilities a rating may hold |
//! | [`error`] | what is wrong with an input ([`RatingError`]) |
//!
//! ```
//! use rajapasu_rating::{Config, Rating, Score};
//! let config = Config::default();
//! let (a, b) = (config.unrated(), config.unrated());
//! let (a2, b2) = config.rate_game(&a, &b, Score::WIN, [0.0, 0.0]).unwrap();
//! assert!(a2.rating() > 1500.0 && b2.rating() < 1500.0);
//! assert!(a2.is_provisional());
//! ```

pub mod bounds;
pub mod error;
pub mod glicko2;
pub mod mandiri;
pub mod pool;
pub mod speed;

pub use error::RatingError;
pub use glicko2::{
    Config, Outcome, Rating, Score, DEVIATION_BOUNDS, PROVISIONAL_DEVIATION, RATING_BOUNDS,
    VOLATILITY_BOUNDS,
};
pub use pool::{Pool, Variant};
pub use speed::{Clock, Speed};
