//! What the server's API tests share: a server on an ephemeral port on either store, and
//! requests to it.
//!
//! The PostgreSQL tests run when `RAJAPASU_TEST_POSTGRES` holds the address of a server whose
//! user may create databases (`scripts/postgres.sh` starts one; `scripts/test.sh` always does):
//! each test gets a database of its own. Without it each says it was skipped, and the test
//! binary says again, after its summary, how many were skipped and how to run them; unless
//! `RAJAPASU_REQUIRE_POSTGRES=1`, when they fail.

// Each test file uses a part of these.
#![allow(dead_code)]

pub mod lobby;
pub mod tournament;

use rajapasu_loadtest::client::{Answer, Client};
use serde_json::{json, Value};
use std::io::Write;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::OnceLock;

/// Which store a test server keeps its games in.
#[derive(Clone, Debug)]
pub enum Backend {
    /// SQLite, in memory.
    Sqlite,
    /// A PostgreSQL database of the test's own: its address.
    Postgres(String),
}

impl Backend {
    /// A new, empty PostgreSQL database, or `None` (the test is skipped) when there is no
    /// test server.
    pub async fn postgres(test: &str) -> Option<Backend> {
        let Ok(base) = std::env::var("RAJAPASU_TEST_POSTGRES") else {
            if std::env::var("RAJAPASU_REQUIRE_POSTGRES").as_deref() == Ok("1") {
                panic!(
                    "{test}: RAJAPASU_TEST_POSTGRES is not set but PostgreSQL tests are required"
                );
            }
            skipped(test);
            return None;
        };
        let client = pg(&base).await;
        let name = format!(
            "t_{}",
            rajapasu_server::tokens::random_token(12).expect("a random source")
        );
        client
            .batch_execute(&format!("CREATE DATABASE {name}"))
            .await
            .expect("a test database can be created");
        let (prefix, _) = base.rsplit_once('/').expect("the address names a database");
        Some(Backend::Postgres(format!("{prefix}/{name}")))
    }

    /// What `--db` names: `:memory:` or the database's address.
    pub fn db(&self) -> &str {
        match self {
            Backend::Sqlite => ":memory:",
            Backend::Postgres(url) => url,
        }
    }
}

/// How to run the PostgreSQL tests, as the skips say it.
pub const HOW_TO_RUN_POSTGRES: &str =
    "scripts/postgres.sh cargo test -p rajapasu-server (it starts a throwaway PostgreSQL; scripts/test.sh always does)";

/// The PostgreSQL tests of this test binary that were skipped, and the binary's name.
static SKIPPED: AtomicUsize = AtomicUsize::new(0);
static BINARY: OnceLock<String> = OnceLock::new();

/// Says that `test` was skipped, at once, and, for the first skip, has the count told again
/// when the binary exits: after the harness's summary, where it cannot be missed among the
/// `ok` lines of the other tests. Both are written past the harness's capture.
fn skipped(test: &str) {
    let binary = test.split("::").next().unwrap_or(test);
    if SKIPPED.fetch_add(1, Ordering::SeqCst) == 0 {
        let _ = BINARY.set(binary.to_string());
        // SAFETY: `tell_skipped` takes nothing, returns, and only reads two statics and
        // writes to standard error, which stays open until the process ends.
        unsafe {
            libc::atexit(tell_skipped);
        }
    }
    // One write, so that the line is not cut by the harness's own.
    let line = format!("SKIPPED {test} on PostgreSQL: RAJAPASU_TEST_POSTGRES is not set\n");
    let _ = std::io::stderr().write_all(line.as_bytes());
}

extern "C" fn tell_skipped() {
    let n = SKIPPED.load(Ordering::SeqCst);
    let binary = BINARY.get().map(String::as_str).unwrap_or("?");
    let line = format!(
        "SKIPPED {n} PostgreSQL test{} of {binary}: RAJAPASU_TEST_POSTGRES is not set. Run them with {HOW_TO_RUN_POSTGRES}.\n\n",
        if n == 1 { "" } else { "s" },
    );
    let _ = std::io::stderr().write_all(line.as_bytes());
}

