//! The options of `rajapasu loadtest`, parsed by clap in the command line.

use crate::abuse::Abuse;
use crate::attack::Attack;
use clap::Args;
use std::net::SocketAddr;

/// Options of `rajapasu loadtest`.
#[derive(Args, Debug, Clone)]
pub struct LoadtestArgs {
    /// Test a server that is already running at this address instead of starting one.
    #[arg(long, value_name = "HOST:PORT")]
    pub addr: Option<SocketAddr>,
    /// Games played at the same time (one connection each), 1 to 1000.
    #[arg(long, default_value_t = 64)]
    pub games: usize,
    /// How long to run, in seconds (1 to 300).
    #[arg(long, default_value_t = 10.0)]
    pub seconds: f64,
    /// Database of the server started for the test: a SQLite file (default: a new file in the
    /// temp folder) or a `postgres://` address.
    #[arg(long, value_name = "PATH|URL")]
    pub db: Option<String>,
    /// Servers started on the same `postgres://` database (1 to 4); each game's moves go to
    /// them in turn, as through a load balancer without affinity.
    #[arg(long, default_value_t = 1)]
    pub instances: usize,
    /// Kill the server with SIGKILL halfway through, restart it and count lost moves.
    #[arg(long)]
    pub crash: bool,
    /// Games with clocks paired through the lobby: pairs of players (`--games` of them) meet
    /// there for 1+0 games on a server whose clocks run 60 times shorter, and a player stops
    /// after a few moves: moves per second, their latency, and how late each flag is told.
    #[arg(long)]
    pub clocks: bool,
    /// Instead of the games, attack a server started for the test in one way and report its
    /// peak memory and how a normal request fares meanwhile (docs/SERVER.md).
    #[arg(long, value_name = "MODE")]
    pub abuse: Option<Abuse>,
    /// Instead of the games, make one of the attacks found against the server (docs/SERVER.md,
    /// "Attacks and what holds") and print what held; exits non-zero when something did not.
    /// Without --addr the test starts its own server with the default limits.
    #[arg(long, value_name = "NAME", conflicts_with_all = ["abuse", "crash", "clocks"])]
    pub attack: Option<Attack>,
}
