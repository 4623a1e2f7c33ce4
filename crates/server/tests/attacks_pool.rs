//! The searches' attacks (`rajapasu loadtest --attack mistakes-flood|hint-flood|mandiri-hints`)
//! at their small size, against a server of the test's own with small limits, on both stores:
//! every check of each must hold (docs/SERVER.md, "Attacks and what holds", "Searches").

mod common;

use common::Backend;
use rajapasu_loadtest::attack::Attack;
use rajapasu_server::limits::Limits;

/// The limits every attack of this file starts from: addresses from `X-Forwarded-For` (the
/// attacks' many addresses), two search workers (one kept from the background searches).
fn limits() -> Limits {
    Limits {
        trust_proxy: true,
        search_threads: Some(2),
        ..Limits::default()
    }
}

/// Runs `attack` at its small size against a server on `store` with `limits`, and asserts
/// that the server held (the report printed when it did not).
async fn holds(attack: Attack, store: Backend, limits: Limits) {
    common::attack_holds(
        attack,
        &store,
        limits,
        rajapasu_server::games::Policy::default(),
    )
    .await;
}

async fn mistakes_flood(store: Backend) {
    holds(Attack::MistakesFlood, store, limits()).await;
}

async fn hint_flood(store: Backend) {
    holds(Attack::HintFlood, store, limits()).await;
}

async fn mandiri_hints(store: Backend) {
    let limits = Limits {
        hints_per_minute: 10,
        account_searches_per_minute: 10,
        ..limits()
    };
    holds(Attack::MandiriHints, store, limits).await;
}

on_both_stores!(mistakes_flood, hint_flood, mandiri_hints);

/// The first legal move of a game's view.
fn first_legal(game: &serde_json::Value) -> u64 {
    game["view"]["legal_moves"][0]
        .as_u64()
        .expect("a legal move")
}

/// A computer's reply beyond the address's quota of them still comes, as a background
/// search.
async fn computer_replies_over_the_quota(store: Backend) {
    use common::{act, get, new_game, wait_for, GAMES};
    use serde_json::json;
    let limits = Limits {
        computer_replies_per_minute: 1,
        ..limits()
    };
    let server = common::start(store.db(), limits, Default::default()).await;
    let addr = server.addr;
    let (id, token, created) = new_game(
        addr,
        json!({"kind": "computer", "level": 1, "side": "south"}),
    )
    .await;
    let mut game = created["game"].clone();
    for ply in [0u64, 2] {
        let body = json!({"move": first_legal(&game), "ply": ply, "token": token});
        let a = act(addr, GAMES, &id, "moves", body).await;
        assert_eq!(a.status, 200, "{}", a.body);
        game = wait_for(addr, GAMES, &id, |v| v["ply"].as_u64() >= Some(ply + 2)).await;
    }
    let m = get(addr, "/metrics").await.body;
    for line in [
        "rajapasu_searches_finished_total{priority=\"computer\"} 1",
        "rajapasu_searches_finished_total{priority=\"background\"} 1",
    ] {
        assert!(m.lines().any(|l| l == line), "{line}: {m}");
    }
    server.stop().await;
}

on_both_stores!(computer_replies_over_the_quota);
