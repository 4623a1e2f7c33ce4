//! The searches' attacks (`rajapasu loadtest --attack mistakes-flood|hint-flood|mandiri-hints`)
//! at their small size, against a server of the test's own with small limits, on both stores:
//! every check of each must hold (docs/SERVER.md, "Attacks and what holds", "Searches").

mod common;

use common::Backend;
use rajapasu_loadtest::attack::{self, Attack, Size, Target};
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
    let server = rajapasu_server::spawn_with(
        "127.0.0.1:0",
        store.db(),
        limits,
        rajapasu_server::games::Policy::default(),
    )
    .await
    .expect("server starts");
    let target = Target {
        addr: server.addr,
        size: Size::Small,
    };
    let report = attack::run(attack, &target).await.expect("the attack runs");
    println!("{attack:?}:\n{report}");
    assert!(report.held(), "{attack:?} worked:\n{report}");
    server.stop().await;
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
