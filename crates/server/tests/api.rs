//! The JSON API against a real server on an ephemeral port.

#[macro_use]
mod common;
use common::{
    act, error_of, get, get_game, invite_code, lasting_db, new_game, next_json, post,
    remove_sqlite_files, req, server_on, socket, store_move_directly, wait_for, Backend, GAMES,
};

use futures_util::SinkExt;
use rajapasu_loadtest::client::Client;
use serde_json::json;
use std::net::SocketAddr;

async fn local_game_moves_and_errors(store: Backend) {
    let addr = server_on(&store).await;
    let (id, token, created) = new_game(addr, json!({"kind": "local"})).await;
    assert_eq!(created["seat"], "both");
    assert_eq!(
        created["game"]["view"]["legal_moves"],
        json!([1, 2, 3, 4, 5, 6, 7])
    );
    let path = format!("/api/games/{id}/moves");

    let a = post(addr, &path, json!({"move": 1, "ply": 0, "token": token})).await;
    assert_eq!(a.status, 200, "{}", a.body);
    let v = a.json();
    assert_eq!(v["ply"], 1);
    assert_eq!(
        v["game"]["view"]["position"],
        "3,1,0,0,0,14,0/14,2,14,14,1,14,2 N 15 4"
    );
    assert_eq!(
        v["events"][0],
        json!({"event": "lift", "hole": "S1", "count": 7, "relay": false})
    );
    assert_eq!(v["game"]["line"], "S");

    // Stale ply: 409.
    let a = post(addr, &path, json!({"move": 1, "ply": 0, "token": token})).await;
    assert_eq!(a.status, 409);
    assert!(error_of(&a).contains("ply"), "{}", a.body);
    // Wrong token: 403.
    let a = post(addr, &path, json!({"move": 1, "ply": 1, "token": "nope"})).await;
    assert_eq!(a.status, 403);
    assert!(error_of(&a).contains("token"));
    // No token: 403.
    let a = post(addr, &path, json!({"move": 1, "ply": 1})).await;
    assert_eq!(a.status, 403);
    // Illegal move: N5 holds 1 counter, N... pick an empty hole: none in North's row is empty
    // here except none; use hole 9.
    let a = post(addr, &path, json!({"move": 9, "ply": 1, "token": token})).await;
    assert_eq!(a.status, 422);
    assert!(error_of(&a).contains("illegal move"), "{}", a.body);
    // Malformed JSON: 400.
    let mut c = Client::connect(addr).await.unwrap();
    let a = c.request("POST", &path, Some("{\"move\": ")).await.unwrap();
    assert_eq!(a.status, 400);
    assert!(error_of(&a).starts_with("malformed JSON"), "{}", a.body);
    let a = c.request("POST", &path, Some("{\"mv\": 3}")).await.unwrap();
    assert_eq!(a.status, 400);
    // Oversized body: 413.
    let big = format!("{{\"move\": 1, \"pad\": \"{}\"}}", "x".repeat(300_000));
    let a = c.request("POST", &path, Some(&big)).await;
    if let Ok(a) = a {
        assert_eq!(a.status, 413);
        assert!(error_of(&a).contains("larger than"));
    }
    // Unknown game: 404.
    let a = post(addr, "/api/games/nothere/moves", json!({"move": 1})).await;
    assert_eq!(a.status, 404);
    assert!(error_of(&a).contains("nothere"));
    let a = get(addr, "/api/nothing").await;
    assert_eq!(a.status, 404);
    assert!(a.json()["error"].is_string());
    let a = req(addr, "DELETE", "/api/games", None).await;
    assert_eq!(a.status, 405);
    assert!(a.json()["error"].is_string());

    // Empty hole: S1 is empty after the first move; North plays 5 (1 counter), then South 1.
    let a = post(addr, &path, json!({"move": 5, "ply": 1, "token": token})).await;
    assert_eq!(a.status, 200, "{}", a.body);
    let view = &a.json()["game"]["view"];
    let empty = view["holes"]["south"]
        .as_array()
        .unwrap()
        .iter()
        .position(|c| c == 0)
        .unwrap()
        + 1;
    let body = json!({"move": empty, "ply": 2, "token": token});
    let a = act(addr, GAMES, &id, "moves", body).await;
    assert_eq!(a.status, 422);
    assert!(error_of(&a).contains("empty"), "{}", a.body);

    // Position at a ply, undo.
    let a = get(addr, &format!("/api/games/{id}?at=1")).await;
    assert_eq!(a.json()["view"]["moves"], json!([1]));
    let a = get(addr, &format!("/api/games/{id}?at=99")).await;
    assert_eq!(a.status, 422);
    let a = act(addr, GAMES, &id, "undo", json!({"token": token})).await;
    assert_eq!(a.status, 200, "{}", a.body);
    assert_eq!(a.json()["game"]["ply"], 1);
}

