//! The seeks in PostgreSQL ([`LobbyStore`] for [`PgStore`]), shared by every instance: each
//! change is followed by a notice on the lobby's channel, which every instance's listener
//! passes on as [`Notice::Lobby`](super::Notice::Lobby) for its lobby to list the seeks again.

use super::contract::StoreError;
use super::lobby::POSTGRES_CHANNEL as LOBBY_CHANNEL;
use super::lobby::{joined_of, joiner_of, COLUMNS, FROM, JOINED_COLUMNS, JOINER_COLUMNS};
use super::lobby::{seek_of, Columns, Joiner, Joining, LobbyStore, Matched, StoredSeek};
use super::lobby::{Adding, SeekCap, SeekCaps};
use super::postgres::{pool_error, PgStore};

impl Columns for tokio_postgres::Row {
    type Error = tokio_postgres::Error;
    fn text(&self, i: usize) -> Result<Option<String>, tokio_postgres::Error> {
        self.try_get(i)
    }
    fn number(&self, i: usize) -> Result<i64, tokio_postgres::Error> {
        self.try_get(i)
    }
}

/// Tells every instance that the seeks changed, on a connection the caller holds already: a
/// second one taken from the pool while holding the first could wait for ever when every
/// connection is held so.
async fn notify(client: &tokio_postgres::Client) -> Result<(), StoreError> {
    client
        .execute("SELECT pg_notify($1, '')", &[&LOBBY_CHANNEL])
        .await?;
    Ok(())
}

fn seek(r: &tokio_postgres::Row) -> Result<StoredSeek, StoreError> {
    Ok(seek_of(r)?)
}

#[async_trait::async_trait]
impl LobbyStore for PgStore {
    async fn open_socket(&self, id: &str, address: &str, now: u64) -> Result<(), StoreError> {
        let client = self.pool.get().await.map_err(pool_error)?;
        client
            .execute(
                "INSERT INTO lobby_sockets(id, address, seen) VALUES ($1, $2, $3)
                 ON CONFLICT (id) DO UPDATE SET seen = excluded.seen",
                &[&id, &address, &(now as i64)],
            )
            .await?;
        Ok(())
    }

