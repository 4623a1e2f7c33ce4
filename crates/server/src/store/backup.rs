//! `rajapasu backup FILE`: a copy of a live SQLite store, made with SQLite's online backup
//! while the server runs, in one step so that it is one consistent snapshot (in WAL mode the
//! server's writes go on meanwhile). A PostgreSQL store is copied with `pg_dump` instead
//! (docs/DEPLOY.md).

use rusqlite::{Connection, OpenFlags};
use std::path::{Path, PathBuf};

/// What a backup holds, counted in the copy.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Copied {
    /// Games.
    pub games: u64,
    /// Moves of all games.
    pub moves: u64,
    /// Accounts.
    pub accounts: u64,
}

/// Why no backup was made.
///
/// ```
/// use rajapasu_server::store::backup::BackupError;
/// let e = BackupError::Postgres;
/// assert!(e.to_string().contains("pg_dump"));
/// ```
#[derive(Debug)]
pub enum BackupError {
    /// The store is a PostgreSQL database.
    Postgres,
    /// The store is not a file (`:memory:`).
    NotAFile,
    /// The target exists already: a backup never overwrites.
    Exists(PathBuf),
    /// The store file does not exist.
    NoStore(PathBuf),
    /// The target could not be created.
    Create(PathBuf, std::io::Error),
    /// The store stayed busy for 10 s.
    Busy,
    /// SQLite failed while copying.
    Sqlite(rusqlite::Error),
}

impl std::fmt::Display for BackupError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BackupError::Postgres => f.write_str(
                "a PostgreSQL store is backed up with pg_dump (see docs/DEPLOY.md), not with rajapasu backup",
            ),
            BackupError::NotAFile => f.write_str("an in-memory store has nothing to back up"),
            BackupError::Exists(p) => {
                write!(f, "{} exists already: a backup never overwrites a file", p.display())
            }
            BackupError::NoStore(p) => write!(f, "no store at {}", p.display()),
            BackupError::Create(p, e) => write!(f, "cannot create {}: {e}", p.display()),
            BackupError::Busy => f.write_str("the store stayed busy for 10 s: try again"),
            BackupError::Sqlite(e) => write!(f, "the backup failed: {e}"),
        }
    }
}

impl std::error::Error for BackupError {}

impl From<rusqlite::Error> for BackupError {
    fn from(e: rusqlite::Error) -> BackupError {
        BackupError::Sqlite(e)
    }
}

/// Copies the SQLite store `db` (as `--db` names it) to the new file `to`, and counts what the
/// copy holds. A half-made copy is removed.
pub fn backup(db: &str, to: &Path) -> Result<Copied, BackupError> {
    if db.starts_with("postgres://") || db.starts_with("postgresql://") {
        return Err(BackupError::Postgres);
    }
    if db == ":memory:" {
        return Err(BackupError::NotAFile);
    }
    if !Path::new(db).exists() {
        return Err(BackupError::NoStore(db.into()));
    }
    create_private(to)?;
    let copied = copy(db, to);
    if copied.is_err() {
        let _ = std::fs::remove_file(to);
    }
    copied
}

/// Creates `to`, empty, readable and writable by its owner only (0600): a backup holds every
/// account's password hash and every game's seat tokens, and the server's umask would
/// otherwise leave it readable by everyone. SQLite then writes into the file as it is, and
/// gives its journal the same mode. Created only if it does not exist, in one step, so that a
/// file made meanwhile is never overwritten.
fn create_private(to: &Path) -> Result<(), BackupError> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    match options.open(to) {
        Ok(_) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
            Err(BackupError::Exists(to.into()))
        }
        Err(e) => Err(BackupError::Create(to.into(), e)),
    }
}

fn copy(db: &str, to: &Path) -> Result<Copied, BackupError> {
    let source = Connection::open_with_flags(db, OpenFlags::SQLITE_OPEN_READ_ONLY)?;
    let mut target = Connection::open(to)?;
    {
        let backup = rusqlite::backup::Backup::new(&source, &mut target)?;
        // Every page in one step: one snapshot, however the server writes meanwhile. A
        // store busy with a commit is tried again a moment later (for at most 10 s).
        use rusqlite::backup::StepResult;
        let mut tries = 0;
        loop {
            match backup.step(-1)? {
                StepResult::Done => break,
                _ if tries < 200 => {
                    tries += 1;
                    std::thread::sleep(std::time::Duration::from_millis(50));
                }
                _ => return Err(BackupError::Busy),
            }
        }
    }
    let count = |table: &str| -> Result<u64, BackupError> {
        let exists = target
            .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?1")?
            .exists([table])?;
        if !exists {
            return Ok(0);
        }
        let n: i64 =
            target.query_row(&format!("SELECT count(*) FROM {table}"), [], |r| r.get(0))?;
        Ok(n.max(0) as u64)
    };
    Ok(Copied {
        games: count("games")?,
        moves: count("moves")?,
        accounts: count("accounts")?,
    })
}
