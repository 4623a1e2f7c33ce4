//! SQLite storage: one row per game, one row per move, in one file. The games' queries are
//! written once for both databases ([`super::games`]); here is what SQLite alone has: its
//! schema's history, its one thread and the group commit.
//!
//! All work goes through one thread that owns the connection. It takes every write that is
//! waiting, runs them in a single transaction (each in its own savepoint, so that a refused one
//! leaves the others) and commits, and only then acknowledges each of them ("group commit").
//! The database runs in WAL mode with `synchronous=FULL`: every commit is on disk before it is
//! acknowledged, so neither a crash of the process (`kill -9`) nor a crash of the machine loses
//! an acknowledged move. Because one commit serves every move that arrived while the previous
//! commit was being written, the cost of the fsync is shared and the full durability setting
//! costs little throughput. Reads (a game loaded when first asked for) run on the same thread,
//! between commits.
//!
//! A job that panics is stopped alone ([`super::error::guarded`]): its request is answered with
//! [`StoreError::Failed`], a transaction it left open is rolled back, and the thread goes on
//! with the next job. Should the thread itself die, the process exits with a message (status
//! 70), so that the service manager starts it again rather than leaving a server that answers
//! every request with 503.

use super::contract::{Notice, StoreError};
use super::games::{apply, GameDb, Write};
use super::sql::{Db, Pending, Tx};
use super::sqlite_tx::{complete, refused, SqliteTx};
use rusqlite::Connection;
use std::sync::{mpsc, Arc};
use tokio::sync::{broadcast, oneshot};

type Ack = oneshot::Sender<Result<Vec<String>, StoreError>>;
type Read = Box<dyn FnOnce(&mut Connection) + Send>;

enum Job {
    Write(Write, Ack),
    Read(Read),
}

/// The handle to the database thread. Cheap to clone.
#[derive(Clone)]
pub struct SqliteStore {
    tx: mpsc::Sender<Job>,
}

/// Largest number of writes committed together.
const MAX_BATCH: usize = 4096;

const SCHEMA: &str = "PRAGMA journal_mode=WAL;
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

/// The columns added to `games` after the first version, and how a game stored before them
/// gets them: its activity is its creation; whether it is over is unknown (NULL: neither
/// counted in the cap nor expired until its next change); a game against the computer is
/// looked at after a restart, in case the computer is to move.
const ADDED: &str = "ALTER TABLE games ADD COLUMN version INTEGER NOT NULL DEFAULT 0;
     ALTER TABLE games ADD COLUMN active INTEGER;
     ALTER TABLE games ADD COLUMN finished INTEGER;
     ALTER TABLE games ADD COLUMN computer_next INTEGER NOT NULL DEFAULT 0;
     UPDATE games SET active = created,
         computer_next = (meta LIKE '%\"kind\":\"computer\"%');";

const INDEXES: &str = "CREATE INDEX IF NOT EXISTS games_unfinished ON games(finished, active);
     CREATE INDEX IF NOT EXISTS games_computer ON games(computer_next);
     CREATE INDEX IF NOT EXISTS games_deadline ON games(deadline) WHERE deadline IS NOT NULL;";

/// The moment the server last noted being alive: the game clocks do not charge the time it
/// was down.
const ALIVE: &str = "CREATE TABLE IF NOT EXISTS alive(
         id INTEGER PRIMARY KEY CHECK (id = 1),
         at INTEGER NOT NULL);";

/// The column added with timed games: a game stored before them has no clock.
const ADDED_DEADLINE: &str = "ALTER TABLE games ADD COLUMN deadline INTEGER;";

