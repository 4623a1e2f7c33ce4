//! What the tournaments' tests share: registered players, an event made and joined, its view,
//! a player's game asked for, the start, a game resigned.

use super::{Browser, GAMES, MANDIRI};
use serde_json::{json, Value};
use std::net::SocketAddr;

/// Registered players' browsers, the first the creator.
pub async fn players(addr: SocketAddr, names: &[&str]) -> Vec<Browser> {
    let mut out = Vec::new();
    for name in names {
        let mut b = Browser::new(addr);
        let a = b.register(name, "a long secret").await;
        assert_eq!(a.status, 201, "{}", a.body);
        out.push(b);
    }
    out
}

/// The creator makes an event with `body`, everyone else joins: its id.
pub async fn event(ps: &mut [Browser], body: Value) -> String {
    let a = ps[0].post("/api/tournaments", body).await;
    assert_eq!(a.status, 201, "{}", a.body);
    let id = a.json()["id"].as_str().unwrap().to_string();
    for p in ps.iter_mut().skip(1) {
        let j = p
            .post(&format!("/api/tournaments/{id}/join"), json!({}))
            .await;
        assert_eq!(j.status, 200, "{}", j.body);
    }
    id
}

/// `b` asks for an event made with `body`, which is refused: the status and the error's code.
pub async fn refused(b: &mut Browser, body: Value) -> (u16, Value) {
    let a = b.post("/api/tournaments", body).await;
    assert_ne!(a.status, 201, "{}", a.body);
    (a.status, a.json()["code"].clone())
}

/// The event as `b` sees it.
pub async fn show(b: &mut Browser, id: &str) -> Value {
    let a = b
        .send("GET", &format!("/api/tournaments/{id}"), None, &[])
        .await;
    assert_eq!(a.status, 200, "{}", a.body);
    a.json()
}

/// `b` asks for their game now (and is noted present).
pub async fn play(b: &mut Browser, id: &str) -> Value {
    let a = b
        .post(&format!("/api/tournaments/{id}/play"), json!({}))
        .await;
    assert_eq!(a.status, 200, "{}", a.body);
    a.json()
}

/// The creator `b` starts the event: the event after.
pub async fn start(b: &mut Browser, id: &str) -> Value {
    let s = b
        .post(&format!("/api/tournaments/{id}/start"), json!({}))
        .await;
    assert_eq!(s.status, 200, "{}", s.body);
    s.json()
}

/// `b` resigns the game that `mine` (their answer from [`play`]) seats them in (a Mandiri
/// game's answer names its `players`).
pub async fn resign(b: &mut Browser, mine: &Value) {
    let games = if mine["players"].is_null() {
        GAMES
    } else {
        MANDIRI
    };
    let r = b
        .post(
            &format!("{games}/{}/resign", mine["id"].as_str().unwrap()),
            json!({"token": mine["token"]}),
        )
        .await;
    assert_eq!(r.status, 200, "{} {mine}", r.body);
}

/// The index of the player named `name`.
pub fn who(names: &[&str], name: &Value) -> usize {
    names
        .iter()
        .position(|n| *n == name.as_str().unwrap())
        .unwrap()
}
