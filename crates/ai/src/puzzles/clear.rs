//! Whether a puzzle's key move is **clearly** better than the second best (docs/PUZZLES.md,
//! "Rated puzzles"): by at least [`CLEAR_MARGIN`] counters, or by changing the round's result
//! (a win where every other move draws or loses, a draw where every other move loses). A key
//! move that wins 14 where another wins 12 is proven the only best, yet a player who finds the
//! other has found a winning move and is told "not the best": such puzzles are not rated.
//!
//! The rule reads the key move's values only (the `margin` field and the `values` of the first
//! step), so it applies to a set already made, as it is read, without proving anything again.

use super::format::{Puzzle, Step};

/// The lead, in counters, that makes a key move clearly better whatever the results: twice the
/// smallest lead a puzzle can have. Two moves' final capture differences share the round's
/// total, so they differ by an even number: 2 is the smallest lead.
pub const CLEAR_MARGIN: i32 = 4;

/// What a move's proven value makes of the round for the player who makes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum RoundResult {
    /// The round is lost: the value is below zero.
    Loss,
    /// The round is drawn: the value is zero.
    Draw,
    /// The round is won: the value is above zero.
    Win,
}

impl RoundResult {
    /// The result a final capture difference gives.
    ///
    /// ```
    /// use rajapasu_ai::puzzles::RoundResult;
    /// assert_eq!(RoundResult::of(-24), RoundResult::Loss);
    /// assert_eq!(RoundResult::of(0), RoundResult::Draw);
    /// assert!(RoundResult::of(2) > RoundResult::of(0));
    /// ```
    pub fn of(value: i32) -> RoundResult {
        match value.signum() {
            1 => RoundResult::Win,
            0 => RoundResult::Draw,
            _ => RoundResult::Loss,
        }
    }
}

impl Step {
    /// The best value of every legal move but the step's own (the second best), if there is
    /// another legal move.
    pub fn second_value(&self) -> Option<i32> {
        self.values
            .iter()
            .enumerate()
            .filter(|&(i, _)| i + 1 != usize::from(self.mv))
            .filter_map(|(_, v)| *v)
            .max()
    }

    /// Whether the step's move is clearly better than every other: by [`CLEAR_MARGIN`]
    /// counters, or with a better round result than any other move.
    ///
    /// ```
    /// use rajapasu_ai::puzzles::Step;
    /// let step = |values: Vec<Option<i32>>| Step { mv: 1, values, defences: vec![] };
    /// // Wins by 14 where another move wins by 12: not clearly better.
    /// assert!(!step(vec![Some(14), Some(12), Some(12), None, None, None, None]).is_clear());
    /// // Wins by 2 where every other move draws or loses: clearly better.
    /// assert!(step(vec![Some(2), Some(0), Some(-4), None, None, None, None]).is_clear());
    /// // Loses by 20 where the next best loses by 24: clearly better.
    /// assert!(step(vec![Some(-20), Some(-24), Some(-30), None, None, None, None]).is_clear());
    /// ```
    pub fn is_clear(&self) -> bool {
        match (self.best_value(), self.second_value()) {
            (Some(best), Some(second)) => {
                best - second >= CLEAR_MARGIN || RoundResult::of(best) > RoundResult::of(second)
            }
            // A key move with no other legal move is no puzzle: nothing to be clear about.
            _ => false,
        }
    }
}

impl Puzzle {
    /// Whether the key move is clearly better than the second best ([`Step::is_clear`]): the
    /// puzzles that are rated, and the only ones the generator keeps unless asked.
    pub fn is_clear(&self) -> bool {
        self.solution.is_clear()
    }

    /// What the key move makes of the round: whether the puzzle is to win, to draw, or to
    /// lose the least.
    pub fn result(&self) -> Option<RoundResult> {
        self.solution.best_value().map(RoundResult::of)
    }
}
