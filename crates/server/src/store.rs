//! SQLite storage: one row per game, one row per move.
//!
//! All writes go through one writer thread that owns the connection. It takes every write that
//! is waiting, runs them in a single transaction and commits, and only then acknowledges each of
//! them ("group commit"). The database runs in WAL mode with `synchronous=FULL`: every commit
//! is on disk before it is acknowledged, so neither a crash of the process (`kill -9`) nor a
//! crash of the machine loses an acknowledged move. Because one commit serves every move that
//! arrived while the previous commit was being written, the cost of the fsync is shared and
//! the full durability setting costs little throughput.

use rusqlite::{params, Connection};
use std::sync::{mpsc, Arc};
use tokio::sync::oneshot;

/// Why the store could not open, or could not commit a write. The API answers a write that
/// failed with 503: nothing of it was stored.
///
/// ```
/// use rajapasu_server::store::StoreError;
/// assert_eq!(StoreError::Stopped.to_string(), "the database writer has stopped");
/// ```
#[derive(Clone, Debug)]
pub enum StoreError {
    /// The database could not be opened, set up or read at start-up.
    Open {
        /// The database file.
        path: String,
        /// What was being done: "open", "set up" or "read".
        step: &'static str,
        /// Why.
        error: Arc<rusqlite::Error>,
    },
    /// The writer thread could not be started.
    Thread(Arc<std::io::Error>),
    /// The writer thread has stopped: nothing more can be stored.
    Stopped,
    /// The write was refused (its statement failed) and rolled back.
    Refused(Arc<rusqlite::Error>),
    /// The transaction could not commit: nothing of it was stored.
    Commit(Arc<rusqlite::Error>),
}

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StoreError::Open { path, step, error } => {
                write!(f, "cannot {step} database {path}: {error}")
            }
            StoreError::Thread(e) => write!(f, "cannot start the database writer: {e}"),
            StoreError::Stopped => f.write_str("the database writer has stopped"),
            StoreError::Refused(e) => write!(f, "{e}"),
            StoreError::Commit(e) => write!(f, "the database could not commit: {e}"),
        }
    }
}

impl std::error::Error for StoreError {}

/// A stored game as read back at start-up.
#[derive(Debug, Clone)]
pub struct StoredGame {
    /// The game's public id.
    pub id: String,
    /// The game's settings, tokens included, as JSON.
    pub meta: String,
    /// The moves, in order.
    pub moves: Vec<u8>,
}

/// One write.
#[derive(Debug)]
pub enum Write {
    /// A new game, with the moves it starts with (an imported record).
    CreateGame {
        /// Id.
        id: String,
        /// Settings as JSON.
        meta: String,
        /// Initial moves.
        moves: Vec<u8>,
    },
    /// The move played at `ply` (0-based).
    AddMove {
        /// Game id.
        id: String,
        /// 0-based index of the move.
        ply: u32,
        /// Hole number.
        mv: u8,
    },
    /// Moves taken back: every move from `from_ply` on is deleted.
    Truncate {
        /// Game id.
        id: String,
        /// First ply removed.
        from_ply: u32,
    },
    /// New settings for a game (a seat taken).
    UpdateMeta {
        /// Game id.
        id: String,
        /// Settings as JSON.
        meta: String,
    },
}

type Ack = oneshot::Sender<Result<(), StoreError>>;

/// The handle to the writer thread. Cheap to clone.
#[derive(Clone)]
pub struct Store {
    tx: mpsc::Sender<(Write, Ack)>,
}

/// Largest number of writes committed together.
const MAX_BATCH: usize = 4096;

impl Store {
    /// Opens (creating if needed) the database at `path` (`:memory:` for a throwaway one),
    /// reads every game back and starts the writer thread.
    pub fn open(path: &str) -> Result<(Store, Vec<StoredGame>), StoreError> {
        let failed = |step| {
            move |e| StoreError::Open {
                path: path.to_string(),
                step,
                error: Arc::new(e),
            }
        };
        let conn = if path == ":memory:" {
            Connection::open_in_memory()
        } else {
            Connection::open(path)
        }
        .map_err(failed("open"))?;
        let setup = "PRAGMA journal_mode=WAL;
             PRAGMA synchronous=FULL;
             CREATE TABLE IF NOT EXISTS games(
                 id TEXT PRIMARY KEY,
                 meta TEXT NOT NULL,
                 created INTEGER NOT NULL DEFAULT (strftime('%s','now')));
             CREATE TABLE IF NOT EXISTS moves(
                 game TEXT NOT NULL,
                 ply INTEGER NOT NULL,
                 mv INTEGER NOT NULL,
                 PRIMARY KEY(game, ply)) WITHOUT ROWID;";
        conn.execute_batch(setup).map_err(failed("set up"))?;
        let games = load(&conn).map_err(failed("read"))?;
        let (tx, rx) = mpsc::channel::<(Write, Ack)>();
        std::thread::Builder::new()
            .name("rajapasu-store".into())
            .spawn(move || writer(conn, rx))
            .map_err(|e| StoreError::Thread(Arc::new(e)))?;
        Ok((Store { tx }, games))
    }