async fn simultaneous_moves_one_wins(store: Backend) {
    let addr = server_on(&store).await;
    for _ in 0..10 {
        let (id, token, _) = new_game(addr, json!({"kind": "local"})).await;
        let path = format!("/api/games/{id}/moves");
        let body = json!({"move": 2, "ply": 0, "token": token}).to_string();
        let mut c1 = Client::connect(addr).await.unwrap();
        let mut c2 = Client::connect(addr).await.unwrap();
        let (a, b) = tokio::join!(
            c1.request("POST", &path, Some(&body)),
            c2.request("POST", &path, Some(&body))
        );
        let mut codes = [a.unwrap().status, b.unwrap().status];
        codes.sort();
        assert_eq!(codes, [200, 409]);
    }
}

async fn online_game_seats_and_invitation(store: Backend) {
    let addr = server_on(&store).await;
    let (id, south, created) = new_game(addr, json!({"kind": "online", "side": "south"})).await;
    let invite_url = created["invite"].as_str().unwrap();
    let code = invite_url.split("invite=").nth(1).unwrap();
    assert_eq!(created["game"]["seats"]["north"], "open");

    let a = act(addr, GAMES, &id, "join", json!({"invite": "bad"})).await;
    assert_eq!(a.status, 403);
    let a = act(addr, GAMES, &id, "join", json!({"invite": code})).await;
    assert_eq!(a.status, 200, "{}", a.body);
    let north = a.json()["token"].as_str().unwrap().to_string();
    assert_eq!(a.json()["seat"], "north");
    assert_eq!(a.json()["game"]["seats"]["north"], "taken");
    let a = act(addr, GAMES, &id, "join", json!({"invite": code})).await;
    assert_eq!(a.status, 409);

    let path = format!("/api/games/{id}/moves");
    // North out of turn.
    let a = post(addr, &path, json!({"move": 3, "token": north})).await;
    assert_eq!(a.status, 409);
    assert!(error_of(&a).contains("out of turn"), "{}", a.body);
    let a = post(addr, &path, json!({"move": 3, "token": south})).await;
    assert_eq!(a.status, 200);
    let a = post(addr, &path, json!({"move": 3, "token": south})).await;
    assert_eq!(a.status, 409);
    let a = post(addr, &path, json!({"move": 3, "token": north})).await;
    assert_eq!(a.status, 200, "{}", a.body);
    // No undo or hint online.
    for action in ["undo", "hint"] {
        let a = act(addr, GAMES, &id, action, json!({"token": south})).await;
        assert_eq!(a.status, 409, "{action}");
    }
}

async fn computer_replies_undo_and_hint(store: Backend) {
    let addr = server_on(&store).await;
    let (id, token, created) = new_game(
        addr,
        json!({"kind": "computer", "level": 1, "side": "south", "mode": "round"}),
    )
    .await;
    assert_eq!(created["game"]["computer"], "north");
    assert!(created["game"]["view"]["rules"]
        .as_str()
        .unwrap()
        .contains("mode=round"));
    let a = act(addr, GAMES, &id, "hint", json!({"token": token})).await;
    assert_eq!(a.status, 200, "{}", a.body);
    let hinted = a.json()["move"].as_u64().unwrap();
    assert!((1..=7).contains(&hinted));
    // A single round has no match at stake; a match's first round has (the canonical match is
    // solved: docs/SOLVING.md §7).
    assert!(a.json()["match"].is_null(), "{}", a.body);
    let (mid, mtoken, _) = new_game(addr, json!({"kind": "local"})).await;
    let m = act(addr, GAMES, &mid, "hint", json!({"token": mtoken})).await;
    assert_eq!(m.status, 200, "{}", m.body);
    let at_stake = &m.json()["match"];
    assert_eq!(at_stake["round_start"]["south"], 49, "{}", m.body);
    let stakes = &at_stake["stakes"]["south"];
    assert!(
        stakes["stay_in"].as_u64() <= stakes["win"].as_u64(),
        "{}",
        m.body
    );
    let body = json!({"move": hinted, "ply": 0, "token": token});
    let a = act(addr, GAMES, &id, "moves", body).await;
    assert_eq!(a.status, 200, "{}", a.body);
    let v = wait_for(addr, GAMES, &id, |v| v["ply"] == 2).await;
    assert_eq!(v["ply"], 2, "the computer answers");
    assert_eq!(v["line"], "SN");
    let a = act(addr, GAMES, &id, "undo", json!({"token": token})).await;
    assert_eq!(a.status, 200, "{}", a.body);
    assert_eq!(a.json()["game"]["ply"], 0);
    // The computer's seat cannot be played by the player.
    let (id2, token2, _) = new_game(
        addr,
        json!({"kind": "computer", "level": 1, "side": "north"}),
    )
    .await;
    let body = json!({"move": 1, "ply": 0, "token": token2});
    let a = act(addr, GAMES, &id2, "moves", body).await;
    assert_eq!(a.status, 409, "{}", a.body);
    let v = wait_for(addr, GAMES, &id2, |v| v["ply"] == 1).await;
    assert_eq!(v["line"], "S");
    // Bad level.
    let a = post(addr, GAMES, json!({"kind": "computer", "level": 9})).await;
    assert_eq!(a.status, 422);
    assert!(error_of(&a).contains("level"));
    let a = post(addr, GAMES, json!({"kind": "robot"})).await;
    assert_eq!(a.status, 400);
    let a = post(
        addr,
        GAMES,
        json!({"kind": "local", "rules": "canonical/foo=bar"}),
    )
    .await;
    assert_eq!(a.status, 422);
}

