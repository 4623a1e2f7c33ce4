//! `POST /api/analysis` against a real server on an ephemeral port: every move scored, proven
//! values marked, the search bounded in time, bad input answered with JSON errors.

mod common;
use common::{get, server, server_with};

use rajapasu_loadtest::client::{Answer, Client};
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::time::{Duration, Instant};

async fn analysis(addr: SocketAddr, body: &str) -> Answer {
    let mut c = Client::connect(addr).await.unwrap();
    c.request("POST", "/api/analysis", Some(body))
        .await
        .unwrap()
}

fn moves_of(v: &Value) -> Vec<u64> {
    let mut m: Vec<u64> = v["analysis"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["move"].as_u64().unwrap())
        .collect();
    m.sort();
    m
}

#[tokio::test]
async fn every_move_of_the_start_is_scored_within_the_time() {
    let addr = server().await;
    let t = Instant::now();
    let a = analysis(addr, &json!({"movetime_ms": 300}).to_string()).await;
    assert_eq!(a.status, 200, "{}", a.body);
    // The time asked is shown below; this bound only tells a search that never stops from a
    // slow machine.
    assert!(t.elapsed() < Duration::from_secs(30), "{:?}", t.elapsed());
    let v = a.json();
    assert_eq!(v["rules"], "canonical");
    assert_eq!(v["source"], "search", "match play has no book");
    assert_eq!(v["start"], "7,7,7,7,7,7,7/7,7,7,7,7,7,7 S 0 0");
    assert_eq!(v["view"]["position"], v["start"]);
    assert_eq!(v["movetime_ms"], 300);
    assert!(v["depth"].as_u64().unwrap() >= 1, "{v}");
    assert_eq!(moves_of(&v), [1, 2, 3, 4, 5, 6, 7]);
    // Best first, each with a line that starts with its move.
    let list = v["analysis"].as_array().unwrap();
    for w in list.windows(2) {
        assert!(w[0]["score"].as_i64() >= w[1]["score"].as_i64(), "{v}");
    }
    for m in list {
        assert_eq!(m["pv"][0], m["move"], "{m}");
        // In a match nothing is proven.
        assert_eq!(m["exact"], false, "{m}");
        assert_eq!(m["bounds"], Value::Null, "{m}");
    }
}

#[tokio::test]
async fn a_small_single_round_is_proven_and_a_long_time_is_cut() {
    let addr = server().await;
    // South's only move S7 drops into N1; North then takes the last counters of its row with
    // best play: South loses the round by 4 (47 + 1 against 48 + 2), as `rajapasu analyze`
    // shows.
    let body = json!({
        "rules": "canonical/mode=round",
        "position": "0,0,0,0,0,0,1/0,0,0,0,1,0,1 S 47 48",
        "movetime_ms": 1_000_000,
    });
    let t = Instant::now();
    let a = analysis(addr, &body.to_string()).await;
    assert_eq!(a.status, 200, "{}", a.body);
    // A solved position stops the search at once, and no request may ask for more than 3 s
    // (`movetime_ms` below); the bound, far under the 1000 s asked, allows a busy machine.
    assert!(t.elapsed() < Duration::from_secs(30), "{:?}", t.elapsed());
    let v = a.json();
    assert_eq!(v["movetime_ms"], 3000);
    assert_eq!(v["analysis"].as_array().unwrap().len(), 1, "{v}");
    let m = &v["analysis"][0];
    assert_eq!(m["move"], 7);
    assert_eq!(m["score"], -1004);
    assert_eq!(m["exact"], true);
    assert_eq!(m["bounds"], json!([-1004, -1004]));
}

/// The start of a single round comes from the opening book at once, with no table: S3 and S6
/// win the round by exactly 16, S5 draws, every move proven (docs/SOLVING.md, section 6).
#[tokio::test]
async fn the_start_of_a_round_is_proven_from_the_book() {
    let addr = server().await;
    let t = Instant::now();
    let body = json!({"rules": "canonical/mode=round", "movetime_ms": 3000});
    let a = analysis(addr, &body.to_string()).await;
    assert_eq!(a.status, 200, "{}", a.body);
    // From the book, with no search (`depth` 0 below); the bound, under the 3 s a search
    // would take, allows a busy machine.
    assert!(t.elapsed() < Duration::from_secs(3), "{:?}", t.elapsed());
    let v = a.json();
    assert_eq!(v["depth"], 0, "{v}");
    assert_eq!(v["source"], "book", "{v}");
    let list = v["analysis"].as_array().unwrap();
    let of = |mv: u64| list.iter().find(|m| m["move"] == mv).unwrap();
    let want = [1008, 1008, 1016, 1010, 0, 1016, 1004];
    for (k, &score) in want.iter().enumerate() {
        let m = of(k as u64 + 1);
        assert_eq!(m["score"], score, "{m}");
        assert_eq!(m["exact"], true, "{m}");
        assert_eq!(m["bounds"], json!([score, score]), "{m}");
        assert_eq!(m["pv"][0], k + 1, "{m}");
    }
    assert_eq!(list[0]["move"], 3, "{v}");
}

