//! Rated and casual games against a real server on either store: a rated game's end moves both
//! players' ratings once, whatever follows it; a game ended before every player moved is not
//! rated; a casual game moves none; guests cannot play rated; a time-out is told as one and
//! rates the game once on two instances sharing PostgreSQL; the leaderboard lists established
//! players only; the player's page shows the ratings.

#[macro_use]
mod common;
use common::{
    ann_and_bo, assert_refused, invite_code, mandiri_game, online_game, pg, play_line, player_page,
    registered, resign, server_on, socket, Backend, Browser, GAMES, MANDIRI, T0,
};

use serde_json::{json, Value};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// A server on `db` whose clocks read `now` (milliseconds), its flag task looking every 20 ms.
async fn server_on_clock(db: &str, now: &Arc<AtomicU64>) -> rajapasu_server::Running {
    common::server_on_clock(db, now, std::time::Duration::from_millis(20)).await
}

async fn a_rated_game_moves_both_ratings_once(store: Backend) {
    let addr = server_on(&store).await;
    let (mut ann, mut bo) = ann_and_bo(addr).await;
    let body = json!({"kind": "online", "mode": "round", "clock": "5+3", "rated": true});
    let (id, ann_token, bo_token) = online_game(GAMES, &mut ann, &mut bo, body).await;
    let g = ann.get(&format!("{GAMES}/{id}")).await.json();
    assert_eq!(g["rated"], true);
    assert_eq!(g["accounts"], json!({"south": "Ann", "north": "Bo"}));
    // The players go by their accounts' names, in the record too.
    assert_eq!(g["names"], json!({"south": "Ann", "north": "Bo"}));
    let (id, ann_token, bo_token) = (id, ann_token, bo_token);
    play_line(addr, GAMES, &id, &[&ann_token, &bo_token], 2).await;
    // Ann resigns: Bo won a rated blitz single round.
    resign(addr, GAMES, &id, &ann_token).await;
    let after_ann = player_page(addr, "ann").await;
    let after_bo = player_page(addr, "Bo").await;
    let (a, b) = (
        &after_ann["ratings"]["round-blitz"],
        &after_bo["ratings"]["round-blitz"],
    );
    // Two new players, one game: 1500 ± 162 (Glicko-2 with the paper's settings).
    assert_eq!(
        (a["rating"].as_i64(), a["games"].as_i64()),
        (Some(1338), Some(1)),
        "{a}"
    );
    assert_eq!(
        (b["rating"].as_i64(), b["games"].as_i64()),
        (Some(1662), Some(1)),
        "{b}"
    );
    assert_eq!(a["provisional"], true);
    assert_eq!(after_bo["history"].as_array().unwrap().len(), 1);
    assert_eq!(after_bo["history"][0]["change"], 162);
    assert_eq!(after_bo["history"][0]["game"], id.as_str());
    // What the game did, for its page.
    let change = ann.get(&format!("/api/ratings/games/{id}")).await.json();
    let changes: Vec<(String, i64, i64)> = change["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["name"].as_str().unwrap().to_string(),
                p["rating"].as_i64().unwrap(),
                p["change"].as_i64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        changes,
        [
            ("Ann".to_string(), 1338, -162),
            ("Bo".to_string(), 1662, 162)
        ]
    );
    // Only that pool has a rating.
    assert_eq!(after_ann["ratings"].as_object().unwrap().len(), 1);
    // What follows the end (a rematch offered, a name) rates nothing again.
    let o = ann
        .post(
            &format!("{GAMES}/{id}/rematch"),
            json!({"token": ann_token}),
        )
        .await;
    assert_eq!(o.status, 200, "{}", o.body);
    let n = ann
        .post(
            &format!("{GAMES}/{id}/name"),
            json!({"token": ann_token, "name": "A"}),
        )
        .await;
    assert_eq!(n.status, 200, "{}", n.body);
    let again = player_page(addr, "Bo").await;
    assert_eq!(again["ratings"], after_bo["ratings"]);
    assert_eq!(again["history"].as_array().unwrap().len(), 1);
    // The leaderboard: one game each, provisional, not listed yet.
    let l = ann.get("/api/leaderboard/round-blitz").await;
    assert_eq!(l.status, 200, "{}", l.body);
    assert_eq!(l.json()["players"], json!([]), "{}", l.body);
    let empty = ann.get("/api/leaderboard/match-correspondence").await;
    assert_eq!(empty.json()["players"], json!([]));
    let bad = ann.get("/api/leaderboard/chess").await;
    assert_refused(&bad, 404, "no_pool");
    let nobody = ann.get("/api/players/Nobody").await;
    assert_refused(&nobody, 404, "no_player");
}

