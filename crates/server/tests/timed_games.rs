//! Timed online games against a real server on either store, with a clock the tests move by
//! hand: the clock starts when every seat is taken, each move is charged (with the increment,
//! or a day a move's full allowance again), a move at the deadline is refused and the game
//! ends on time, a resignation stops the clock, and bad controls are refused. Both games.

#[macro_use]
mod common;
use common::{
    act, assert_refused, get_game, invite_code, new_game_in, Backend, GAMES, MANDIRI, T0,
};

use futures_util::SinkExt;
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use tokio_tungstenite::tungstenite::Message;

/// A server whose clocks (seconds and milliseconds) both read `now`, in milliseconds.
async fn server_with_clock(store: &Backend) -> (rajapasu_server::Running, Arc<AtomicU64>) {
    let now = Arc::new(AtomicU64::new(T0));
    (server_on_clock(store.db(), &now).await, now)
}

/// A server on `db` whose clocks read `now`, in milliseconds, and whose flag task looks at
/// the stored deadlines every 20 ms.
async fn server_on_clock(db: &str, now: &Arc<AtomicU64>) -> rajapasu_server::Running {
    server_polling(db, now, std::time::Duration::from_millis(20)).await
}

/// [`server_on_clock`] with the flag task looking every `poll`.
async fn server_polling(
    db: &str,
    now: &Arc<AtomicU64>,
    poll: std::time::Duration,
) -> rajapasu_server::Running {
    common::server_on_clock(db, now, poll).await
}

