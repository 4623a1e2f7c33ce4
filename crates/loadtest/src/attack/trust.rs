//! The attacks on what the server takes from a client (docs/SERVER.md, "Attacks and what
//! holds", findings 1, 2 and 8): a forged rating sent with a puzzle attempt or a registration
//! ([`Attack::ForgedRating`](crate::attack::Attack::ForgedRating)), a puzzle result claimed rather than
//! played ([`Attack::ForgedResult`](crate::attack::Attack::ForgedResult)), and rated games resigned
//! before a move to feed another account's rating
//! ([`Attack::RatedAtPly0`](crate::attack::Attack::RatedAtPly0)).
//!
//! Each speaks HTTP only, with the bodies an attacker would forge, and checks what came of it
//! through the public API: the answers, the account's and the puzzle's ratings, the player's
//! page, the leaderboard.

use super::report::{Report, Size, Target};
use crate::client::{Answer, Client};
use crate::error::LoadtestError;
use serde_json::{json, Value};
use std::net::{IpAddr, Ipv4Addr, SocketAddr};

/// A browser of the attacker's: the session cookie the server last set.
struct Visitor {
    addr: SocketAddr,
    cookie: Option<String>,
}

impl Visitor {
    fn new(addr: SocketAddr) -> Visitor {
        Visitor { addr, cookie: None }
    }

    /// A request with the session cookie, keeping the one the answer sets.
    async fn send(
        &mut self,
        method: &str,
        path: &str,
        body: Option<&Value>,
    ) -> Result<Answer, LoadtestError> {
        let mut c = Client::connect(self.addr)
            .await
            .map_err(LoadtestError::AbuseConnect)?;
        let cookie = self
            .cookie
            .as_ref()
            .map(|c| format!("rajapasu_session={c}"));
        let headers: Vec<(&str, &str)> = cookie.iter().map(|c| ("Cookie", c.as_str())).collect();
        let text = body.map(Value::to_string);
        let a = c
            .request_with(method, path, text.as_deref(), &headers)
            .await
            .map_err(LoadtestError::AbuseRequest)?;
        if let Some(set) = a.header_values("set-cookie").next() {
            let value = set
                .split(';')
                .next()
                .and_then(|kv| kv.split_once('='))
                .map_or("", |(_, v)| v);
            self.cookie = (!value.is_empty()).then(|| value.to_string());
        }
        Ok(a)
    }

    async fn get(&mut self, path: &str) -> Result<Answer, LoadtestError> {
        self.send("GET", path, None).await
    }

    async fn post(&mut self, path: &str, body: Value) -> Result<Answer, LoadtestError> {
        self.send("POST", path, Some(&body)).await
    }

    /// Registers `name`: the answer's status.
    async fn register(&mut self, name: &str) -> Result<u16, LoadtestError> {
        let body = json!({"name": name, "password": PASSWORD});
        Ok(self.post("/api/account/register", body).await?.status)
    }

    /// The signed-in account's puzzle rating (`None` before its first attempt).
    async fn puzzle_rating(&mut self) -> Result<Option<f64>, LoadtestError> {
        let a = self.get("/api/account").await?;
        Ok(a.json()["account"]["puzzle_rating"]["rating"].as_f64())
    }
}

const PASSWORD: &str = "a long enough secret";

/// A name no earlier run took (the command may run against a lasting database): `prefix` and
/// the clock's nanoseconds.
fn fresh_name(prefix: &str) -> String {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    format!("{prefix}{nanos:09}")
}

/// `status code`, as a report shows an answer.
fn seen(a: &Answer) -> String {
    let code = a.json()["code"].as_str().unwrap_or("").to_string();
    format!("{} {code}", a.status)
}

/// The main line of the puzzle `p` as the API gives it: the key move, the first defence, and
/// so on to the solution's end.
fn main_line(p: &Value) -> Vec<u64> {
    let mut line = vec![];
    let mut step = &p["solution"];
    while let Some(mv) = step["move"].as_u64() {
        line.push(mv);
        match step["defences"].as_array().and_then(|d| d.first()) {
            Some(d) => {
                line.extend(d["move"].as_u64());
                step = &d["then"];
            }
            None => break,
        }
    }
    line
}

