//! The server under abuse: connections that idle or stall, a full search queue, floods of
//! games and sockets, oversized messages, requests the framework rejects. Each test sets
//! small limits so that it runs in seconds; the waits are generous bounds, not measurements.

mod common;

use common::{
    act, body_json, code_of, get, new_game, post, raw_exchange, server_with, socket, step,
    wait_for, GAMES,
};
use futures_util::{SinkExt, StreamExt};
use rajapasu_server::limits::Limits;
use serde_json::json;
use std::net::SocketAddr;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;

/// Reads until the server closes the connection; the time it took, or `None` after `seconds`.
async fn closed_within(stream: &mut TcpStream, seconds: u64) -> Option<Duration> {
    let limit = Duration::from_secs(seconds);
    let t = Instant::now();
    let mut buf = [0u8; 4096];
    loop {
        match tokio::time::timeout(limit.saturating_sub(t.elapsed()), stream.read(&mut buf)).await {
            Err(_) => return None,
            Ok(Ok(0)) | Ok(Err(_)) => return Some(t.elapsed()),
            Ok(Ok(_)) => {}
        }
    }
}

/// A JSON POST on a new connection that it closes: the whole answer, head and body, as text.
async fn raw_post(addr: SocketAddr, path: &str, body: serde_json::Value) -> String {
    let body = body.to_string();
    let len = body.len();
    let request = format!(
        "POST {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\
         Content-Type: application/json\r\nContent-Length: {len}\r\n\r\n{body}"
    );
    raw_exchange(addr, request.as_bytes()).await
}

/// Whether a whole answer's head has a `Retry-After`.
fn has_retry_after(answer: &str) -> bool {
    answer.to_ascii_lowercase().contains("\r\nretry-after: ")
}

/// Sends `head` on a new connection and reads until the server closes it (15 s at most):
/// whether it did.
async fn closes_after(addr: SocketAddr, head: &[u8]) -> Option<Duration> {
    let mut s = TcpStream::connect(addr).await.unwrap();
    s.write_all(head).await.unwrap();
    closed_within(&mut s, 15).await
}

#[tokio::test]
async fn an_idle_connection_is_closed_after_the_idle_timeout() {
    let server = server_with(Limits {
        idle_timeout: 1.0,
        header_timeout: 30.0,
        ..Limits::default()
    })
    .await;
    let took = closes_after(server.addr, b"GET /api/meta HTTP/1.1\r\nHost: x\r\n\r\n").await;
    let took = took.expect("the idle connection is closed");
    assert!(took >= Duration::from_millis(900), "{took:?}");
}

#[tokio::test]
async fn a_half_sent_request_is_closed_after_the_header_timeout() {
    let server = server_with(Limits {
        idle_timeout: 60.0,
        header_timeout: 1.0,
        ..Limits::default()
    })
    .await;
    let head = b"GET /api/meta HTTP/1.1\r\nHost: x\r\n";
    assert!(closes_after(server.addr, head).await.is_some());
}

