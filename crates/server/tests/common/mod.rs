//! What the server's API tests share: a server on an ephemeral port and requests to it.

// Each test file uses a part of these.
#![allow(dead_code)]

use rajapasu_server::client::{Answer, Client};
use serde_json::Value;
use std::net::SocketAddr;

/// A server with an in-memory database, on a free port.
pub async fn server() -> SocketAddr {
    rajapasu_server::spawn("127.0.0.1:0", ":memory:")
        .await
        .expect("server starts")
        .0
}

/// One request on a new connection; `body` as JSON.
pub async fn req(addr: SocketAddr, method: &str, path: &str, body: Option<Value>) -> Answer {
    let mut c = Client::connect(addr).await.unwrap();
    let text = body.map(|b| b.to_string());
    c.request(method, path, text.as_deref()).await.unwrap()
}

/// A POST with a JSON body.
pub async fn post(addr: SocketAddr, path: &str, body: Value) -> Answer {
    req(addr, "POST", path, Some(body)).await
}

/// The `error` text of an error answer.
pub fn error_of(a: &Answer) -> String {
    a.json()["error"].as_str().unwrap_or_default().to_string()
}

/// The `code` of an error answer.
pub fn code_of(a: &Answer) -> String {
    a.json()["code"].as_str().unwrap_or_default().to_string()
}

/// Creates a game: its id, the creator's token, and the whole answer.
pub async fn new_game(addr: SocketAddr, body: Value) -> (String, String, Value) {
    let a = req(addr, "POST", "/api/games", Some(body)).await;
    assert_eq!(a.status, 201, "{}", a.body);
    let v = a.json();
    (
        v["id"].as_str().unwrap().to_string(),
        v["token"].as_str().unwrap().to_string(),
        v,
    )
}

/// The invitation code of a newly created online game's answer.
pub fn invite_code(created: &Value) -> String {
    let url = created["invite"].as_str().expect("an invitation link");
    url.split("invite=")
        .nth(1)
        .expect("a code in the link")
        .to_string()
}