/// Runs each named `async fn name(store: Backend)` as two tests, `name::sqlite` and
/// `name::postgres`.
#[macro_export]
macro_rules! on_both_stores {
    ($($name:ident),* $(,)?) => {$(
        mod $name {
            #[tokio::test]
            async fn sqlite() {
                super::$name($crate::common::Backend::Sqlite).await
            }
            #[tokio::test]
            async fn postgres() {
                let test = module_path!();
                if let Some(store) = $crate::common::Backend::postgres(test).await {
                    super::$name(store).await
                }
            }
        }
    )*};
}

/// A server on `store`, on a free port.
pub async fn server_on(store: &Backend) -> SocketAddr {
    rajapasu_server::spawn("127.0.0.1:0", store.db())
        .await
        .expect("server starts")
        .0
}

/// A server with an in-memory SQLite database, on a free port.
pub async fn server() -> SocketAddr {
    server_on(&Backend::Sqlite).await
}

/// One request on a new connection; `body` as JSON.
pub async fn req(addr: SocketAddr, method: &str, path: &str, body: Option<Value>) -> Answer {
    let mut c = Client::connect(addr).await.unwrap();
    let text = body.map(|b| b.to_string());
    c.request(method, path, text.as_deref()).await.unwrap()
}

/// A GET.
pub async fn get(addr: SocketAddr, path: &str) -> Answer {
    req(addr, "GET", path, None).await
}

/// A POST with a JSON body.
pub async fn post(addr: SocketAddr, path: &str, body: Value) -> Answer {
    req(addr, "POST", path, Some(body)).await
}

/// The `error` text of an error answer.
pub fn error_of(a: &Answer) -> String {
    a.json()["error"].as_str().unwrap_or_default().to_string()
}

/// The `code` of an error answer.
pub fn code_of(a: &Answer) -> String {
    a.json()["code"].as_str().unwrap_or_default().to_string()
}

/// Where the API keeps Raja Pasu's games.
pub const GAMES: &str = "/api/games";
/// Where the API keeps Raja Pasu Mandiri's games.
pub const MANDIRI: &str = "/api/mandiri/games";

/// Asserts that `a` answers `status` with the error code `code` (its body in the message).
#[track_caller]
pub fn assert_refused(a: &Answer, status: u16, code: &str) {
    assert_eq!(
        (a.status, code_of(a).as_str()),
        (status, code),
        "{}",
        a.body
    );
}

/// Creates a Raja Pasu game: its id, the creator's token, and the whole answer.
pub async fn new_game(addr: SocketAddr, body: Value) -> (String, String, Value) {
    new_game_in(addr, GAMES, body).await
}

/// Creates a game under `games` ([`GAMES`] or [`MANDIRI`]): its id, the creator's token, and
/// the whole answer.
pub async fn new_game_in(addr: SocketAddr, games: &str, body: Value) -> (String, String, Value) {
    let a = post(addr, games, body).await;
    assert_eq!(a.status, 201, "{}", a.body);
    let v = a.json();
    (
        v["id"].as_str().unwrap().to_string(),
        v["token"].as_str().unwrap().to_string(),
        v,
    )
}

/// A POST of `body` to `{games}/{id}/{action}` (`moves`, `undo`, `join`…).
pub async fn act(addr: SocketAddr, games: &str, id: &str, action: &str, body: Value) -> Answer {
    post(addr, &format!("{games}/{id}/{action}"), body).await
}

/// The game `id` under `games`, as `GET {games}/{id}` answers it (200).
pub async fn get_game(addr: SocketAddr, games: &str, id: &str) -> Value {
    let a = req(addr, "GET", &format!("{games}/{id}"), None).await;
    assert_eq!(a.status, 200, "{}", a.body);
    a.json()
}