#[tokio::test]
async fn the_server_stops_within_its_grace_while_a_request_is_half_sent() {
    let server = server_with(Limits {
        idle_timeout: 600.0,
        header_timeout: 600.0,
        shutdown_grace: 1.0,
        ..Limits::default()
    })
    .await;
    let addr = server.addr;
    let mut s = TcpStream::connect(addr).await.unwrap();
    s.write_all(b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{")
        .await
        .unwrap();
    let mut idle = TcpStream::connect(addr).await.unwrap();
    // Time for the server to take both connections; no event tells it from outside. On a slow
    // machine a connection not yet taken only makes the stop easier, so the wait can let the
    // check pass, never fail it.
    tokio::time::sleep(Duration::from_millis(200)).await;
    let t = Instant::now();
    // Bounds for a busy machine, far under the 600 s the connections could otherwise last.
    tokio::time::timeout(Duration::from_secs(120), server.stop())
        .await
        .expect("stopped within 120 s");
    assert!(t.elapsed() < Duration::from_secs(60), "{:?}", t.elapsed());
    assert!(closed_within(&mut s, 60).await.is_some());
    assert!(closed_within(&mut idle, 60).await.is_some());
    assert!(
        TcpStream::connect(addr).await.is_err(),
        "no longer listening"
    );
}

#[tokio::test]
async fn connections_over_the_cap_are_closed_at_once() {
    let server = server_with(Limits {
        max_connections: 2,
        ..Limits::default()
    })
    .await;
    let mut held = Vec::new();
    for _ in 0..2 {
        let mut c = rajapasu_loadtest::client::Client::connect(server.addr)
            .await
            .unwrap();
        assert_eq!(
            c.request("GET", "/api/meta", None).await.unwrap().status,
            200
        );
        held.push(c);
    }
    let mut third = TcpStream::connect(server.addr).await.unwrap();
    let _ = third
        .write_all(b"GET /api/meta HTTP/1.1\r\nHost: x\r\n\r\n")
        .await;
    let took = closed_within(&mut third, 60).await;
    assert!(took.is_some(), "the third connection is closed");
    drop(held.pop());
    // The place is free once the server has seen the close: asked again until then (60 s at
    // most, a bound for a busy machine), each try on a connection closed at once if not.
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let answer = match rajapasu_loadtest::client::Client::connect(server.addr).await {
            Ok(mut c) => c.request("GET", "/api/meta", None).await.ok(),
            Err(_) => None,
        };
        if answer.is_some_and(|a| a.status == 200) {
            break;
        }
        assert!(Instant::now() < deadline, "the freed place is never given");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test]
async fn an_oversized_websocket_message_closes_the_socket() {
    let server = server_with(Limits::default()).await;
    let (id, _, _) = new_game(server.addr, json!({"kind": "local"})).await;
    let mut ws = socket(server.addr, GAMES, &id).await.unwrap();
    let first = ws.next().await.unwrap().unwrap();
    assert!(first.to_text().unwrap().contains("\"state\""));
    let _ = ws.send(Message::text("x".repeat(64 * 1024))).await;
    let end = tokio::time::timeout(Duration::from_secs(60), async {
        loop {
            match ws.next().await {
                None | Some(Err(_)) | Some(Ok(Message::Close(_))) => return true,
                Some(Ok(_)) => {}
            }
        }
    })
    .await;
    assert_eq!(end, Ok(true), "the socket is closed");
}

#[tokio::test]
async fn websockets_are_capped_by_game_and_by_address() {
    let server = server_with(Limits {
        ws_per_game: 2,
        ws_per_address: 3,
        ..Limits::default()
    })
    .await;
    let (a, _, _) = new_game(server.addr, json!({"kind": "local"})).await;
    let (b, _, _) = new_game(server.addr, json!({"kind": "local"})).await;
    let _a1 = socket(server.addr, GAMES, &a).await.unwrap();
    let _a2 = socket(server.addr, GAMES, &a).await.unwrap();
    match socket(server.addr, GAMES, &a).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(r)) => assert_eq!(r.status(), 429),
        Err(e) => panic!("{e}"),
        Ok(_) => panic!("a third socket on one game is let in"),
    }
    let _b1 = socket(server.addr, GAMES, &b).await.unwrap();
    assert!(
        socket(server.addr, GAMES, &b).await.is_err(),
        "a fourth from one address"
    );
    // The answer says why, as JSON.
    let key = "dGhlIHNhbXBsZSBub25jZQ==";
    let answer = raw_exchange(
        server.addr,
        format!(
            "GET /api/games/{b}/ws HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\
             Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: {key}\r\n\r\n"
        )
        .as_bytes(),
    )
    .await;
    assert!(answer.starts_with("HTTP/1.1 429"), "{answer}");
    assert_eq!(body_json(&answer)["code"], "too_many_sockets");
}

