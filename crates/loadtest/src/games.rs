//! The load test: many games between two players on one device, moving as fast as the
//! server answers, on loopback. Reports acknowledged moves per second and latency percentiles;
//! with `--crash` it kills the server with SIGKILL in the middle, restarts it on the same
//! database and counts the acknowledged moves that were lost.

use crate::args::LoadtestArgs;
use crate::client::{legal_moves, Client};
use crate::error::LoadtestError;
use crate::latency::percentile;
use crate::server::{self, Server};
use serde_json::{json, Value};
use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

#[derive(Default)]
struct Tally {
    latencies_us: Vec<u64>,
    errors: u64,
    error_samples: Vec<String>,
    /// Per game, the moves acknowledged, in order.
    acked: HashMap<String, Vec<u8>>,
}

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

async fn worker(addrs: Vec<SocketAddr>, seed: u64, until: Instant, tally: Arc<Mutex<Tally>>) {
    let mut rng = Rng(seed | 1);
    let mut clients = Vec::new();
    for addr in &addrs {
        let Ok(client) = Client::connect(*addr).await else {
            let mut t = tally.lock().unwrap_or_else(|e| e.into_inner());
            t.errors += 1;
            t.error_samples.push("cannot connect".into());
            return;
        };
        clients.push(client);
    }
    // Requests go to the servers in turn.
    let mut turn = (seed as usize) % clients.len();
    let mut lat = Vec::new();
    let mut acked: Vec<(String, Vec<u8>)> = Vec::new();
    let mut errors = 0u64;
    let mut samples = Vec::new();
    'games: while Instant::now() < until {
        let body = json!({"kind": "local", "mode": "round"}).to_string();
        turn = (turn + 1) % clients.len();
        let Ok(ans) = clients[turn]
            .request("POST", "/api/games", Some(&body))
            .await
        else {
            errors += 1;
            break;
        };
        let created = ans.json();
        let (Some(id), Some(token)) = (created["id"].as_str(), created["token"].as_str()) else {
            errors += 1;
            samples.push(ans.body);
            break;
        };
        let (id, token) = (id.to_string(), token.to_string());
        let mut moves = Vec::new();
        let mut view: Value = created["game"]["view"].clone();
        while Instant::now() < until {
            let legal = legal_moves(&view);
            if legal.is_empty() {
                acked.push((id, moves));
                continue 'games;
            }
            let mv = legal[(rng.next() % legal.len() as u64) as usize];
            let body = json!({"move": mv, "ply": moves.len(), "token": token}).to_string();
            let t0 = Instant::now();
            let path = format!("/api/games/{id}/moves");
            turn = (turn + 1) % clients.len();
            match clients[turn].request("POST", &path, Some(&body)).await {
                Ok(ans) if ans.status == 200 => {
                    lat.push(t0.elapsed().as_micros() as u64);
                    moves.push(mv as u8);
                    view = ans.json()["game"]["view"].take();
                }
                Ok(ans) => {
                    errors += 1;
                    if samples.len() < 3 {
                        samples.push(format!("{} {}", ans.status, ans.body));
                    }
                    break;
                }
                Err(_) => {
                    errors += 1;
                    break;
                }
            }
        }
        acked.push((id, moves));
        break;
    }
    let mut t = tally.lock().unwrap_or_else(|e| e.into_inner());
    t.latencies_us.extend(lat);
    t.errors += errors;
    t.error_samples.extend(samples);
    for (id, m) in acked {
        t.acked.insert(id, m);
    }
}

async fn load(addrs: &[SocketAddr], games: usize, seconds: f64) -> Tally {
    let tally = Arc::new(Mutex::new(Tally::default()));
    let until = Instant::now() + Duration::from_secs_f64(seconds);
    let mut tasks = Vec::new();
    for k in 0..games {
        let seed = 0x2545_F491_4F6C_DD1D_u64.wrapping_mul(k as u64 + 1);
        tasks.push(tokio::spawn(worker(
            addrs.to_vec(),
            seed,
            until,
            tally.clone(),
        )));
    }
    futures_util::future::join_all(tasks).await;
    Arc::try_unwrap(tally)
        .map(|m| m.into_inner().unwrap_or_else(|e| e.into_inner()))
        .unwrap_or_default()
}

