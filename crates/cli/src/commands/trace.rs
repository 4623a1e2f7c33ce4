//! `rajapasu trace`.

use crate::common::{read_record, CliError, GameArgs};
use clap::Args;
use rajapasu_engine::text;
use rajapasu_engine::{Game, Move};
use serde_json::json;
use std::path::PathBuf;

/// Arguments of `rajapasu trace`.
#[derive(Args, Debug)]
#[command(
    after_help = "Examples:\n  rajapasu trace --move 1\n  rajapasu trace --position \"0,1,0,2,0,0,3/0,0,1,0,3,0,2 S 40 46\" --move 2 --json\n  rajapasu trace --record game.txt --ply 12\n  rajapasu trace --rules mandiri --position \"0,0,1,0,0,0,3/0,0,3,0,2,0,0 R 30,30,29 1,2,3 0,0,0 1 1\" --move S7"
)]
pub struct TraceArgs {
    #[command(flatten)]
    game: GameArgs,
    /// The move to explain (a hole number of the player to move). Without it, the record's
    /// move chosen by --ply.
    #[arg(long = "move", value_name = "HOLE")]
    mv: Option<String>,
    /// Take the game from a record file instead of --position/--moves.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["position", "moves"])]
    record: Option<PathBuf>,
    /// With --record: explain the record's move number PLY (1-based; default: the last).
    #[arg(long, value_name = "PLY", requires = "record")]
    ply: Option<usize>,
    /// Print JSON: the move, the positions before and after, and the events.
    #[arg(long)]
    json: bool,
}

pub fn run(args: TraceArgs) -> Result<(), CliError> {
    if args.record.is_none() && super::mandiri::wanted(&args.game.rules) {
        let game = super::mandiri::game(&args.game)?;
        return super::mandiri::trace(game, args.mv.as_deref().unwrap_or(""), args.json);
    }
    // Under the two-player rules a move is a hole number of the player to move.
    let mv: Option<Move> = match &args.mv {
        Some(text) => Some(
            text.parse()
                .map_err(|e| CliError(format!("--move {text}: {e}")))?,
        ),
        None => None,
    };
    let (mut game, mv): (Game, Move) = match &args.record {
        Some(path) => {
            let record = read_record(path)?;
            let mut game = record.replay()?;
            let ply = match (mv, args.ply) {
                (Some(_), Some(_)) => {
                    return Err(CliError("give either --move or --ply, not both".into()))
                }
                (Some(mv), None) => {
                    game.try_play(mv)?;
                    game.moves().len()
                }
                (None, ply) => ply.unwrap_or(record.moves.len()),
            };
            if ply == 0 || ply > game.moves().len() {
                return Err(CliError(format!(
                    "--ply {ply}: the record has moves 1 to {}",
                    game.moves().len()
                )));
            }
            while game.moves().len() >= ply {
                game.undo();
            }
            let mv = if ply <= record.moves.len() {
                record.moves[ply - 1]
            } else {
                mv.expect("move given")
            };
            (game, mv)
        }
        None => {
            let mv =
                mv.ok_or_else(|| CliError("give the move to explain with --move HOLE".into()))?;
            (args.game.game()?, mv)
        }
    };
    let before = game.position().to_string();
    let mover = game.position().to_move();
    let mut events = Vec::new();
    game.play_traced(mv, &mut events)?;
    if args.json {
        let out = json!({
            "move": mv.number(),
            "side": mover,
            "before": before,
            "after": game.position().to_string(),
            "events": events,
        });
        println!("{}", serde_json::to_string(&out)?);
    } else {
        println!("{before}: {mover} plays {mv}.");
        for line in text::narrate(mover, &events) {
            println!("  {line}");
        }
        println!("Result: {}", game.position());
    }
    Ok(())
}