#[tokio::test]
async fn creating_games_too_fast_gets_429_with_retry_after() {
    let server = server_with(Limits {
        games_per_minute: 3,
        ..Limits::default()
    })
    .await;
    for _ in 0..3 {
        new_game(server.addr, json!({"kind": "local"})).await;
    }
    let answer = raw_post(server.addr, GAMES, json!({"kind": "local"})).await;
    assert!(answer.starts_with("HTTP/1.1 429"), "{answer}");
    assert!(has_retry_after(&answer), "{answer}");
    assert_eq!(body_json(&answer)["code"], "rate_limited");
    // Other routes are not throttled by it.
    assert_eq!(get(server.addr, "/api/meta").await.status, 200);
}

/// Waits (20 s at most) until `/metrics` has the line `line`.
async fn wait_for_metric(addr: SocketAddr, line: &str) {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let m = get(addr, "/metrics").await;
        if m.body.lines().any(|l| l == line) {
            return;
        }
        assert!(Instant::now() < deadline, "never `{line}`: {}", m.body);
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test]
async fn a_full_search_queue_refuses_hints_while_the_computer_still_moves() {
    let server = server_with(Limits {
        search_threads: Some(1),
        search_queue: 1,
        ..Limits::default()
    })
    .await;
    let addr = server.addr;
    // An analysis keeps the only worker busy.
    let busy =
        tokio::spawn(
            async move { post(addr, "/api/analysis", json!({"movetime_ms": 3000})).await },
        );
    step(
        "an analysis takes the only worker",
        wait_for_metric(addr, "rajapasu_searches_running 1"),
    )
    .await;
    // The computer's move waits its turn.
    let game = step("the move that the computer answers is taken", async {
        let (game, token, _) = new_game(addr, json!({"kind": "computer", "level": 1})).await;
        let body = json!({"move": 1, "ply": 0, "token": token});
        let a = act(addr, GAMES, &game, "moves", body).await;
        assert_eq!(a.status, 200, "{}", a.body);
        game
    })
    .await;
    // One hint fills the queue; the next is refused.
    let (queued, h2, t2) = step("one hint fills the queue", async {
        let (h1, t1, _) = new_game(addr, json!({"kind": "local"})).await;
        let (h2, t2, _) = new_game(addr, json!({"kind": "local"})).await;
        let queued =
            tokio::spawn(async move { act(addr, GAMES, &h1, "hint", json!({"token": t1})).await });
        // The computer's move and the hint wait.
        wait_for_metric(addr, "rajapasu_search_queue_length 2").await;
        (queued, h2, t2)
    })
    .await;
    step("the next hint is refused, busy", async {
        let refused = raw_post(addr, &format!("/api/games/{h2}/hint"), json!({"token": t2})).await;
        assert!(refused.starts_with("HTTP/1.1 503"), "{refused}");
        assert!(has_retry_after(&refused), "{refused}");
        assert_eq!(body_json(&refused)["code"], "busy");
    })
    .await;
    step("the analysis and the queued hint answer", async {
        assert_eq!(busy.await.unwrap().status, 200);
        assert_eq!(queued.await.unwrap().status, 200);
    })
    .await;
    // The computer has answered.
    step(
        "the computer answers",
        wait_for(addr, GAMES, &game, |v| v["ply"] == 2),
    )
    .await;
}

#[tokio::test]
async fn every_framework_rejection_is_json_with_a_code() {
    let server = server_with(Limits {
        idle_timeout: 1.0,
        header_timeout: 1.0,
        ..Limits::default()
    })
    .await;
    let addr = server.addr;
    let (id, _, _) = new_game(addr, json!({"kind": "local"})).await;
    let long_path = format!("/api/games/{}", "a".repeat(5000));
    let big_header = format!("X-Pad: {}\r\n", "b".repeat(20_000));
    let cases: Vec<(String, u16, &str)> = vec![
        ("GET /api/games/%FF%FE HTTP/1.1\r\n".into(), 400, "bad_path"),
        (format!("GET /api/games/{id}/ws HTTP/1.1\r\n"), 426, "not_websocket"),
        (format!("GET {long_path} HTTP/1.1\r\n"), 414, "uri_too_long"),
        (format!("GET /api/meta HTTP/1.1\r\n{big_header}"), 431, "headers_too_large"),
        ("DELETE /api/games HTTP/1.1\r\n".into(), 405, "method_not_allowed"),
        ("GET /nothing HTTP/1.1\r\n".into(), 404, "no_page"),
        (
            "POST /api/trace HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: 300000\r\n".into(),
            413,
            "too_large",
        ),
    ];
    for (head, status, code) in cases {
        let request = format!("{head}Host: x\r\nConnection: close\r\n\r\n");
        let answer = raw_exchange(addr, request.as_bytes()).await;
        assert!(
            answer.starts_with(&format!("HTTP/1.1 {status}")),
            "{head}: {answer:.300}"
        );
        let v = body_json(&answer);
        assert_eq!(v["code"], code, "{head}: {answer:.300}");
        assert!(v["error"].is_string(), "{head}");
    }
}

