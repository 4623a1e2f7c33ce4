//! The lobby against a real server on either store: a seek is listed live to every lobby
//! socket, on a second instance too (PostgreSQL); of two players accepting one seek one gets
//! it and the game starts for both (the seeker's socket is told); a seek goes with its
//! socket; guests seek casual games only; a rating range is kept.

#[macro_use]
mod common;
use common::lobby::{
    accept, assert_holds, lacks, lists, lobby, post_seek, seek_id, seek_in, until,
};
use common::{ann_and_bo, assert_refused, registered, Backend, Browser, GAMES, MANDIRI};

use serde_json::{json, Value};
use std::net::SocketAddr;

async fn server(db: &str) -> rajapasu_server::Running {
    common::server_with_policy(db, rajapasu_server::games::Policy::default()).await
}

/// Two players accept one seek at once: one gets it, and the game has both of them seated,
/// the clock running; the seeker's socket is told its seat, once. On `a` and `b` (the same server,
/// or two on one database).
async fn race(a: SocketAddr, b: SocketAddr) {
    let (mut ann, mut bo) = ann_and_bo(a).await;
    let mut cy = registered(b, "Cy").await;
    let (mut ws, socket) = lobby(a).await;
    let s = post_seek(&mut ann, &socket, json!({"clock": "5+3", "rated": true})).await;
    let id = seek_id(&s);
    let listed = until(&mut ws, |v| lists(v, &id)).await;
    let seek = seek_in(&listed, &id);
    assert_eq!(
        (
            seek["name"].as_str(),
            seek["rated"].as_bool(),
            seek["pool"].as_str()
        ),
        (Some("Ann"), Some(true), Some("round-blitz"))
    );
    assert_eq!(seek["rating"]["rating"], 1500);
    let path = format!("/api/lobby/seeks/{id}/accept");
    let (x, y) = tokio::join!(bo.post(&path, json!({})), cy.post(&path, json!({})));
    let (won, lost) = if x.status == 200 { (x, y) } else { (y, x) };
    assert_eq!(won.status, 200, "{}", won.body);
    assert_refused(&lost, 409, "seek_gone");
    let game = won.json();
    let game_id = game["id"].as_str().unwrap().to_string();
    // The seeker's socket is told the game and its seat.
    let started = until(&mut ws, |v| v["type"] == "started").await;
    assert_eq!(started["id"], game_id.as_str(), "{started}");
    let seeker_seat = started["seat"].as_str().unwrap().to_string();
    assert_ne!(game["seat"].as_str(), Some(seeker_seat.as_str()));
    let g = &game["game"];
    assert_eq!(g["rated"], true);
    assert_eq!(g["seats"], json!({"south": "taken", "north": "taken"}));
    assert_eq!(g["accounts"][&seeker_seat], "Ann");
    assert_eq!(g["clock"]["running"], 0, "South's time runs: {g}");
    // The seeker plays with the token the socket gave, if South.
    if seeker_seat == "south" {
        let m = ann
            .post(
                &format!("{GAMES}/{game_id}/moves"),
                json!({"move": g["view"]["legal_moves"][0], "token": started["token"]}),
            )
            .await;
        assert_eq!(m.status, 200, "{}", m.body);
    }
    // The seek is gone from the list, and the game is the seeker's account's. The seeker was
    // told once: the list without the seek is sent after the lobby's task told the seekers it
    // found, so a second `started` would come before it.
    let gone = until(&mut ws, |v| lacks(v, &id) || v["type"] == "started").await;
    assert_eq!(gone["type"], "seeks", "the seeker is told once: {gone}");
    assert_holds(&mut ann, &game_id, None).await;
}

async fn two_accepters_one_game(store: Backend) {
    let s = server(store.db()).await;
    race(s.addr, s.addr).await;
}

