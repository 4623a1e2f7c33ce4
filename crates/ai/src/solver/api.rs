//! The public face of the solver: [`Solver`], its limits and its table, and what a solve
//! found ([`Solved`]).

use super::answer::Answer;
use super::key::{key_of, Key};
use super::proof_table::{Entry, ProofTable};
use super::value::{Bounds, Endless};
use crate::Limits;
use rajapasu_engine::{Move, Position};
use rajapasu_tablebase::Tablebase;
use std::cmp::Ordering;
use std::sync::atomic::{self, AtomicBool};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// What a solve found: proven bounds, and the work it took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solved {
    /// Proven bounds on the value for the player to move.
    pub bounds: Bounds,
    /// Nodes searched.
    pub nodes: u64,
    /// Time spent.
    pub time: Duration,
    /// Deepest iteration completed.
    pub depth: u32,
}

/// A solver: keeps its table of proven bounds between solves (positions of the same rule set).
pub struct Solver {
    pub(super) table: ProofTable,
    /// Board keys of the line being searched, by ply.
    pub(super) path: Vec<Key>,
    pub(super) nodes: u64,
    pub(super) node_limit: u64,
    pub(super) deadline: Option<Instant>,
    pub(super) stop: Arc<AtomicBool>,
    pub(super) aborted: bool,
    /// Whether the current iteration left a position unsearched for want of depth: if none,
    /// its answers are final and a deeper iteration would repeat them.
    pub(super) cut: bool,
    /// The endgame table, if any: exact leaves.
    pub(super) endgame: Option<Arc<Tablebase>>,
}

impl Solver {
    /// A solver with a table of `2^table_bits` entries (24 bytes each).
    pub fn new(table_bits: u32) -> Solver {
        Solver {
            table: ProofTable::new(table_bits),
            path: Vec::new(),
            nodes: 0,
            node_limit: u64::MAX,
            deadline: None,
            stop: Arc::new(AtomicBool::new(false)),
            aborted: false,
            cut: false,
            endgame: None,
        }
    }

    /// The bytes the table of a solver made with `table_bits` holds.
    pub fn table_bytes(table_bits: u32) -> usize {
        ProofTable::entries_for(table_bits) * std::mem::size_of::<Entry>()
    }

    /// Uses `stop` as the flag that ends a running solve (shared with a search).
    pub fn set_stop_flag(&mut self, stop: Arc<AtomicBool>) {
        self.stop = stop;
    }

    /// Uses `table` for exact leaves: a position it holds is not searched.
    pub fn set_table(&mut self, table: Option<Arc<Tablebase>>) {
        self.endgame = table;
    }

    /// Forgets every proven bound (for another rule set).
    pub fn clear(&mut self) {
        self.table.clear();
    }

    /// The bounds proven, within `limits`, on what the move `m` gains the player to move of
    /// `round` (a position played as a single round) to the round's end: its captures less the
    /// opponent's. A move after which the player to move has none is exact: rule 8(a) gives
    /// the counters left to the other player.
    ///
    /// ```
    /// use rajapasu_ai::Limits;
    /// use rajapasu_ai::solver::{Bounds, Solver};
    /// use rajapasu_engine::{Move, Position, Rules};
    /// let rules = Rules::default().single_round();
    /// // S6 sows into S7, takes the 2 of N2 beyond the empty N1 and leaves North no move; the
    /// // counter left is South's too: 3.
    /// let pos = Position::from_code("0,0,0,0,0,1,0/0,2,0,0,0,0,0 S 60 35", rules).unwrap();
    /// let b = Solver::new(16).move_bounds(&pos, Move::new(6).unwrap(), &Limits::default());
    /// assert_eq!(b, Bounds { lower: 3, upper: 3 });
    /// ```
    pub fn move_bounds(&mut self, round: &Position, m: Move, limits: &Limits) -> Bounds {
        let me = round.to_move();
        let mut after = *round;
        after.play(m);
        let gained = super::gain(round, &after, me);
        if !after.has_moves() {
            let t = after.on_board() as i32;
            let d = gained + if after.to_move() == me { -t } else { t };
            return Bounds { lower: d, upper: d };
        }
        self.solve(&after, limits).bounds.after(gained)
    }

