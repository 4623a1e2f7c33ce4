//! The puzzles' ratings in SQLite ([`PuzzleStore`] for [`SqliteStore`]): an attempt's write
//! runs alone on the store's thread, as one transaction of its own.

use super::contract::StoreError;
use super::puzzles::{rating_of, run_update, Attempt, PuzzleStore, Rated};
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
        // A rating that does not read, or an update that fails, answers its error and leaves
        // the transaction uncommitted: it rolls back as it drops.
        self.read(move |conn| {
            let tx = conn.unchecked_transaction()?;
            let first = tx
                .prepare_cached(
                    "INSERT INTO puzzle_attempts(account, puzzle) VALUES (?1, ?2)
                     ON CONFLICT DO NOTHING",
                )?
                .execute([&account, &puzzle])?
                == 1;
            let read = |sql: &str, key: &str| -> rusqlite::Result<Option<Row>> {
                tx.prepare_cached(sql)?
                    .query_row([key], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
                    .optional()
            };
            let puzzle_row = read(
                "SELECT rating, deviation, volatility FROM puzzle_ratings WHERE id = ?1",
                &puzzle,
            )?;
            let player_row = read(
                "SELECT rating, deviation, volatility FROM puzzle_players WHERE account = ?1",
                &account,
            )?;
            let of =
                |row: Option<Row>, or: Rating| row.map_or(Ok(or), |(r, d, v)| rating_of(r, d, v));
            let before = of(puzzle_row, start).and_then(|pz| Ok((pz, of(player_row, player)?)));
            let (puzzle_before, player_before) = match before {
                Ok(b) => b,
                Err(e) => return Ok(Err(e)),
            };
            if !first {
                tx.commit()?;
                return Ok(Ok(Rated {
                    counted: false,
                    puzzle_before,
                    puzzle_after: puzzle_before,
                    player_before,
                    player_after: player_before,
                }));
            }
            let (puzzle_after, player_after) =
                match run_update(update, puzzle_before, player_before) {
                    Ok(after) => after,
                    Err(e) => return Ok(Err(e)),
                };
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
            tx.prepare_cached(
                "INSERT INTO puzzle_players(account, rating, deviation, volatility, attempts)
                 VALUES (?1, ?2, ?3, ?4, 1)
                 ON CONFLICT(account) DO UPDATE SET rating = excluded.rating,
                    deviation = excluded.deviation, volatility = excluded.volatility,
                    attempts = attempts + 1",
            )?
            .execute(params![
                account,
                player_after.rating(),
                player_after.deviation(),
                player_after.volatility()
            ])?;
            tx.commit()?;
            Ok(Ok(Rated {
                counted: true,
                puzzle_before,
                puzzle_after,
                player_before,
                player_after,
            }))
        })
        .await?
    }
}
