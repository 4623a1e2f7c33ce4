//! `rajapasu analyze`: every legal move with its score and principal variation.

use crate::common::{CliError, GameArgs};
use clap::Args;
use rajapasu_ai::search::{public_bounds, RootMove, SearchOptions, Searcher};
use rajapasu_ai::Limits;
use rajapasu_engine::Game;
use std::time::Duration;

/// Arguments of `rajapasu analyze`.
#[derive(Args, Debug)]
#[command(
    after_help = "Scores are counters (capture difference) for the player to move; |score| >= 1000 means \
the game is decided: 1000 + margin for a won round, 2000 - moves for a won match. In single rounds \
the solver proves scores under the repetition rule: `proven` says `exact`, or the range [lo, hi] the \
true score lies in, or `-` where nothing is proven yet (docs/SOLVING.md).\n\nExamples:\n  \
rajapasu analyze --moves \"1 5\" --single-round\n  \
rajapasu analyze --position \"0,1,0,2,0,0,3/0,0,1,0,3,0,2 S 40 46\" --movetime 200 --json"
)]
pub struct AnalyzeArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Time for the whole analysis, milliseconds.
    #[arg(long, default_value_t = 1000, value_name = "MS")]
    movetime: u64,
    /// Stop at this depth instead (or as well).
    #[arg(long, value_name = "N")]
    depth: Option<u32>,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    table: crate::table::TableArgs,
}

pub fn run(args: AnalyzeArgs) -> Result<(), CliError> {
    let rules = args.game.two_player_rules("analyze")?;
    let game: Game = args.game.game(rules)?;
    if game.status().is_over() {
        return Err(CliError(
            "the game is over: there is no move to analyse".into(),
        ));
    }
    if rajapasu_ai::book::Book::embedded().probe(&game).is_none() {
        crate::table::prepare(args.table, &rules, crate::table::When::First)?;
    }
    let mut searcher = Searcher::new(20);
    let limits = Limits {
        depth: args.depth,
        movetime: Some(Duration::from_millis(args.movetime.max(1))),
        nodes: None,
    };
    let result = searcher
        .search(
            &game,
            &limits,
            SearchOptions::EVERY_MOVE.with_book(),
            |_| {},
        )
        .ok_or_else(|| CliError("the game is over".into()))?;
    let to_move = game.position().to_move();
    if args.json {
        let moves: Vec<_> = result
            .moves
            .iter()
            .map(|m| {
                let proven = m.proven.map(public_bounds);
                serde_json::json!({
                    "move": m.mv.number(),
                    "score": m.score.counters(),
                    "exact": proven.is_some_and(|b| b.exact().is_some()),
                    "bounds": proven.map(|b| [b.lower, b.upper]),
                    "pv": m.pv.iter().map(|x| x.number()).collect::<Vec<_>>(),
                })
            })
            .collect();
        let out = serde_json::json!({
            "position": game.position().to_string(),
            "to_move": to_move.name(),
            "depth": result.depth,
            "nodes": result.nodes,
            "exact": result.exact,
            "moves": moves,
        });
        outln!("{out}");
        return Ok(());
    }
    outln!("position {}", game.position());
    outln!(
        "{to_move} to move; depth {}{}, {} nodes in {:.2} s",
        result.depth,
        if result.exact { " (solved)" } else { "" },
        result.nodes,
        result.time.as_secs_f64()
    );
    outln!("move  score  proven       line");
    for m in &result.moves {
        let pv: Vec<String> = m.pv.iter().map(|x| x.to_string()).collect();
        outln!(
            "{:>4}  {:>5}  {:<11}  {}",
            m.mv.to_string(),
            m.score.counters(),
            proven(m),
            pv.join(" ")
        );
    }
    Ok(())
}

/// "exact", the proven range of the score, or "-" where nothing is proven.
fn proven(m: &RootMove) -> String {
    match m.proven.map(public_bounds) {
        Some(b) if b.exact().is_some() => "exact".into(),
        Some(b) => format!("[{}, {}]", b.lower, b.upper),
        None => "-".into(),
    }
}