    /// Writes `w` and waits until it is committed.
    pub async fn write(&self, w: Write) -> Result<(), StoreError> {
        let (ack, done) = oneshot::channel();
        self.tx.send((w, ack)).map_err(|_| StoreError::Stopped)?;
        done.await.map_err(|_| StoreError::Stopped)?
    }
}

fn load(conn: &Connection) -> rusqlite::Result<Vec<StoredGame>> {
    let mut games = Vec::new();
    let mut index = std::collections::HashMap::new();
    let mut stmt = conn.prepare("SELECT id, meta FROM games ORDER BY created, rowid")?;
    let rows = stmt.query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?)))?;
    for row in rows {
        let (id, meta) = row?;
        index.insert(id.clone(), games.len());
        games.push(StoredGame {
            id,
            meta,
            moves: Vec::new(),
        });
    }
    let mut stmt = conn.prepare("SELECT game, ply, mv FROM moves ORDER BY game, ply")?;
    let rows = stmt.query_map([], |r| {
        Ok((
            r.get::<_, String>(0)?,
            r.get::<_, i64>(1)?,
            r.get::<_, i64>(2)?,
        ))
    })?;
    for row in rows {
        let (id, ply, mv) = row?;
        if let Some(&k) = index.get(&id) {
            let g = &mut games[k];
            // Plies are stored densely from 0; a gap would mean a damaged file: keep the prefix.
            if ply as usize == g.moves.len() {
                g.moves.push(mv.clamp(0, 255) as u8);
            }
        }
    }
    Ok(games)
}

fn apply(conn: &Connection, w: &Write) -> rusqlite::Result<()> {
    match w {
        Write::CreateGame { id, meta, moves } => {
            conn.prepare_cached("INSERT INTO games(id, meta) VALUES (?1, ?2)")?
                .execute(params![id, meta])?;
            let mut stmt =
                conn.prepare_cached("INSERT INTO moves(game, ply, mv) VALUES (?1, ?2, ?3)")?;
            for (ply, mv) in moves.iter().enumerate() {
                stmt.execute(params![id, ply as i64, *mv as i64])?;
            }
        }
        Write::AddMove { id, ply, mv } => {
            conn.prepare_cached("INSERT INTO moves(game, ply, mv) VALUES (?1, ?2, ?3)")?
                .execute(params![id, *ply as i64, *mv as i64])?;
        }
        Write::Truncate { id, from_ply } => {
            conn.prepare_cached("DELETE FROM moves WHERE game = ?1 AND ply >= ?2")?
                .execute(params![id, *from_ply as i64])?;
        }
        Write::UpdateMeta { id, meta } => {
            conn.prepare_cached("UPDATE games SET meta = ?2 WHERE id = ?1")?
                .execute(params![id, meta])?;
        }
    }
    Ok(())
}

fn writer(conn: Connection, rx: mpsc::Receiver<(Write, Ack)>) {
    let mut batch: Vec<(Write, Ack)> = Vec::new();
    let mut results: Vec<Result<(), StoreError>> = Vec::new();
    while let Ok(first) = rx.recv() {
        batch.push(first);
        while batch.len() < MAX_BATCH {
            match rx.try_recv() {
                Ok(w) => batch.push(w),
                Err(_) => break,
            }
        }
        results.clear();
        let committed = (|| -> rusqlite::Result<()> {
            conn.execute_batch("BEGIN IMMEDIATE")?;
            for (w, _) in &batch {
                // A failing statement is rolled back on its own; the others still commit.
                results.push(apply(&conn, w).map_err(|e| StoreError::Refused(Arc::new(e))));
            }
            conn.execute_batch("COMMIT")
        })();
        if let Err(e) = committed {
            let _ = conn.execute_batch("ROLLBACK");
            let error = StoreError::Commit(Arc::new(e));
            for (_, ack) in batch.drain(..) {
                let _ = ack.send(Err(error.clone()));
            }
            continue;
        }
        for ((_, ack), r) in batch.drain(..).zip(results.drain(..)) {
            let _ = ack.send(r);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn writes_and_reads_back() {
        let dir = std::env::temp_dir().join(format!("rajapasu-store-{}", std::process::id()));
        let _ = std::fs::remove_file(&dir);
        let path = dir.to_string_lossy().to_string();
        {
            let (store, games) = Store::open(&path).unwrap();
            assert!(games.is_empty());
            store
                .write(Write::CreateGame {
                    id: "g1".into(),
                    meta: "{}".into(),
                    moves: vec![1, 2],
                })
                .await
                .unwrap();
            store
                .write(Write::AddMove {
                    id: "g1".into(),
                    ply: 2,
                    mv: 3,
                })
                .await
                .unwrap();
            assert!(store
                .write(Write::AddMove {
                    id: "g1".into(),
                    ply: 2,
                    mv: 3,
                })
                .await
                .is_err());
            store
                .write(Write::Truncate {
                    id: "g1".into(),
                    from_ply: 1,
                })
                .await
                .unwrap();
        }
        let (_store, games) = Store::open(&path).unwrap();
        assert_eq!(games.len(), 1);
        assert_eq!(games[0].moves, vec![1]);
        for ext in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{path}{ext}"));
        }
    }
}
