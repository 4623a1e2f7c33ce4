//! Why the store could not open, or could not do what was asked: one error for the games and
//! the accounts.

use std::sync::Arc;

/// Why the store could not open, or could not do what was asked. The API answers a write that
/// failed with 503 (nothing of it was stored), [`StoreError::Stale`] with 409 and
/// [`StoreError::Full`] with 503 `too_many_games`.
///
/// ```
/// use rajapasu_server::store::StoreError;
/// assert_eq!(StoreError::Stopped.to_string(), "the database writer has stopped");
/// ```
#[derive(Clone, Debug)]
pub enum StoreError {
    /// The SQLite database could not be opened, set up or read at start-up.
    Open {
        /// The database file.
        path: String,
        /// What was being done: "open", "set up", "read" or "repair".
        step: &'static str,
        /// Why.
        error: Arc<rusqlite::Error>,
    },
    /// The SQLite writer thread could not be started.
    Thread(Arc<std::io::Error>),
    /// The SQLite writer thread has stopped: nothing more can be stored.
    Stopped,
    /// The write was refused (its statement failed) and rolled back.
    Refused(Arc<rusqlite::Error>),
    /// The transaction could not commit: nothing of it was stored.
    Commit(Arc<rusqlite::Error>),
    /// The `postgres://` address does not parse.
    Url(String),
    /// PostgreSQL refused or failed.
    Postgres(Arc<tokio_postgres::Error>),
    /// No PostgreSQL connection could be had.
    Pool(String),
    /// The game changed meanwhile (or is gone): the change was made on an old copy.
    Stale,
    /// The cap on unfinished games is reached: the game was not created.
    Full {
        /// The cap.
        cap: u64,
    },
    /// A stored value does not read (a damaged database, or one written by a newer version).
    Corrupt(String),
    /// A rated game's ratings could not be computed: nothing of the change was stored.
    Rating(rajapasu_rating::RatingError),
    /// The job panicked: it was stopped, nothing of it was stored, and the store goes on with
    /// the next (what the panic said).
    Failed(String),
}

impl StoreError {
    /// The error of a job that panicked with `panic` (a `catch_unwind`'s error).
    pub fn failed(panic: &(dyn std::any::Any + Send)) -> StoreError {
        let what = panic
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| panic.downcast_ref::<&str>().copied())
            .unwrap_or("a panic");
        StoreError::Failed(what.to_string())
    }
}

/// Runs `job`, answering a panic in it with [`StoreError::Failed`] instead of letting it
/// unwind through the store: one bad request fails alone.
///
/// ```
/// use rajapasu_server::store::error::{guarded, StoreError};
/// assert_eq!(guarded(|| 2 + 2).unwrap(), 4);
/// let e = guarded(|| -> u8 { panic!("boom") }).unwrap_err();
/// assert!(matches!(&e, StoreError::Failed(w) if w == "boom"), "{e}");
/// ```
pub fn guarded<T>(job: impl FnOnce() -> T) -> Result<T, StoreError> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(job))
        .map_err(|panic| StoreError::failed(panic.as_ref()))
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
            StoreError::Url(e) => write!(f, "bad PostgreSQL address: {e}"),
            StoreError::Postgres(e) => match e.as_db_error() {
                Some(db) => write!(f, "PostgreSQL: {}", db.message()),
                None => write!(f, "PostgreSQL: {e}"),
            },
            StoreError::Pool(e) => write!(f, "no PostgreSQL connection: {e}"),
            StoreError::Stale => f.write_str("the game changed meanwhile"),
            StoreError::Full { cap } => write!(
                f,
                "the server holds its maximum of {cap} unfinished games: try again later"
            ),
            StoreError::Corrupt(e) => write!(f, "unreadable stored value: {e}"),
            StoreError::Rating(e) => write!(f, "the ratings could not be computed: {e}"),
            StoreError::Failed(e) => write!(f, "a store job failed, nothing of it stored: {e}"),
        }
    }
}

impl std::error::Error for StoreError {}

impl From<tokio_postgres::Error> for StoreError {
    fn from(e: tokio_postgres::Error) -> StoreError {
        StoreError::Postgres(Arc::new(e))
    }
}
