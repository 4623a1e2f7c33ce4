//! The seeks in PostgreSQL ([`LobbyStore`] for [`PgStore`]), shared by every instance: each
//! change is followed by a notice on the lobby's channel, which every instance's listener
//! passes on as [`Notice::Lobby`](super::Notice::Lobby) for its lobby to list the seeks again.

use super::contract::StoreError;
use super::lobby::POSTGRES_CHANNEL as LOBBY_CHANNEL;
use super::lobby::{LobbyStore, Matched, StoredSeek};
use super::postgres::{pool_error, PgStore};

const COLUMNS: &str = "id, socket, account, name, settings, created, seen, game, token, seat";

fn seek(r: &tokio_postgres::Row) -> Result<StoredSeek, StoreError> {
    let account: Option<String> = r.try_get(2)?;
    let name: Option<String> = r.try_get(3)?;
    let game: Option<String> = r.try_get(7)?;
    Ok(StoredSeek {
        id: r.try_get(0)?,
        socket: r.try_get(1)?,
        account: account.zip(name),
        settings: r.try_get(4)?,
        created: r.try_get::<_, i64>(5)?.max(0) as u64,
        seen: r.try_get::<_, i64>(6)?.max(0) as u64,
        matched: match game {
            Some(game) => Some(Matched {
                game,
                token: r.try_get(8)?,
                seat: r.try_get(9)?,
            }),
            None => None,
        },
    })
}

#[async_trait::async_trait]
impl LobbyStore for PgStore {
    async fn add_seek(&self, s: StoredSeek, cap: u32) -> Result<bool, StoreError> {
        let client = self.pool.get().await.map_err(pool_error)?;
        let (account, name) = s.account.clone().unzip();
        let mut tx_client = client;
        let tx = tx_client.transaction().await?;
        // One seeker's seeks are counted and added one at a time.
        tx.execute("SELECT pg_advisory_xact_lock(hashtext($1))", &[&s.socket])
            .await?;
        let n = tx
            .execute(
                "INSERT INTO seeks(id, socket, account, name, settings, created, seen)
                 SELECT $1, $2, $3, $4, $5, $6, $7
                 WHERE (SELECT count(*) FROM seeks WHERE socket = $2 AND game IS NULL) < $8",
                &[
                    &s.id,
                    &s.socket,
                    &account,
                    &name,
                    &s.settings,
                    &(s.created as i64),
                    &(s.seen as i64),
                    &i64::from(cap),
                ],
            )
            .await?;
        tx.commit().await?;
        if n == 1 {
            self.tell_lobby().await?;
        }
        Ok(n == 1)
    }

    async fn open_seeks(&self, seen_after: u64, limit: u32) -> Result<Vec<StoredSeek>, StoreError> {
        let client = self.pool.get().await.map_err(pool_error)?;
        let rows = client
            .query(
                &format!(
                    "SELECT {COLUMNS} FROM seeks WHERE game IS NULL AND seen >= $1
                     ORDER BY created, id LIMIT $2"
                ),
                &[&(seen_after as i64), &i64::from(limit)],
            )
            .await?;
        rows.iter().map(seek).collect()
    }

    async fn seek(&self, id: &str) -> Result<Option<StoredSeek>, StoreError> {
        let client = self.pool.get().await.map_err(pool_error)?;
        let row = client
            .query_opt(
                &format!("SELECT {COLUMNS} FROM seeks WHERE id = $1"),
                &[&id],
            )
            .await?;
        row.as_ref().map(seek).transpose()
    }

    async fn claim_seek(&self, id: &str, seen_after: u64, m: Matched) -> Result<bool, StoreError> {
        let client = self.pool.get().await.map_err(pool_error)?;
        // The row lock of the update makes two claims wait for each other; the second finds
        // the seek taken.
        let n = client
            .execute(
                "UPDATE seeks SET game = $2, token = $3, seat = $4
                 WHERE id = $1 AND game IS NULL AND seen >= $5",
                &[&id, &m.game, &m.token, &m.seat, &(seen_after as i64)],
            )
            .await?;
        Ok(n == 1)
    }

    async fn matched_seeks(&self, sockets: Vec<String>) -> Result<Vec<StoredSeek>, StoreError> {
        let client = self.pool.get().await.map_err(pool_error)?;
        let rows = client
            .query(
                &format!("SELECT {COLUMNS} FROM seeks WHERE socket = ANY($1) AND game IS NOT NULL"),
                &[&sockets],
            )
            .await?;
        rows.iter().map(seek).collect()
    }

    async fn remove_seek(&self, id: &str, socket: Option<&str>) -> Result<bool, StoreError> {
        let client = self.pool.get().await.map_err(pool_error)?;
        let n = client
            .execute(
                "DELETE FROM seeks WHERE id = $1 AND ($2::text IS NULL OR socket = $2)",
                &[&id, &socket],
            )
            .await?;
        if n == 1 {
            self.tell_lobby().await?;
        }
        Ok(n == 1)
    }

    async fn remove_socket_seeks(&self, sockets: Vec<String>) -> Result<u64, StoreError> {
        let client = self.pool.get().await.map_err(pool_error)?;
        let n = client
            .execute("DELETE FROM seeks WHERE socket = ANY($1)", &[&sockets])
            .await?;
        if n > 0 {
            self.tell_lobby().await?;
        }
        Ok(n)
    }

    async fn tell_lobby(&self) -> Result<(), StoreError> {
        let client = self.pool.get().await.map_err(pool_error)?;
        client
            .execute("SELECT pg_notify($1, '')", &[&LOBBY_CHANNEL])
            .await?;
        Ok(())
    }

    async fn keep_seeks(
        &self,
        sockets: Vec<String>,
        now: u64,
        stale_before: u64,
    ) -> Result<u64, StoreError> {
        let client = self.pool.get().await.map_err(pool_error)?;
        client
            .execute(
                "UPDATE seeks SET seen = $2 WHERE socket = ANY($1)",
                &[&sockets, &(now as i64)],
            )
            .await?;
        let n = client
            .execute(
                "DELETE FROM seeks WHERE seen < $1",
                &[&(stale_before as i64)],
            )
            .await?;
        if n > 0 {
            self.tell_lobby().await?;
        }
        Ok(n)
    }
}