async fn a_casual_game_moves_no_rating(store: Backend) {
    let addr = server_on(&store).await;
    let (mut ann, mut bo) = ann_and_bo(addr).await;
    for rated in [json!(false), Value::Null] {
        let mut body = json!({"kind": "online", "mode": "round", "clock": "5+3"});
        if !rated.is_null() {
            body["rated"] = rated;
        }
        let (id, ann_token, _) = online_game(GAMES, &mut ann, &mut bo, body).await;
        let g = ann.get(&format!("{GAMES}/{id}")).await.json();
        assert_eq!(g["rated"], false);
        resign(addr, GAMES, &id, &ann_token).await;
    }
    for name in ["Ann", "Bo"] {
        let p = player_page(addr, name).await;
        assert_eq!(p["ratings"], json!({}), "{name}");
        assert_eq!(p["history"], json!([]), "{name}");
    }
    let l = ann.get("/api/leaderboard/round-blitz").await;
    assert_eq!(l.json()["players"], json!([]));
}

async fn guests_cannot_play_rated(store: Backend) {
    let addr = server_on(&store).await;
    let mut guest = Browser::new(addr);
    let rated = json!({"kind": "online", "clock": "3+2", "rated": true});
    // A guest cannot create a rated game, in either game.
    for games in [GAMES, MANDIRI] {
        let a = guest.post(games, rated.clone()).await;
        assert_refused(&a, 403, "rated_needs_account");
    }
    // Nor join one.
    let mut ann = registered(addr, "Ann").await;
    let a = ann.post(GAMES, rated.clone()).await;
    assert_eq!(a.status, 201, "{}", a.body);
    let created = a.json();
    let id = created["id"].as_str().unwrap();
    let join = json!({"invite": invite_code(&created)});
    let j = guest
        .post(&format!("{GAMES}/{id}/join"), join.clone())
        .await;
    assert_refused(&j, 403, "rated_needs_account");
    // Nor can one account take both seats.
    let mut ann_again = Browser::new(addr);
    ann_again.login("Ann", "a long secret").await;
    let j = ann_again
        .post(&format!("{GAMES}/{id}/join"), join.clone())
        .await;
    assert_refused(&j, 409, "same_account");
    // A rated game needs a clock, an online game and the rules' start.
    let untimed = ann
        .post(GAMES, json!({"kind": "online", "rated": true}))
        .await;
    assert_refused(&untimed, 422, "rated_needs_clock");
    let local = ann
        .post(GAMES, json!({"kind": "local", "rated": true}))
        .await;
    assert_refused(&local, 422, "rated_needs_online");
    let body =
        json!({"kind": "online", "clock": "3+2", "rated": true, "position": "4444444/4444444 S"});
    let placed = ann.post(GAMES, body).await;
    assert_refused(&placed, 422, "rated_start");
    // The guest's casual game with an account's player is fine, and the seat is still open.
    let casual = ann
        .post(GAMES, json!({"kind": "online", "clock": "3+2"}))
        .await;
    let created = casual.json();
    let id = created["id"].as_str().unwrap();
    let j = guest
        .post(
            &format!("{GAMES}/{id}/join"),
            json!({"invite": invite_code(&created)}),
        )
        .await;
    assert_eq!(j.status, 200, "{}", j.body);
    // The rated game is still waiting for a registered opponent.
    let mut bo = registered(addr, "Bo").await;
    let created_id = a.json()["id"].as_str().unwrap().to_string();
    let j = bo.post(&format!("{GAMES}/{created_id}/join"), join).await;
    assert_eq!(j.status, 200, "{}", j.body);
}

