//! The seeks in SQLite ([`LobbyStore`] for [`SqliteStore`]): one instance, so its lobby tells
//! its own sockets of a change (`crate::lobby`); each write is a transaction of its own.

use super::contract::StoreError;
use super::lobby::{joined_of, joiner_of, COLUMNS, FROM, JOINED_COLUMNS, JOINER_COLUMNS};
use super::lobby::{seek_of, Columns, Joiner, Joining, LobbyStore, Matched, StoredSeek};
use super::lobby::{Adding, SeekCap, SeekCaps};
use super::sqlite::SqliteStore;
use rusqlite::{params, OptionalExtension};

impl Columns for rusqlite::Row<'_> {
    type Error = rusqlite::Error;
    fn text(&self, i: usize) -> rusqlite::Result<Option<String>> {
        self.get(i)
    }
    fn number(&self, i: usize) -> rusqlite::Result<i64> {
        self.get(i)
    }
}

fn seek(r: &rusqlite::Row) -> rusqlite::Result<StoredSeek> {
    seek_of(r)
}

/// The joiner's columns to store.
fn unzip(account: &Option<(String, String)>) -> (Option<String>, Option<String>) {
    account.clone().unzip()
}

#[async_trait::async_trait]
impl LobbyStore for SqliteStore {
    async fn open_socket(&self, id: &str, address: &str, now: u64) -> Result<(), StoreError> {
        let (id, address) = (id.to_string(), address.to_string());
        self.read(move |conn| {
            conn.prepare_cached(
                "INSERT INTO lobby_sockets(id, address, seen) VALUES (?1, ?2, ?3)
                 ON CONFLICT(id) DO UPDATE SET seen = excluded.seen",
            )?
            .execute(params![id, address, now as i64])?;
            Ok(())
        })
        .await
    }