#[tokio::test]
async fn a_line_from_a_record_or_a_position() {
    let addr = server().await;
    let a = analysis(
        addr,
        &json!({"record": "{Round 1} 1. 1 2 *", "moves": [2], "movetime_ms": 100}).to_string(),
    )
    .await;
    assert_eq!(a.status, 200, "{}", a.body);
    let v = a.json();
    assert_eq!(v["moves"], json!([1, 2, 2]));
    assert_eq!(v["line"], "SNS");
    assert_eq!(v["start"], "7,7,7,7,7,7,7/7,7,7,7,7,7,7 S 0 0");
    assert_eq!(v["view"]["moves"], json!([1, 2, 2]));
    assert_eq!(v["view"]["to_move"], "north");

    // A JSON record reads as JSON.
    let j = analysis(
        addr,
        &json!({"record": r#"{"rules": "canonical", "moves": [1, 2]}"#, "movetime_ms": 50})
            .to_string(),
    )
    .await;
    assert_eq!(j.status, 200, "{}", j.body);
    assert_eq!(j.json()["moves"], json!([1, 2]));

    // The same line from the start position code gives the same position.
    let b = analysis(
        addr,
        &json!({"position": "7,7,7,7,7,7,7/7,7,7,7,7,7,7 S 0 0", "moves": [1, 2, 2], "movetime_ms": 100})
            .to_string(),
    )
    .await;
    assert_eq!(b.status, 200, "{}", b.body);
    assert_eq!(b.json()["view"]["position"], v["view"]["position"]);

    // A position where the player to move has nothing: the round is over, no move to score.
    let c = analysis(
        addr,
        &json!({"rules": "canonical/mode=round", "position": "0,0,0,0,0,0,0/0,0,0,0,0,0,2 S 48 48"})
            .to_string(),
    )
    .await;
    assert_eq!(c.status, 200, "{}", c.body);
    let v = c.json();
    assert_eq!(v["view"]["status"], "round_over");
    assert_eq!(v["analysis"], json!([]));
    assert_eq!(v["depth"], 0);
}

#[tokio::test]
async fn bad_input_gets_json_errors() {
    let addr = server().await;
    let cases: &[(&str, u16, &str)] = &[
        ("", 400, "empty"),
        ("{", 400, "malformed JSON"),
        (r#"{"colour": 1}"#, 400, "unknown field"),
        (r#"{"movetime_ms": -5}"#, 400, "malformed JSON"),
        (r#"{"moves": "1 2"}"#, 400, "malformed JSON"),
        (r#"{"rules": "chess"}"#, 422, "rules"),
        (r#"{"position": "1,2,3/4 S 0 0"}"#, 422, "position"),
        (r#"{"record": "[Rules \"canonical\"] 9 *"}"#, 422, "record"),
        (r#"{"record": "{\"moves\": 1}"}"#, 422, "record: JSON"),
        (r#"{"moves": [1, 2, 3]}"#, 422, "move 3 (3)"),
        (r#"{"moves": [300]}"#, 422, "illegal move 300"),
        (
            r#"{"position": "7,7,7,7,7,7,7/7,7,7,7,7,7,7 S 0 0", "record": "1 *"}"#,
            422,
            "not both",
        ),
    ];
    for &(body, status, says) in cases {
        let a = analysis(addr, body).await;
        assert_eq!(a.status, status, "{body}: {}", a.body);
        let error = a.json()["error"].as_str().unwrap_or_default().to_string();
        assert!(error.contains(says), "{body}: {error}");
    }
}

#[tokio::test]
async fn background_searches_run_on_all_workers_but_one() {
    // Three workers: two analyses at once, one worker kept for the computer's moves and hints.
    let server = server_with(rajapasu_server::limits::Limits {
        search_threads: Some(3),
        ..rajapasu_server::limits::Limits::default()
    })
    .await;
    let addr = server.addr;
    let body = json!({"movetime_ms": 300}).to_string();
    let t = Instant::now();
    let answers = futures_util::future::join_all((0..6).map(|_| analysis(addr, &body))).await;
    let elapsed = t.elapsed().as_millis() as u64;
    let mut searched = 0;
    for a in &answers {
        assert_eq!(a.status, 200, "{}", a.body);
        searched += a.json()["time_ms"].as_u64().unwrap();
    }
    // Two at a time, the six searches take at least half their summed time; all at once they
    // would take about a sixth of it.
    assert!(
        2 * elapsed + 50 >= searched,
        "{elapsed} ms for {searched} ms of search"
    );
}

/// Waits (60 s at most) until `/metrics` has the line `line`; returns the metrics.
async fn wait_for_metric(addr: SocketAddr, line: &str) -> String {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let m = get(addr, "/metrics").await;
        if m.body.lines().any(|l| l == line) {
            return m.body;
        }
        assert!(Instant::now() < deadline, "never `{line}`: {}", m.body);
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test]
async fn an_analysis_whose_client_goes_away_is_stopped() {
    let server = server_with(rajapasu_server::limits::Limits::default()).await;
    let addr = server.addr;
    // Three seconds of search (the rules' match play has no book), given up once it runs.
    let asked =
        tokio::spawn(
            async move { analysis(addr, &json!({"movetime_ms": 3000}).to_string()).await },
        );
    wait_for_metric(addr, "rajapasu_searches_running 1").await;
    asked.abort();
    let _ = asked.await;
    // The pool counts the search stopped, not finished, and the time it ran on after its
    // client went away: far less than the three seconds it was given.
    let m = wait_for_metric(
        addr,
        "rajapasu_searches_stopped_total{priority=\"background\"} 1",
    )
    .await;
    assert!(
        m.contains("rajapasu_searches_finished_total{priority=\"background\"} 0"),
        "{m}"
    );
    let after: f64 = m
        .lines()
        .find_map(|l| {
            l.strip_prefix("rajapasu_search_seconds_after_cancel_total{priority=\"background\"} ")
        })
        .and_then(|v| v.parse().ok())
        .expect("the seconds searched after cancelling");
    assert!(after < 1.0, "{after} s searched after the client went away");
    wait_for_metric(addr, "rajapasu_searches_running 0").await;
}
