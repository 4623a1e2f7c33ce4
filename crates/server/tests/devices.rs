//! A signed-in player's games are theirs on every device: a second session of the account gets
//! its seat and a token of its own in a game (`GET .../games/{id}/seat`; the server keeps only
//! tokens' hashes) and plays it, the first device's token still good; another account, a
//! guest and a watcher get no token; a guest's own token keeps working as before. On both
//! stores.

#[macro_use]
mod common;
use common::{
    ann_and_bo, assert_refused, online_game, registered, second_device, server_on, Backend,
    Browser, GAMES, MANDIRI,
};

use serde_json::{json, Value};

/// Sets the name of the seat `token` holds in the game `id`: whether the token holds one.
async fn names_with(b: &mut Browser, games: &str, id: &str, token: &str) -> bool {
    let a = b
        .post(
            &format!("{games}/{id}/name"),
            json!({"token": token, "name": "Tested"}),
        )
        .await;
    a.status == 200
}

/// Plays the first legal move of the game `id` with `token`, at the ply it stands at.
async fn first_move(b: &mut Browser, games: &str, id: &str, token: &str) -> Value {
    let g = b.get(&format!("{games}/{id}")).await.json();
    let a = b
        .post(
            &format!("{games}/{id}/moves"),
            json!({"move": g["view"]["legal_moves"][0], "ply": g["ply"], "token": token}),
        )
        .await;
    assert_eq!(a.status, 200, "{}", a.body);
    a.json()
}

async fn a_second_session_gets_the_seat_and_plays(store: Backend) {
    let addr = server_on(&store).await;
    let (mut ann, mut bo) = ann_and_bo(addr).await;
    let body = json!({"kind": "online", "mode": "round", "clock": "1d", "side": "south"});
    let (id, ann_token, bo_token) = online_game(GAMES, &mut ann, &mut bo, body).await;
    first_move(&mut ann, GAMES, &id, &ann_token).await;

    // Bo on another device: North, with Bo's token, the game included.
    let mut bo2 = second_device(addr, "Bo").await;
    let seat = bo2.get(&format!("{GAMES}/{id}/seat")).await;
    assert_eq!(seat.status, 200, "{}", seat.body);
    let seat = seat.json();
    assert_eq!(seat["seat"], "north", "{seat}");
    let bo2_token = seat["token"].as_str().expect("a token").to_string();
    assert_ne!(bo2_token, bo_token, "a token of its own");
    assert_eq!(seat["id"], id.as_str());
    assert_eq!(seat["game"]["view"]["to_move"], "north", "{seat}");
    // ... and plays with it; the first device's token still holds the seat.
    first_move(&mut bo2, GAMES, &id, &bo2_token).await;
    assert!(names_with(&mut bo, GAMES, &id, &bo_token).await);
    assert!(!names_with(&mut bo, GAMES, &id, "wrongtokenwrongtokenwron").await);

    // Ann, the creator, on another device: South.
    let mut ann2 = second_device(addr, "Ann").await;
    let seat = ann2.get(&format!("{GAMES}/{id}/seat")).await.json();
    assert_eq!(seat["seat"], "south", "{seat}");
    let ann2_token = seat["token"].as_str().expect("a token").to_string();
    assert!(names_with(&mut ann2, GAMES, &id, &ann2_token).await);
    assert!(names_with(&mut ann, GAMES, &id, &ann_token).await);

    // Another account, a guest: no seat, no token.
    let mut cy = registered(addr, "Cy").await;
    let other = cy.get(&format!("{GAMES}/{id}/seat")).await;
    assert_refused(&other, 403, "not_seated");
    for token in [&bo_token, &ann_token, &bo2_token, &ann2_token] {
        assert!(!other.body.contains(token.as_str()));
    }
    let mut guest = Browser::new(addr);
    let none = guest.get(&format!("{GAMES}/{id}/seat")).await;
    assert_refused(&none, 403, "signed_out");
    // Nor does the game's own view tell a token, to anyone.
    let shown = bo2.get(&format!("{GAMES}/{id}")).await.body;
    for token in [&bo_token, &ann_token, &bo2_token, &ann2_token] {
        assert!(!none.body.contains(token.as_str()) && !shown.contains(token.as_str()));
    }
    // No such game.
    assert_refused(
        &bo2.get(&format!("{GAMES}/nosuchgame/seat")).await,
        404,
        "no_game",
    );
}

