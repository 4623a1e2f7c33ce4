//! Accounts against a real server on either store: registration, login, sessions and their
//! end, password change, guest games moving to the account, cross-site requests, rate limits
//! without telling which names exist, and passwords never kept in the clear.

#[macro_use]
mod common;
use common::{
    assert_refused, code_of, error_of, invite_code, lasting_db, manual_clock, new_game,
    remove_sqlite_files, Backend, Browser, GAMES, MANDIRI,
};

use rajapasu_server::limits::Limits;
use serde_json::{json, Value};
use std::sync::atomic::Ordering;

async fn server_on(store: &Backend, limits: Limits) -> rajapasu_server::Running {
    rajapasu_server::spawn_with(
        "127.0.0.1:0",
        store.db(),
        limits,
        rajapasu_server::games::Policy::default(),
    )
    .await
    .expect("server starts")
}

async fn register_log_in_and_out(store: Backend) {
    let server = server_on(&store, Limits::default()).await;
    let mut ann = Browser::new(server.addr);
    assert_eq!(ann.account().await, Value::Null);
    let a = ann.register("Ann_1", "a long secret").await;
    assert_eq!(a.status, 201, "{}", a.body);
    let cookie = a.header_values("set-cookie").next().unwrap().to_string();
    for part in ["HttpOnly", "SameSite=Lax", "Path=/", "Max-Age=2592000"] {
        assert!(cookie.contains(part), "{cookie}");
    }
    assert!(!cookie.contains("Secure"), "not over TLS: {cookie}");
    assert_eq!(ann.account().await["name"], "Ann_1");
    // The same name in another case, or in letters that look the same, is taken.
    let mut other = Browser::new(server.addr);
    for taken in ["ann_1", "ANN_1", "Ann_l"] {
        let a = other.register(taken, "another secret").await;
        assert_refused(&a, 409, "name_taken");
    }
    // Logged in on a second device: both sessions live.
    let mut phone = Browser::new(server.addr);
    let a = phone.login("ANN_1", "a long secret").await;
    assert_eq!(
        (a.status, a.json()["name"].as_str()),
        (200, Some("Ann_1")),
        "{}",
        a.body
    );
    assert_eq!(phone.account().await["name"], "Ann_1");
    assert_eq!(ann.account().await["name"], "Ann_1");
    // Logged out on the phone: the phone's session ends, not the other.
    let a = phone.post("/api/account/logout", json!({})).await;
    assert_eq!(a.status, 200, "{}", a.body);
    assert!(a
        .header_values("set-cookie")
        .next()
        .unwrap()
        .contains("Max-Age=0"));
    assert_eq!(phone.account().await, Value::Null);
    assert_eq!(ann.account().await["name"], "Ann_1");
    // A cookie kept after logout opens nothing.
    let mut thief = Browser::new(server.addr);
    thief.cookie = ann.cookie.clone();
    phone.login("Ann_1", "a long secret").await;
    let a = ann.post("/api/account/logout-everywhere", json!({})).await;
    assert_eq!(
        (a.status, a.json()["sessions_ended"].as_u64()),
        (200, Some(2)),
        "{}",
        a.body
    );
    assert_eq!(thief.account().await, Value::Null);
    assert_eq!(phone.account().await, Value::Null);
    let a = thief
        .post("/api/account/logout-everywhere", json!({}))
        .await;
    assert_refused(&a, 403, "signed_out");
}

async fn a_wrong_login_does_not_say_which_part_is_wrong(store: Backend) {
    let server = server_on(&store, Limits::default()).await;
    let mut b = Browser::new(server.addr);
    assert_eq!(b.register("sudha", "sudha's secret").await.status, 201);
    let mut stranger = Browser::new(server.addr);
    let wrong_password = stranger.login("sudha", "sudha's secreT").await;
    let no_such_name = stranger.login("nobody_here", "sudha's secret").await;
    let not_a_name = stranger.login("a\u{7}b", "sudha's secret").await;
    for a in [&wrong_password, &no_such_name, &not_a_name] {
        assert_refused(a, 403, "wrong_login");
        assert_eq!(a.body, wrong_password.body);
        assert!(a.header_values("set-cookie").next().is_none());
    }
    assert_eq!(stranger.account().await, Value::Null);
}

