//! The ratings in SQLite ([`RatingStore`] for [`SqliteStore`]): reads only. A rated game's end
//! is rated by the writer thread, in the game's own write (`super::sqlite_rated`).

use super::contract::StoreError;
use super::ratings::{pool_of, HistoryPoint, Ranked, RatingStore};
use super::sqlite::SqliteStore;
use super::sqlite_rated::{standing, standing_row, Row};
use crate::ratings::standing::Standing;
use rajapasu_rating::Pool;
use rusqlite::params;

/// A history line's columns as read: pool, game, at, rating, deviation, before.
type Line = (String, String, i64, f64, f64, f64);

fn history_line(r: &rusqlite::Row, first: usize) -> rusqlite::Result<Line> {
    Ok((
        r.get(first)?,
        r.get(first + 1)?,
        r.get(first + 2)?,
        r.get(first + 3)?,
        r.get(first + 4)?,
        r.get(first + 5)?,
    ))
}

fn history_point(
    (pool, game, at, rating, deviation, before): Line,
) -> Result<HistoryPoint, StoreError> {
    Ok(HistoryPoint {
        pool: pool_of(&pool)?,
        game,
        at: at.max(0) as u64,
        rating,
        deviation,
        before,
    })
}

#[async_trait::async_trait]
impl RatingStore for SqliteStore {
    async fn standings(&self, account: &str) -> Result<Vec<(Pool, Standing)>, StoreError> {
        let account = account.to_string();
        let rows: Vec<(String, Row)> = self
            .read(move |conn| {
                let mut s = conn.prepare_cached(
                    "SELECT pool, rating, deviation, volatility, games, last FROM ratings
                     WHERE account = ?1 AND games > 0 ORDER BY pool",
                )?;
                let rows = s.query_map([account], |r| Ok((r.get(0)?, standing_row(r, 1)?)))?;
                rows.collect()
            })
            .await?;
        rows.into_iter()
            .map(|(pool, row)| Ok((pool_of(&pool)?, standing(row)?)))
            .collect()
    }

    async fn leaderboard(
        &self,
        pool: Pool,
        min_games: u32,
        limit: u32,
    ) -> Result<Vec<Ranked>, StoreError> {
        let pool = pool.to_string();
        let rows: Vec<(String, Row)> = self
            .read(move |conn| {
                let mut s = conn.prepare_cached(
                    "SELECT a.name, r.rating, r.deviation, r.volatility, r.games, r.last
                     FROM ratings r JOIN accounts a ON a.id = r.account
                     WHERE r.pool = ?1 AND r.games >= max(?3, 1) AND r.deviation < ?4
                     ORDER BY r.rating DESC, a.name LIMIT ?2",
                )?;
                let provisional = rajapasu_rating::PROVISIONAL_DEVIATION;
                let rows = s.query_map(params![pool, limit, min_games, provisional], |r| {
                    Ok((r.get(0)?, standing_row(r, 1)?))
                })?;
                rows.collect()
            })
            .await?;
        rows.into_iter()
            .map(|(name, row)| {
                Ok(Ranked {
                    name,
                    standing: standing(row)?,
                })
            })
            .collect()
    }

    async fn game_ratings(&self, game: &str) -> Result<Vec<(String, HistoryPoint)>, StoreError> {
        let game = game.to_string();
        let rows: Vec<(String, Line)> = self
            .read(move |conn| {
                let mut s = conn.prepare_cached(
                    "SELECT a.name, h.pool, h.game, h.at, h.rating, h.deviation, h.before
                     FROM rating_history h JOIN accounts a ON a.id = h.account
                     WHERE h.game = ?1 ORDER BY a.name",
                )?;
                let rows = s.query_map([game], |r| Ok((r.get(0)?, history_line(r, 1)?)))?;
                rows.collect()
            })
            .await?;
        rows.into_iter()
            .map(|(name, line)| Ok((name, history_point(line)?)))
            .collect()
    }

    async fn rating_history(
        &self,
        account: &str,
        limit: u32,
    ) -> Result<Vec<HistoryPoint>, StoreError> {
        let account = account.to_string();
        let rows: Vec<Line> = self
            .read(move |conn| {
                let mut s = conn.prepare_cached(
                    "SELECT pool, game, at, rating, deviation, before FROM (
                         SELECT * FROM rating_history WHERE account = ?1
                         ORDER BY at DESC, game LIMIT ?2)
                     ORDER BY at, game",
                )?;
                let rows = s.query_map(params![account, limit], |r| history_line(r, 0))?;
                rows.collect()
            })
            .await?;
        rows.into_iter().map(history_point).collect()
    }
}