impl SqliteStore {
    /// Opens (creating if needed) the database at `path` (`:memory:` for a throwaway one),
    /// brings its schema up to date and starts the database thread.
    pub fn open(path: &str) -> Result<SqliteStore, StoreError> {
        let failed = |step| {
            move |e| StoreError::Open {
                path: path.to_string(),
                step,
                error: Arc::new(e),
            }
        };
        let mut conn = if path == ":memory:" {
            Connection::open_in_memory()
        } else {
            Connection::open(path)
        }
        .map_err(failed("open"))?;
        conn.execute_batch(SCHEMA).map_err(failed("set up"))?;
        let has_version = conn
            .prepare("SELECT 1 FROM pragma_table_info('games') WHERE name = 'version'")
            .and_then(|mut s| s.exists([]))
            .map_err(failed("read"))?;
        if !has_version {
            conn.execute_batch(&format!("BEGIN; {ADDED} COMMIT;"))
                .map_err(failed("set up"))?;
        }
        let has_deadline = conn
            .prepare("SELECT 1 FROM pragma_table_info('games') WHERE name = 'deadline'")
            .and_then(|mut s| s.exists([]))
            .map_err(failed("read"))?;
        if !has_deadline {
            conn.execute_batch(ADDED_DEADLINE)
                .map_err(failed("set up"))?;
        }
        conn.execute_batch(INDEXES).map_err(failed("set up"))?;
        conn.execute_batch(ALIVE).map_err(failed("set up"))?;
        for schema in super::games::FEATURE_SCHEMAS {
            conn.execute_batch(super::sql::sqlite_text(schema))
                .map_err(failed("set up"))?;
        }
        conn.execute_batch(&format!(
            "BEGIN; {} COMMIT;",
            super::split_pools::statements()
        ))
        .map_err(failed("split the real-time pools"))?;
        conn.execute_batch(&format!("BEGIN; {} COMMIT;", super::repair::statements()))
            .map_err(failed("repair"))?;
        hash_seats(&mut conn).map_err(|e| match e {
            StoreError::Refused(error) => StoreError::Open {
                path: path.to_string(),
                step: "hash seat tokens",
                error,
            },
            other => other,
        })?;
        let (tx, rx) = mpsc::channel::<Job>();
        std::thread::Builder::new()
            .name("rajapasu-store".into())
            .spawn(move || worker(conn, rx))
            .map_err(|e| StoreError::Thread(Arc::new(e)))?;
        Ok(SqliteStore { tx })
    }

    /// Runs `f` alone on the database thread, after the writes waiting are committed: a read,
    /// a rare write that is its own transaction, or a feature's transaction
    /// ([`super::sqlite_tx`]).
    pub(super) async fn job<T: Send + 'static>(
        &self,
        f: impl FnOnce(&mut Connection) -> Result<T, StoreError> + Send + 'static,
    ) -> Result<T, StoreError> {
        let (answer, done) = oneshot::channel();
        let job: Read = Box::new(move |conn| {
            let _ = answer.send(super::error::guarded(|| f(conn)).and_then(|r| r));
        });
        self.tx
            .send(Job::Read(job))
            .map_err(|_| StoreError::Stopped)?;
        done.await.map_err(|_| StoreError::Stopped)?
    }
}

/// Hashes the seat tokens kept in clear ([`super::seat_hashes`]), in one transaction, before
/// the thread starts.
fn hash_seats(conn: &mut Connection) -> Result<(), StoreError> {
    conn.execute_batch("BEGIN").map_err(refused)?;
    let hashed = complete(Box::pin(super::seat_hashes::hash(&mut SqliteTx::new(conn))));
    let end = if hashed.is_ok() { "COMMIT" } else { "ROLLBACK" };
    conn.execute_batch(end).map_err(refused)?;
    hashed
}

#[async_trait::async_trait]
impl GameDb for SqliteStore {
    /// Sent to the group commit: committed with the writes waiting beside it.
    async fn write(&self, write: Write) -> Result<Vec<String>, StoreError> {
        let (ack, done) = oneshot::channel();
        self.tx
            .send(Job::Write(write, ack))
            .map_err(|_| StoreError::Stopped)?;
        done.await.map_err(|_| StoreError::Stopped)?
    }

    fn notices_of_others(&self) -> Option<broadcast::Receiver<Notice>> {
        None
    }

