//! `rajapasu loadtest --clocks`: games with clocks, paired through the lobby. Each pair of
//! players meets there (one posts a 1+0 seek from a lobby socket, the other accepts it, and the
//! seeker is told its seat on the socket), plays as fast as the server answers, and after a few
//! moves the player to move stops: their flag must fall at the stored deadline, with nobody
//! acting, and a socket on the game (on the other server, with several) is told. The server
//! runs with `--clock-scale 60`, so that 1+0 gives each player one second and flags fall
//! within the run. Reports the pairings, acknowledged moves per second and their latency, and
//! how late each flag was told after its deadline (p50, p99, max): on time means within 50 ms
//! at the p99.

use crate::client::{legal_moves, Client};
use crate::error::LoadtestError;
use crate::latency::percentile;
use crate::server;
use futures_util::StreamExt;
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};
use tokio::sync::mpsc;

/// How many times shorter the test server's clocks run: 1+0 is a second each.
pub const CLOCK_SCALE: &str = "60";
/// The time control of every game.
const CONTROL: &str = "1+0";
/// A flag told within this long after its deadline, at the p99, is on time.
pub const ON_TIME_MS: f64 = 50.0;

#[derive(Default)]
struct Tally {
    /// Acknowledged moves' latencies, µs.
    moves_us: Vec<u64>,
    /// From the accept to the seeker's `started`, µs.
    pairings_us: Vec<u64>,
    /// How late each flag was told after its deadline, µs.
    flags_late_us: Vec<u64>,
    /// Games that ended before the stop (by the rules).
    finished: u64,
    errors: u64,
    samples: Vec<String>,
}

impl Tally {
    fn error(&mut self, what: String) {
        self.errors += 1;
        if self.samples.len() < 3 {
            self.samples.push(what);
        }
    }
}

fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_millis() as u64)
        .unwrap_or(0)
}

type Ws =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// Reads a socket on its own task, passing on the messages `keep` takes, with the moment each
/// arrived (milliseconds since 1970): the socket is never left unread, and is closed when the
/// receiver is dropped.
fn reader(mut ws: Ws, keep: fn(&Value) -> bool) -> mpsc::UnboundedReceiver<(u64, Value)> {
    let (tx, rx) = mpsc::unbounded_channel();
    tokio::spawn(async move {
        loop {
            let m = tokio::select! {
                m = ws.next() => m,
                _ = tx.closed() => {
                    let _ = ws.close(None).await;
                    return;
                }
            };
            let Some(Ok(m)) = m else { return };
            let at = now_ms();
            let Ok(text) = m.to_text() else { continue };
            let Ok(v) = serde_json::from_str::<Value>(text) else {
                continue;
            };
            if keep(&v) && tx.send((at, v)).is_err() {
                return;
            }
        }
    });
    rx
}

async fn socket(url: String) -> Result<Ws, String> {
    tokio_tungstenite::connect_async(url)
        .await
        .map(|(ws, _)| ws)
        .map_err(|e| format!("socket: {e}"))
}

/// A message within `wait`, or an error naming `what`.
async fn within(
    rx: &mut mpsc::UnboundedReceiver<(u64, Value)>,
    wait: Duration,
    what: &str,
) -> Result<(u64, Value), String> {
    match tokio::time::timeout(wait, rx.recv()).await {
        Ok(Some(m)) => Ok(m),
        _ => Err(format!("no {what} within {wait:?}")),
    }
}

/// One pair of players: the seeker on `seeker_addr`, the accepter (and the game's watching
/// socket) on `accepter_addr`; games one after another until `until`.
async fn pair(
    seeker_addr: SocketAddr,
    accepter_addr: SocketAddr,
    seed: u64,
    until: Instant,
    tally: Arc<Mutex<Tally>>,
) {
    let mut t = Tally::default();
    if let Err(e) = games(seeker_addr, accepter_addr, seed, until, &mut t).await {
        t.error(e);
    }
    let mut all = tally.lock().unwrap_or_else(|e| e.into_inner());
    all.moves_us.extend(t.moves_us);
    all.pairings_us.extend(t.pairings_us);
    all.flags_late_us.extend(t.flags_late_us);
    all.finished += t.finished;
    all.errors += t.errors;
    all.samples.extend(t.samples);
}

