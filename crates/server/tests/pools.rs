//! The rating pools by speed on either store: a database of before blitz and rapid opens with
//! each real-time rating carried into both (and a second opening changes nothing); a rated
//! blitz game moves the blitz rating only, a rapid game the rapid one only.

#[macro_use]
mod common;
use common::{
    ann_and_bo, lasting_db, online_game, play_line, player_page, registered, resign, Backend, GAMES,
};

use rajapasu_server::limits::Limits;
use serde_json::json;

/// A stored rating row: account's name, pool, rating, deviation, volatility, games, last.
type Row = (String, String, f64, f64, f64, i64, Option<i64>);

/// Runs `sql` (its parameters written `$1`…) on the database `db` behind the server's back.
async fn execute(store: &Backend, db: &str, sql: &str) {
    match store {
        Backend::Sqlite => {
            let conn = rusqlite::Connection::open(db).unwrap();
            conn.execute_batch(sql).unwrap();
        }
        Backend::Postgres(url) => {
            let client = common::pg(url).await;
            client.batch_execute(sql).await.unwrap();
        }
    }
}

/// Every stored rating, by name and pool.
async fn ratings(store: &Backend, db: &str) -> Vec<Row> {
    let sql = "SELECT a.name, r.pool, r.rating, r.deviation, r.volatility, CAST(r.games AS BIGINT), r.last
               FROM ratings r JOIN accounts a ON a.id = r.account ORDER BY a.name, r.pool";
    match store {
        Backend::Sqlite => {
            let conn = rusqlite::Connection::open(db).unwrap();
            let mut s = conn.prepare(sql).unwrap();
            let rows = s
                .query_map([], |r| {
                    Ok((
                        r.get(0)?,
                        r.get(1)?,
                        r.get(2)?,
                        r.get(3)?,
                        r.get(4)?,
                        r.get(5)?,
                        r.get(6)?,
                    ))
                })
                .unwrap();
            rows.map(Result::unwrap).collect()
        }
        Backend::Postgres(url) => {
            let client = common::pg(url).await;
            let rows = client.query(sql, &[]).await.unwrap();
            rows.iter()
                .map(|r| {
                    (
                        r.get(0),
                        r.get(1),
                        r.get(2),
                        r.get(3),
                        r.get(4),
                        r.get(5),
                        r.get(6),
                    )
                })
                .collect()
        }
    }
}

/// A database whose ratings were stored before blitz and rapid (Ann's `round-realtime` with a
/// line of history, Bo's `match-realtime` beside a correspondence rating) opens with each
/// real-time rating in both its variant's blitz and rapid pools, as it was; the history keeps
/// its line, and the old pool's name still reads, as blitz. A second opening changes nothing.
async fn realtime_ratings_carry_over_to_blitz_and_rapid(store: Backend) {
    let db = lasting_db(&store, "rajapasu-pools");
    let start =
        || rajapasu_server::spawn_with("127.0.0.1:0", &db, Limits::default(), Default::default());
    let server = start().await.unwrap();
    registered(server.addr, "Ann").await;
    registered(server.addr, "Bo").await;
    server.stop().await;
    // Ann's last game an hour ago: still established, listed on the leaderboard.
    let last = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64
        - 3600;
    let sql = "INSERT INTO ratings(account, pool, rating, deviation, volatility, games, last)
           SELECT id, 'round-realtime', 1712.5, 74.25, 0.061, 23, LAST FROM accounts WHERE name = 'Ann';
         INSERT INTO ratings(account, pool, rating, deviation, volatility, games, last)
           SELECT id, 'match-realtime', 1401, 120, 0.059, 4, NULL FROM accounts WHERE name = 'Bo';
         INSERT INTO ratings(account, pool, rating, deviation, volatility, games, last)
           SELECT id, 'match-correspondence', 1600, 90, 0.06, 12, 1764000000 FROM accounts WHERE name = 'Bo';
         INSERT INTO rating_history(account, pool, game, at, rating, deviation, before)
           SELECT id, 'round-realtime', 'g1', 1764000000, 1712.5, 74.25, 1700 FROM accounts WHERE name = 'Ann';";
    execute(&store, &db, &sql.replace("LAST", &last.to_string())).await;

    let server = start().await.unwrap();
    let ann = |pool: &str| {
        (
            "Ann".to_string(),
            pool.to_string(),
            1712.5,
            74.25,
            0.061,
            23,
            Some(last),
        )
    };
    let bo = |pool: &str| {
        (
            "Bo".to_string(),
            pool.to_string(),
            1401.0,
            120.0,
            0.059,
            4,
            None,
        )
    };
    let expected = vec![
        ann("round-blitz"),
        ann("round-rapid"),
        bo("match-blitz"),
        (
            "Bo".to_string(),
            "match-correspondence".to_string(),
            1600.0,
            90.0,
            0.06,
            12,
            Some(1764000000),
        ),
        bo("match-rapid"),
    ];
    assert_eq!(ratings(&store, &db).await, expected);
    let p = player_page(server.addr, "Ann").await;
    let pools: Vec<&String> = p["ratings"].as_object().unwrap().keys().collect();
    assert_eq!(pools, ["round-blitz", "round-rapid"], "{p}");
    assert_eq!(
        p["ratings"]["round-blitz"], p["ratings"]["round-rapid"],
        "{p}"
    );
    assert_eq!(p["ratings"]["round-rapid"]["games"], 23, "{p}");
    assert_eq!(p["history"][0]["pool"], "round-realtime", "{p}");
    // An old address reads as the blitz pool.
    let l = common::get(server.addr, "/api/leaderboard/round-realtime").await;
    assert_eq!(l.status, 200, "{}", l.body);
    assert_eq!(l.json()["pool"], "round-blitz", "{}", l.body);
    assert_eq!(l.json()["players"][0]["name"], "Ann", "{}", l.body);
    let l = common::get(server.addr, "/api/leaderboard/round-bullet").await;
    common::assert_refused(&l, 404, "no_pool");
    server.stop().await;

    let server = start().await.unwrap();
    assert_eq!(ratings(&store, &db).await, expected, "the second opening");
    server.stop().await;
    common::remove_sqlite_files(&store, &db);
}

