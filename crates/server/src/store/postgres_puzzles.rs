//! The puzzles' ratings in PostgreSQL ([`PuzzleStore`] for [`PgStore`]): the same table as
//! SQLite's, shared by every instance; an attempt locks its puzzle's row while it moves it.

use super::contract::StoreError;
use super::postgres::{pool_error, PgStore};
use super::puzzles::{rating_of, PuzzleStore, PuzzleUpdate};
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

    async fn rate_puzzle(
        &self,
        id: &str,
        start: Rating,
        update: PuzzleUpdate,
    ) -> Result<(Rating, Rating), StoreError> {
        let mut client = self.pool.get().await.map_err(pool_error)?;
        let tx = client.transaction().await?;
        tx.execute(
            "INSERT INTO puzzle_ratings(id, rating, deviation, volatility, attempts)
             VALUES ($1, $2, $3, $4, 0) ON CONFLICT DO NOTHING",
            &[
                &id,
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
                &[&id],
            )
            .await?;
        let before = row_rating(&row, 0)?;
        let after = update(before);
        tx.execute(
            "UPDATE puzzle_ratings SET rating = $2, deviation = $3, volatility = $4,
                attempts = attempts + 1 WHERE id = $1",
            &[
                &id,
                &after.rating(),
                &after.deviation(),
                &after.volatility(),
            ],
        )
        .await?;
        tx.commit().await?;
        Ok((before, after))
    }
}
