//! `rajapasu state`: a game's state after some moves (the position, whose move, the legal moves,
//! the result), as text or as the JSON view the server and the engine protocol share, for
//! scripts that drive the engine without linking it.

use crate::common::{with_game, CliError, GameArgs};
use crate::game::CliGame;
use clap::Args;
use rajapasu_engine::record::GameRecord;
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
    with_game!(args.game.rule_set()?, G, rules => state::<G>(&args, rules))
}

fn state<G: CliGame>(args: &StateArgs, rules: G::Rules) -> Result<(), CliError> {
    let game: G = args.game.game(rules)?;
    if let Some(path) = &args.save {
        GameRecord::from_game(&game, Vec::new()).save(path)?;
    }
    if args.json {
        outln!("{}", game.state_json()?);
    } else {
        out!("{}", game.state_text());
    }
    Ok(())
}