/// Plays one move each in the game `id` (the first legal move) and has Ann resign: a rated
/// game that Bo won.
async fn bo_wins(addr: std::net::SocketAddr, id: &str, tokens: [&str; 2]) {
    play_line(addr, GAMES, id, &tokens, 2).await;
    resign(addr, GAMES, id, tokens[0]).await;
}

/// A rated 3+2 game moves the players' blitz ratings and no other; a 15+10 game then their
/// rapid ratings, the blitz ones staying where the first game left them.
async fn each_clock_moves_its_speeds_rating_only(store: Backend) {
    let addr = common::server_on(&store).await;
    let (mut ann, mut bo) = ann_and_bo(addr).await;
    let blitz = json!({"kind": "online", "mode": "round", "clock": "3+2", "rated": true});
    let (id, a, b) = online_game(GAMES, &mut ann, &mut bo, blitz).await;
    bo_wins(addr, &id, [&a, &b]).await;
    let p = player_page(addr, "Bo").await;
    let pools: Vec<&String> = p["ratings"].as_object().unwrap().keys().collect();
    assert_eq!(pools, ["round-blitz"], "{p}");
    assert_eq!(p["ratings"]["round-blitz"]["rating"], 1662, "{p}");
    let ratings = common::get(addr, &format!("/api/ratings/games/{id}"))
        .await
        .json();
    assert_eq!(ratings["players"][0]["pool"], "round-blitz", "{ratings}");

    let rapid = json!({"kind": "online", "mode": "round", "clock": "15+10", "rated": true});
    let (id, a, b) = online_game(GAMES, &mut ann, &mut bo, rapid).await;
    bo_wins(addr, &id, [&a, &b]).await;
    for name in ["Ann", "Bo"] {
        let p = player_page(addr, name).await;
        let pools: Vec<&String> = p["ratings"].as_object().unwrap().keys().collect();
        assert_eq!(pools, ["round-blitz", "round-rapid"], "{p}");
        assert_eq!(p["ratings"]["round-blitz"]["games"], 1, "{p}");
        assert_eq!(p["ratings"]["round-rapid"]["games"], 1, "{p}");
        // Both games ended within a second: their order is not asked.
        let mut pools: Vec<&str> = p["history"]
            .as_array()
            .unwrap()
            .iter()
            .map(|h| h["pool"].as_str().unwrap())
            .collect();
        pools.sort();
        assert_eq!(pools, ["round-blitz", "round-rapid"], "{p}");
    }
    assert_eq!(
        player_page(addr, "Bo").await["ratings"]["round-rapid"]["rating"],
        1662
    );
    assert_eq!(
        player_page(addr, "Ann").await["ratings"]["round-rapid"]["rating"],
        1338
    );
}

on_both_stores!(
    realtime_ratings_carry_over_to_blitz_and_rapid,
    each_clock_moves_its_speeds_rating_only,
);

/// The pools' names, and the speed each clock is rated at: the presets', or the clocks asked
/// for; a clock that is none is refused, naming it.
#[tokio::test]
async fn the_pools_say_each_clocks_speed() {
    let addr = common::server().await;
    let all = common::get(addr, "/api/pools").await;
    assert_eq!(all.status, 200, "{}", all.body);
    let v = all.json();
    assert_eq!(v["pools"].as_array().unwrap().len(), 9, "{v}");
    assert_eq!(v["pools"][0], "round-blitz", "{v}");
    assert_eq!(
        (
            &v["speeds"]["5+3"],
            &v["speeds"]["10+5"],
            &v["speeds"]["7d"]
        ),
        (&json!("blitz"), &json!("rapid"), &json!("correspondence")),
        "{v}"
    );
    let asked = common::get(addr, "/api/pools?clocks=1%2B0,11%2B0,12%2B0,3d").await;
    assert_eq!(
        asked.json()["speeds"],
        json!({"1+0": "blitz", "11+0": "blitz", "12+0": "rapid", "3d": "correspondence"}),
        "{}",
        asked.body
    );
    let bad = common::get(addr, "/api/pools?clocks=3%2B2,0%2B1").await;
    common::assert_refused(&bad, 422, "bad_clock");
    assert!(common::error_of(&bad).contains("0+1"), "{}", bad.body);
}
