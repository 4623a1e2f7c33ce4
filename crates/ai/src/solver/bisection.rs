//! Bounds by bisection: each iteration of a solve narrows the bounds with null-window tests.

use super::answer::Answer;
use super::api::Solver;
use super::value::Endless;
use rajapasu_engine::Position;

impl Solver {
    /// The highest `v` in `lower..=upper` proven as a lower bound at `depth` (bisection).
    pub(super) fn raise(
        &mut self,
        pos: &Position,
        endless: Endless,
        lower: i32,
        upper: i32,
        d: u32,
    ) -> i32 {
        let (mut lo, mut hi) = (lower, upper);
        // Invariant: value >= lo is proven; value >= hi + 1 is not known.
        while lo < hi {
            let v = lo + (hi - lo + 1) / 2;
            match self.test(pos, endless, v, d) {
                Answer::Yes => lo = v,
                Answer::No => hi = v - 1,
                Answer::Unknown => hi = v - 1,
            }
            if self.aborted {
                break;
            }
        }
        lo
    }

    /// The lowest `v` in `lower..=upper` proven as an upper bound at `depth` (bisection).
    pub(super) fn lower_top(
        &mut self,
        pos: &Position,
        endless: Endless,
        lower: i32,
        upper: i32,
        d: u32,
    ) -> i32 {
        let (mut lo, mut hi) = (lower, upper);
        // Invariant: value <= hi is proven; value <= lo - 1 is not known.
        while lo < hi {
            let v = lo + (hi - lo) / 2;
            // "value <= v" is "not (value >= v + 1)".
            match self.test(pos, endless, v + 1, d) {
                Answer::No => hi = v,
                Answer::Yes | Answer::Unknown => lo = v + 1,
            }
            if self.aborted {
                break;
            }
        }
        hi
    }

    /// Is the value of `pos` in the game `endless` at least `v`? Searched to `depth` plies.
    pub(super) fn test(&mut self, pos: &Position, endless: Endless, v: i32, depth: u32) -> Answer {
        let favoured = match endless {
            Endless::Mover => pos.to_move(),
            Endless::Opponent => !pos.to_move(),
        };
        self.path.clear();
        self.ge(pos, favoured, v, depth, 0, 0).0
    }
}
