//! The quotas' attacks: what one address or one account can take from everyone else. Several
//! addresses are played by one machine through `X-Forwarded-For`, which the server reads when
//! started with `--trust-proxy` (as behind a reverse proxy): each attack that needs them asks
//! for the flag (`Attack::flags`).
//!
//! | Attack | What it tries |
//! |---|---|
//! | `event-race` | 12 tournaments created at once by one account, past the cap of 5 |
//! | `state-flood` | lobby, game and event sockets sending 1-byte frames, each asking for the whole state |
//! | `lobby-flood` | one address's many lobby sockets x 3 seeks, and seeks on invented socket ids, against a real player's seek |
//! | `lockout` | wrong passwords to an owner's name from several addresses, then the owner's logins |
//! | `game-cap` | one address creating games until refused, against the server's cap on unfinished games |
//! | `ghost-seek` | seeks whose socket closed or never opened, taken by quick pairing |

use super::report::{Report, Size, Target};
use crate::client::{legal_moves, Answer, Client};
use crate::error::LoadtestError;
use crate::latency::percentile;
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;

/// A WebSocket of the attacks.
type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// A visitor: an address of their own (sent as `X-Forwarded-For`) and the cookies the server
/// set them, each request on a new connection.
#[derive(Debug, Clone)]
pub(crate) struct Visitor {
    addr: SocketAddr,
    ip: String,
    cookies: Vec<(String, String)>,
}

impl Visitor {
    /// A visitor from `ip` with no cookie.
    pub(crate) fn new(addr: SocketAddr, ip: impl Into<String>) -> Visitor {
        Visitor {
            addr,
            ip: ip.into(),
            cookies: Vec::new(),
        }
    }

    /// The same browser (its cookies) seen from another address.
    pub(crate) fn moved_to(&self, ip: impl Into<String>) -> Visitor {
        Visitor {
            ip: ip.into(),
            ..self.clone()
        }
    }

    /// A request with a JSON body; the cookies it sets are kept (an empty value drops one).
    pub(crate) async fn send(
        &mut self,
        method: &str,
        path: &str,
        body: Option<&Value>,
    ) -> Result<Answer, LoadtestError> {
        let c = self.connect().await?;
        self.send_on(c, method, path, body).await
    }

    /// A new connection to the server, for [`Visitor::send_on`].
    pub(crate) async fn connect(&self) -> Result<Client, LoadtestError> {
        Client::connect(self.addr)
            .await
            .map_err(LoadtestError::AbuseConnect)
    }

    /// [`Visitor::send`] on a connection opened before (so that many requests can be sent at
    /// the same moment).
    pub(crate) async fn send_on(
        &mut self,
        mut c: Client,
        method: &str,
        path: &str,
        body: Option<&Value>,
    ) -> Result<Answer, LoadtestError> {
        let cookie = self
            .cookies
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join("; ");
        let mut headers = vec![("X-Forwarded-For", self.ip.as_str())];
        if !cookie.is_empty() {
            headers.push(("Cookie", cookie.as_str()));
        }
        let text = body.map(Value::to_string);
        let a = c
            .request_with(method, path, text.as_deref(), &headers)
            .await
            .map_err(LoadtestError::AbuseRequest)?;
        for set in a.header_values("set-cookie") {
            let pair = set.split(';').next().unwrap_or_default();
            if let Some((name, value)) = pair.split_once('=') {
                self.cookies.retain(|(k, _)| k != name.trim());
                if !value.is_empty() {
                    self.cookies
                        .push((name.trim().to_string(), value.to_string()));
                }
            }
        }
        Ok(a)
    }

    /// A POST of `body`.
    pub(crate) async fn post(&mut self, path: &str, body: Value) -> Result<Answer, LoadtestError> {
        self.send("POST", path, Some(&body)).await
    }

