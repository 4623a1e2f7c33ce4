//! The puzzles' API against a real server: the set's index, a puzzle chosen by rating and
//! theme, the daily puzzle, attempts moving the puzzle's rating and the player's, the mistakes
//! of a game, bad input answered with JSON errors, and on SQLite and PostgreSQL: a puzzle's
//! rating kept by the store across a restart, a signed-in player's puzzle rating kept on their
//! account, a guest's taken over when they register or log in, and the store's finished games
//! read back and mined for puzzles.

#[macro_use]
mod common;
use common::{
    act, assert_refused, get, lasting_db, new_game, new_game_in, post, remove_sqlite_files, server,
    Backend, Browser, GAMES, MANDIRI,
};
use serde_json::{json, Value};

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

on_both_stores!(
    a_puzzles_rating_survives_a_restart,
    a_signed_in_attempt_moves_the_accounts_rating,
    a_guests_rating_is_taken_over_at_registration_and_login,
    the_stores_finished_games_are_mined_for_puzzles,
);

const SECRET: &str = "a long enough secret";

/// The rating a signed-in player's attempt answers with.
fn answered(a: &rajapasu_loadtest::client::Answer) -> f64 {
    assert_eq!(a.status, 200, "{}", a.body);
    a.json()["player"]["rating"].as_f64().unwrap()
}

/// A signed-in player's attempt starts from the account's rating (a new player's at first),
/// not the one in the body, and leaves the account at the rating answered; the player's page
/// and /api/account show it.
async fn a_signed_in_attempt_moves_the_accounts_rating(store: Backend) {
    let server = server_on_db(store.db()).await;
    let mut b = Browser::new(server.addr);
    assert_eq!(b.register("Anoja", SECRET).await.status, 201);
    assert_eq!(b.account().await["puzzle_rating"], json!(null));
    let p = get(server.addr, "/api/puzzles/next?rating=1500&seed=5")
        .await
        .json();
    let path = format!("/api/puzzles/{}/attempt", p["id"].as_str().unwrap());
    let strong = json!({"rating": 2500.0, "deviation": 50.0, "volatility": 0.06});
    let first = answered(
        &b.post(&path, json!({"solved": true, "player": strong}))
            .await,
    );
    // From 1500 (deviation 350) a win lands far below what 2500 would give.
    assert!(first > 1500.0 && first < 2000.0, "{first}");
    let kept = b.account().await["puzzle_rating"]["rating"]
        .as_f64()
        .unwrap();
    assert_eq!(kept, first);
    let weak = json!({"rating": 800.0, "deviation": 50.0, "volatility": 0.06});
    let second = answered(
        &b.post(&path, json!({"solved": false, "player": weak}))
            .await,
    );
    // A loss from the account's rating, not from the 800 sent.
    assert!(second < first && second > 1000.0, "{first} {second}");
    let page = get(server.addr, "/api/players/Anoja").await.json();
    assert_eq!(page["puzzle_rating"]["rating"].as_f64().unwrap(), second);
    // An unrated attempt (streak mode) answers with the account's rating and keeps it.
    let streak = answered(&b.post(&path, json!({"solved": true, "rated": false})).await);
    assert_eq!(streak, second);
    let kept = b.account().await["puzzle_rating"]["rating"]
        .as_f64()
        .unwrap();
    assert_eq!(kept, second);
    server.stop().await;
}