/// A rated Mandiri game: three pairs by captures, the one who resigned losing to both others.
async fn a_rated_mandiri_game_rates_three_pairs(store: Backend) {
    let addr = server_on(&store).await;
    let (mut ann, mut bo) = ann_and_bo(addr).await;
    let mut cy = registered(addr, "Cy").await;
    let body = json!({"kind": "online", "clock": "1d", "rated": true});
    let (id, tokens) = mandiri_game(&mut ann, [&mut bo, &mut cy], body).await;
    // Two of the three moved: a resignation now would not be rated; the third moves too.
    play_line(addr, MANDIRI, &id, &tokens, 3).await;
    resign(addr, MANDIRI, &id, &tokens[0]).await;
    let rating = |p: &Value| {
        p["ratings"]["mandiri-correspondence"]["rating"]
            .as_i64()
            .unwrap()
    };
    let (pa, pb, pc) = (
        player_page(addr, "Ann").await,
        player_page(addr, "Bo").await,
        player_page(addr, "Cy").await,
    );
    // Ann lost to both; Bo and Cy were rated on their captures between them.
    assert!(rating(&pa) < 1500, "{pa}");
    assert!(
        rating(&pb) > rating(&pa) && rating(&pc) > rating(&pa),
        "{pb} {pc}"
    );
    assert_eq!(pa["ratings"]["mandiri-correspondence"]["games"], 1);
}

/// Finding 8: a rated game ended before every player moved — resigned at ply 0, resigned
/// after one side's move, flagged or drawn at the start, a Mandiri game two of whose three
/// players moved — is not rated: no rating, no history line, nothing on the leaderboard.
async fn a_game_ended_before_every_player_moved_is_not_rated(store: Backend) {
    let addr = server_on(&store).await;
    let (mut ann, mut bo) = ann_and_bo(addr).await;
    let body = json!({"kind": "online", "mode": "round", "clock": "5+3", "rated": true});
    for moves in [0, 1, 0, 1] {
        let (id, ann_token, bo_token) = online_game(GAMES, &mut ann, &mut bo, body.clone()).await;
        play_line(addr, GAMES, &id, &[&ann_token, &bo_token], moves).await;
        // Ann resigns, or Bo does (after Ann's move, Bo to move).
        let token = if moves == 0 { &ann_token } else { &bo_token };
        resign(addr, GAMES, &id, token).await;
        let change = common::get(addr, &format!("/api/ratings/games/{id}"))
            .await
            .json();
        assert_eq!(change["players"], json!([]), "{change}");
    }
    let mut cy = registered(addr, "Cy").await;
    let body = json!({"kind": "online", "clock": "1d", "rated": true});
    let (id, tokens) = mandiri_game(&mut ann, [&mut bo, &mut cy], body).await;
    play_line(addr, MANDIRI, &id, &tokens, 2).await;
    resign(addr, MANDIRI, &id, &tokens[0]).await;
    for name in ["Ann", "Bo", "Cy"] {
        let p = player_page(addr, name).await;
        assert_eq!(p["ratings"], json!({}), "{name}: {p}");
        assert_eq!(p["history"], json!([]), "{name}: {p}");
    }
    let l = common::get(addr, "/api/leaderboard/round-blitz").await;
    assert_eq!(l.json()["players"], json!([]), "{}", l.body);
}

/// Writes a standing in the pool `round-blitz` for the account `name` straight into the
/// database `db`.
async fn store_standing(
    store: &Backend,
    db: &str,
    name: &str,
    rating: f64,
    deviation: f64,
    games: i64,
) {
    let sql = "INSERT INTO ratings(account, pool, rating, deviation, volatility, games, last)
               SELECT id, 'round-blitz', $2, $3, 0.06, $4, NULL FROM accounts WHERE name = $1";
    match store {
        Backend::Sqlite => {
            let conn = rusqlite::Connection::open(db).unwrap();
            conn.execute(
                &sql.replace('$', "?"),
                rusqlite::params![name, rating, deviation, games],
            )
            .unwrap();
        }
        Backend::Postgres(url) => {
            let client = pg(url).await;
            let games = games as i32;
            client
                .execute(sql, &[&name, &rating, &deviation, &games])
                .await
                .unwrap();
        }
    }
}

