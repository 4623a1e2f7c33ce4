//! `rajapasu loadtest --abuse MODE`: attacks a server started for the test in one way, on
//! loopback, while a probe sends a normal request every 100 ms; then reports the server's
//! peak memory (VmHWM from /proc), the probe's latencies and failures, and what the attack
//! got. docs/SERVER.md has the figures.

use crate::client::Client;
use crate::error::LoadtestError;
use crate::latency::percentile;
use crate::measure::{human_moves, json_post, local_game, memory_mb};
use crate::server::{self, Server};
use serde_json::json;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::io::AsyncWriteExt;
use tokio::net::TcpStream;

/// The attacks.
#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum Abuse {
    /// 200 games against the level-6 computer thinking at once, while other clients play
    /// moves: their latency.
    Level6,
    /// 200 hints asked for at once, again and again.
    Hints,
    /// 1,000 connections opened and left idle.
    IdleConnections,
    /// 1,000 connections each sending half a request, and no more.
    HalfSent,
    /// 5,000 games created as fast as the server takes them.
    Games,
    /// 200 WebSockets each sending a 1 MiB message.
    WsLarge,
    /// A SIGTERM while a request is half sent: the time until the server has exited.
    Shutdown,
    /// Players' moves on a server building the endgame table in the background, against
    /// the same on a server that is not (stopped meanwhile), in turns.
    Build,
}

/// A normal request every 100 ms, its latencies and failures.
struct Probe {
    stop: Arc<AtomicBool>,
    task: tokio::task::JoinHandle<(Vec<u64>, u64)>,
}

