//! The puzzles' ratings in SQLite ([`PuzzleStore`] for [`SqliteStore`]): an attempt's write
//! runs alone on the store's thread, as one transaction of its own.

use super::contract::StoreError;
use super::puzzles::{rating_of, Attempt, PuzzleStore, Rated};
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

    async fn player_puzzle_rating(&self, account: &str) -> Result<Option<Rating>, StoreError> {
        let account = account.to_string();
        let row: Option<Row> = self
            .read(move |conn| {
                conn.prepare_cached(
                    "SELECT rating, deviation, volatility FROM puzzle_players WHERE account = ?1",
                )?
                .query_row([account], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
                .optional()
            })
            .await?;
        row.map(|(r, d, v)| rating_of(r, d, v)).transpose()
    }

    async fn adopt_puzzle_rating(&self, account: &str, rating: Rating) -> Result<bool, StoreError> {
        let account = account.to_string();
        let n = self
            .read(move |conn| {
                conn.prepare_cached(
                    "INSERT INTO puzzle_players(account, rating, deviation, volatility, attempts)
                     VALUES (?1, ?2, ?3, ?4, 0) ON CONFLICT DO NOTHING",
                )?
                .execute(params![
                    account,
                    rating.rating(),
                    rating.deviation(),
                    rating.volatility()
                ])
            })
            .await?;
        Ok(n == 1)
    }

    async fn rate_puzzle(&self, attempt: Attempt) -> Result<Rated, StoreError> {
        let Attempt {
            puzzle,
            start,
            account,
            player,
            update,
        } = attempt;
        // Ratings cross the thread as columns; one that does not read makes the whole
        // transaction roll back and is reported as corrupt.
        let rows: Result<[Row; 4], String> = self
            .read(move |conn| {
                let tx = conn.unchecked_transaction()?;
                let read = |sql: &str, key: &str| -> rusqlite::Result<Option<Row>> {
                    tx.prepare_cached(sql)?
                        .query_row([key], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
                        .optional()
                };
                let puzzle_row = read(
                    "SELECT rating, deviation, volatility FROM puzzle_ratings WHERE id = ?1",
                    &puzzle,
                )?;
                let player_row = match &account {
                    None => None,
                    Some(a) => read(
                        "SELECT rating, deviation, volatility FROM puzzle_players
                         WHERE account = ?1",
                        a,
                    )?,
                };
                let of = |row: Option<Row>, or: Rating| match row {
                    None => Ok(or),
                    Some((r, d, v)) => Rating::new(r, d, v).map_err(|e| e.to_string()),
                };
                let (puzzle_before, player_before) =
                    match (of(puzzle_row, start), of(player_row, player)) {
                        (Ok(a), Ok(b)) => (a, b),
                        (Err(e), _) | (_, Err(e)) => return Ok(Err(e)),
                    };
                let (puzzle_after, player_after) = update(puzzle_before, player_before);
                tx.prepare_cached(
                    "INSERT INTO puzzle_ratings(id, rating, deviation, volatility, attempts)
                     VALUES (?1, ?2, ?3, ?4, 1)
                     ON CONFLICT(id) DO UPDATE SET rating = excluded.rating,
                        deviation = excluded.deviation, volatility = excluded.volatility,
                        attempts = attempts + 1",
                )?
                .execute(params![
                    puzzle,
                    puzzle_after.rating(),
                    puzzle_after.deviation(),
                    puzzle_after.volatility()
                ])?;
                if let Some(a) = &account {
                    tx.prepare_cached(
                        "INSERT INTO puzzle_players(account, rating, deviation, volatility, attempts)
                         VALUES (?1, ?2, ?3, ?4, 1)
                         ON CONFLICT(account) DO UPDATE SET rating = excluded.rating,
                            deviation = excluded.deviation, volatility = excluded.volatility,
                            attempts = attempts + 1",
                    )?
                    .execute(params![
                        a,
                        player_after.rating(),
                        player_after.deviation(),
                        player_after.volatility()
                    ])?;
                }
                tx.commit()?;
                let cols = |r: Rating| (r.rating(), r.deviation(), r.volatility());
                Ok(Ok([
                    cols(puzzle_before),
                    cols(puzzle_after),
                    cols(player_before),
                    cols(player_after),
                ]))
            })
            .await?;
        let [a, b, c, d] =
            rows.map_err(|e| StoreError::Corrupt(format!("a stored puzzle rating: {e}")))?;
        Ok(Rated {
            puzzle_before: rating_of(a.0, a.1, a.2)?,
            puzzle_after: rating_of(b.0, b.1, b.2)?,
            player_before: rating_of(c.0, c.1, c.2)?,
            player_after: rating_of(d.0, d.1, d.2)?,
        })
    }
}
