//! Raja Pasu Mandiri games through the JSON API, on both stores: creation of every kind, moves
//! and their errors, the computers' turns, undo, hints, invitations, live updates, rounds, records,
//! restarts.

#[macro_use]
mod common;
use common::{
    act, assert_refused, code_of, get, get_game, invite_code, lasting_db, new_game, new_game_in,
    next_update, post, remove_sqlite_files, server_on, socket, step, store_move_directly, wait_for,
    Backend, MANDIRI as GAMES,
};

use rajapasu_loadtest::client::Answer;
use serde_json::{json, Value};
use std::net::SocketAddr;

async fn create(addr: SocketAddr, body: Value) -> Value {
    new_game_in(addr, GAMES, body).await.2
}

async fn play(addr: SocketAddr, id: &str, token: &str, hole: &str) -> Answer {
    let body = json!({"token": token, "move": hole});
    act(addr, GAMES, id, "moves", body).await
}

/// A request with only a token, to `{GAMES}/{id}/{action}`.
async fn with_token(addr: SocketAddr, id: &str, action: &str, token: &str) -> Answer {
    act(addr, GAMES, id, action, json!({"token": token})).await
}

async fn three_on_one_device(store: Backend) {
    let addr = server_on(&store).await;
    let created = step("the game as created", async {
        let created = create(addr, json!({"kind": "local"})).await;
        let id = created["id"].as_str().unwrap();
        assert_eq!(created["players"], json!([1, 2, 3]));
        assert_eq!(created["watch"], format!("/m/{id}"));
        assert!(created.get("invites").is_none());
        let game = &created["game"];
        assert_eq!(game["game"], "mandiri");
        assert_eq!(game["kind"], "local");
        assert_eq!(game["players"][0]["seat"], "C");
        assert_eq!(game["players"][1]["seat"], "R");
        assert_eq!(game["players"][2]["seat"], "L");
        assert_eq!(game["players"][2]["name"], "Player 3");
        let view = &game["view"];
        assert_eq!(view["counts"], json!(vec![7; 14]));
        assert_eq!(
            view["owners"],
            json!(["L", "L", "C", "C", "C", "R", "R", "R", "R", "C", "C", "C", "L", "L"])
        );
        assert_eq!(view["to_move"], "C");
        assert_eq!(view["legal"], json!(["S3", "S4", "S5", "N3", "N4", "N5"]));
        assert_eq!(view["seats"], json!([1, 2, 3]));
        created
    })
    .await;
    let id = created["id"].as_str().unwrap();
    let token = created["token"].as_str().unwrap();

    // Errors name the problem.
    step("bad moves are refused", async {
        for (hole, code) in [
            ("S9", "illegal_move"),
            ("X1", "illegal_move"),
            ("S1", "illegal_move"),
        ] {
            let a = play(addr, id, token, hole).await;
            assert_eq!(
                (a.status, code_of(&a).as_str()),
                (422, code),
                "{hole}: {}",
                a.body
            );
        }
        let a = play(addr, id, "not-a-token", "S4").await;
        assert_refused(&a, 403, "token_wrong");
        let a = act(addr, GAMES, id, "moves", json!({"move": "S4"})).await;
        assert_eq!(code_of(&a), "token_missing");
        let a = act(addr, GAMES, id, "moves", json!({"move": 4})).await;
        assert_eq!(code_of(&a), "bad_json");
    })
    .await;

    // A move: the Raja's S4, then R is to move.
    let m = step("the Raja's S4", async {
        let a = play(addr, id, token, "S4").await;
        assert_eq!(a.status, 200, "{}", a.body);
        let m = a.json();
        assert_eq!(
            (m["type"].as_str(), m["move"].as_str()),
            (Some("move"), Some("S4"))
        );
        assert_eq!(
            (m["seat"].as_str(), m["player"].as_u64()),
            (Some("C"), Some(1))
        );
        assert_eq!(m["events"][0]["event"], "lift");
        assert_eq!(m["game"]["ply"], 1);
        assert_eq!(m["game"]["line"], "C");
        assert_eq!(m["game"]["view"]["to_move"], "R");
        let on_board: u64 = m["game"]["view"]["counts"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_u64().unwrap_or(0))
            .sum();
        let stores: u64 = m["game"]["view"]["captured"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_u64().unwrap())
            .sum();
        assert_eq!(on_board + stores, 98, "every counter is somewhere");
        m
    })
    .await;

    // A stale ply is refused; the position after the first 0 moves is the start.
    step("a stale ply; the positions at plies 0 and 1", async {
        let body = json!({"token": token, "move": "S6", "ply": 0});
        let a = act(addr, GAMES, id, "moves", body).await;
        assert_eq!(code_of(&a), "stale_ply");
        let at0 = get_game(addr, GAMES, &format!("{id}?at=0")).await;
        assert_eq!(at0["view"]["counts"], json!(vec![7; 14]));
        assert!(at0.get("last_move").is_none(), "no move leads to the start");
        // After the first move: that move, told as the socket told it.
        let at1 = get_game(addr, GAMES, &format!("{id}?at=1")).await;
        assert_eq!(at1["view"], m["game"]["view"]);
        assert_eq!(at1["last_move"]["move"], "S4");
        assert_eq!(at1["last_move"]["ply"], 1);
        assert_eq!(
            (&at1["last_move"]["seat"], &at1["last_move"]["player"]),
            (&m["seat"], &m["player"])
        );
        assert_eq!(at1["last_move"]["events"], m["events"]);
    })
    .await;

    // A hint for R, the seat to move: one of R's legal holes, a value for each seat.
    step("a hint for R", async {
        let a = act(addr, GAMES, id, "hint", json!({"token": token, "ply": 1})).await;
        assert_eq!(a.status, 200, "{}", a.body);
        let h = a.json();
        assert_eq!(
            (h["ply"].as_u64(), h["seat"].as_str()),
            (Some(1), Some("R"))
        );
        let legal = m["game"]["view"]["legal"].as_array().unwrap();
        assert!(legal.contains(&h["move"]), "{h}");
        assert_eq!(h["values"].as_array().map(Vec::len), Some(3), "{h}");
        assert_eq!(h["value"], h["values"][1], "R's own value");
        let a = with_token(addr, id, "hint", "not-a-token").await;
        assert_eq!(code_of(&a), "token_wrong");
        let a = act(addr, GAMES, id, "hint", json!({"token": token, "ply": 0})).await;
        assert_eq!(code_of(&a), "stale_ply");
    })
    .await;

    // Undo on one device takes back one move.
    step("undo", async {
        let a = with_token(addr, id, "undo", token).await;
        assert_eq!(a.status, 200, "{}", a.body);
        assert_eq!(a.json()["game"]["ply"], 0);
        let a = with_token(addr, id, "undo", token).await;
        assert_eq!(code_of(&a), "no_undo");
    })
    .await;

    // Resigning ends the match for the other two.
    step("resigning", async {
        let v = resign(addr, id, token).await;
        assert_eq!(
            (v["type"].as_str(), v["player"].as_u64()),
            (Some("resigned"), Some(1))
        );
        assert_eq!(v["game"]["over"], true);
        assert_eq!(v["game"]["winners"], json!([2, 3]));
        assert_eq!(code_of(&play(addr, id, token, "S4").await), "game_over");
    })
    .await;
}