/// A legal first move of `p` that is not the best, if it has one.
fn a_miss(p: &Value) -> Option<u64> {
    let values = p["solution"]["values"].as_array()?;
    let best = values.iter().filter_map(Value::as_i64).max()?;
    (1..=7u64).find(|&n| {
        values
            .get(n as usize - 1)
            .and_then(Value::as_i64)
            .is_some_and(|v| v < best)
    })
}

/// A puzzle near 1500 with a miss among its first moves, the first of the draws from `seed`.
async fn puzzle_with_a_miss(v: &mut Visitor, seed: u64) -> Result<Value, LoadtestError> {
    let mut last = Value::Null;
    for s in seed..seed + 50 {
        last = v
            .get(&format!("/api/puzzles/next?rating=1500&seed={s}"))
            .await?
            .json();
        if a_miss(&last).is_some() {
            break;
        }
    }
    Ok(last)
}

fn attempt_path(p: &Value) -> String {
    format!("/api/puzzles/{}/attempt", p["id"].as_str().unwrap_or(""))
}

/// The puzzle's rating now, as its page shows it.
async fn puzzle_rating_now(v: &mut Visitor, p: &Value) -> Result<Option<i64>, LoadtestError> {
    let id = p["id"].as_str().unwrap_or("");
    Ok(v.get(&format!("/api/puzzles/{id}")).await?.json()["rating_now"].as_i64())
}

/// Finding 1: a guest's attempt with a forged rating, and a registration with one; then
/// whether the store still serves a move, a login and a new game, and whether the player's
/// page shows the forged number.
pub(super) async fn forged_rating(t: &Target) -> Result<Report, LoadtestError> {
    let mut report = Report::default();
    let mut guest = Visitor::new(t.addr);
    let p = puzzle_with_a_miss(&mut guest, 1).await?;
    let path = attempt_path(&p);
    let forged = [
        json!({"rating": 20000, "deviation": 350, "volatility": 0.06}),
        json!({"rating": 1500, "deviation": 1e300, "volatility": 0.06}),
        json!({"rating": 1e15, "deviation": 1e-9, "volatility": 1e-9}),
    ];
    for player in &forged {
        // As the page sent it before attempts carried their moves, and as it sends them now.
        for body in [
            json!({"solved": true, "player": player}),
            json!({"moves": main_line(&p), "player": player}),
        ] {
            let a = guest.post(&path, body.clone()).await?;
            report.check(
                format!("a guest's attempt with a forged rating {body} is refused"),
                (400..500).contains(&a.status),
                seen(&a),
            );
        }
    }
    let forger = fresh_name("Forger");
    let body = json!({"name": forger, "password": PASSWORD,
        "puzzle_rating": {"rating": 1e15, "deviation": 1e-9, "volatility": 1e-9}});
    let a = Visitor::new(t.addr)
        .post("/api/account/register", body)
        .await?;
    report.check(
        "a registration with a forged puzzle rating (1e15) is refused with 422",
        a.status == 422,
        seen(&a),
    );
    // The store still serves: a new game and a move, a registration and a login.
    let mut c = Client::connect(t.addr)
        .await
        .map_err(LoadtestError::AbuseConnect)?;
    let game = crate::measure::local_game(&mut c).await;
    let moved = match &game {
        Some((id, token, view)) => {
            let mv = crate::client::legal_moves(view)
                .first()
                .copied()
                .unwrap_or(1);
            let body = json!({"move": mv, "token": token});
            crate::measure::json_post(&mut c, &format!("/api/games/{id}/moves"), &body)
                .await
                .map_err(LoadtestError::AbuseRequest)?
                .status
        }
        None => 0,
    };
    report.check(
        "a new game and a move are served after the forged attempts",
        game.is_some() && moved == 200,
        format!(
            "game {}, move {moved}",
            if game.is_some() { "made" } else { "refused" }
        ),
    );
    let honest = fresh_name("Honest");
    let registered = Visitor::new(t.addr).register(&honest).await?;
    let login = Visitor::new(t.addr)
        .post(
            "/api/account/login",
            json!({"name": honest, "password": PASSWORD}),
        )
        .await?;
    report.check(
        "a registration and a login are served after them",
        registered == 201 && login.status == 200,
        format!("register {registered}, login {}", seen(&login)),
    );
    let lobby = guest.get("/api/lobby/seeks").await?;
    report.check(
        "the lobby is served after them",
        lobby.status == 200,
        seen(&lobby),
    );
    // The forger's page: no account (refused), or no number out of bounds.
    let page = guest.get(&format!("/api/players/{forger}")).await?;
    let shown = page.json()["puzzle_rating"]["rating"].as_f64();
    report.check(
        "the player's page shows no forged number",
        page.status == 404 || shown.map_or(true, |r| r <= 4000.0),
        format!("{}, puzzle rating {shown:?}", seen(&page)),
    );
    Ok(report)
}