/// Asks for the game `id` under `games` until its JSON satisfies `done` (60 s at most: a bound,
/// not a measurement), and returns it.
pub async fn wait_for(
    addr: SocketAddr,
    games: &str,
    id: &str,
    done: impl Fn(&Value) -> bool,
) -> Value {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    loop {
        let v = get_game(addr, games, id).await;
        if done(&v) {
            return v;
        }
        assert!(std::time::Instant::now() < deadline, "waited in vain: {v}");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}

/// A WebSocket client's stream.
pub type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// A socket on the live updates of the game `id` under `games`.
pub async fn socket(
    addr: SocketAddr,
    games: &str,
    id: &str,
) -> Result<Socket, tokio_tungstenite::tungstenite::Error> {
    let url = format!("ws://{addr}{games}/{id}/ws");
    tokio_tungstenite::connect_async(url)
        .await
        .map(|(ws, _)| ws)
}

/// A server on the database `db` with `limits` and `policy`, on a free port; the test stops it
/// (`Running::stop`). Every other way of starting a server here comes down to this one.
pub async fn start(
    db: &str,
    limits: rajapasu_server::limits::Limits,
    policy: rajapasu_server::games::Policy,
) -> rajapasu_server::Running {
    rajapasu_server::spawn_with("127.0.0.1:0", db, limits, policy)
        .await
        .expect("server starts")
}

/// A server on the database `db` with the default limits and `policy`, on a free port.
pub async fn server_with_policy(
    db: &str,
    policy: rajapasu_server::games::Policy,
) -> rajapasu_server::Running {
    start(db, rajapasu_server::limits::Limits::default(), policy).await
}

/// A server on the database `db` with the default limits and policy, on a free port.
pub async fn started(db: &str) -> rajapasu_server::Running {
    server_with_policy(db, rajapasu_server::games::Policy::default()).await
}

/// Runs `attack` (`rajapasu loadtest --attack`) at its small size against a new server on
/// `store` with `limits` and `policy`, and asserts that every check held, with the report
/// printed when one did not (docs/SERVER.md, "Attacks and what holds").
pub async fn attack_holds(
    attack: rajapasu_loadtest::attack::Attack,
    store: &Backend,
    limits: rajapasu_server::limits::Limits,
    policy: rajapasu_server::games::Policy,
) {
    use rajapasu_loadtest::attack::{run, Size, Target};
    let server = start(store.db(), limits, policy).await;
    let target = Target {
        addr: server.addr,
        size: Size::Small,
    };
    let report = run(attack, &target).await.expect("the attack runs");
    server.stop().await;
    assert!(report.held(), "{attack:?} did not hold:\n{report}");
}

/// The moment the clock of [`server_on_clock`]'s tests starts at, in milliseconds.
pub const T0: u64 = 1_900_000_000_000;

/// A server on `db` whose clocks (seconds and milliseconds) both read `now`, in milliseconds,
/// moved by the test, and whose flag task looks at the stored deadlines every `poll` at least.
pub async fn server_on_clock(
    db: &str,
    now: &std::sync::Arc<std::sync::atomic::AtomicU64>,
    poll: std::time::Duration,
) -> rajapasu_server::Running {
    use std::sync::atomic::Ordering;
    let (secs, ms) = (now.clone(), now.clone());
    let policy = rajapasu_server::games::Policy {
        clock: std::sync::Arc::new(move || secs.load(Ordering::SeqCst) / 1000),
        clock_ms: std::sync::Arc::new(move || ms.load(Ordering::SeqCst)),
        flag_poll: poll,
        ..rajapasu_server::games::Policy::default()
    };
    server_with_policy(db, policy).await
}

/// The invitation code of a newly created online game's answer.
pub fn invite_code(created: &Value) -> String {
    let url = created["invite"].as_str().expect("an invitation link");
    url.split("invite=")
        .nth(1)
        .expect("a code in the link")
        .to_string()
}

/// A clock that tests move by hand, and the policy that reads it.
pub fn manual_clock() -> (
    std::sync::Arc<std::sync::atomic::AtomicU64>,
    rajapasu_server::games::Policy,
) {
    let now = std::sync::Arc::new(std::sync::atomic::AtomicU64::new(1_900_000_000));
    let read = now.clone();
    let policy = rajapasu_server::games::Policy {
        clock: std::sync::Arc::new(move || read.load(std::sync::atomic::Ordering::SeqCst)),
        ..rajapasu_server::games::Policy::default()
    };
    (now, policy)
}

/// A server with an in-memory database and these limits, on a free port.
pub async fn server_with(limits: rajapasu_server::limits::Limits) -> rajapasu_server::Running {
    start(
        ":memory:",
        limits,
        rajapasu_server::games::Policy::default(),
    )
    .await
}

/// Sends `request` as it is on a new connection and reads until the server closes it (10 s
/// at most): the whole answer, head and body, as text.
pub async fn raw_exchange(addr: SocketAddr, request: &[u8]) -> String {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    s.write_all(request).await.unwrap();
    let mut out = Vec::new();
    let _ = tokio::time::timeout(std::time::Duration::from_secs(10), s.read_to_end(&mut out)).await;
    String::from_utf8_lossy(&out).into_owned()
}

/// The JSON body of a whole answer read by [`raw_exchange`].
pub fn body_json(answer: &str) -> Value {
    let body = answer.split("\r\n\r\n").nth(1).unwrap_or_default();
    serde_json::from_str(body).unwrap_or(Value::Null)
}

/// A database that outlives a server, for restarts: a fresh SQLite file named after `name`,
/// or the test's PostgreSQL database.
pub fn lasting_db(store: &Backend, name: &str) -> String {
    let db = match store {
        Backend::Sqlite => {
            let path = std::env::temp_dir().join(format!("{name}-{}.db", std::process::id()));
            path.to_string_lossy().to_string()
        }
        Backend::Postgres(url) => url.clone(),
    };
    remove_sqlite_files(store, &db);
    db
}

/// Removes a [`lasting_db`]'s SQLite files (nothing for PostgreSQL).
pub fn remove_sqlite_files(store: &Backend, db: &str) {
    if let Backend::Sqlite = store {
        for ext in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{db}{ext}"));
        }
    }
}

