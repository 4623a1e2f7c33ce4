//! The quotas' attacks (`rajapasu loadtest --attack NAME`, docs/SERVER.md "Attacks and what
//! holds") at their small size, against a server with small limits on either store: what one
//! address or account can take from everyone else holds.

mod common;

use common::Backend;
use rajapasu_loadtest::attack::Attack;
use rajapasu_server::limits::Limits;

/// The limits the attacks meet: the defaults, the client's address read from
/// `X-Forwarded-For` (the attacks play several addresses).
fn limits() -> Limits {
    Limits {
        trust_proxy: true,
        ..Limits::default()
    }
}

/// Runs `attack` at its small size against a server on `store` with `limits`, and asserts
/// that every check held.
async fn holds(attack: Attack, store: Backend, limits: Limits) {
    holds_with(
        attack,
        store,
        limits,
        rajapasu_server::games::Policy::default(),
    )
    .await;
}

/// [`holds`] on a server with `policy`.
async fn holds_with(
    attack: Attack,
    store: Backend,
    limits: Limits,
    policy: rajapasu_server::games::Policy,
) {
    common::attack_holds(attack, &store, limits, policy).await;
}

async fn event_race(store: Backend) {
    holds(Attack::EventRace, store, limits()).await;
}

async fn state_flood(store: Backend) {
    holds(Attack::StateFlood, store, limits()).await;
}

async fn lobby_flood(store: Backend) {
    holds(Attack::LobbyFlood, store, limits()).await;
}

async fn ghost_seek(store: Backend) {
    holds(Attack::GhostSeek, store, limits()).await;
}

async fn lockout(store: Backend) {
    holds(Attack::Lockout, store, limits()).await;
}

async fn game_cap(store: Backend) {
    // Small shares, so that the attack takes a few requests: 10 games an address, 15 in all.
    let policy = rajapasu_server::games::Policy {
        max_games: Some(15),
        ..rajapasu_server::games::Policy::default()
    };
    let limits = Limits {
        unfinished_per_address: 10,
        ..limits()
    };
    holds_with(Attack::GameCap, store, limits, policy).await;
}

/// At the server's cap on unfinished games, the anonymous games left for a day make room for a
/// new one; an account's game stays.
async fn idle_anonymous_games_make_room_at_the_cap(store: Backend) {
    use common::{get, post, registered, Browser, GAMES};
    use serde_json::json;
    let (now, mut policy) = common::manual_clock();
    policy.max_games = Some(3);
    let server = common::start(store.db(), limits(), policy).await;
    let addr = server.addr;
    let mut keeper: Browser = registered(addr, "keeper").await;
    let kept = keeper.post(GAMES, json!({"kind": "local"})).await;
    assert_eq!(kept.status, 201, "{}", kept.body);
    let kept = kept.json()["id"].as_str().unwrap().to_string();
    let mut anonymous = Vec::new();
    for _ in 0..2 {
        let a = post(addr, GAMES, json!({"kind": "local"})).await;
        assert_eq!(a.status, 201, "{}", a.body);
        anonymous.push(a.json()["id"].as_str().unwrap().to_string());
    }
    // Nothing idle: the cap holds.
    let full = post(addr, GAMES, json!({"kind": "local"})).await;
    common::assert_refused(&full, 503, "too_many_games");
    // Two days later the anonymous games go first; the account's stays.
    now.fetch_add(2 * 86_400, std::sync::atomic::Ordering::SeqCst);
    let a = post(addr, GAMES, json!({"kind": "local"})).await;
    assert_eq!(a.status, 201, "{}", a.body);
    assert_eq!(get(addr, &format!("{GAMES}/{kept}")).await.status, 200);
    for id in &anonymous {
        assert_eq!(get(addr, &format!("{GAMES}/{id}")).await.status, 404);
    }
    server.stop().await;
}

on_both_stores!(
    idle_anonymous_games_make_room_at_the_cap,
    event_race,
    state_flood,
    lobby_flood,
    ghost_seek,
    lockout,
    game_cap
);
