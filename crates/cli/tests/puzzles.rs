//! `rajapasu puzzles` as a user runs it: puzzles generated from record files and from the web
//! app's store without a table, proven again by `check`, counted by `stats`; a changed claim
//! and bad arguments refused with one line.

mod common;

use common::{fails, ok, run};

#[test]
fn generate_check_and_stats() {
    let dir = std::env::temp_dir().join(format!("rajapasu-cli-puzzles-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let set = dir.join("set.jsonl");
    let set_arg = set.to_str().unwrap();
    let no_table = ["--tablebase", "/nonexistent/rajapasu-table"];
    // Two games as record files: each starts at a puzzle of the shipped set.
    let mut args = vec!["puzzles", "generate", "--count", "2", "--out", set_arg];
    let records = [
        ("a.json", "0,1,0,1,0,0,1/0,1,0,0,0,1,0 S 61 32", "[2, 2]"),
        ("b.json", "0,1,0,0,1,0,1/0,1,0,0,0,0,0 S 64 30", "[5]"),
    ];
    let paths: Vec<String> = records
        .iter()
        .map(|(name, position, moves)| {
            let path = dir.join(name);
            let record = format!(
                r#"{{"rules": "canonical/mode=round", "position": "{position}", "moves": {moves}}}"#
            );
            std::fs::write(&path, record).unwrap();
            path.to_str().unwrap().to_string()
        })
        .collect();
    for p in &paths {
        args.extend(["--from", p.as_str()]);
    }
    let out = run(&[&no_table[..], &args[..]].concat());
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("no endgame table: proving with the solver alone"),
        "{err}"
    );
    assert!(err.contains("2 puzzles from 2 games"), "{err}");
    let text = std::fs::read_to_string(&set).unwrap();
    assert_eq!(text.lines().count(), 2);
    let checked = ok(&[
        &no_table[..],
        &["puzzles", "check", set_arg, "--no-table"][..],
    ]
    .concat());
    assert!(checked.contains("2 of 2 puzzles proven again"), "{checked}");
    let stats = ok(&["puzzles", "stats", set_arg]);
    assert!(stats.starts_with("2 puzzles\n"), "{stats}");
    assert!(stats.contains("last_counters"), "{stats}");

    // A value changed by one counter no longer holds.
    let mut first: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    let values = first["solution"]["values"].as_array_mut().unwrap();
    let i = values.iter().position(|v| !v.is_null()).unwrap();
    values[i] = serde_json::json!(values[i].as_i64().unwrap() + 1);
    let bad = dir.join("bad.jsonl");
    std::fs::write(&bad, format!("{first}\n")).unwrap();
    fails(
        &[
            &no_table[..],
            &["puzzles", "check", bad.to_str().unwrap(), "--no-table"][..],
        ]
        .concat(),
        "1 puzzles do not hold",
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_arguments_are_refused() {
    fails(&["puzzles", "generate", "--margin", "0"], "--margin");
    fails(&["puzzles", "generate", "--count", "0"], "--count");
    fails(
        &["puzzles", "stats", "/nonexistent/set.jsonl"],
        "cannot read",
    );
    fails(
        &["puzzles", "generate", "--from", "store"],
        "--from store reads the store named by --db",
    );
    fails(
        &["puzzles", "generate", "--db", "games.db"],
        "give --from store",
    );
    fails(
        &[
            "puzzles",
            "generate",
            "--from",
            "store",
            "--db",
            "/nonexistent/games.db",
        ],
        "--db /nonexistent/games.db: no store at /nonexistent/games.db",
    );
}

/// Writes a SQLite store with the server's own code: a single round of five counters played to
/// its end through the API (its start is a puzzle: S2, by 6), and a game left unfinished.
/// Returns the finished game's id.
async fn store_with_a_finished_game(db: &str) -> String {
    use rajapasu_loadtest::client::Client;
    use serde_json::{json, Value};
    let server = rajapasu_server::spawn_with(
        "127.0.0.1:0",
        db,
        rajapasu_server::limits::Limits::default(),
        rajapasu_server::games::Policy::default(),
    )
    .await
    .expect("server starts");
    let post = |path: String, body: Value| async move {
        let mut c = Client::connect(server.addr).await.unwrap();
        let a = c
            .request("POST", &path, Some(&body.to_string()))
            .await
            .unwrap();
        assert!(a.status < 300, "{path}: {}", a.body);
        a.json()
    };
    let game = |position: &str| json!({"kind": "local", "mode": "round", "position": position});
    let created = post(
        "/api/games".into(),
        game("0,1,0,1,0,0,1/0,1,0,0,0,1,0 S 61 32"),
    )
    .await;
    let id = created["game"]["id"].as_str().unwrap().to_string();
    let token = created["token"].as_str().unwrap().to_string();
    let mut view = created["game"]["view"].clone();
    while let Some(mv) = view["legal_moves"]
        .as_array()
        .and_then(|m| m.first())
        .cloned()
    {
        let a = post(
            format!("/api/games/{id}/moves"),
            json!({"move": mv, "token": token}),
        )
        .await;
        view = a["game"]["view"].clone();
    }
    post(
        "/api/games".into(),
        game("0,1,0,0,1,0,1/0,1,0,0,0,0,0 S 64 30"),
    )
    .await;
    server.stop().await;
    id
}

#[test]
fn generate_from_the_servers_store() {
    let dir = std::env::temp_dir().join(format!("rajapasu-cli-store-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("games.db");
    let db = db.to_str().unwrap();
    let id = tokio::runtime::Runtime::new()
        .unwrap()
        .block_on(store_with_a_finished_game(db));
    let set = dir.join("set.jsonl");
    let set = set.to_str().unwrap();
    let no_table = ["--tablebase", "/nonexistent/rajapasu-table"];
    let args = [
        "puzzles", "generate", "--from", "store", "--db", db, "--count", "5", "--out", set,
    ];
    let out = run(&[&no_table[..], &args[..]].concat());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(
        err.contains(
            "the store: 1 finished Raja Pasu games read, 0 Raja Pasu Mandiri games left out"
        ),
        "{err}"
    );
    assert!(err.contains("puzzles from 1 games"), "{err}");
    let text = std::fs::read_to_string(set).unwrap();
    let first: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    assert_eq!(first["source"], format!("store:{id},ply=1"));
    assert_eq!(first["solution"]["move"], 2);
    let checked = ok(&[&no_table[..], &["puzzles", "check", set, "--no-table"][..]].concat());
    assert!(checked.contains(" puzzles proven again"), "{checked}");
    assert!(checked.ends_with(", 0 failed\n"), "{checked}");
    let _ = std::fs::remove_dir_all(&dir);
}
