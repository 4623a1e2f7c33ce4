//! `rajapasu state`.

use crate::common::{CliError, GameArgs};
use clap::Args;
use rajapasu_engine::record::Record;
use rajapasu_engine::text;
use rajapasu_engine::GameView;
use std::path::PathBuf;

/// Arguments of `rajapasu state`.
#[derive(Args, Debug)]
#[command(
    after_help = "Examples:\n  rajapasu state --moves \"1 2\"\n  rajapasu state --position \"0,0,0,0,0,1,0/0,2,0,0,0,0,0 S 60 35\" --moves 6 --json\n  rajapasu state --rules mandiri --moves \"S5 S6\""
)]
pub struct StateArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Print one JSON object instead of the diagram.
    #[arg(long)]
    json: bool,
    /// Also save the game record to FILE (JSON if it ends in .json, else plain text).
    #[arg(long, value_name = "FILE")]
    save: Option<PathBuf>,
}

pub fn run(args: StateArgs) -> Result<(), CliError> {
    if super::mandiri::wanted(&args.game.rules) {
        let game = super::mandiri::game(&args.game)?;
        if let Some(path) = &args.save {
            let rec = rajapasu_engine::mandiri::Record::from_game(&game, Vec::new());
            let text = if path.extension().is_some_and(|e| e == "json") {
                rec.to_json()
            } else {
                rec.to_text()
            };
            std::fs::write(path, text)
                .map_err(|e| CliError(format!("cannot write {}: {e}", path.display())))?;
        }
        if args.json {
            println!(
                "{}",
                serde_json::to_string(&super::mandiri::state_json(&game))?
            );
        } else {
            print!("{}", super::mandiri::state_text(&game));
        }
        return Ok(());
    }
    let game = args.game.game()?;
    if let Some(path) = &args.save {
        Record::from_game(&game, Vec::new()).save(path)?;
    }
    if args.json {
        println!("{}", serde_json::to_string(&GameView::new(&game))?);
    } else {
        print!("{}", text::state(&game));
    }
    Ok(())
}