async fn a_password_change_ends_the_other_sessions(store: Backend) {
    let server = server_on(&store, Limits::default()).await;
    let mut here = Browser::new(server.addr);
    let mut there = Browser::new(server.addr);
    assert_eq!(here.register("Kumar", "first secret").await.status, 201);
    assert_eq!(there.login("kumar", "first secret").await.status, 200);
    let a = here
        .post(
            "/api/account/password",
            json!({"old": "wrong one", "new": "second secret"}),
        )
        .await;
    assert_refused(&a, 403, "wrong_password");
    let a = here
        .post(
            "/api/account/password",
            json!({"old": "first secret", "new": "short"}),
        )
        .await;
    assert_refused(&a, 422, "password_length");
    let a = here
        .post(
            "/api/account/password",
            json!({"old": "first secret", "new": "second secret"}),
        )
        .await;
    assert_eq!(a.status, 200, "{}", a.body);
    assert_eq!(here.account().await["name"], "Kumar");
    assert_eq!(there.account().await, Value::Null);
    assert_refused(
        &there.login("kumar", "first secret").await,
        403,
        "wrong_login",
    );
    assert_eq!(there.login("kumar", "second secret").await.status, 200);
}

async fn guest_games_move_to_the_new_account(store: Backend) {
    let server = server_on(&store, Limits::default()).await;
    let addr = server.addr;
    let (rp, rp_token, created) = new_game(addr, json!({"kind": "online", "mode": "round"})).await;
    // The friend joins the same game by its invitation, as a guest.
    let join = json!({"invite": invite_code(&created)});
    let a = common::act(addr, GAMES, &rp, "join", join).await;
    assert_eq!(a.status, 200, "{}", a.body);
    let friend_token = a.json()["token"].as_str().unwrap().to_string();
    let (md, md_token, _) = common::new_game_in(addr, MANDIRI, json!({"kind": "online"})).await;
    let mut b = Browser::new(addr);
    let body = json!({
        "name": "guest_no_more",
        "password": "a long secret",
        "games": [
            {"game": "raja_pasu", "id": rp, "token": rp_token},
            {"game": "mandiri", "id": md, "token": md_token},
            // A token of another game's seat moves nothing.
            {"game": "raja_pasu", "id": rp, "token": md_token},
            {"game": "raja_pasu", "id": "nosuchgame", "token": rp_token},
        ],
    });
    let a = b.post("/api/account/register", body).await;
    assert_eq!(a.status, 201, "{}", a.body);
    assert_eq!(a.json()["moved"], json!([rp, md]));
    let games = b.account().await["games"].clone();
    let ids: Vec<&str> = games
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids.len(), 2, "{games}");
    assert!(
        ids.contains(&rp.as_str()) && ids.contains(&md.as_str()),
        "{games}"
    );
    // Taken one by one after registering: the friend's seat, with its own token.
    let mut friend = Browser::new(addr);
    assert_eq!(
        friend.register("friend", "friend's secret").await.status,
        201
    );
    let seat = |token: &str| json!({"game": "raja_pasu", "id": rp, "token": token});
    let a = friend.post("/api/account/games", seat("wrongtoken")).await;
    assert_refused(&a, 403, "token_wrong");
    let a = friend.post("/api/account/games", seat(&friend_token)).await;
    assert_eq!(a.status, 200, "{}", a.body);
    // The account lists the game, but keeps no token to tell (only its hash).
    let listed = friend.account().await;
    assert_eq!(listed["games"][0]["id"], rp.as_str(), "{listed}");
    assert!(listed["games"][0].get("token").is_none(), "{listed}");
    assert!(
        !listed.to_string().contains(friend_token.as_str()),
        "{listed}"
    );
    // Without a session, nothing is taken.
    let a = Browser::new(addr)
        .post("/api/account/games", seat(&friend_token))
        .await;
    assert_refused(&a, 403, "signed_out");
}

async fn accounts_and_sessions_outlive_a_restart(store: Backend) {
    let db = lasting_db(&store, "rajapasu-accounts");
    let (clock, policy) = manual_clock();
    let server = rajapasu_server::spawn_with("127.0.0.1:0", &db, Limits::default(), policy.clone())
        .await
        .unwrap();
    let mut b = Browser::new(server.addr);
    assert_eq!(b.register("Ravi", "ravi's long secret").await.status, 201);
    server.stop().await;
    let server = rajapasu_server::spawn_with("127.0.0.1:0", &db, Limits::default(), policy)
        .await
        .unwrap();
    b.addr = server.addr;
    assert_eq!(b.account().await["name"], "Ravi");
    // Thirty days on, the session has ended: the password opens a new one.
    clock.fetch_add(30 * 86_400, Ordering::SeqCst);
    assert_eq!(b.account().await, Value::Null);
    assert_eq!(b.login("ravi", "ravi's long secret").await.status, 200);
    assert_eq!(b.account().await["name"], "Ravi");
    server.stop().await;
    remove_sqlite_files(&store, &db);
}

