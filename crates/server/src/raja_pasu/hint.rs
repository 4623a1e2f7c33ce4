//! A Raja Pasu hint: the best move for the player to move, with its score and the scores of
//! every move, searched on a search worker ([`crate::search_pool`]).

use rajapasu_ai::search::{Limits, Searcher};
use rajapasu_engine::Game;
use serde_json::{json, Value};
use std::time::Duration;

/// How long a hint may think.
const HINT_TIME: Duration = Duration::from_millis(600);

/// The best move for the player to move, with its score and the scores of all moves, for the
/// ply of `game`, searched with `searcher` (its table as [`crate::search_pool`] hands it out).
/// Blocking: it runs on a search worker.
pub fn hint_with(searcher: &mut Searcher, game: &Game) -> Option<Value> {
    let limits = Limits {
        movetime: Some(HINT_TIME),
        ..Limits::default()
    };
    let mut scores = rajapasu_ai::analyze_with(searcher, game, &limits);
    scores.sort_by_key(|s| std::cmp::Reverse(s.score));
    let best = scores.first()?;
    // Whether a score is proven under the rules, and the range it is proven to lie in.
    let proof = |s: &rajapasu_ai::MoveScore| {
        let b = s.proven;
        (
            b.is_some_and(|b| b.exact().is_some()),
            b.map(|b| [b.lower, b.upper]),
        )
    };
    let (exact, bounds) = proof(best);
    Some(json!({
        "ply": game.moves().len(),
        "move": best.mv.number(),
        "score": best.score,
        "exact": exact,
        "bounds": bounds,
        "pv": best.pv.iter().map(|m| m.number()).collect::<Vec<_>>(),
        "moves": scores
            .iter()
            .map(|s| {
                let (exact, bounds) = proof(s);
                json!({"move": s.mv.number(), "score": s.score, "exact": exact, "bounds": bounds})
            })
            .collect::<Vec<_>>(),
        "match": crate::match_stakes::of(game),
    }))
}