/// A game of one kind is not found under the other's path, and the answer says where it is.
async fn each_game_is_found_under_its_own_path(store: Backend) {
    let addr = server_on(&store).await;
    let created = create(addr, json!({"kind": "local"})).await;
    let id = created["id"].as_str().unwrap();
    let a = get(addr, &format!("/api/games/{id}")).await;
    assert_refused(&a, 404, "other_game");
    assert!(a.body.contains("/api/mandiri/games"), "{}", a.body);
    let (two, _, _) = new_game(addr, json!({"kind": "local"})).await;
    let a = get(addr, &format!("{GAMES}/{two}")).await;
    assert_eq!(code_of(&a), "other_game");
}

async fn creation_errors_are_named(store: Backend) {
    let addr = server_on(&store).await;
    for (body, code) in [
        (json!({"kind": "local", "level": 3}), "bad_level"),
        (json!({"kind": "computer", "level": 9}), "bad_level"),
        (json!({"kind": "computer", "player": 4}), "bad_player"),
        (
            json!({"kind": "local", "rules": "mandiri/gift=x"}),
            "bad_rules",
        ),
        (json!({"kind": "sofa"}), "bad_json"),
    ] {
        let a = post(addr, GAMES, body.clone()).await;
        assert_eq!(code_of(&a), code, "{body}: {}", a.body);
    }
}

