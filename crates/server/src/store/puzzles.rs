//! What every store keeps about the puzzles ([`PuzzleStore`]): each puzzle's Glicko-2 rating
//! once it has been attempted, so that it survives a restart and is shared by every instance,
//! each account's own puzzle rating, and which puzzles each account was rated on (once each).
//! A puzzle never attempted is at its starting rating, which the shipped set holds; an account
//! that never rated an attempt has none.

use super::error::StoreError;
use rajapasu_rating::{Rating, RatingError};

/// How one attempt moves the ratings: from the puzzle's and the player's before to both after.
pub type PuzzleUpdate =
    Box<dyn FnOnce(Rating, Rating) -> Result<(Rating, Rating), RatingError> + Send>;

/// One rated attempt of an account, as the store takes it.
pub struct Attempt {
    /// The puzzle's id.
    pub puzzle: String,
    /// The puzzle's starting rating, when never attempted.
    pub start: Rating,
    /// The account whose puzzle rating the attempt moves.
    pub account: String,
    /// The player's rating before when the account has none stored (a new player's).
    pub player: Rating,
    /// The move of both ratings.
    pub update: PuzzleUpdate,
}

/// What an attempt did: the puzzle's and the player's ratings before and after, and whether
/// it counted (an account is rated once per puzzle: a later attempt changes nothing).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rated {
    /// Whether the attempt moved the ratings: false when the account was rated on the puzzle
    /// before (then the ratings after are those before).
    pub counted: bool,
    /// The puzzle's rating before.
    pub puzzle_before: Rating,
    /// The puzzle's rating after.
    pub puzzle_after: Rating,
    /// The player's rating before.
    pub player_before: Rating,
    /// The player's rating after.
    pub player_after: Rating,
}

/// Where the puzzles' ratings are kept: every method returns once its work is committed.
#[async_trait::async_trait]
pub trait PuzzleStore: Send + Sync {
    /// The rating of every puzzle attempted at least once, by id.
    async fn puzzle_ratings(&self) -> Result<Vec<(String, Rating)>, StoreError>;

    /// The rating of the puzzle `id`, if it has been attempted.
    async fn puzzle_rating(&self, id: &str) -> Result<Option<Rating>, StoreError>;

    /// The puzzle rating of the account `account`, if it has one.
    async fn player_puzzle_rating(&self, account: &str) -> Result<Option<Rating>, StoreError>;

    /// Gives the account `account` the puzzle rating `rating` (a guest's, at registration or
    /// login) unless it has one already; returns whether it took it.
    async fn adopt_puzzle_rating(&self, account: &str, rating: Rating) -> Result<bool, StoreError>;

    /// Moves the puzzle's rating and the account's, in one transaction, so that two attempts
    /// at once on two instances both count, unless the account was rated on the puzzle
    /// before: then nothing moves ([`Rated::counted`] false). An update that fails
    /// ([`StoreError::Rating`], or [`StoreError::Failed`] if it panics) stores nothing.
    async fn rate_puzzle(&self, attempt: Attempt) -> Result<Rated, StoreError>;
}

/// The puzzles' tables in SQLite.
pub(super) const SQLITE_SCHEMA: &str = "
    CREATE TABLE IF NOT EXISTS puzzle_attempts(
        account TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        puzzle TEXT NOT NULL,
        PRIMARY KEY(account, puzzle)
    ) WITHOUT ROWID;
    CREATE TABLE IF NOT EXISTS puzzle_ratings(
        id TEXT PRIMARY KEY,
        rating REAL NOT NULL,
        deviation REAL NOT NULL,
        volatility REAL NOT NULL,
        attempts INTEGER NOT NULL
    );
    CREATE TABLE IF NOT EXISTS puzzle_players(
        account TEXT PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
        rating REAL NOT NULL,
        deviation REAL NOT NULL,
        volatility REAL NOT NULL,
        attempts INTEGER NOT NULL
    );";

/// The puzzles' tables in PostgreSQL.
pub(super) const POSTGRES_SCHEMA: &str = "
    CREATE TABLE IF NOT EXISTS puzzle_attempts(
        account TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        puzzle TEXT NOT NULL,
        PRIMARY KEY(account, puzzle)
    );
    CREATE TABLE IF NOT EXISTS puzzle_ratings(
        id TEXT PRIMARY KEY,
        rating DOUBLE PRECISION NOT NULL,
        deviation DOUBLE PRECISION NOT NULL,
        volatility DOUBLE PRECISION NOT NULL,
        attempts BIGINT NOT NULL
    );
    CREATE TABLE IF NOT EXISTS puzzle_players(
        account TEXT PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
        rating DOUBLE PRECISION NOT NULL,
        deviation DOUBLE PRECISION NOT NULL,
        volatility DOUBLE PRECISION NOT NULL,
        attempts BIGINT NOT NULL
    );";

/// Runs an attempt's update on the ratings before it: a panic in it is stopped here
/// ([`StoreError::Failed`]), an error is [`StoreError::Rating`].
pub(super) fn run_update(
    update: PuzzleUpdate,
    puzzle: Rating,
    player: Rating,
) -> Result<(Rating, Rating), StoreError> {
    super::error::guarded(|| update(puzzle, player))?.map_err(StoreError::Rating)
}

/// Reads a stored rating.
pub(super) fn rating_of(
    rating: f64,
    deviation: f64,
    volatility: f64,
) -> Result<Rating, StoreError> {
    Rating::new(rating, deviation, volatility)
        .map_err(|e| StoreError::Corrupt(format!("a stored puzzle rating: {e}")))
}