/// Waits (60 s at most: a bound, not a measurement) until the game `id` shows that the player
/// of index `player` ran out of time, nobody acting meanwhile.
async fn wait_for_flag(addr: SocketAddr, games: &str, id: &str, player: u64) -> Value {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    loop {
        let g = get_game(addr, games, id).await;
        if g["clock"]["timed_out"].as_u64() == Some(player) {
            return g;
        }
        assert!(std::time::Instant::now() < deadline, "no flag fell: {g}");
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
}

/// A timed Raja Pasu game between two players: its id, South's and North's tokens.
async fn timed_game(addr: SocketAddr, clock: &str) -> (String, String, String) {
    let body = json!({"kind": "online", "mode": "round", "clock": clock});
    let (id, south, created) = new_game_in(addr, GAMES, body).await;
    assert_eq!(
        created["game"]["clock"]["running"],
        Value::Null,
        "not before the friend joins"
    );
    let a = act(
        addr,
        GAMES,
        &id,
        "join",
        json!({"invite": invite_code(&created)}),
    )
    .await;
    assert_eq!(a.status, 200, "{}", a.body);
    let north = a.json()["token"].as_str().unwrap().to_string();
    (id, south, north)
}

/// The first legal move of the game `id`.
async fn a_move(addr: SocketAddr, id: &str) -> Value {
    get_game(addr, GAMES, id).await["view"]["legal_moves"][0].clone()
}

/// Asserts that a move made at or after its player's deadline was refused: `flagged` when the
/// move's request found the flag, `game_over` when the flag task's look, woken by the move
/// before and come late on a loaded machine, found it first. The stored game says the same in
/// both cases (each test checks it).
#[track_caller]
fn refused_on_time(a: &rajapasu_loadtest::client::Answer) {
    let code = a.json()["code"].as_str().unwrap_or_default().to_string();
    assert!(
        a.status == 409 && ["flagged", "game_over"].contains(&code.as_str()),
        "{}",
        a.body
    );
}

async fn play(addr: SocketAddr, id: &str, token: &str) -> rajapasu_loadtest::client::Answer {
    let mv = a_move(addr, id).await;
    act(
        addr,
        GAMES,
        id,
        "moves",
        json!({"move": mv, "token": token}),
    )
    .await
}

async fn a_move_is_charged_with_its_increment(store: Backend) {
    let (server, now) = server_with_clock(&store).await;
    let addr = server.addr;
    let (id, south, north) = timed_game(addr, "3+2").await;
    let clock = get_game(addr, GAMES, &id).await["clock"].clone();
    assert_eq!(
        clock,
        json!({"control": "3+2", "left_ms": [180_000, 180_000], "running": 0,
               "deadline": T0 + 180_000, "timed_out": null})
    );
    now.fetch_add(10_000, Ordering::SeqCst);
    let a = play(addr, &id, &south).await;
    assert_eq!(a.status, 200, "{}", a.body);
    let clock = get_game(addr, GAMES, &id).await["clock"].clone();
    // 180 s - 10 s + 2 s for South; North's time runs from now.
    assert_eq!(clock["left_ms"], json!([172_000, 180_000]));
    assert_eq!(
        (clock["running"].as_u64(), clock["deadline"].as_u64()),
        (Some(1), Some(T0 + 10_000 + 180_000))
    );
    // The stored clock comes back after the game leaves memory.
    server.hub.evict_idle();
    now.fetch_add(1_000, Ordering::SeqCst);
    let a = play(addr, &id, &north).await;
    assert_eq!(a.status, 200, "{}", a.body);
    assert_eq!(
        get_game(addr, GAMES, &id).await["clock"]["left_ms"],
        json!([172_000, 181_000])
    );
}

async fn the_flag_falls_at_the_deadline_exactly(store: Backend) {
    // The flag task waits an hour between looks: the move's request is what finds the flag,
    // unless the look that South's move wakes the task for comes late, after the clock below
    // has moved on to the deadline (a loaded machine). Then that look flags the game, at the
    // deadline as well, and the move finds the game over. Either way the result is the same.
    let now = Arc::new(AtomicU64::new(T0));
    let server = server_polling(store.db(), &now, std::time::Duration::from_secs(3600)).await;
    let addr = server.addr;
    let (id, south, north) = timed_game(addr, "1+0").await;
    // A millisecond before the deadline the move counts.
    now.fetch_add(59_999, Ordering::SeqCst);
    let a = play(addr, &id, &south).await;
    assert_eq!(a.status, 200, "{}", a.body);
    // At North's deadline exactly, North's move is refused: North ran out of time.
    now.fetch_add(60_000, Ordering::SeqCst);
    let a = play(addr, &id, &north).await;
    refused_on_time(&a);
    let g = get_game(addr, GAMES, &id).await;
    assert_eq!(
        (g["resigned"].as_str(), g["clock"]["timed_out"].as_u64()),
        (Some("north"), Some(1)),
        "{g}"
    );
    assert_eq!(g["clock"]["left_ms"], json!([1, 0]));
    assert_eq!(g["clock"]["running"], Value::Null);
    // Over: nothing more is played, and the flag is not stored twice.
    assert_refused(&play(addr, &id, &south).await, 409, "game_over");
}

async fn a_resignation_stops_the_clock(store: Backend) {
    let (server, now) = server_with_clock(&store).await;
    let addr = server.addr;
    let (id, south, _) = timed_game(addr, "5+3").await;
    now.fetch_add(4_000, Ordering::SeqCst);
    let a = act(addr, GAMES, &id, "resign", json!({"token": south})).await;
    assert_eq!(a.status, 200, "{}", a.body);
    let g = get_game(addr, GAMES, &id).await;
    assert_eq!(g["clock"]["left_ms"], json!([296_000, 300_000]));
    assert_eq!(
        (
            g["clock"]["running"].clone(),
            g["clock"]["timed_out"].clone()
        ),
        (Value::Null, Value::Null)
    );
}

async fn a_day_a_move_gives_the_full_day_again(store: Backend) {
    let (server, now) = server_with_clock(&store).await;
    let addr = server.addr;
    let (id, south, _) = timed_game(addr, "1d").await;
    now.fetch_add(20 * 3_600_000, Ordering::SeqCst);
    assert_eq!(play(addr, &id, &south).await.status, 200);
    let clock = get_game(addr, GAMES, &id).await["clock"].clone();
    assert_eq!(clock["left_ms"], json!([86_400_000, 86_400_000]));
    assert_eq!(
        clock["deadline"].as_u64(),
        Some(T0 + 20 * 3_600_000 + 86_400_000)
    );
}

async fn a_timed_mandiri_game_starts_when_three_are_seated(store: Backend) {
    // The flag task waits an hour between looks: the move's request is what finds the flag.
    let now = Arc::new(AtomicU64::new(T0));
    let server = server_polling(store.db(), &now, std::time::Duration::from_secs(3600)).await;
    let addr = server.addr;
    let (id, first, created) =
        new_game_in(addr, MANDIRI, json!({"kind": "online", "clock": "10+5"})).await;
    let invites: Vec<String> = created["invites"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| invite_code(&json!({"invite": l})))
        .collect();
    let a = act(addr, MANDIRI, &id, "join", json!({"invite": invites[0]})).await;
    assert_eq!(a.status, 200, "{}", a.body);
    assert_eq!(
        get_game(addr, MANDIRI, &id).await["clock"]["running"],
        Value::Null,
        "two of three"
    );
    now.fetch_add(1_000, Ordering::SeqCst);
    let a = act(addr, MANDIRI, &id, "join", json!({"invite": invites[1]})).await;
    assert_eq!(a.status, 200, "{}", a.body);
    let clock = get_game(addr, MANDIRI, &id).await["clock"].clone();
    assert_eq!(
        (clock["running"].as_u64(), clock["deadline"].as_u64()),
        (Some(0), Some(T0 + 1_000 + 600_000)),
        "{clock}"
    );
    assert_eq!(clock["left_ms"], json!([600_000, 600_000, 600_000]));
    // Player 1 runs out of time: the game ends on time (found by the move, or by the flag
    // task's look that the join woke it for, if that look comes after the clock moved on).
    now.fetch_add(600_000, Ordering::SeqCst);
    let mv = get_game(addr, MANDIRI, &id).await["view"]["legal"][0].clone();
    let a = act(
        addr,
        MANDIRI,
        &id,
        "moves",
        json!({"move": mv, "token": first}),
    )
    .await;
    refused_on_time(&a);
    let g = get_game(addr, MANDIRI, &id).await;
    assert_eq!(
        (g["over"].as_bool(), g["clock"]["timed_out"].as_u64()),
        (Some(true), Some(0)),
        "{g}"
    );
}

async fn the_flag_falls_with_nobody_connected(store: Backend) {
    let (server, now) = server_with_clock(&store).await;
    let addr = server.addr;
    let (id, south, _) = timed_game(addr, "1+0").await;
    assert_eq!(play(addr, &id, &south).await.status, 200);
    // A millisecond short of North's deadline nothing happens. A wait for nothing to happen
    // (no event would tell): on a slow machine it can only let the check pass, never fail it.
    now.fetch_add(59_999, Ordering::SeqCst);
    tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    assert_eq!(
        get_game(addr, GAMES, &id).await["clock"]["running"].as_u64(),
        Some(1)
    );
    // At the deadline, with no request and no socket, the flag task ends the game.
    now.fetch_add(1, Ordering::SeqCst);
    let g = wait_for_flag(addr, GAMES, &id, 1).await;
    assert_eq!(g["resigned"].as_str(), Some("north"));
}

async fn a_correspondence_clock_outlives_a_restart(store: Backend) {
    let db = common::lasting_db(&store, "rajapasu-timed-restart");
    let now = Arc::new(AtomicU64::new(T0));
    let server = server_on_clock(&db, &now).await;
    let (id, south, _) = timed_game(server.addr, "3d").await;
    assert_eq!(play(server.addr, &id, &south).await.status, 200);
    server.stop().await;
    // Started again: the game goes on where it was, North's three days running.
    let server = server_on_clock(&db, &now).await;
    let clock = get_game(server.addr, GAMES, &id).await["clock"].clone();
    assert_eq!(
        (clock["running"].as_u64(), clock["deadline"].as_u64()),
        (Some(1), Some(T0 + 3 * 86_400_000))
    );
    // Past North's deadline, the restarted server flags the game by itself.
    now.fetch_add(3 * 86_400_000, Ordering::SeqCst);
    wait_for_flag(server.addr, GAMES, &id, 1).await;
    server.stop().await;
    common::remove_sqlite_files(&store, &db);
}

async fn time_while_the_server_was_down_is_not_charged(store: Backend) {
    let db = common::lasting_db(&store, "rajapasu-timed-down");
    let now = Arc::new(AtomicU64::new(T0));
    let server = server_on_clock(&db, &now).await;
    let (id, _, _) = timed_game(server.addr, "3+2").await;
    let deadline = |g: Value| g["clock"]["deadline"].as_u64();
    server.stop().await;
    // A restart of a few seconds is charged: the deadline stays.
    now.fetch_add(5_000, Ordering::SeqCst);
    let server = server_on_clock(&db, &now).await;
    assert_eq!(
        deadline(get_game(server.addr, GAMES, &id).await),
        Some(T0 + 180_000)
    );
    server.stop().await;
    // An hour down is not: South's deadline moves on by the hour, South's time is whole.
    now.fetch_add(3_600_000, Ordering::SeqCst);
    let server = server_on_clock(&db, &now).await;
    let g = get_game(server.addr, GAMES, &id).await;
    assert_eq!(deadline(g.clone()), Some(T0 + 180_000 + 3_600_000));
    assert_eq!(g["clock"]["left_ms"], json!([180_000, 180_000]));
    // And it flags at the new deadline, not the old one. A wait for nothing to happen (no
    // event would tell): on a slow machine it can only let the check pass, never fail it.
    now.fetch_add(170_000, Ordering::SeqCst);
    tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    assert_eq!(
        get_game(server.addr, GAMES, &id).await["clock"]["timed_out"],
        Value::Null
    );
    server.stop().await;
    common::remove_sqlite_files(&store, &db);
}

async fn lag_is_forgiven_within_the_quota(store: Backend) {
    let (server, now) = server_with_clock(&store).await;
    let addr = server.addr;
    let (id, south, north) = timed_game(addr, "3+2").await;
    let mv = |token: &str, lag: u64| {
        let token = token.to_string();
        let id = id.clone();
        async move {
            let m = a_move(addr, &id).await;
            act(
                addr,
                GAMES,
                &id,
                "moves",
                json!({"move": m, "token": token, "lag_ms": lag}),
            )
            .await
        }
    };
    // South's socket answers the server's ping 300 ms late at the least (the test holds it
    // unread that long: a slow network, simulated), so the round trip measured is at least
    // 300 ms. The state asked for after the pong comes once the pong has been taken.
    let mut ws = common::socket(addr, GAMES, &id).await.unwrap();
    common::next_json(&mut ws).await;
    ws.send(Message::text(json!({"token": south}).to_string()))
        .await
        .unwrap();
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    common::next_json(&mut ws).await;
    ws.send(Message::text("state")).await.unwrap();
    while common::next_json(&mut ws).await["type"] != "state" {}
    // South took 10 s, 0.2 s of it on the network: 9.8 s charged, then the 2 s increment.
    now.fetch_add(10_000, Ordering::SeqCst);
    assert_eq!(mv(&south, 200).await.status, 200);
    // North claims 5 s of lag, with no socket: no round trip was measured, nothing is forgiven.
    now.fetch_add(10_000, Ordering::SeqCst);
    assert_eq!(mv(&north, 5_000).await.status, 200);
    let clock = get_game(addr, GAMES, &id).await["clock"].clone();
    assert_eq!(clock["left_ms"], json!([172_200, 172_000]));
    // South claims 60 s, past the measured round trip and the quota: at most the round trip
    // is forgiven, and it is far under 5 s.
    now.fetch_add(10_000, Ordering::SeqCst);
    assert_eq!(mv(&south, 60_000).await.status, 200);
    let left = get_game(addr, GAMES, &id).await["clock"]["left_ms"][0].as_u64();
    assert!(left < Some(172_200 - 5_000 + 2_000), "{left:?}");
    // A claim beyond any network is refused, naming the bounds.
    now.fetch_add(1_000, Ordering::SeqCst);
    let a = mv(&north, 60_001).await;
    common::assert_refused(&a, 422, "bad_lag");
}

on_both_stores!(
    lag_is_forgiven_within_the_quota,
    time_while_the_server_was_down_is_not_charged,
    the_flag_falls_with_nobody_connected,
    a_correspondence_clock_outlives_a_restart,
    a_move_is_charged_with_its_increment,
    the_flag_falls_at_the_deadline_exactly,
    a_resignation_stops_the_clock,
    a_day_a_move_gives_the_full_day_again,
    a_timed_mandiri_game_starts_when_three_are_seated,
);

#[tokio::test]
async fn bad_time_controls_are_refused() {
    let (server, _) = server_with_clock(&Backend::Sqlite).await;
    let addr = server.addr;
    for (body, says) in [
        (
            json!({"kind": "online", "clock": "0+2"}),
            "is not a time control",
        ),
        (
            json!({"kind": "online", "clock": "2d"}),
            "is not a time control",
        ),
        (
            json!({"kind": "local", "clock": "3+2"}),
            "only for online games",
        ),
        (
            json!({"kind": "computer", "clock": "1d"}),
            "only for online games",
        ),
    ] {
        for games in [GAMES, MANDIRI] {
            let a = common::post(addr, games, body.clone()).await;
            assert_refused(&a, 422, "bad_clock");
            assert!(common::error_of(&a).contains(says), "{}", a.body);
        }
    }
    // An untimed game shows no clock.
    let (id, _, _) = new_game_in(addr, GAMES, json!({"kind": "online"})).await;
    assert!(get_game(addr, GAMES, &id).await.get("clock").is_none());
}

/// Two servers on one PostgreSQL database, both flag tasks looking at the same deadline: the
/// game is flagged once (one stored change), and both servers show it.
#[tokio::test]
async fn two_instances_flag_a_game_once() {
    let Some(store) = Backend::postgres(module_path!()).await else {
        return;
    };
    let now = Arc::new(AtomicU64::new(T0));
    let a = server_on_clock(store.db(), &now).await;
    let b = server_on_clock(store.db(), &now).await;
    let (id, _, _) = timed_game(a.addr, "1+0").await;
    let client = common::pg(store.db()).await;
    let version = |client: tokio_postgres::Client, id: String| async move {
        let row = client
            .query_one("SELECT version FROM games WHERE id = $1", &[&id])
            .await
            .unwrap();
        (client, row.get::<_, i64>(0))
    };
    let (client, before) = version(client, id.clone()).await;
    get_game(b.addr, GAMES, &id).await;
    now.fetch_add(60_000, Ordering::SeqCst);
    wait_for_flag(a.addr, GAMES, &id, 0).await;
    wait_for_flag(b.addr, GAMES, &id, 0).await;
    // Both tasks have looked again since: still one change. A wait for nothing to happen (no
    // event would tell): on a slow machine it can only let the check pass, never fail it.
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    let (_, after) = version(client, id).await;
    assert_eq!(after, before + 1);
}
