//! The edges' attacks (`rajapasu loadtest --attack claimed-lag|names|times|cookies|origin`) at
//! their small size against a server in the test, on either store: every check holds
//! (docs/SERVER.md, "Attacks and what holds"). And what an HTTP client cannot see, read
//! directly: a backup's file mode.

#[macro_use]
mod common;
use common::Backend;

use rajapasu_loadtest::attack::Attack;
use rajapasu_server::limits::Limits;

/// The limits of the attacks' server: small where a quota is filled, and the proxy trusted
/// as the attack's flags ask.
fn limits(attack: Attack) -> Limits {
    Limits {
        trust_proxy: attack.flags().contains(&"--trust-proxy"),
        ..Limits::default()
    }
}

/// Runs `attack` at its small size against a new server on `store`: every check held.
async fn holds(attack: Attack, store: &Backend) {
    common::attack_holds(
        attack,
        store,
        limits(attack),
        rajapasu_server::games::Policy::default(),
    )
    .await;
}

async fn claimed_lag(store: Backend) {
    holds(Attack::ClaimedLag, &store).await;
}

async fn names(store: Backend) {
    holds(Attack::Names, &store).await;
}

async fn times(store: Backend) {
    holds(Attack::Times, &store).await;
}

async fn cookies(store: Backend) {
    holds(Attack::Cookies, &store).await;
}

async fn origin(store: Backend) {
    holds(Attack::Origin, &store).await;
}

on_both_stores!(claimed_lag, names, times, cookies, origin);

/// A backup holds every password hash and seat: it is readable by its owner only, whatever
/// the umask.
#[cfg(unix)]
#[tokio::test]
async fn a_backup_is_readable_by_its_owner_only() {
    use std::os::unix::fs::PermissionsExt;
    let store = Backend::Sqlite;
    let db = common::lasting_db(&store, "rajapasu-edges-backup-source");
    let copy = common::lasting_db(&store, "rajapasu-edges-backup-copy");
    let server = common::started(&db).await;
    common::new_game(server.addr, serde_json::json!({"kind": "local"})).await;
    let copied = rajapasu_server::store::backup::backup(&db, std::path::Path::new(&copy)).unwrap();
    assert_eq!(copied.games, 1);
    let mode = std::fs::metadata(&copy).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600, "{mode:o}");
    // A file there already is never overwritten, nor its mode changed.
    let again = rajapasu_server::store::backup::backup(&db, std::path::Path::new(&copy));
    assert!(
        matches!(
            again,
            Err(rajapasu_server::store::backup::BackupError::Exists(_))
        ),
        "{again:?}"
    );
    server.stop().await;
    common::remove_sqlite_files(&store, &db);
    common::remove_sqlite_files(&store, &copy);
}
