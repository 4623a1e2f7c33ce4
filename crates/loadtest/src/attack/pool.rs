//! The searches' attacks (docs/SERVER.md, "Attacks and what holds", "Searches"): the mistakes
//! finder flooded and abandoned, one address's hints, analyses and mistakes against another
//! player's computer, and Mandiri hints against the search quotas.
//!
//! Several addresses are simulated with `X-Forwarded-For` on a server started with
//! `--trust-proxy` ([`FLAGS`]). What the server did is read from its `/metrics`: its
//! resident memory and peak (VmHWM), and the search workers' counters of searches stopped,
//! dropped, and run on after they were given up.

use super::report::{Report, Size, Target};
use crate::client::{legal_moves, Answer, Client};
use crate::error::LoadtestError;
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::time::{Duration, Instant};

/// The flags every attack of this module needs: addresses are taken from `X-Forwarded-For`.
pub const FLAGS: &[&str] = &["--trust-proxy"];

/// The rules of the games the mistakes finder is given: one round.
const ROUND: &str = "canonical/mode=round";
/// How long an abandoned request waits before its client goes away.
const ABANDON_AFTER: Duration = Duration::from_secs(1);
/// The longest an attack waits for the server to settle (its searches to end): a bound, not
/// a measurement.
const SETTLE: Duration = Duration::from_secs(120);

/// A request from `from` (an address for `X-Forwarded-For`), with a session cookie if given,
/// on a connection of its own.
async fn send(
    addr: SocketAddr,
    from: &str,
    method: &str,
    path: &str,
    body: Option<&Value>,
    cookie: Option<&str>,
) -> std::io::Result<Answer> {
    let mut c = Client::connect(addr).await?;
    let text = body.map(Value::to_string);
    let mut headers = vec![("X-Forwarded-For", from)];
    if let Some(cookie) = cookie {
        headers.push(("Cookie", cookie));
    }
    c.request_with(method, path, text.as_deref(), &headers)
        .await
}

async fn post(addr: SocketAddr, from: &str, path: &str, body: &Value) -> std::io::Result<Answer> {
    send(addr, from, "POST", path, Some(body), None).await
}

/// The server's `/metrics` text.
async fn metrics(addr: SocketAddr) -> Result<String, LoadtestError> {
    let mut c = Client::connect(addr)
        .await
        .map_err(LoadtestError::AbuseRequest)?;
    let a = c
        .request("GET", "/metrics", None)
        .await
        .map_err(LoadtestError::AbuseRequest)?;
    Ok(a.body)
}

/// The value of the metric `name` (with its labels, as written) in `text`.
///
/// ```
/// # use rajapasu_loadtest::attack::pool::metric;
/// let text = "# HELP x y\nrajapasu_a{p=\"b\"} 2.5\nrajapasu_c 7\n";
/// assert_eq!(metric(text, "rajapasu_a{p=\"b\"}"), Some(2.5));
/// assert_eq!(metric(text, "rajapasu_c"), Some(7.0));
/// assert_eq!(metric(text, "rajapasu_d"), None);
/// ```
pub fn metric(text: &str, name: &str) -> Option<f64> {
    text.lines()
        .filter_map(|l| l.split_once(' '))
        .find(|(k, _)| *k == name)
        .and_then(|(_, v)| v.trim().parse().ok())
}

/// The background searches' counters: stopped and dropped (given up), and the seconds they
/// ran on after being given up; zero where the server has none.
fn given_up(text: &str) -> (f64, f64) {
    let m = |name: &str| metric(text, &format!("{name}{{priority=\"background\"}}")).unwrap_or(0.0);
    (
        m("rajapasu_searches_stopped_total") + m("rajapasu_searches_dropped_total"),
        m("rajapasu_search_seconds_after_cancel_total"),
    )
}

