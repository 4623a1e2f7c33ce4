//! The seeks in SQLite ([`LobbyStore`] for [`SqliteStore`]): one instance, so its lobby tells
//! its own sockets of a change (`crate::lobby`); each write is a transaction of its own.

use super::contract::StoreError;
use super::lobby::{LobbyStore, Matched, StoredSeek};
use super::sqlite::SqliteStore;
use rusqlite::{params, OptionalExtension};

const COLUMNS: &str = "id, socket, account, name, settings, created, seen, game, token, seat";

fn seek(r: &rusqlite::Row) -> rusqlite::Result<StoredSeek> {
    let account: Option<String> = r.get(2)?;
    let name: Option<String> = r.get(3)?;
    let game: Option<String> = r.get(7)?;
    Ok(StoredSeek {
        id: r.get(0)?,
        socket: r.get(1)?,
        account: account.zip(name),
        settings: r.get(4)?,
        created: r.get::<_, i64>(5)?.max(0) as u64,
        seen: r.get::<_, i64>(6)?.max(0) as u64,
        matched: match game {
            Some(game) => Some(Matched {
                game,
                token: r.get(8)?,
                seat: r.get(9)?,
            }),
            None => None,
        },
    })
}

#[async_trait::async_trait]
impl LobbyStore for SqliteStore {
    async fn add_seek(&self, s: StoredSeek, cap: u32) -> Result<bool, StoreError> {
        self.read(move |conn| {
            let (account, name) = s.account.clone().unzip();
            let n = conn
                .prepare_cached(
                    "INSERT INTO seeks(id, socket, account, name, settings, created, seen)
                     SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7
                     WHERE (SELECT count(*) FROM seeks WHERE socket = ?2 AND game IS NULL) < ?8",
                )?
                .execute(params![
                    s.id,
                    s.socket,
                    account,
                    name,
                    s.settings,
                    s.created as i64,
                    s.seen as i64,
                    cap
                ])?;
            Ok(n == 1)
        })
        .await
    }

    async fn open_seeks(&self, seen_after: u64, limit: u32) -> Result<Vec<StoredSeek>, StoreError> {
        self.read(move |conn| {
            let mut s = conn.prepare_cached(&format!(
                "SELECT {COLUMNS} FROM seeks WHERE game IS NULL AND seen >= ?1
                 ORDER BY created, id LIMIT ?2"
            ))?;
            let rows = s.query_map(params![seen_after as i64, limit], seek)?;
            rows.collect()
        })
        .await
    }

    async fn seek(&self, id: &str) -> Result<Option<StoredSeek>, StoreError> {
        let id = id.to_string();
        self.read(move |conn| {
            conn.prepare_cached(&format!("SELECT {COLUMNS} FROM seeks WHERE id = ?1"))?
                .query_row([id], seek)
                .optional()
        })
        .await
    }

    async fn claim_seek(&self, id: &str, seen_after: u64, m: Matched) -> Result<bool, StoreError> {
        let id = id.to_string();
        self.read(move |conn| {
            let n = conn
                .prepare_cached(
                    "UPDATE seeks SET game = ?2, token = ?3, seat = ?4
                     WHERE id = ?1 AND game IS NULL AND seen >= ?5",
                )?
                .execute(params![id, m.game, m.token, m.seat, seen_after as i64])?;
            Ok(n == 1)
        })
        .await
    }

    async fn matched_seeks(&self, sockets: Vec<String>) -> Result<Vec<StoredSeek>, StoreError> {
        self.read(move |conn| {
            let mut out = Vec::new();
            let mut s = conn.prepare_cached(&format!(
                "SELECT {COLUMNS} FROM seeks WHERE socket = ?1 AND game IS NOT NULL"
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

    async fn remove_seek(&self, id: &str, socket: Option<&str>) -> Result<bool, StoreError> {
        let (id, socket) = (id.to_string(), socket.map(str::to_string));
        self.read(move |conn| {
            let n = conn
                .prepare_cached("DELETE FROM seeks WHERE id = ?1 AND (?2 IS NULL OR socket = ?2)")?
                .execute(params![id, socket])?;
            Ok(n == 1)
        })
        .await
    }

    async fn remove_socket_seeks(&self, sockets: Vec<String>) -> Result<u64, StoreError> {
        self.read(move |conn| {
            let mut n = 0;
            let mut s = conn.prepare_cached("DELETE FROM seeks WHERE socket = ?1")?;
            for socket in &sockets {
                n += s.execute([socket])? as u64;
            }
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
                for socket in &sockets {
                    s.execute(params![socket, now as i64])?;
                }
            }
            let n = tx
                .prepare_cached("DELETE FROM seeks WHERE seen < ?1")?
                .execute([stale_before as i64])?;
            tx.commit()?;
            Ok(n as u64)
        })
        .await
    }
}
