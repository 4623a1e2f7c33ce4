//! Proven values of a single round under the repetition rule (docs/SOLVING.md).
//!
//! Rule 8(b) makes the value of a position depend on the positions before it, so no table can
//! hold it. The solver proves instead two values that a table can hold, for the counters the
//! player to move captures from now on minus those the opponent captures:
//!
//! - [`Endless::Opponent`]: the round as played, except that a line that never leaves its
//!   *layer* (the positions with the same number of counters on the board) is scored as if
//!   the opponent of the player to move took every counter left (`-t` for the mover);
//! - [`Endless::Mover`]: the same, with such a line scored `+t` for the mover.
//!
//! Whenever no position of the current layer other than the current one has occurred twice,
//! the true value lies between the two (docs/SOLVING.md proves it), so the solver's bounds are
//! bounds on the true value; where they meet, the value is exact.
//!
//! The proofs are null-window tests ("is the value at least `v`?") answered yes, no or
//! unknown, by depth-first search with iterative deepening. A repetition on the line being
//! searched is an endless line and scored as such. Yes and no are proofs; unknown means the
//! depth or the budget ran out. Proven bounds go in a table keyed by the whole position: a
//! bound never depends on the line that led to a position, with one exception handled
//! exactly: a proof for the side the endless score favours may rest on a repetition of a
//! position *above* the node (the graph-history interaction), and such a proof is not stored.

use crate::Limits;
use rajapasu_engine::rng::GOLDEN;
use rajapasu_engine::{Move, Position, Side};
use rajapasu_tablebase::Tablebase;
use std::cmp::Ordering;
use std::sync::atomic::{self, AtomicBool};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Whom an endless line (one that never leaves its layer) is scored for: the two games whose
/// values bound the true value. Relative to the player to move of the position solved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Endless {
    /// The opponent takes every counter left: the lower bound of the true value.
    Opponent,
    /// The player to move takes every counter left: the upper bound.
    Mover,
}

/// Proven bounds on a value: counters the player to move captures from now on, minus those the
/// opponent captures. `lower == upper` is an exact value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Bounds {
    /// The value is at least this.
    pub lower: i32,
    /// The value is at most this.
    pub upper: i32,
}

impl Bounds {
    /// Everything possible with `t` counters on the board: `[-t, t]`.
    pub fn unknown(t: u32) -> Bounds {
        Bounds {
            lower: -(t as i32),
            upper: t as i32,
        }
    }

    /// The exact value, if proven.
    ///
    /// ```
    /// use rajapasu_ai::solver::Bounds;
    /// assert_eq!(Bounds { lower: 3, upper: 3 }.exact(), Some(3));
    /// assert_eq!(Bounds { lower: 1, upper: 3 }.exact(), None);
    /// ```
    pub fn exact(self) -> Option<i32> {
        (self.lower == self.upper).then_some(self.lower)
    }

    /// The bounds seen by the opponent after a move that gained `gain` counters for the mover:
    /// the mover's value of the move is `gain` minus the opponent's value of the result.
    pub fn after(self, gain: i32) -> Bounds {
        Bounds {
            lower: gain - self.upper,
            upper: gain - self.lower,
        }
    }
}

/// The answer to "is the value at least `v`?".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Answer {
    Yes,
    No,
    Unknown,
}

/// No repetition: a proof that rests on no position above it.
const NO_CYCLE: usize = usize::MAX;

/// A position exactly, with the game it is valued in: hole counts and closed holes, the side to
/// move, and whether endless lines favour the side to move.
type Key = [u64; 2];

#[derive(Clone, Copy)]
struct Entry {
    key: Key,
    lower: i8,
    upper: i8,
    best: u8,
    used: bool,
}

const EMPTY: Entry = Entry {
    key: [0, 0],
    lower: 0,
    upper: 0,
    best: 0,
    used: false,
};

/// Proven bounds by position, with the move that proved the last one (for move ordering).
struct ProofTable {
    entries: Vec<Entry>,
    mask: usize,
}

impl ProofTable {
    fn entries_for(bits: u32) -> usize {
        1usize << bits.clamp(4, 28)
    }

