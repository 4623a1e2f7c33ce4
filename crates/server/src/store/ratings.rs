//! What every store keeps about ratings ([`RatingStore`]): each account's standing in each pool,
//! the history of its rated games, and the games already rated. A rated game's end is stored
//! by [`Store::change_rated`](super::Store::change_rated), which rates it in the same
//! transaction; a game already rated is never rated again (its id is the key of the rated
//! games' table).

use super::error::StoreError;
use super::sql::{Db, Row, Tx, Value};
use crate::ratings::standing::{rate, RatedEnd, Standing};
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

/// The ratings' tables, created when missing (in PostgreSQL with the games', under the same
/// lock).
pub(super) const SCHEMA: &str = "
    CREATE TABLE IF NOT EXISTS ratings(
        account TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        pool TEXT NOT NULL,
        rating DOUBLE PRECISION NOT NULL,
        deviation DOUBLE PRECISION NOT NULL,
        volatility DOUBLE PRECISION NOT NULL,
        games INTEGER NOT NULL,
        last BIGINT,
        PRIMARY KEY(account, pool)) /* WITHOUT ROWID */;
    CREATE INDEX IF NOT EXISTS ratings_pool ON ratings(pool, rating);
    CREATE TABLE IF NOT EXISTS rated_games(
        game TEXT PRIMARY KEY,
        pool TEXT NOT NULL,
        at BIGINT NOT NULL);
    CREATE TABLE IF NOT EXISTS rating_history(
        account TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        pool TEXT NOT NULL,
        game TEXT NOT NULL,
        at BIGINT NOT NULL,
        rating DOUBLE PRECISION NOT NULL,
        deviation DOUBLE PRECISION NOT NULL,
        before DOUBLE PRECISION NOT NULL,
        PRIMARY KEY(account, game));
    CREATE INDEX IF NOT EXISTS rating_history_at ON rating_history(account, at);";

/// Reads a stored pool's name: a [`Pool`] (a standing's), or a [`RatedIn`] (a line of
/// history's, which may name an old real-time pool).
fn pool_of<P: FromStr<Err = UnknownPool>>(name: &str) -> Result<P, StoreError> {
    name.parse()
        .map_err(|e: UnknownPool| StoreError::Corrupt(e.to_string()))
}

/// The standing in columns `rating, deviation, volatility, games, last` of `row` from `from`
/// on (every query here selects them in that order).
fn standing_at(row: &Row, from: usize) -> Result<Standing, StoreError> {
    let games: i64 = row.get(from + 3)?;
    let last: Option<i64> = row.get(from + 4)?;
    Ok(Standing {
        rating: rajapasu_rating::Rating::new(
            row.get(from)?,
            row.get(from + 1)?,
            row.get(from + 2)?,
        )
        .map_err(|e| StoreError::Corrupt(format!("a stored rating: {e}")))?,
        games: games.clamp(0, i64::from(u32::MAX)) as u32,
        last: last.map(|l| l.max(0) as u64),
    })
}

/// The history line in columns `pool, game, at, rating, deviation, before` of `row` from
/// `from` on.
fn history_at(row: &Row, from: usize) -> Result<HistoryPoint, StoreError> {
    Ok(HistoryPoint {
        pool: pool_of(&row.get::<String>(from)?)?,
        game: row.get(from + 1)?,
        at: row.get::<i64>(from + 2)?.max(0) as u64,
        rating: row.get(from + 3)?,
        deviation: row.get(from + 4)?,
        before: row.get(from + 5)?,
    })
}

#[async_trait::async_trait]
impl<D: Db> RatingStore for D {
    async fn standings(&self, account: &str) -> Result<Vec<(Pool, Standing)>, StoreError> {
        let sql = "SELECT pool, rating, deviation, volatility, games, last FROM ratings
                   WHERE account = $1 AND games > 0 ORDER BY pool";
        self.rows(sql, vec![account.into()])
            .await?
            .iter()
            .map(|r| Ok((pool_of(&r.get::<String>(0)?)?, standing_at(r, 1)?)))
            .collect()
    }

    async fn leaderboard(
        &self,
        pool: Pool,
        min_games: u32,
        limit: u32,
    ) -> Result<Vec<Ranked>, StoreError> {
        let sql = "SELECT a.name, r.rating, r.deviation, r.volatility, r.games, r.last
                   FROM ratings r JOIN accounts a ON a.id = r.account
                   WHERE r.pool = $1 AND r.games >= greatest($3, 1) AND r.deviation < $4
                   ORDER BY r.rating DESC, a.name LIMIT $2";
        let params = vec![
            pool.to_string().into(),
            limit.into(),
            min_games.into(),
            rajapasu_rating::PROVISIONAL_DEVIATION.into(),
        ];
        self.rows(sql, params)
            .await?
            .iter()
            .map(|r| {
                Ok(Ranked {
                    name: r.get(0)?,
                    standing: standing_at(r, 1)?,
                })
            })
            .collect()
    }