/// Plays the highest legal move `n` times; returns the moves.
async fn play_some(addr: SocketAddr, id: &str, token: &str, n: usize) -> Vec<u64> {
    let mut played = Vec::new();
    for ply in 0..n {
        let v = get_game(addr, GAMES, id).await;
        let mv = v["view"]["legal_moves"].as_array().unwrap().last().unwrap();
        let mv = mv.as_u64().unwrap();
        let body = json!({"move": mv, "ply": ply, "token": token});
        let a = act(addr, GAMES, id, "moves", body).await;
        assert_eq!(a.status, 200, "{}", a.body);
        played.push(mv);
    }
    played
}

async fn records_export_and_import(store: Backend) {
    let addr = server_on(&store).await;
    let (id, token, _) = new_game(addr, json!({"kind": "local", "rules": "walak-pussa"})).await;
    let played = play_some(addr, &id, &token, 3).await;
    let text = get(addr, &format!("/api/games/{id}/record")).await;
    assert_eq!(text.status, 200);
    assert!(
        text.body.contains("[Rules \"walak-pussa\"]"),
        "{}",
        text.body
    );
    assert!(
        text.body.contains("[Event \"Raja Pasu game\"]") && text.body.contains("[South \"South\"]"),
        "{}",
        text.body
    );
    let json_rec = get(addr, &format!("/api/games/{id}/record?format=json")).await;
    assert_eq!(json_rec.json()["moves"], json!(played));
    for rec in [text.body, json_rec.body] {
        let (_, _, created) = new_game(addr, json!({"kind": "local", "record": rec})).await;
        assert_eq!(created["game"]["view"]["moves"], json!(played));
        assert_eq!(created["game"]["view"]["rules"], "walak-pussa");
    }
    let a = post(addr, GAMES, json!({"kind": "local", "record": "1 banana"})).await;
    assert_eq!(a.status, 422);
    assert!(error_of(&a).contains("record"), "{}", a.body);
    // A plain-text record may begin with a comment in braces: it is not JSON.
    let (_, _, created) = new_game(
        addr,
        json!({"kind": "local", "record": "{Round 1} 1. 1 2 *"}),
    )
    .await;
    assert_eq!(
        created["game"]["view"]["moves"].as_array().map(Vec::len),
        Some(2)
    );
}

