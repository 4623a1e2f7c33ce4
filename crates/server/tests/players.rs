//! A player's games for their page, against a real server on either store: the online games
//! in progress with the ones where it is their move first, the finished ones with their result,
//! and every finished game's record in one file; games against the computer are not listed.

#[macro_use]
mod common;
use common::{assert_refused, invite_code, server_on, Backend, Browser, GAMES};

use serde_json::{json, Value};

async fn player(addr: std::net::SocketAddr, name: &str) -> Browser {
    let mut b = Browser::new(addr);
    let a = b.register(name, "a long secret").await;
    assert_eq!(a.status, 201, "{}", a.body);
    b
}

/// `creator` (South) makes an online game, `joiner` takes North: the id and South's token.
async fn online(creator: &mut Browser, joiner: &mut Browser, body: Value) -> (String, String) {
    let a = creator.post(GAMES, body).await;
    assert_eq!(a.status, 201, "{}", a.body);
    let created = a.json();
    let id = created["id"].as_str().unwrap().to_string();
    let j = joiner
        .post(
            &format!("{GAMES}/{id}/join"),
            json!({"invite": invite_code(&created)}),
        )
        .await;
    assert_eq!(j.status, 200, "{}", j.body);
    (id, created["token"].as_str().unwrap().to_string())
}

async fn get(b: &mut Browser, path: &str) -> rajapasu_loadtest::client::Answer {
    b.send("GET", path, None, &[]).await
}

async fn a_players_games_in_progress_and_finished(store: Backend) {
    let addr = server_on(&store).await;
    let mut ann = player(addr, "Ann").await;
    let mut bo = player(addr, "Bo").await;
    let body = json!({"kind": "online", "mode": "round", "clock": "1d", "rated": true});
    // A: finished, Ann resigned.
    let (finished, ann_token) = online(&mut ann, &mut bo, body.clone()).await;
    let r = ann
        .post(
            &format!("{GAMES}/{finished}/resign"),
            json!({"token": ann_token}),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.body);
    // B: Ann's move (South, no move yet); C, newer: Ann has moved, Bo's move.
    let (ann_to_move, _) = online(&mut ann, &mut bo, body.clone()).await;
    let (bo_to_move, token) = online(&mut ann, &mut bo, body).await;
    let g = get(&mut ann, &format!("{GAMES}/{bo_to_move}")).await.json();
    let m = ann
        .post(
            &format!("{GAMES}/{bo_to_move}/moves"),
            json!({"move": g["view"]["legal_moves"][0], "token": token}),
        )
        .await;
    assert_eq!(m.status, 200, "{}", m.body);
    // A game against the computer is Ann's own business.
    let c = ann.post(GAMES, json!({"kind": "computer"})).await;
    assert_eq!(c.status, 201, "{}", c.body);

    let a = get(&mut ann, "/api/players/Ann/games").await;
    assert_eq!(a.status, 200, "{}", a.body);
    let v = a.json();
    let ids = |list: &Value| -> Vec<String> {
        list.as_array()
            .unwrap()
            .iter()
            .map(|g| g["id"].as_str().unwrap().to_string())
            .collect()
    };
    // Ann's move first, though C is newer.
    assert_eq!(
        ids(&v["playing"]),
        [ann_to_move.clone(), bo_to_move.clone()]
    );
    assert_eq!(v["playing"][0]["their_turn"], true);
    assert_eq!(v["playing"][1]["their_turn"], false);
    assert_eq!(ids(&v["finished"]), std::slice::from_ref(&finished));
    let f = &v["finished"][0];
    assert_eq!(
        (f["score"].as_f64(), f["rated"].as_bool()),
        (Some(0.0), Some(true)),
        "{f}"
    );
    assert_eq!(f["players"][1]["account"], "Bo");
    // Bo's page: his turn in C first; he won A.
    let v = get(&mut ann, "/api/players/bo/games").await.json();
    assert_eq!(ids(&v["playing"]), [bo_to_move, ann_to_move]);
    assert_eq!(v["finished"][0]["score"], 1.0);
    // Filters.
    let v = get(&mut ann, "/api/players/Ann/games?rated=false")
        .await
        .json();
    assert_eq!(
        (
            v["playing"].as_array().unwrap().len(),
            v["finished"].as_array().unwrap().len()
        ),
        (0, 0)
    );
    let v = get(&mut ann, "/api/players/Ann/games?game=mandiri")
        .await
        .json();
    assert_eq!(v["playing"], json!([]));
    // Every finished game's record in one file.
    let t = get(&mut ann, "/api/players/Ann/records").await;
    assert_eq!(t.status, 200, "{}", t.body);
    assert!(
        t.body.contains(&format!("[Site \"game {finished}\"]")),
        "{}",
        t.body
    );
    assert!(
        t.body.contains("[Termination \"South resigned\"]"),
        "{}",
        t.body
    );
    let j = get(&mut ann, "/api/players/Ann/records?format=json").await;
    assert_eq!(j.json().as_array().unwrap().len(), 1, "{}", j.body);
    let bad = get(&mut ann, "/api/players/Ann/records?format=pgn").await;
    assert_refused(&bad, 422, "bad_format");
    let nobody = get(&mut ann, "/api/players/Nobody/games").await;
    assert_refused(&nobody, 404, "no_player");
}

on_both_stores!(a_players_games_in_progress_and_finished);
