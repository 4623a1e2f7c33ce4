//! What the tournaments' tests share: a server whose clock the test moves, with its players
//! (a [`Hall`]); registered players, an event made and joined (and started), its view, a
//! board's players, a player's game asked for, the start, a game resigned.

use super::{lasting_db, remove_sqlite_files, Backend, Browser, GAMES, MANDIRI};
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// The moment the events' tests' clock starts at, in seconds.
pub const T0: u64 = 1_900_000_000;

/// A server on `db` whose events' clock reads `now` and whose games' clocks read `games`
/// (seconds).
pub async fn server_on_clocks(
    db: &str,
    now: &Arc<AtomicU64>,
    games: &Arc<AtomicU64>,
) -> rajapasu_server::Running {
    let (secs, ms) = (now.clone(), games.clone());
    let policy = rajapasu_server::games::Policy {
        clock: Arc::new(move || secs.load(Ordering::SeqCst)),
        clock_ms: Arc::new(move || ms.load(Ordering::SeqCst) * 1000),
        ..rajapasu_server::games::Policy::default()
    };
    super::server_with_policy(db, policy).await
}

/// A server on `db` whose clocks read `now` (seconds).
pub async fn server_on_clock(db: &str, now: &Arc<AtomicU64>) -> rajapasu_server::Running {
    server_on_clocks(db, now, now).await
}

/// What most events' tests stand on: a server on a database that outlives it (named after
/// the test), its clock at [`T0`] and moved by the test.
pub struct Hall {
    /// The server.
    pub server: rajapasu_server::Running,
    /// What the events' clock reads, in seconds.
    now: Arc<AtomicU64>,
    store: Backend,
    db: String,
}

impl Hall {
    /// A hall on `store` for the test `name`, the games' clocks reading the events' clock,
    /// and the browsers of the players `names` registered on it (the first the creator).
    pub async fn open(store: &Backend, name: &str, names: &[&str]) -> (Hall, Vec<Browser>) {
        Hall::open_on(store, name, names, None).await
    }

    /// A hall whose games' clocks stand still at [`T0`]: no game ends on time.
    pub async fn open_still(store: &Backend, name: &str, names: &[&str]) -> (Hall, Vec<Browser>) {
        let still = Arc::new(AtomicU64::new(T0));
        Hall::open_on(store, name, names, Some(still)).await
    }

    async fn open_on(
        store: &Backend,
        name: &str,
        names: &[&str],
        games: Option<Arc<AtomicU64>>,
    ) -> (Hall, Vec<Browser>) {
        let db = lasting_db(store, name);
        let now = Arc::new(AtomicU64::new(T0));
        let games = games.unwrap_or_else(|| now.clone());
        let server = server_on_clocks(&db, &now, &games).await;
        let ps = players(server.addr, names).await;
        let hall = Hall {
            server,
            now,
            store: store.clone(),
            db,
        };
        (hall, ps)
    }

    /// Sets the events' clock to `at` (seconds).
    pub fn at(&self, at: u64) {
        self.now.store(at, Ordering::SeqCst);
    }

    /// Stops the server and removes its SQLite files.
    pub async fn close(self) {
        self.server.stop().await;
        remove_sqlite_files(&self.store, &self.db);
    }
}

/// Registered players' browsers, the first the creator.
pub async fn players(addr: SocketAddr, names: &[&str]) -> Vec<Browser> {
    let mut out = Vec::new();
    for name in names {
        out.push(super::registered(addr, name).await);
    }
    out
}

/// The creator makes an event with `body`, everyone else joins: its id.
pub async fn event(ps: &mut [Browser], body: Value) -> String {
    let a = ps[0].post("/api/tournaments", body).await;
    assert_eq!(a.status, 201, "{}", a.body);
    let id = a.json()["id"].as_str().unwrap().to_string();
    for p in ps.iter_mut().skip(1) {
        let j = join(p, &id).await;
        assert_eq!(j.status, 200, "{}", j.body);
    }
    id
}

/// [`event`], started by its creator: its id.
pub async fn started_event(ps: &mut [Browser], body: Value) -> String {
    let id = event(ps, body).await;
    start(&mut ps[0], &id).await;
    id
}

/// `b` joins the event `id`: the answer.
pub async fn join(b: &mut Browser, id: &str) -> rajapasu_loadtest::client::Answer {
    b.post(&format!("/api/tournaments/{id}/join"), json!({}))
        .await
}

/// The schedule of `b`'s events, as `GET /api/tournaments/mine` gives it (200).
pub async fn mine(b: &mut Browser) -> Value {
    let a = b.get("/api/tournaments/mine").await;
    assert_eq!(a.status, 200, "{}", a.body);
    a.json()
}

/// The indices in `names` of the first and second players of board `board` of round 1 of the
/// event `id`, as `b` sees it.
pub async fn board_players(
    b: &mut Browser,
    id: &str,
    names: &[&str],
    board: usize,
) -> (usize, usize) {
    let v = show(b, id).await;
    let at = &v["rounds"][0]["boards"][board];
    (who(names, &at["first"]), who(names, &at["second"]))
}

/// `b` asks for an event made with `body`, which is refused: the status and the error's code.
pub async fn refused(b: &mut Browser, body: Value) -> (u16, Value) {
    let a = b.post("/api/tournaments", body).await;
    assert_ne!(a.status, 201, "{}", a.body);
    (a.status, a.json()["code"].clone())
}

/// The event as `b` sees it.
pub async fn show(b: &mut Browser, id: &str) -> Value {
    let a = b.get(&format!("/api/tournaments/{id}")).await;
    assert_eq!(a.status, 200, "{}", a.body);
    a.json()
}

/// `b` asks for their game now (and is noted present).
pub async fn play(b: &mut Browser, id: &str) -> Value {
    let a = b
        .post(&format!("/api/tournaments/{id}/play"), json!({}))
        .await;
    assert_eq!(a.status, 200, "{}", a.body);
    a.json()
}

/// The creator `b` starts the event: the event after.
pub async fn start(b: &mut Browser, id: &str) -> Value {
    let s = b
        .post(&format!("/api/tournaments/{id}/start"), json!({}))
        .await;
    assert_eq!(s.status, 200, "{}", s.body);
    s.json()
}

/// `b` resigns the game that `mine` (their answer from [`play`]) seats them in (a Mandiri
/// game's answer names its `players`).
pub async fn resign(b: &mut Browser, mine: &Value) {
    let games = if mine["players"].is_null() {
        GAMES
    } else {
        MANDIRI
    };
    let r = b
        .post(
            &format!("{games}/{}/resign", mine["id"].as_str().unwrap()),
            json!({"token": mine["token"]}),
        )
        .await;
    assert_eq!(r.status, 200, "{} {mine}", r.body);
}

/// The index of the player named `name`.
pub fn who(names: &[&str], name: &Value) -> usize {
    names
        .iter()
        .position(|n| *n == name.as_str().unwrap())
        .unwrap()
}
