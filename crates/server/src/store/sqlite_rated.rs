//! A rated game's end in SQLite: the ratings moved inside the write's own savepoint, so that
//! they are stored with the result or not at all (called by the writer thread, in
//! `super::sqlite`).

use super::error::StoreError;
use crate::ratings::standing::{rate, RatedEnd, Standing};
use rusqlite::{params, Connection};
use std::sync::Arc;

/// The ratings' tables, created when missing.
pub(super) const SCHEMA: &str = "
     CREATE TABLE IF NOT EXISTS ratings(
         account TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
         pool TEXT NOT NULL,
         rating REAL NOT NULL,
         deviation REAL NOT NULL,
         volatility REAL NOT NULL,
         games INTEGER NOT NULL,
         last INTEGER,
         PRIMARY KEY(account, pool)) WITHOUT ROWID;
     CREATE INDEX IF NOT EXISTS ratings_pool ON ratings(pool, rating);
     CREATE TABLE IF NOT EXISTS rated_games(
         game TEXT PRIMARY KEY,
         pool TEXT NOT NULL,
         at INTEGER NOT NULL);
     CREATE TABLE IF NOT EXISTS rating_history(
         account TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
         pool TEXT NOT NULL,
         game TEXT NOT NULL,
         at INTEGER NOT NULL,
         rating REAL NOT NULL,
         deviation REAL NOT NULL,
         before REAL NOT NULL,
         PRIMARY KEY(account, game));
     CREATE INDEX IF NOT EXISTS rating_history_at ON rating_history(account, at);";

/// A standing's columns as read: rating, deviation, volatility, games, last.
pub(super) type Row = (f64, f64, f64, i64, Option<i64>);

/// The standing's five columns of `r` from column `first` on (every query here, and the
/// rating of a game's end, select them in that order).
pub(super) fn standing_row(r: &rusqlite::Row, first: usize) -> rusqlite::Result<Row> {
    Ok((
        r.get(first)?,
        r.get(first + 1)?,
        r.get(first + 2)?,
        r.get(first + 3)?,
        r.get(first + 4)?,
    ))
}

pub(super) fn standing(row: Row) -> Result<Standing, StoreError> {
    super::ratings::standing_of(row.0, row.1, row.2, row.3, row.4)
}

fn sql(e: rusqlite::Error) -> StoreError {
    StoreError::Refused(Arc::new(e))
}

/// Rates the game `end` unless it was rated already: called after the game's change, in its
/// savepoint.
pub(super) fn rate_game(conn: &Connection, end: &RatedEnd) -> Result<(), StoreError> {
    let pool = end.pool.to_string();
    let first = conn
        .prepare_cached(
            "INSERT INTO rated_games(game, pool, at) VALUES (?1, ?2, ?3) ON CONFLICT DO NOTHING",
        )
        .and_then(|mut s| s.execute(params![end.game, pool, end.at as i64]))
        .map_err(sql)?;
    if first == 0 {
        return Ok(());
    }
    let config = crate::ratings::standing::system();
    let mut before = Vec::new();
    for account in &end.accounts {
        let row = conn
            .prepare_cached(
                "SELECT rating, deviation, volatility, games, last FROM ratings
                 WHERE account = ?1 AND pool = ?2",
            )
            .and_then(|mut s| {
                rusqlite::OptionalExtension::optional(
                    s.query_row(params![account, pool], |r| standing_row(r, 0)),
                )
            })
            .map_err(sql)?;
        before.push(match row {
            Some(row) => standing(row)?,
            None => Standing::unrated(&config),
        });
    }
    let after = rate(&config, end, &before).map_err(StoreError::Rating)?;
    for ((account, old), new) in end.accounts.iter().zip(&before).zip(&after) {
        conn.prepare_cached(
            "INSERT INTO ratings(account, pool, rating, deviation, volatility, games, last)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
             ON CONFLICT(account, pool) DO UPDATE SET rating = excluded.rating,
                 deviation = excluded.deviation, volatility = excluded.volatility,
                 games = excluded.games, last = excluded.last",
        )
        .and_then(|mut s| {
            s.execute(params![
                account,
                pool,
                new.rating.rating(),
                new.rating.deviation(),
                new.rating.volatility(),
                i64::from(new.games),
                new.last.map(|l| l as i64),
            ])
        })
        .map_err(sql)?;
        conn.prepare_cached(
            "INSERT INTO rating_history(account, pool, game, at, rating, deviation, before)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) ON CONFLICT DO NOTHING",
        )
        .and_then(|mut s| {
            s.execute(params![
                account,
                pool,
                end.game,
                end.at as i64,
                new.rating.rating(),
                new.rating.deviation(),
                old.rating.rating(),
            ])
        })
        .map_err(sql)?;
    }
    Ok(())
}
