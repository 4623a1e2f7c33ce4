//! The tournaments in PostgreSQL ([`TournamentStore`] for [`PgStore`]), shared by every
//! instance: a change is made by a conditional update on the event's version, in the same
//! transaction as its notice on the tournaments' channel, which every instance's listener
//! passes on as [`Notice::Tournament`](super::Notice::Tournament).

use super::contract::StoreError;
use super::postgres::{pool_error, PgStore};
use super::tournaments::POSTGRES_CHANNEL;
use super::tournaments::{StoredTournament, TournamentStore};

const COLUMNS: &str = "id, doc, version, active, public, created, wake";

fn row(r: &tokio_postgres::Row) -> Result<StoredTournament, StoreError> {
    Ok(StoredTournament {
        id: r.try_get(0)?,
        doc: r.try_get(1)?,
        version: r.try_get::<_, i64>(2)?.max(0) as u64,
        active: r.try_get(3)?,
        public: r.try_get(4)?,
        created: r.try_get::<_, i64>(5)?.max(0) as u64,
        wake: r.try_get::<_, Option<i64>>(6)?.map(|w| w.max(0) as u64),
    })
}

#[async_trait::async_trait]
impl TournamentStore for PgStore {
    async fn add_tournament(
        &self,
        t: StoredTournament,
        creator: &str,
        cap: u32,
    ) -> Result<bool, StoreError> {
        let mut client = self.pool.get().await.map_err(pool_error)?;
        let tx = client.transaction().await?;
        // The creator's lock, held to the commit: their creations are counted one at a time,
        // on every instance.
        tx.execute(
            "SELECT pg_advisory_xact_lock(hashtext('tournament creator ' || $1))",
            &[&creator],
        )
        .await?;
        let open: i64 = tx
            .query_one(
                "SELECT count(*) FROM tournaments
                 WHERE active AND (doc::jsonb -> 'creator' ->> 'id') = $1",
                &[&creator],
            )
            .await?
            .try_get(0)?;
        if open >= i64::from(cap) {
            return Ok(false);
        }
        tx.execute(
            &format!("INSERT INTO tournaments({COLUMNS}) VALUES ($1, $2, 0, $3, $4, $5, $6)"),
            &[
                &t.id,
                &t.doc,
                &t.active,
                &t.public,
                &(t.created as i64),
                &t.wake.map(|w| w as i64),
            ],
        )
        .await?;
        tx.commit().await?;
        Ok(true)
    }

    async fn tournament(&self, id: &str) -> Result<Option<StoredTournament>, StoreError> {
        let client = self.pool.get().await.map_err(pool_error)?;
        let rows = client
            .query(
                &format!("SELECT {COLUMNS} FROM tournaments WHERE id = $1"),
                &[&id],
            )
            .await?;
        rows.first().map(row).transpose()
    }

    async fn public_tournaments(&self, limit: u32) -> Result<Vec<StoredTournament>, StoreError> {
        let client = self.pool.get().await.map_err(pool_error)?;
        let rows = client
            .query(
                &format!(
                    "SELECT {COLUMNS} FROM tournaments WHERE public
                     ORDER BY active DESC, created DESC, id LIMIT $1"
                ),
                &[&i64::from(limit)],
            )
            .await?;
        rows.iter().map(row).collect()
    }

    async fn active_tournaments(&self) -> Result<Vec<String>, StoreError> {
        let client = self.pool.get().await.map_err(pool_error)?;
        let rows = client
            .query("SELECT id FROM tournaments WHERE active", &[])
            .await?;
        rows.iter()
            .map(|r| r.try_get(0).map_err(StoreError::from))
            .collect()
    }

    async fn update_tournament(&self, t: StoredTournament) -> Result<bool, StoreError> {
        let mut client = self.pool.get().await.map_err(pool_error)?;
        let tx = client.transaction().await?;
        let n = tx
            .execute(
                "UPDATE tournaments SET doc = $3, version = version + 1, active = $4,
                 public = $5, wake = $6 WHERE id = $1 AND version = $2",
                &[
                    &t.id,
                    &(t.version as i64),
                    &t.doc,
                    &t.active,
                    &t.public,
                    &t.wake.map(|w| w as i64),
                ],
            )
            .await?;
        if n == 1 {
            tx.execute("SELECT pg_notify($1, $2)", &[&POSTGRES_CHANNEL, &t.id])
                .await?;
        }
        tx.commit().await?;
        Ok(n == 1)
    }
}