    /// A WebSocket on `path`, from this visitor's address.
    pub(crate) async fn socket(&self, path: &str) -> Result<Socket, LoadtestError> {
        let mut request = format!("ws://{}{path}", self.addr)
            .into_client_request()
            .map_err(|e| LoadtestError::AbuseRequest(std::io::Error::other(e)))?;
        if let Ok(ip) = self.ip.parse() {
            request.headers_mut().insert("X-Forwarded-For", ip);
        }
        tokio_tungstenite::connect_async(request)
            .await
            .map(|(ws, _)| ws)
            .map_err(|e| LoadtestError::AbuseConnect(std::io::Error::other(e)))
    }
}

/// The `n`-th address of the attacks' own (documentation) network, 198.51.100.0/24 and on:
/// addresses `0..256` share one /24.
pub(crate) fn address(network: u8, n: u8) -> String {
    format!("198.51.{network}.{n}")
}

/// A registered visitor: the account `name`, signed in from `ip`. `None` when the server
/// refused the registration (the answer, for the report).
pub(crate) async fn registered(
    addr: SocketAddr,
    ip: &str,
    name: &str,
    password: &str,
) -> Result<Result<Visitor, Answer>, LoadtestError> {
    let mut v = Visitor::new(addr, ip);
    let a = v
        .post(
            "/api/account/register",
            json!({"name": name, "password": password}),
        )
        .await?;
    Ok(if a.status == 201 { Ok(v) } else { Err(a) })
}

/// A short word for an answer in a report: its status and error code.
fn said(a: &Answer) -> String {
    match a.json()["code"].as_str() {
        Some(code) => format!("{} {code}", a.status),
        None => a.status.to_string(),
    }
}

/// `event-race`: one account sends 12 creations of a tournament at once; at most 5 (the cap
/// of events not finished per creator) may succeed.
pub async fn event_race(target: &Target) -> Result<Report, LoadtestError> {
    let mut report = Report::default();
    let creator = match registered(target.addr, &address(100, 1), "racer", "a long secret").await? {
        Ok(v) => v,
        Err(a) => {
            report.check("the creator registers", false, said(&a));
            return Ok(report);
        }
    };
    let rounds = match target.size {
        Size::Small => 2,
        Size::Full => 5,
    };
    let mut most = 0;
    let mut seen = Vec::new();
    for round in 0..rounds {
        // Each round a new creator, with none of their events open yet.
        let mut creator = if round == 0 {
            creator.clone()
        } else {
            match registered(
                target.addr,
                &address(100, 1 + round),
                &format!("racer{round}"),
                "a long secret",
            )
            .await?
            {
                Ok(v) => v,
                Err(a) => {
                    report.check("another creator registers", false, said(&a));
                    return Ok(report);
                }
            }
        };
        // Every connection open first, then the 12 requests sent at the same moment.
        let start = std::sync::Arc::new(tokio::sync::Barrier::new(12));
        let mut tasks = Vec::new();
        for k in 0..12 {
            let mut c = creator.clone();
            let connection = c.connect().await?;
            let start = start.clone();
            tasks.push(tokio::spawn(async move {
                let body =
                    json!({"name": format!("Race {k}"), "format": "round-robin", "clock": "1d"});
                start.wait().await;
                c.send_on(connection, "POST", "/api/tournaments", Some(&body))
                    .await
                    .map(|a| a.status)
            }));
        }
        let mut created = 0;
        let mut codes = std::collections::BTreeMap::new();
        for t in tasks {
            let status = t
                .await
                .map_err(|e| LoadtestError::AbuseRequest(std::io::Error::other(e)))??;
            created += usize::from(status == 201);
            *codes.entry(status).or_insert(0) += 1;
        }
        most = most.max(created);
        seen.push(format!("{codes:?}"));
        // The cap still holds after the race: a 13th creation is refused.
        let late = creator
            .post(
                "/api/tournaments",
                json!({"name": "Late", "format": "round-robin", "clock": "1d"}),
            )
            .await?;
        report.check(
            "a creation after the race is refused",
            late.status == 409,
            said(&late),
        );
    }
    report.check(
        "of 12 creations at once, at most 5 succeed",
        most <= 5,
        format!(
            "{most} created at most (statuses by round: {})",
            seen.join(", ")
        ),
    );
    Ok(report)
}

