//! The web server's commands: `serve`, and `loadtest` against a server of its own.

mod common;

use common::{fails, ok};

#[test]
fn serve_checks_its_address_before_creating_the_database() {
    let dir = std::env::temp_dir().join(format!("rajapasu-serve-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("games.db");
    fails(
        &["serve", "--addr", "nonsense", "--db", db.to_str().unwrap()],
        "--addr nonsense: not an address to listen on",
    );
    assert!(!db.exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn loadtest_refuses_no_games() {
    fails(
        &["loadtest", "--games", "0"],
        "--games 0: give 1 to 1000 games",
    );
    fails(&["loadtest", "--games", "1001"], "--games 1001");
    fails(
        &["loadtest", "--seconds", "0"],
        "--seconds 0: give 1 to 300",
    );
}

#[test]
fn loadtest_plays_games_against_a_server_of_its_own() {
    let db = std::env::temp_dir().join(format!("rajapasu-loadtest-cli-{}.db", std::process::id()));
    let db = db.to_str().unwrap();
    // The server it starts must not open an endgame table that happens to be on this machine:
    // opening a whole one takes the test's one second.
    let none =
        std::env::temp_dir().join(format!("rajapasu-loadtest-no-table-{}", std::process::id()));
    let run = std::process::Command::new(env!("CARGO_BIN_EXE_rajapasu"))
        .args(["loadtest", "--games", "2", "--seconds", "1", "--db", db])
        .env("RAJAPASU_TABLEBASE", &none)
        .output()
        .unwrap();
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let out = String::from_utf8(run.stdout).unwrap();
    for ext in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{db}{ext}"));
    }
    // The database as the server announced it, read back from its ready line.
    assert!(
        out.starts_with("load test: 2 games for 1 s against http://127.0.0.1:"),
        "{out}"
    );
    assert!(out.contains(&format!("(database {db})")), "{out}");
    let figures = out.lines().nth(1).unwrap_or_default();
    assert!(figures.starts_with("acknowledged moves "), "{out}");
    assert!(!figures.starts_with("acknowledged moves 0 "), "{out}");
    assert!(figures.ends_with("errors 0"), "{out}");
}

#[test]
fn backup_copies_a_store_and_never_overwrites() {
    let dir = std::env::temp_dir().join(format!("rajapasu-backup-cli-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("games.db");
    let copy = dir.join("copy.db");
    let (db, copy) = (db.to_str().unwrap(), copy.to_str().unwrap());
    // A store with two games, made by a short load test.
    ok(&["loadtest", "--games", "2", "--seconds", "1", "--db", db]);
    let out = ok(&["backup", copy, "--db", db]);
    assert!(
        out.contains(&format!("backed up {db} to {copy}: ")),
        "{out}"
    );
    assert!(!out.contains(": 0 games"), "{out}");
    fails(
        &["backup", copy, "--db", db],
        "exists already: a backup never overwrites",
    );
    fails(&["backup", "x.db", "--db", "postgres://a@b/c"], "pg_dump");
    std::fs::remove_dir_all(&dir).unwrap();
}
