//! A rated game's end in PostgreSQL: the ratings moved inside the transaction that stores the
//! end (called by `super::postgres`). The players' rows are locked in the order of their ids,
//! so that two games ending at once with a player in common wait for each other rather than
//! one overwriting the other's update.

use super::error::StoreError;
use crate::ratings::standing::{rate, RatedEnd, Standing};

/// The ratings' tables, created with the games' (under the same lock) when missing.
pub(super) const SCHEMA: &str = "
    CREATE TABLE IF NOT EXISTS ratings(
        account TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        pool TEXT NOT NULL,
        rating DOUBLE PRECISION NOT NULL,
        deviation DOUBLE PRECISION NOT NULL,
        volatility DOUBLE PRECISION NOT NULL,
        games INTEGER NOT NULL,
        last BIGINT,
        PRIMARY KEY(account, pool));
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

/// Rates the game `end` unless it was rated already, in the transaction `tx` that stored it.
pub(super) async fn rate_game(
    tx: &deadpool_postgres::Transaction<'_>,
    end: &RatedEnd,
) -> Result<(), StoreError> {
    let pool = end.pool.to_string();
    let first = tx
        .execute(
            "INSERT INTO rated_games(game, pool, at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING",
            &[&end.game, &pool, &(end.at as i64)],
        )
        .await?;
    if first == 0 {
        return Ok(());
    }
    let config = crate::ratings::standing::system();
    let unrated = Standing::unrated(&config);
    // Every player's row exists, then all are locked, in the order of their ids.
    let mut order: Vec<&String> = end.accounts.iter().collect();
    order.sort();
    for account in &order {
        tx.execute(
            "INSERT INTO ratings(account, pool, rating, deviation, volatility, games, last)
             VALUES ($1, $2, $3, $4, $5, 0, NULL) ON CONFLICT DO NOTHING",
            &[
                account,
                &pool,
                &unrated.rating.rating(),
                &unrated.rating.deviation(),
                &unrated.rating.volatility(),
            ],
        )
        .await?;
    }
    let rows = tx
        .query(
            "SELECT account, rating, deviation, volatility, games, last FROM ratings
             WHERE pool = $1 AND account = ANY($2) ORDER BY account FOR UPDATE",
            &[&pool, &end.accounts],
        )
        .await?;
    let mut before = Vec::new();
    for account in &end.accounts {
        let row = rows
            .iter()
            .find(|r| r.get::<_, String>(0) == *account)
            .ok_or_else(|| StoreError::Corrupt(format!("no rating row for {account}")))?;
        before.push(super::ratings::standing_of(
            row.try_get(1)?,
            row.try_get(2)?,
            row.try_get(3)?,
            i64::from(row.try_get::<_, i32>(4)?),
            row.try_get(5)?,
        )?);
    }
    let after = rate(&config, end, &before).map_err(StoreError::Rating)?;
    for ((account, old), new) in end.accounts.iter().zip(&before).zip(&after) {
        tx.execute(
            "UPDATE ratings SET rating = $3, deviation = $4, volatility = $5, games = $6,
                 last = $7
             WHERE account = $1 AND pool = $2",
            &[
                account,
                &pool,
                &new.rating.rating(),
                &new.rating.deviation(),
                &new.rating.volatility(),
                &(new.games.min(i32::MAX as u32) as i32),
                &new.last.map(|l| l as i64),
            ],
        )
        .await?;
        tx.execute(
            "INSERT INTO rating_history(account, pool, game, at, rating, deviation, before)
             VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING",
            &[
                account,
                &pool,
                &end.game,
                &(end.at as i64),
                &new.rating.rating(),
                &new.rating.deviation(),
                &old.rating.rating(),
            ],
        )
        .await?;
    }
    Ok(())
}
