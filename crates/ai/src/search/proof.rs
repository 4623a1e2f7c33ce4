//! Exact values: the searcher hands positions to the [`crate::solver`], whose proofs are sound
//! under the repetition rule (docs/SOLVING.md). Its own table cannot make a score exact.

use super::score::margin_score;
use super::{Proof, Proven, RootMove, Searcher, MAX_PLY, VERIFY_TABLE_BITS};
use crate::solver::{gain, Bounds, Endless, Solver};
use crate::Limits;
use rajapasu_engine::{Game, Mode};
use std::sync::Arc;
use std::time::{Duration, Instant};

impl Searcher {
    /// Proves the outcome of `game` with best play for the player to move: a win, a loss or a
    /// draw of the round, whatever the margin, with the solver (see [`crate::solver`]): far
    /// cheaper than an exact score. `outcome` is `None` when the limits ran out first, in match
    /// play (a round's outcome is not the match's), and when a position of the current layer
    /// has occurred twice (no proof then holds under the repetition rule). `None` if the game
    /// is over.
    pub fn prove(&mut self, game: &Game, limits: &Limits) -> Option<Proof> {
        if game.status().is_over() {
            return None;
        }
        let start = Instant::now();
        self.find_endgame(game.rules());
        let mut proof = Proof {
            outcome: None,
            depth: 0,
            nodes: 0,
            time: Duration::ZERO,
        };
        if game.rules().mode == Mode::SingleRound && !game.repeated_in_layer() {
            let p = game.position();
            let me = p.to_move();
            let ahead = p.lead(me);
            let solver = self.solver(20);
            // The round is won when the captures to come beat the deficit: value > -ahead.
            let (order, depth) = solver.compare(p, -ahead, limits);
            proof.outcome = order.map(|o| match o {
                std::cmp::Ordering::Greater => Proven::Win,
                std::cmp::Ordering::Equal => Proven::Draw,
                std::cmp::Ordering::Less => Proven::Loss,
            });
            proof.depth = depth;
            proof.nodes = solver.nodes();
        }
        proof.time = start.elapsed();
        Some(proof)
    }

    /// The solver, made on first use with a table of `2^bits` entries, sharing the stop flag
    /// and the endgame table.
    fn solver(&mut self, bits: u32) -> &mut Solver {
        let solver = self.solver.get_or_insert_with(|| Solver::new(bits));
        solver.set_stop_flag(Arc::clone(&self.stop));
        solver.set_table(self.endgame.clone());
        solver
    }

    /// Proves the value of every root move with the solver (single rounds only): fills each
    /// move's proven bounds, and where all are exact, sets the scores to them, best first.
    /// True if every score is now exact.
    pub(super) fn verify(&mut self, game: &Game, roots: &mut [RootMove], budget: u64) -> bool {
        if game.rules().mode != Mode::SingleRound {
            return false;
        }
        let deadline = self.deadline;
        let limits = move || Limits {
            depth: None,
            movetime: deadline.map(|d| d.saturating_duration_since(Instant::now())),
            nodes: Some(budget),
        };
        let solver = self.solver(VERIFY_TABLE_BITS);
        let me = game.position().to_move();
        let mut g = game.clone();
        let now = g.position().lead(me);
        let mut all = true;
        for root in roots.iter_mut() {
            let before = *g.position();
            g.play(root.mv);
            let after = *g.position();
            let proven = if g.status().is_over() {
                let margin = g.position().lead(me);
                Some(Bounds {
                    lower: margin,
                    upper: margin,
                })
            } else if g.repeated_in_layer() {
                // A line from here could end the round by a third occurrence: no table value
                // bounds the true one (docs/SOLVING.md).
                None
            } else {
                let b = solver.solve(&after, &limits()).bounds;
                let b = b.after(gain(&before, &after, me));
                Some(Bounds {
                    lower: now + b.lower,
                    upper: now + b.upper,
                })
            };
            g.undo();
            root.proven = proven;
            if proven.and_then(Bounds::exact).is_some() && root.pv.len() < 2 {
                let mut pv = vec![root.mv];
                pv.extend(solver.line(&after, Endless::Opponent, MAX_PLY));
                root.pv = pv;
            }
            if let Some(b) = proven {
                // A heuristic score outside the proven bounds is wrong: bring it within them.
                let t = root
                    .score
                    .tenths()
                    .clamp(margin_score(b.lower), margin_score(b.upper));
                root.score = super::Score::from_tenths(t);
            }
            all &= proven.and_then(Bounds::exact).is_some();
        }
        roots.sort_by_key(|r| std::cmp::Reverse(r.score));
        all
    }
}
