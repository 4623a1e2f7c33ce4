//! The analysis board's search: every legal move of a position scored by the existing search,
//! bounded in time, run as a background search of the search workers (after the computer's
//! moves and hints, on fewer workers than the pool has), stopped when its client goes away.

use crate::error::ApiError;
use crate::requests::AnalysisSetup;
use crate::search_pool::SearchPool;
use rajapasu_ai::search::{public_bounds, Limits, SearchOptions, Searcher};
use rajapasu_engine::{GameView, Side};
use serde_json::{json, Value};
use std::time::Duration;

/// Analyses the position the setup leads to: the view, and every legal move with its score,
/// proven bounds and line, best first (empty when the game is over).
/// The search runs on the search workers ([`SearchPool::analysis`]), whose queue may refuse it
/// (503); dropping the future (the client went away) stops the search.
pub async fn run(pool: &SearchPool, setup: AnalysisSetup) -> Result<Value, ApiError> {
    let movetime = setup.movetime_ms;
    pool.analysis(move |searcher| analyse(searcher, setup))
        .await
        .map_err(ApiError::from)
        .map(|mut v| {
            v["movetime_ms"] = json!(movetime);
            v
        })
}

fn analyse(searcher: &mut Searcher, setup: AnalysisSetup) -> Value {
    let game = setup.game;
    let limits = Limits {
        movetime: Some(Duration::from_millis(setup.movetime_ms)),
        ..Limits::default()
    };
    // Every root move gets its own score, not just a bound; positions of the opening book are
    // answered from it, proven, at once.
    let options = SearchOptions::EVERY_MOVE.with_book();
    let result = searcher.search(&game, &limits, options, |_| {});
    let sides: String = game
        .plies()
        .map(|p| if p.side() == Side::South { 'S' } else { 'N' })
        .collect();
    let (depth, nodes, time_ms, moves) = match &result {
        None => (0, 0, 0, Vec::new()),
        Some(r) => (
            r.depth,
            r.nodes,
            r.time.as_millis() as u64,
            r.moves
                .iter()
                .map(|m| {
                    let proven = m.proven.map(public_bounds);
                    json!({
                        "move": m.mv.number(),
                        "score": m.score.counters(),
                        "exact": proven.is_some_and(|b| b.exact().is_some()),
                        "bounds": proven.map(|b| [b.lower, b.upper]),
                        "pv": m.pv.iter().map(|mv| mv.number()).collect::<Vec<_>>(),
                    })
                })
                .collect(),
        ),
    };
    json!({
        "rules": game.rules().to_string(),
        "start": game.start().to_string(),
        "moves": game.moves().iter().map(|m| m.number()).collect::<Vec<_>>(),
        "line": sides,
        "view": GameView::new(&game),
        "depth": depth,
        "nodes": nodes,
        "time_ms": time_ms,
        // Where the values come from: the proven opening book (no search), or a search.
        "source": if result.as_ref().is_some_and(|r| r.from_book) { "book" } else { "search" },
        "analysis": moves,
        "match": crate::match_stakes::of(&game),
    })
}
