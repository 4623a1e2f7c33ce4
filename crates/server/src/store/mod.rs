//! Where games are kept: the [`Store`] trait and what passes through it ([`contract`], its
//! errors in [`error`]), and its two implementations, [`sqlite`] (one file, the default) and
//! [`postgres`] (a server that several instances can share); [`open`] picks one from `--db`.
//! Each also keeps the players' accounts ([`accounts`]), their ratings ([`ratings`]), the
//! lobby's seeks ([`lobby`]), the puzzles' ratings ([`puzzles`]), the tournaments
//! ([`tournaments`]) and who made each game ([`quotas`]). Ratings out of bounds are repaired as
//! a store opens ([`repair`]), after the real-time ratings are split into blitz and rapid
//! ([`split_pools`]), and seat tokens kept in clear by earlier versions are hashed
//! ([`seat_hashes`]); [`backup`] copies a live SQLite store. docs/STORAGE.md describes
//! the schema and the policies.
//!
//! Every feature is written once for both databases over `sql`'s `Tx` and `Db`, which
//! `sqlite_tx` runs on SQLite's thread and `postgres_tx` on a PostgreSQL connection (their
//! `Db` in `sqlite` and `postgres`): the games (`games`, the [`Store`] itself),
//! [`accounts`], [`lobby`], [`puzzles`], [`quotas`], [`ratings`], [`tournaments`] and the
//! seat tokens' hashing ([`seat_hashes`]). What stays with each database is what truly
//! differs: the schema's history, SQLite's writer thread and its group commit of the games'
//! writes, PostgreSQL's pool and its notices to the other instances, the backup.
//!
//! Every change of a game names the version of the game it was made on and is refused with
//! [`StoreError::Stale`] when the stored game has moved on (another instance changed it), so
//! two changes made on two copies of one game cannot both be kept. A change is acknowledged
//! only once it is committed.

pub mod accounts;
pub mod backup;
pub mod contract;
pub mod error;
mod games;
pub mod lobby;
pub mod postgres;
mod postgres_tx;
pub mod puzzles;
pub mod quotas;
pub mod ratings;
pub mod repair;
pub mod seat_hashes;
pub mod split_pools;
mod sql;
pub mod sqlite;
mod sqlite_tx;
pub mod tournaments;

pub use accounts::AccountStore;
pub use contract::{Activity, Change, Notice, Store, StoreError, StoredGame};
pub use lobby::LobbyStore;
pub use puzzles::PuzzleStore;
pub use quotas::QuotaStore;
pub use ratings::RatingStore;
use std::sync::Arc;
pub use tournaments::TournamentStore;

/// Opens the store named by `--db`: a `postgres://` (or `postgresql://`) address, or else a
/// SQLite file (`:memory:` keeps nothing).
pub async fn open(db: &str) -> Result<Arc<dyn Store>, StoreError> {
    if db.starts_with("postgres://") || db.starts_with("postgresql://") {
        Ok(Arc::new(postgres::PgStore::open(db).await?))
    } else {
        let path = db.to_string();
        let store = tokio::task::spawn_blocking(move || sqlite::SqliteStore::open(&path))
            .await
            .map_err(|e| StoreError::Thread(Arc::new(std::io::Error::other(e))))??;
        Ok(Arc::new(store))
    }
}

/// `db` as it may be shown: a PostgreSQL address without its password.
///
/// ```
/// use rajapasu_server::store::display_name;
/// assert_eq!(display_name("postgres://ann:secret@db:5432/games"), "postgres://ann:***@db:5432/games");
/// assert_eq!(display_name("rajapasu.db"), "rajapasu.db");
/// ```
pub fn display_name(db: &str) -> String {
    let Some((scheme, rest)) = db.split_once("://") else {
        return db.to_string();
    };
    match rest.split_once('@') {
        Some((user, host)) => match user.split_once(':') {
            Some((name, _)) => format!("{scheme}://{name}:***@{host}"),
            None => db.to_string(),
        },
        None => db.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_bad_postgres_address_is_named() {
        let e = open("postgres://ann@db:port/games").await.err().unwrap();
        assert!(matches!(e, StoreError::Url(_)), "{e}");
        assert!(e.to_string().starts_with("bad PostgreSQL address"), "{e}");
        // Nothing listens on port 1: an error, not a wait.
        let e = open("postgres://ann@127.0.0.1:1/games")
            .await
            .err()
            .unwrap();
        assert!(matches!(e, StoreError::Pool(_)), "{e}");
    }

    #[tokio::test]
    async fn a_sqlite_file_that_cannot_be_opened_is_named() {
        let e = open("/nonexistent-dir/x/games.db").await.err().unwrap();
        assert!(e.to_string().contains("/nonexistent-dir/x/games.db"), "{e}");
    }
}
