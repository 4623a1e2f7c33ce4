//! Max^n: every seat maximizes its own component of the value vector, with no assumption
//! about coalitions. Values here are not zero-sum (the board's counters are weighted by half
//! in the evaluation), so shallow pruning, which needs a bound on the sum, is left out; the
//! table and captures-first ordering are those of the paranoid search. Ties between children
//! go to the first in the ordering.

use crate::mandiri::deepen::{deepen, Analysis, Deepening, Frame, Iteration};
use crate::mandiri::eval::{evaluate, final_values, key, ordered, round_over, Values};
use crate::mandiri::table::{Bound, Entry};
use crate::Limits;
use rajapasu_engine::mandiri;
use rajapasu_engine::Hole;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// A max^n searcher.
///
/// ```
/// use rajapasu_ai::mandiri::MaxN;
/// use rajapasu_ai::Limits;
/// use rajapasu_engine::mandiri;
/// let game = mandiri::Game::new(mandiri::Rules::default());
/// let a = MaxN::new(Limits::depth(2), Some(12)).search(&game).unwrap();
/// assert!(game.legal_moves().contains(&a.best));
/// ```
#[derive(Debug)]
pub struct MaxN {
    frame: Frame<Values>,
}

impl MaxN {
    /// A searcher with these limits and a table of `2^bits` entries (`None`: no table).
    pub fn new(limits: Limits, table_bits: Option<u32>) -> MaxN {
        MaxN {
            frame: Frame::new(limits, table_bits),
        }
    }

    /// Searches `game` for the seat to move; `None` if the game is over. The value is the
    /// mover's own component; [`Analysis::values`] holds every seat's.
    pub fn search(&mut self, game: &mandiri::Game) -> Option<Analysis> {
        deepen(self, game, &mut |_| {})
    }

    /// [`MaxN::search`], calling `report` with every iteration that finishes: the answer is
    /// the last one reported.
    pub fn search_reporting(
        &mut self,
        game: &mandiri::Game,
        mut report: impl FnMut(&Analysis),
    ) -> Option<Analysis> {
        deepen(self, game, &mut report)
    }

    /// This searcher, ended by `flag` as [`Paranoid::with_stop`](crate::mandiri::Paranoid::with_stop)
    /// is: soon after the flag is set, with the move of the last iteration that finished.
    pub fn with_stop(mut self, flag: Arc<AtomicBool>) -> MaxN {
        self.frame.set_stop(flag);
        self
    }
}

impl Deepening for MaxN {
    type Entry = Values;

    fn frame(&mut self) -> &mut Frame<Values> {
        &mut self.frame
    }

    fn prepare(&mut self, _: &mandiri::Position) {}

    fn iteration(&mut self, game: &mut mandiri::Game, depth: u32, first: Hole) -> Iteration {
        let me = game.position().to_move().index();
        let (v, best) = self.node(game, depth, Some(first));
        Iteration {
            value: v[me],
            values: Some(v),
            best,
        }
    }
}

impl MaxN {
    /// The value vector of `game` searched `depth` moves deep, and the move that gets it.
    fn node(
        &mut self,
        game: &mut mandiri::Game,
        depth: u32,
        first: Option<Hole>,
    ) -> (Values, Option<Hole>) {
        if self.frame.clock.tick() {
            return ([0; 3], None);
        }
        if let Some(captured) = round_over(game, self.frame.root_rounds) {
            return (final_values(captured, self.frame.base), None);
        }
        let pos = *game.position();
        if depth == 0 {
            self.frame.horizon = true;
            return (evaluate(&pos, self.frame.base), None);
        }
        let k = key(&pos);
        let mut first = first;
        if let Some(e) = self.frame.table.as_ref().and_then(|t| t.get(k)) {
            if u32::from(e.depth) >= depth {
                self.frame.horizon = true;
                return (e.value, e.best);
            }
            first = first.or(e.best);
        }
        let me = pos.to_move().index();
        let mut best: Option<(Values, Hole)> = None;
        for h in ordered(&pos, first) {
            game.try_play(h).expect("an ordered move is legal");
            let (v, _) = self.node(game, depth - 1, None);
            game.undo();
            if self.frame.clock.stopped() {
                return ([0; 3], None);
            }
            if best.map_or(true, |(b, _)| v[me] > b[me]) {
                best = Some((v, h));
            }
        }
        let Some((v, h)) = best else {
            return (evaluate(&pos, self.frame.base), None);
        };
        if let Some(t) = &mut self.frame.table {
            t.put(Entry {
                key: k,
                depth: depth.min(255) as u8,
                bound: Bound::Exact,
                value: v,
                best: Some(h),
            });
        }
        (v, Some(h))
    }
}