/// Writes move `mv` at `ply` of game `id` into the store behind the servers' backs, as a
/// server that stopped before the computer replied would have left it: the computer to move.
pub async fn store_move_directly(store: &Backend, db: &str, id: &str, ply: i64, mv: i64) {
    let sql_move = "UPDATE games SET version = version + 1, computer_next = true WHERE id = $1";
    match store {
        Backend::Sqlite => {
            let conn = rusqlite::Connection::open(db).unwrap();
            conn.execute(
                "INSERT INTO moves(game, ply, mv) VALUES (?1, ?2, ?3)",
                rusqlite::params![id, ply, mv],
            )
            .unwrap();
            conn.execute(&sql_move.replace("$1", "?1").replace("true", "1"), [id])
                .unwrap();
        }
        Backend::Postgres(url) => {
            let client = pg(url).await;
            let (ply, mv) = (ply as i32, mv as i16);
            client
                .execute(
                    "INSERT INTO moves(game, ply, mv) VALUES ($1, $2, $3)",
                    &[&id, &ply, &mv],
                )
                .await
                .unwrap();
            client.execute(sql_move, &[&id]).await.unwrap();
        }
    }
}

/// The next message of a socket, as JSON, within 10 s.
pub async fn next_json(ws: &mut Socket) -> Value {
    use futures_util::StreamExt;
    use tokio_tungstenite::tungstenite::Message;
    loop {
        // A bound for a busy machine, not a measurement: the message usually comes at once.
        let msg = tokio::time::timeout(std::time::Duration::from_secs(60), ws.next())
            .await
            .expect("a message within 60 s")
            .unwrap()
            .unwrap();
        // The server's pings (a socket open for long) are not messages.
        if let Message::Text(text) = msg {
            return serde_json::from_str(&text).unwrap();
        }
    }
}

/// The next message of a socket that is not about presence, within 10 s.
pub async fn next_update(ws: &mut Socket) -> Value {
    loop {
        let v = next_json(ws).await;
        if v["type"] != "presence" {
            return v;
        }
    }
}

