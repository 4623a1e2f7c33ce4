//! The tree search proper: negamax alpha-beta with principal variation search, the
//! transposition table, exact leaves from the endgame table, and the abort checks.

use super::score::{margin_score, terminal, INF};
use super::tt::{from_table, key_of, to_table, Bound, Entry, EXACT_DEPTH};
use super::{RootMove, Searcher, ANY_MOVE, MAX_PLY};
use rajapasu_engine::{Game, Mode, Move, RoundEnd, Side};
use std::sync::atomic::Ordering;
use std::time::Instant;

/// The window a child is searched with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Window {
    /// The whole range: the child's exact score whatever alpha and beta are (analysis).
    Open,
    /// The node's window.
    Full,
    /// A null window at alpha first, the node's window only if the child beats alpha (PVS).
    Scout,
}

impl Searcher {
    pub(super) fn check_abort(&mut self) {
        if self.stop.load(Ordering::Relaxed)
            || self.nodes >= self.node_limit
            || self.deadline.is_some_and(|d| Instant::now() >= d)
        {
            self.aborted = true;
        }
    }

    /// One iteration at the root; fills each root move's score and line. With `every_move`
    /// each root move is searched with an open window, so each score is exact.
    pub(super) fn root(
        &mut self,
        g: &mut Game,
        roots: &mut [RootMove],
        depth: i32,
        mut alpha: i32,
        beta: i32,
        every_move: bool,
    ) -> i32 {
        let me = g.position().to_move();
        let margin = self.root_margin;
        let mut best = -INF;
        for (i, root) in roots.iter_mut().enumerate() {
            let mv = root.mv;
            // With a root margin, later moves are tested against `alpha - margin`: those that
            // come within the margin are re-searched to an exact score.
            let a = if i == 0 { alpha } else { alpha - margin };
            let window = if every_move {
                Window::Open
            } else if i == 0 {
                Window::Full
            } else {
                Window::Scout
            };
            let v = self.child_value(g, mv, me, depth, a, beta, 0, window);
            if self.aborted {
                return best;
            }
            root.score = super::Score::from_tenths(v);
            if v > best || every_move || (margin > 0 && v > a) {
                let mut pv = vec![mv];
                pv.extend_from_slice(&self.pv[1][1..self.pv_len[1]]);
                root.pv = pv;
            }
            best = best.max(v);
            if !every_move {
                alpha = alpha.max(v);
                if v >= beta {
                    break;
                }
            }
        }
        best
    }

    /// Plays `mv` at `ply`, searches the child with `window` and undoes the move: the child's
    /// value for `me`, the player who made the move.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn child_value(
        &mut self,
        g: &mut Game,
        mv: Move,
        me: Side,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        window: Window,
    ) -> i32 {
        let rounds = g.rounds().len();
        g.play(mv);
        self.pv_len[ply + 1] = ply + 1;
        if g.rounds().len() > rounds {
            if g.rounds()[rounds].ended_by == RoundEnd::Repetition {
                self.repeats += 1;
            }
        } else if g.occurrences() > 1 {
            self.repeats += 1;
        }
        let v = if g.status().is_over() {
            terminal(g, me, ply + 1)
        } else {
            let same = g.position().to_move() == me;
            match window {
                Window::Open => self.signed(g, same, depth - 1, -INF, INF, ply + 1),
                Window::Full => self.signed(g, same, depth - 1, alpha, beta, ply + 1),
                Window::Scout => {
                    let v = self.signed(g, same, depth - 1, alpha, alpha + 1, ply + 1);
                    if v > alpha && v < beta && !self.aborted {
                        self.signed(g, same, depth - 1, alpha, beta, ply + 1)
                    } else {
                        v
                    }
                }
            }
        };
        g.undo();
        v
    }

    /// The child's negamax value for the parent's player: the same sign when the same player
    /// moves again (a relay can hand the move back), negated otherwise.
    #[inline]
    fn signed(&mut self, g: &mut Game, same: bool, depth: i32, a: i32, b: i32, ply: usize) -> i32 {
        if same {
            self.negamax(g, depth, a, b, ply)
        } else {
            -self.negamax(g, depth, -b, -a, ply)
        }
    }

    fn negamax(&mut self, g: &mut Game, depth: i32, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.pv_len[ply] = ply;
        if depth <= 0 || ply >= MAX_PLY - 1 {
            self.horizon += 1;
            return self.eval.evaluate(g.position());
        }
        self.nodes += 1;
        if self.can_abort && self.nodes & 1023 == 0 {
            self.check_abort();
        }
        if self.aborted {
            return 0;
        }
        if let Some(s) = self.endgame_leaf(g) {
            return s;
        }
        let key = key_of(g);
        let mut hash_move = 0u8;
        if let Some(e) = self.table.probe(key) {
            hash_move = e.mv;
            if (e.depth as i32 >= depth) && g.occurrences() == 1 {
                let s = from_table(e.score, ply);
                if e.bound.cuts(s, alpha, beta) {
                    if e.depth != EXACT_DEPTH {
                        self.horizon += 1;
                    }
                    return s;
                }
            }
        }
        let me = g.position().to_move();
        let mut order = [(ANY_MOVE, 0i32); 16];
        let n = self.history.order(g, depth, hash_move, &mut order);

        let alpha0 = alpha;
        let h0 = self.horizon;
        let r0 = self.repeats;
        let mut best = -INF;
        let mut best_move = order[0].0;
        for (k, &(mv, _)) in order[..n].iter().enumerate() {
            let window = if k == 0 { Window::Full } else { Window::Scout };
            let v = self.child_value(g, mv, me, depth, alpha, beta, ply, window);
            if self.aborted {
                return 0;
            }
            if v > best {
                best = v;
                best_move = mv;
                if v > alpha {
                    alpha = v;
                    self.pv[ply][ply] = mv;
                    let len = self.pv_len[ply + 1].max(ply + 1);
                    for j in ply + 1..len {
                        self.pv[ply][j] = self.pv[ply + 1][j];
                    }
                    self.pv_len[ply] = len;
                    if v >= beta {
                        self.history.reward(me, mv, depth);
                        break;
                    }
                }
            }
        }
        // A subtree that met a repetition has a value that depends on the path: not stored.
        if self.repeats == r0 {
            let d = if self.horizon == h0 {
                EXACT_DEPTH
            } else {
                depth.min(200) as u8
            };
            let bound = Bound::of(best, alpha0, beta);
            self.table.store(Entry::new(
                key,
                to_table(best, ply),
                best_move.number(),
                d,
                bound,
            ));
        }
        best
    }

    /// The exact score of a single-round position the endgame table holds with equal values,
    /// when no position of its layer occurred twice (docs/SOLVING.md).
    #[inline]
    fn endgame_leaf(&self, g: &Game) -> Option<i32> {
        let table = self.endgame.as_ref()?;
        let p = g.position();
        if p.rules().mode != Mode::SingleRound || g.repeated_in_layer() {
            return None;
        }
        let value = i32::from(table.probe(p)?.exact()?);
        let me = p.to_move();
        Some(margin_score(p.lead(me) + value))
    }
}
