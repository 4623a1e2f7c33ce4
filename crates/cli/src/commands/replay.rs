//! `rajapasu replay`: a record replayed move by move, its result and termination checked
//! (`GameRecord::check`).

use crate::common::{parse_record, read_record_file, with_game, CliError};
use crate::game::CliGame;
use clap::Args;
use std::path::PathBuf;

/// Arguments of `rajapasu replay`.
#[derive(Args, Debug)]
#[command(
    after_help = "Examples:\n  rajapasu replay game.txt\n  rajapasu replay game.txt --explain\n  rajapasu replay game.txt --convert game.json"
)]
pub struct ReplayArgs {
    /// The record: plain text (tags and moves) or JSON, of either game.
    file: PathBuf,
    /// Tell every move step by step.
    #[arg(long)]
    explain: bool,
    /// Print the final state as JSON (as `rajapasu state --json`).
    #[arg(long, conflicts_with = "explain")]
    json: bool,
    /// Also write the record to FILE (JSON if it ends in .json, else plain text).
    #[arg(long, value_name = "FILE")]
    convert: Option<PathBuf>,
}

pub fn run(args: ReplayArgs) -> Result<(), CliError> {
    let (text, game) = read_record_file(&args.file)?;
    with_game!(game, G, _ => replay::<G>(&args, &text))
}

fn replay<G: CliGame>(args: &ReplayArgs, text: &str) -> Result<(), CliError> {
    let record = parse_record::<G>(&args.file, text)?;
    // Replayed, and how it says the game ended checked against its moves: a record whose
    // result is not the one its moves (or its termination) give is refused.
    let game = record
        .check()
        .map_err(|e| CliError(format!("{}: {e}", args.file.display())))?;
    if let Some(path) = &args.convert {
        record.save(path)?;
    }
    if args.json {
        outln!("{}", game.state_json()?);
        return Ok(());
    }
    for (k, v) in &record.tags {
        outln!("{k}: {v}");
    }
    outln!("Result: {}", record.result(&game));
    // The events of a move (round ends included) come from playing it again.
    let mut replay = G::from_position(record.start_position());
    for (k, &mv) in record.moves.iter().enumerate() {
        let (number, round, mover) = (k + 1, replay.round(), replay.to_move());
        let mut events = Vec::new();
        replay.play_traced(mv, &mut events)?;
        if args.explain {
            outln!("{number}. Round {round}, {} plays {mv}:", G::mover(mover));
            for line in G::narrate(mover, &events) {
                outln!("     {line}");
            }
        } else {
            outln!(
                "{number:>4}. {} {mv}  ->  {}",
                G::mover_short(mover),
                replay.position()
            );
        }
    }
    out!("{}", game.state_text());
    Ok(())
}