/// Finding 2: puzzle results claimed rather than played, by an account (claims, wrong moves,
/// the same puzzle again and again) and by guests from several addresses.
pub(super) async fn forged_result(t: &Target) -> Result<Report, LoadtestError> {
    let mut report = Report::default();
    let (repeats, guest_attempts) = match t.size {
        Size::Small => (5, 4),
        Size::Full => (30, 40),
    };
    let mut cheat = Visitor::new(t.addr);
    let name = fresh_name("Cheat");
    let status = cheat.register(&name).await?;
    report.check("the cheat registers", status == 201, status.to_string());
    let p = puzzle_with_a_miss(&mut cheat, 11).await?;
    let path = attempt_path(&p);
    // A claim with no moves.
    let a = cheat.post(&path, json!({"solved": true})).await?;
    let after_claim = cheat.puzzle_rating().await?;
    report.check(
        "a claim of a solve without moves is refused and rates nothing",
        (400..500).contains(&a.status) && after_claim.is_none(),
        format!("{}, account rating {after_claim:?}", seen(&a)),
    );
    // Moves that are not the line: junk, and a miss claimed as nothing.
    let junk = cheat.post(&path, json!({"moves": [9, 9, 9]})).await?;
    report.check(
        "moves that cannot be played are refused (422)",
        junk.status == 422,
        seen(&junk),
    );
    let q = puzzle_with_a_miss(&mut cheat, 211).await?;
    let miss = a_miss(&q).unwrap_or(1);
    let a = cheat
        .post(&attempt_path(&q), json!({"moves": [miss], "solved": true}))
        .await?;
    let missed = cheat
        .post(&attempt_path(&q), json!({"moves": [miss]}))
        .await?;
    report.check(
        "a miss is judged failed whatever is claimed",
        (400..500).contains(&a.status) && missed.json()["solved"] == json!(false),
        format!("claimed: {}; played: {}", seen(&a), missed.body),
    );
    let before = cheat.puzzle_rating().await?;
    // One honest solve, then the same puzzle again and again, played and claimed.
    let honest = cheat.post(&path, json!({"moves": main_line(&p)})).await?;
    let after_one = cheat.puzzle_rating().await?;
    let puzzle_after_one = puzzle_rating_now(&mut cheat, &p).await?;
    for _ in 0..repeats {
        cheat.post(&path, json!({"moves": main_line(&p)})).await?;
        cheat.post(&path, json!({"solved": true})).await?;
    }
    let after_all = cheat.puzzle_rating().await?;
    let puzzle_after_all = puzzle_rating_now(&mut cheat, &p).await?;
    report.check(
        format!("{repeats} more solves of the same puzzle move the account no further"),
        honest.status == 200 && after_one.is_some() && after_all == after_one,
        format!("before {before:?}, after one {after_one:?}, after all {after_all:?}"),
    );
    report.check(
        format!("{repeats} more solves move the puzzle no further"),
        puzzle_after_all == puzzle_after_one,
        format!("after one {puzzle_after_one:?}, after all {puzzle_after_all:?}"),
    );
    // Guests fail a shared puzzle again and again from five addresses.
    let r = puzzle_with_a_miss(&mut cheat, 311).await?;
    let start = puzzle_rating_now(&mut cheat, &r).await?;
    let (path, miss) = (attempt_path(&r), a_miss(&r).unwrap_or(1));
    let mut statuses = std::collections::BTreeMap::new();
    for i in 0..guest_attempts {
        let from = IpAddr::V4(Ipv4Addr::new(127, 0, 0, 2 + (i % 5) as u8));
        for body in [json!({"solved": false}), json!({"moves": [miss]})] {
            let status = post_from(t.addr, from, &path, &body).await?;
            *statuses.entry(status).or_insert(0u32) += 1;
        }
    }
    let end = puzzle_rating_now(&mut cheat, &r).await?;
    report.check(
        format!(
            "{} guests' failed attempts from 5 addresses do not move the puzzle",
            guest_attempts * 2
        ),
        start.is_some() && end == start,
        format!("rating {start:?} then {end:?}; answers {statuses:?}"),
    );
    Ok(report)
}

