//! What the lobby's tests share: a lobby socket, its messages waited for, seeks made, listed,
//! accepted and held, and two guests paired by a seek.

use super::{next_json, Browser, Socket};
use rajapasu_loadtest::client::Answer;
use serde_json::{json, Value};
use std::net::SocketAddr;

/// A lobby socket on `addr` and the id its hello gave it.
pub async fn lobby(addr: SocketAddr) -> (Socket, String) {
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/api/lobby/ws"))
        .await
        .unwrap();
    let hello = next_json(&mut ws).await;
    assert_eq!(hello["type"], "hello", "{hello}");
    let id = hello["socket"].as_str().unwrap().to_string();
    let first = next_json(&mut ws).await;
    assert_eq!(first["type"], "seeks", "{first}");
    (ws, id)
}

/// Waits (10 s at most) for a message of the socket that `pred` takes.
pub async fn until(ws: &mut Socket, pred: impl Fn(&Value) -> bool) -> Value {
    loop {
        let v = next_json(ws).await;
        if pred(&v) {
            return v;
        }
    }
}

/// Whether a `seeks` message lists the seek `id`.
pub fn lists(v: &Value, id: &str) -> bool {
    v["type"] == "seeks" && v["seeks"].as_array().unwrap().iter().any(|s| s["id"] == id)
}

/// Whether a `seeks` message does not list the seek `id`.
pub fn lacks(v: &Value, id: &str) -> bool {
    v["type"] == "seeks" && !v["seeks"].as_array().unwrap().iter().any(|s| s["id"] == id)
}

/// `b` seeks with `body` from the lobby socket `socket`: the answer.
pub async fn post_seek(b: &mut Browser, socket: &str, body: Value) -> Answer {
    let mut body = body;
    body["socket"] = json!(socket);
    b.post("/api/lobby/seeks", body).await
}

/// The id of the seek that `answer` made, which must have been made (201).
pub fn seek_id(answer: &Answer) -> String {
    assert_eq!(answer.status, 201, "{}", answer.body);
    answer.json()["id"].as_str().unwrap().to_string()
}

/// Asserts that the account `player` is signed in to holds the game `id` among its games (of
/// the game `game`, when named: `"mandiri"`).
pub async fn assert_holds(player: &mut Browser, id: &str, game: Option<&str>) {
    let account = player.account().await;
    let games = account["games"].as_array().unwrap();
    assert!(
        games
            .iter()
            .any(|h| h["id"] == id && game.map_or(true, |g| h["game"] == g)),
        "{account}"
    );
}

/// The seek `id` as listed in a `seeks` message.
pub fn seek_in(v: &Value, id: &str) -> Value {
    v["seeks"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["id"] == id)
        .cloned()
        .unwrap_or(Value::Null)
}

/// `b` accepts the seek `id`: the answer.
pub async fn accept(b: &mut Browser, id: &str) -> Answer {
    b.post(&format!("/api/lobby/seeks/{id}/accept"), json!({}))
        .await
}

/// A guest seeks `body` from a lobby socket on `addr`, and another guest takes the seek: the
/// seeker's socket (open still), what the taker was answered (their seat and token) and what
/// the seeker's socket was told (the game's id, their seat and token).
pub async fn guests_paired(addr: SocketAddr, body: Value) -> (Socket, Value, Value) {
    let (mut ws, socket) = lobby(addr).await;
    let mut seeker = Browser::new(addr);
    let id = seek_id(&post_seek(&mut seeker, &socket, body).await);
    let taken = accept(&mut Browser::new(addr), &id).await;
    assert_eq!(taken.status, 200, "{}", taken.body);
    let taken = taken.json();
    let started = until(&mut ws, |v| v["type"] == "started").await;
    assert_eq!(started["id"], taken["id"], "{started}");
    (ws, taken, started)
}