async fn against_two_computers(store: Backend) {
    let addr = server_on(&store).await;
    // Player 1 is the Raja and moves first; the computers (players 2 and 3) answer.
    let (id, token, created) =
        new_game_in(addr, GAMES, json!({"kind": "computer", "level": 1})).await;
    let (id, token) = (id.as_str(), token.as_str());
    assert_eq!(created["players"], json!([1]));
    let players = &created["game"]["players"];
    assert_eq!(players[0]["who"], "taken");
    assert_eq!(players[1]["who"], "computer");
    assert_eq!(players[2]["who"], "computer");
    assert!(players[1]["name"]
        .as_str()
        .unwrap()
        .starts_with("Computer 2 (level 1"));
    let a = play(addr, id, token, "S4").await;
    assert_eq!(a.status, 200, "{}", a.body);
    let v = wait_for(addr, GAMES, id, |v| {
        v["ply"].as_u64() >= Some(3) && !v["thinking"].as_bool().unwrap()
            || v["view"]["to_move"] == "C"
    })
    .await;
    assert_eq!(v["view"]["to_move"], "C", "the two computers moved: {v}");
    let line = v["line"].as_str().unwrap();
    assert!(line.starts_with("CR"), "{line}");
    // It is not the computers' move: a person cannot move for them.
    let created2 = create(addr, json!({"kind": "computer", "level": 1, "player": 3})).await;
    let id2 = created2["id"].as_str().unwrap();
    // Player 3 sits in L: the computers in C and R move first, on their own.
    let v2 = wait_for(addr, GAMES, id2, |v| v["view"]["to_move"] == "L").await;
    assert_eq!(v2["line"], "CR");
    let body = json!({"token": created2["token"]});
    let a = act(addr, GAMES, id2, "undo", body).await;
    assert_eq!(code_of(&a), "no_undo", "{}", a.body);
    // Undo takes back the person's move and the computers' replies.
    let ply = v["ply"].as_u64().unwrap();
    let a = with_token(addr, id, "undo", token).await;
    assert_eq!(a.status, 200, "{}", a.body);
    let after = a.json()["game"]["ply"].as_u64().unwrap();
    assert!(
        after < ply && a.json()["game"]["view"]["to_move"] == "C",
        "{}",
        a.body
    );
    // The record names the three players.
    let rec = get(addr, &format!("{GAMES}/{id}/record")).await;
    assert_eq!(rec.status, 200);
    assert!(rec.body.contains("Player2"), "{}", rec.body);
    assert!(rec.body.contains("Computer 2"), "{}", rec.body);
    assert!(
        rec.body.contains("[Event \"Raja Pasu Mandiri game\"]")
            && rec.body.contains(&format!("[Site \"game {id}\"]")),
        "{}",
        rec.body
    );
    let rec = get(addr, &format!("{GAMES}/{id}/record?format=json")).await;
    assert!(rec.json().is_object(), "{}", rec.body);
}