    async fn panic_in_a_job(&self) -> Result<(), StoreError> {
        self.job(|conn| -> Result<(), StoreError> {
            // Begun and left open, as a job that fails midway leaves it.
            conn.execute_batch("BEGIN").map_err(refused)?;
            panic!("a job made to fail")
        })
        .await
    }
}

/// Ends the process when the store's thread dies (a panic outside any job): every request
/// would be answered 503 from then on, by a process a service manager sees alive.
struct ExitIfDead;

impl Drop for ExitIfDead {
    fn drop(&mut self) {
        if std::thread::panicking() {
            eprintln!(
                "rajapasu: the database thread died, nothing more can be stored: \
                 exiting (status 70) to be restarted"
            );
            std::process::exit(70);
        }
    }
}

fn worker(mut conn: Connection, rx: mpsc::Receiver<Job>) {
    let _exit = ExitIfDead;
    let mut batch: Vec<(Write, Ack)> = Vec::new();
    let mut reads: Vec<Read> = Vec::new();
    let mut results: Vec<Result<Vec<String>, StoreError>> = Vec::new();
    while let Ok(first) = rx.recv() {
        let mut job = Some(first);
        while let Some(j) = job.take() {
            match j {
                Job::Write(w, ack) => batch.push((w, ack)),
                Job::Read(r) => reads.push(r),
            }
            if batch.len() < MAX_BATCH {
                job = rx.try_recv().ok();
            }
        }
        if !batch.is_empty() {
            commit(&mut conn, &mut batch, &mut results);
        }
        // Reads come after the commit, so a read sees every write acknowledged before it.
        for read in reads.drain(..) {
            // Each job guards itself (`SqliteStore::job`); this one catches what escapes it.
            if let Err(e) = super::error::guarded(|| read(&mut conn)) {
                eprintln!("rajapasu: {e}");
            }
            // A job that failed with its transaction open leaves nothing of it.
            if !conn.is_autocommit() {
                let _ = conn.execute_batch("ROLLBACK");
            }
        }
    }
}

fn commit(
    conn: &mut Connection,
    batch: &mut Vec<(Write, Ack)>,
    results: &mut Vec<Result<Vec<String>, StoreError>>,
) {
    results.clear();
    let committed = (|| -> rusqlite::Result<()> {
        conn.execute_batch("BEGIN IMMEDIATE")?;
        for (w, _) in batch.iter() {
            // Each write in its own savepoint: a refused one is undone whole, the others stay.
            conn.prepare_cached("SAVEPOINT w")?.execute([])?;
            let r = super::error::guarded(|| {
                complete(Box::pin(apply(&mut SqliteTx::new(&mut *conn), w)))
            })
            .and_then(|r| r);
            if r.is_err() {
                conn.prepare_cached("ROLLBACK TO w")?.execute([])?;
            }
            conn.prepare_cached("RELEASE w")?.execute([])?;
            results.push(r);
        }
        conn.execute_batch("COMMIT")
    })();
    if let Err(e) = committed {
        let _ = conn.execute_batch("ROLLBACK");
        let error = StoreError::Commit(Arc::new(e));
        for (_, ack) in batch.drain(..) {
            let _ = ack.send(Err(error.clone()));
        }
        return;
    }
    for ((_, ack), r) in batch.drain(..).zip(results.drain(..)) {
        let _ = ack.send(r);
    }
}

#[cfg(test)]
mod tests {
    use super::super::contract::{Activity, Change, Store, StoredGame};
    use super::*;

    /// Stores a new game `id` with these moves.
    async fn create(store: &SqliteStore, id: &str, moves: Vec<u8>) -> Result<(), StoreError> {
        let game = StoredGame {
            id: id.into(),
            meta: "{}".into(),
            moves,
            version: 0,
        };
        store.create(game, PLAYING, None).await
    }

    const PLAYING: Activity = Activity {
        at: 100,
        finished: false,
        computer_next: false,
        deadline: None,
        time_out: false,
    };