    async fn game_ratings(&self, game: &str) -> Result<Vec<(String, HistoryPoint)>, StoreError> {
        let sql = "SELECT a.name, h.pool, h.game, h.at, h.rating, h.deviation, h.before
                   FROM rating_history h JOIN accounts a ON a.id = h.account
                   WHERE h.game = $1 ORDER BY a.name";
        self.rows(sql, vec![game.into()])
            .await?
            .iter()
            .map(|r| Ok((r.get(0)?, history_at(r, 1)?)))
            .collect()
    }

    async fn rating_history(
        &self,
        account: &str,
        limit: u32,
    ) -> Result<Vec<HistoryPoint>, StoreError> {
        let sql = "SELECT pool, game, at, rating, deviation, before FROM (
                       SELECT * FROM rating_history WHERE account = $1
                       ORDER BY at DESC, game LIMIT $2) h
                   ORDER BY at, game";
        self.rows(sql, vec![account.into(), limit.into()])
            .await?
            .iter()
            .map(|r| history_at(r, 0))
            .collect()
    }
}

/// Rates the game `end` unless it was rated already, in the transaction that stores its end
/// (SQLite: the write's savepoint on the writer thread; PostgreSQL: the change's transaction).
/// The players' rows are made if missing, then locked one by one in the order of their ids,
/// so that two games ending at once with a player in common wait for each other rather than
/// one overwriting the other's update (on PostgreSQL; SQLite's writer runs one at a time).
pub(super) async fn rate_game(tx: &mut dyn Tx, end: &RatedEnd) -> Result<(), StoreError> {
    let pool = Value::from(end.pool.to_string());
    let first = tx
        .execute(
            "INSERT INTO rated_games(game, pool, at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING",
            &[(&end.game).into(), pool.clone(), end.at.into()],
        )
        .await?;
    if first == 0 {
        return Ok(());
    }
    let config = crate::ratings::standing::system();
    let unrated = Standing::unrated(&config).rating;
    let mut order: Vec<&String> = end.accounts.iter().collect();
    order.sort();
    let mut locked = Vec::with_capacity(order.len());
    for account in order {
        let key = [account.into(), pool.clone()];
        tx.execute(
            "INSERT INTO ratings(account, pool, rating, deviation, volatility, games, last)
             VALUES ($1, $2, $3, $4, $5, 0, NULL) ON CONFLICT DO NOTHING",
            &[
                account.into(),
                pool.clone(),
                unrated.rating().into(),
                unrated.deviation().into(),
                unrated.volatility().into(),
            ],
        )
        .await?;
        let row = tx
            .query_one(
                "SELECT rating, deviation, volatility, games, last FROM ratings
                 WHERE account = $1 AND pool = $2 FOR UPDATE",
                &key,
            )
            .await?;
        locked.push((account, standing_at(&row, 0)?));
    }
    let before = end
        .accounts
        .iter()
        .map(|a| locked.iter().find(|(b, _)| *b == a).map(|(_, s)| *s))
        .collect::<Option<Vec<Standing>>>()
        .ok_or_else(|| StoreError::Corrupt("a player's rating row went missing".into()))?;
    let after = rate(&config, end, &before).map_err(StoreError::Rating)?;
    for ((account, old), new) in end.accounts.iter().zip(&before).zip(&after) {
        tx.execute(
            "UPDATE ratings SET rating = $3, deviation = $4, volatility = $5, games = $6,
                 last = $7
             WHERE account = $1 AND pool = $2",
            &[
                account.into(),
                pool.clone(),
                new.rating.rating().into(),
                new.rating.deviation().into(),
                new.rating.volatility().into(),
                new.games.min(i32::MAX as u32).into(),
                new.last.into(),
            ],
        )
        .await?;
        tx.execute(
            "INSERT INTO rating_history(account, pool, game, at, rating, deviation, before)
             VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING",
            &[
                account.into(),
                pool.clone(),
                (&end.game).into(),
                end.at.into(),
                new.rating.rating().into(),
                new.rating.deviation().into(),
                old.rating.rating().into(),
            ],
        )
        .await?;
    }
    Ok(())
}
