//! A player's games for their page, against a real server on either store: the online games
//! in progress with the ones where it is their move first, the finished ones with their result,
//! and every finished game's record in one file; games against the computer are not listed.

#[macro_use]
mod common;
use common::{ann_and_bo, assert_refused, online_game, resign, server_on, Backend, Browser, GAMES};

use serde_json::{json, Value};

/// `creator` (South) makes an online game, `joiner` takes North: the id and South's token.
async fn online(creator: &mut Browser, joiner: &mut Browser, body: Value) -> (String, String) {
    let (id, token, _) = online_game(GAMES, creator, joiner, body).await;
    (id, token)
}

async fn a_players_games_in_progress_and_finished(store: Backend) {
    let addr = server_on(&store).await;
    let (mut ann, mut bo) = ann_and_bo(addr).await;
    let body = json!({"kind": "online", "mode": "round", "clock": "1d", "rated": true});
    // A: finished, Ann resigned.
    let (finished, ann_token) = online(&mut ann, &mut bo, body.clone()).await;
    resign(addr, GAMES, &finished, &ann_token).await;
    // B: Ann's move (South, no move yet); C, newer: Ann has moved, Bo's move.
    let (ann_to_move, _) = online(&mut ann, &mut bo, body.clone()).await;
    let (bo_to_move, token) = online(&mut ann, &mut bo, body).await;
    let g = ann.get(&format!("{GAMES}/{bo_to_move}")).await.json();
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

    let a = ann.get("/api/players/Ann/games").await;
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
    let v = ann.get("/api/players/bo/games").await.json();
    assert_eq!(ids(&v["playing"]), [bo_to_move, ann_to_move]);
    assert_eq!(v["finished"][0]["score"], 1.0);
    // Filters.
    let v = ann.get("/api/players/Ann/games?rated=false").await.json();
    assert_eq!(
        (
            v["playing"].as_array().unwrap().len(),
            v["finished"].as_array().unwrap().len()
        ),
        (0, 0)
    );
    let v = ann.get("/api/players/Ann/games?game=mandiri").await.json();
    assert_eq!(v["playing"], json!([]));
    // Every finished game's record in one file.
    let t = ann.get("/api/players/Ann/records").await;
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
    let j = ann.get("/api/players/Ann/records?format=json").await;
    assert_eq!(j.json().as_array().unwrap().len(), 1, "{}", j.body);
    let bad = ann.get("/api/players/Ann/records?format=pgn").await;
    assert_refused(&bad, 422, "bad_format");
    let nobody = ann.get("/api/players/Nobody/games").await;
    assert_refused(&nobody, 404, "no_player");
}

/// The ids of a list of games.
fn ids_of(list: &Value) -> Vec<String> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_str().unwrap().to_string())
        .collect()
}

/// The archive's filters: the result, the variant, rated or casual, the speed; together, and
/// in the records' download too.
async fn the_archive_filters_by_result_game_rating_and_speed(store: Backend) {
    let addr = server_on(&store).await;
    let (mut ann, mut bo) = ann_and_bo(addr).await;
    // Lost: a rated single round of a day a move, Ann resigns.
    let rated = json!({"kind": "online", "mode": "round", "clock": "1d", "rated": true});
    let (lost, ann_token, _) = online_game(GAMES, &mut ann, &mut bo, rated).await;
    resign(addr, GAMES, &lost, &ann_token).await;
    // Won: a casual 5+3 match, Bo resigns.
    let casual = json!({"kind": "online", "mode": "match", "clock": "5+3"});
    let (won, _, bo_token) = online_game(GAMES, &mut ann, &mut bo, casual).await;
    resign(addr, GAMES, &won, &bo_token).await;
    // Drawn: a casual 3+2 round drawn by agreement.
    let blitz = json!({"kind": "online", "mode": "round", "clock": "3+2"});
    let (drawn, ann_token, bo_token) = online_game(GAMES, &mut ann, &mut bo, blitz).await;
    for token in [ann_token, bo_token] {
        let d = ann
            .post(&format!("{GAMES}/{drawn}/draw"), json!({"token": token}))
            .await;
        assert_eq!(d.status, 200, "{}", d.body);
    }
    // In progress: an untimed casual round, listed whatever the result asked for is not.
    let untimed = json!({"kind": "online", "mode": "round"});
    let _ = online_game(GAMES, &mut ann, &mut bo, untimed).await;

    let finished = |query: &'static str| async move {
        let a = Browser::new(addr)
            .get(&format!("/api/players/Ann/games?{query}"))
            .await;
        assert_eq!(a.status, 200, "{query}: {}", a.body);
        let v = a.json();
        (
            ids_of(&v["finished"]),
            v["playing"].as_array().unwrap().len(),
        )
    };
    assert_eq!(finished("result=won").await.0, std::slice::from_ref(&won));
    assert_eq!(finished("result=lost").await.0, std::slice::from_ref(&lost));
    assert_eq!(
        finished("result=drawn").await.0,
        std::slice::from_ref(&drawn)
    );
    assert_eq!(
        finished("variant=match").await.0,
        std::slice::from_ref(&won)
    );
    assert_eq!(
        finished("variant=round&speed=correspondence").await.0,
        std::slice::from_ref(&lost)
    );
    // Both blitz games (made in one second: their order is not asked); `realtime`, the name
    // before blitz and rapid, reads as blitz.
    let mut expected = vec![drawn.clone(), won.clone()];
    expected.sort();
    for query in ["speed=blitz", "speed=realtime"] {
        let mut blitz = finished(query).await.0;
        blitz.sort();
        assert_eq!(blitz, expected, "{query}");
    }
    assert_eq!(finished("speed=rapid").await.0, Vec::<String>::new());
    assert_eq!(
        finished("rated=false&result=won").await.0,
        std::slice::from_ref(&won)
    );
    assert_eq!(
        finished("rated=true&result=won").await.0,
        Vec::<String>::new()
    );
    assert_eq!(finished("variant=mandiri").await.0, Vec::<String>::new());
    // A result names finished games only; the others filter games in progress too.
    assert_eq!(finished("result=won").await.1, 0);
    assert_eq!(finished("variant=round").await.1, 1);
    assert_eq!(finished("speed=blitz").await.1, 0);
    // Each game says what it is.
    let v = ann.get("/api/players/Ann/games?variant=match").await.json();
    let g = &v["finished"][0];
    assert_eq!(
        (&g["variant"], &g["speed"], &g["score"]),
        (&json!("match"), &json!("blitz"), &json!(1.0)),
        "{g}"
    );
    // The download holds what the filters show.
    let j = ann
        .get("/api/players/Ann/records?format=json&result=drawn")
        .await;
    let records = j.json();
    assert_eq!(records.as_array().unwrap().len(), 1, "{}", j.body);
    assert!(j.body.contains(&drawn), "{}", j.body);
    for bad in ["result=draw", "variant=chess", "speed=fast"] {
        let a = ann.get(&format!("/api/players/Ann/games?{bad}")).await;
        assert_eq!(a.status, 400, "{bad}: {}", a.body);
    }
}

on_both_stores!(
    a_players_games_in_progress_and_finished,
    the_archive_filters_by_result_game_rating_and_speed,
);