on_both_stores!(
    register_log_in_and_out,
    a_wrong_login_does_not_say_which_part_is_wrong,
    a_password_change_ends_the_other_sessions,
    guest_games_move_to_the_new_account,
    accounts_and_sessions_outlive_a_restart,
);

#[tokio::test]
async fn bad_names_and_passwords_are_refused_with_a_clear_error() {
    let server = server_on(&Backend::Sqlite, Limits::default()).await;
    let mut b = Browser::new(server.addr);
    let cases = [
        ("ma\u{7}ya", "name_control", "U+0007"),
        ("maya\u{202E}", "name_control", "U+202E"),
        ("m\u{430}ya", "name_confusable", "one script"),
        ("ma ya", "name_character", "no spaces"),
        ("maya<script>", "name_character", "`<`"),
        ("m", "name_length", "at least 2"),
    ];
    for (name, code, says) in cases {
        let a = b.register(name, "a long secret").await;
        assert_refused(&a, 422, code);
        assert!(error_of(&a).contains(says), "{name:?}: {}", a.body);
    }
    let a = b.register("maya", "short").await;
    assert_refused(&a, 422, "password_length");
    assert_eq!(b.account().await, Value::Null);
    // Names in the players' own scripts are welcome.
    for (name, password) in [
        ("සුනිල්", "long secret 1"),
        ("சுதா", "long secret 2"),
        ("সুমন", "long secret 3"),
    ] {
        let a = Browser::new(server.addr).register(name, password).await;
        assert_eq!(a.status, 201, "{name}: {}", a.body);
        assert_eq!(a.json()["name"], name);
    }
}

#[tokio::test]
async fn requests_from_another_site_are_refused() {
    let server = server_on(&Backend::Sqlite, Limits::default()).await;
    let addr = server.addr;
    let mut b = Browser::new(addr);
    let body = json!({"name": "ann", "password": "a long secret"});
    let evil = [("Origin", "https://evil.example")];
    let a = b
        .send("POST", "/api/account/register", Some(body.clone()), &evil)
        .await;
    assert_refused(&a, 403, "cross_site");
    let fetch = [("Sec-Fetch-Site", "cross-site")];
    let a = b
        .send("POST", "/api/account/register", Some(body.clone()), &fetch)
        .await;
    assert_refused(&a, 403, "cross_site");
    // Nothing was registered; the same request from the page itself passes.
    assert_eq!(b.account().await, Value::Null);
    let own = format!("http://{addr}");
    let a = b
        .send(
            "POST",
            "/api/account/register",
            Some(body),
            &[("Origin", &own), ("Sec-Fetch-Site", "same-origin")],
        )
        .await;
    assert_eq!(a.status, 201, "{}", a.body);
    // A signed-in player's session cannot be used from another site to act or log out.
    let a = b
        .send("POST", "/api/account/logout-everywhere", None, &evil)
        .await;
    assert_refused(&a, 403, "cross_site");
    let a = b
        .send("POST", GAMES, Some(json!({"kind": "local"})), &evil)
        .await;
    assert_refused(&a, 403, "cross_site");
    assert_eq!(b.account().await["name"], "ann");
}

