//! What several attacks measure: players' moves timed as they play, and a server's memory;
//! the requests they make for it.

use crate::client::{legal_moves, Answer, Client};
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The server's peak and current resident memory, in MB, from /proc.
pub fn memory_mb(pid: u32) -> Option<(f64, f64)> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let field = |name: &str| -> Option<f64> {
        let line = status.lines().find(|l| l.starts_with(name))?;
        let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
        Some(kb / 1024.0)
    };
    Some((field("VmHWM:")?, field("VmRSS:")?))
}

/// 8 players on one device, each playing moves as fast as they are answered for `seconds`:
/// the latencies of their moves, in microseconds, sorted.
pub async fn human_moves(addr: SocketAddr, seconds: f64) -> Vec<u64> {
    let until = Instant::now() + Duration::from_secs_f64(seconds);
    let lat = Arc::new(Mutex::new(Vec::new()));
    let mut players = Vec::new();
    for k in 0..8u64 {
        let lat = lat.clone();
        players.push(tokio::spawn(async move {
            let Ok(mut c) = Client::connect(addr).await else {
                return;
            };
            while Instant::now() < until {
                let Some((id, token, mut view)) = local_game(&mut c).await else {
                    return;
                };
                let mut ply = 0u64;
                while Instant::now() < until {
                    let legal = legal_moves(&view);
                    let Some(&mv) = legal.get(((ply + k) as usize) % legal.len().max(1)) else {
                        break;
                    };
                    let t = Instant::now();
                    let Ok(a) = json_post(
                        &mut c,
                        &format!("/api/games/{id}/moves"),
                        &json!({"move": mv, "ply": ply, "token": token}),
                    )
                    .await
                    else {
                        return;
                    };
                    if a.status != 200 {
                        break;
                    }
                    lat.lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .push(t.elapsed().as_micros() as u64);
                    view = a.json()["game"]["view"].take();
                    ply += 1;
                }
            }
        }));
    }
    futures_util::future::join_all(players).await;
    let mut lat = std::mem::take(&mut *lat.lock().unwrap_or_else(|e| e.into_inner()));
    lat.sort_unstable();
    lat
}

pub(crate) async fn json_post(c: &mut Client, path: &str, body: &Value) -> std::io::Result<Answer> {
    c.request("POST", path, Some(&body.to_string())).await
}

/// A new game on one device: its id, its token and its view; `None` when the server does not
/// make one.
pub(crate) async fn local_game(c: &mut Client) -> Option<(String, String, Value)> {
    let mut v = json_post(c, "/api/games", &json!({"kind": "local"}))
        .await
        .ok()?
        .json();
    let id = v["id"].as_str()?.to_string();
    let token = v["token"].as_str()?.to_string();
    Some((id, token, v["game"]["view"].take()))
}
