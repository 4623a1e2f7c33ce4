//! PostgreSQL restarted in the middle of play, as a crash would (`pg_ctl restart -m
//! immediate`), with two servers on it: each server listens again (a change made through one
//! reaches the other's sockets), no acknowledged move is lost, and the lobby and the clocks
//! recover (a seek made on one is listed on the other; a flag falls once, seen by both).
//!
//! Runs under `scripts/postgres.sh`, which says how to restart its cluster
//! (`RAJAPASU_TEST_POSTGRES_RESTART`); skipped without it.

#[macro_use]
mod common;
use common::{act, get_game, invite_code, new_game_in, next_json, Backend, Socket, GAMES, T0};

use serde_json::{json, Value};
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A server on `db` whose clocks read `now` (milliseconds), its flag task looking every 20 ms.
/// Its sockets stay open for an hour unanswered: the test reads them only when it waits for
/// a message, and PostgreSQL's recovery after the crash may take minutes on a busy machine
/// (longer after other tests filled the cluster), while a socket silent for the default 60 s
/// would be closed as gone.
async fn server(db: &str, now: &Arc<AtomicU64>) -> rajapasu_server::Running {
    let (secs, ms) = (now.clone(), now.clone());
    let policy = rajapasu_server::games::Policy {
        clock: Arc::new(move || secs.load(Ordering::SeqCst) / 1000),
        clock_ms: Arc::new(move || ms.load(Ordering::SeqCst)),
        flag_poll: Duration::from_millis(20),
        ..rajapasu_server::games::Policy::default()
    };
    let limits = rajapasu_server::limits::Limits {
        ws_idle_timeout: 3600.0,
        ..rajapasu_server::limits::Limits::default()
    };
    common::start(db, limits, policy).await
}

/// Restarts the test's PostgreSQL cluster, waiting until it takes connections again.
async fn restart_postgres(script: std::ffi::OsString) {
    let status = tokio::task::spawn_blocking(move || std::process::Command::new(script).status())
        .await
        .unwrap()
        .expect("the restart script runs");
    assert!(status.success(), "PostgreSQL restarted: {status}");
}

/// Plays the first legal move through `addr` with `token`, asking again while the store
/// answers 503 (nothing changed: the database is coming back) or 409 `stale_ply` (this server
/// had not yet heard of the other's last move when it was asked for the game), for 120 s at
/// most (a bound for a busy machine, not a measurement): the answer.
async fn move_stored(addr: SocketAddr, id: &str, token: &str) -> Value {
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        let g = get_game(addr, GAMES, id).await;
        let body = json!({"move": g["view"]["legal_moves"][0], "token": token, "ply": g["ply"]});
        let m = act(addr, GAMES, id, "moves", body).await;
        if m.status == 200 {
            return m.json();
        }
        let again = m.status == 503 || (m.status == 409 && m.json()["code"] == "stale_ply");
        assert!(
            again && Instant::now() < deadline,
            "a move after the restart: {} {}",
            m.status,
            m.body
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Waits for a message of the socket that `pred` takes (each within 60 s).
async fn until(ws: &mut Socket, pred: impl Fn(&Value) -> bool) -> Value {
    loop {
        let v = next_json(ws).await;
        if pred(&v) {
            return v;
        }
    }
}

/// A lobby socket on `addr`, past its hello and first list: the socket and its id.
async fn lobby(addr: SocketAddr) -> (Socket, String) {
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/api/lobby/ws"))
        .await
        .unwrap();
    let hello = next_json(&mut ws).await;
    let id = hello["socket"].as_str().unwrap().to_string();
    until(&mut ws, |v| v["type"] == "seeks").await;
    (ws, id)
}

#[tokio::test]
async fn postgres_restarted_in_play() {
    let Some(store) = Backend::postgres(module_path!()).await else {
        return;
    };
    let Some(restart) = std::env::var_os("RAJAPASU_TEST_POSTGRES_RESTART") else {
        eprintln!(
            "SKIPPED postgres_restarted_in_play: RAJAPASU_TEST_POSTGRES_RESTART is not set (scripts/postgres.sh sets it)"
        );
        return;
    };
    let now = Arc::new(AtomicU64::new(T0));
    let a = server(store.db(), &now).await;
    let b = server(store.db(), &now).await;
    // A 5+3 game made on one server and joined on the other; a socket on each.
    let body = json!({"kind": "online", "mode": "match", "clock": "5+3"});
    let (id, south, created) = new_game_in(a.addr, GAMES, body).await;
    let j = act(
        b.addr,
        GAMES,
        &id,
        "join",
        json!({"invite": invite_code(&created)}),
    )
    .await;
    assert_eq!(j.status, 200, "{}", j.body);
    let north = j.json()["token"].as_str().unwrap().to_string();
    let mut on_a = common::socket(a.addr, GAMES, &id).await.unwrap();
    let mut on_b = common::socket(b.addr, GAMES, &id).await.unwrap();
    let (mut lobby_b, _) = lobby(b.addr).await;
    // Moves acknowledged before the restart: South's through a, North's through b.
    let mut line = String::new();
    for (addr, token) in [(a.addr, &south), (b.addr, &north)] {
        let m = move_stored(addr, &id, token).await;
        line = m["game"]["line"].as_str().unwrap().to_string();
    }
    assert_eq!(line.len(), 2);

    restart_postgres(restart).await;

    // After: South moves through a; b's socket hears it (b listens again), and a's hears
    // North's answer through b (a listens again).
    for (addr, token, other) in [(a.addr, &south, &mut on_b), (b.addr, &north, &mut on_a)] {
        let m = move_stored(addr, &id, token).await;
        let ply = m["ply"].as_u64().unwrap();
        line = m["game"]["line"].as_str().unwrap().to_string();
        let heard = until(other, |v| v["type"] == "move" && v["ply"] == ply).await;
        assert_eq!(heard["game"]["line"], line.as_str(), "{heard}");
    }
    // No acknowledged move is lost: both servers, and the store itself (a new server reading
    // the game from it), have all four.
    let c = server(store.db(), &now).await;
    for addr in [a.addr, b.addr, c.addr] {
        let g = get_game(addr, GAMES, &id).await;
        assert_eq!(
            (g["ply"].as_u64(), g["line"].as_str()),
            (Some(4), Some(line.as_str())),
            "{g}"
        );
    }
    // The lobby recovers: a seek made on a is listed live on b.
    let (_lobby_a, socket) = lobby(a.addr).await;
    let mut guest = common::Browser::new(a.addr);
    let s = guest
        .post(
            "/api/lobby/seeks",
            json!({"socket": socket, "clock": "10+5"}),
        )
        .await;
    assert_eq!(s.status, 201, "{}", s.body);
    let seek = s.json()["id"].as_str().unwrap().to_string();
    until(&mut lobby_b, |v| {
        v["type"] == "seeks"
            && v["seeks"]
                .as_array()
                .unwrap()
                .iter()
                .any(|s| s["id"] == seek)
    })
    .await;
    // The clocks recover: South's time runs out, and the game ends on time once, told on
    // both servers' sockets.
    now.fetch_add(6 * 60_000, Ordering::SeqCst);
    for ws in [&mut on_a, &mut on_b] {
        let flagged = until(ws, |v| v["type"] == "timed_out").await;
        assert_eq!(flagged["side"], "south", "{flagged}");
    }
    for addr in [a.addr, b.addr] {
        let g = get_game(addr, GAMES, &id).await;
        assert_eq!(g["clock"]["timed_out"], 0, "{g}");
        assert_eq!(g["resigned"], "south", "{g}");
    }
}
