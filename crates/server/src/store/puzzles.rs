//! What every store keeps about the puzzles ([`PuzzleStore`]): each puzzle's Glicko-2 rating
//! once it has been attempted, so that it survives a restart and is shared by every instance.
//! A puzzle never attempted is at its starting rating, which the shipped set holds.

use super::error::StoreError;
use rajapasu_rating::Rating;

/// How one attempt moves a puzzle's rating: from the rating before to the rating after.
pub type PuzzleUpdate = Box<dyn FnOnce(Rating) -> Rating + Send>;

/// Where the puzzles' ratings are kept: every method returns once its work is committed.
#[async_trait::async_trait]
pub trait PuzzleStore: Send + Sync {
    /// The rating of every puzzle attempted at least once, by id.
    async fn puzzle_ratings(&self) -> Result<Vec<(String, Rating)>, StoreError>;

    /// The rating of the puzzle `id`, if it has been attempted.
    async fn puzzle_rating(&self, id: &str) -> Result<Option<Rating>, StoreError>;

    /// Moves the rating of the puzzle `id` (`start` when never attempted) by `update`, in one
    /// transaction, so that two attempts at once on two instances both count; returns the
    /// ratings before and after.
    async fn rate_puzzle(
        &self,
        id: &str,
        start: Rating,
        update: PuzzleUpdate,
    ) -> Result<(Rating, Rating), StoreError>;
}

/// The puzzles' table in SQLite.
pub(super) const SQLITE_SCHEMA: &str = "
    CREATE TABLE IF NOT EXISTS puzzle_ratings(
        id TEXT PRIMARY KEY,
        rating REAL NOT NULL,
        deviation REAL NOT NULL,
        volatility REAL NOT NULL,
        attempts INTEGER NOT NULL
    );";

/// The puzzles' table in PostgreSQL.
pub(super) const POSTGRES_SCHEMA: &str = "
    CREATE TABLE IF NOT EXISTS puzzle_ratings(
        id TEXT PRIMARY KEY,
        rating DOUBLE PRECISION NOT NULL,
        deviation DOUBLE PRECISION NOT NULL,
        volatility DOUBLE PRECISION NOT NULL,
        attempts BIGINT NOT NULL
    );";

/// Reads a stored rating.
pub(super) fn rating_of(
    rating: f64,
    deviation: f64,
    volatility: f64,
) -> Result<Rating, StoreError> {
    Rating::new(rating, deviation, volatility)
        .map_err(|e| StoreError::Corrupt(format!("a stored puzzle rating: {e}")))
}