#[tokio::test]
async fn logins_are_rate_limited_per_address_and_per_name_alike() {
    // Per name: whoever tries, and whether the name has an account or not.
    let limits = Limits {
        logins_per_minute: 0,
        logins_per_name_hour: 3,
        ..Limits::default()
    };
    let server = server_on(&Backend::Sqlite, limits).await;
    let mut b = Browser::new(server.addr);
    assert_eq!(b.register("ann", "a long secret").await.status, 201);
    for name in ["ann", "nobody"] {
        let first = if name == "ann" { 1 } else { 0 };
        for _ in first..3 {
            assert_refused(&b.login(name, "guess guess").await, 403, "wrong_login");
        }
        let a = b.login(name, "guess guess").await;
        assert_refused(&a, 429, "login_rate_limited");
        assert!(a.header_values("retry-after").next().is_some());
    }
    // Per address.
    let limits = Limits {
        logins_per_minute: 2,
        ..Limits::default()
    };
    let server = server_on(&Backend::Sqlite, limits).await;
    let mut b = Browser::new(server.addr);
    for _ in 0..2 {
        assert_refused(&b.login("ann", "guess guess").await, 403, "wrong_login");
    }
    let a = b.login("bob", "guess guess").await;
    assert_eq!(
        (a.status, code_of(&a).as_str()),
        (429, "rate_limited"),
        "{}",
        a.body
    );
}

#[tokio::test]
async fn passwords_are_never_stored_in_the_clear() {
    let store = Backend::Sqlite;
    let db = lasting_db(&store, "rajapasu-passwords");
    let server = rajapasu_server::spawn_with(
        "127.0.0.1:0",
        &db,
        Limits::default(),
        rajapasu_server::games::Policy::default(),
    )
    .await
    .unwrap();
    let secret = "unmistakable-secret-4711";
    let mut b = Browser::new(server.addr);
    assert_eq!(b.register("keeper", secret).await.status, 201);
    let token = b.cookie.clone().unwrap();
    let a = b
        .post(
            "/api/account/password",
            json!({"old": secret, "new": "second-unmistakable-0815"}),
        )
        .await;
    assert_eq!(a.status, 200, "{}", a.body);
    server.stop().await;
    let mut bytes = Vec::new();
    for ext in ["", "-wal"] {
        bytes.extend(std::fs::read(format!("{db}{ext}")).unwrap_or_default());
    }
    let text = String::from_utf8_lossy(&bytes);
    for clear in [secret, "second-unmistakable-0815", token.as_str()] {
        assert!(!text.contains(clear), "{clear} is in the database");
    }
    let conn = rusqlite::Connection::open(&db).unwrap();
    let hash: String = conn
        .query_row("SELECT password FROM accounts", [], |r| r.get(0))
        .unwrap();
    assert!(hash.starts_with("$argon2id$"), "{hash}");
    remove_sqlite_files(&store, &db);
}

/// A backup of a live SQLite store, made while the server runs, brings back games, accounts
/// and their games whole when a server starts on it.
#[tokio::test]
async fn a_backup_restores_games_and_accounts_whole() {
    let store = Backend::Sqlite;
    let db = lasting_db(&store, "rajapasu-backup-source");
    let copy = lasting_db(&store, "rajapasu-backup-copy");
    let policy = rajapasu_server::games::Policy::default();
    let server = rajapasu_server::spawn_with("127.0.0.1:0", &db, Limits::default(), policy.clone())
        .await
        .unwrap();
    let addr = server.addr;
    let (id, token, _) = new_game(addr, json!({"kind": "online", "mode": "round"})).await;
    let a = common::act(
        addr,
        GAMES,
        &id,
        "moves",
        json!({"move": 3, "ply": 0, "token": token}),
    )
    .await;
    assert_eq!(a.status, 200, "{}", a.body);
    let before = common::get_game(addr, GAMES, &id).await;
    let mut b = Browser::new(addr);
    let body = json!({"name": "Nila", "password": "nila's secret",
        "games": [{"game": "raja_pasu", "id": id, "token": token}]});
    assert_eq!(b.post("/api/account/register", body).await.status, 201);
    // Copied while the server runs.
    let copied = rajapasu_server::store::backup::backup(&db, std::path::Path::new(&copy)).unwrap();
    assert_eq!((copied.games, copied.moves, copied.accounts), (1, 1, 1));
    server.stop().await;
    remove_sqlite_files(&store, &db);
    let server = rajapasu_server::spawn_with("127.0.0.1:0", &copy, Limits::default(), policy)
        .await
        .unwrap();
    let addr = server.addr;
    assert_eq!(common::get_game(addr, GAMES, &id).await, before);
    let mut b = Browser::new(addr);
    assert_eq!(b.login("nila", "nila's secret").await.status, 200);
    let account = b.account().await;
    assert_eq!(
        (account["name"].as_str(), account["games"][0]["id"].as_str()),
        (Some("Nila"), Some(id.as_str()))
    );
    server.stop().await;
    remove_sqlite_files(&store, &copy);
}