    fn temp_path(name: &str) -> String {
        let path = std::env::temp_dir().join(format!("rajapasu-{name}-{}", std::process::id()));
        let path = path.to_string_lossy().to_string();
        remove(&path);
        path
    }

    fn remove(path: &str) {
        for ext in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{path}{ext}"));
        }
    }

    #[tokio::test]
    async fn writes_and_reads_back() {
        let path = temp_path("store");
        {
            let store = SqliteStore::open(&path).unwrap();
            assert_eq!(store.load("g1").await.unwrap(), None);
            create(&store, "g1", vec![1, 2]).await.unwrap();
            let add = Change::AddMove {
                ply: 2,
                mv: 3,
                meta: None,
            };
            store.change("g1", 0, add.clone(), PLAYING).await.unwrap();
            // The same change on the same version again: the game has moved on.
            let again = store.change("g1", 0, add, PLAYING).await;
            assert!(matches!(again, Err(StoreError::Stale)), "{again:?}");
            let truncate = Change::Truncate {
                from_ply: 1,
                meta: None,
            };
            store.change("g1", 1, truncate, PLAYING).await.unwrap();
        }
        let store = SqliteStore::open(&path).unwrap();
        let g1 = store.load("g1").await.unwrap().unwrap();
        assert_eq!((g1.moves, g1.version), (vec![1], 2));
        remove(&path);
    }

    #[tokio::test]
    async fn a_job_that_panics_fails_alone_and_the_next_is_served() {
        let store = SqliteStore::open(":memory:").unwrap();
        create(&store, "g", vec![1]).await.unwrap();
        let failed = store.fail_a_job().await;
        assert!(matches!(failed, Err(StoreError::Failed(_))), "{failed:?}");
        // Its transaction was rolled back: the next writes and reads are served.
        create(&store, "h", vec![2]).await.unwrap();
        assert_eq!(store.load("g").await.unwrap().unwrap().moves, vec![1]);
        assert_eq!(store.load("h").await.unwrap().unwrap().moves, vec![2]);
        let failed = store
            .job(|_| -> Result<(), StoreError> { panic!("another") })
            .await;
        assert!(matches!(&failed, Err(StoreError::Failed(w)) if w == "another"));
        assert!(store.load("h").await.unwrap().is_some());
    }

    /// The guard the store's thread holds: a thread that dies holding it ends the process with
    /// status 70, saying why. Run again in a child process (this test alone), since it ends
    /// the process.
    #[test]
    fn a_dying_store_thread_ends_the_process() {
        const CHILD: &str = "RAJAPASU_TEST_STORE_THREAD_DIES";
        if std::env::var_os(CHILD).is_some() {
            let _ = std::thread::spawn(|| {
                let _exit = ExitIfDead;
                panic!("the store's thread dies");
            })
            .join();
            // Not reached: the guard has ended the process.
            return;
        }
        let exe = std::env::current_exe().unwrap();
        let out = std::process::Command::new(exe)
            .args([
                "--exact",
                "store::sqlite::tests::a_dying_store_thread_ends_the_process",
                "--nocapture",
            ])
            .env(CHILD, "1")
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(70), "{stderr}");
        assert!(stderr.contains("the database thread died"), "{stderr}");
    }

    #[tokio::test]
    async fn a_database_of_the_first_version_opens() {
        let path = temp_path("old-store");
        {
            let conn = Connection::open(&path).unwrap();
            conn.execute_batch(SCHEMA).unwrap();
            conn.execute_batch(
                r#"INSERT INTO games(id, meta, created) VALUES ('g', '{"kind":"computer"}', 7);
                   INSERT INTO moves(game, ply, mv) VALUES ('g', 0, 4);"#,
            )
            .unwrap();
        }
        let store = SqliteStore::open(&path).unwrap();
        let g = store.load("g").await.unwrap().unwrap();
        assert_eq!((g.moves, g.version), (vec![4], 0));
        assert_eq!(
            store.computer_waiting().await.unwrap(),
            vec!["g".to_string()]
        );
        // Not known to be unfinished: not expired.
        assert!(store.expire(u64::MAX / 2).await.unwrap().is_empty());
        drop(store);
        // Opened again: the columns are there already.
        let store = SqliteStore::open(&path).unwrap();
        assert!(store.load("g").await.unwrap().is_some());
        remove(&path);
    }
}

