//! `POST /api/mandiri/trace`: a Mandiri move from any position, told as a game's moves are, with
//! every four's seat and every pussa's mover, so that the rules page and the tutorial need no
//! rule of their own; and its errors.

#[macro_use]
mod common;
use common::{act, code_of, new_game_in, post, server_on, Backend, MANDIRI};

use serde_json::{json, Value};
use std::net::SocketAddr;

const TRACE: &str = "/api/mandiri/trace";

/// RULES.md 9.3, example M1: the right end plays S7.
const M1: &str = "mandiri 0,0,1,0,0,0,3/0,0,3,0,2,0,0 R 0,0,0 1,2,3 30,30,29 1 1";
/// RULES.md 9.3, example M2: the left end plays N6.
const M2: &str = "mandiri 1,2,0,3,1,0,0/2,0,0,0,1,2,0 L 0,0,0 1,2,3 30,30,26 1 1";

async fn trace(addr: SocketAddr, body: Value) -> Value {
    let a = post(addr, TRACE, body).await;
    assert_eq!(a.status, 200, "{}", a.body);
    a.json()
}

/// The events other than drops, each as its name and the fields that say who gets what.
fn told(v: &Value) -> Vec<String> {
    v["events"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["event"] != "drop")
        .map(|e| {
            let mut s = e["event"].as_str().unwrap().to_string();
            for key in ["hole", "to", "by", "count", "seat"] {
                if let Some(x) = e.get(key) {
                    s.push_str(&format!(" {key}={}", x.to_string().trim_matches('"')));
                }
            }
            s
        })
        .collect()
}

#[tokio::test]
async fn a_four_goes_to_the_seat_of_its_hole_and_a_pussa_to_the_mover() {
    let addr = server_on(&Backend::Sqlite).await;
    let v = trace(addr, json!({"position": M1, "move": "S7"})).await;
    assert_eq!(v["before"]["code"], M1);
    assert_eq!(v["before"]["to_move"], "R");
    assert_eq!(
        v["before"]["owners"],
        json!(["L", "L", "C", "C", "C", "R", "R", "R", "R", "C", "C", "C", "L", "L"])
    );
    assert_eq!(
        told(&v),
        [
            "lift hole=S7 count=3",
            "four hole=N3 to=C",
            "pussa hole=N5 by=R count=2",
            // The left end has no counters left: its turn goes to the Raja (rule M2).
            "pass seat=L",
        ]
    );
    assert_eq!(v["after"]["captured"], json!([4, 2, 0]));
    assert_eq!(v["after"]["to_move"], "C");
    assert_eq!(
        v["after"]["code"],
        "mandiri 0,0,1,0,0,0,0/1,1,0,0,0,0,0 C 4,2,0 1,2,3 30,30,29 1 1"
    );

    let v = trace(addr, json!({"position": M2, "move": "N6"})).await;
    assert_eq!(
        told(&v),
        [
            "lift hole=N6 count=2",
            "lift hole=S2 count=2",
            "four hole=S4 to=C",
            "lift hole=S5 count=1",
            "pussa hole=N1 by=L count=2",
        ]
    );
    assert_eq!(v["after"]["captured"], json!([4, 0, 2]));
}

#[tokio::test]
async fn without_a_position_the_move_is_played_from_the_start_of_the_rules() {
    let addr = server_on(&Backend::Sqlite).await;
    let v = trace(addr, json!({"move": "S4"})).await;
    assert_eq!(v["before"]["counts"], json!(vec![7; 14]));
    assert_eq!(v["before"]["to_move"], "C");
    // The Raja's opening S4 makes four fours: three in its own holes, one in S6, the right
    // end's.
    let fours: Vec<String> = told(&v)
        .into_iter()
        .filter(|e| e.starts_with("four "))
        .collect();
    assert_eq!(
        fours,
        [
            "four hole=S4 to=C",
            "four hole=N5 to=C",
            "four hole=N3 to=C",
            "four hole=S6 to=R"
        ]
    );
    assert_eq!(v["after"]["captured"], json!([15, 4, 0]));
    // The view says how long a Raja serves, so that a page need not know the option's default.
    assert_eq!(v["before"]["term"], 3);
    let short = trace(addr, json!({"rules": "mandiri/term=2", "move": "S4"})).await;
    assert_eq!(short["before"]["term"], 2);
    let single = trace(addr, json!({"rules": "mandiri/mode=round", "move": "S4"})).await;
    assert_eq!(single["events"], v["events"]);
    assert!(single["before"]["code"]
        .as_str()
        .unwrap()
        .starts_with("mandiri/mode=round "));
}

#[tokio::test]
async fn the_trace_tells_a_move_as_the_game_does() {
    let addr = server_on(&Backend::Sqlite).await;
    let (id, token, created) = new_game_in(addr, MANDIRI, json!({"kind": "local"})).await;
    let mut code = created["game"]["view"]["code"].clone();
    for hole in ["S4", "N2", "N6", "S3"] {
        let traced = trace(addr, json!({"position": code, "move": hole})).await;
        let body = json!({"token": token, "move": hole});
        let a = act(addr, MANDIRI, &id, "moves", body).await;
        assert_eq!(a.status, 200, "{hole}: {}", a.body);
        let played = a.json();
        assert_eq!(traced["events"], played["events"], "{hole}");
        assert_eq!(traced["after"], played["game"]["view"], "{hole}");
        code = traced["after"]["code"].clone();
    }
}

#[tokio::test]
async fn a_bad_request_is_told_what_is_wrong() {
    let addr = server_on(&Backend::Sqlite).await;
    let cases = [
        (
            json!({"position": "mandiri 7,7/7,7 C", "move": "S4"}),
            "bad_position",
            "position: ",
        ),
        (
            json!({"rules": "mandiri", "position": M1, "move": "S7"}),
            "bad_position",
            "not both",
        ),
        (
            json!({"rules": "mandiri/term=x", "move": "S4"}),
            "bad_rules",
            "rules: ",
        ),
        (
            json!({"position": M1, "move": "S9"}),
            "illegal_move",
            "S1 to S7",
        ),
        (json!({"position": M1, "move": "S3"}), "illegal_move", ""),
        (json!({"move": "S7"}), "illegal_move", ""),
    ];
    for (body, code, says) in cases {
        let a = post(addr, TRACE, body.clone()).await;
        assert_eq!(a.status, 422, "{body}: {}", a.body);
        assert_eq!(code_of(&a), code, "{body}: {}", a.body);
        assert!(a.body.contains(says), "{body}: {}", a.body);
    }
    // The body's own mistakes: a field it does not know, the move left out.
    for (body, says) in [
        (json!({"move": "S4", "extra": 1}), "unknown field `extra`"),
        (json!({"position": M1}), "missing field `move`"),
    ] {
        let a = post(addr, TRACE, body.clone()).await;
        assert_eq!((a.status, code_of(&a)), (400, "bad_json".into()), "{body}");
        assert!(a.body.contains(says), "{body}: {}", a.body);
    }
}