    fn new(bits: u32) -> ProofTable {
        let n = ProofTable::entries_for(bits);
        ProofTable {
            entries: vec![EMPTY; n],
            mask: n - 1,
        }
    }

    fn slot(&self, key: &Key) -> usize {
        (key[0] ^ key[1].rotate_left(29)).wrapping_mul(GOLDEN) as usize >> 8 & self.mask
    }

    fn get(&self, key: &Key) -> Option<Entry> {
        let e = self.entries[self.slot(key)];
        (e.used && e.key == *key).then_some(e)
    }

    /// Narrows the stored bounds of `key` to `lower..=upper` (keeping what was proven before).
    fn narrow(&mut self, key: Key, t: i32, lower: i32, upper: i32, best: u8) {
        let slot = self.slot(&key);
        let e = &mut self.entries[slot];
        if !(e.used && e.key == key) {
            *e = Entry {
                key,
                lower: -t as i8,
                upper: t as i8,
                best,
                used: true,
            };
        }
        e.lower = e.lower.max(lower as i8);
        e.upper = e.upper.min(upper as i8);
        e.best = best;
    }

    fn clear(&mut self) {
        self.entries.fill(EMPTY);
    }
}

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
    table: ProofTable,
    /// Board keys of the line being searched, by ply.
    path: Vec<Key>,
    nodes: u64,
    node_limit: u64,
    deadline: Option<Instant>,
    stop: Arc<AtomicBool>,
    aborted: bool,
    /// The endgame table, if any: exact leaves.
    endgame: Option<Arc<Tablebase>>,
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
        while lower < upper && depth < max_depth && !self.aborted {
            // Deepen geometrically: shallow proofs are found by the first iterations, and the
            // table keeps what each iteration proved.
            depth = (depth + step).min(max_depth);
            step = (step + 1).min(8);
            lower = self.raise(pos, Endless::Opponent, lower, upper, depth);
            upper = self.lower_top(pos, Endless::Mover, lower, upper, depth);
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
        while lower < upper && depth < max_depth && !self.aborted {
            depth = (depth + 2).min(max_depth);
            lower = self.raise(pos, endless, lower, upper, depth);
            upper = self.lower_top(pos, endless, lower, upper, depth);
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
        while depth < max_depth && !self.aborted {
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
        }
        (None, depth)
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

    /// The highest `v` in `lower..=upper` proven as a lower bound at `depth` (bisection).
    fn raise(&mut self, pos: &Position, endless: Endless, lower: i32, upper: i32, d: u32) -> i32 {
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
    fn lower_top(
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
    fn test(&mut self, pos: &Position, endless: Endless, v: i32, depth: u32) -> Answer {
        let favoured = match endless {
            Endless::Mover => pos.to_move(),
            Endless::Opponent => !pos.to_move(),
        };
        self.path.clear();
        self.ge(pos, favoured, v, depth, 0, 0).0
    }

    fn check_abort(&mut self) {
        if self.stop.load(atomic::Ordering::Relaxed)
            || self.nodes >= self.node_limit
            || self.deadline.is_some_and(|d| Instant::now() >= d)
        {
            self.aborted = true;
        }
    }

    /// The answer of [`Solver::ge`] that needs no search, if there is one (`Err`), `v` being
    /// within the counters left: a position without moves (`stuck`), the endgame table, an
    /// endless line or the table of proven bounds. Otherwise the position's key and the move that proved it
    /// before (0: none).
    #[inline]
    fn settled(
        &self,
        pos: &Position,
        favoured: Side,
        v: i32,
        stuck: bool,
        ply: usize,
        layer_start: usize,
    ) -> Result<(Key, u8), (Answer, usize)> {
        let t = pos.on_board() as i32;
        let answer = |yes: bool| if yes { Answer::Yes } else { Answer::No };
        if stuck {
            // Rule 8(a): the opponent takes the t counters left, and v > -t.
            return Err((Answer::No, NO_CYCLE));
        }
        let mover = pos.to_move();
        if let Some(values) = self.endgame.as_ref().and_then(|t| t.probe(pos)) {
            // The table holds both games' values, history-free like every stored bound.
            let value = i32::from(if mover == favoured {
                values.upper
            } else {
                values.lower
            });
            return Err((answer(value >= v), NO_CYCLE));
        }
        let key = key_of(pos, favoured);
        if let Some(i) = (layer_start..ply).find(|&i| self.path[i] == key) {
            // An endless line: every counter left goes to the favoured side.
            let value = if mover == favoured { t } else { -t };
            return Err((answer(value >= v), i));
        }
        match self.table.get(&key) {
            Some(e) if i32::from(e.lower) >= v => Err((Answer::Yes, NO_CYCLE)),
            Some(e) if i32::from(e.upper) < v => Err((Answer::No, NO_CYCLE)),
            Some(e) => Ok((key, e.best)),
            None => Ok((key, 0)),
        }
    }

    /// Is the mover's value at least `v`, where endless lines go to `favoured`? Also returns the
    /// shallowest ply of a repeated position that a "yes" for `favoured` rests on.
    fn ge(
        &mut self,
        pos: &Position,
        favoured: Side,
        v: i32,
        depth: u32,
        ply: usize,
        layer_start: usize,
    ) -> (Answer, usize) {
        let t = pos.on_board() as i32;
        if v <= -t || v > t {
            return (if v <= -t { Answer::Yes } else { Answer::No }, NO_CYCLE);
        }
        let mover = pos.to_move();
        let moves = pos.legal_moves();
        let (key, hint) = match self.settled(pos, favoured, v, moves.is_empty(), ply, layer_start) {
            Ok(found) => found,
            Err(answer) => return answer,
        };
        if depth == 0 {
            return (Answer::Unknown, NO_CYCLE);
        }
        self.nodes += 1;
        if self.nodes & 1023 == 0 {
            self.check_abort();
        }
        if self.aborted {
            return (Answer::Unknown, NO_CYCLE);
        }
        if self.path.len() <= ply {
            self.path.resize(ply + 1, [0, 0]);
        }
        self.path[ply] = key;

        let mut children = [(Move::new(1).expect("move 1"), 0i32, *pos); 16];
        let n = moves.len();
        for (k, &m) in moves.iter().enumerate() {
            let mut child = *pos;
            child.play(m);
            children[k] = (m, gain(pos, &child, mover), child);
        }
        // Most promising first: the move that proved this position before, then by gain.
        children[..n].sort_by_key(|&(m, g, _)| {
            std::cmp::Reverse(if m.number() == hint { i32::MAX } else { g })
        });

        let mut answer = Answer::No;
        let mut unknown = false;
        let mut cycle = NO_CYCLE;
        let mut best = children[0].0;
        for &(m, g, ref child) in &children[..n] {
            let child_start = if child.on_board() < pos.on_board() {
                ply + 1
            } else {
                layer_start
            };
            // The move reaches v if the opponent's value of the result is at most g - v.
            let (a, c) = self.ge(child, favoured, g - v + 1, depth - 1, ply + 1, child_start);
            match a {
                Answer::No => {
                    answer = Answer::Yes;
                    best = m;
                    cycle = c;
                    break;
                }
                Answer::Yes => cycle = cycle.min(c),
                Answer::Unknown => unknown = true,
            }
            if self.aborted {
                return (Answer::Unknown, NO_CYCLE);
            }
        }
        if answer == Answer::No && unknown {
            return (Answer::Unknown, NO_CYCLE);
        }
        // A proof for the side that endless lines do not favour never rests on a repetition (a
        // repetition is a loss for it); one for the favoured side may, and is stored only when
        // every repetition it rests on lies at or below this node.
        let for_side = if answer == Answer::Yes { mover } else { !mover };
        if for_side != favoured {
            cycle = NO_CYCLE;
        }
        if cycle >= ply {
            let (lower, upper) = if answer == Answer::Yes {
                (v, t)
            } else {
                (-t, v - 1)
            };
            self.table.narrow(key, t, lower, upper, best.number());
        }
        (answer, cycle)
    }
}

/// The counters `mover` gained by the move from `before` to `after`, minus the opponent's.
///
/// ```
/// use rajapasu_ai::solver::gain;
/// use rajapasu_engine::{Move, Position, Rules, Side};
/// let before: Position = "0,1,0,2,0,0,3/0,0,1,0,3,0,2 S 40 46".parse().unwrap();
/// let mut after = before;
/// after.play(Move::new(2).unwrap()); // South captures the 3 of N5 (RULES.md, example 2)
/// assert_eq!(gain(&before, &after, Side::South), 3);
/// ```
#[inline]
pub fn gain(before: &Position, after: &Position, mover: Side) -> i32 {
    after.lead(mover) - before.lead(mover)
}

/// The whole position as 128 bits, where it fits (every board of up to 7 holes a row and 127
/// counters, the canonical one included): hole counts, closed holes and the side to move, with
/// no hashing, so equal keys are equal positions (captures aside). `None` for larger boards.
///
/// ```
/// use rajapasu_ai::solver::exact_key;
/// use rajapasu_engine::{Position, Rules};
/// let rules = Rules::default().single_round();
/// let a = Position::from_code("0,0,1,0,1,0,1/0,0,0,1,1,0,0 N 45 48", rules).unwrap();
/// let b = Position::from_code("0,0,1,0,1,0,1/0,0,0,1,1,0,0 S 45 48", rules).unwrap();
/// assert!(exact_key(&a).is_some());
/// assert_ne!(exact_key(&a), exact_key(&b));
/// ```
pub fn exact_key(pos: &Position) -> Option<[u64; 2]> {
    (pos.counts().len() <= 14 && pos.rules().total() < 128).then(|| key_of(pos, !pos.to_move()))
}

/// The whole position as a key: seven bits a hole count and a closed-hole mask where they fit
/// in 128 bits (every board of up to 7 holes a row and 127 counters, the canonical one
/// included), two independent 64-bit hashes otherwise.
fn key_of(pos: &Position, favoured: Side) -> Key {
    let counts = pos.counts();
    let side_bits =
        u64::from(pos.to_move() == Side::North) | u64::from(pos.to_move() == favoured) << 1;
    let mut closed = 0u64;
    for side in Side::ALL {
        for (k, c) in pos.row(side).enumerate() {
            if c.is_none() {
                closed |= 1 << (side.index() * pos.rules().holes() + k);
            }
        }
    }
    if counts.len() <= 14 && pos.rules().total() < 128 {
        let mut lo = 0u64;
        let mut hi = 0u64;
        for (i, &c) in counts.iter().enumerate() {
            if i < 9 {
                lo |= u64::from(c) << (7 * i);
            } else {
                hi |= u64::from(c) << (7 * (i - 9));
            }
        }
        // lo: 63 bits of counts; hi: up to 35 bits of counts, 14 closed bits, 2 side bits.
        [lo, hi | closed << 35 | side_bits << 49]
    } else {
        let mut h = 0xcbf2_9ce4_8422_2325u64;
        for &c in counts {
            h = (h ^ u64::from(c)).wrapping_mul(0x1000_0000_01b3);
        }
        [
            pos.hash() ^ side_bits << 62,
            h ^ closed.rotate_left(17) ^ side_bits,
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rajapasu_engine::Rules;

    #[test]
    fn keys_tell_every_part_of_a_position_apart() {
        let r = Rules::default().single_round();
        let a = Position::from_code("0,0,1,0,1,0,1/0,0,0,1,1,0,0 N 45 48", r).unwrap();
        let b = Position::from_code("0,0,1,0,1,0,1/0,0,0,1,1,0,0 S 45 48", r).unwrap();
        let c = Position::from_code("0,0,1,0,1,0,1/0,0,0,1,1,0,0 N 40 53", r).unwrap();
        assert_ne!(key_of(&a, Side::South), key_of(&a, Side::North));
        assert_ne!(key_of(&a, Side::South), key_of(&b, Side::South));
        assert_eq!(key_of(&a, Side::South), key_of(&c, Side::South));
    }
}