impl SqliteStore {
    /// Runs `job` on the database's thread, in a transaction of its own when `whole`.
    async fn run<R, F>(&self, whole: bool, job: F) -> Result<R, StoreError>
    where
        R: Send + 'static,
        F: for<'t> FnOnce(&'t mut dyn Tx) -> Pending<'t, R> + Send + 'static,
    {
        self.job(move |conn| {
            if whole {
                conn.execute_batch("BEGIN IMMEDIATE").map_err(refused)?;
            }
            let done = complete(job(&mut SqliteTx::new(&mut *conn)));
            if whole {
                match &done {
                    Ok(_) => conn
                        .execute_batch("COMMIT")
                        .map_err(|e| StoreError::Commit(Arc::new(e)))?,
                    Err(_) => conn.execute_batch("ROLLBACK").map_err(refused)?,
                }
            }
            done
        })
        .await
    }
}

#[async_trait::async_trait]
impl Db for SqliteStore {
    async fn transaction<R, F>(&self, job: F) -> Result<R, StoreError>
    where
        R: Send + 'static,
        F: for<'t> FnOnce(&'t mut dyn Tx) -> Pending<'t, R> + Send + 'static,
    {
        self.run(true, job).await
    }

    async fn at_once<R, F>(&self, job: F) -> Result<R, StoreError>
    where
        R: Send + 'static,
        F: for<'t> FnOnce(&'t mut dyn Tx) -> Pending<'t, R> + Send + 'static,
    {
        self.run(false, job).await
    }
}

#[cfg(test)]
mod job_tests {
    use super::*;

    #[tokio::test]
    async fn a_job_commits_whole_or_not_at_all() {
        let store = SqliteStore::open(":memory:").unwrap();
        store
            .at_once(|tx| {
                Box::pin(async move {
                    tx.execute("CREATE TABLE t(a BIGINT, b TEXT)", &[]).await?;
                    Ok(())
                })
            })
            .await
            .unwrap();
        let failed = store
            .transaction(|tx| {
                Box::pin(async move {
                    tx.execute("INSERT INTO t VALUES ($1, $2)", &[1i64.into(), "x".into()])
                        .await?;
                    tx.execute("INSERT INTO nowhere VALUES (1)", &[]).await
                })
            })
            .await;
        assert!(matches!(failed, Err(StoreError::Refused(_))), "{failed:?}");
        let rows = store
            .at_once(|tx| Box::pin(async move { tx.query("SELECT a, b FROM t", &[]).await }))
            .await
            .unwrap();
        assert!(rows.is_empty(), "{rows:?}");
    }

    #[tokio::test]
    async fn a_job_that_waits_is_refused_and_rolled_back() {
        let store = SqliteStore::open(":memory:").unwrap();
        let waited = store
            .transaction(|tx| {
                Box::pin(async move {
                    tx.execute("CREATE TABLE t(a BIGINT)", &[]).await?;
                    std::future::pending::<()>().await;
                    Ok(())
                })
            })
            .await;
        assert!(
            matches!(&waited, Err(StoreError::Failed(w)) if w.contains("waited")),
            "{waited:?}"
        );
        // Its table went with its transaction; the thread serves the next job.
        let tables = store
            .at_once(|tx| {
                Box::pin(async move {
                    tx.query("SELECT name FROM sqlite_master WHERE name = 't'", &[])
                        .await
                })
            })
            .await
            .unwrap();
        assert!(tables.is_empty(), "{tables:?}");
    }
}