/// Runs one step of a scenario whose steps share their state: a failure within it fails the
/// test with the step's name in front of its message (`step "a hint": assertion failed…`), so
/// that the test's failure says which step broke. What `body` returns is handed on.
pub async fn step<T>(name: &str, body: impl std::future::Future<Output = T>) -> T {
    use futures_util::FutureExt;
    match std::panic::AssertUnwindSafe(body).catch_unwind().await {
        Ok(value) => value,
        Err(payload) => {
            let message = payload
                .downcast_ref::<String>()
                .map(String::as_str)
                .or_else(|| payload.downcast_ref::<&str>().copied())
                .unwrap_or("(a panic without a message)");
            panic!("step \"{name}\": {message}");
        }
    }
}

/// A browser: its cookie jar holds the session cookie the server last set.
pub struct Browser {
    /// The server.
    pub addr: SocketAddr,
    /// The session cookie's value.
    pub cookie: Option<String>,
}

impl Browser {
    /// A browser with no cookie.
    pub fn new(addr: SocketAddr) -> Browser {
        Browser { addr, cookie: None }
    }

    /// A request with the session cookie, keeping the one the answer sets.
    pub async fn send(
        &mut self,
        method: &str,
        path: &str,
        body: Option<Value>,
        extra: &[(&str, &str)],
    ) -> Answer {
        let mut c = Client::connect(self.addr).await.unwrap();
        let cookie = self
            .cookie
            .as_ref()
            .map(|c| format!("rajapasu_session={c}"));
        let mut headers: Vec<(&str, &str)> = extra.to_vec();
        if let Some(cookie) = &cookie {
            headers.push(("Cookie", cookie));
        }
        let text = body.map(|b| b.to_string());
        let a = c
            .request_with(method, path, text.as_deref(), &headers)
            .await
            .unwrap();
        if let Some(set) = a.header_values("set-cookie").next() {
            let value = set.split(';').next().unwrap().split_once('=').unwrap().1;
            self.cookie = (!value.is_empty()).then(|| value.to_string());
        }
        a
    }

    /// A POST with a JSON body.
    pub async fn post(&mut self, path: &str, body: Value) -> Answer {
        self.send("POST", path, Some(body), &[]).await
    }

    /// A GET.
    pub async fn get(&mut self, path: &str) -> Answer {
        self.send("GET", path, None, &[]).await
    }

    /// The signed-in account, as `GET /api/account` tells it (`null` when signed out).
    pub async fn account(&mut self) -> Value {
        let a = self.send("GET", "/api/account", None, &[]).await;
        assert_eq!(a.status, 200, "{}", a.body);
        a.json()["account"].clone()
    }

    /// Registers `name`.
    pub async fn register(&mut self, name: &str, password: &str) -> Answer {
        self.post(
            "/api/account/register",
            json!({"name": name, "password": password}),
        )
        .await
    }

    /// Logs in as `name`.
    pub async fn login(&mut self, name: &str, password: &str) -> Answer {
        self.post(
            "/api/account/login",
            json!({"name": name, "password": password}),
        )
        .await
    }
}

/// A browser signed in to a new account `name` on the server at `addr`.
pub async fn registered(addr: SocketAddr, name: &str) -> Browser {
    let mut b = Browser::new(addr);
    let a = b.register(name, "a long secret").await;
    assert_eq!(a.status, 201, "{}", a.body);
    b
}

/// Two registered players on the server at `addr`: Ann and Bo.
pub async fn ann_and_bo(addr: SocketAddr) -> (Browser, Browser) {
    (registered(addr, "Ann").await, registered(addr, "Bo").await)
}

/// `creator` makes an online game of `games` (`GAMES`, `MANDIRI`) with `body`, and `joiner`
/// takes the next seat: the game's id, the creator's token and the joiner's.
pub async fn online_game(
    games: &str,
    creator: &mut Browser,
    joiner: &mut Browser,
    body: Value,
) -> (String, String, String) {
    let a = creator.post(games, body).await;
    assert_eq!(a.status, 201, "{}", a.body);
    let created = a.json();
    let id = created["id"].as_str().unwrap().to_string();
    let token = created["token"].as_str().unwrap().to_string();
    let j = joiner
        .post(
            &format!("{games}/{id}/join"),
            json!({"invite": invite_code(&created)}),
        )
        .await;
    assert_eq!(j.status, 200, "{}", j.body);
    let other = j.json()["token"].as_str().unwrap().to_string();
    (id, token, other)
}

