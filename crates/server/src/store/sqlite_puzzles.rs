//! The puzzles' ratings in SQLite ([`PuzzleStore`] for [`SqliteStore`]): an attempt's write
//! runs alone on the store's thread, as one transaction of its own.

use super::contract::StoreError;
use super::puzzles::{rating_of, PuzzleStore, PuzzleUpdate};
use super::sqlite::SqliteStore;
use rajapasu_rating::Rating;
use rusqlite::{params, OptionalExtension};

type Row = (f64, f64, f64);

#[async_trait::async_trait]
impl PuzzleStore for SqliteStore {
    async fn puzzle_ratings(&self) -> Result<Vec<(String, Rating)>, StoreError> {
        let rows: Vec<(String, Row)> = self
            .read(|conn| {
                let mut s = conn.prepare_cached(
                    "SELECT id, rating, deviation, volatility FROM puzzle_ratings",
                )?;
                let rows =
                    s.query_map([], |r| Ok((r.get(0)?, (r.get(1)?, r.get(2)?, r.get(3)?))))?;
                rows.collect()
            })
            .await?;
        rows.into_iter()
            .map(|(id, (r, d, v))| Ok((id, rating_of(r, d, v)?)))
            .collect()
    }

    async fn puzzle_rating(&self, id: &str) -> Result<Option<Rating>, StoreError> {
        let id = id.to_string();
        let row: Option<Row> = self
            .read(move |conn| {
                conn.prepare_cached(
                    "SELECT rating, deviation, volatility FROM puzzle_ratings WHERE id = ?1",
                )?
                .query_row([id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
                .optional()
            })
            .await?;
        row.map(|(r, d, v)| rating_of(r, d, v)).transpose()
    }

    async fn rate_puzzle(
        &self,
        id: &str,
        start: Rating,
        update: PuzzleUpdate,
    ) -> Result<(Rating, Rating), StoreError> {
        let id = id.to_string();
        let row: (Option<Row>, Row) = self
            .read(move |conn| {
                let tx = conn.unchecked_transaction()?;
                let before: Option<Row> = tx
                    .prepare_cached(
                        "SELECT rating, deviation, volatility FROM puzzle_ratings WHERE id = ?1",
                    )?
                    .query_row([&id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
                    .optional()?;
                // A stored rating that does not read is left for the caller to report.
                let Some(now) = before.map_or(Some(start), |(r, d, v)| Rating::new(r, d, v).ok())
                else {
                    return Ok((before, (0.0, 0.0, 0.0)));
                };
                let after = update(now);
                tx.prepare_cached(
                    "INSERT INTO puzzle_ratings(id, rating, deviation, volatility, attempts)
                     VALUES (?1, ?2, ?3, ?4, 1)
                     ON CONFLICT(id) DO UPDATE SET rating = excluded.rating,
                        deviation = excluded.deviation, volatility = excluded.volatility,
                        attempts = attempts + 1",
                )?
                .execute(params![
                    id,
                    after.rating(),
                    after.deviation(),
                    after.volatility()
                ])?;
                tx.commit()?;
                Ok((
                    before,
                    (after.rating(), after.deviation(), after.volatility()),
                ))
            })
            .await?;
        let before = match row.0 {
            None => start,
            Some((r, d, v)) => rating_of(r, d, v)?,
        };
        let (r, d, v) = row.1;
        Ok((before, rating_of(r, d, v)?))
    }
}
