//! The tournaments in SQLite ([`TournamentStore`] for [`SqliteStore`]): one instance, so its
//! tournaments' hall tells its own sockets of a change; each write is a transaction of its own.

use super::contract::StoreError;
use super::sqlite::SqliteStore;
use super::tournaments::{StoredTournament, TournamentStore};
use rusqlite::{params, OptionalExtension};

const COLUMNS: &str = "id, doc, version, active, public, created, wake";

fn row(r: &rusqlite::Row) -> rusqlite::Result<StoredTournament> {
    Ok(StoredTournament {
        id: r.get(0)?,
        doc: r.get(1)?,
        version: r.get::<_, i64>(2)?.max(0) as u64,
        active: r.get(3)?,
        public: r.get(4)?,
        created: r.get::<_, i64>(5)?.max(0) as u64,
        wake: r.get::<_, Option<i64>>(6)?.map(|w| w.max(0) as u64),
    })
}

#[async_trait::async_trait]
impl TournamentStore for SqliteStore {
    async fn add_tournament(
        &self,
        t: StoredTournament,
        creator: &str,
        cap: u32,
    ) -> Result<bool, StoreError> {
        let creator = creator.to_string();
        // One closure on the database's only thread: nothing runs between the count and the
        // insert.
        self.read(move |conn| {
            let open: i64 = conn
                .prepare_cached(
                    "SELECT count(*) FROM tournaments
                     WHERE active AND json_extract(doc, '$.creator.id') = ?1",
                )?
                .query_row([&creator], |r| r.get(0))?;
            if open >= i64::from(cap) {
                return Ok(false);
            }
            conn.prepare_cached(&format!(
                "INSERT INTO tournaments({COLUMNS}) VALUES (?1, ?2, 0, ?3, ?4, ?5, ?6)"
            ))?
            .execute(params![
                t.id,
                t.doc,
                t.active,
                t.public,
                t.created as i64,
                t.wake.map(|w| w as i64)
            ])?;
            Ok(true)
        })
        .await
    }

    async fn tournament(&self, id: &str) -> Result<Option<StoredTournament>, StoreError> {
        let id = id.to_string();
        self.read(move |conn| {
            conn.prepare_cached(&format!("SELECT {COLUMNS} FROM tournaments WHERE id = ?1"))?
                .query_row([id], row)
                .optional()
        })
        .await
    }

    async fn public_tournaments(&self, limit: u32) -> Result<Vec<StoredTournament>, StoreError> {
        self.read(move |conn| {
            let mut s = conn.prepare_cached(&format!(
                "SELECT {COLUMNS} FROM tournaments WHERE public
                 ORDER BY active DESC, created DESC, id LIMIT ?1"
            ))?;
            let rows = s.query_map([limit], row)?;
            rows.collect()
        })
        .await
    }

    async fn active_tournaments(&self) -> Result<Vec<String>, StoreError> {
        self.read(move |conn| {
            let mut s = conn.prepare_cached("SELECT id FROM tournaments WHERE active")?;
            let rows = s.query_map([], |r| r.get(0))?;
            rows.collect()
        })
        .await
    }

    async fn update_tournament(&self, t: StoredTournament) -> Result<bool, StoreError> {
        self.read(move |conn| {
            let n = conn
                .prepare_cached(
                    "UPDATE tournaments SET doc = ?3, version = version + 1, active = ?4,
                     public = ?5, wake = ?6 WHERE id = ?1 AND version = ?2",
                )?
                .execute(params![
                    t.id,
                    t.version as i64,
                    t.doc,
                    t.active,
                    t.public,
                    t.wake.map(|w| w as i64)
                ])?;
            Ok(n == 1)
        })
        .await
    }
}