/// The page sends the guest's puzzle rating once with a registration or a login: the account
/// keeps it unless it has one already.
async fn a_guests_rating_is_taken_over_at_registration_and_login(store: Backend) {
    let server = server_on_db(store.db()).await;
    let guest = json!({"rating": 1750.0, "deviation": 120.0, "volatility": 0.06});
    let mut b = Browser::new(server.addr);
    let r = b
        .post(
            "/api/account/register",
            json!({"name": "Kumari", "password": SECRET, "puzzle_rating": guest}),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.body);
    let kept = b.account().await["puzzle_rating"].clone();
    assert_eq!(kept["rating"], json!(1750.0), "{kept}");
    assert_eq!(kept["deviation"], json!(120.0), "{kept}");
    // A later login does not overwrite it.
    let other = json!({"rating": 900.0, "deviation": 200.0, "volatility": 0.06});
    let mut c = Browser::new(server.addr);
    let r = c
        .post(
            "/api/account/login",
            json!({"name": "Kumari", "password": SECRET, "puzzle_rating": other}),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(c.account().await["puzzle_rating"]["rating"], json!(1750.0));
    // An account without one takes the guest's at login.
    let mut d = Browser::new(server.addr);
    assert_eq!(d.register("Selvi", SECRET).await.status, 201);
    let mut e = Browser::new(server.addr);
    let r = e
        .post(
            "/api/account/login",
            json!({"name": "Selvi", "password": SECRET, "puzzle_rating": other}),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(e.account().await["puzzle_rating"]["rating"], json!(900.0));
    // A rating out of range is refused before anything is done.
    let bad = json!({"rating": 1500.0, "deviation": -1.0, "volatility": 0.06});
    let r = Browser::new(server.addr)
        .post(
            "/api/account/register",
            json!({"name": "Nimal", "password": SECRET, "puzzle_rating": bad}),
        )
        .await;
    assert_refused(&r, 422, "bad_player_rating");
    server.stop().await;
}

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

/// One side's rating and deviation after one game, by Glickman's steps 3 to 8 worked out in
/// closed form: with no idle period (φ* = φ) neither depends on the new volatility.
fn glicko2_by_hand(r: f64, rd: f64, opp_r: f64, opp_rd: f64, score: f64) -> (f64, f64) {
    let scale = 173.7178;
    let (mu, phi) = ((r - 1500.0) / scale, rd / scale);
    let (mu_j, phi_j) = ((opp_r - 1500.0) / scale, opp_rd / scale);
    let g =
        1.0 / (1.0 + 3.0 * phi_j * phi_j / (std::f64::consts::PI * std::f64::consts::PI)).sqrt();
    let e = 1.0 / (1.0 + (-g * (mu - mu_j)).exp());
    let v = 1.0 / (g * g * e * (1.0 - e));
    let new_phi = 1.0 / (1.0 / (phi * phi) + 1.0 / v).sqrt();
    let new_mu = mu + new_phi * new_phi * g * (score - e);
    (1500.0 + scale * new_mu, scale * new_phi)
}

#[tokio::test]
async fn an_attempt_is_one_glicko2_game_as_worked_by_hand() {
    let addr = server().await;
    let p = get(addr, "/api/puzzles/next?rating=1300&seed=3")
        .await
        .json();
    let id = p["id"].as_str().unwrap().to_string();
    // Never attempted: at its starting rating, with a deviation of 300.
    let start = p["rating"].as_f64().unwrap();
    assert_eq!(p["rating_now"].as_f64().unwrap(), start);
    let a = post(
        addr,
        &format!("/api/puzzles/{id}/attempt"),
        json!({"solved": true}),
    )
    .await
    .json();
    // A new player (1500, 350) solves it: a win for the player, a loss for the puzzle.
    let (r, rd) = glicko2_by_hand(1500.0, 350.0, start, 300.0, 1.0);
    let player = &a["player"];
    assert!(
        (player["rating"].as_f64().unwrap() - r).abs() < 1e-6,
        "{a} {r}"
    );
    assert!(
        (player["deviation"].as_f64().unwrap() - rd).abs() < 1e-6,
        "{a} {rd}"
    );
    let (pr, _) = glicko2_by_hand(start, 300.0, 1500.0, 350.0, 0.0);
    assert!(
        (a["puzzle_rating"].as_f64().unwrap() - pr).abs() <= 0.5,
        "{a} {pr}"
    );
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

/// Plays the game `id` to its end (the first legal move each time), or resigns after
/// `resign_after` moves; returns the moves played.
async fn play_out(
    addr: std::net::SocketAddr,
    id: &str,
    token: &str,
    created: &Value,
    resign_after: Option<usize>,
) -> Vec<u8> {
    let mut view = created["game"]["view"].clone();
    let mut played = Vec::new();
    loop {
        let legal = view["legal_moves"].as_array().cloned().unwrap_or_default();
        if legal.is_empty() {
            return played;
        }
        if resign_after == Some(played.len()) {
            let a = act(addr, GAMES, id, "resign", json!({"token": token})).await;
            assert_eq!(a.status, 200, "{}", a.body);
            return played;
        }
        let mv = legal[0].as_u64().unwrap();
        let a = act(
            addr,
            GAMES,
            id,
            "moves",
            json!({"move": mv, "token": token}),
        )
        .await;
        assert_eq!(a.status, 200, "{}", a.body);
        played.push(mv as u8);
        view = a.json()["game"]["view"].clone();
    }
}

/// `rajapasu puzzles generate --from store` reads the finished Raja Pasu games of a store
/// through its API, single rounds and matches, page by page; what is mined from them holds
/// against the solver alone.
async fn the_stores_finished_games_are_mined_for_puzzles(store: Backend) {
    use rajapasu_ai::puzzles::{check, puzzles_of, Prover, Settings, Tally};
    use rajapasu_server::puzzle_source::{FinishedGames, Met};
    let db = lasting_db(&store, "rajapasu-puzzle-source");
    let server = server_on_db(&db).await;
    let addr = server.addr;
    // A single round of five counters played to its end: its start is a puzzle (S2, by 6).
    let body = json!({"kind": "local", "mode": "round", "position": "0,1,0,1,0,0,1/0,1,0,0,0,1,0 S 61 32"});
    let (round, token, created) = new_game(addr, body).await;
    let round_moves = play_out(addr, &round, &token, &created, None).await;
    // A match in its second round, with closed holes, resigned after four moves.
    let body = json!({"kind": "local", "position": "x,x,x,x,x,x,8/1,0,3,1,0,3,1 S 5 40 3 33 2"});
    let (matched, token, created) = new_game(addr, body).await;
    let match_moves = play_out(addr, &matched, &token, &created, Some(4)).await;
    assert_eq!(match_moves.len(), 4);
    // Not finished: left out.
    let body = json!({"kind": "local", "mode": "round", "position": "0,1,0,0,1,0,1/0,1,0,0,0,0,0 S 64 30"});
    new_game(addr, body).await;
    // A Raja Pasu Mandiri game, resigned: counted and left out.
    let (md, md_token, _) = new_game_in(addr, MANDIRI, json!({"kind": "local"})).await;
    let a = act(addr, MANDIRI, &md, "resign", json!({"token": md_token})).await;
    assert_eq!(a.status, 200, "{}", a.body);

    // Read through a store of its own, as the command does, one game a page.
    let reader = rajapasu_server::store::open(&db).await.unwrap();
    let mut games = FinishedGames::new(reader);
    let mut found = Vec::new();
    while let Some(page) = games.next_page(1).await.unwrap() {
        found.extend(page);
    }
    assert_eq!(
        games.met,
        Met {
            games: 2,
            mandiri: 1,
            unreadable: 0
        }
    );
    found.sort_by_key(|g| g.id != round);
    let ids: Vec<&str> = found.iter().map(|g| g.id.as_str()).collect();
    assert_eq!(ids, [round.as_str(), matched.as_str()]);
    let numbers =
        |g: &rajapasu_engine::Game| g.moves().iter().map(|m| m.number()).collect::<Vec<u8>>();
    assert_eq!(numbers(&found[0].game), round_moves);
    assert!(found[0].game.status().is_over());
    assert_eq!(numbers(&found[1].game), match_moves);
    assert_eq!(found[1].game.rules().mode, rajapasu_engine::Mode::Match);
    server.stop().await;

    // Mined: every puzzle re-proven by the solver alone, claims and all.
    let mut prover = Prover::new(None, 20_000_000);
    let mut tally = Tally::default();
    let settings = Settings::default();
    let mut puzzles = Vec::new();
    for g in &found {
        puzzles.extend(puzzles_of(
            &g.game,
            &format!("store:{}", g.id),
            &settings,
            &mut prover,
            &mut tally,
        ));
    }
    assert_eq!(tally.unproven, 0, "{tally:?}");
    let first = puzzles
        .iter()
        .find(|p| p.position == "0,1,0,1,0,0,1/0,1,0,0,0,1,0 S 61 32")
        .expect("the round's start is a puzzle");
    assert_eq!(
        (first.solution.mv, first.source.as_str()),
        (2, format!("store:{round},ply=1").as_str())
    );
    for p in &puzzles {
        // Labelled with the rules the game was played under (docs/PUZZLES.md).
        let played = if p.source.starts_with(&format!("store:{matched},")) {
            "canonical"
        } else {
            "canonical/mode=round"
        };
        assert_eq!(p.rules, played, "{}", p.id);
        check(p, &mut prover).unwrap_or_else(|e| panic!("{}: {e}", p.id));
    }
    remove_sqlite_files(&store, &db);
}
