//! The storage policies against a real server on either store: games loaded when first asked
//! for and let go when idle, the cap on unfinished games, expiry.

#[macro_use]
mod common;
use common::{
    act, assert_refused, code_of, get, get_game, lasting_db, manual_clock, new_game, post,
    remove_sqlite_files, server_with_policy, Backend, GAMES,
};

use rajapasu_loadtest::client::Answer;
use serde_json::json;
use std::net::SocketAddr;
use std::sync::atomic::Ordering;

const DAY: u64 = 86_400;

/// Resigns the game `id` for the player of `token`.
async fn resign(addr: SocketAddr, id: &str, token: &str) -> Answer {
    act(addr, GAMES, id, "resign", json!({"token": token})).await
}

async fn idle_games_leave_memory_and_come_back(store: Backend) {
    let (clock, policy) = manual_clock();
    let server = server_with_policy(store.db(), policy).await;
    let (addr, hub) = (server.addr, server.hub.clone());
    let (id, token, _) = new_game(addr, json!({"kind": "local"})).await;
    let body = json!({"move": 3, "ply": 0, "token": token});
    let a = act(addr, GAMES, &id, "moves", body).await;
    assert_eq!(a.status, 200, "{}", a.body);
    assert!(hub.holds(&id));
    // Not idle long enough: kept.
    assert_eq!(hub.evict_idle(), 0);
    clock.fetch_add(601, Ordering::SeqCst);
    assert_eq!(hub.evict_idle(), 1);
    assert!(!hub.holds(&id));
    // Asked for again: loaded from the store, as it was.
    let v = get_game(addr, GAMES, &id).await;
    assert_eq!(v["ply"], 1);
    assert!(hub.holds(&id));
    let body = json!({"move": v["view"]["legal_moves"][0], "ply": 1, "token": token});
    let a = act(addr, GAMES, &id, "moves", body).await;
    assert_eq!(a.status, 200, "{}", a.body);
    // An id that is not stored is still a 404.
    let a = get(addr, "/api/games/nosuchgame").await;
    assert_refused(&a, 404, "no_game");
}

async fn a_restarted_server_loads_games_when_asked(store: Backend) {
    let db = lasting_db(&store, "rajapasu-lazy");
    let (addr, task) = rajapasu_server::spawn("127.0.0.1:0", &db).await.unwrap();
    let (id, _, _) = new_game(addr, json!({"kind": "local"})).await;
    task.abort();
    let policy = rajapasu_server::games::Policy::default();
    let server = server_with_policy(&db, policy).await;
    let (addr, hub) = (server.addr, server.hub.clone());
    assert!(hub.is_empty(), "nothing is loaded at start-up");
    get_game(addr, GAMES, &id).await;
    assert_eq!(hub.len(), 1);
    remove_sqlite_files(&store, &db);
}

async fn creating_past_the_cap_is_refused(store: Backend) {
    let (_, mut policy) = manual_clock();
    policy.max_games = Some(2);
    // The server stops when `server` is dropped.
    let server = server_with_policy(store.db(), policy).await;
    let addr = server.addr;
    let (first, token, _) = new_game(addr, json!({"kind": "local"})).await;
    new_game(addr, json!({"kind": "online"})).await;
    let a = post(addr, GAMES, json!({"kind": "local"})).await;
    assert_eq!(a.status, 503, "{}", a.body);
    assert_eq!(code_of(&a), "too_many_games");
    // A finished game no longer counts.
    let r = resign(addr, &first, &token).await;
    assert_eq!(r.status, 200, "{}", r.body);
    new_game(addr, json!({"kind": "local"})).await;
}

async fn idle_unfinished_games_expire(store: Backend) {
    let (clock, policy) = manual_clock();
    let server = server_with_policy(store.db(), policy).await;
    let (addr, hub) = (server.addr, server.hub.clone());
    let (idle, _, _) = new_game(addr, json!({"kind": "local"})).await;
    let (done, token, _) = new_game(addr, json!({"kind": "local"})).await;
    let r = resign(addr, &done, &token).await;
    assert_eq!(r.status, 200, "{}", r.body);
    clock.fetch_add(20 * DAY, Ordering::SeqCst);
    let (recent, token, _) = new_game(addr, json!({"kind": "local"})).await;
    assert_eq!(hub.expire().await.unwrap(), 0);
    clock.fetch_add(11 * DAY, Ordering::SeqCst);
    assert_eq!(hub.expire().await.unwrap(), 1);
    let status = |id: String| async move { get(addr, &format!("/api/games/{id}")).await.status };
    assert_eq!(status(idle.clone()).await, 404);
    assert_eq!(status(done).await, 200, "finished games are kept");
    assert_eq!(status(recent.clone()).await, 200);
    // A move counts as activity: the recent game lives on past its first 30 days.
    let body = json!({"move": 1, "ply": 0, "token": token});
    let a = act(addr, GAMES, &recent, "moves", body).await;
    assert_eq!(a.status, 200, "{}", a.body);
    clock.fetch_add(20 * DAY, Ordering::SeqCst);
    assert_eq!(hub.expire().await.unwrap(), 0);
    assert_eq!(status(recent).await, 200);
}

on_both_stores!(
    idle_games_leave_memory_and_come_back,
    a_restarted_server_loads_games_when_asked,
    creating_past_the_cap_is_refused,
    idle_unfinished_games_expire,
);