async fn games(
    seeker_addr: SocketAddr,
    accepter_addr: SocketAddr,
    seed: u64,
    until: Instant,
    t: &mut Tally,
) -> Result<(), String> {
    let mut rng = seed | 1;
    let mut next = move || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng
    };
    let connect = |addr| async move { Client::connect(addr).await.map_err(|e| e.to_string()) };
    let mut seeker = connect(seeker_addr).await?;
    let mut accepter = connect(accepter_addr).await?;
    let lobby = socket(format!("ws://{seeker_addr}/api/lobby/ws")).await?;
    let mut lobby = reader(lobby, |v| v["type"] == "hello" || v["type"] == "started");
    let (_, hello) = within(&mut lobby, Duration::from_secs(10), "hello").await?;
    let lobby_socket = hello["socket"].as_str().unwrap_or_default().to_string();
    while Instant::now() < until {
        // The seeker posts a seek; the accepter takes it; the seeker is told its seat.
        let body = json!({"socket": lobby_socket, "clock": CONTROL}).to_string();
        let s = seeker
            .request("POST", "/api/lobby/seeks", Some(&body))
            .await
            .map_err(|e| e.to_string())?;
        let Some(seek) = s.json()["id"].as_str().map(str::to_string) else {
            return Err(format!("seek: {} {}", s.status, s.body));
        };
        let t0 = Instant::now();
        let a = accepter
            .request("POST", &format!("/api/lobby/seeks/{seek}/accept"), None)
            .await
            .map_err(|e| e.to_string())?;
        if a.status != 200 {
            return Err(format!("accept: {} {}", a.status, a.body));
        }
        let accepted = a.json();
        let (_, started) = within(&mut lobby, Duration::from_secs(10), "started").await?;
        t.pairings_us.push(t0.elapsed().as_micros() as u64);
        let id = accepted["id"].as_str().unwrap_or_default().to_string();
        let watch = socket(format!("ws://{accepter_addr}/api/games/{id}/ws")).await?;
        let mut watch = reader(watch, |v| v["type"] == "timed_out");
        // Tokens by side, and the client each side plays through.
        let seats = [
            (accepted["seat"].clone(), accepted["token"].clone()),
            (started["seat"].clone(), started["token"].clone()),
        ];
        let mut view = accepted["game"]["view"].clone();
        let mut deadline = accepted["game"]["clock"]["deadline"].as_u64();
        let stop_after = 4 + next() % 16;
        let mut ply = 0u64;
        let flagged = loop {
            let legal = legal_moves(&view);
            if legal.is_empty() {
                break false;
            }
            if ply >= stop_after {
                break true;
            }
            let to_move = view["to_move"].clone();
            let Some(k) = seats.iter().position(|(seat, _)| *seat == to_move) else {
                return Err(format!("no seat is to move: {to_move}"));
            };
            let mv = legal[(next() % legal.len() as u64) as usize];
            let body = json!({"move": mv, "ply": ply, "token": seats[k].1}).to_string();
            let client = if k == 0 { &mut accepter } else { &mut seeker };
            let m0 = Instant::now();
            let m = client
                .request("POST", &format!("/api/games/{id}/moves"), Some(&body))
                .await
                .map_err(|e| e.to_string())?;
            if m.status == 409
                && (m.body.contains("\"flagged\"") || m.body.contains("\"game_over\""))
            {
                // The server was slower than the clock (the move came at the deadline, or after
                // the flag was stored): this flag is measured too.
                break true;
            }
            if m.status != 200 {
                t.error(format!("move: {} {}", m.status, m.body));
                break false;
            }
            t.moves_us.push(m0.elapsed().as_micros() as u64);
            ply += 1;
            let mut answer = m.json();
            deadline = answer["game"]["clock"]["deadline"].as_u64();
            view = answer["game"]["view"].take();
        };
        if !flagged {
            t.finished += 1;
            continue;
        }
        let Some(deadline) = deadline else {
            return Err("a running clock with no deadline".into());
        };
        let (at, _) = within(&mut watch, Duration::from_secs(10), "flag").await?;
        t.flags_late_us
            .push(at.saturating_sub(deadline).saturating_mul(1000));
    }
    Ok(())
}