async fn online_with_two_friends(store: Backend) {
    let addr = server_on(&store).await;
    let created = create(addr, json!({"kind": "online", "player": 2})).await;
    let id = created["id"].as_str().unwrap().to_string();
    let links = created["invites"].as_array().unwrap();
    let invites: Vec<String> = links
        .iter()
        .map(|l| invite_code(&json!({"invite": l})))
        .collect();
    assert_eq!(invites.len(), 2);
    assert_eq!(created["players"], json!([2]));
    let seats = &created["game"]["players"];
    assert_eq!(
        (seats[0]["who"].as_str(), seats[1]["who"].as_str()),
        (Some("open"), Some("taken"))
    );
    // A watcher's socket sees the joins and the moves.
    let mut ws = socket(addr, GAMES, &id).await.unwrap();
    assert_eq!(next_update(&mut ws).await["type"], "state");
    let mut tokens = Vec::new();
    for code in &invites {
        let a = act(addr, GAMES, &id, "join", json!({"invite": code})).await;
        assert_eq!(a.status, 200, "{}", a.body);
        tokens.push((
            a.json()["players"][0].as_u64().unwrap(),
            a.json()["token"].as_str().unwrap().to_string(),
        ));
    }
    let joined: Vec<u64> = tokens.iter().map(|t| t.0).collect();
    assert_eq!(joined, [1, 3]);
    let a = act(addr, GAMES, &id, "join", json!({"invite": invites[0]})).await;
    assert_eq!(code_of(&a), "invite_used");
    for _ in 0..2 {
        let msg: Value = next_update(&mut ws).await;
        assert_eq!(msg["type"], "joined");
    }
    // Player 1 (the Raja) moves; player 2's token cannot move for them.
    let p1 = &tokens[0].1;
    let a = play(addr, &id, created["token"].as_str().unwrap(), "S4").await;
    assert_eq!(code_of(&a), "out_of_turn");
    let a = play(addr, &id, p1, "N4").await;
    assert_eq!(a.status, 200, "{}", a.body);
    let msg: Value = next_update(&mut ws).await;
    assert_eq!(
        (msg["type"].as_str(), msg["move"].as_str()),
        (Some("move"), Some("N4"))
    );
    // Names, and no undo online.
    let body = json!({"token": p1, "name": "Asha"});
    let a = act(addr, GAMES, &id, "name", body).await;
    assert_eq!(a.json()["game"]["players"][0]["name"], "Asha", "{}", a.body);
    let a = with_token(addr, &id, "undo", p1).await;
    assert_eq!(code_of(&a), "no_undo");
    let a = with_token(addr, &id, "hint", p1).await;
    assert_refused(&a, 409, "no_hint");
}

async fn rounds_end_and_wait_to_be_opened(store: Backend) {
    let addr = server_on(&store).await;
    let (id, token, created) = new_game_in(addr, GAMES, json!({"kind": "local"})).await;
    let (id, token) = (id.as_str(), token.as_str());
    let mut game = created["game"].clone();
    // Always the first legal hole, until the first round ends (a round of this game lasts a
    // few hundred moves at most).
    for _ in 0..3000 {
        if game["round_starts"].as_array().unwrap().len() > 1 || game["over"] == true {
            break;
        }
        let hole = game["view"]["legal"][0].as_str().unwrap().to_string();
        let a = play(addr, id, token, &hole).await;
        assert_eq!(a.status, 200, "{}", a.body);
        game = a.json()["game"].clone();
    }
    let starts = game["round_starts"].as_array().unwrap().clone();
    assert_eq!(starts.len(), 2, "a round ended: {game}");
    assert_eq!(starts[1], game["ply"]);
    assert_eq!(game["between_rounds"], true);
    let rounds = game["view"]["rounds"].as_array().unwrap();
    assert_eq!(rounds.len(), 1);
    assert_eq!(rounds[0]["round"], 1);
    assert_eq!(game["view"]["round"], 2);
    let opened = with_token(addr, id, "next-round", token).await;
    assert_eq!(opened.status, 200, "{}", opened.body);
    assert_eq!(opened.json()["game"]["between_rounds"], false);
}