/// The leaderboard lists players with at least ten rated games who are not provisional: a
/// player with few games, or with a deviation still high, is left out however high rated.
async fn the_leaderboard_lists_established_players_only(store: Backend) {
    let db = common::lasting_db(&store, "rajapasu-leaderboard");
    let (addr, _server) = rajapasu_server::spawn("127.0.0.1:0", &db)
        .await
        .expect("server starts");
    for name in ["Ann", "Bo", "Cy", "Di"] {
        registered(addr, name).await;
    }
    store_standing(&store, &db, "Ann", 1700.0, 80.0, 30).await;
    store_standing(&store, &db, "Bo", 1650.0, 100.0, 10).await;
    store_standing(&store, &db, "Cy", 2900.0, 80.0, 9).await;
    store_standing(&store, &db, "Di", 2800.0, 150.0, 40).await;
    let l = common::get(addr, "/api/leaderboard/round-blitz").await;
    assert_eq!(l.status, 200, "{}", l.body);
    let names: Vec<String> = l.json()["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(names, ["Ann", "Bo"], "{}", l.body);
    common::remove_sqlite_files(&store, &db);
}

on_both_stores!(
    a_game_ended_before_every_player_moved_is_not_rated,
    the_leaderboard_lists_established_players_only,
    a_rated_game_moves_both_ratings_once,
    a_casual_game_moves_no_rating,
    guests_cannot_play_rated,
    a_rated_mandiri_game_rates_three_pairs,
);

/// Two servers on one PostgreSQL database, both flag tasks looking at the same deadline of a
/// rated game: the time-out is told as one, and the game is rated once.
#[tokio::test]
async fn two_instances_rate_a_time_out_once() {
    let Some(store) = Backend::postgres(module_path!()).await else {
        return;
    };
    let now = Arc::new(AtomicU64::new(T0));
    let a = server_on_clock(store.db(), &now).await;
    let b = server_on_clock(store.db(), &now).await;
    let mut ann = registered(a.addr, "Ann").await;
    let mut bo = registered(b.addr, "Bo").await;
    let body = json!({"kind": "online", "mode": "round", "clock": "1+0", "rated": true});
    let (id, ann_token, bo_token) = online_game(GAMES, &mut ann, &mut bo, body).await;
    // One move each, so that the game is rated; Ann's clock runs again.
    play_line(a.addr, GAMES, &id, &[&ann_token, &bo_token], 2).await;
    // Both instances hold the game, and a socket on B hears the end.
    let mut ws = socket(b.addr, GAMES, &id).await.unwrap();
    common::get_game(a.addr, GAMES, &id).await;
    now.fetch_add(60_000, Ordering::SeqCst);
    let told = loop {
        let v = common::next_update(&mut ws).await;
        // The moves made before may still be told by B, which heard of them from A.
        if !matches!(v["type"].as_str(), Some("state" | "move")) {
            break v;
        }
    };
    assert_eq!(told["type"], "timed_out", "{told}");
    assert_eq!(told["side"], "south", "{told}");
    // Both tasks have looked again since: one rating each. A wait for nothing to happen (no
    // event would tell): on a slow machine it can only let the check pass, never fail it.
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    for name in ["Ann", "Bo"] {
        let p = player_page(a.addr, name).await;
        assert_eq!(p["ratings"]["round-blitz"]["games"], 1, "{name}: {p}");
        assert_eq!(p["history"].as_array().unwrap().len(), 1, "{name}: {p}");
    }
    let p = player_page(a.addr, "Ann").await;
    assert_eq!(p["ratings"]["round-blitz"]["rating"], 1338, "{p}");
    let client = pg(store.db()).await;
    let rated = client
        .query_one("SELECT count(*) FROM rated_games WHERE game = $1", &[&id])
        .await
        .unwrap();
    assert_eq!(rated.get::<_, i64>(0), 1);
}
