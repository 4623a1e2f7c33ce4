//! `rajapasu trace`: one move's events (laps, relays, fours, captures, the round's end) in
//! order, as the page animates and explains them: the way to see why a sowing ended where it
//! did.

use crate::common::{parse_record, read_record_file, with_game, CliError, GameArgs};
use crate::game::CliGame;
use clap::Args;
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
    /// The move to explain (a hole number of the player to move; under --rules mandiri a hole
    /// name). Without it, the record's move chosen by --ply.
    #[arg(long = "move", value_name = "HOLE")]
    mv: Option<String>,
    /// Take the game from a record file (of either game) instead of --position/--moves.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["position", "moves"])]
    record: Option<PathBuf>,
    /// With --record: explain the record's move number PLY (1-based; default: the last).
    #[arg(long, value_name = "PLY", requires = "record")]
    ply: Option<usize>,
    /// Print JSON: the move, the positions before and after, the events and the move in words.
    #[arg(long)]
    json: bool,
}

pub fn run(args: TraceArgs) -> Result<(), CliError> {
    match &args.record {
        Some(path) => {
            let (text, game) = read_record_file(path)?;
            with_game!(game, G, _ => trace::<G>(&args, Source::Record(&text)))
        }
        None => {
            with_game!(args.game.rule_set()?, G, rules => trace::<G>(&args, Source::Rules(rules)))
        }
    }
}

/// Where the game to trace comes from.
enum Source<'a, R> {
    /// `--rules`, `--position` and `--moves`.
    Rules(R),
    /// The text of the record of `--record`.
    Record(&'a str),
}

fn trace<G: CliGame>(args: &TraceArgs, source: Source<G::Rules>) -> Result<(), CliError> {
    let (mut game, mv): (G, G::Move) = match source {
        Source::Rules(rules) => {
            let Some(text) = &args.mv else {
                return Err(CliError("give the move to explain with --move HOLE".into()));
            };
            let mv = one_move::<G>(text, &rules)?;
            (args.game.game(rules)?, mv)
        }
        Source::Record(text) => {
            let path = args.record.as_deref().unwrap_or_else(|| ".".as_ref());
            let record = parse_record::<G>(path, text)?;
            let mut game = record.replay()?;
            let mv = match &args.mv {
                Some(text) => Some(one_move::<G>(text, game.rules())?),
                None => None,
            };
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
            let mv = match mv {
                Some(mv) if ply > record.moves.len() => mv,
                _ => record.moves[ply - 1],
            };
            (game, mv)
        }
    };
    let before = game.position().to_string();
    let mover = game.to_move();
    let mut events = Vec::new();
    game.play_traced(mv, &mut events)?;
    let lines = G::narrate(mover, &events);
    if args.json {
        let (key, seat) = G::mover_json(mover);
        let mut out = json!({
            "move": G::move_to_json(mv),
            "before": before,
            "after": game.position().to_string(),
            "events": G::events_json(&events),
            "explained": lines,
        });
        out[key] = seat;
        outln!("{}", serde_json::to_string(&out)?);
    } else {
        outln!("{before}: {} plays {mv}.", G::mover(mover));
        for line in lines {
            outln!("  {line}");
        }
        outln!("Result: {}", game.position());
    }
    Ok(())
}

/// The one move of `--move`.
fn one_move<G: CliGame>(text: &str, rules: &G::Rules) -> Result<G::Move, CliError> {
    match G::moves_arg(text, rules)?[..] {
        [mv] => Ok(mv),
        [] => Err(CliError("give the move to explain with --move HOLE".into())),
        _ => Err(CliError(format!("--move {text}: give one move"))),
    }
}