async fn the_computers_move_after_a_restart(store: Backend) {
    let db = lasting_db(&store, "rajapasu-mandiri-resume");
    let (addr, task) = rajapasu_server::spawn("127.0.0.1:0", &db).await.unwrap();
    let (id, _, _) = new_game_in(addr, GAMES, json!({"kind": "computer", "level": 1})).await;
    task.abort();
    // The person's S4 (stored as 4) as a server that stopped before the computers replied
    // left it.
    store_move_directly(&store, &db, &id, 0, 4).await;
    let (addr, _task) = rajapasu_server::spawn("127.0.0.1:0", &db).await.unwrap();
    let v = wait_for(addr, GAMES, &id, |v| {
        v["view"]["to_move"] == "C" && v["ply"].as_u64() >= Some(3)
    })
    .await;
    assert!(v["line"].as_str().unwrap().starts_with("CRL"), "{v}");
    remove_sqlite_files(&store, &db);
}

async fn resign(addr: SocketAddr, id: &str, token: &str) -> Value {
    let a = with_token(addr, id, "resign", token).await;
    assert_eq!(a.status, 200, "{}", a.body);
    a.json()
}

async fn rematch(addr: SocketAddr, id: &str, token: &str) -> Value {
    let a = with_token(addr, id, "rematch", token).await;
    assert_eq!(a.status, 200, "{}", a.body);
    a.json()
}

/// On one device: not before the match is over, then a new game at once.
async fn rematch_on_one_device(store: Backend) {
    let addr = server_on(&store).await;
    let body = json!({"kind": "local", "rules": "mandiri/gift=2"});
    let (id, token, local) = new_game_in(addr, GAMES, body).await;
    let (id, token) = (id.as_str(), token.as_str());
    let a = with_token(addr, id, "rematch", token).await;
    assert_refused(&a, 409, "not_over");
    let a = with_token(addr, id, "rematch", "nope").await;
    assert_eq!(code_of(&a), "token_wrong");
    resign(addr, id, token).await;
    let again = rematch(addr, id, token).await;
    assert_ne!(again["id"], local["id"]);
    assert_eq!(again["players"], json!([1, 2, 3]));
    assert_eq!(again["game"]["rules"], "mandiri/gift=2");
    assert_eq!(again["game"]["ply"], 0);
}

/// Against the computers: the person, player 1, is player 3 in the rematch, and the computers
/// (players 1 and 2 now) open it on their own.
async fn rematch_against_the_computers(store: Backend) {
    let addr = server_on(&store).await;
    let (id, token, _) = new_game_in(addr, GAMES, json!({"kind": "computer", "level": 1})).await;
    let (id, token) = (id.as_str(), token.as_str());
    resign(addr, id, token).await;
    let again = rematch(addr, id, token).await;
    assert_eq!(again["players"], json!([3]));
    let who: Vec<&str> = (0..3)
        .map(|k| again["game"]["players"][k]["who"].as_str().unwrap())
        .collect();
    assert_eq!(who, ["computer", "computer", "taken"]);
    let new_id = again["id"].as_str().unwrap();
    let v = wait_for(addr, GAMES, new_id, |v| v["ply"].as_u64() >= Some(2)).await;
    assert!(v["line"].as_str().unwrap().starts_with("CR"), "{v}");
}

