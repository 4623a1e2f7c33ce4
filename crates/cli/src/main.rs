//! `rajapasu`: the command line of the Raja Pasu engine, the computer opponent and the apps.
//!
//! Each command is a module of `commands/` with its arguments (clap parses them there) and its
//! `run`. The game is chosen once, from `--rules` or a loaded record (`common::with_game!`),
//! and each command is written once over it; what a game does its own way is its part:
//!
//! | Module | What it holds |
//! |---|---|
//! | `common` | the choice of the game, the arguments several commands share (rules, position, moves), records read |
//! | `game` | each game's printing and reading ([`game::CliGame`]): positions, moves, movers |
//! | `error` | the one-line error type |
//! | `output` | `outln!` and `out!`: printing that a closed pipe does not stop |
//! | `table` | the endgame table for the commands that show proven values: a note when it is not whole, `--build-tablebase` |
//! | `commands/` | one module a command; `report/` is each game's part of `selfplay` and `tournament`, `play/` each game's part of `play` |
//!
//! `serve` comes from the server crate, `loadtest` from its own.

#[macro_use]
mod output;
mod commands;
mod common;
mod error;
mod game;
mod table;

use clap::{Parser, Subcommand};
use common::CliError;
use std::process::ExitCode;

/// Raja Pasu, the two-row relay-sowing mancala game of Sri Lanka and South India.
#[derive(Parser)]
#[command(
    name = "rajapasu",
    version,
    about,
    long_about = None,
    after_help = "Without a command, rajapasu starts the web app, as `rajapasu serve` does."
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// Where the endgame tables are (see `rajapasu tablebase`). Default: $RAJAPASU_TABLEBASE,
    /// else the user's data directory. Without a table everything works, with fewer values
    /// proven.
    #[arg(long, global = true, value_name = "DIR", visible_alias = "dir")]
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
    /// Copy the web app's SQLite store while it runs (SQLite's online backup).
    Backup(rajapasu_server::cli::BackupArgs),
    /// Load-test the web app with many games between two players on loopback.
    Loadtest(rajapasu_loadtest::args::LoadtestArgs),
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
    /// Build the proven opening book of the canonical round (docs/BOOK.md).
    Book(commands::book::BookArgs),
    /// Find puzzles with proven solutions, re-prove a set, count it (docs/PUZZLES.md).
    Puzzles(commands::puzzles::PuzzlesArgs),
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

/// The command line, with `help --help` (or `-h`) read as `help help`: clap's own help
/// command knows no options and would call `--help` an unknown command.
fn arguments() -> Vec<std::ffi::OsString> {
    let mut args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    if args.get(1).is_some_and(|a| a == "help") {
        for a in args.iter_mut().skip(2) {
            if a == "--help" || a == "-h" {
                *a = "help".into();
            }
        }
    }
    args
}

/// Whether the command only prints: such a command ends quietly, as `ls` or `cat` do, when
/// the reader of its output goes away (`rajapasu rules | head -1`). Rust ignores SIGPIPE, so
/// that printing would otherwise panic. The others keep ignoring it: a tournament writes to
/// external engines that may die, the server writes to clients that may leave, and the
/// terminal game, `solve` and `tablebase` write files when they end; they print with
/// `outln!` ([`output`]), which lets them finish when their reader has gone.
fn only_prints(command: &Option<Command>) -> bool {
    matches!(
        command,
        Some(
            Command::State(_)
                | Command::Trace(_)
                | Command::Perft(_)
                | Command::Bench(_)
                | Command::Replay(_)
                | Command::Rules(_)
                | Command::Analyze(_)
        )
    ) || matches!(command, Some(Command::Puzzles(a)) if a.only_prints())
}

/// Checks the server's options that would otherwise fail only after it has created its
/// database file or started its games.
fn check_serve(args: &rajapasu_server::cli::ServeArgs) -> Result<(), CliError> {
    use std::net::ToSocketAddrs;
    match args.addr.to_socket_addrs().map(|mut addrs| addrs.next()) {
        Ok(Some(_)) => Ok(()),
        Ok(None) => Err(CliError(format!(
            "--addr {}: the name has no address",
            args.addr
        ))),
        Err(e) => Err(CliError(format!(
            "--addr {}: not an address to listen on, HOST:PORT such as 127.0.0.1:8080 ({e})",
            args.addr
        ))),
    }
}

fn check_loadtest(args: &rajapasu_loadtest::args::LoadtestArgs) -> Result<(), CliError> {
    if !(1..=1000).contains(&args.games) {
        return Err(CliError(format!(
            "--games {}: give 1 to 1000 games",
            args.games
        )));
    }
    if !(1.0..=300.0).contains(&args.seconds) {
        return Err(CliError(format!(
            "--seconds {}: give 1 to 300 seconds",
            args.seconds
        )));
    }
    Ok(())
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse_from(arguments()) {
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
    if only_prints(&cli.command) {
        // SAFETY: restoring the default action of a signal, before any other thread runs.
        unsafe {
            libc::signal(libc::SIGPIPE, libc::SIG_DFL);
        }
    }
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
        Some(Command::Serve(a)) => {
            check_serve(&a).and_then(|()| rajapasu_server::cli::serve(a).map_err(CliError::from))
        }
        Some(Command::Backup(a)) => rajapasu_server::cli::backup(a).map_err(CliError::from),
        Some(Command::Loadtest(a)) => {
            check_loadtest(&a).and_then(|()| rajapasu_loadtest::run(a).map_err(CliError::from))
        }
        Some(Command::Engine(a)) => commands::engine::run(a),
        Some(Command::Analyze(a)) => commands::analyze::run(a),
        Some(Command::Tournament(a)) => commands::tournament::run(a),
        Some(Command::Selfplay(a)) => commands::selfplay::run(a),
        Some(Command::Play(a)) => commands::play::run(a),
        Some(Command::Tablebase(a)) => commands::tablebase::run(a),
        Some(Command::Solve(a)) => commands::solve::run(a),
        Some(Command::Book(a)) => commands::book::run(a),
        Some(Command::Puzzles(a)) => commands::puzzles::run(a),
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
