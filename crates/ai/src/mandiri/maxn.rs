//! Max^n: every seat maximizes its own component of the value vector, with no assumption
//! about coalitions. Values here are not zero-sum (the board's counters are weighted by half
//! in the evaluation), so shallow pruning, which needs a bound on the sum, is left out; the
//! table and captures-first ordering are those of the paranoid search. Ties between children
//! go to the first in the ordering.

use crate::mandiri::eval::{base, evaluate, final_values, key, ordered, round_over, Values};
use crate::mandiri::limits::{Clock, Limits};
use crate::mandiri::paranoid::{Analysis, MAX_DEPTH};
use crate::mandiri::table::{Bound, Entry, Table};
use rajapasu_engine::mandiri::MandiriGame;
use rajapasu_engine::Hole;

/// A max^n searcher.
///
/// ```
/// use rajapasu_ai::mandiri::{Limits, MaxN};
/// use rajapasu_engine::mandiri::{MandiriGame, MandiriRules};
/// let game = MandiriGame::new(MandiriRules::default());
/// let a = MaxN::new(Limits::depth(2), Some(12)).search(&game).unwrap();
/// assert!(game.legal_moves().contains(&a.best));
/// ```
#[derive(Debug)]
pub struct MaxN {
    limits: Limits,
    table: Option<Table<Values>>,
    table_round: (usize, u32),
    clock: Clock,
    base: Values,
    root_rounds: usize,
    horizon: bool,
}

impl MaxN {
    /// A searcher with these limits and a table of `2^bits` entries (`None`: no table).
    pub fn new(limits: Limits, table_bits: Option<u32>) -> MaxN {
        MaxN {
            limits: limits.or_default(),
            table: table_bits.map(Table::new),
            table_round: (usize::MAX, 0),
            clock: Clock::new(limits.or_default()),
            base: [0; 3],
            root_rounds: 0,
            horizon: false,
        }
    }

    /// Searches `game` for the seat to move; `None` if the game is over. The value is the
    /// mover's own component.
    pub fn search(&mut self, game: &MandiriGame) -> Option<Analysis> {
        let moves = game.legal_moves();
        let &only = moves.first()?;
        let pos = game.position();
        let me = pos.to_move().index();
        self.base = base(pos);
        self.root_rounds = game.rounds().len();
        let round = (game.rounds().len(), pos.round());
        if let Some(t) = &mut self.table {
            if self.table_round != round {
                t.clear();
                self.table_round = round;
            }
        }
        self.clock = Clock::new(self.limits);
        let mut game = game.clone();
        let mut best = Analysis {
            best: only,
            value: 0,
            depth: 0,
            nodes: 0,
        };
        let deepest = self.limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        for depth in 1..=deepest {
            self.horizon = false;
            let (v, mv) = self.node(&mut game, depth, Some(best.best));
            if self.clock.stopped() {
                break;
            }
            best = Analysis {
                best: mv.unwrap_or(only),
                value: v[me],
                depth,
                nodes: self.clock.nodes,
            };
            self.clock.armed = true;
            if !self.horizon || self.clock.spent() {
                break;
            }
        }
        best.nodes = self.clock.nodes;
        Some(best)
    }

    /// The value vector of `game` searched `depth` moves deep, and the move that gets it.
    fn node(
        &mut self,
        game: &mut MandiriGame,
        depth: u32,
        first: Option<Hole>,
    ) -> (Values, Option<Hole>) {
        if self.clock.tick() {
            return ([0; 3], None);
        }
        if let Some(captured) = round_over(game, self.root_rounds) {
            return (final_values(captured, self.base), None);
        }
        let pos = *game.position();
        if depth == 0 {
            self.horizon = true;
            return (evaluate(&pos, self.base), None);
        }
        let k = key(&pos);
        let mut first = first;
        if let Some(e) = self.table.as_ref().and_then(|t| t.get(k)) {
            if u32::from(e.depth) >= depth {
                self.horizon = true;
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
            if self.clock.stopped() {
                return ([0; 3], None);
            }
            if best.map_or(true, |(b, _)| v[me] > b[me]) {
                best = Some((v, h));
            }
        }
        let Some((v, h)) = best else {
            return (evaluate(&pos, self.base), None);
        };
        if let Some(t) = &mut self.table {
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
