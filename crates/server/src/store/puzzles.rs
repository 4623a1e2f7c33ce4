//! What every store keeps about the puzzles ([`PuzzleStore`]): each puzzle's Glicko-2 rating
//! once it has been attempted, so that it survives a restart and is shared by every instance,
//! each account's own puzzle rating, and which puzzles each account was rated on (once each).
//! A puzzle never attempted is at its starting rating, which the shipped set holds; an account
//! that never rated an attempt has none.
//!
//! An attempt is one transaction: the puzzle's row and then the player's are locked (on
//! PostgreSQL; SQLite's one thread runs it alone) while both ratings move.

use super::error::StoreError;
use super::sql::{Db, Row, Tx, Value};
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

/// The puzzles' tables, created when missing (in PostgreSQL with the games', under the same
/// lock).
pub(super) const SCHEMA: &str = "
    CREATE TABLE IF NOT EXISTS puzzle_attempts(
        account TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        puzzle TEXT NOT NULL,
        PRIMARY KEY(account, puzzle)
    ) /* WITHOUT ROWID */;
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

/// The statements on one table of ratings, keyed by `$1`: the puzzles' or the players'.
struct Ratings {
    /// Stores `$2, $3, $4` as the key's rating, with no attempt, unless it has one.
    start: &'static str,
    /// The key's rating.
    read: &'static str,
    /// The key's rating, its row locked until the transaction ends.
    lock: &'static str,
    /// The key's rating after one more attempt.
    update: &'static str,
}

macro_rules! ratings {
    ($table:literal, $key:literal) => {
        Ratings {
            start: concat!(
                "INSERT INTO ",
                $table,
                "(",
                $key,
                ", rating, deviation, volatility, attempts)
                 VALUES ($1, $2, $3, $4, 0) ON CONFLICT DO NOTHING"
            ),
            read: concat!(
                "SELECT rating, deviation, volatility FROM ",
                $table,
                " WHERE ",
                $key,
                " = $1"
            ),
            lock: concat!(
                "SELECT rating, deviation, volatility FROM ",
                $table,
                " WHERE ",
                $key,
                " = $1
                 FOR UPDATE"
            ),
            update: concat!(
                "UPDATE ",
                $table,
                " SET rating = $2, deviation = $3, volatility = $4,
                     attempts = attempts + 1 WHERE ",
                $key,
                " = $1"
            ),
        }
    };
}

const PUZZLES: Ratings = ratings!("puzzle_ratings", "id");
const PLAYERS: Ratings = ratings!("puzzle_players", "account");

/// The parameters of a key and its rating.
fn keyed(key: &str, r: Rating) -> [Value; 4] {
    [
        key.into(),
        r.rating().into(),
        r.deviation().into(),
        r.volatility().into(),
    ]
}

/// Reads a stored rating: columns `from`, `from + 1` and `from + 2` of `row`.
fn rating_at(row: &Row, from: usize) -> Result<Rating, StoreError> {
    Rating::new(row.get(from)?, row.get(from + 1)?, row.get(from + 2)?)
        .map_err(|e| StoreError::Corrupt(format!("a stored puzzle rating: {e}")))
}

impl Ratings {
    /// The key's rating, `start` if it has none yet (then stored), its row locked until the
    /// transaction ends: two attempts at once on two instances take turns, and both count.
    async fn locked(
        &self,
        tx: &mut dyn Tx,
        key: &str,
        start: Rating,
    ) -> Result<Rating, StoreError> {
        tx.execute(self.start, &keyed(key, start)).await?;
        rating_at(&tx.query_one(self.lock, &[key.into()]).await?, 0)
    }

    /// The key's rating, if it has one.
    async fn read(&self, db: &impl Db, key: &str) -> Result<Option<Rating>, StoreError> {
        let row = db.row(self.read, vec![key.into()]).await?;
        row.map(|r| rating_at(&r, 0)).transpose()
    }
}

/// The attempt's transaction: see [`PuzzleStore::rate_puzzle`].
async fn rate(tx: &mut dyn Tx, attempt: Attempt) -> Result<Rated, StoreError> {
    let Attempt {
        puzzle,
        start,
        account,
        player,
        update,
    } = attempt;
    let first = tx
        .execute(
            "INSERT INTO puzzle_attempts(account, puzzle) VALUES ($1, $2) ON CONFLICT DO NOTHING",
            &[(&account).into(), (&puzzle).into()],
        )
        .await?
        == 1;
    let puzzle_before = PUZZLES.locked(tx, &puzzle, start).await?;
    let player_before = PLAYERS.locked(tx, &account, player).await?;
    if !first {
        return Ok(Rated {
            counted: false,
            puzzle_before,
            puzzle_after: puzzle_before,
            player_before,
            player_after: player_before,
        });
    }
    let (puzzle_after, player_after) =
        super::error::guarded(|| update(puzzle_before, player_before))?
            .map_err(StoreError::Rating)?;
    tx.execute(PUZZLES.update, &keyed(&puzzle, puzzle_after))
        .await?;
    tx.execute(PLAYERS.update, &keyed(&account, player_after))
        .await?;
    Ok(Rated {
        counted: true,
        puzzle_before,
        puzzle_after,
        player_before,
        player_after,
    })
}

#[async_trait::async_trait]
impl<D: Db> PuzzleStore for D {
    async fn puzzle_ratings(&self) -> Result<Vec<(String, Rating)>, StoreError> {
        let sql = "SELECT id, rating, deviation, volatility FROM puzzle_ratings";
        self.rows(sql, vec![])
            .await?
            .iter()
            .map(|r| Ok((r.get(0)?, rating_at(r, 1)?)))
            .collect()
    }

    async fn puzzle_rating(&self, id: &str) -> Result<Option<Rating>, StoreError> {
        PUZZLES.read(self, id).await
    }

    async fn player_puzzle_rating(&self, account: &str) -> Result<Option<Rating>, StoreError> {
        PLAYERS.read(self, account).await
    }

    async fn adopt_puzzle_rating(&self, account: &str, rating: Rating) -> Result<bool, StoreError> {
        let n = self
            .statement(PLAYERS.start, keyed(account, rating).into())
            .await?;
        Ok(n == 1)
    }

    async fn rate_puzzle(&self, attempt: Attempt) -> Result<Rated, StoreError> {
        // An error drops the transaction uncommitted: nothing of the attempt is stored.
        self.transaction(move |tx| Box::pin(rate(tx, attempt)))
            .await
    }
}
