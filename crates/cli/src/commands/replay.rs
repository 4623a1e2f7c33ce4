//! `rajapasu replay`.

use crate::common::{read_record, CliError};
use clap::Args;
use rajapasu_engine::text;
use rajapasu_engine::{Game, GameView};
use std::path::PathBuf;

/// Arguments of `rajapasu replay`.
#[derive(Args, Debug)]
#[command(
    after_help = "Examples:\n  rajapasu replay game.txt\n  rajapasu replay game.txt --explain\n  rajapasu replay game.txt --convert game.json"
)]
pub struct ReplayArgs {
    /// The record: plain text (tags and moves) or JSON.
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
    let text = std::fs::read_to_string(&args.file)
        .map_err(|e| CliError(format!("cannot read {}: {e}", args.file.display())))?;
    if super::mandiri::is_record(&text) {
        let record = super::mandiri::read_record(&args.file, &text)?;
        if let Some(path) = &args.convert {
            let out = if path.extension().is_some_and(|e| e == "json") {
                record.to_json()
            } else {
                record.to_text()
            };
            std::fs::write(path, out)
                .map_err(|e| CliError(format!("cannot write {}: {e}", path.display())))?;
        }
        return super::mandiri::replay(&record, args.explain, args.json);
    }
    let record = read_record(&args.file)?;
    let game = record.replay()?;
    if let Some(path) = &args.convert {
        record.save(path)?;
    }
    if args.json {
        println!("{}", serde_json::to_string(&GameView::new(&game))?);
        return Ok(());
    }
    for (k, v) in &record.tags {
        println!("{k}: {v}");
    }
    // The game knows who played each move and when; the events of a move (round ends
    // included) come from playing it again.
    let mut replay = Game::from_position(*game.start());
    for ply in game.plies() {
        let mut events = Vec::new();
        replay.play_traced(ply.mv, &mut events)?;
        let (number, mover, mv) = (ply.number, ply.side(), ply.mv);
        if args.explain {
            println!("{number}. Round {}, {mover} plays {mv}:", ply.round());
            for line in text::narrate(mover, &events) {
                println!("     {line}");
            }
        } else {
            println!(
                "{number:>4}. {} {mv}  ->  {}",
                mover.letter(),
                replay.position()
            );
        }
    }
    print!("{}", text::state(&game));
    Ok(())
}
