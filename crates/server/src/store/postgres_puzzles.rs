//! The puzzles' ratings in PostgreSQL ([`PuzzleStore`] for [`PgStore`]): the same table as
//! SQLite's, shared by every instance; an attempt locks its puzzle's row while it moves it.

use super::contract::StoreError;
use super::postgres::{pool_error, PgStore};
use super::puzzles::{rating_of, run_update, Attempt, PuzzleStore, Rated};
use rajapasu_rating::Rating;

fn row_rating(r: &tokio_postgres::Row, from: usize) -> Result<Rating, StoreError> {
    rating_of(r.try_get(from)?, r.try_get(from + 1)?, r.try_get(from + 2)?)
}

#[async_trait::async_trait]
impl PuzzleStore for PgStore {
    async fn puzzle_ratings(&self) -> Result<Vec<(String, Rating)>, StoreError> {
        let client = self.pool.get().await.map_err(pool_error)?;
        let rows = client
            .query(
                "SELECT id, rating, deviation, volatility FROM puzzle_ratings",
                &[],
            )
            .await?;
        rows.iter()
            .map(|r| Ok((r.try_get(0)?, row_rating(r, 1)?)))
            .collect()
    }

    async fn puzzle_rating(&self, id: &str) -> Result<Option<Rating>, StoreError> {
        let client = self.pool.get().await.map_err(pool_error)?;
        let row = client
            .query_opt(
                "SELECT rating, deviation, volatility FROM puzzle_ratings WHERE id = $1",
                &[&id],
            )
            .await?;
        row.map(|r| row_rating(&r, 0)).transpose()
    }

    async fn player_puzzle_rating(&self, account: &str) -> Result<Option<Rating>, StoreError> {
        let client = self.pool.get().await.map_err(pool_error)?;
        let row = client
            .query_opt(
                "SELECT rating, deviation, volatility FROM puzzle_players WHERE account = $1",
                &[&account],
            )
            .await?;
        row.map(|r| row_rating(&r, 0)).transpose()
    }

    async fn adopt_puzzle_rating(&self, account: &str, rating: Rating) -> Result<bool, StoreError> {
        let client = self.pool.get().await.map_err(pool_error)?;
        let n = client
            .execute(
                "INSERT INTO puzzle_players(account, rating, deviation, volatility, attempts)
                 VALUES ($1, $2, $3, $4, 0) ON CONFLICT DO NOTHING",
                &[
                    &account,
                    &rating.rating(),
                    &rating.deviation(),
                    &rating.volatility(),
                ],
            )
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
        let mut client = self.pool.get().await.map_err(pool_error)?;
        // An error below drops the transaction uncommitted: it rolls back.
        let tx = client.transaction().await?;
        let first = tx
            .execute(
                "INSERT INTO puzzle_attempts(account, puzzle) VALUES ($1, $2)
                 ON CONFLICT DO NOTHING",
                &[&account, &puzzle],
            )
            .await?
            == 1;
        tx.execute(
            "INSERT INTO puzzle_ratings(id, rating, deviation, volatility, attempts)
             VALUES ($1, $2, $3, $4, 0) ON CONFLICT DO NOTHING",
            &[
                &puzzle,
                &start.rating(),
                &start.deviation(),
                &start.volatility(),
            ],
        )
        .await?;
        let row = tx
            .query_one(
                "SELECT rating, deviation, volatility FROM puzzle_ratings WHERE id = $1
                 FOR UPDATE",
                &[&puzzle],
            )
            .await?;
        let puzzle_before = row_rating(&row, 0)?;
        tx.execute(
            "INSERT INTO puzzle_players(account, rating, deviation, volatility, attempts)
             VALUES ($1, $2, $3, $4, 0) ON CONFLICT DO NOTHING",
            &[
                &account,
                &player.rating(),
                &player.deviation(),
                &player.volatility(),
            ],
        )
        .await?;
        let row = tx
            .query_one(
                "SELECT rating, deviation, volatility FROM puzzle_players
                 WHERE account = $1 FOR UPDATE",
                &[&account],
            )
            .await?;
        let player_before = row_rating(&row, 0)?;
        if !first {
            // Nothing was written but rows that read as they were: rolled back as it drops.
            return Ok(Rated {
                counted: false,
                puzzle_before,
                puzzle_after: puzzle_before,
                player_before,
                player_after: player_before,
            });
        }
        let (puzzle_after, player_after) = run_update(update, puzzle_before, player_before)?;
        tx.execute(
            "UPDATE puzzle_ratings SET rating = $2, deviation = $3, volatility = $4,
                attempts = attempts + 1 WHERE id = $1",
            &[
                &puzzle,
                &puzzle_after.rating(),
                &puzzle_after.deviation(),
                &puzzle_after.volatility(),
            ],
        )
        .await?;
        tx.execute(
            "UPDATE puzzle_players SET rating = $2, deviation = $3, volatility = $4,
                attempts = attempts + 1 WHERE account = $1",
            &[
                &account,
                &player_after.rating(),
                &player_after.deviation(),
                &player_after.volatility(),
            ],
        )
        .await?;
        tx.commit().await?;
        Ok(Rated {
            counted: true,
            puzzle_before,
            puzzle_after,
            player_before,
            player_after,
        })
    }
}