    async fn add_seek(
        &self,
        s: StoredSeek,
        caps: SeekCaps,
        seen_after: u64,
    ) -> Result<Adding, StoreError> {
        let mut client = self.pool.get().await.map_err(pool_error)?;
        let (account, name) = s.account.clone().unzip();
        let tx = client.transaction().await?;
        // The socket's row is held to the commit: its close waits for the seek, and takes it.
        let socket = tx
            .query_opt(
                "SELECT address FROM lobby_sockets WHERE id = $1 AND seen >= $2 FOR SHARE",
                &[&s.socket, &(seen_after as i64)],
            )
            .await?;
        let Some(socket) = socket else {
            return Ok(Adding::NoSocket);
        };
        let address: String = socket.try_get(0)?;
        // One address's seeks, then one account's, are counted and added one at a time (the
        // locks always taken in this order: no two wait for each other). A socket is one
        // address's: its seeks are counted under the address's lock.
        tx.execute(
            "SELECT pg_advisory_xact_lock(hashtext('seeks of address ' || $1))",
            &[&address],
        )
        .await?;
        if let Some(account) = &account {
            tx.execute(
                "SELECT pg_advisory_xact_lock(hashtext('seeks of account ' || $1))",
                &[account],
            )
            .await?;
        }
        let count = |sql: &'static str, key: String| {
            let tx = &tx;
            async move {
                let n: i64 = tx.query_one(sql, &[&key]).await?.try_get(0)?;
                Ok::<i64, StoreError>(n)
            }
        };
        if count(
            "SELECT count(*) FROM seeks WHERE socket = $1 AND game IS NULL",
            s.socket.clone(),
        )
        .await?
            >= i64::from(caps.per_socket)
        {
            return Ok(Adding::Full(SeekCap::Socket));
        }
        if count(
            "SELECT count(*) FROM seeks s JOIN lobby_sockets l ON l.id = s.socket
             WHERE l.address = $1 AND s.game IS NULL",
            address.clone(),
        )
        .await?
            >= i64::from(caps.per_address)
        {
            return Ok(Adding::Full(SeekCap::Address));
        }
        if let Some(account) = &account {
            if count(
                "SELECT count(*) FROM seeks WHERE account = $1 AND game IS NULL",
                account.clone(),
            )
            .await?
                >= i64::from(caps.per_account)
            {
                return Ok(Adding::Full(SeekCap::Account));
            }
        }
        tx.execute(
            "INSERT INTO seeks(id, socket, account, name, settings, created, seen)
             VALUES ($1, $2, $3, $4, $5, $6, $7)",
            &[
                &s.id,
                &s.socket,
                &account,
                &name,
                &s.settings,
                &(s.created as i64),
                &(s.seen as i64),
            ],
        )
        .await?;
        tx.commit().await?;
        notify(&client).await?;
        Ok(Adding::Added)
    }

    async fn open_seeks(&self, seen_after: u64, limit: u32) -> Result<Vec<StoredSeek>, StoreError> {
        let client = self.pool.get().await.map_err(pool_error)?;
        let rows = client
            .query(
                &format!(
                    "SELECT {COLUMNS} FROM {FROM} WHERE s.game IS NULL AND s.seen >= $1
                     ORDER BY s.created, s.id LIMIT $2"
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
                &format!("SELECT {COLUMNS} FROM {FROM} WHERE s.id = $1"),
                &[&id],
            )
            .await?;
        row.as_ref().map(seek).transpose()
    }

    async fn join_seek(
        &self,
        id: &str,
        joiner: Joiner,
        seen_after: u64,
        now: u64,
    ) -> Result<Joining, StoreError> {
        let mut client = self.pool.get().await.map_err(pool_error)?;
        let tx = client.transaction().await?;
        // The seek's row lock: two joining at once are one after the other.
        let open = tx
            .query_opt(
                "SELECT id FROM seeks WHERE id = $1 AND game IS NULL AND seen >= $2 FOR UPDATE",
                &[&id, &(seen_after as i64)],
            )
            .await?;
        if open.is_none() {
            return Ok(Joining::Gone);
        }
        let waiting = tx
            .query_opt(
                &format!(
                    "SELECT {JOINER_COLUMNS} FROM seek_joins WHERE seek = $1 AND game IS NULL"
                ),
                &[&id],
            )
            .await?;
        if let Some(r) = waiting {
            return Ok(Joining::Full(joiner_of(&r)?));
        }
        let (account, name) = joiner.account.clone().unzip();
        tx.execute(
            "INSERT INTO seek_joins(seek, socket, account, name, seen) VALUES ($1, $2, $3, $4, $5)",
            &[&id, &joiner.socket, &account, &name, &(now as i64)],
        )
        .await?;
        tx.commit().await?;
        notify(&client).await?;
        Ok(Joining::Joined)
    }

    async fn claim_seek(
        &self,
        id: &str,
        seen_after: u64,
        m: Matched,
        joiner: Option<(String, Matched)>,
    ) -> Result<bool, StoreError> {
        let mut client = self.pool.get().await.map_err(pool_error)?;
        let tx = client.transaction().await?;
        // The row lock of the update makes two claims wait for each other; the second finds
        // the seek taken.
        let n = tx
            .execute(
                "UPDATE seeks SET game = $2, token = $3, seat = $4
                 WHERE id = $1 AND game IS NULL AND seen >= $5
                   AND socket IN (SELECT id FROM lobby_sockets)",
                &[&id, &m.game, &m.token, &m.seat, &(seen_after as i64)],
            )
            .await?;
        if n != 1 {
            return Ok(false);
        }
        if let Some((socket, j)) = joiner {
            let n = tx
                .execute(
                    "UPDATE seek_joins SET game = $3, token = $4, seat = $5
                     WHERE seek = $1 AND socket = $2 AND game IS NULL",
                    &[&id, &socket, &j.game, &j.token, &j.seat],
                )
                .await?;
            if n != 1 {
                return Ok(false);
            }
        }
        tx.commit().await?;
        Ok(true)
    }

    async fn matched_seeks(&self, sockets: Vec<String>) -> Result<Vec<StoredSeek>, StoreError> {
        let client = self.pool.get().await.map_err(pool_error)?;
        let rows = client
            .query(
                &format!(
                    "SELECT {COLUMNS} FROM {FROM} WHERE s.socket = ANY($1) AND s.game IS NOT NULL"
                ),
                &[&sockets],
            )
            .await?;
        rows.iter().map(seek).collect()
    }

    async fn matched_joins(
        &self,
        sockets: Vec<String>,
    ) -> Result<Vec<(String, String, Matched)>, StoreError> {
        let client = self.pool.get().await.map_err(pool_error)?;
        let rows = client
            .query(
                &format!(
                    "SELECT {JOINED_COLUMNS} FROM seek_joins
                     WHERE socket = ANY($1) AND game IS NOT NULL"
                ),
                &[&sockets],
            )
            .await?;
        Ok(rows.iter().map(joined_of).collect::<Result<_, _>>()?)
    }

    async fn remove_seek(&self, id: &str, socket: Option<&str>) -> Result<bool, StoreError> {
        let mut client = self.pool.get().await.map_err(pool_error)?;
        let tx = client.transaction().await?;
        let n = tx
            .execute(
                "DELETE FROM seeks WHERE id = $1 AND ($2::text IS NULL OR socket = $2)",
                &[&id, &socket],
            )
            .await?;
        if n == 1 {
            tx.execute(
                "DELETE FROM seek_joins WHERE seek = $1 AND game IS NULL",
                &[&id],
            )
            .await?;
        }
        tx.commit().await?;
        if n == 1 {
            notify(&client).await?;
        }
        Ok(n == 1)
    }

    async fn remove_join(&self, id: &str, socket: &str) -> Result<bool, StoreError> {
        let client = self.pool.get().await.map_err(pool_error)?;
        let n = client
            .execute(
                "DELETE FROM seek_joins WHERE seek = $1 AND socket = $2",
                &[&id, &socket],
            )
            .await?;
        if n == 1 {
            notify(&client).await?;
        }
        Ok(n == 1)
    }

    async fn remove_socket_seeks(&self, sockets: Vec<String>) -> Result<u64, StoreError> {
        let mut client = self.pool.get().await.map_err(pool_error)?;
        let tx = client.transaction().await?;
        // The sockets first: a seek being added on one is waited for, and deleted below.
        tx.execute("DELETE FROM lobby_sockets WHERE id = ANY($1)", &[&sockets])
            .await?;
        let joins = tx
            .execute(
                "DELETE FROM seek_joins WHERE socket = ANY($1)
                    OR (game IS NULL AND seek IN (SELECT id FROM seeks WHERE socket = ANY($1)))",
                &[&sockets],
            )
            .await?;
        let n = tx
            .execute("DELETE FROM seeks WHERE socket = ANY($1)", &[&sockets])
            .await?;
        tx.commit().await?;
        if n + joins > 0 {
            notify(&client).await?;
        }
        Ok(n + joins)
    }

    async fn tell_lobby(&self) -> Result<(), StoreError> {
        let client = self.pool.get().await.map_err(pool_error)?;
        notify(&client).await
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
        client
            .execute(
                "UPDATE seek_joins SET seen = $2 WHERE socket = ANY($1)",
                &[&sockets, &(now as i64)],
            )
            .await?;
        client
            .execute(
                "UPDATE lobby_sockets SET seen = $2 WHERE id = ANY($1)",
                &[&sockets, &(now as i64)],
            )
            .await?;
        client
            .execute(
                "DELETE FROM lobby_sockets WHERE seen < $1",
                &[&(stale_before as i64)],
            )
            .await?;
        let joins = client
            .execute(
                "DELETE FROM seek_joins WHERE seen < $1
                    OR (game IS NULL AND seek NOT IN (SELECT id FROM seeks))",
                &[&(stale_before as i64)],
            )
            .await?;
        let n = client
            .execute(
                "DELETE FROM seeks WHERE seen < $1",
                &[&(stale_before as i64)],
            )
            .await?;
        if n + joins > 0 {
            notify(&client).await?;
        }
        Ok(n + joins)
    }
}
