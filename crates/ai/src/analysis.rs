//! Move analysis: every legal move scored with its expected line, as hints and `rajapasu
//! analyze` show them.

use crate::search::{public_bounds, SearchOptions, Searcher};
use crate::solver::Bounds;
use crate::Limits;
use rajapasu_engine::{Game, Move};
use std::time::Duration;

/// A legal move with its score and line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveScore {
    /// The move.
    pub mv: Move,
    /// Its score in counters for the player to move.
    pub score: i32,
    /// The expected line, starting with `mv`.
    pub pv: Vec<Move>,
    /// Proven bounds on the score (public units), in single rounds: the score is exact where
    /// they meet (docs/SOLVING.md).
    pub proven: Option<Bounds>,
}

/// Scores every legal move with a search of about `movetime`, best first. Empty if the game is
/// over.
pub fn analyze(game: &Game, movetime: Duration) -> Vec<MoveScore> {
    let mut searcher = Searcher::new(20);
    analyze_with(
        &mut searcher,
        game,
        &Limits::default().with_movetime(movetime),
    )
}

/// [`analyze`] with a given searcher and limits. Positions of the opening book are answered
/// from it ([`crate::book`]): proven values at once.
pub fn analyze_with(searcher: &mut Searcher, game: &Game, limits: &Limits) -> Vec<MoveScore> {
    let options = SearchOptions::EVERY_MOVE.with_book();
    match searcher.search(game, limits, options, |_| {}) {
        None => Vec::new(),
        Some(r) => r
            .moves
            .into_iter()
            .map(|m| MoveScore {
                mv: m.mv,
                score: m.score.counters(),
                pv: m.pv,
                proven: m.proven.map(public_bounds),
            })
            .collect(),
    }
}
