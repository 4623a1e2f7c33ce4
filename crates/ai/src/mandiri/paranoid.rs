//! Paranoid alpha-beta: the seat to decide supposes that the two others play together against
//! it. Its score is its own value minus the best of the others' (a round is won by capturing
//! the most, so the one rival that matters is the leading one); the others minimize that
//! score. That makes the game a two-sided one on a single number, so alpha-beta applies as in
//! the two-player game, with iterative deepening, the table and captures first.
//!
//! The search ends at the end of the round it starts in: a match's next round starts after the
//! gift and refill, from a position the table's key does not describe.

use crate::mandiri::deepen::{deepen, Analysis, Deepening, Frame, Iteration};
use crate::mandiri::eval::{evaluate, final_values, key, ordered, round_over, Values};
use crate::mandiri::table::{Bound, Entry};
use crate::Limits;
use rajapasu_engine::mandiri::{self, Seat};
use rajapasu_engine::Hole;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// A paranoid alpha-beta searcher.
///
/// ```
/// use rajapasu_ai::mandiri::Paranoid;
/// use rajapasu_ai::Limits;
/// use rajapasu_engine::mandiri;
/// let game = mandiri::Game::new(mandiri::Rules::default());
/// let mut search = Paranoid::new(Limits::depth(3), Some(12));
/// let a = search.search(&game).unwrap();
/// assert!(game.legal_moves().contains(&a.best));
/// assert_eq!(a.depth, 3);
/// ```
#[derive(Debug)]
pub struct Paranoid {
    frame: Frame<i32>,
    root: Seat,
    rivals: Vec<Seat>,
}

impl Paranoid {
    /// A searcher with these limits and a table of `2^bits` entries (`None`: no table).
    pub fn new(limits: Limits, table_bits: Option<u32>) -> Paranoid {
        Paranoid {
            frame: Frame::new(limits, table_bits),
            root: Seat::C,
            rivals: Vec::new(),
        }
    }

    /// This searcher, stopped soon after `flag` is set (from another thread, for example); it
    /// then answers with the move of the last iteration that finished. The first iteration
    /// always finishes. The search does not clear the flag: whoever sets it clears it before
    /// the next search.
    ///
    /// ```
    /// use rajapasu_ai::mandiri::Paranoid;
    /// use rajapasu_ai::Limits;
    /// use rajapasu_engine::mandiri;
    /// use std::sync::{atomic::AtomicBool, Arc};
    /// let game = mandiri::Game::new(mandiri::Rules::default());
    /// // Set before the search starts: only the first iteration runs.
    /// let stop = Arc::new(AtomicBool::new(true));
    /// let a = Paranoid::new(Limits::depth(40), Some(12)).with_stop(stop).search(&game).unwrap();
    /// assert_eq!(a.depth, 1);
    /// ```
    pub fn with_stop(mut self, flag: Arc<AtomicBool>) -> Paranoid {
        self.frame.set_stop(flag);
        self
    }

    /// The score of `v` for the root seat.
    fn score(&self, v: Values) -> i32 {
        let best_rival = self.rivals.iter().map(|s| v[s.index()]).max().unwrap_or(0);
        v[self.root.index()] - best_rival
    }

    /// Searches `game` for the seat to move; `None` if the game is over.
    pub fn search(&mut self, game: &mandiri::Game) -> Option<Analysis> {
        deepen(self, game, &mut |_| {})
    }

    /// [`Paranoid::search`], calling `report` with every iteration that finishes: the answer
    /// is the last one reported.
    pub fn search_reporting(
        &mut self,
        game: &mandiri::Game,
        mut report: impl FnMut(&Analysis),
    ) -> Option<Analysis> {
        deepen(self, game, &mut report)
    }
}

impl Deepening for Paranoid {
    type Entry = i32;

    fn frame(&mut self) -> &mut Frame<i32> {
        &mut self.frame
    }

    fn prepare(&mut self, pos: &mandiri::Position) {
        self.root = pos.to_move();
        self.rivals = pos.seats_in_play().filter(|&s| s != self.root).collect();
    }

    fn iteration(&mut self, game: &mut mandiri::Game, depth: u32, first: Hole) -> Iteration {
        let (value, best) = self.root_search(game, depth, first);
        Iteration {
            value,
            values: None,
            best: Some(best),
        }
    }
}

impl Paranoid {
    fn root_search(&mut self, game: &mut mandiri::Game, depth: u32, first: Hole) -> (i32, Hole) {
        let mut alpha = i32::MIN + 1;
        let mut best = (i32::MIN, first);
        for h in ordered(game.position(), Some(first)) {
            game.try_play(h).expect("an ordered move is legal");
            let v = self.alpha_beta(game, depth - 1, alpha, i32::MAX);
            game.undo();
            if self.frame.clock.stopped() {
                break;
            }
            if v > best.0 {
                best = (v, h);
                alpha = alpha.max(v);
            }
        }
        best
    }

    fn alpha_beta(&mut self, game: &mut mandiri::Game, depth: u32, alpha: i32, beta: i32) -> i32 {
        let (mut alpha, mut beta) = (alpha, beta);
        if self.frame.clock.tick() {
            return 0;
        }
        if let Some(captured) = round_over(game, self.frame.root_rounds) {
            return self.score(final_values(captured, self.frame.base));
        }
        let pos = *game.position();
        if depth == 0 {
            self.frame.horizon = true;
            return self.score(evaluate(&pos, self.frame.base));
        }
        let k = key(&pos) | (self.root.index() as u128) << 121;
        let mut first = None;
        if let Some(e) = self.frame.table.as_ref().and_then(|t| t.get(k)) {
            first = e.best;
            if u32::from(e.depth) >= depth {
                match e.bound {
                    Bound::Exact => {}
                    Bound::Lower => alpha = alpha.max(e.value),
                    Bound::Upper => beta = beta.min(e.value),
                }
                if e.bound == Bound::Exact || alpha >= beta {
                    // The entry may stand on a horizon deeper down.
                    self.frame.horizon = true;
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
            if self.frame.clock.stopped() {
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
            return self.score(evaluate(&pos, self.frame.base));
        }
        let bound = if best <= window.0 {
            Bound::Upper
        } else if best >= window.1 {
            Bound::Lower
        } else {
            Bound::Exact
        };
        if let Some(t) = &mut self.frame.table {
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