fn report(t: &mut Tally, elapsed: f64) {
    t.latencies_us.sort_unstable();
    let n = t.latencies_us.len();
    println!(
        "acknowledged moves {n} in {elapsed:.1} s: {:.0} moves/s; latency p50 {:.2} ms, p90 {:.2} ms, p99 {:.2} ms, max {:.2} ms; games {}; errors {}",
        n as f64 / elapsed,
        percentile(&t.latencies_us, 0.50),
        percentile(&t.latencies_us, 0.90),
        percentile(&t.latencies_us, 0.99),
        percentile(&t.latencies_us, 1.0),
        t.acked.len(),
        t.errors
    );
    for s in t.error_samples.iter().take(3) {
        println!("  error sample: {s}");
    }
}

/// Runs the load test of `args` with `games` games for `seconds` (as [`crate::run`] brought
/// them within bounds).
pub async fn run(args: &LoadtestArgs, games: usize, seconds: f64) -> Result<(), LoadtestError> {
    if let Some(addr) = args.addr {
        if args.crash || args.clocks {
            return Err(LoadtestError::OwnServerOnly);
        }
        println!("load test: {games} games for {seconds} s against http://{addr}/");
        let t0 = Instant::now();
        let mut t = load(&[addr], games, seconds).await;
        report(&mut t, t0.elapsed().as_secs_f64());
        return Ok(());
    }
    let db = args.db.clone().unwrap_or_else(|| {
        std::env::temp_dir()
            .join(format!("rajapasu-loadtest-{}.db", std::process::id()))
            .to_string_lossy()
            .into_owned()
    });
    let own_db = args.db.is_none();
    let shared = db.starts_with("postgres://") || db.starts_with("postgresql://");
    if args.instances == 0 || args.instances > 4 || (args.instances > 1 && !shared) {
        return Err(LoadtestError::Instances(args.instances));
    }
    let result = if args.clocks {
        crate::clocks::run(&db, args.instances, games, seconds).await
    } else {
        run_with_server(&db, args.instances, games, seconds, args.crash).await
    };
    if own_db {
        server::remove_db_files(&db);
    }
    result
}

async fn run_with_server(
    db: &str,
    instances: usize,
    games: usize,
    seconds: f64,
    crash: bool,
) -> Result<(), LoadtestError> {
    let mut servers = Vec::new();
    for _ in 0..instances {
        servers.push(server::start(db)?);
    }
    let addrs: Vec<SocketAddr> = servers.iter().map(|s| s.addr).collect();
    let shown: Vec<String> = addrs.iter().map(|a| format!("http://{a}/")).collect();
    println!(
        "load test: {games} games for {seconds} s against {} (database {})",
        shown.join(" and "),
        servers[0].database
    );
    let t0 = Instant::now();
    let stop = |mut servers: Vec<Server>| {
        for server in &mut servers {
            server.kill();
        }
    };
    let mut tally = if crash {
        let killer = tokio::spawn(async move {
            tokio::time::sleep(Duration::from_secs_f64(seconds / 2.0)).await;
            stop(servers);
            println!(
                "server killed with SIGKILL after {:.1} s",
                t0.elapsed().as_secs_f64()
            );
        });
        let t = load(&addrs, games, seconds).await;
        let _ = killer.await;
        t
    } else {
        let t = load(&addrs, games, seconds).await;
        stop(servers);
        t
    };
    let elapsed = if crash {
        seconds / 2.0
    } else {
        t0.elapsed().as_secs_f64()
    };
    report(&mut tally, elapsed);
    if !crash {
        return Ok(());
    }
    let mut restarted = server::start(db)?;
    let mut client = Client::connect(restarted.addr)
        .await
        .map_err(LoadtestError::Restarted)?;
    let (mut lost, mut total, mut missing_games) = (0usize, 0usize, 0usize);
    for (id, moves) in &tally.acked {
        total += moves.len();
        let ans = client
            .request("GET", &format!("/api/games/{id}"), None)
            .await
            .map_err(LoadtestError::Restarted)?;
        if ans.status != 200 {
            missing_games += 1;
            lost += moves.len();
            continue;
        }
        let stored: Vec<u8> = ans.json()["view"]["moves"]
            .as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|v| v.as_u64().map(|n| n as u8))
                    .collect()
            })
            .unwrap_or_default();
        let same = moves
            .iter()
            .zip(&stored)
            .take_while(|(a, b)| a == b)
            .count();
        lost += moves.len() - same;
    }
    restarted.kill();
    println!(
        "after kill -9 and restart: {total} acknowledged moves in {} games checked, {lost} lost, {missing_games} games missing",
        tally.acked.len()
    );
    if lost > 0 {
        return Err(LoadtestError::Lost(lost));
    }
    Ok(())
}
