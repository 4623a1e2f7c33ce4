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

/// A server with an in-memory database and these limits, on a free port.
pub async fn server_with(limits: rajapasu_server::limits::Limits) -> rajapasu_server::Running {
    rajapasu_server::spawn_with("127.0.0.1:0", ":memory:", limits)
        .await
        .expect("server starts")
}

/// Sends `request` as it is on a new connection and reads until the server closes it (10 s
/// at most): the whole answer, head and body, as text.
pub async fn raw_exchange(addr: SocketAddr, request: &[u8]) -> String {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    s.write_all(request).await.unwrap();
    let mut out = Vec::new();
    let _ = tokio::time::timeout(std::time::Duration::from_secs(10), s.read_to_end(&mut out)).await;
    String::from_utf8_lossy(&out).into_owned()
}

/// The JSON body of a whole answer read by [`raw_exchange`].
pub fn body_json(answer: &str) -> Value {
    let body = answer.split("\r\n\r\n").nth(1).unwrap_or_default();
    serde_json::from_str(body).unwrap_or(Value::Null)
}