    /// Proves bounds on the value of `pos` for its player to move, within `limits`: the lower
    /// bound in the game [`Endless::Opponent`], the upper in [`Endless::Mover`]. Under the
    /// history condition (see the module docs) they bound the true value of the round.
    ///
    /// ```
    /// use rajapasu_ai::Limits;
    /// use rajapasu_ai::solver::{Bounds, Solver};
    /// use rajapasu_engine::{Position, Rules};
    /// let rules = Rules::default().single_round();
    /// // South 6 sows S7; N1 is empty, so South takes the 2 of N2. North has no move and South
    /// // takes the counter left: South gains 3, whatever the repetition rule.
    /// let pos = Position::from_code("0,0,0,0,0,1,0/0,2,0,0,0,0,0 S 60 35", rules).unwrap();
    /// let solved = Solver::new(16).solve(&pos, &Limits::default());
    /// assert_eq!(solved.bounds, Bounds { lower: 3, upper: 3 });
    /// ```
    pub fn solve(&mut self, pos: &Position, limits: &Limits) -> Solved {
        let start = Instant::now();
        self.begin(limits, start);
        let t = pos.on_board() as i32;
        let mut lower = -t;
        let mut upper = t;
        let max_depth = limits.depth.unwrap_or(u32::MAX).max(1);
        let mut depth = 0;
        let mut step = 1;
        while lower < upper && depth < max_depth && self.next_iteration() {
            // Deepen geometrically: shallow proofs are found by the first iterations, and the
            // table keeps what each iteration proved.
            depth = (depth + step).min(max_depth);
            step = (step + 1).min(8);
            lower = self.raise(pos, Endless::Opponent, lower, upper, depth);
            upper = self.lower_top(pos, Endless::Mover, lower, upper, depth);
            if !self.cut {
                // Bounds that stay apart without a search cut short (the endgame table's two
                // values, say) are all that can be proven: no deeper iteration narrows them.
                break;
            }
        }
        Solved {
            bounds: Bounds { lower, upper },
            nodes: self.nodes,
            time: start.elapsed(),
            depth,
        }
    }

    /// Proves bounds on the value of `pos` in one of the two games, within `limits`.
    pub fn solve_game(&mut self, pos: &Position, endless: Endless, limits: &Limits) -> Solved {
        let start = Instant::now();
        self.begin(limits, start);
        let t = pos.on_board() as i32;
        let (mut lower, mut upper) = (-t, t);
        let max_depth = limits.depth.unwrap_or(u32::MAX).max(1);
        let mut depth = 0;
        while lower < upper && depth < max_depth && self.next_iteration() {
            depth = (depth + 2).min(max_depth);
            lower = self.raise(pos, endless, lower, upper, depth);
            upper = self.lower_top(pos, endless, lower, upper, depth);
            if !self.cut {
                break;
            }
        }
        Solved {
            bounds: Bounds { lower, upper },
            nodes: self.nodes,
            time: start.elapsed(),
            depth,
        }
    }

    /// Proves how the true value of `pos` compares with `v` (under the history condition),
    /// with two or three null-window tests per iteration: far cheaper than the exact value.
    /// `None` if the limits ran out first. Also returns the deepest iteration completed.
    ///
    /// ```
    /// use rajapasu_ai::Limits;
    /// use rajapasu_ai::solver::Solver;
    /// use rajapasu_engine::{Position, Rules};
    /// use std::cmp::Ordering;
    /// let rules = Rules::default().single_round();
    /// let pos = Position::from_code("0,0,0,0,0,1,0/0,2,0,0,0,0,0 S 60 35", rules).unwrap();
    /// let mut solver = Solver::new(16);
    /// assert_eq!(solver.compare(&pos, 0, &Limits::default()).0, Some(Ordering::Greater));
    /// assert_eq!(solver.compare(&pos, 3, &Limits::default()).0, Some(Ordering::Equal));
    /// ```
    pub fn compare(&mut self, pos: &Position, v: i32, limits: &Limits) -> (Option<Ordering>, u32) {
        self.begin(limits, Instant::now());
        let max_depth = limits.depth.unwrap_or(u32::MAX).max(1);
        let mut depth = 0;
        while depth < max_depth && self.next_iteration() {
            depth = (depth + 2).min(max_depth);
            let above = self.test(pos, Endless::Opponent, v + 1, depth);
            if above == Answer::Yes {
                return (Some(Ordering::Greater), depth);
            }
            let at_least = self.test(pos, Endless::Mover, v, depth);
            if at_least == Answer::No {
                return (Some(Ordering::Less), depth);
            }
            if self.test(pos, Endless::Opponent, v, depth) == Answer::Yes
                && self.test(pos, Endless::Mover, v + 1, depth) == Answer::No
            {
                return (Some(Ordering::Equal), depth);
            }
            if !self.cut {
                break;
            }
        }
        (None, depth)
    }