/// A POST of `body` to `path` on a new connection from the local address `from` (another
/// loopback address is another client's address to the server), closed after the answer: its
/// status.
async fn post_from(
    addr: SocketAddr,
    from: IpAddr,
    path: &str,
    body: &Value,
) -> Result<u16, LoadtestError> {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let socket = tokio::net::TcpSocket::new_v4().map_err(LoadtestError::AbuseConnect)?;
    socket
        .bind(SocketAddr::new(from, 0))
        .map_err(LoadtestError::AbuseConnect)?;
    let mut stream = socket
        .connect(addr)
        .await
        .map_err(LoadtestError::AbuseConnect)?;
    let body = body.to_string();
    let request = format!(
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream
        .write_all(request.as_bytes())
        .await
        .map_err(LoadtestError::AbuseRequest)?;
    let mut answer = Vec::new();
    stream
        .read_to_end(&mut answer)
        .await
        .map_err(LoadtestError::AbuseRequest)?;
    let text = String::from_utf8_lossy(&answer);
    Ok(text
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0))
}

/// Finding 8: an alt account joins the booster's rated games and resigns before any move,
/// again and again; then the booster's rating and the leaderboard.
pub(super) async fn rated_at_ply_0(t: &Target) -> Result<Report, LoadtestError> {
    let mut report = Report::default();
    let games = match t.size {
        Size::Small => 3,
        Size::Full => 10,
    };
    let (booster_name, alt_name) = (fresh_name("Booster"), fresh_name("Alt"));
    let (mut booster, mut alt) = (Visitor::new(t.addr), Visitor::new(t.addr));
    let statuses = (
        booster.register(&booster_name).await?,
        alt.register(&alt_name).await?,
    );
    report.check(
        "the booster and the alt register",
        statuses == (201, 201),
        format!("{statuses:?}"),
    );
    let mut resigned = 0;
    for _ in 0..games {
        let body = json!({"kind": "online", "mode": "round", "clock": "5+3", "rated": true});
        let created = booster.post("/api/games", body).await?.json();
        let (Some(id), Some(invite)) = (created["id"].as_str(), created["invite"].as_str()) else {
            continue;
        };
        let code = invite.split("invite=").nth(1).unwrap_or("");
        let joined = alt
            .post(&format!("/api/games/{id}/join"), json!({"invite": code}))
            .await?
            .json();
        let Some(token) = joined["token"].as_str() else {
            continue;
        };
        let a = alt
            .post(&format!("/api/games/{id}/resign"), json!({"token": token}))
            .await?;
        resigned += u32::from(a.status == 200);
    }
    report.check(
        format!("{games} rated games resigned at ply 0"),
        resigned == games,
        format!("{resigned} resigned"),
    );
    let page = booster
        .get(&format!("/api/players/{booster_name}"))
        .await?
        .json();
    let rated = &page["ratings"]["round-blitz"];
    report.check(
        "the booster's rating did not move",
        rated.is_null() || rated["games"] == json!(0),
        format!("round-blitz: {rated}"),
    );
    let board = booster.get("/api/leaderboard/round-blitz").await?.json();
    let listed = board["players"]
        .as_array()
        .is_some_and(|l| l.iter().any(|p| p["name"] == json!(booster_name)));
    report.check(
        "the booster is not on the leaderboard",
        !listed,
        format!(
            "{} players listed",
            board["players"].as_array().map_or(0, Vec::len)
        ),
    );
    Ok(report)
}
