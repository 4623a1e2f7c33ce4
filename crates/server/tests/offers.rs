//! Draw offers and takebacks in online games, against a real server on either store: a draw
//! once both players offer (rated: every pair drawn), offers lapsing with a move, takebacks
//! when both ask, under each policy; neither in a game on one device.

#[macro_use]
mod common;
use common::{act, ann_and_bo, assert_refused, get_game, online_game, Backend, Browser, GAMES};

use serde_json::{json, Value};
use std::net::SocketAddr;

/// An online game made by `creator` (South) and joined by `joiner`: id, South's and North's
/// tokens.
async fn online(
    creator: &mut Browser,
    joiner: &mut Browser,
    body: Value,
) -> (String, String, String) {
    online_game(GAMES, creator, joiner, body).await
}

async fn a_move(addr: SocketAddr, id: &str, token: &str) {
    let g = get_game(addr, GAMES, id).await;
    let body = json!({"move": g["view"]["legal_moves"][0], "token": token});
    let m = act(addr, GAMES, id, "moves", body).await;
    assert_eq!(m.status, 200, "{}", m.body);
}

async fn server(store: &Backend) -> rajapasu_server::Running {
    common::started(store.db()).await
}

async fn a_draw_needs_both_players(store: Backend) {
    let s = server(&store).await;
    let addr = s.addr;
    let (mut ann, mut bo) = ann_and_bo(addr).await;
    let body = json!({"kind": "online", "mode": "round", "clock": "10+5", "rated": true});
    let (id, south, north) = online(&mut ann, &mut bo, body).await;
    // South offers; a move of North's lapses the offer.
    let d = act(addr, GAMES, &id, "draw", json!({"token": south})).await;
    assert_eq!(d.status, 200, "{}", d.body);
    assert_eq!(d.json()["game"]["offers"]["draw"], json!([0]));
    a_move(addr, &id, &south).await;
    let d = act(addr, GAMES, &id, "draw", json!({"token": north})).await;
    assert_eq!(
        d.json()["game"]["offers"]["draw"],
        json!([1]),
        "South's offer lapsed"
    );
    a_move(addr, &id, &north).await;
    assert_eq!(
        get_game(addr, GAMES, &id).await["offers"]["draw"],
        json!([])
    );
    // Both offer: drawn, the clock stopped, nothing more to play.
    act(addr, GAMES, &id, "draw", json!({"token": south})).await;
    let d = act(addr, GAMES, &id, "draw", json!({"token": north})).await;
    assert_eq!(d.status, 200, "{}", d.body);
    let g = &d.json()["game"];
    assert_eq!(g["offers"]["drawn"], true, "{g}");
    assert_eq!(g["clock"]["running"], Value::Null);
    let m = act(
        addr,
        GAMES,
        &id,
        "moves",
        json!({"move": 1, "token": south}),
    )
    .await;
    assert_refused(&m, 409, "game_over");
    let again = act(addr, GAMES, &id, "draw", json!({"token": south})).await;
    assert_refused(&again, 409, "game_over");
    let record = ann.get(&format!("{GAMES}/{id}/record")).await;
    assert!(
        record.body.contains("[Termination \"drawn by agreement\"]"),
        "{}",
        record.body
    );
    // Rated: a draw between equals moves neither rating, and counts a game each.
    for name in ["Ann", "Bo"] {
        let p = ann.get(&format!("/api/players/{name}")).await.json();
        let r = &p["ratings"]["round-rapid"];
        assert_eq!(
            (r["rating"].as_i64(), r["games"].as_i64()),
            (Some(1500), Some(1)),
            "{p}"
        );
    }
    // Not in a game on one device.
    let (lid, ltoken, _) = common::new_game(addr, json!({"kind": "local"})).await;
    let d = act(addr, GAMES, &lid, "draw", json!({"token": ltoken})).await;
    assert_refused(&d, 409, "not_online");
}

async fn takebacks_follow_the_policy(store: Backend) {
    let s = server(&store).await;
    let addr = s.addr;
    let (mut ann, mut bo) = ann_and_bo(addr).await;
    // Casual, the default policy: South moves, asks, North agrees: the move is gone and
    // South's time runs again.
    let body = json!({"kind": "online", "mode": "round", "clock": "10+5"});
    let (id, south, north) = online(&mut ann, &mut bo, body).await;
    let t = act(addr, GAMES, &id, "takeback", json!({"token": south})).await;
    assert_refused(&t, 409, "no_undo");
    a_move(addr, &id, &south).await;
    let t = act(addr, GAMES, &id, "takeback", json!({"token": south})).await;
    assert_eq!(t.status, 200, "{}", t.body);
    assert_eq!(
        (
            t.json()["game"]["ply"].as_u64(),
            t.json()["game"]["offers"]["takeback"].clone()
        ),
        (Some(1), json!([0]))
    );
    let t = act(addr, GAMES, &id, "takeback", json!({"token": north})).await;
    assert_eq!(t.status, 200, "{}", t.body);
    let v = t.json();
    assert_eq!(
        (v["type"].as_str(), v["ply"].as_u64()),
        (Some("undo"), Some(0)),
        "{v}"
    );
    assert_eq!(v["game"]["clock"]["running"], 0);
    assert_eq!(v["game"]["offers"]["takeback"], json!([]));
    // A rated game under the default policy takes none; under "always" it does.
    let rated = json!({"kind": "online", "mode": "round", "clock": "10+5", "rated": true});
    let (id, south, _) = online(&mut ann, &mut bo, rated.clone()).await;
    a_move(addr, &id, &south).await;
    let t = act(addr, GAMES, &id, "takeback", json!({"token": south})).await;
    assert_refused(&t, 409, "no_takeback");
    let mut always = rated;
    always["takebacks"] = json!("always");
    let (id, south, north) = online(&mut ann, &mut bo, always).await;
    assert_eq!(
        get_game(addr, GAMES, &id).await["offers"]["takebacks"],
        "always"
    );
    a_move(addr, &id, &south).await;
    act(addr, GAMES, &id, "takeback", json!({"token": north})).await;
    let t = act(addr, GAMES, &id, "takeback", json!({"token": south})).await;
    assert_eq!(t.json()["ply"], 0, "{}", t.body);
    // "never": not even in a casual game.
    let never = json!({"kind": "online", "mode": "round", "takebacks": "never"});
    let (id, south, _) = online(&mut ann, &mut bo, never).await;
    a_move(addr, &id, &south).await;
    let t = act(addr, GAMES, &id, "takeback", json!({"token": south})).await;
    assert_refused(&t, 409, "no_takeback");
    let bad = ann
        .post(GAMES, json!({"kind": "online", "takebacks": "sometimes"}))
        .await;
    assert_eq!(bad.status, 400, "{}", bad.body);
}

on_both_stores!(a_draw_needs_both_players, takebacks_follow_the_policy);
