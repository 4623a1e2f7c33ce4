//! Paranoid alpha-beta: the seat to decide supposes that the two others play together against
//! it. Its score is its own value minus the best of the others' (a round is won by capturing
//! the most, so the one rival that matters is the leading one); the others minimize that
//! score. That makes the game a two-sided one on a single number, so alpha-beta applies as in
//! the two-player game, with iterative deepening, the table and captures first.
//!
//! The search ends at the end of the round it starts in: a match's next round starts after the
//! gift and refill, from a position the table's key does not describe.

use crate::mandiri::eval::{base, evaluate, final_values, key, ordered, round_over, Values};
use crate::mandiri::limits::{Clock, Limits};
use crate::mandiri::table::{Bound, Entry, Table};
use rajapasu_engine::mandiri::{MandiriGame, Seat};
use rajapasu_engine::Hole;

/// Deepest iteration when no depth is given: deeper than any budget reaches.
pub(crate) const MAX_DEPTH: u32 = 64;

/// The outcome of a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// The move chosen.
    pub best: Hole,
    /// Its score for the seat to move, tenths of a counter (paranoid: own value minus the best
    /// of the others'; max^n: own value).
    pub value: i32,
    /// The deepest iteration completed.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
}

/// A paranoid alpha-beta searcher.
///
/// ```
/// use rajapasu_ai::mandiri::{Limits, Paranoid};
/// use rajapasu_engine::mandiri::{MandiriGame, MandiriRules};
/// let game = MandiriGame::new(MandiriRules::default());
/// let mut search = Paranoid::new(Limits::depth(3), Some(12));
/// let a = search.search(&game).unwrap();
/// assert!(game.legal_moves().contains(&a.best));
/// assert_eq!(a.depth, 3);
/// ```
#[derive(Debug)]
pub struct Paranoid {
    limits: Limits,
    table: Option<Table<i32>>,
    /// The round the table's entries belong to: (rounds finished, round number).
    table_round: (usize, u32),
    clock: Clock,
    root: Seat,
    rivals: Vec<Seat>,
    base: Values,
    root_rounds: usize,
    horizon: bool,
}

impl Paranoid {
    /// A searcher with these limits and a table of `2^bits` entries (`None`: no table).
    pub fn new(limits: Limits, table_bits: Option<u32>) -> Paranoid {
        Paranoid {
            limits: limits.or_default(),
            table: table_bits.map(Table::new),
            table_round: (usize::MAX, 0),
            clock: Clock::new(limits.or_default()),
            root: Seat::C,
            rivals: Vec::new(),
            base: [0; 3],
            root_rounds: 0,
            horizon: false,
        }
    }

    /// The score of `v` for the root seat.
    fn score(&self, v: Values) -> i32 {
        let best_rival = self.rivals.iter().map(|s| v[s.index()]).max().unwrap_or(0);
        v[self.root.index()] - best_rival
    }

    /// Searches `game` for the seat to move; `None` if the game is over.
    pub fn search(&mut self, game: &MandiriGame) -> Option<Analysis> {
        let moves = game.legal_moves();
        let &only = moves.first()?;
        let pos = game.position();
        self.root = pos.to_move();
        self.rivals = pos.seats_in_play().filter(|&s| s != self.root).collect();
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
            let (value, mv) = self.root_search(&mut game, depth, best.best);
            if self.clock.stopped() {
                break;
            }
            best = Analysis {
                best: mv,
                value,
                depth,
                nodes: self.clock.nodes,
            };
            self.clock.armed = true;
            // Every line reached the end of the round: deeper iterations would change nothing.
            if !self.horizon || self.clock.spent() {
                break;
            }
        }
        best.nodes = self.clock.nodes;
        Some(best)
    }

    fn root_search(&mut self, game: &mut MandiriGame, depth: u32, first: Hole) -> (i32, Hole) {
        let mut alpha = i32::MIN + 1;
        let mut best = (i32::MIN, first);
        for h in ordered(game.position(), Some(first)) {
            game.try_play(h).expect("an ordered move is legal");
            let v = self.alpha_beta(game, depth - 1, alpha, i32::MAX);
            game.undo();
            if self.clock.stopped() {
                break;
            }
            if v > best.0 {
                best = (v, h);
                alpha = alpha.max(v);
            }
        }
        best
    }

    fn alpha_beta(&mut self, game: &mut MandiriGame, depth: u32, alpha: i32, beta: i32) -> i32 {
        let (mut alpha, mut beta) = (alpha, beta);
        if self.clock.tick() {
            return 0;
        }
        if let Some(captured) = round_over(game, self.root_rounds) {
            return self.score(final_values(captured, self.base));
        }
        let pos = *game.position();
        if depth == 0 {
            self.horizon = true;
            return self.score(evaluate(&pos, self.base));
        }
        let k = key(&pos) | (self.root.index() as u128) << 121;
        let mut first = None;
        if let Some(e) = self.table.as_ref().and_then(|t| t.get(k)) {
            first = e.best;
            if u32::from(e.depth) >= depth {
                match e.bound {
                    Bound::Exact => {}
                    Bound::Lower => alpha = alpha.max(e.value),
                    Bound::Upper => beta = beta.min(e.value),
                }
                if e.bound == Bound::Exact || alpha >= beta {
                    // The entry may stand on a horizon deeper down.
                    self.horizon = true;
                    return e.value;
                }
            }
        }
        let maximize = pos.to_move() == self.root;
        let window = (alpha, beta);
        let mut best = if maximize { i32::MIN } else { i32::MAX };
        let mut best_move = None;
        for h in ordered(&pos, first) {
            game.try_play(h).expect("an ordered move is legal");
            let v = self.alpha_beta(game, depth - 1, alpha, beta);
            game.undo();
            if self.clock.stopped() {
                return 0;
            }
            if (maximize && v > best) || (!maximize && v < best) {
                best = v;
                best_move = Some(h);
            }
            if maximize {
                alpha = alpha.max(v);
            } else {
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        if best_move.is_none() {
            // No move although the round goes on cannot happen (a seat without counters
            // passes); score the position rather than trust that.
            return self.score(evaluate(&pos, self.base));
        }
        let bound = if best <= window.0 {
            Bound::Upper
        } else if best >= window.1 {
            Bound::Lower
        } else {
            Bound::Exact
        };
        if let Some(t) = &mut self.table {
            t.put(Entry {
                key: k,
                depth: depth.min(255) as u8,
                bound,
                value: best,
                best: best_move,
            });
        }
        best
    }
}
