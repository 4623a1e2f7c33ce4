//! `rajapasu book build`: the proven opening book (docs/BOOK.md), every move of every position
//! of the first moves of the canonical round proven by the solver with the endgame table.

use crate::common::CliError;
use clap::{Args, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};
use rajapasu_ai::book::{opening, prove, Book};
use rajapasu_ai::solver::Solver;
use rajapasu_ai::Limits;
use rajapasu_engine::Rules;
use rayon::prelude::*;
use std::path::PathBuf;
use std::time::Instant;

/// Arguments of `rajapasu book`.
#[derive(Args, Debug)]
pub struct BookArgs {
    #[command(subcommand)]
    command: BookCommand,
}

#[derive(Subcommand, Debug)]
enum BookCommand {
    /// Prove every move of every position reached in the first N moves and write the book.
    #[command(
        after_help = "Needs the endgame table (`rajapasu tablebase build --counters 14` \
is enough): every value is proven by the solver with the table as leaves, and a move not proven \
within --nodes stops the build with the position named, so nothing estimated is written. The \
book shipped with the program is crates/ai/data/canonical-round.rpbook (docs/BOOK.md).\n\n\
Example:\n  rajapasu book build --moves 6 --out crates/ai/data/canonical-round.rpbook"
    )]
    Build(BuildArgs),
}

#[derive(Args, Debug)]
struct BuildArgs {
    /// Positions reached in at most this many moves from the start.
    #[arg(long, default_value_t = 6, value_name = "N", visible_alias = "plies")]
    moves: u8,
    /// Where to write the book.
    #[arg(long, default_value = "canonical-round.rpbook", value_name = "FILE")]
    out: PathBuf,
    /// The solver's budget for each move, in nodes.
    #[arg(long, default_value_t = 10_000_000, value_name = "N")]
    nodes: u64,
}

/// The solver's table for each thread: 2^22 entries, 96 MiB.
const TABLE_BITS: u32 = 22;

pub fn run(args: BookArgs) -> Result<(), CliError> {
    match args.command {
        BookCommand::Build(a) => build(a),
    }
}

fn build(args: BuildArgs) -> Result<(), CliError> {
    if !(1..=10).contains(&args.moves) {
        return Err(CliError("--moves must be between 1 and 10".into()));
    }
    let rules = Rules::default().single_round();
    let Some(table) = rajapasu_ai::table::for_rules(&rules) else {
        return Err(CliError(
            "no endgame table: the book's values are proven with it as leaves; build it first \
             with `rajapasu tablebase build --counters 14` (it says first how long it expects to \
             take)"
                .into(),
        ));
    };
    let start = Instant::now();
    let mut open = opening(rules, u32::from(args.moves));
    outln!(
        "{} positions in the first {} moves of {rules} ({} left out: a position of their layer \
         occurred twice)",
        open.games.len(),
        args.moves,
        open.repeated
    );
    // Deepest first: the proofs of later positions are reused by the earlier ones of the
    // same thread.
    open.games.reverse();
    let bar = ProgressBar::new(open.games.len() as u64);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} positions, {per_sec}, ETA {eta}")
            .expect("a valid template"),
    );
    let limits = Limits {
        nodes: Some(args.nodes),
        ..Limits::default()
    };
    let entries = open
        .games
        .par_iter()
        .map_init(
            || {
                let mut s = Solver::new(TABLE_BITS);
                s.set_table(Some(table.clone()));
                s
            },
            |solver, game| {
                let e = prove(game, solver, &limits);
                bar.inc(1);
                e
            },
        )
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| CliError(format!("{e}: nothing written (raise --nodes?)")))?;
    bar.finish_and_clear();
    let count = entries.len();
    let book = Book::new(rules, args.moves, entries)
        .ok_or_else(|| CliError("two positions share a key".into()))?;
    let bytes = book.to_bytes();
    std::fs::write(&args.out, &bytes)
        .map_err(|e| CliError(format!("{}: {e}", args.out.display())))?;
    outln!(
        "proved {count} positions in {:.1} s; wrote {} ({} bytes)",
        start.elapsed().as_secs_f64(),
        args.out.display(),
        bytes.len()
    );
    Ok(())
}
