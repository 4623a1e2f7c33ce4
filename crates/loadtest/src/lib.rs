//! `rajapasu loadtest`: the web server measured from outside, as its clients see it. It
//! starts `rajapasu serve` (the running executable, so it lives in the `rajapasu` binary) on
//! loopback, or takes the address of a server already running, and speaks to it over HTTP and
//! WebSocket only: it links no server code, so what it measures is what a browser gets.
//!
//! | Module | What it holds |
//! |---|---|
//! | [`args`] | the options of `rajapasu loadtest` |
//! | [`games`] | the load test: many games on one device, moves per second, latencies; `--crash` and the moves lost |
//! | [`clocks`] | `--clocks`: games with clocks paired through the lobby; moves, pairings, and flags on time |
//! | [`abuse`] | the attacks of `--abuse`, a probe request meanwhile, the server's peak memory |
//! | [`attack`] | `--attack NAME`: each attack found against the server reproduced, with what held |
//! | [`table_build`] | `--abuse build`: players' moves during a background build of the endgame table, against none |
//! | [`server`] | the server started for a test: its process, the address and database it announces |
//! | [`client`] | a small HTTP/1.1 client with keep-alive (the server's tests use it too) |
//! | [`latency`] | percentiles of latencies |
//! | [`measure`] | what several attacks measure: players' moves timed, a server's memory |
//! | [`error`] | why a test could not run, or what it found wrong |
//!
//! ```no_run
//! use clap::Parser;
//! #[derive(Parser)]
//! struct Cli {
//!     #[command(flatten)]
//!     loadtest: rajapasu_loadtest::args::LoadtestArgs,
//! }
//! let cli = Cli::parse_from(["loadtest", "--games", "4", "--seconds", "3"]);
//! rajapasu_loadtest::run(cli.loadtest)?;
//! # Ok::<(), rajapasu_loadtest::error::LoadtestError>(())
//! ```

pub mod abuse;
pub mod args;
pub mod attack;
pub mod client;
pub mod clocks;
pub mod error;
pub mod games;
pub mod latency;
pub mod measure;
pub mod server;
pub mod table_build;

use args::LoadtestArgs;
use error::LoadtestError;

/// Runs the test `args` ask for (the load test, or an attack with `--abuse`) and prints its
/// figures. `--games` is brought within 1 to 1000, `--seconds` within 1 to 300.
pub fn run(args: LoadtestArgs) -> Result<(), LoadtestError> {
    let games = args.games.clamp(1, 1000);
    let seconds = args.seconds.clamp(1.0, 300.0);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(LoadtestError::Runtime)?;
    if let Some(attack) = args.attack {
        return runtime.block_on(attack::command(attack, args.addr, args.db.as_deref()));
    }
    match args.abuse {
        Some(_) if args.addr.is_some() => Err(LoadtestError::AbuseNeedsOwnServer),
        Some(mode) => runtime.block_on(abuse::run(mode, seconds)),
        None => runtime.block_on(games::run(&args, games, seconds)),
    }
}
