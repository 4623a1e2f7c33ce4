//! The attacks on what the server takes from a client (docs/SERVER.md, "Attacks and what
//! holds", findings 1, 2 and 8), each at small size against a server of the test's own on
//! SQLite and on PostgreSQL; and a store job that panics, injected from the test, failing
//! alone while the next requests are served.

#[macro_use]
mod common;
use common::{act, get, new_game, Backend, GAMES};
use rajapasu_loadtest::attack::Attack;
use rajapasu_server::store::StoreError;
use serde_json::json;

/// A server on `store` with the default limits, stopped by the test.
async fn server_on(store: &Backend) -> rajapasu_server::Running {
    common::started(store.db()).await
}

/// Runs `attack` at small size against a new server on `store`: every check must hold.
async fn holds(store: Backend, attack: Attack) {
    common::attack_holds(
        attack,
        &store,
        rajapasu_server::limits::Limits::default(),
        rajapasu_server::games::Policy::default(),
    )
    .await;
}

async fn forged_rating(store: Backend) {
    holds(store, Attack::ForgedRating).await
}

async fn forged_result(store: Backend) {
    holds(store, Attack::ForgedResult).await
}

async fn rated_at_ply_0(store: Backend) {
    holds(store, Attack::RatedAtPly0).await
}

/// A job that panics inside the store (as a bug would) gets [`StoreError::Failed`]; the
/// requests after it are served: a new game, a move, the health check that commits a write.
async fn a_store_job_that_panics_fails_alone(store: Backend) {
    let server = server_on(&store).await;
    for _ in 0..2 {
        let failed = server.hub.store().fail_a_job().await;
        assert!(matches!(failed, Err(StoreError::Failed(_))), "{failed:?}");
    }
    let (id, token, created) = new_game(server.addr, json!({"kind": "local"})).await;
    let mv = created["game"]["view"]["legal_moves"][0].clone();
    let a = act(
        server.addr,
        GAMES,
        &id,
        "moves",
        json!({"move": mv, "token": token}),
    )
    .await;
    assert_eq!(a.status, 200, "{}", a.body);
    let health = get(server.addr, "/healthz").await;
    assert_eq!(health.status, 200, "{}", health.body);
    server.stop().await;
}

on_both_stores!(
    forged_rating,
    forged_result,
    rated_at_ply_0,
    a_store_job_that_panics_fails_alone,
);
