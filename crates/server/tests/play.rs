//! Error codes, resignation, names, rematches and presence, against a real server.

#[macro_use]
mod common;
use common::{
    act, assert_refused, code_of, get, get_game, invite_code, new_game, next_json, post, req,
    server, server_on, socket, wait_for, Backend, GAMES,
};

use futures_util::SinkExt;
use rajapasu_loadtest::client::Answer;
use serde_json::json;
use std::net::SocketAddr;
use std::time::Duration;

/// An online game with both seats taken: id, South's token, North's token.
async fn online_game(addr: SocketAddr) -> (String, String, String) {
    let (id, south, v) = new_game(addr, json!({"kind": "online", "mode": "round"})).await;
    let j = act(addr, GAMES, &id, "join", json!({"invite": invite_code(&v)})).await;
    assert_eq!(j.status, 200, "{}", j.body);
    (id, south, j.json()["token"].as_str().unwrap().to_string())
}

/// A request with only a token, to `/api/games/{id}/{action}`.
async fn with_token(addr: SocketAddr, id: &str, action: &str, token: &str) -> Answer {
    act(addr, GAMES, id, action, json!({"token": token})).await
}

async fn errors_carry_a_code(store: Backend) {
    let addr = server_on(&store).await;
    let a = get(addr, "/api/games/nosuch").await;
    assert_refused(&a, 404, "no_game");
    let a = post(addr, GAMES, json!({"kind": "local", "rules": "nonsense"})).await;
    assert_refused(&a, 422, "bad_rules");
    let a = post(addr, GAMES, json!({"kind": "local", "record": "1. 9 *"})).await;
    assert_eq!(code_of(&a), "bad_record", "{}", a.body);
    let a = req(addr, "POST", GAMES, None).await;
    assert_eq!(code_of(&a), "bad_json", "{}", a.body);
    let (id, token, _) = new_game(addr, json!({"kind": "local"})).await;
    let path = format!("/api/games/{id}/moves");
    let a = post(addr, &path, json!({"move": 3, "ply": 5, "token": token})).await;
    assert_refused(&a, 409, "stale_ply");
    let a = post(addr, &path, json!({"move": 3, "token": "x"})).await;
    assert_refused(&a, 403, "token_wrong");
    let a = post(addr, &path, json!({"move": 12, "token": token})).await;
    assert_refused(&a, 422, "illegal_move");
    let a = get(addr, "/api/nothere").await;
    assert_eq!(code_of(&a), "no_route");
}

async fn resigning_ends_the_game(store: Backend) {
    let addr = server_on(&store).await;
    let (id, south, north) = online_game(addr).await;
    // North resigns although South is to move: a player may resign at any time.
    let a = with_token(addr, &id, "resign", &north).await;
    assert_eq!(a.status, 200, "{}", a.body);
    assert_eq!(a.json()["game"]["resigned"], "north");
    assert_eq!(
        (a.json()["type"].as_str(), a.json()["side"].as_str()),
        (Some("resigned"), Some("north"))
    );
    let body = json!({"move": 1, "token": south});
    let a = act(addr, GAMES, &id, "moves", body).await;
    assert_refused(&a, 409, "game_over");
    let a = with_token(addr, &id, "resign", &south).await;
    assert_eq!(code_of(&a), "game_over");
    let a = get(addr, &format!("/api/games/{id}/record")).await;
    assert!(a.body.contains("North resigned"), "{}", a.body);
    // Against the computer, the computer stops too.
    let body = json!({"kind": "computer", "side": "north", "level": 1});
    let (cid, ctoken, _) = new_game(addr, body).await;
    let a = with_token(addr, &cid, "resign", &ctoken).await;
    assert_eq!(a.status, 200, "{}", a.body);
    assert_eq!(a.json()["game"]["resigned"], "north");
}

async fn names_are_checked_and_shown(store: Backend) {
    let addr = server_on(&store).await;
    let (id, south, _) = online_game(addr).await;
    let path = format!("/api/games/{id}/name");
    let a = post(addr, &path, json!({"token": south, "name": "  Ann  "})).await;
    assert_eq!(a.status, 200, "{}", a.body);
    assert_eq!(a.json()["game"]["players"]["south"], "Ann");
    assert_eq!(a.json()["game"]["names"]["south"], "Ann");
    assert!(a.json()["game"]["players"]["north"].is_null());
    let a = post(addr, &path, json!({"token": south, "name": "x".repeat(25)})).await;
    assert_refused(&a, 422, "bad_name");
    let a = post(addr, &path, json!({"token": south, "name": "a\u{7}b"})).await;
    assert_eq!(code_of(&a), "bad_name");
    let a = post(addr, &path, json!({"token": south, "name": ""})).await;
    assert!(a.json()["game"]["players"]["south"].is_null());
    let (lid, ltoken, _) = new_game(addr, json!({"kind": "local"})).await;
    let body = json!({"token": ltoken, "name": "B"});
    let a = act(addr, GAMES, &lid, "name", body).await;
    assert_eq!(code_of(&a), "not_online");
}