#[tokio::test]
async fn pages_carry_the_security_headers() {
    let server = server_with(Limits::default()).await;
    for path in ["/", "/rules", "/assets/js/app.js", "/api/meta"] {
        let answer = raw_exchange(
            server.addr,
            format!("GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").as_bytes(),
        )
        .await
        .to_ascii_lowercase();
        assert!(answer.starts_with("http/1.1 200"), "{path}");
        assert!(
            answer.contains("\r\ncontent-security-policy: default-src 'self'; script-src 'self'"),
            "{path}"
        );
        assert!(answer.contains("frame-ancestors 'none'"), "{path}");
        assert!(
            answer.contains("\r\nx-content-type-options: nosniff"),
            "{path}"
        );
        assert!(answer.contains("\r\nreferrer-policy: "), "{path}");
        assert!(answer.contains("\r\nx-request-id: "), "{path}");
    }
}

#[tokio::test]
async fn a_cross_site_text_post_creates_no_game() {
    let server = server_with(Limits::default()).await;
    let mut c = rajapasu_loadtest::client::Client::connect(server.addr)
        .await
        .unwrap();
    let body = br#"{"kind":"local"}"#;
    for ctype in [
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
    ] {
        let a = c
            .raw("POST", "/api/games", Some(body), ctype)
            .await
            .unwrap();
        assert_eq!(a.status, 415, "{ctype}: {}", a.body);
        assert_eq!(code_of(&a), "not_json");
    }
    let a = c
        .raw(
            "POST",
            "/api/games",
            Some(body),
            "application/json; charset=utf-8",
        )
        .await
        .unwrap();
    assert_eq!(a.status, 201, "{}", a.body);
    let m = get(server.addr, "/metrics").await;
    assert!(m.body.contains("rajapasu_games_in_memory 1"), "{}", m.body);
}

#[tokio::test]
async fn health_and_metrics_answer() {
    let server = server_with(Limits::default()).await;
    let h = get(server.addr, "/healthz").await;
    assert_eq!(h.status, 200, "{}", h.body);
    assert_eq!(h.json()["status"], "ok");
    new_game(server.addr, json!({"kind": "local"})).await;
    let m = get(server.addr, "/metrics").await;
    assert_eq!(m.status, 200);
    for name in [
        "rajapasu_requests_total{route=\"/api/games\",status=\"201\"} 1",
        "rajapasu_request_seconds_bucket{route=\"/api/games\",le=\"+Inf\"} 1",
        "rajapasu_search_queue_length 0",
        "rajapasu_searches_running 0",
        "rajapasu_games_in_memory 1",
        "rajapasu_websockets_open 0",
        "rajapasu_connections_open ",
    ] {
        assert!(m.body.contains(name), "{name}: {}", m.body);
    }
}

#[tokio::test]
async fn internal_details_and_long_input_stay_out_of_answers() {
    let server = server_with(Limits::default()).await;
    let long = "z".repeat(50_000);
    let a = get(server.addr, &format!("/api/games/{}", &long[..3000])).await;
    assert_eq!(a.status, 404);
    assert!(a.body.len() < 400, "{}", a.body.len());
    let a = post(server.addr, GAMES, json!({"kind": "local", "rules": long})).await;
    assert_eq!(a.status, 422);
    assert!(a.body.len() < 600, "{}", a.body.len());
}