async fn a_seek_goes_with_its_socket(store: Backend) {
    let s = server(store.db()).await;
    let (mut watcher, _) = lobby(s.addr).await;
    let (ws, socket) = lobby(s.addr).await;
    let mut guest = Browser::new(s.addr);
    let a = post_seek(&mut guest, &socket, json!({"clock": "1d", "mode": "match"})).await;
    let id = seek_id(&a);
    let listed = until(&mut watcher, |v| lists(v, &id)).await;
    let seek = seek_in(&listed, &id);
    assert_eq!(
        (seek["name"].clone(), seek["mode"].clone()),
        (Value::Null, json!("match"))
    );
    assert_eq!(seek["pool"], "match-correspondence");
    // Its creator leaves: the seek goes, and cannot be taken.
    drop(ws);
    until(&mut watcher, |v| lacks(v, &id)).await;
    let mut other = Browser::new(s.addr);
    let a = accept(&mut other, &id).await;
    assert_refused(&a, 409, "seek_gone");
    // A seek cancelled by its socket goes too; another socket cannot cancel it.
    let (_ws2, socket2) = lobby(s.addr).await;
    let a = post_seek(&mut guest, &socket2, json!({"clock": "3+2"})).await;
    let id2 = seek_id(&a);
    let a = guest
        .post(
            &format!("/api/lobby/seeks/{id2}/cancel"),
            json!({"socket": socket}),
        )
        .await;
    assert_refused(&a, 409, "seek_gone");
    let a = guest
        .post(
            &format!("/api/lobby/seeks/{id2}/cancel"),
            json!({"socket": socket2}),
        )
        .await;
    assert_eq!(a.status, 200, "{}", a.body);
    until(&mut watcher, |v| lacks(v, &id2)).await;
}

async fn guests_seek_casual_games_and_ranges_hold(store: Backend) {
    let s = server(store.db()).await;
    let (_ws, socket) = lobby(s.addr).await;
    let mut guest = Browser::new(s.addr);
    let a = post_seek(&mut guest, &socket, json!({"clock": "3+2", "rated": true})).await;
    assert_refused(&a, 403, "rated_needs_account");
    let bad = post_seek(&mut guest, &socket, json!({"clock": "2d"})).await;
    assert_refused(&bad, 422, "bad_clock");
    let chess = post_seek(
        &mut guest,
        &socket,
        json!({"clock": "3+2", "game": "chess"}),
    )
    .await;
    assert_refused(&chess, 422, "bad_game");
    // A casual seek of a guest, taken by another guest: a casual game.
    let a = post_seek(&mut guest, &socket, json!({"clock": "3+2"})).await;
    let id = seek_id(&a);
    let mut other = Browser::new(s.addr);
    let g = accept(&mut other, &id).await;
    assert_eq!(g.status, 200, "{}", g.body);
    assert_eq!(g.json()["game"]["rated"], false);
    // A rated seek is not for a guest; a range keeps out a new player (1500) below it.
    let mut ann = registered(s.addr, "Ann").await;
    let (_ws2, socket2) = lobby(s.addr).await;
    let a = post_seek(&mut ann, &socket2, json!({"clock": "3+2", "rated": true})).await;
    let rated = seek_id(&a);
    let g = accept(&mut other, &rated).await;
    assert_refused(&g, 403, "rated_needs_account");
    let own = accept(&mut ann, &rated).await;
    assert_refused(&own, 409, "own_seek");
    let a = post_seek(
        &mut ann,
        &socket2,
        json!({"clock": "5+3", "min_rating": 1600}),
    )
    .await;
    let ranged = seek_id(&a);
    let g = accept(&mut other, &ranged).await;
    assert_refused(&g, 403, "out_of_range");
    let bad = post_seek(
        &mut ann,
        &socket2,
        json!({"clock": "5+3", "min_rating": 1600, "max_rating": 1200}),
    )
    .await;
    assert_refused(&bad, 422, "bad_range");
    // Three seeks a socket at most.
    let a = post_seek(&mut ann, &socket2, json!({"clock": "10+5"})).await;
    assert_eq!(a.status, 201, "{}", a.body);
    let a = post_seek(&mut ann, &socket2, json!({"clock": "15+10"})).await;
    assert_refused(&a, 409, "too_many_seeks");
}

/// A direct challenge: listed with its opponent's name, taken by that player only.
async fn a_challenge_is_for_its_player(store: Backend) {
    let s = server(store.db()).await;
    let (mut ann, mut bo) = ann_and_bo(s.addr).await;
    let mut cy = registered(s.addr, "Cy").await;
    let mut guest = Browser::new(s.addr);
    let (mut ws, socket) = lobby(s.addr).await;
    let a = post_seek(
        &mut ann,
        &socket,
        json!({"clock": "1d", "opponent": "nobody"}),
    )
    .await;
    assert_refused(&a, 404, "no_player");
    let a = post_seek(&mut ann, &socket, json!({"clock": "1d", "opponent": "ANN"})).await;
    assert_refused(&a, 422, "challenge_self");
    let a = post_seek(
        &mut ann,
        &socket,
        json!({"clock": "1d", "rated": true, "opponent": "bo"}),
    )
    .await;
    let id = seek_id(&a);
    let listed = until(&mut ws, |v| lists(v, &id)).await;
    let seek = seek_in(&listed, &id);
    assert_eq!(seek["opponent"], "Bo");
    let path = format!("/api/lobby/seeks/{id}/accept");
    assert_refused(&cy.post(&path, json!({})).await, 403, "not_for_you");
    let g = guest.post(&path, json!({})).await;
    assert_eq!(g.status, 403, "{}", g.body);
    let g = bo.post(&path, json!({})).await;
    assert_eq!(g.status, 200, "{}", g.body);
    assert_eq!(g.json()["game"]["rated"], true);
}