impl Probe {
    fn start(addr: SocketAddr) -> Probe {
        let stop = Arc::new(AtomicBool::new(false));
        let flag = stop.clone();
        let task = tokio::spawn(async move {
            let (mut lat, mut failed) = (Vec::new(), 0u64);
            while !flag.load(Ordering::Relaxed) {
                let t = Instant::now();
                let ok = async {
                    let mut c = Client::connect(addr).await.ok()?;
                    let a = c.request("GET", "/api/meta", None).await.ok()?;
                    (a.status == 200).then_some(())
                };
                match tokio::time::timeout(Duration::from_secs(5), ok).await {
                    Ok(Some(())) => lat.push(t.elapsed().as_micros() as u64),
                    _ => failed += 1,
                }
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            (lat, failed)
        });
        Probe { stop, task }
    }

    async fn report(self) -> String {
        self.stop.store(true, Ordering::Relaxed);
        let (mut lat, failed) = self.task.await.unwrap_or_default();
        lat.sort_unstable();
        format!(
            "normal request (GET /api/meta every 100 ms on a new connection): {} answered, {failed} failed; p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
            lat.len(),
            percentile(&lat, 0.5),
            percentile(&lat, 0.99),
            percentile(&lat, 1.0)
        )
    }
}

/// Runs the attack `mode` for about `seconds` against a server of its own.
pub async fn run(mode: Abuse, seconds: f64) -> Result<(), LoadtestError> {
    if mode == Abuse::Build {
        return crate::table_build::run(seconds).await;
    }
    let db = std::env::temp_dir()
        .join(format!("rajapasu-abuse-{}.db", std::process::id()))
        .to_string_lossy()
        .into_owned();
    // Enough connections for the attack and the probe; the other limits at their defaults.
    let mut server = server::start_with(&db, &["--max-connections", "4096"])?;
    let pid = server.child.id();
    let before = memory_mb(pid).map(|m| m.1).unwrap_or(0.0);
    println!(
        "abuse {mode:?} for {seconds} s against http://{}/ (memory at start {before:.0} MB)",
        server.addr
    );
    let probe = Probe::start(server.addr);
    let what = match mode {
        Abuse::Level6 => level6(server.addr, seconds).await,
        Abuse::Hints => hints(server.addr, seconds).await,
        Abuse::IdleConnections => connections(server.addr, seconds, false).await,
        Abuse::HalfSent => connections(server.addr, seconds, true).await,
        Abuse::Games => games(server.addr).await,
        Abuse::WsLarge => ws_large(server.addr).await,
        Abuse::Shutdown => shutdown(&mut server).await,
        Abuse::Build => unreachable!("run on servers of its own above"),
    };
    let probe = probe.report().await;
    let memory = memory_mb(pid);
    server.kill();
    server::remove_db_files(&db);
    println!("{}", what?);
    println!("{probe}");
    if let Some((peak, _)) = memory {
        println!("server memory: peak (VmHWM) {peak:.0} MB, at start {before:.0} MB");
    }
    Ok(())
}

async fn level6(addr: SocketAddr, seconds: f64) -> Result<String, LoadtestError> {
    // 200 games whose computer is thinking: each human plays its first move.
    let mut thinking = Vec::new();
    for _ in 0..200 {
        thinking.push(tokio::spawn(async move {
            let mut c = Client::connect(addr).await.ok()?;
            let a = json_post(
                &mut c,
                "/api/games",
                &json!({"kind": "computer", "level": 6}),
            )
            .await
            .ok()?;
            let v = a.json();
            let (id, token) = (
                v["id"].as_str()?.to_string(),
                v["token"].as_str()?.to_string(),
            );
            let a = json_post(
                &mut c,
                &format!("/api/games/{id}/moves"),
                &json!({"move": 1, "ply": 0, "token": token}),
            )
            .await
            .ok()?;
            (a.status == 200).then_some(())
        }));
    }
    let mut started = 0;
    for t in thinking {
        if matches!(t.await, Ok(Some(()))) {
            started += 1;
        }
    }
    // Meanwhile 8 players on one device each play moves as fast as they are answered.
    let lat = human_moves(addr, seconds).await;
    Ok(format!(
        "{started} level-6 games thinking; human moves meanwhile: {} answered, p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        lat.len(),
        percentile(&lat, 0.5),
        percentile(&lat, 0.99),
        percentile(&lat, 1.0)
    ))
}

async fn hints(addr: SocketAddr, seconds: f64) -> Result<String, LoadtestError> {
    let until = Instant::now() + Duration::from_secs_f64(seconds);
    let (ok, busy, other) = (
        Arc::new(AtomicU64::new(0)),
        Arc::new(AtomicU64::new(0)),
        Arc::new(AtomicU64::new(0)),
    );
    let mut tasks = Vec::new();
    for _ in 0..200 {
        let (ok, busy, other) = (ok.clone(), busy.clone(), other.clone());
        tasks.push(tokio::spawn(async move {
            let Ok(mut c) = Client::connect(addr).await else {
                return;
            };
            let Some((id, token, _)) = local_game(&mut c).await else {
                return;
            };
            while Instant::now() < until {
                let path = format!("/api/games/{id}/hint");
                match json_post(&mut c, &path, &json!({"token": token})).await {
                    Ok(a) if a.status == 200 => ok.fetch_add(1, Ordering::Relaxed),
                    Ok(a) if a.status == 503 => {
                        busy.fetch_add(1, Ordering::Relaxed);
                        tokio::time::sleep(Duration::from_millis(500)).await;
                        0
                    }
                    _ => other.fetch_add(1, Ordering::Relaxed),
                };
            }
        }));
    }
    futures_util::future::join_all(tasks).await;
    Ok(format!(
        "200 clients asking for hints: {} answered, {} refused with 503 busy, {} other answers",
        ok.load(Ordering::Relaxed),
        busy.load(Ordering::Relaxed),
        other.load(Ordering::Relaxed)
    ))
}

async fn connections(addr: SocketAddr, seconds: f64, half: bool) -> Result<String, LoadtestError> {
    let mut open = Vec::new();
    for _ in 0..1000 {
        match TcpStream::connect(addr).await {
            Ok(mut s) => {
                if half {
                    let _ = s
                        .write_all(b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Le")
                        .await;
                }
                open.push(s);
            }
            Err(e) => return Err(LoadtestError::AbuseConnect(e)),
        }
    }
    tokio::time::sleep(Duration::from_secs_f64(seconds)).await;
    // How many the server closed meanwhile (a read sees the end at once).
    let mut closed = 0;
    for s in &open {
        let mut buf = [0u8; 512];
        if let Ok(0) = s.try_read(&mut buf) {
            closed += 1;
        } else if s.try_read(&mut buf).is_ok_and(|n| n > 0) {
            // An answer (408) before the close.
            closed += 1;
        }
    }
    Ok(format!(
        "1000 {} connections held {seconds} s: {closed} closed by the server",
        if half { "half-sent" } else { "idle" }
    ))
}

async fn games(addr: SocketAddr) -> Result<String, LoadtestError> {
    let t = Instant::now();
    let created = Arc::new(AtomicU64::new(0));
    let mut tasks = Vec::new();
    for _ in 0..50 {
        let created = created.clone();
        tasks.push(tokio::spawn(async move {
            let Ok(mut c) = Client::connect(addr).await else {
                return;
            };
            for _ in 0..100 {
                match json_post(&mut c, "/api/games", &json!({"kind": "online"})).await {
                    Ok(a) if a.status == 201 => {
                        created.fetch_add(1, Ordering::Relaxed);
                    }
                    _ => return,
                }
            }
        }));
    }
    futures_util::future::join_all(tasks).await;
    Ok(format!(
        "{} games created in {:.1} s",
        created.load(Ordering::Relaxed),
        t.elapsed().as_secs_f64()
    ))
}

async fn ws_large(addr: SocketAddr) -> Result<String, LoadtestError> {
    use futures_util::{SinkExt, StreamExt};
    let mut c = Client::connect(addr)
        .await
        .map_err(LoadtestError::AbuseRequest)?;
    // Sockets spread over games, as the caps per game allow.
    let mut ids = Vec::new();
    for _ in 0..10 {
        let a = json_post(&mut c, "/api/games", &json!({"kind": "local"}))
            .await
            .map_err(LoadtestError::AbuseRequest)?;
        ids.push(a.json()["id"].as_str().unwrap_or_default().to_string());
    }
    let closed = Arc::new(AtomicU64::new(0));
    let refused = Arc::new(AtomicU64::new(0));
    let mut tasks = Vec::new();
    for k in 0..200 {
        let url = format!("ws://{addr}/api/games/{}/ws", ids[k % ids.len()]);
        let (closed, refused) = (closed.clone(), refused.clone());
        tasks.push(tokio::spawn(async move {
            let Ok((mut ws, _)) = tokio_tungstenite::connect_async(url).await else {
                refused.fetch_add(1, Ordering::Relaxed);
                return;
            };
            let big = "x".repeat(1 << 20);
            let _ = ws
                .send(tokio_tungstenite::tungstenite::Message::text(big))
                .await;
            let end = tokio::time::timeout(Duration::from_secs(10), async {
                while let Some(Ok(m)) = ws.next().await {
                    if m.is_close() {
                        break;
                    }
                }
            })
            .await;
            if end.is_ok() {
                closed.fetch_add(1, Ordering::Relaxed);
            }
        }));
    }
    futures_util::future::join_all(tasks).await;
    Ok(format!(
        "200 WebSockets sending 1 MiB messages: {} closed by the server, {} refused (caps)",
        closed.load(Ordering::Relaxed),
        refused.load(Ordering::Relaxed)
    ))
}

async fn shutdown(server: &mut Server) -> Result<String, LoadtestError> {
    let mut half = TcpStream::connect(server.addr)
        .await
        .map_err(LoadtestError::AbuseRequest)?;
    let _ = half
        .write_all(b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{")
        .await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let t = Instant::now();
    let pid = server.child.id().to_string();
    let _ = std::process::Command::new("kill")
        .args(["-TERM", &pid])
        .status();
    loop {
        if let Ok(Some(status)) = server.child.try_wait() {
            return Ok(format!(
                "SIGTERM with a half-sent request open: exited ({status}) after {:.2} s",
                t.elapsed().as_secs_f64()
            ));
        }
        if t.elapsed() > Duration::from_secs(30) {
            return Err(LoadtestError::AbuseNoExit);
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}
