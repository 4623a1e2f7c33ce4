//! `rajapasu loadtest --abuse build`: whether a background build of the endgame table slows
//! the game's own requests. Two servers of its own: one building the table into a new
//! directory, one not building; 8 players on one device play moves on each in turn, `seconds`
//! a turn, three turns each. While the other is measured, the building server is stopped
//! (SIGSTOP), so that each measurement sees one server's load only. Reports each turn's
//! latencies, the medians, and how far the build got.

use crate::client::Client;
use crate::error::LoadtestError;
use crate::latency::percentile;
use crate::measure::{human_moves, memory_mb};
use crate::server::{self, Server};

/// Turns on each server.
const TURNS: usize = 3;

/// Stops (`SIGSTOP`) or continues (`SIGCONT`) a server.
fn signal(server: &Server, stop: bool) {
    let sig = if stop { "-STOP" } else { "-CONT" };
    let _ = std::process::Command::new("kill")
        .args([sig, &server.child.id().to_string()])
        .status();
}

/// One turn's line, and its p99 in milliseconds.
fn turn(name: &str, lat: &[u64]) -> (String, f64) {
    let p99 = percentile(lat, 0.99);
    let line = format!(
        "  {name}: {} moves, p50 {:.2} ms, p99 {p99:.2} ms, max {:.2} ms",
        lat.len(),
        percentile(lat, 0.5),
        percentile(lat, 1.0)
    );
    (line, p99)
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    v.get(v.len() / 2).copied().unwrap_or(0.0)
}

/// Runs the comparison, `seconds` a turn.
pub async fn run(seconds: f64) -> Result<(), LoadtestError> {
    let tmp = std::env::temp_dir().join(format!("rajapasu-abuse-build-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&tmp);
    let _ = std::fs::create_dir_all(&tmp);
    let db = |name: &str| tmp.join(name).to_string_lossy().into_owned();
    let mut quiet = server::start_with(&db("quiet.db"), &[])?;
    let mut building = match server::start_building(&db("build.db"), &tmp.join("table")) {
        Ok(s) => s,
        Err(e) => {
            quiet.kill();
            return Err(e);
        }
    };
    println!(
        "abuse build: {TURNS} turns of {seconds} s each on a server building the endgame table \
         (http://{}/) and on one that is not (http://{}/)",
        building.addr, quiet.addr
    );
    let (mut without, mut with) = (Vec::new(), Vec::new());
    for k in 1..=TURNS {
        signal(&building, true);
        let lat = human_moves(quiet.addr, seconds).await;
        let (line, p99) = turn(&format!("turn {k}, no build"), &lat);
        println!("{line}");
        without.push(p99);
        signal(&building, false);
        let lat = human_moves(building.addr, seconds).await;
        let (line, p99) = turn(&format!("turn {k}, building"), &lat);
        println!("{line}");
        with.push(p99);
    }
    let progress = match Client::connect(building.addr).await {
        Ok(mut c) => match c.request("GET", "/api/tablebase", None).await {
            Ok(a) => {
                let v = a.json();
                format!(
                    "{} of {} positions, {}%, state {}",
                    v["positions_ready"], v["positions"], v["percent"], v["state"]
                )
            }
            Err(e) => format!("unknown ({e})"),
        },
        Err(e) => format!("unknown ({e})"),
    };
    let peak = memory_mb(building.child.id()).map_or(0.0, |m| m.0);
    building.kill();
    quiet.kill();
    let _ = std::fs::remove_dir_all(&tmp);
    println!(
        "human moves p99, median of {TURNS} turns: {:.2} ms without a build, {:.2} ms during it",
        median(&mut without),
        median(&mut with)
    );
    println!("the build meanwhile: {progress}; building server's peak memory (VmHWM) {peak:.0} MB");
    Ok(())
}