/// Another session of the account `name` (registered with the tests' password by
/// [`registered`]), as on a second device: signed in, its cookie its own.
pub async fn second_device(addr: SocketAddr, name: &str) -> Browser {
    let mut b = Browser::new(addr);
    let a = b.login(name, "a long secret").await;
    assert_eq!(a.status, 200, "{}", a.body);
    b
}

/// `creator` makes an online Mandiri game with `body`, and `joiners` take the other two seats
/// by its two invitations, in order: the game's id and the three players' tokens, the
/// creator's first.
pub async fn mandiri_game(
    creator: &mut Browser,
    joiners: [&mut Browser; 2],
    body: Value,
) -> (String, Vec<String>) {
    let a = creator.post(MANDIRI, body).await;
    assert_eq!(a.status, 201, "{}", a.body);
    let created = a.json();
    let id = created["id"].as_str().unwrap().to_string();
    let links = created["invites"].as_array().expect("invitation links");
    assert_eq!(links.len(), 2, "{created}");
    let mut tokens = vec![created["token"].as_str().unwrap().to_string()];
    for (b, link) in joiners.into_iter().zip(links) {
        let code = invite_code(&json!({ "invite": link }));
        let j = b
            .post(&format!("{MANDIRI}/{id}/join"), json!({ "invite": code }))
            .await;
        assert_eq!(j.status, 200, "{}", j.body);
        tokens.push(j.json()["token"].as_str().unwrap().to_string());
    }
    (id, tokens)
}

/// Plays `moves` moves of the game `id` under `games`, each the first legal move, by whichever
/// of `tokens` is to move (the others are refused): every player's turn in order.
pub async fn play_line(
    addr: SocketAddr,
    games: &str,
    id: &str,
    tokens: &[impl AsRef<str>],
    moves: usize,
) {
    for _ in 0..moves {
        let view = get_game(addr, games, id).await;
        // Raja Pasu lists `legal_moves`, Mandiri `legal`.
        let v = &view["view"];
        let mv = v.get("legal_moves").unwrap_or(&v["legal"])[0].clone();
        let mut played = false;
        for token in tokens {
            let token = token.as_ref();
            let a = act(
                addr,
                games,
                id,
                "moves",
                json!({"move": mv, "token": token}),
            )
            .await;
            if a.status == 200 {
                played = true;
                break;
            }
        }
        assert!(played, "no player could play {mv} in {view}");
    }
}

/// The seat `token` holds resigns the game `id` under `games` (200).
pub async fn resign(addr: SocketAddr, games: &str, id: &str, token: &str) {
    let r = act(addr, games, id, "resign", json!({ "token": token })).await;
    assert_eq!(r.status, 200, "{}", r.body);
}

/// The player `name`'s page, as `GET /api/players/{name}` gives it (200).
pub async fn player_page(addr: SocketAddr, name: &str) -> Value {
    let a = get(addr, &format!("/api/players/{name}")).await;
    assert_eq!(a.status, 200, "{}", a.body);
    a.json()
}

/// A connection to the test's PostgreSQL database at `url`, behind the servers' backs.
pub async fn pg(url: &str) -> tokio_postgres::Client {
    let (client, connection) = tokio_postgres::connect(url, tokio_postgres::NoTls)
        .await
        .expect("the test PostgreSQL server answers");
    tokio::spawn(connection);
    client
}

/// A guest's game against the computer (the guest North), moved to the new account `name` as
/// it registers: the browser (signed in), the game's id and the token the guest was handed.
pub async fn computer_game_kept_at_registration(
    addr: SocketAddr,
    name: &str,
) -> (Browser, String, String) {
    let mut b = Browser::new(addr);
    let (id, token, _) = new_game(addr, json!({"kind": "computer", "side": "north"})).await;
    let r = b
        .post(
            "/api/account/register",
            json!({"name": name, "password": "a long secret",
                   "games": [{"game": "raja_pasu", "id": id, "token": token}]}),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.body);
    (b, id, token)
}