/// Waits (at most [`SETTLE`]) until no search runs or waits.
async fn settle(addr: SocketAddr) -> Result<String, LoadtestError> {
    let deadline = Instant::now() + SETTLE;
    loop {
        let text = metrics(addr).await?;
        let idle = metric(&text, "rajapasu_searches_running") == Some(0.0)
            && metric(&text, "rajapasu_search_queue_length") == Some(0.0);
        if idle || Instant::now() > deadline {
            return Ok(text);
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// An answer the attack needed and did not get, as an error.
fn not_given(a: &Answer) -> LoadtestError {
    LoadtestError::AbuseRequest(std::io::Error::other(format!(
        "refused: {} {}",
        a.status, a.body
    )))
}

fn mb(bytes: Option<f64>) -> String {
    bytes.map_or("unknown".into(), |b| format!("{:.0} MB", b / 1048576.0))
}

/// A position the mistakes finder cannot settle quickly, and South's move in it: 78 counters on
/// the board, off the opening book and the endgame table's reach, so that the request takes a
/// search worker for its whole time (15 s do not prove the best move's value).
const HARD: (&str, u8) = ("14,1,0,0,13,2,3/x,13,3,13,0,2,14 S 4 9 6 1 2", 6);

/// The body of a mistakes request the finder spends its whole time on.
fn mistakes_body() -> Value {
    json!({"rules": ROUND, "start": HARD.0, "moves": [HARD.1], "side": "south"})
}

/// What became of requests sent at once and abandoned after [`ABANDON_AFTER`].
#[derive(Default)]
struct Abandoned {
    /// Answered 429 (a quota).
    refused: usize,
    /// Answered otherwise in time (by status).
    answered: Vec<u16>,
    /// Given up by their client.
    abandoned: usize,
}

/// Sends the mistakes request `body` from each address of `from` at once, and gives up each
/// that has no answer after [`ABANDON_AFTER`] (its connection closed).
async fn mistakes_abandoned(addr: SocketAddr, from: Vec<String>, body: &Value) -> Abandoned {
    let tasks: Vec<_> = from
        .into_iter()
        .map(|ip| {
            let body = body.clone();
            tokio::spawn(async move {
                let asked = post(addr, &ip, "/api/puzzles/mistakes", &body);
                tokio::time::timeout(ABANDON_AFTER, asked).await
            })
        })
        .collect();
    let mut out = Abandoned::default();
    for t in tasks {
        match t.await {
            Ok(Ok(Ok(a))) if a.status == 429 => out.refused += 1,
            Ok(Ok(Ok(a))) => out.answered.push(a.status),
            _ => out.abandoned += 1,
        }
    }
    out
}

/// `mistakes-flood`: 16 mistakes requests at once from one address (the quota refuses most),
/// then 16 at once from 16 addresses, all abandoned after a second: the server's peak memory
/// stays within a bound, and every abandoned search is stopped or dropped at once.
pub async fn mistakes_flood(target: &Target) -> Result<Report, LoadtestError> {
    let addr = target.addr;
    let mut report = Report::default();
    let n = 16;
    // The bound on the server's peak resident memory: its own memory and one proof table
    // (24 MB) and a few search tables at most, never one table per request. In the tests
    // the server shares its process with the test harness, which adds to it.
    let bound_mb = match target.size {
        Size::Small => 320.0,
        Size::Full => 160.0,
    };
    let body = mistakes_body();
    let before = metrics(addr).await?;
    let (given_up_before, after_before) = given_up(&before);

    let one = mistakes_abandoned(addr, vec!["10.20.1.1".to_string(); n], &body).await;
    report.check(
        "mistakes requests from one address are counted against a search quota",
        one.refused >= n / 2,
        format!(
            "{n} at once: {} refused 429, {} abandoned after {ABANDON_AFTER:?}, answered {:?}",
            one.refused, one.abandoned, one.answered
        ),
    );
    let many = mistakes_abandoned(
        addr,
        (0..n).map(|k| format!("10.20.2.{}", k + 1)).collect(),
        &body,
    )
    .await;
    let text = settle(addr).await?;
    let (given_up_after, after_cancel) = given_up(&text);
    let abandoned = one.abandoned + many.abandoned;
    let stopped = given_up_after - given_up_before;
    report.check(
        "every abandoned mistakes search is stopped or dropped",
        abandoned > 0 && stopped >= abandoned as f64,
        format!(
            "{abandoned} abandoned ({} refused, {:?} answered from 16 addresses); {stopped} stopped or dropped",
            many.refused, many.answered
        ),
    );
    let after = after_cancel - after_before;
    report.check(
        "abandoned searches stop within a second each",
        // A second each on average, summed over the searches: a bound a busy machine keeps (a
        // stopped search's worker may wait for a core before it sees the stop), far under the
        // five seconds each that searches kept on after their clients went, before the fix.
        abandoned > 0 && stopped > 0.0 && after <= abandoned as f64,
        format!(
            "{after:.3} s of search after their clients went away; background search CPU {:.1} s in all",
            metric(&text, "rajapasu_search_cpu_seconds_total{priority=\"background\"}")
                .unwrap_or(0.0)
        ),
    );
    // A server that does not say its memory, in the tests, runs in this process: its peak
    // is this process's.
    let peak = metric(&text, "rajapasu_process_peak_resident_bytes").or_else(|| {
        (target.size == Size::Small)
            .then(|| crate::measure::memory_mb(std::process::id()))
            .flatten()
            .map(|(peak, _)| peak * 1048576.0)
    });
    report.check(
        format!("the server's peak memory stays within {bound_mb} MB"),
        peak.is_some_and(|p| p / 1048576.0 <= bound_mb),
        format!(
            "peak (VmHWM) {} (before {}), now {}; search tables held {}",
            mb(peak),
            mb(metric(&before, "rajapasu_process_peak_resident_bytes")),
            mb(metric(&text, "rajapasu_process_resident_bytes")),
            mb(metric(&text, "rajapasu_search_memory_bytes")),
        ),
    );
    Ok(report)
}

/// The seconds a level-2 computer takes to answer each of `replies` moves of `player` (an
/// address), seen by asking for the game until the computer has moved.
async fn computer_replies(
    addr: SocketAddr,
    player: &str,
    replies: usize,
) -> Result<Vec<f64>, LoadtestError> {
    let created = post(
        addr,
        player,
        "/api/games",
        &json!({"kind": "computer", "level": 2, "side": "south"}),
    )
    .await
    .map_err(LoadtestError::AbuseRequest)?;
    let v = created.json();
    let (Some(id), Some(token)) = (v["id"].as_str(), v["token"].as_str()) else {
        return Err(not_given(&created));
    };
    let mut game = v["game"].clone();
    let mut out = Vec::new();
    while out.len() < replies {
        let ply = game["ply"].as_u64().unwrap_or(0);
        let Some(&mv) = legal_moves(&game["view"]).first() else {
            break;
        };
        let body = json!({"move": mv, "ply": ply, "token": token});
        let a = post(addr, player, &format!("/api/games/{id}/moves"), &body)
            .await
            .map_err(LoadtestError::AbuseRequest)?;
        if a.status != 200 {
            return Err(not_given(&a));
        }
        let played = Instant::now();
        let deadline = played + SETTLE;
        loop {
            let a = send(addr, player, "GET", &format!("/api/games/{id}"), None, None)
                .await
                .map_err(LoadtestError::AbuseRequest)?;
            game = a.json();
            let now = game["ply"].as_u64().unwrap_or(0);
            // The computer has moved, or the game is over.
            let over = legal_moves(&game["view"]).is_empty();
            if now >= ply + 2 || over || Instant::now() > deadline {
                break;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        out.push(played.elapsed().as_secs_f64());
    }
    Ok(out)
}

/// Keeps asking for hints on a game of its own from `from` until told to stop: at once again
/// after an answer, after the wait asked for after a refusal.
async fn keep_hinting(addr: SocketAddr, from: String) {
    let Ok(created) = post(addr, &from, "/api/games", &json!({"kind": "local"})).await else {
        return;
    };
    let v = created.json();
    let (Some(id), Some(token)) = (v["id"].as_str(), v["token"].as_str()) else {
        return;
    };
    let body = json!({"token": token});
    loop {
        match post(addr, &from, &format!("/api/games/{id}/hint"), &body).await {
            Ok(a) if a.status == 200 => {}
            Ok(_) => tokio::time::sleep(Duration::from_secs(1)).await,
            Err(_) => return,
        }
    }
}

/// Keeps asking `path` with `body` from `from`, as [`keep_hinting`] does.
async fn keep_asking(addr: SocketAddr, from: String, path: &'static str, body: Value) {
    loop {
        match post(addr, &from, path, &body).await {
            Ok(a) if a.status == 200 => {}
            Ok(_) => tokio::time::sleep(Duration::from_secs(1)).await,
            Err(_) => return,
        }
    }
}

/// `hint-flood`: one address floods hints, analyses and mistakes (within its quotas: what
/// is refused is asked again after the wait) while another plays a level-2 computer game:
/// that player's replies stay within 2 s of its replies on the quiet server.
pub async fn hint_flood(target: &Target) -> Result<Report, LoadtestError> {
    let addr = target.addr;
    let mut report = Report::default();
    let (hints, analyses, mistakes, slack) = match target.size {
        Size::Small => (40, 8, 2, 4.0),
        Size::Full => (60, 20, 4, 2.0),
    };
    let quiet = computer_replies(addr, "10.30.0.2", 3).await?;
    let flooder = "10.30.0.1".to_string();
    let mut flood = Vec::new();
    for _ in 0..hints {
        flood.push(tokio::spawn(keep_hinting(addr, flooder.clone())));
    }
    for _ in 0..analyses {
        let body = json!({"movetime_ms": 3000});
        flood.push(tokio::spawn(keep_asking(
            addr,
            flooder.clone(),
            "/api/analysis",
            body,
        )));
    }
    for _ in 0..mistakes {
        flood.push(tokio::spawn(keep_asking(
            addr,
            flooder.clone(),
            "/api/puzzles/mistakes",
            mistakes_body(),
        )));
    }
    // The flood has filled the queue: the workers are all busy.
    let deadline = Instant::now() + SETTLE;
    loop {
        let text = metrics(addr).await?;
        let queued = metric(&text, "rajapasu_search_queue_length").unwrap_or(0.0);
        if queued >= (hints / 2) as f64 || Instant::now() > deadline {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let loaded = computer_replies(addr, "10.30.0.2", 3).await;
    let text = metrics(addr).await?;
    for task in &flood {
        task.abort();
    }
    let loaded = loaded?;
    let worst = |v: &[f64]| v.iter().copied().fold(0.0, f64::max);
    let (quiet_worst, loaded_worst) = (worst(&quiet), worst(&loaded));
    report.check(
        format!("another player's level-2 replies stay within {slack} s of the quiet server's"),
        !loaded.is_empty() && loaded_worst <= quiet_worst + slack,
        format!(
            "quiet {quiet:.2?} s, under the flood ({hints} hints, {analyses} analyses, {mistakes} mistakes at a time) {loaded:.2?} s; searches queued {}",
            metric(&text, "rajapasu_search_queue_length").unwrap_or(0.0)
        ),
    );
    settle(addr).await?;
    Ok(report)
}

/// Asks for `n` hints at once on the Mandiri game `id` from the addresses of `from` (in
/// turn), with `cookie`: the 429 answers' messages.
async fn mandiri_hints(
    addr: SocketAddr,
    from: &[String],
    game: &(String, String),
    n: usize,
    cookie: Option<&str>,
) -> Vec<String> {
    let tasks: Vec<_> = (0..n)
        .map(|k| {
            let ip = from[k % from.len()].clone();
            let (id, token) = game.clone();
            let cookie = cookie.map(str::to_string);
            tokio::spawn(async move {
                let path = format!("/api/mandiri/games/{id}/hint");
                let body = json!({"token": token});
                send(addr, &ip, "POST", &path, Some(&body), cookie.as_deref()).await
            })
        })
        .collect();
    let mut refused = Vec::new();
    for t in tasks {
        if let Ok(Ok(a)) = t.await {
            if a.status == 429 {
                refused.push(a.json()["error"].as_str().unwrap_or("").to_string());
            }
        }
    }
    refused
}

/// `mandiri-hints`: Mandiri hints from one address, then from many addresses of one
/// signed-in account: both are refused by a search quota (per address, per account), not
/// the moves' one.
pub async fn mandiri_hints_quota(target: &Target) -> Result<Report, LoadtestError> {
    let addr = target.addr;
    let mut report = Report::default();
    // More than a minute's searches of the defaults (120), or of the tests' small limits.
    let n = match target.size {
        Size::Small => 24,
        Size::Full => 130,
    };
    let owner = "10.40.0.1";
    let created = post(addr, owner, "/api/mandiri/games", &json!({"kind": "local"}))
        .await
        .map_err(LoadtestError::AbuseRequest)?;
    let v = created.json();
    let (Some(id), Some(token)) = (v["id"].as_str(), v["token"].as_str()) else {
        return Err(not_given(&created));
    };
    let game = (id.to_string(), token.to_string());
    let refused = mandiri_hints(addr, &["10.40.1.1".to_string()], &game, n, None).await;
    let as_searches = refused.iter().filter(|e| e.contains("search")).count();
    report.check(
        "Mandiri hints from one address are refused by the search quota",
        as_searches > 0,
        format!(
            "{n} at once: {} refused 429, {as_searches} of them as searches ({:?})",
            refused.len(),
            refused.first()
        ),
    );
    // One account from many addresses, each asking for few hints.
    let name = format!("hinter{}", std::process::id() % 100_000);
    let registered = post(
        addr,
        "10.40.2.1",
        "/api/account/register",
        &json!({"name": name, "password": "a long enough secret"}),
    )
    .await
    .map_err(LoadtestError::AbuseRequest)?;
    let cookie = registered
        .header_values("set-cookie")
        .find_map(|c| {
            c.split(';')
                .next()
                .filter(|c| c.starts_with("rajapasu_session="))
        })
        .map(str::to_string);
    let Some(cookie) = cookie else {
        return Err(not_given(&registered));
    };
    let from: Vec<String> = (0..n / 4).map(|k| format!("10.40.3.{}", k + 1)).collect();
    let refused = mandiri_hints(addr, &from, &game, n, Some(&cookie)).await;
    let by_account = refused.iter().filter(|e| e.contains("account")).count();
    report.check(
        "one account's hints from many addresses are refused by its search quota",
        by_account > 0,
        format!(
            "{n} at once from {} addresses: {} refused 429, {by_account} by the account's quota",
            from.len(),
            refused.len()
        ),
    );
    settle(addr).await?;
    Ok(report)
}