    /// Proves whether the value of `pos` in the game `endless` is at least `v`, by deepening
    /// null-window tests until one answers, within `limits`: `None` if they ran out first.
    /// Yes and no are proofs in that game, history-free like every stored bound.
    ///
    /// ```
    /// use rajapasu_ai::Limits;
    /// use rajapasu_ai::solver::{Endless, Solver};
    /// use rajapasu_engine::{Position, Rules};
    /// let rules = Rules::default().single_round();
    /// let pos = Position::from_code("0,0,0,0,0,1,0/0,2,0,0,0,0,0 S 60 35", rules).unwrap();
    /// let mut solver = Solver::new(16);
    /// assert_eq!(solver.at_least(&pos, Endless::Opponent, 3, &Limits::default()), Some(true));
    /// assert_eq!(solver.at_least(&pos, Endless::Mover, 4, &Limits::default()), Some(false));
    /// ```
    pub fn at_least(
        &mut self,
        pos: &Position,
        endless: Endless,
        v: i32,
        limits: &Limits,
    ) -> Option<bool> {
        self.begin(limits, Instant::now());
        let max_depth = limits.depth.unwrap_or(u32::MAX).max(1);
        let mut depth = 0;
        while depth < max_depth && self.next_iteration() {
            depth = (depth + 2).min(max_depth);
            match self.test(pos, endless, v, depth) {
                Answer::Yes => return Some(true),
                Answer::No => return Some(false),
                Answer::Unknown if !self.cut => break,
                Answer::Unknown => {}
            }
        }
        None
    }

    /// The move that proved the last bound the table holds for `pos` in the game `endless`,
    /// if the table holds one: a good first move to try.
    pub fn best_move(&self, pos: &Position, endless: Endless) -> Option<Move> {
        let favoured = match endless {
            Endless::Mover => pos.to_move(),
            Endless::Opponent => !pos.to_move(),
        };
        self.table
            .get(&key_of(pos, favoured))
            .and_then(|e| Move::new(e.best))
    }

    /// A best line from `pos` as the table knows it after a solve: the moves that proved each
    /// position's last bound, in the game `endless`, up to the first position the table does
    /// not hold, a repetition or `max` moves.
    pub fn line(&self, pos: &Position, endless: Endless, max: usize) -> Vec<Move> {
        let favoured = match endless {
            Endless::Mover => pos.to_move(),
            Endless::Opponent => !pos.to_move(),
        };
        let mut line = Vec::new();
        let mut seen = Vec::new();
        let mut p = *pos;
        while line.len() < max {
            let key = key_of(&p, favoured);
            if seen.contains(&key) {
                break;
            }
            seen.push(key);
            let Some(m) = self.table.get(&key).and_then(|e| Move::new(e.best)) else {
                break;
            };
            if !p.legal_moves().contains(m) {
                break;
            }
            p.play(m);
            line.push(m);
        }
        line
    }

    /// Writes every proven bound to `out`, so that a long solve can be resumed: 20 bytes an
    /// entry (key, bounds, best move).
    pub fn save(&self, out: &mut impl std::io::Write) -> std::io::Result<u64> {
        let mut n = 0;
        for e in self.table.entries.iter().filter(|e| e.used) {
            let mut b = [0u8; 20];
            b[..8].copy_from_slice(&e.key[0].to_le_bytes());
            b[8..16].copy_from_slice(&e.key[1].to_le_bytes());
            b[16] = e.lower as u8;
            b[17] = e.upper as u8;
            b[18] = e.best;
            out.write_all(&b)?;
            n += 1;
        }
        Ok(n)
    }

    /// Reads bounds written by [`Solver::save`] (of the same rule set) back into the table.
    pub fn load(&mut self, bytes: &[u8]) -> u64 {
        let mut n = 0;
        for b in bytes.chunks_exact(20) {
            let key = [
                u64::from_le_bytes(b[..8].try_into().expect("8 bytes")),
                u64::from_le_bytes(b[8..16].try_into().expect("8 bytes")),
            ];
            let (lower, upper) = (i32::from(b[16] as i8), i32::from(b[17] as i8));
            self.table
                .narrow(key, lower.abs().max(upper.abs()), lower, upper, b[18]);
            n += 1;
        }
        n
    }

    /// Nodes searched by the last solve.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    fn begin(&mut self, limits: &Limits, start: Instant) {
        self.nodes = 0;
        self.aborted = false;
        self.node_limit = limits.nodes.unwrap_or(u64::MAX).max(1);
        self.deadline = limits.movetime.map(|t| start + t);
    }

    /// Whether another iteration may start: the limits are looked at before each, since an
    /// iteration may settle everything it meets from the tables without counting a node.
    fn next_iteration(&mut self) -> bool {
        self.check_abort();
        self.cut = false;
        !self.aborted
    }

    /// Counts a node to search, or ends the search if the node budget is spent; the time and
    /// the stop flag are looked at every 1024 nodes.
    #[inline]
    pub(super) fn count_node(&mut self) {
        if self.nodes >= self.node_limit {
            self.aborted = true;
            return;
        }
        self.nodes += 1;
        if self.nodes & 1023 == 0 {
            self.check_abort();
        }
    }

    pub(super) fn check_abort(&mut self) {
        if self.stop.load(atomic::Ordering::Relaxed)
            || self.nodes >= self.node_limit
            || self.deadline.is_some_and(|d| Instant::now() >= d)
        {
            self.aborted = true;
        }
    }
}
