//! `rajapasu bench`: the engine's speed in random playouts a second (the loop of
//! `rajapasu_engine::bench`, which the criterion benchmark measures too), to compare builds
//! and machines (docs/FIGURES.md).

use crate::common::CliError;
use clap::Args;
use rajapasu_engine::bench::{playouts_for, playouts_n, PlayoutStats};
use rajapasu_engine::Rules;

/// Arguments of `rajapasu bench`.
#[derive(Args, Debug)]
#[command(
    after_help = "Random single-round playouts from the start position on one thread, with the rules in full (repetition tracking and exact endless-sowing detection included). The first line starts with the number of playouts played; the last line is `playouts/s N`."
)]
pub struct BenchArgs {
    /// How long to run.
    #[arg(long, default_value_t = 3.0)]
    seconds: f64,
    /// Play exactly this many playouts instead of running for --seconds (repeatable work).
    #[arg(long, value_name = "N", conflicts_with = "seconds")]
    playouts: Option<u64>,
    /// Rule set (the round is always a single round).
    #[arg(long, default_value = "canonical")]
    rules: String,
}

const SEED: u64 = 0x9E37_79B9_7F4A_7C15;

pub fn run(args: BenchArgs) -> Result<(), CliError> {
    // Zero would divide by zero; NaN fails both comparisons.
    if !(args.seconds > 0.0 && args.seconds <= 3600.0) {
        return Err(CliError(format!(
            "--seconds {}: give more than 0 and at most 3600 seconds",
            args.seconds
        )));
    }
    if args.playouts == Some(0) {
        return Err(CliError("--playouts 0: give at least 1 playout".into()));
    }
    let rules: Rules =
        crate::common::two_player(crate::common::parse_rule_set(&args.rules)?, "bench")?;
    let PlayoutStats {
        playouts,
        moves,
        seconds,
        south_minus_north,
    } = match args.playouts {
        Some(n) => playouts_n(rules.single_round(), n, SEED),
        None => playouts_for(rules.single_round(), args.seconds, SEED),
    };
    outln!(
        "playouts {playouts} moves/s {:.0} mean_moves {:.1} mean_diff {:.2}",
        moves as f64 / seconds,
        moves as f64 / playouts as f64,
        south_minus_north as f64 / playouts as f64
    );
    outln!("playouts/s {:.0}", playouts as f64 / seconds);
    Ok(())
}
