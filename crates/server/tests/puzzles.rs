//! The puzzles' API against a real server: the set's index, a puzzle chosen by rating and
//! theme, the daily puzzle, attempts moving the puzzle's rating and the player's, the mistakes
//! of a game, bad input answered with JSON errors, and a puzzle's rating kept by the store
//! across a restart (SQLite and PostgreSQL).

#[macro_use]
mod common;
use common::{assert_refused, get, lasting_db, post, remove_sqlite_files, server, Backend};
use serde_json::json;

/// A server on `db` that outlives nothing: stopped by the test.
async fn server_on_db(db: &str) -> rajapasu_server::Running {
    rajapasu_server::spawn_with(
        "127.0.0.1:0",
        db,
        rajapasu_server::limits::Limits::default(),
        rajapasu_server::games::Policy::default(),
    )
    .await
    .expect("server starts")
}

on_both_stores!(a_puzzles_rating_survives_a_restart);

/// Two servers on one database, one after the other: the second starts from the rating the
/// first's attempt left, not from the shipped set's.
async fn a_puzzles_rating_survives_a_restart(store: Backend) {
    let db = lasting_db(&store, "rajapasu-puzzle-ratings");
    let first = server_on_db(&db).await;
    let p = get(first.addr, "/api/puzzles/next?rating=1500&seed=3")
        .await
        .json();
    let id = p["id"].as_str().unwrap().to_string();
    let start = p["rating_now"].as_i64().unwrap();
    let a = post(
        first.addr,
        &format!("/api/puzzles/{id}/attempt"),
        json!({"solved": true}),
    )
    .await
    .json();
    let after = a["puzzle_rating"].as_i64().unwrap();
    assert!(after < start, "{a}");
    first.stop().await;

    let second = server_on_db(&db).await;
    let now = get(second.addr, &format!("/api/puzzles/{id}")).await.json();
    assert_eq!(now["rating_now"], json!(after), "{now}");
    // The next attempt moves on from the stored rating.
    let b = post(
        second.addr,
        &format!("/api/puzzles/{id}/attempt"),
        json!({"solved": true}),
    )
    .await
    .json();
    assert!(b["puzzle_rating"].as_i64().unwrap() < after, "{b}");
    second.stop().await;
    remove_sqlite_files(&store, &db);
}

#[tokio::test]
async fn the_index_next_daily_and_one_puzzle() {
    let addr = server().await;
    let index = get(addr, "/api/puzzles").await.json();
    assert!(index["count"].as_u64().unwrap() >= 5_300);
    assert!(index["themes"]["pussa"].as_u64().unwrap() > 0);
    let p = get(addr, "/api/puzzles/next?rating=1800&theme=four&seed=7")
        .await
        .json();
    assert!(
        p["themes"].as_array().unwrap().contains(&json!("four")),
        "{p}"
    );
    assert_eq!(p["view"]["position"], p["position"]);
    assert!(p["solution"]["values"].as_array().unwrap().len() == 7);
    // The same seed, the same draw; the id excluded, another.
    let again = get(addr, "/api/puzzles/next?rating=1800&theme=four&seed=7")
        .await
        .json();
    assert_eq!(again["id"], p["id"]);
    let id = p["id"].as_str().unwrap();
    let other = get(
        addr,
        &format!("/api/puzzles/next?rating=1800&theme=four&seed=7&exclude={id}"),
    )
    .await
    .json();
    assert_ne!(other["id"], p["id"]);
    let daily = get(addr, "/api/puzzles/daily").await.json();
    assert_eq!(daily["id"], index["daily"]);
    assert_eq!(daily["daily"], true);
    assert_eq!(daily["easy"], false);
    let one = get(addr, &format!("/api/puzzles/{id}")).await.json();
    assert_eq!(one["position"], p["position"]);
}

#[tokio::test]
async fn an_attempt_moves_the_puzzle_and_the_player() {
    let addr = server().await;
    let p = get(addr, "/api/puzzles/next?rating=1500&seed=1")
        .await
        .json();
    let id = p["id"].as_str().unwrap().to_string();
    let before = p["rating_now"].as_i64().unwrap();
    let a = post(
        addr,
        &format!("/api/puzzles/{id}/attempt"),
        json!({"solved": true}),
    )
    .await
    .json();
    assert!(a["player"]["rating"].as_f64().unwrap() > 1500.0);
    assert!(a["puzzle_rating"].as_i64().unwrap() < before, "{a}");
    let now = get(addr, &format!("/api/puzzles/{id}")).await.json();
    assert_eq!(now["rating_now"], a["puzzle_rating"]);
    // Unrated (streak mode): the player's rating comes back as sent; the puzzle's still moves.
    let player = json!({"rating": 1600.0, "deviation": 100.0, "volatility": 0.06});
    let b = post(
        addr,
        &format!("/api/puzzles/{id}/attempt"),
        json!({"solved": false, "player": player, "rated": false}),
    )
    .await
    .json();
    assert_eq!(b["player"]["rating"], json!(1600.0));
    assert!(b["puzzle_rating"].as_i64().unwrap() > a["puzzle_rating"].as_i64().unwrap());
}

#[tokio::test]
async fn the_mistakes_of_a_game_are_proven() {
    let addr = server().await;
    // South to move can take 9 with S4 (and keeps N1's four from North); S7 gives North a
    // four. Playing S7 is South's mistake.
    let body = json!({"rules": "canonical/mode=round", "start": "0,0,0,1,0,0,9/3,0,0,0,0,0,0 S 42 43",
        "moves": [7], "side": "south"});
    let m = post(addr, "/api/puzzles/mistakes", body).await.json();
    let list = m["mistakes"].as_array().unwrap();
    assert_eq!(list.len(), 1, "{m}");
    assert_eq!(list[0]["ply"], 1);
    assert_eq!(list[0]["played"], 7);
    assert!(list[0]["best_value"].as_i64().unwrap() > list[0]["played_value"].as_i64().unwrap());
    assert_eq!(list[0]["best"], json!([4]));
}

#[tokio::test]
async fn bad_input_is_refused() {
    let addr = server().await;
    assert_refused(&get(addr, "/api/puzzles/Pnothing").await, 404, "no_puzzle");
    assert_refused(
        &get(addr, "/api/puzzles/next?theme=chess").await,
        400,
        "bad_theme",
    );
    assert_refused(
        &get(addr, "/api/puzzles/next?rating=9000").await,
        400,
        "bad_rating",
    );
    let p = get(addr, "/api/puzzles/next?seed=1").await.json();
    let id = p["id"].as_str().unwrap();
    let bad = json!({"solved": true, "player": {"rating": 1500.0, "deviation": -5.0, "volatility": 0.06}});
    assert_refused(
        &post(addr, &format!("/api/puzzles/{id}/attempt"), bad).await,
        422,
        "bad_player_rating",
    );
    // S1 is empty.
    let illegal = json!({"rules": "canonical/mode=round", "start": "0,0,0,1,0,0,9/3,0,0,0,0,0,0 S 42 43", "moves": [1], "side": "south"});
    assert_refused(
        &post(addr, "/api/puzzles/mistakes", illegal).await,
        422,
        "illegal_move",
    );
}