/// Online: two offers, then the third makes the rematch; each collects a seat one lower.
async fn rematch_online_when_all_three_offer(store: Backend) {
    let addr = server_on(&store).await;
    let (id, tokens) = step("three players seated, player 1 named", async {
        let (id, token, created) = new_game_in(addr, GAMES, json!({"kind": "online"})).await;
        let mut tokens = vec![token];
        for link in created["invites"].as_array().unwrap() {
            let code = invite_code(&json!({"invite": link}));
            let a = act(addr, GAMES, &id, "join", json!({"invite": code})).await;
            tokens.push(a.json()["token"].as_str().unwrap().to_string());
        }
        let body = json!({"token": tokens[0], "name": "Asha"});
        let a = act(addr, GAMES, &id, "name", body).await;
        assert_eq!(a.status, 200, "{}", a.body);
        (id, tokens)
    })
    .await;
    let mut ws = step("player 2 resigns; a socket watches", async {
        resign(addr, &id, &tokens[1]).await;
        let mut ws = socket(addr, GAMES, &id).await.unwrap();
        assert_eq!(next_update(&mut ws).await["type"], "state");
        ws
    })
    .await;
    step("two offers, one of them made twice", async {
        let first = rematch(addr, &id, &tokens[0]).await;
        assert_eq!(first["offered"], true);
        assert_eq!(first["game"]["rematch"]["offered_by"], json!([1]));
        assert_eq!(
            next_update(&mut ws).await["game"]["rematch"]["offered_by"],
            json!([1])
        );
        let second = rematch(addr, &id, &tokens[0]).await;
        assert_eq!(
            second["game"]["rematch"]["offered_by"],
            json!([1]),
            "offered again"
        );
        let _ = next_update(&mut ws).await;
        let second = rematch(addr, &id, &tokens[2]).await;
        assert_eq!(second["game"]["rematch"]["offered_by"], json!([1, 3]));
        assert!(second["game"]["rematch"]["game"].is_null());
        let _ = next_update(&mut ws).await;
    })
    .await;
    let (new_id, mut new_tokens) = step("the third offer makes the rematch", async {
        let third = rematch(addr, &id, &tokens[1]).await;
        let new_id = third["id"].as_str().unwrap().to_string();
        assert_eq!(
            third["players"],
            json!([1]),
            "player 2 is player 1, the Raja, now"
        );
        assert!(third.get("invites").is_none(), "every seat is taken");
        let told = next_update(&mut ws).await;
        assert_eq!(
            (told["type"].as_str(), told["id"].as_str()),
            (Some("rematch"), Some(new_id.as_str()))
        );
        assert_eq!(told["game"]["rematch"]["game"], new_id.as_str());
        let mut new_tokens = vec![String::new(); 3];
        new_tokens[0] = third["token"].as_str().unwrap().to_string();
        (new_id, new_tokens)
    })
    .await;
    step("each player collects a seat one lower", async {
        for (old, new) in [(0usize, 2usize), (2, 1)] {
            let seat = rematch(addr, &id, &tokens[old]).await;
            assert_eq!(
                (seat["id"].as_str(), seat["players"][0].as_u64()),
                (Some(new_id.as_str()), Some(new as u64 + 1))
            );
            new_tokens[new] = seat["token"].as_str().unwrap().to_string();
        }
    })
    .await;
    step("names go with their players", async {
        let v = get_game(addr, GAMES, &new_id).await;
        assert_eq!(
            v["players"][2]["name"], "Asha",
            "names go with their players"
        );
        let who: Vec<&str> = (0..3)
            .map(|k| v["players"][k]["who"].as_str().unwrap())
            .collect();
        assert_eq!(who, ["taken", "taken", "taken"]);
    })
    .await;
    step("the new Raja moves", async {
        // The new Raja moves with the token collected; the others may not.
        let a = play(addr, &new_id, &new_tokens[1], "S4").await;
        assert_eq!(code_of(&a), "out_of_turn");
        let a = play(addr, &new_id, &new_tokens[0], "S4").await;
        assert_eq!(a.status, 200, "{}", a.body);
    })
    .await;
}

on_both_stores!(
    three_on_one_device,
    each_game_is_found_under_its_own_path,
    creation_errors_are_named,
    against_two_computers,
    online_with_two_friends,
    rounds_end_and_wait_to_be_opened,
    the_computers_move_after_a_restart,
    rematch_on_one_device,
    rematch_against_the_computers,
    rematch_online_when_all_three_offer,
);
