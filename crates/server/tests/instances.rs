//! Two servers on one PostgreSQL database, as behind a load balancer: a game made on one is
//! played on the other, moves reach the other's sockets, and the same move raced on both is
//! kept once. Skipped (saying so) without a test PostgreSQL server.

mod common;
use common::{
    act, get_game, invite_code, new_game, new_game_in, next_update, socket, Backend, GAMES, MANDIRI,
};

use rajapasu_loadtest::client::Client;
use serde_json::json;
use std::net::SocketAddr;

async fn two_instances(test: &str) -> Option<(SocketAddr, SocketAddr)> {
    let store = Backend::postgres(test).await?;
    let (a, _) = rajapasu_server::spawn("127.0.0.1:0", store.db())
        .await
        .unwrap();
    let (b, _) = rajapasu_server::spawn("127.0.0.1:0", store.db())
        .await
        .unwrap();
    Some((a, b))
}

#[tokio::test]
async fn a_game_made_on_one_instance_is_played_on_the_other() {
    let Some((a, b)) = two_instances(module_path!()).await else {
        return;
    };
    let (id, token, _) = new_game(a, json!({"kind": "local"})).await;
    let mut ws = socket(b, GAMES, &id).await.unwrap();
    assert_eq!(next_update(&mut ws).await["type"], "state");
    // A move on A reaches B's socket, as a move with its events.
    let body = json!({"move": 4, "ply": 0, "token": token});
    let m = act(a, GAMES, &id, "moves", body).await;
    assert_eq!(m.status, 200, "{}", m.body);
    let v = next_update(&mut ws).await;
    assert_eq!(
        (v["type"].as_str(), v["ply"].as_u64()),
        (Some("move"), Some(1)),
        "{v}"
    );
    assert_eq!(v["move"], 4);
    assert!(!v["events"].as_array().unwrap().is_empty());
    // B plays on from there, and A's copy follows.
    let view = get_game(b, GAMES, &id).await["view"].clone();
    let body = json!({"move": view["legal_moves"][0], "ply": 1, "token": token});
    let m = act(b, GAMES, &id, "moves", body).await;
    assert_eq!(m.status, 200, "{}", m.body);
    assert_eq!(next_update(&mut ws).await["ply"], 2);
    // Taken back on A: B's socket hears of it.
    let u = act(a, GAMES, &id, "undo", json!({"token": token})).await;
    assert_eq!(u.status, 200, "{}", u.body);
    let v = next_update(&mut ws).await;
    assert_eq!(
        (v["type"].as_str(), v["ply"].as_u64()),
        (Some("undo"), Some(1)),
        "{v}"
    );
    // An online game joined through the other instance.
    let (oid, _, created) = new_game(a, json!({"kind": "online"})).await;
    let code = invite_code(&created);
    let j = act(b, GAMES, &oid, "join", json!({"invite": code})).await;
    assert_eq!(j.status, 200, "{}", j.body);
    let again = act(a, GAMES, &oid, "join", json!({"invite": code})).await;
    assert_eq!(again.status, 409, "{}", again.body);
}

#[tokio::test]
async fn the_same_move_raced_on_both_instances_is_kept_once() {
    let Some((a, b)) = two_instances(module_path!()).await else {
        return;
    };
    for round in 0..10 {
        let (id, token, _) = new_game(a, json!({"kind": "local"})).await;
        // Both instances hold the game before the race.
        for addr in [a, b] {
            get_game(addr, GAMES, &id).await;
        }
        let path = format!("/api/games/{id}/moves");
        let body = json!({"move": 2, "ply": 0, "token": token}).to_string();
        let mut c1 = Client::connect(a).await.unwrap();
        let mut c2 = Client::connect(b).await.unwrap();
        let (r1, r2) = tokio::join!(
            c1.request("POST", &path, Some(&body)),
            c2.request("POST", &path, Some(&body))
        );
        let (r1, r2) = (r1.unwrap(), r2.unwrap());
        let mut codes = [r1.status, r2.status];
        codes.sort();
        assert_eq!(
            codes,
            [200, 409],
            "round {round}: {} / {}",
            r1.body,
            r2.body
        );
        // Both instances agree on the one move kept.
        for addr in [a, b] {
            let v = get_game(addr, GAMES, &id).await;
            assert_eq!(v["ply"], 1, "{v}");
        }
    }
}

#[tokio::test]
async fn moves_alternating_between_instances_are_taken_at_once() {
    let Some((a, b)) = two_instances(module_path!()).await else {
        return;
    };
    let (id, token, created) = new_game(a, json!({"kind": "local", "mode": "round"})).await;
    let mut view = created["game"]["view"].clone();
    // Each move on the other instance than the one before, without waiting for its notice:
    // an instance whose copy is behind the request's ply reads the game again.
    for ply in 0..20 {
        let Some(mv) = view["legal_moves"]
            .as_array()
            .and_then(|m| m.first())
            .cloned()
        else {
            break;
        };
        let addr = if ply % 2 == 0 { a } else { b };
        let body = json!({"move": mv, "ply": ply, "token": token});
        let m = act(addr, GAMES, &id, "moves", body).await;
        assert_eq!(m.status, 200, "ply {ply}: {}", m.body);
        view = m.json()["game"]["view"].clone();
    }
}

#[tokio::test]
async fn a_mandiri_move_on_one_instance_reaches_the_sockets_of_the_other() {
    let Some((a, b)) = two_instances(module_path!()).await else {
        return;
    };
    let (id, token, _) = new_game_in(a, MANDIRI, json!({"kind": "local"})).await;
    let mut ws = socket(b, MANDIRI, &id).await.unwrap();
    assert_eq!(next_update(&mut ws).await["type"], "state");
    let body = json!({"token": token, "move": "S4"});
    let moved = act(a, MANDIRI, &id, "moves", body).await;
    assert_eq!(moved.status, 200, "{}", moved.body);
    let update = next_update(&mut ws).await;
    assert_eq!(update["type"], "move", "{update}");
    assert_eq!(
        (update["move"].as_str(), update["seat"].as_str()),
        (Some("S4"), Some("C"))
    );
    assert_eq!(update["events"][0]["event"], "lift");
    // The other instance plays on from there.
    let body = json!({"token": token, "move": update["game"]["view"]["legal"][0], "ply": 1});
    let next = act(b, MANDIRI, &id, "moves", body).await;
    assert_eq!(next.status, 200, "{}", next.body);
    assert_eq!(next.json()["game"]["ply"], 2);
}
