//! `rajapasu`: the command line of the Raja Pasu engine, the computer opponent and the apps.
//!
//! Each command is a module of `commands/` with its arguments (clap parses them there) and its
//! `run`; `common.rs` holds the arguments several commands share (rules, position, moves) and
//! the one-line error type. `serve` and `loadtest` come from the server crate.

mod commands;
mod common;

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
    /// Where the endgame tables are (see `rajapasu tablebase`). Default: $RAJAPASU_TABLEBASE,
    /// else the user's data directory. Without a table everything works, with fewer values
    /// proven.
    #[arg(long, global = true, value_name = "DIR")]
    tablebase: Option<std::path::PathBuf>,
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
    /// Start the web app: play in the browser against the computer or a friend.
    Serve(rajapasu_server::cli::ServeArgs),
    /// Load-test the web app with many games between two players on loopback.
    Loadtest(rajapasu_server::cli::LoadtestArgs),
    /// Speak the engine line protocol on stdin/stdout (see PROTOCOL.md).
    Engine(commands::engine::EngineArgs),
    /// Score every legal move with its principal variation.
    Analyze(commands::analyze::AnalyzeArgs),
    /// Play a round robin between levels, settings and external engines.
    Tournament(commands::tournament::TournamentArgs),
    /// Statistics of many games: first-player edge, round lengths, captures by kind.
    Selfplay(commands::selfplay::SelfplayArgs),
    /// Play in the terminal against the computer or a friend (line by line when piped).
    Play(commands::play::PlayArgs),
    /// Prove a position's single-round value and each legal move's (resumable).
    Solve(commands::solve::SolveArgs),
    /// Build, check, probe and describe the endgame table (proven values of small positions).
    Tablebase(commands::tablebase::TablebaseArgs),
    // More commands (engine, analyze, tournament, selfplay, serve, play) are added here.
}

/// A usage error on one line: clap's message without its usage block and help hint.
fn one_line(message: &str) -> String {
    message
        .lines()
        .take_while(|l| !l.starts_with("Usage:") && !l.starts_with("For more information"))
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            // --help and --version.
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("{}", one_line(&e.render().to_string()));
            return ExitCode::from(2);
        }
    };
    rajapasu_ai::table::set_root(
        cli.tablebase
            .clone()
            .or_else(rajapasu_tablebase::default_root),
    );
    let result: Result<(), CliError> = match cli.command {
        Some(Command::State(a)) => commands::state::run(a),
        Some(Command::Trace(a)) => commands::trace::run(a),
        Some(Command::Perft(a)) => commands::perft::run(a),
        Some(Command::Bench(a)) => commands::bench::run(a),
        Some(Command::Replay(a)) => commands::replay::run(a),
        Some(Command::Rules(a)) => commands::rules::run(a),
        Some(Command::Serve(a)) => rajapasu_server::cli::serve(a).map_err(CliError::from),
        Some(Command::Loadtest(a)) => rajapasu_server::cli::loadtest(a).map_err(CliError::from),
        Some(Command::Engine(a)) => commands::engine::run(a),
        Some(Command::Analyze(a)) => commands::analyze::run(a),
        Some(Command::Tournament(a)) => commands::tournament::run(a),
        Some(Command::Selfplay(a)) => commands::selfplay::run(a),
        Some(Command::Play(a)) => commands::play::run(a),
        Some(Command::Tablebase(a)) => commands::tablebase::run(a),
        Some(Command::Solve(a)) => commands::solve::run(a),
        None => rajapasu_server::cli::serve(Default::default()).map_err(CliError::from),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}
