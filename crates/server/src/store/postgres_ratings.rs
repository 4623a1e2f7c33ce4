//! The ratings in PostgreSQL ([`RatingStore`] for [`PgStore`]): reads only. A rated game's end
//! is rated in the transaction that stores it (`super::postgres_rated`).

use super::contract::StoreError;
use super::postgres::{pool_error, PgStore};
use super::ratings::{pool_of, standing_of, HistoryPoint, Ranked, RatingStore};
use crate::ratings::standing::Standing;
use rajapasu_rating::Pool;

/// A standing from the columns `rating, deviation, volatility, games, last` from `at` on.
fn standing(r: &tokio_postgres::Row, at: usize) -> Result<Standing, StoreError> {
    standing_of(
        r.try_get(at)?,
        r.try_get(at + 1)?,
        r.try_get(at + 2)?,
        i64::from(r.try_get::<_, i32>(at + 3)?),
        r.try_get(at + 4)?,
    )
}

#[async_trait::async_trait]
impl RatingStore for PgStore {
    async fn standings(&self, account: &str) -> Result<Vec<(Pool, Standing)>, StoreError> {
        let client = self.pool.get().await.map_err(pool_error)?;
        let rows = client
            .query(
                "SELECT pool, rating, deviation, volatility, games, last FROM ratings
                 WHERE account = $1 AND games > 0 ORDER BY pool",
                &[&account],
            )
            .await?;
        rows.iter()
            .map(|r| Ok((pool_of(&r.try_get::<_, String>(0)?)?, standing(r, 1)?)))
            .collect()
    }

    async fn leaderboard(
        &self,
        pool: Pool,
        min_games: u32,
        limit: u32,
    ) -> Result<Vec<Ranked>, StoreError> {
        let client = self.pool.get().await.map_err(pool_error)?;
        let rows = client
            .query(
                "SELECT a.name, r.rating, r.deviation, r.volatility, r.games, r.last
                 FROM ratings r JOIN accounts a ON a.id = r.account
                 WHERE r.pool = $1 AND r.games >= GREATEST($3::BIGINT, 1)
                   AND r.deviation < $4::DOUBLE PRECISION
                 ORDER BY r.rating DESC, a.name LIMIT $2",
                &[
                    &pool.to_string(),
                    &i64::from(limit),
                    &i64::from(min_games),
                    &rajapasu_rating::PROVISIONAL_DEVIATION,
                ],
            )
            .await?;
        rows.iter()
            .map(|r| {
                Ok(Ranked {
                    name: r.try_get(0)?,
                    standing: standing(r, 1)?,
                })
            })
            .collect()
    }

    async fn game_ratings(&self, game: &str) -> Result<Vec<(String, HistoryPoint)>, StoreError> {
        let client = self.pool.get().await.map_err(pool_error)?;
        let rows = client
            .query(
                "SELECT a.name, h.pool, h.game, h.at, h.rating, h.deviation, h.before
                 FROM rating_history h JOIN accounts a ON a.id = h.account
                 WHERE h.game = $1 ORDER BY a.name",
                &[&game],
            )
            .await?;
        rows.iter()
            .map(|r| {
                Ok((
                    r.try_get(0)?,
                    HistoryPoint {
                        pool: pool_of(&r.try_get::<_, String>(1)?)?,
                        game: r.try_get(2)?,
                        at: r.try_get::<_, i64>(3)?.max(0) as u64,
                        rating: r.try_get(4)?,
                        deviation: r.try_get(5)?,
                        before: r.try_get(6)?,
                    },
                ))
            })
            .collect()
    }

    async fn rating_history(
        &self,
        account: &str,
        limit: u32,
    ) -> Result<Vec<HistoryPoint>, StoreError> {
        let client = self.pool.get().await.map_err(pool_error)?;
        let rows = client
            .query(
                "SELECT pool, game, at, rating, deviation, before FROM (
                     SELECT * FROM rating_history WHERE account = $1
                     ORDER BY at DESC, game LIMIT $2) h
                 ORDER BY at, game",
                &[&account, &i64::from(limit)],
            )
            .await?;
        rows.iter()
            .map(|r| {
                Ok(HistoryPoint {
                    pool: pool_of(&r.try_get::<_, String>(0)?)?,
                    game: r.try_get(1)?,
                    at: r.try_get::<_, i64>(2)?.max(0) as u64,
                    rating: r.try_get(3)?,
                    deviation: r.try_get(4)?,
                    before: r.try_get(5)?,
                })
            })
            .collect()
    }
}
