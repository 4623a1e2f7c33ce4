//! What every store keeps about ratings ([`RatingStore`]): each account's standing in each pool,
//! the history of its rated games, and the games already rated. A rated game's end is stored
//! by [`Store::change_rated`](super::Store::change_rated), which rates it in the same
//! transaction; a game already rated is never rated again (its id is the key of the rated
//! games' table).

use super::error::StoreError;
use crate::ratings::standing::Standing;
use rajapasu_rating::pool::{RatedIn, UnknownPool};
use rajapasu_rating::Pool;
use std::str::FromStr;

/// One rated game in an account's history: the pool, the game, when, and the rating after it
/// with the change it made.
#[derive(Clone, Debug, PartialEq)]
pub struct HistoryPoint {
    /// The pool it was rated in: for a game rated before blitz and rapid were told apart, its
    /// variant's real-time pool (docs/RATINGS.md).
    pub pool: RatedIn,
    /// The game's id.
    pub game: String,
    /// When it ended, seconds since 1970.
    pub at: u64,
    /// The rating after it.
    pub rating: f64,
    /// The deviation after it.
    pub deviation: f64,
    /// The rating before it.
    pub before: f64,
}

/// A player on a leaderboard: their name and standing.
#[derive(Clone, Debug, PartialEq)]
pub struct Ranked {
    /// The account's name.
    pub name: String,
    /// Their standing in the pool.
    pub standing: Standing,
}

/// Where ratings are kept: every method returns once its work is committed.
#[async_trait::async_trait]
pub trait RatingStore: Send + Sync {
    /// The account's standing in each pool it has played a rated game in.
    async fn standings(&self, account: &str) -> Result<Vec<(Pool, Standing)>, StoreError>;

    /// The players of `pool` who have played at least `min_games` rated games in it and are
    /// not provisional (as their last game left them), the highest rated first, at most
    /// `limit`.
    async fn leaderboard(
        &self,
        pool: Pool,
        min_games: u32,
        limit: u32,
    ) -> Result<Vec<Ranked>, StoreError>;

    /// What the rated game `game` did to its players' ratings: each player's name and line of
    /// history, by name.
    async fn game_ratings(&self, game: &str) -> Result<Vec<(String, HistoryPoint)>, StoreError>;

    /// The account's rated games, the oldest first, at most `limit` (the latest ones).
    async fn rating_history(
        &self,
        account: &str,
        limit: u32,
    ) -> Result<Vec<HistoryPoint>, StoreError>;
}

/// Reads a stored pool's name: a [`Pool`] (a standing's), or a [`RatedIn`] (a line of
/// history's, which may name an old real-time pool).
pub(super) fn pool_of<P: FromStr<Err = UnknownPool>>(name: &str) -> Result<P, StoreError> {
    name.parse()
        .map_err(|e: UnknownPool| StoreError::Corrupt(e.to_string()))
}

/// Reads a stored standing.
pub(super) fn standing_of(
    rating: f64,
    deviation: f64,
    volatility: f64,
    games: i64,
    last: Option<i64>,
) -> Result<Standing, StoreError> {
    Ok(Standing {
        rating: rajapasu_rating::Rating::new(rating, deviation, volatility)
            .map_err(|e| StoreError::Corrupt(format!("a stored rating: {e}")))?,
        games: games.clamp(0, i64::from(u32::MAX)) as u32,
        last: last.map(|l| l.max(0) as u64),
    })
}