/// Reads a socket until it closes or `until`: the messages and bytes it got.
async fn drain(mut rx: futures_util::stream::SplitStream<Socket>, until: Instant) -> (u64, u64) {
    let (mut messages, mut bytes) = (0, 0);
    loop {
        let left = until.saturating_duration_since(Instant::now());
        match tokio::time::timeout(left, rx.next()).await {
            Ok(Some(Ok(Message::Text(t)))) => {
                messages += 1;
                bytes += t.len() as u64;
            }
            Ok(Some(Ok(_))) => {}
            _ => return (messages, bytes),
        }
    }
}

/// Sends 1-byte text frames on a socket until `until`, one every `every`.
async fn flood(
    mut tx: futures_util::stream::SplitSink<Socket, Message>,
    until: Instant,
    every: Duration,
) {
    while Instant::now() < until {
        if tx.send(Message::text("x")).await.is_err() {
            return;
        }
        tokio::time::sleep(every).await;
    }
    let _ = tx.close().await;
}

/// One player's moves on a local game, one every 25 ms (within the moves' rate limit) for
/// `seconds`, from `ip`: their latencies in microseconds, sorted.
async fn player_moves(addr: SocketAddr, ip: &str, seconds: f64) -> Result<Vec<u64>, LoadtestError> {
    let until = Instant::now() + Duration::from_secs_f64(seconds);
    let mut v = Visitor::new(addr, ip);
    let mut lat = Vec::new();
    while Instant::now() < until {
        let a = v.post("/api/games", json!({"kind": "local"})).await?;
        let game = a.json();
        let (Some(id), Some(token)) = (game["id"].as_str(), game["token"].as_str()) else {
            break;
        };
        let mut view = game["game"]["view"].clone();
        let mut ply = 0u64;
        while Instant::now() < until {
            let legal = legal_moves(&view);
            let Some(&mv) = legal.get(ply as usize % legal.len().max(1)) else {
                break;
            };
            let t = Instant::now();
            let a = v
                .post(
                    &format!("/api/games/{id}/moves"),
                    json!({"move": mv, "ply": ply, "token": token}),
                )
                .await?;
            if a.status != 200 {
                break;
            }
            lat.push(t.elapsed().as_micros() as u64);
            view = a.json()["game"]["view"].take();
            ply += 1;
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
    }
    lat.sort_unstable();
    Ok(lat)
}

/// `state-flood`: sockets on the lobby, on a game and on an event, each sending a 1-byte
/// frame every millisecond (each a request for the whole state), while another player plays:
/// each socket gets about one state a second, and the player's moves stay quick.
pub async fn state_flood(target: &Target) -> Result<Report, LoadtestError> {
    let mut report = Report::default();
    let addr = target.addr;
    let (per_kind, seconds, calm) = match target.size {
        Size::Small => (1, 2.0, 1.0),
        Size::Full => (6, 15.0, 3.0),
    };
    let mut owner = match registered(addr, &address(101, 1), "flooder", "a long secret").await? {
        Ok(v) => v,
        Err(a) => {
            report.check("the flooder registers", false, said(&a));
            return Ok(report);
        }
    };
    let game = owner
        .post("/api/games", json!({"kind": "local"}))
        .await?
        .json();
    let event = owner
        .post(
            "/api/tournaments",
            json!({"name": "Flood", "format": "round-robin", "clock": "1d"}),
        )
        .await?
        .json();
    let (Some(game), Some(event)) = (game["id"].as_str(), event["id"].as_str()) else {
        report.check("a game and an event to watch are made", false, "refused");
        return Ok(report);
    };
    let calm_moves = player_moves(addr, &address(102, 1), calm).await?;
    let paths = [
        "/api/lobby/ws".to_string(),
        format!("/api/games/{game}/ws"),
        format!("/api/tournaments/{event}/ws"),
    ];
    let until = Instant::now() + Duration::from_secs_f64(seconds);
    let mut readers = Vec::new();
    for (kind, path) in paths.iter().enumerate() {
        for _ in 0..per_kind {
            let ws = owner.socket(path).await?;
            let (tx, rx) = ws.split();
            tokio::spawn(flood(tx, until, Duration::from_millis(1)));
            readers.push((
                kind,
                tokio::spawn(drain(rx, until + Duration::from_secs(1))),
            ));
        }
    }
    let moves = player_moves(addr, &address(102, 2), seconds).await?;
    let mut got = [(0u64, 0u64); 3];
    let mut most = [0u64; 3];
    for (kind, r) in readers {
        let (m, b) = r
            .await
            .map_err(|e| LoadtestError::AbuseRequest(std::io::Error::other(e)))?;
        got[kind].0 += m;
        got[kind].1 += b;
        most[kind] = most[kind].max(m);
    }
    // The first state, one a second after, and one for each change of the list or the event
    // (every 10 s at least, the lobby's sockets noted open): at most two a second in all.
    let bound = 2 * seconds as u64 + 4;
    for (kind, name) in ["lobby", "game", "event"].iter().enumerate() {
        report.check(
            format!("each {name} socket flooding gets about one state a second"),
            most[kind] <= bound,
            format!(
                "{per_kind} sockets for {seconds} s: {} messages, {:.1} MB out, at most {} on one (bound {bound})",
                got[kind].0,
                got[kind].1 as f64 / 1e6,
                most[kind]
            ),
        );
    }
    let (calm_p50, p50, max) = (
        percentile(&calm_moves, 0.5),
        percentile(&moves, 0.5),
        percentile(&moves, 1.0),
    );
    // A bound that holds on a busy machine, far below what the flood made before.
    let p50_bound = match target.size {
        Size::Small => 250.0,
        Size::Full => (calm_p50 * 3.0).max(calm_p50 + 5.0),
    };
    report.check(
        "another player's moves stay quick",
        !moves.is_empty() && p50 <= p50_bound,
        format!(
            "{} moves, median {p50:.2} ms (calm {calm_p50:.2} ms, bound {p50_bound:.1} ms), max {max:.2} ms",
            moves.len()
        ),
    );
    Ok(report)
}

/// The server's default cap on open seeks made on one address's lobby sockets
/// (`--seeks-per-address`).
pub const SEEKS_PER_ADDRESS: usize = 10;

/// Opens a lobby socket from `v`'s address: the socket and the id its hello gave.
async fn lobby_socket(v: &Visitor) -> Result<(Socket, String), LoadtestError> {
    let mut ws = v.socket("/api/lobby/ws").await?;
    let hello = next_text(&mut ws, Duration::from_secs(10))
        .await
        .unwrap_or(Value::Null);
    let id = hello["socket"].as_str().unwrap_or_default().to_string();
    Ok((ws, id))
}

/// The next text message of a socket as JSON, within `wait`.
async fn next_text(ws: &mut Socket, wait: Duration) -> Option<Value> {
    let until = Instant::now() + wait;
    loop {
        let left = until.saturating_duration_since(Instant::now());
        match tokio::time::timeout(left, ws.next()).await {
            Ok(Some(Ok(Message::Text(t)))) => return serde_json::from_str(&t).ok(),
            Ok(Some(Ok(_))) => {}
            _ => return None,
        }
    }
}

/// Whether a lobby list (`{"seeks": [...]}`) lists the seek `id`.
fn lists(list: &Value, id: &str) -> bool {
    list["seeks"]
        .as_array()
        .is_some_and(|s| s.iter().any(|s| s["id"] == id))
}

/// A seek on `socket` posted by `v`: its id when made, else the answer.
async fn post_seek(v: &mut Visitor, socket: &str) -> Result<Result<String, Answer>, LoadtestError> {
    let a = v
        .post(
            "/api/lobby/seeks",
            json!({"socket": socket, "clock": "3+2"}),
        )
        .await?;
    Ok(match (a.status, a.json()["id"].as_str()) {
        (201, Some(id)) => Ok(id.to_string()),
        _ => Err(a),
    })
}

/// A socket id nobody opened.
fn invented_socket(k: usize) -> String {
    format!("ghost{k:027}")
}

/// `lobby-flood`: one address opens many lobby sockets and makes 3 seeks on each, and seeks
/// are made on invented socket ids (each request from a new address, past the rate limits);
/// then a real player seeks: their seek is listed and seen on their socket.
pub async fn lobby_flood(target: &Target) -> Result<Report, LoadtestError> {
    let mut report = Report::default();
    let addr = target.addr;
    let (sockets, invented) = match target.size {
        Size::Small => (8, 210),
        Size::Full => (64, 400),
    };
    let flooder = Visitor::new(addr, address(103, 1));
    let mut held = Vec::new();
    let mut made = 0;
    let mut refused = std::collections::BTreeMap::new();
    for k in 0..sockets {
        let (ws, id) = lobby_socket(&flooder).await?;
        held.push(ws);
        for s in 0..3 {
            // Each request from another address: the seeks count by their sockets' address.
            let mut poster = Visitor::new(addr, address(104, ((k * 3 + s) % 250) as u8));
            match post_seek(&mut poster, &id).await? {
                Ok(_) => made += 1,
                Err(a) => *refused.entry(said(&a)).or_insert(0) += 1,
            }
        }
    }
    report.check(
        "the seeks of one address's sockets are capped",
        made <= SEEKS_PER_ADDRESS,
        format!(
            "{sockets} sockets x 3 seeks: {made} made (cap {SEEKS_PER_ADDRESS}), refused {refused:?}"
        ),
    );
    let mut ghosts = 0;
    let mut refused = std::collections::BTreeMap::new();
    for k in 0..invented {
        let mut poster = Visitor::new(addr, address(105 + (k / 100) as u8, (k % 100) as u8));
        match post_seek(&mut poster, &invented_socket(k)).await? {
            Ok(_) => ghosts += 1,
            Err(a) => *refused.entry(said(&a)).or_insert(0) += 1,
        }
    }
    report.check(
        "no seek is made on an invented socket id",
        ghosts == 0,
        format!("{invented} tried: {ghosts} made, refused {refused:?}"),
    );
    let player = Visitor::new(addr, address(110, 1));
    let (mut ws, socket) = lobby_socket(&player).await?;
    let mut poster = player.clone();
    let seek = match post_seek(&mut poster, &socket).await? {
        Ok(id) => id,
        Err(a) => {
            report.check("a real player's seek is made", false, said(&a));
            return Ok(report);
        }
    };
    let list = poster.send("GET", "/api/lobby/seeks", None).await?.json();
    let shown = list["seeks"].as_array().map_or(0, Vec::len);
    report.check(
        "a real player's seek is listed",
        lists(&list, &seek),
        format!("{shown} seeks listed"),
    );
    let until = Instant::now() + Duration::from_secs(10);
    let mut seen = false;
    while !seen && Instant::now() < until {
        match next_text(&mut ws, until.saturating_duration_since(Instant::now())).await {
            Some(m) => seen = m["type"] == "seeks" && lists(&m, &seek),
            None => break,
        }
    }
    report.check(
        "a real player's seek is seen on their lobby socket",
        seen,
        if seen {
            "listed"
        } else {
            "not listed within 10 s"
        },
    );
    drop(held);
    Ok(report)
}

/// `ghost-seek`: a seek whose socket closed, and a seek on an invented socket id, taken by a
/// quick pairing (the first seek listed, as the lobby page takes it): no game starts against
/// nobody.
pub async fn ghost_seek(target: &Target) -> Result<Report, LoadtestError> {
    let mut report = Report::default();
    let addr = target.addr;
    let tries = match target.size {
        Size::Small => 2,
        Size::Full => 20,
    };
    let mut pairer = Visitor::new(addr, address(111, 1));
    let (mut pairer_ws, _) = lobby_socket(&pairer).await?;
    let accept = |id: &str| format!("/api/lobby/seeks/{id}/accept");
    let (mut closed_games, mut ghost_made, mut ghost_games, mut listed_games) = (0, 0, 0, 0);
    for k in 0..tries {
        let seeker = Visitor::new(addr, address(112, k as u8));
        let (mut ws, socket) = lobby_socket(&seeker).await?;
        let mut poster = seeker.clone();
        let seek = post_seek(&mut poster, &socket).await?;
        if let Ok(id) = &seek {
            // The pairer sees it listed.
            let until = Instant::now() + Duration::from_secs(10);
            while let Some(m) = next_text(
                &mut pairer_ws,
                until.saturating_duration_since(Instant::now()),
            )
            .await
            {
                if m["type"] == "seeks" && lists(&m, id) {
                    break;
                }
            }
        }
        // The close handshake to its end, then the lobby's next list without the seek: from
        // then on it is gone (a page that kept the old list may still ask for it).
        let _ = ws.close(None).await;
        while let Some(Ok(_)) = ws.next().await {}
        if let Ok(id) = seek {
            let until = Instant::now() + Duration::from_secs(10);
            while let Some(m) = next_text(
                &mut pairer_ws,
                until.saturating_duration_since(Instant::now()),
            )
            .await
            {
                if m["type"] == "seeks" && !lists(&m, &id) {
                    break;
                }
            }
            let a = pairer.send("POST", &accept(&id), None).await?;
            closed_games += usize::from(a.status == 200);
        }
        let mut ghost = Visitor::new(addr, address(113, k as u8));
        if let Ok(id) = post_seek(&mut ghost, &invented_socket(k)).await? {
            ghost_made += 1;
            let a = pairer.send("POST", &accept(&id), None).await?;
            ghost_games += usize::from(a.status == 200);
        }
        // Quick pairing: whatever is listed first (nobody else seeks here).
        let list = pairer.send("GET", "/api/lobby/seeks", None).await?.json();
        for s in list["seeks"].as_array().into_iter().flatten() {
            if let Some(id) = s["id"].as_str() {
                let a = pairer.send("POST", &accept(id), None).await?;
                listed_games += usize::from(a.status == 200);
            }
        }
    }
    report.check(
        "no seek is made on an invented socket id",
        ghost_made == 0,
        format!("{ghost_made} of {tries} made"),
    );
    report.check(
        "a seek whose socket closed starts no game",
        closed_games == 0,
        format!("{closed_games} of {tries} accepted into a game"),
    );
    report.check(
        "a seek on an invented socket starts no game",
        ghost_games == 0,
        format!("{ghost_games} games"),
    );
    report.check(
        "quick pairing finds no seek of a socket that is gone",
        listed_games == 0,
        format!("{listed_games} games started from the list"),
    );
    Ok(report)
}

/// `lockout`: strangers send wrong passwords to an owner's name from several addresses, as
/// many as the server takes; then the owner logs in from a fresh address, and from the device
/// they registered on (seen from the strangers' own network): both get in, and the strangers'
/// wrong passwords are bounded.
pub async fn lockout(target: &Target) -> Result<Report, LoadtestError> {
    let mut report = Report::default();
    let addr = target.addr;
    let password = "the owner's long secret";
    let owner = match registered(addr, &address(120, 10), "owner", password).await? {
        Ok(v) => v,
        Err(a) => {
            report.check("the owner registers", false, said(&a));
            return Ok(report);
        }
    };
    // Strangers: 3 addresses of one network (Small), or 3 of each of 3 networks (Full); each
    // sends wrong passwords until refused 5 times running, or 40 at most.
    let networks: u8 = match target.size {
        Size::Small => 1,
        Size::Full => 3,
    };
    let mut wrong = 0;
    let mut limited = 0;
    for net in 0..networks {
        for host in 1..=3u8 {
            let mut stranger = Visitor::new(addr, address(121 + net, host));
            let mut refused_running = 0;
            for k in 0..40 {
                let a = stranger
                    .post(
                        "/api/account/login",
                        json!({"name": "owner", "password": format!("guess {k}")}),
                    )
                    .await?;
                match a.status {
                    403 => {
                        wrong += 1;
                        refused_running = 0;
                    }
                    _ => {
                        limited += 1;
                        refused_running += 1;
                        if refused_running >= 5 {
                            break;
                        }
                    }
                }
            }
        }
    }
    report.check(
        "the strangers' wrong passwords are bounded (20 a network an hour)",
        wrong <= 20 * usize::from(networks),
        format!("{wrong} wrong passwords answered, {limited} refused by the limits"),
    );
    let login = json!({"name": "owner", "password": password});
    let mut fresh = Visitor::new(addr, address(130, 1));
    let a = fresh.post("/api/account/login", login.clone()).await?;
    report.check(
        "the owner logs in from a fresh address",
        a.status == 200,
        said(&a),
    );
    // The owner's own browser, now on the strangers' network (the same café).
    let mut device = owner.moved_to(address(121, 200));
    let a = device.post("/api/account/login", login.clone()).await?;
    report.check(
        "the owner logs in from their known device on the strangers' network",
        a.status == 200,
        said(&a),
    );
    // A stranger's browser with a device cookie of its own (of another account) gains nothing.
    let mut other =
        match registered(addr, &address(121, 201), "other", "another long secret").await? {
            Ok(v) => v,
            Err(a) => {
                report.check("another player registers", false, said(&a));
                return Ok(report);
            }
        };
    let a = other
        .post(
            "/api/account/login",
            json!({"name": "owner", "password": "one more guess"}),
        )
        .await?;
    report.check(
        "another account's device cookie does not lift the strangers' limit",
        a.status == 429,
        said(&a),
    );
    Ok(report)
}

/// The server-wide cap on unfinished games the `game-cap` attack starts its server with
/// (`--max-games`): above one address's share (`--unfinished-per-address`, 100 by default),
/// so that one address alone cannot fill it.
pub const GAME_CAP_MAX_GAMES: usize = 150;

/// `game-cap`: one address creates games (on one device, never played) until refused, 8 at the
/// same moment each time: it is refused at its own share (429 `too_many_games_here`), never at
/// the server's cap (503 `too_many_games`), and another address still creates games.
pub async fn game_cap(target: &Target) -> Result<Report, LoadtestError> {
    let mut report = Report::default();
    let addr = target.addr;
    let one = Visitor::new(addr, address(140, 1));
    let body = json!({"kind": "local"});
    // Bursts of 8 at once, until a whole burst is refused.
    let mut made = 0;
    let mut refused = std::collections::BTreeMap::new();
    for _ in 0..(GAME_CAP_MAX_GAMES * 2 / 8) {
        let start = std::sync::Arc::new(tokio::sync::Barrier::new(8));
        let mut tasks = Vec::new();
        for _ in 0..8 {
            let mut v = one.clone();
            let connection = v.connect().await?;
            let (start, body) = (start.clone(), body.clone());
            tasks.push(tokio::spawn(async move {
                start.wait().await;
                v.send_on(connection, "POST", "/api/games", Some(&body))
                    .await
            }));
        }
        let mut burst = 0;
        for t in tasks {
            let a = t
                .await
                .map_err(|e| LoadtestError::AbuseRequest(std::io::Error::other(e)))??;
            if a.status == 201 {
                burst += 1;
            } else {
                *refused.entry(said(&a)).or_insert(0) += 1;
            }
        }
        made += burst;
        if burst == 0 {
            break;
        }
    }
    let own_share = refused.contains_key("429 too_many_games_here");
    let server_full = refused.contains_key("503 too_many_games");
    report.check(
        "one address is stopped at its own share of the unfinished games, not the server's cap",
        own_share && !server_full,
        format!("{made} made, refused {refused:?}"),
    );
    let mut other = Visitor::new(addr, address(141, 1));
    let a = other.post("/api/games", body.clone()).await?;
    report.check(
        "another address still creates a game",
        a.status == 201,
        said(&a),
    );
    let mut mandiri = Visitor::new(addr, address(141, 2));
    let a = mandiri
        .post("/api/mandiri/games", json!({"kind": "local"}))
        .await?;
    report.check(
        "another address still creates a Mandiri game",
        a.status == 201,
        said(&a),
    );
    Ok(report)
}