async fn rematches(store: Backend) {
    let addr = server_on(&store).await;
    // Against the computer: at once, with the sides swapped unless asked otherwise.
    let body = json!({"kind": "computer", "side": "north", "level": 1});
    let (id, token, _) = new_game(addr, body).await;
    let path = format!("/api/games/{id}/rematch");
    let a = with_token(addr, &id, "rematch", &token).await;
    assert_refused(&a, 409, "not_over");
    with_token(addr, &id, "resign", &token).await;
    let a = with_token(addr, &id, "rematch", &token).await;
    assert_eq!(a.status, 200, "{}", a.body);
    assert_eq!(a.json()["game"]["between_rounds"], false, "opened");
    assert_eq!(a.json()["seat"], "south");
    assert_eq!(a.json()["game"]["computer"], "north");
    let a = post(addr, &path, json!({"token": token, "swap": false})).await;
    assert_eq!(a.json()["seat"], "north");
    assert_eq!(a.json()["game"]["level"], 1);

    // Online: an offer, which the other player takes up; each gets the other seat.
    let (id, south, north) = online_game(addr).await;
    let body = json!({"token": south, "name": "Ann"});
    act(addr, GAMES, &id, "name", body).await;
    with_token(addr, &id, "resign", &south).await;
    let a = with_token(addr, &id, "rematch", &north).await;
    assert_eq!(a.json()["offered"], true, "{}", a.body);
    assert_eq!(a.json()["game"]["rematch"]["offered_by"], "north");
    let a = with_token(addr, &id, "rematch", &south).await;
    assert_eq!(a.status, 200, "{}", a.body);
    assert_eq!(a.json()["seat"], "north");
    let new_id = a.json()["id"].as_str().unwrap().to_string();
    assert_eq!(
        a.json()["game"]["seats"],
        json!({"south": "taken", "north": "taken"})
    );
    assert_eq!(a.json()["game"]["players"]["north"], "Ann");
    let south_new = a.json()["token"].as_str().unwrap().to_string();
    // The offerer collects their seat of the same rematch.
    let b = with_token(addr, &id, "rematch", &north).await;
    assert_eq!(b.json()["id"], new_id.as_str());
    assert_eq!(b.json()["seat"], "south");
    let north_new = b.json()["token"].as_str().unwrap().to_string();
    assert_ne!(south_new, north_new);
    // The old North now moves first, as South.
    let body = json!({"move": 1, "token": north_new});
    let a = act(addr, GAMES, &new_id, "moves", body).await;
    assert_eq!(a.status, 200, "{}", a.body);
}

async fn presence_over_the_socket(store: Backend) {
    let addr = server_on(&store).await;
    let (id, south, _north) = online_game(addr).await;
    let mut watcher = socket(addr, GAMES, &id).await.unwrap();
    let first = next_json(&mut watcher).await;
    assert_eq!(
        first["game"]["connected"],
        json!({"south": false, "north": false})
    );
    let mut player = socket(addr, GAMES, &id).await.unwrap();
    next_json(&mut player).await;
    player
        .send(tokio_tungstenite::tungstenite::Message::Text(
            json!({"token": south}).to_string().into(),
        ))
        .await
        .unwrap();
    let v = next_json(&mut watcher).await;
    assert_eq!(v["type"], "presence");
    assert_eq!(v["connected"], json!({"south": true, "north": false}));
    // A wrong token says nothing about anyone.
    let mut stranger = socket(addr, GAMES, &id).await.unwrap();
    next_json(&mut stranger).await;
    stranger
        .send(tokio_tungstenite::tungstenite::Message::Text(
            json!({"token": "nobody"}).to_string().into(),
        ))
        .await
        .unwrap();
    player.close(None).await.unwrap();
    let v = next_json(&mut watcher).await;
    assert_eq!(
        v["connected"],
        json!({"south": false, "north": false}),
        "{v}"
    );
}

on_both_stores!(
    errors_carry_a_code,
    resigning_ends_the_game,
    names_are_checked_and_shown,
    rematches,
    presence_over_the_socket,
);

#[tokio::test]
async fn the_computer_waits_for_the_player_to_open_a_round() {
    let addr = server().await;
    // Example 6 of the rules, the computer South: its only move S6 ends round 1, and South, who
    // took the counters left, leads round 2.
    let (id, token, created) = new_game(
        addr,
        json!({"kind": "computer", "side": "north", "level": 1, "mode": "match",
               "position": "0,0,0,0,0,1,0/0,2,0,0,0,0,0 S 60 35"}),
    )
    .await;
    assert_eq!(created["game"]["between_rounds"], false);
    let v = wait_for(addr, GAMES, &id, |v| v["ply"].as_u64() >= Some(1)).await;
    assert_eq!(v["between_rounds"], true);
    assert_eq!(v["view"]["to_move"], "south");
    // Its first move of round 2 waits (a wrong token opens nothing).
    let wrong = with_token(addr, &id, "next-round", "nope").await;
    assert_eq!(wrong.status, 403, "{}", wrong.body);
    // A wait for nothing to happen (no event would tell): on a slow machine it can only let
    // the check pass, never fail it.
    tokio::time::sleep(Duration::from_millis(500)).await;
    let v = get_game(addr, GAMES, &id).await;
    assert_eq!(
        (v["ply"].as_u64(), v["thinking"].as_bool()),
        (Some(1), Some(false))
    );
    // The player opens it: the computer moves.
    let a = with_token(addr, &id, "next-round", &token).await;
    assert_eq!(a.status, 200, "{}", a.body);
    assert_eq!(a.json()["game"]["between_rounds"], false, "opened");
    let v = wait_for(addr, GAMES, &id, |v| v["ply"].as_u64() >= Some(2)).await;
    assert_eq!(v["between_rounds"], false);
}

#[tokio::test]
async fn level_seven_plays_a_proven_best_move() {
    let addr = server().await;
    // The single round's start, the computer South at level 7: the proven opening book holds
    // the position, and only S3 and S6 win it by 16 (docs/BOOK.md).
    let (id, _, created) = new_game(
        addr,
        json!({"kind": "computer", "side": "north", "level": 7, "mode": "round"}),
    )
    .await;
    assert_eq!(created["game"]["level"], 7);
    let v = wait_for(addr, GAMES, &id, |v| v["ply"].as_u64() >= Some(1)).await;
    let first = v["view"]["moves"][0].as_u64();
    assert!(matches!(first, Some(3 | 6)), "{}", v["view"]["moves"]);
}