/// A rated Mandiri seek made on `a` fills with three players: one joins it from a lobby socket
/// on `b` (listed as joined), the next starts the game, and the seeker's and the joiner's
/// sockets are told their seats. Every player holds their own seat, on their account.
async fn mandiri_fills(a: SocketAddr, b: SocketAddr) {
    let mut ann = registered(a, "Ann").await;
    let mut bo = registered(b, "Bo").await;
    let mut cy = registered(a, "Cy").await;
    let (mut seeker, socket) = lobby(a).await;
    let (mut joiner, bo_socket) = lobby(b).await;
    let s = post_seek(
        &mut ann,
        &socket,
        json!({"clock": "5+3", "rated": true, "game": "mandiri", "mode": "round"}),
    )
    .await;
    let id = seek_id(&s);
    let seen = until(&mut joiner, |v| lists(v, &id)).await;
    let seek = seek_in(&seen, &id);
    assert_eq!(
        (
            &seek["game"],
            &seek["players"],
            &seek["pool"],
            &seek["joined"]
        ),
        (
            &json!("mandiri"),
            &json!(3),
            &json!("mandiri-blitz"),
            &json!([])
        )
    );
    let path = format!("/api/lobby/seeks/{id}/accept");
    // The first to accept joins, from their lobby socket; without one they cannot.
    assert_refused(&bo.post(&path, json!({})).await, 422, "bad_socket");
    let j = bo.post(&path, json!({"socket": bo_socket})).await;
    assert_eq!(j.status, 200, "{}", j.body);
    assert_eq!(j.json()["joined"], id.as_str());
    let seen = until(&mut seeker, |v| {
        seek_in(v, &id)["joined"] == json!([{"name": "Bo"}])
    })
    .await;
    assert_eq!(seek_in(&seen, &id)["players"], 3);
    assert_refused(
        &bo.post(&path, json!({"socket": bo_socket})).await,
        409,
        "joined_already",
    );
    assert_refused(&ann.post(&path, json!({})).await, 409, "own_seek");
    // The third starts the game.
    let g = cy.post(&path, json!({})).await;
    assert_eq!(g.status, 200, "{}", g.body);
    let g = g.json();
    let game_id = g["id"].as_str().unwrap().to_string();
    let info = &g["game"];
    assert_eq!(info["game"], "mandiri");
    assert_eq!(info["rated"], true, "{info}");
    assert_eq!(info["rules"], "mandiri/mode=round", "{info}");
    let names: Vec<&str> = info["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    let mut sorted = names.clone();
    sorted.sort();
    assert_eq!(sorted, ["Ann", "Bo", "Cy"], "{info}");
    assert!(info["players"]
        .as_array()
        .unwrap()
        .iter()
        .all(|p| p["who"] == "taken"));
    let cy_player = g["players"][0].as_u64().unwrap() as usize;
    assert_eq!(names[cy_player - 1], "Cy");
    // The seeker and the joiner are told, on their own instances.
    let mut seats = vec![cy_player];
    for (ws, name) in [(&mut seeker, "Ann"), (&mut joiner, "Bo")] {
        let started = until(ws, |v| v["type"] == "started").await;
        assert_eq!(
            (&started["id"], &started["game"]),
            (&json!(game_id), &json!("mandiri")),
            "{started}"
        );
        assert_eq!(started["watch"], format!("/m/{game_id}"));
        let n = started["players"][0].as_u64().unwrap() as usize;
        assert_eq!(names[n - 1], name, "{started}");
        assert_eq!(started["seat"], n.to_string());
        seats.push(n);
        // The token plays that player's seat: a name set with it shows on that player.
        let named = ann
            .post(
                &format!("{MANDIRI}/{game_id}/name"),
                json!({"token": started["token"], "name": format!("{name}!")}),
            )
            .await;
        assert_eq!(named.status, 200, "{}", named.body);
        assert_eq!(
            named.json()["game"]["players"][n - 1]["name"],
            format!("{name}!")
        );
    }
    seats.sort();
    assert_eq!(seats, [1, 2, 3]);
    until(&mut seeker, |v| lacks(v, &id)).await;
    // Each account holds its seat.
    for p in [&mut ann, &mut bo, &mut cy] {
        assert_holds(p, &game_id, Some("mandiri")).await;
    }
}

async fn a_mandiri_seek_fills_with_three_players(store: Backend) {
    let s = server(store.db()).await;
    mandiri_fills(s.addr, s.addr).await;
}

/// A Mandiri seek's joiner leaves (their socket closes, or they cancel), and it waits for two
/// again; its creator leaves, and it is gone.
async fn a_mandiri_seek_goes_with_its_players(store: Backend) {
    let s = server(store.db()).await;
    let (mut watcher, _) = lobby(s.addr).await;
    let (seeker, socket) = lobby(s.addr).await;
    let mut guest = Browser::new(s.addr);
    let a = post_seek(
        &mut guest,
        &socket,
        json!({"clock": "1d", "game": "mandiri"}),
    )
    .await;
    let id = seek_id(&a);
    let path = format!("/api/lobby/seeks/{id}/accept");
    let mut other = Browser::new(s.addr);
    let (joiner, joiner_socket) = lobby(s.addr).await;
    let j = other.post(&path, json!({"socket": joiner_socket})).await;
    assert_eq!(j.status, 200, "{}", j.body);
    until(&mut watcher, |v| {
        seek_in(v, &id)["joined"] == json!([{"name": null}])
    })
    .await;
    drop(joiner);
    until(&mut watcher, |v| seek_in(v, &id)["joined"] == json!([])).await;
    // Joined again, and left by a cancel from the joiner's socket.
    let (_joiner, joiner_socket) = lobby(s.addr).await;
    let j = other.post(&path, json!({"socket": joiner_socket})).await;
    assert_eq!(j.status, 200, "{}", j.body);
    until(&mut watcher, |v| seek_in(v, &id)["joined"] != json!([])).await;
    let c = other
        .post(
            &format!("/api/lobby/seeks/{id}/cancel"),
            json!({"socket": joiner_socket}),
        )
        .await;
    assert_eq!(c.status, 200, "{}", c.body);
    until(&mut watcher, |v| seek_in(v, &id)["joined"] == json!([])).await;
    // No challenge names a Mandiri opponent.
    let _ann = registered(s.addr, "Ann").await;
    let a = post_seek(
        &mut guest,
        &socket,
        json!({"clock": "1d", "game": "mandiri", "opponent": "Ann"}),
    )
    .await;
    assert_refused(&a, 422, "mandiri_challenge");
    drop(seeker);
    until(&mut watcher, |v| lacks(v, &id)).await;
    assert_refused(&other.post(&path, json!({})).await, 409, "seek_gone");
}

on_both_stores!(
    a_mandiri_seek_fills_with_three_players,
    a_mandiri_seek_goes_with_its_players,
    a_challenge_is_for_its_player,
    two_accepters_one_game,
    a_seek_goes_with_its_socket,
    guests_seek_casual_games_and_ranges_hold,
);

/// Two servers on one PostgreSQL database: a seek made on one is listed live on the other,
/// and two players accepting it, one on each, make one game.
#[tokio::test]
async fn a_seek_is_seen_and_taken_on_a_second_instance() {
    let Some(store) = Backend::postgres(module_path!()).await else {
        return;
    };
    let a = server(store.db()).await;
    let b = server(store.db()).await;
    let (mut on_b, _) = lobby(b.addr).await;
    let (_on_a, socket) = lobby(a.addr).await;
    let mut guest = Browser::new(a.addr);
    let s = post_seek(&mut guest, &socket, json!({"clock": "10+5"})).await;
    let id = seek_id(&s);
    until(&mut on_b, |v| lists(v, &id)).await;
    race(a.addr, b.addr).await;
}

/// Two servers on one PostgreSQL database: a Mandiri seek made on one is joined on the other
/// and started on the first; the joiner is told on the second.
#[tokio::test]
async fn a_mandiri_seek_fills_across_instances() {
    let Some(store) = Backend::postgres(module_path!()).await else {
        return;
    };
    let a = server(store.db()).await;
    let b = server(store.db()).await;
    mandiri_fills(a.addr, b.addr).await;
}