async fn trace_endpoint(store: Backend) {
    let addr = server_on(&store).await;
    let a = post(
        addr,
        "/api/trace",
        json!({"position": "0,0,0,0,0,1,0/0,2,0,0,0,0,0 S 60 35", "move": 6}),
    )
    .await;
    assert_eq!(a.status, 200, "{}", a.body);
    let v = a.json();
    assert_eq!(
        v["after"]["position"],
        "7,7,7,7,7,7,7/x,x,7,7,7,7,7 S 0 0 14 0 2"
    );
    let kinds: Vec<&str> = v["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["event"].as_str().unwrap())
        .collect();
    assert_eq!(kinds, ["lift", "drop", "pussa", "round_end", "refill"]);
}

async fn websocket_live_updates(store: Backend) {
    let addr = server_on(&store).await;
    let (id, token, _) = new_game(addr, json!({"kind": "local"})).await;
    let mut ws = socket(addr, GAMES, &id).await.unwrap();
    let v = next_json(&mut ws).await;
    assert_eq!(v["type"], "state");
    assert_eq!(v["game"]["ply"], 0);
    let body = json!({"move": 4, "ply": 0, "token": token});
    let a = act(addr, GAMES, &id, "moves", body).await;
    assert_eq!(a.status, 200);
    let v = next_json(&mut ws).await;
    assert_eq!(v["type"], "move");
    assert_eq!(v["move"], 4);
    assert_eq!(v["ply"], 1);
    // Asking again gives the current state.
    ws.send(tokio_tungstenite::tungstenite::Message::Text(
        "state".into(),
    ))
    .await
    .unwrap();
    let v = next_json(&mut ws).await;
    assert_eq!(v["game"]["ply"], 1);
    // Unknown game: 404 before the upgrade.
    assert!(socket(addr, GAMES, "zzz").await.is_err());
}

async fn restart_restores_games(store: Backend) {
    // SQLite: a file, so that the restarted server finds the games.
    let db = lasting_db(&store, "rajapasu-api");
    let (addr, task) = rajapasu_server::spawn("127.0.0.1:0", &db).await.unwrap();
    let (id, token, _) = new_game(addr, json!({"kind": "local"})).await;
    play_some(addr, &id, &token, 4).await;
    let last = get_game(addr, GAMES, &id).await["view"].clone();
    let (oid, _, created) = new_game(addr, json!({"kind": "online"})).await;
    let body = json!({"invite": invite_code(&created)});
    let a = act(addr, GAMES, &oid, "join", body).await;
    assert_eq!(a.status, 200);
    task.abort();
    let (addr2, _task2) = rajapasu_server::spawn("127.0.0.1:0", &db).await.unwrap();
    let v = get_game(addr2, GAMES, &id).await;
    assert_eq!(v["view"], last);
    assert_eq!(v["line"], "SNSN");
    let body = json!({"move": last["legal_moves"][0], "ply": 4, "token": token});
    let a = act(addr2, GAMES, &id, "moves", body).await;
    assert_eq!(a.status, 200, "{}", a.body);
    let v = get_game(addr2, GAMES, &oid).await;
    assert_eq!(v["seats"]["north"], "taken");
    remove_sqlite_files(&store, &db);
}

async fn meta_lists_the_levels_and_the_default_that_a_game_gets(store: Backend) {
    let addr = server_on(&store).await;
    let meta = get(addr, "/api/meta").await.json();
    let levels = meta["levels"].as_array().unwrap();
    assert_eq!(levels.len(), 7);
    assert_eq!(levels[5]["name"], "max");
    assert_eq!(levels[6]["name"], "perfect");
    let (_, _, created) = new_game(addr, json!({"kind": "computer", "side": "north"})).await;
    assert_eq!(created["game"]["level"], meta["default_level"]);
    // Round ends and refills name both sides in their events, as the view does.
    let (id, token, _) = new_game(
        addr,
        json!({"kind": "local", "position": "0,0,0,0,0,1,0/0,2,0,0,0,0,0 S 60 35"}),
    )
    .await;
    let body = json!({"move": 6, "token": token});
    let a = act(addr, GAMES, &id, "moves", body).await;
    let events = a.json()["events"].as_array().unwrap().clone();
    let end = events.iter().find(|e| e["event"] == "round_end").unwrap();
    assert_eq!(end["captured"], json!({"south": 63, "north": 35}));
    let refill = events.iter().find(|e| e["event"] == "refill").unwrap();
    assert_eq!(refill["filled"], json!({"south": 7, "north": 5}));
}

/// The computer is to move in a stored game when the server starts: it moves.
async fn the_computer_moves_after_a_restart(store: Backend) {
    let db = lasting_db(&store, "rajapasu-resume");
    let (addr, task) = rajapasu_server::spawn("127.0.0.1:0", &db).await.unwrap();
    let (id, _, created) = new_game(
        addr,
        json!({"kind": "computer", "side": "south", "level": 1}),
    )
    .await;
    assert_eq!(created["game"]["ply"], 0);
    task.abort();
    // The player's move as stored by a server that stopped before the computer replied.
    store_move_directly(&store, &db, &id, 0, 1).await;
    let (addr, _task) = rajapasu_server::spawn("127.0.0.1:0", &db).await.unwrap();
    // The computer moved.
    wait_for(addr, GAMES, &id, |v| v["ply"] == 2).await;
    remove_sqlite_files(&store, &db);
}

on_both_stores!(
    the_computer_moves_after_a_restart,
    restart_restores_games,
    local_game_moves_and_errors,
    simultaneous_moves_one_wins,
    online_game_seats_and_invitation,
    computer_replies_undo_and_hint,
    records_export_and_import,
    trace_endpoint,
    websocket_live_updates,
    meta_lists_the_levels_and_the_default_that_a_game_gets,
);
