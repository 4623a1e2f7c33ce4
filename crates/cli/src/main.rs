//! `rajapasu`: the command line of the Raja Pasu engine, the computer opponent and the apps.

mod commands;
mod common;
mod explain;

use clap::{Parser, Subcommand};
use common::CliError;
use std::process::ExitCode;

/// Raja Pasu, the two-row relay-sowing mancala game of Sri Lanka and South India.
///
/// Without a command, starts the web app (same as `rajapasu serve`).
#[derive(Parser)]
#[command(name = "rajapasu", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Play moves from the start or from a position and print the state.
    State(commands::state::StateArgs),
    /// Explain one move step by step: lifts, drops, fours, relays, captures.
    Trace(commands::trace::TraceArgs),
    /// Count the move sequences of exactly N moves, split by first move.
    Perft(commands::perft::PerftArgs),
    /// Measure random single-round playouts per second on one thread.
    Bench(commands::bench::BenchArgs),
    /// Replay a game record (plain text or JSON) and print the game.
    Replay(commands::replay::ReplayArgs),
    /// List the rule sets and their options.
    Rules(commands::rules::RulesArgs),
    // More commands (engine, analyze, tournament, selfplay, serve, play) are added here.
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result: Result<(), CliError> = match cli.command {
        Some(Command::State(a)) => commands::state::run(a),
        Some(Command::Trace(a)) => commands::trace::run(a),
        Some(Command::Perft(a)) => commands::perft::run(a),
        Some(Command::Bench(a)) => commands::bench::run(a),
        Some(Command::Replay(a)) => commands::replay::run(a),
        Some(Command::Rules(a)) => commands::rules::run(a),
        None => {
            use clap::CommandFactory;
            Cli::command().print_help().map_err(CliError::from)
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}