async fn a_guests_link_still_works_and_moves_with_the_account(store: Backend) {
    let addr = server_on(&store).await;
    // Two guests: their tokens play as before, and no session gets a seat.
    let mut south = Browser::new(addr);
    let mut north = Browser::new(addr);
    let body = json!({"kind": "online", "mode": "round", "side": "south"});
    let (id, south_token, north_token) = online_game(GAMES, &mut south, &mut north, body).await;
    first_move(&mut south, GAMES, &id, &south_token).await;
    first_move(&mut north, GAMES, &id, &north_token).await;
    let mut dee = registered(addr, "Dee").await;
    assert_refused(
        &dee.get(&format!("{GAMES}/{id}/seat")).await,
        403,
        "not_seated",
    );

    // A guest's game against the computer, moved to a new account at registration: the
    // account's other devices get its seat.
    let (mut eve, cid, ctoken) = common::computer_game_kept_at_registration(addr, "Eve").await;
    let mut eve2 = second_device(addr, "Eve").await;
    let seat = eve2.get(&format!("{GAMES}/{cid}/seat")).await.json();
    assert_eq!(seat["seat"], "north", "{seat}");
    let token = seat["token"].as_str().expect("a token");
    // Each token holds the seat (as the account's games route checks a token).
    for (b, token) in [(&mut eve2, token), (&mut eve, ctoken.as_str())] {
        let held = json!({"game": "raja_pasu", "id": cid, "token": token});
        let a = b.post("/api/account/games", held).await;
        assert_eq!(a.status, 200, "{}", a.body);
    }
}

/// The code of a new Mandiri game's first invitation link (`/m/ID?invite=CODE`).
fn first_invite(created: &Value) -> String {
    let link = created["invites"][0].as_str().expect("an invitation link");
    link.rsplit_once("invite=").expect("a code").1.to_string()
}

async fn a_mandiri_seat_on_another_device(store: Backend) {
    let addr = server_on(&store).await;
    let mut ann = registered(addr, "Ann").await;
    let created = ann.post(MANDIRI, json!({"kind": "online"})).await;
    assert_eq!(created.status, 201, "{}", created.body);
    let created = created.json();
    let id = created["id"].as_str().unwrap().to_string();
    let mut bo = registered(addr, "Bo").await;
    let joined = bo
        .post(
            &format!("{MANDIRI}/{id}/join"),
            json!({"invite": first_invite(&created)}),
        )
        .await;
    assert_eq!(joined.status, 200, "{}", joined.body);
    let joined = joined.json();

    // The creator on another device gets the seat and the invitation still open.
    let mut ann2 = second_device(addr, "Ann").await;
    let seat = ann2.get(&format!("{MANDIRI}/{id}/seat")).await.json();
    let token = seat["token"].as_str().expect("a token");
    assert!(names_with(&mut ann2, MANDIRI, &id, token).await);
    assert_eq!(seat["players"], created["players"], "{seat}");
    assert!(seat["invites"].is_array(), "{seat}");
    // The joiner: their own seat, no invitations.
    let mut bo2 = second_device(addr, "Bo").await;
    let seat = bo2.get(&format!("{MANDIRI}/{id}/seat")).await.json();
    let token = seat["token"].as_str().expect("a token");
    assert!(names_with(&mut bo2, MANDIRI, &id, token).await);
    assert_ne!(seat["token"], joined["token"], "{seat}");
    assert_eq!(seat["players"], joined["players"], "{seat}");
    assert!(seat["invites"].is_null(), "{seat}");
}

on_both_stores!(
    a_second_session_gets_the_seat_and_plays,
    a_guests_link_still_works_and_moves_with_the_account,
    a_mandiri_seat_on_another_device,
);