    async fn add_seek(
        &self,
        s: StoredSeek,
        caps: SeekCaps,
        seen_after: u64,
    ) -> Result<Adding, StoreError> {
        // One closure on the database's only thread, in one transaction: nothing runs between
        // the counts and the insert.
        self.read(move |conn| {
            let tx = conn.unchecked_transaction()?;
            let address: Option<String> = tx
                .prepare_cached("SELECT address FROM lobby_sockets WHERE id = ?1 AND seen >= ?2")?
                .query_row(params![s.socket, seen_after as i64], |r| r.get(0))
                .optional()?;
            let Some(address) = address else {
                return Ok(Adding::NoSocket);
            };
            let count = |sql: &str, key: &str| -> rusqlite::Result<u32> {
                tx.prepare_cached(sql)?
                    .query_row([key], |r| r.get::<_, i64>(0))
                    .map(|n| n.clamp(0, i64::from(u32::MAX)) as u32)
            };
            if count(
                "SELECT count(*) FROM seeks WHERE socket = ?1 AND game IS NULL",
                &s.socket,
            )? >= caps.per_socket
            {
                return Ok(Adding::Full(SeekCap::Socket));
            }
            if count(
                "SELECT count(*) FROM seeks s JOIN lobby_sockets l ON l.id = s.socket
                 WHERE l.address = ?1 AND s.game IS NULL",
                &address,
            )? >= caps.per_address
            {
                return Ok(Adding::Full(SeekCap::Address));
            }
            if let Some((account, _)) = &s.account {
                if count(
                    "SELECT count(*) FROM seeks WHERE account = ?1 AND game IS NULL",
                    account,
                )? >= caps.per_account
                {
                    return Ok(Adding::Full(SeekCap::Account));
                }
            }
            let (account, name) = unzip(&s.account);
            tx.prepare_cached(
                "INSERT INTO seeks(id, socket, account, name, settings, created, seen)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            )?
            .execute(params![
                s.id,
                s.socket,
                account,
                name,
                s.settings,
                s.created as i64,
                s.seen as i64,
            ])?;
            tx.commit()?;
            Ok(Adding::Added)
        })
        .await
    }

    async fn open_seeks(&self, seen_after: u64, limit: u32) -> Result<Vec<StoredSeek>, StoreError> {
        self.read(move |conn| {
            let mut s = conn.prepare_cached(&format!(
                "SELECT {COLUMNS} FROM {FROM} WHERE s.game IS NULL AND s.seen >= ?1
                 ORDER BY s.created, s.id LIMIT ?2"
            ))?;
            let rows = s.query_map(params![seen_after as i64, limit], seek)?;
            rows.collect()
        })
        .await
    }

    async fn seek(&self, id: &str) -> Result<Option<StoredSeek>, StoreError> {
        let id = id.to_string();
        self.read(move |conn| {
            conn.prepare_cached(&format!("SELECT {COLUMNS} FROM {FROM} WHERE s.id = ?1"))?
                .query_row([id], seek)
                .optional()
        })
        .await
    }

    async fn join_seek(
        &self,
        id: &str,
        joiner: Joiner,
        seen_after: u64,
        now: u64,
    ) -> Result<Joining, StoreError> {
        let id = id.to_string();
        self.read(move |conn| {
            let tx = conn.unchecked_transaction()?;
            let open: bool = tx
                .prepare_cached(
                    "SELECT count(*) FROM seeks WHERE id = ?1 AND game IS NULL AND seen >= ?2",
                )?
                .query_row(params![id, seen_after as i64], |r| r.get::<_, i64>(0))?
                == 1;
            if !open {
                return Ok(Joining::Gone);
            }
            let waiting = tx
                .prepare_cached(&format!(
                    "SELECT {JOINER_COLUMNS} FROM seek_joins WHERE seek = ?1 AND game IS NULL"
                ))?
                .query_row([&id], |r| joiner_of(r))
                .optional()?;
            if let Some(first) = waiting {
                return Ok(Joining::Full(first));
            }
            let (account, name) = unzip(&joiner.account);
            tx.prepare_cached(
                "INSERT INTO seek_joins(seek, socket, account, name, seen) VALUES (?1, ?2, ?3, ?4, ?5)",
            )?
            .execute(params![id, joiner.socket, account, name, now as i64])?;
            tx.commit()?;
            Ok(Joining::Joined)
        })
        .await
    }

    async fn claim_seek(
        &self,
        id: &str,
        seen_after: u64,
        m: Matched,
        joiner: Option<(String, Matched)>,
    ) -> Result<bool, StoreError> {
        let id = id.to_string();
        self.read(move |conn| {
            let tx = conn.unchecked_transaction()?;
            let n = tx
                .prepare_cached(
                    "UPDATE seeks SET game = ?2, token = ?3, seat = ?4
                     WHERE id = ?1 AND game IS NULL AND seen >= ?5
                       AND socket IN (SELECT id FROM lobby_sockets)",
                )?
                .execute(params![id, m.game, m.token, m.seat, seen_after as i64])?;
            if n != 1 {
                return Ok(false);
            }
            if let Some((socket, j)) = joiner {
                let n = tx
                    .prepare_cached(
                        "UPDATE seek_joins SET game = ?3, token = ?4, seat = ?5
                         WHERE seek = ?1 AND socket = ?2 AND game IS NULL",
                    )?
                    .execute(params![id, socket, j.game, j.token, j.seat])?;
                if n != 1 {
                    return Ok(false);
                }
            }
            tx.commit()?;
            Ok(true)
        })
        .await
    }

    async fn matched_seeks(&self, sockets: Vec<String>) -> Result<Vec<StoredSeek>, StoreError> {
        self.read(move |conn| {
            let mut out = Vec::new();
            let mut s = conn.prepare_cached(&format!(
                "SELECT {COLUMNS} FROM {FROM} WHERE s.socket = ?1 AND s.game IS NOT NULL"
            ))?;
            for socket in &sockets {
                for row in s.query_map([socket], seek)? {
                    out.push(row?);
                }
            }
            Ok(out)
        })
        .await
    }

    async fn matched_joins(
        &self,
        sockets: Vec<String>,
    ) -> Result<Vec<(String, String, Matched)>, StoreError> {
        self.read(move |conn| {
            let mut out = Vec::new();
            let mut s = conn.prepare_cached(&format!(
                "SELECT {JOINED_COLUMNS} FROM seek_joins WHERE socket = ?1 AND game IS NOT NULL"
            ))?;
            for socket in &sockets {
                let rows = s.query_map([socket], |r| joined_of(r))?;
                for row in rows {
                    out.push(row?);
                }
            }
            Ok(out)
        })
        .await
    }

    async fn remove_seek(&self, id: &str, socket: Option<&str>) -> Result<bool, StoreError> {
        let (id, socket) = (id.to_string(), socket.map(str::to_string));
        self.read(move |conn| {
            let tx = conn.unchecked_transaction()?;
            let n = tx
                .prepare_cached("DELETE FROM seeks WHERE id = ?1 AND (?2 IS NULL OR socket = ?2)")?
                .execute(params![id, socket])?;
            if n == 1 {
                tx.prepare_cached("DELETE FROM seek_joins WHERE seek = ?1 AND game IS NULL")?
                    .execute([&id])?;
            }
            tx.commit()?;
            Ok(n == 1)
        })
        .await
    }

    async fn remove_join(&self, id: &str, socket: &str) -> Result<bool, StoreError> {
        let (id, socket) = (id.to_string(), socket.to_string());
        self.read(move |conn| {
            let n = conn
                .prepare_cached("DELETE FROM seek_joins WHERE seek = ?1 AND socket = ?2")?
                .execute(params![id, socket])?;
            Ok(n == 1)
        })
        .await
    }

    async fn remove_socket_seeks(&self, sockets: Vec<String>) -> Result<u64, StoreError> {
        self.read(move |conn| {
            let tx = conn.unchecked_transaction()?;
            let mut n = 0;
            {
                let mut joins = tx.prepare_cached(
                    "DELETE FROM seek_joins WHERE socket = ?1
                        OR (game IS NULL AND seek IN (SELECT id FROM seeks WHERE socket = ?1))",
                )?;
                let mut seeks = tx.prepare_cached("DELETE FROM seeks WHERE socket = ?1")?;
                let mut gone = tx.prepare_cached("DELETE FROM lobby_sockets WHERE id = ?1")?;
                for socket in &sockets {
                    n += joins.execute([socket])? as u64;
                    n += seeks.execute([socket])? as u64;
                    gone.execute([socket])?;
                }
            }
            tx.commit()?;
            Ok(n)
        })
        .await
    }

    async fn tell_lobby(&self) -> Result<(), StoreError> {
        Ok(())
    }

    async fn keep_seeks(
        &self,
        sockets: Vec<String>,
        now: u64,
        stale_before: u64,
    ) -> Result<u64, StoreError> {
        self.read(move |conn| {
            let tx = conn.unchecked_transaction()?;
            {
                let mut s = tx.prepare_cached("UPDATE seeks SET seen = ?2 WHERE socket = ?1")?;
                let mut j =
                    tx.prepare_cached("UPDATE seek_joins SET seen = ?2 WHERE socket = ?1")?;
                let mut l =
                    tx.prepare_cached("UPDATE lobby_sockets SET seen = ?2 WHERE id = ?1")?;
                for socket in &sockets {
                    s.execute(params![socket, now as i64])?;
                    j.execute(params![socket, now as i64])?;
                    l.execute(params![socket, now as i64])?;
                }
            }
            tx.prepare_cached("DELETE FROM lobby_sockets WHERE seen < ?1")?
                .execute([stale_before as i64])?;
            let joins = tx
                .prepare_cached(
                    "DELETE FROM seek_joins WHERE seen < ?1
                        OR (game IS NULL AND seek NOT IN (SELECT id FROM seeks))",
                )?
                .execute([stale_before as i64])?;
            let n = tx
                .prepare_cached("DELETE FROM seeks WHERE seen < ?1")?
                .execute([stale_before as i64])?;
            tx.commit()?;
            Ok((n + joins) as u64)
        })
        .await
    }
}