/// Runs `pairs` pairs of players for `seconds` against servers started on `db` (`instances`
/// of them, sharing a PostgreSQL database: each pair's seeker on one, its accepter on the
/// next), and prints the figures.
pub async fn run(
    db: &str,
    instances: usize,
    pairs: usize,
    seconds: f64,
) -> Result<(), LoadtestError> {
    let mut servers = Vec::new();
    for _ in 0..instances {
        // Every pair holds a lobby socket, a seek on it and a game's socket from one address.
        servers.push(server::start_with(
            db,
            &[
                "--clock-scale",
                CLOCK_SCALE,
                "--ws-per-address",
                "4096",
                "--seeks-per-address",
                "4096",
            ],
        )?);
    }
    let addrs: Vec<SocketAddr> = servers.iter().map(|s| s.addr).collect();
    println!(
        "clocks and lobby: {pairs} pairs of players meeting in the lobby for {CONTROL} games (clocks {CLOCK_SCALE} times shorter: a second each) for {seconds} s against {} (database {})",
        addrs
            .iter()
            .map(|a| format!("http://{a}/"))
            .collect::<Vec<_>>()
            .join(" and "),
        servers[0].database
    );
    let tally = Arc::new(Mutex::new(Tally::default()));
    let t0 = Instant::now();
    let until = t0 + Duration::from_secs_f64(seconds);
    let mut tasks = Vec::new();
    for k in 0..pairs {
        let seed = 0x2545_F491_4F6C_DD1D_u64.wrapping_mul(k as u64 + 1);
        let (a, b) = (addrs[k % addrs.len()], addrs[(k + 1) % addrs.len()]);
        tasks.push(tokio::spawn(pair(a, b, seed, until, tally.clone())));
    }
    futures_util::future::join_all(tasks).await;
    let elapsed = t0.elapsed().as_secs_f64();
    for s in &mut servers {
        s.kill();
    }
    let mut t = std::mem::take(&mut *tally.lock().unwrap_or_else(|e| e.into_inner()));
    report(&mut t, elapsed);
    Ok(())
}

fn report(t: &mut Tally, elapsed: f64) {
    for v in [&mut t.moves_us, &mut t.pairings_us, &mut t.flags_late_us] {
        v.sort_unstable();
    }
    let n = t.moves_us.len();
    println!(
        "acknowledged moves {n} in {elapsed:.1} s: {:.0} moves/s; latency p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        n as f64 / elapsed,
        percentile(&t.moves_us, 0.5),
        percentile(&t.moves_us, 0.99),
        percentile(&t.moves_us, 1.0),
    );
    println!(
        "pairings through the lobby {}: seek accepted to the seeker told, p50 {:.2} ms, p99 {:.2} ms",
        t.pairings_us.len(),
        percentile(&t.pairings_us, 0.5),
        percentile(&t.pairings_us, 0.99),
    );
    let p99 = percentile(&t.flags_late_us, 0.99);
    println!(
        "flags {} (games ended by the rules {}): told after the deadline by p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms: {}; errors {}",
        t.flags_late_us.len(),
        t.finished,
        percentile(&t.flags_late_us, 0.5),
        p99,
        percentile(&t.flags_late_us, 1.0),
        if t.flags_late_us.is_empty() {
            "no flag fell".to_string()
        } else if p99 <= ON_TIME_MS {
            format!("on time (within {ON_TIME_MS} ms at the p99)")
        } else {
            format!("LATE (over {ON_TIME_MS} ms at the p99)")
        },
        t.errors
    );
    for s in t.samples.iter().take(3) {
        println!("  error sample: {s}");
    }
}
