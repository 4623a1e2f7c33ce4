//! The search: negamax alpha-beta with iterative deepening, a transposition table, move
//! ordering (hash move, captures, history), principal variation search with aspiration windows
//! at the root, exact solving, a time manager and a stop flag.
//!
//! # Scores
//!
//! Internally scores are in tenths of a counter ([`SCALE`]) from the point of view of the
//! player to move; [`to_public`] turns them into whole counters. A finished game scores:
//!
//! - single round: `±WIN + margin`, where the margin is the final capture difference (a drawn
//!   round scores 0): publicly `1000 + margin` for a won round, `-1000 + margin` for a lost one;
//! - match play: `±(MATCH_WIN - plies)`: publicly `2000 - plies` for a won match.
//!
//! # Repetitions and the transposition table
//!
//! Rule 8(b) makes the value of a position depend on the positions before it in the round, which
//! the position hash does not see. The search plays every move through [`Game`], so the rule is
//! applied exactly on the path being searched. For the table:
//!
//! - the key is the position hash (counts, closed holes, side to move) mixed with the captured
//!   counters and reserves, so entries never mix positions whose outcome differs by material;
//! - a node whose subtree met a position already seen in the round (a second occurrence or a
//!   round ended by repetition) is not stored: its value depends on the path;
//! - a stored value is used for a cutoff only at a node whose own position occurs for the first
//!   time in the round.
//!
//! What remains is the rare case where a stored subtree would meet a position seen twice before
//! the current node but only once inside the subtree; the error is then limited to that line.
//!
//! # Exact scores
//!
//! The table above cannot make a score exact under rule 8(b). An iteration that met no
//! heuristic leaf, and a few iterations along the way, hand the root moves to the
//! [`crate::solver`], whose proofs are sound under the repetition rule (docs/SOLVING.md): a
//! score is exact only when the solver proves it, and a heuristic score outside the proven
//! bounds is brought within them. With an endgame table, its exact values are leaves of the
//! search.

use crate::eval::{Eval, SCALE};
use crate::solver::{gain, Bounds, Endless, Solver};
use rajapasu_engine::rng::splitmix64;
use rajapasu_engine::{BySide, Mode, Rules};
use rajapasu_engine::{Game, Move, RoundEnd, Side, Status};
use rajapasu_tablebase::Tablebase;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A won single round scores `WIN + margin` (internal units).
pub const WIN: i32 = 1000 * SCALE;
/// A won match scores `MATCH_WIN - plies` (internal units).
pub const MATCH_WIN: i32 = 2 * WIN;
/// Larger than any score.
pub const INF: i32 = 3 * WIN;
/// The deepest iteration.
pub const MAX_DEPTH: u32 = 100;
const MAX_PLY: usize = MAX_DEPTH as usize + 2;
const EXACT_DEPTH: u8 = u8::MAX;
/// Positions with more counters on the board than this are not given to the solver.
const VERIFY_MAX_ON_BOARD: u32 = 30;

/// An internal score in whole counters, rounded to the nearest.
pub fn to_public(score: i32) -> i32 {
    if score >= 0 {
        (score + SCALE / 2) / SCALE
    } else {
        -((-score + SCALE / 2) / SCALE)
    }
}

/// The internal score of a finished single round that the player to move wins by `margin`
/// counters (negative: loses by).
pub fn margin_score(margin: i32) -> i32 {
    margin.signum() * WIN + margin * SCALE
}

/// Proven bounds on a round's final capture difference as bounds on the public score.
///
/// ```
/// use rajapasu_ai::search::public_bounds;
/// use rajapasu_ai::solver::Bounds;
/// let b = public_bounds(Bounds { lower: -2, upper: 6 });
/// assert_eq!((b.lower, b.upper), (-1002, 1006));
/// ```
pub fn public_bounds(margin: Bounds) -> Bounds {
    Bounds {
        lower: to_public(margin_score(margin.lower)),
        upper: to_public(margin_score(margin.upper)),
    }
}

/// Whether a public score announces a decided game (a won or lost round or match).
pub fn is_decided(public: i32) -> bool {
    public.abs() >= 1000
}

/// What to stop at. With none given, the search goes on until stopped or solved.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Deepest iteration.
    pub depth: Option<u32>,
    /// Time budget; the search never starts an iteration it is unlikely to finish in time (by
    /// the growth of the last iterations) and abandons one that overruns.
    pub movetime: Option<Duration>,
    /// Node budget.
    pub nodes: Option<u64>,
}

/// A report after each completed iteration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Info {
    /// Iteration depth.
    pub depth: u32,
    /// Score in counters for the player to move.
    pub score: i32,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Time spent so far.
    pub time: Duration,
    /// Principal variation.
    pub pv: Vec<Move>,
    /// Whether the score is exact: proven by the solver under the repetition rule.
    pub exact: bool,
    /// Proven bounds on the score (public units), when the solver proved any.
    pub proven: Option<Bounds>,
}

/// A root move with its score (internal units) and line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RootMove {
    /// The move.
    pub mv: Move,
    /// Internal score: exact when the search ran with `all_moves`, otherwise a bound for all
    /// but the best move and the moves within the searcher's root margin of it.
    pub score: i32,
    /// The principal variation starting with `mv`.
    pub pv: Vec<Move>,
    /// Proven bounds on the round's final capture difference for the player to move if `mv` is
    /// played (single rounds only; see [`crate::solver`]). `score` is exact when they meet.
    pub proven: Option<Bounds>,
}

/// The outcome of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The root moves, best first.
    pub moves: Vec<RootMove>,
    /// Deepest completed iteration.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Time spent.
    pub time: Duration,
    /// Whether the best score is exact: proven by the solver under the repetition rule (for
    /// every root move when the search ran with `all_moves`).
    pub exact: bool,
}

impl SearchResult {
    /// The best move.
    pub fn best(&self) -> Move {
        self.moves[0].mv
    }

    /// The best score in counters.
    pub fn score(&self) -> i32 {
        to_public(self.moves[0].score)
    }
}

/// A proven outcome for the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Proven {
    /// A forced win.
    Win,
    /// A draw with best play.
    Draw,
    /// A forced loss.
    Loss,
}

/// What [`Searcher::prove`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proof {
    /// The outcome with best play, if proven within the limits.
    pub outcome: Option<Proven>,
    /// Deepest completed iteration (the proof's length in moves at most).
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Time spent.
    pub time: Duration,
}

const NO_FLAG: u8 = 0;
const LOWER: u8 = 1;
const UPPER: u8 = 2;
const EXACT: u8 = 3;

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    score: i32,
    mv: u8,
    depth: u8,
    flag: u8,
    generation: u8,
}

struct Table {
    entries: Vec<Entry>,
    mask: usize,
    generation: u8,
}

impl Table {
    fn new(bits: u32) -> Table {
        let n = 1usize << bits.clamp(4, 28);
        Table {
            entries: vec![Entry::default(); n],
            mask: n - 1,
            generation: 0,
        }
    }

    #[inline]
    fn probe(&self, key: u64) -> Option<Entry> {
        let e = self.entries[key as usize & self.mask];
        (e.flag != NO_FLAG && e.key == key).then_some(e)
    }

    #[inline]
    fn store(&mut self, e: Entry) {
        let slot = &mut self.entries[e.key as usize & self.mask];
        if slot.flag == NO_FLAG
            || slot.key == e.key
            || slot.generation != self.generation
            || e.depth >= slot.depth
        {
            *slot = Entry {
                generation: self.generation,
                ..e
            };
        }
    }

    fn clear(&mut self) {
        self.entries.fill(Entry::default());
    }
}

#[inline]
fn key_of(game: &Game) -> u64 {
    let p = game.position();
    let extra = u64::from(p.captured(Side::South))
        | u64::from(p.captured(Side::North)) << 16
        | u64::from(p.reserve(Side::South)) << 32
        | u64::from(p.reserve(Side::North)) << 48;
    p.hash() ^ splitmix64(extra).1
}

/// Score a finished game for `me`, `ply` moves below the root.
#[inline]
fn terminal(game: &Game, me: Side, ply: usize) -> i32 {
    match game.status() {
        Status::MatchOver { winner } => {
            let v = MATCH_WIN - ply as i32 * SCALE;
            match winner {
                Some(w) if w == me => v,
                Some(_) => -v,
                None => 0,
            }
        }
        _ => {
            let p = game.position();
            let d = p.captured(me) as i32 - p.captured(!me) as i32;
            match d.signum() {
                1 => WIN + d * SCALE,
                -1 => -WIN + d * SCALE,
                _ => 0,
            }
        }
    }
}

/// Table scores of won matches are relative to the node, not the root.
#[inline]
fn to_table(score: i32, ply: usize) -> i32 {
    if score > MATCH_WIN - INF / 3 {
        score + ply as i32 * SCALE
    } else if score < -(MATCH_WIN - INF / 3) {
        score - ply as i32 * SCALE
    } else {
        score
    }
}

#[inline]
fn from_table(score: i32, ply: usize) -> i32 {
    if score > MATCH_WIN - INF / 3 {
        score - ply as i32 * SCALE
    } else if score < -(MATCH_WIN - INF / 3) {
        score + ply as i32 * SCALE
    } else {
        score
    }
}

/// A searcher: keeps its transposition table and history between searches.
pub struct Searcher {
    table: Table,
    /// History counters by player and hole number, for move ordering.
    history: BySide<[i32; 16]>,
    /// The evaluation in use.
    pub eval: Eval,
    /// Root moves scoring within this margin (internal units) below the best get exact scores
    /// too, so that a level can choose among near-equal moves (0: only the best move's score is
    /// exact). Costs a re-search for each such move only.
    pub root_margin: i32,
    stop: Arc<AtomicBool>,
    nodes: u64,
    horizon: u64,
    repeats: u64,
    aborted: bool,
    can_abort: bool,
    deadline: Option<Instant>,
    node_limit: u64,
    pv: Vec<[Move; MAX_PLY]>,
    pv_len: [usize; MAX_PLY + 1],
    /// Proves what the search finds, made on first use.
    solver: Option<Solver>,
    /// The endgame table for the rules of the last search, and those rules.
    endgame: Option<Arc<Tablebase>>,
    endgame_rules: Option<Rules>,
}

const ANY_MOVE: Move = match Move::new(1) {
    Some(m) => m,
    None => panic!(),
};

impl Searcher {
    /// A searcher with a table of `2^table_bits` entries (16 bytes each) and the tuned
    /// evaluation.
    pub fn new(table_bits: u32) -> Searcher {
        Searcher::with_eval(table_bits, Eval::TUNED)
    }

    /// A searcher with the given evaluation.
    pub fn with_eval(table_bits: u32, eval: Eval) -> Searcher {
        Searcher {
            table: Table::new(table_bits),
            history: BySide::new([0; 16], [0; 16]),
            eval,
            root_margin: 0,
            stop: Arc::new(AtomicBool::new(false)),
            nodes: 0,
            horizon: 0,
            repeats: 0,
            aborted: false,
            can_abort: false,
            deadline: None,
            node_limit: u64::MAX,
            pv: vec![[ANY_MOVE; MAX_PLY]; MAX_PLY + 1],
            pv_len: [0; MAX_PLY + 1],
            solver: None,
            endgame: None,
            endgame_rules: None,
        }
    }

    /// The flag that stops a running search (from another thread). Whoever sets it clears it
    /// before the next search.
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.stop)
    }

    /// Forgets the table and history (for a new game or new rules).
    pub fn clear(&mut self) {
        self.table.clear();
        self.history = BySide::new([0; 16], [0; 16]);
        if let Some(solver) = &mut self.solver {
            solver.clear();
        }
    }

    /// Searches `game`. With `all_moves`, every root move gets an exact score (no pruning at
    /// the root), as analysis and the weaker levels need. Calls `on_info` after each completed
    /// iteration. `None` if the game is over.
    pub fn search(
        &mut self,
        game: &Game,
        limits: &Limits,
        all_moves: bool,
        mut on_info: impl FnMut(&Info),
    ) -> Option<SearchResult> {
        if game.status().is_over() {
            return None;
        }
        let start = self.begin(limits, false);
        self.find_endgame(game.rules());
        for side in Side::ALL {
            let row = &mut self.history[side];
            for h in row.iter_mut() {
                *h /= 8;
            }
        }
        let mut g = game.clone();
        let mut roots: Vec<RootMove> = g
            .legal_moves()
            .iter()
            .map(|&mv| RootMove {
                mv,
                score: -INF,
                pv: vec![mv],
                proven: None,
            })
            .collect();
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        let mut result: Option<SearchResult> = None;
        let (mut verify_tries, mut verify_budget) = (4, 100_000u64);
        let mut prev = 0;
        let (mut last_time, mut prev_iter) = (Duration::ZERO, Duration::ZERO);
        for depth in 1..=max_depth {
            let h0 = self.horizon;
            let mut work = roots.clone();
            let score = if all_moves || depth < 4 {
                self.root(&mut g, &mut work, depth as i32, -INF, INF, all_moves)
            } else {
                let mut delta = 3 * SCALE;
                let (mut lo, mut hi) = (prev - delta, prev + delta);
                loop {
                    let s = self.root(&mut g, &mut work, depth as i32, lo, hi, false);
                    if self.aborted {
                        break s;
                    }
                    if s <= lo {
                        delta *= 4;
                        lo = if delta > 50 * SCALE { -INF } else { s - delta };
                    } else if s >= hi {
                        delta *= 4;
                        hi = if delta > 50 * SCALE { INF } else { s + delta };
                    } else {
                        break s;
                    }
                }
            };
            if self.aborted {
                break;
            }
            self.can_abort = true;
            prev = score;
            // Best first; a stable sort keeps the previous order among equal bounds.
            work.sort_by_key(|r| std::cmp::Reverse(r.score));
            roots = work;
            // An iteration that met no heuristic leaf may have solved the position, but the
            // table cannot tell under the repetition rule: only the solver's proof makes a
            // score exact. It is asked a few times at most, with a growing budget.
            // Lines that reach the depth cap count as heuristic leaves too, so the solver is
            // also asked at a few depths along the way, with a budget that grows with the
            // search's own (positions with many counters are not tried: no proof would finish).
            let complete = self.horizon == h0;
            let milestone = matches!(depth, 10 | 20 | 40 | 80 | MAX_DEPTH);
            let small = g.position().on_board() <= VERIFY_MAX_ON_BOARD
                || self
                    .endgame
                    .as_ref()
                    .is_some_and(|t| t.probe(g.position()).is_some());
            let exact = (complete || milestone) && small && verify_tries > 0 && {
                verify_tries -= 1;
                let budget = verify_budget.max(self.nodes / 2);
                verify_budget *= 4;
                self.verify(game, &mut roots, budget)
            };
            let time = start.elapsed();
            on_info(&Info {
                depth,
                score: to_public(roots[0].score),
                nodes: self.nodes,
                time,
                pv: roots[0].pv.clone(),
                exact,
                proven: roots[0].proven.map(public_bounds),
            });
            result = Some(SearchResult {
                moves: roots.clone(),
                depth,
                nodes: self.nodes,
                time,
                exact,
            });
            if exact || (roots.len() == 1 && !all_moves) {
                break;
            }
            if let Some(t) = limits.movetime {
                // Start the next iteration only if it is likely to finish in time: it should take
                // the last one's time times the last growth (iterations grow slowly here, thanks
                // to the table, so most of the budget can be used).
                let last = time.saturating_sub(last_time);
                let growth = if prev_iter.is_zero() {
                    3.0
                } else {
                    (last.as_secs_f64() / prev_iter.as_secs_f64()).clamp(1.2, 3.0)
                };
                if time.as_secs_f64() + last.as_secs_f64() * growth > t.as_secs_f64() {
                    break;
                }
                prev_iter = last;
                last_time = time;
            }
            if self.nodes >= self.node_limit || self.stop.load(Ordering::Relaxed) {
                break;
            }
        }
        if let Some(r) = &mut result {
            r.nodes = self.nodes;
            r.time = start.elapsed();
        }
        result
    }

    /// Uses `table` as the endgame table (instead of the one [`crate::table`] finds).
    pub fn set_tablebase(&mut self, table: Option<Arc<Tablebase>>, rules: Rules) {
        self.endgame = table;
        self.endgame_rules = Some(rules);
    }

    /// The endgame table in use, if any.
    pub fn tablebase(&self) -> Option<&Arc<Tablebase>> {
        self.endgame.as_ref()
    }

    /// Looks up the table for `rules` when they change.
    fn find_endgame(&mut self, rules: &Rules) {
        if self.endgame_rules != Some(*rules) {
            self.endgame = crate::table::for_rules(rules);
            self.endgame_rules = Some(*rules);
        }
    }

    /// Starts a search or a proof: the limits from now, the counters reset, the table aged.
    fn begin(&mut self, limits: &Limits, can_abort: bool) -> Instant {
        let start = Instant::now();
        self.deadline = limits.movetime.map(|t| start + t);
        self.node_limit = limits.nodes.unwrap_or(u64::MAX).max(1);
        self.nodes = 0;
        self.aborted = false;
        self.can_abort = can_abort;
        self.table.generation = self.table.generation.wrapping_add(1);
        start
    }

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
            let ahead = p.captured(me) as i32 - p.captured(!me) as i32;
            let solver = self.solver.get_or_insert_with(|| Solver::new(20));
            solver.set_stop_flag(Arc::clone(&self.stop));
            solver.set_table(self.endgame.clone());
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

    /// Proves the value of every root move with the solver (single rounds only): fills each
    /// move's proven bounds, and where all are exact, sets the scores to them, best first.
    /// True if every score is now exact.
    fn verify(&mut self, game: &Game, roots: &mut [RootMove], budget: u64) -> bool {
        if game.rules().mode != Mode::SingleRound {
            return false;
        }
        let solver = self.solver.get_or_insert_with(|| Solver::new(18));
        solver.set_stop_flag(Arc::clone(&self.stop));
        solver.set_table(self.endgame.clone());
        let deadline = self.deadline;
        let limits = move || Limits {
            depth: None,
            movetime: deadline.map(|d| d.saturating_duration_since(Instant::now())),
            nodes: Some(budget),
        };
        let me = game.position().to_move();
        let mut g = game.clone();
        let now = g.position().captured(me) as i32 - g.position().captured(!me) as i32;
        let mut all = true;
        for root in roots.iter_mut() {
            let before = *g.position();
            g.play(root.mv);
            let after = *g.position();
            let proven = if g.status().is_over() {
                let d = terminal(&g, me, 0);
                let margin = to_public(d - d.signum() * WIN);
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
                root.score = root
                    .score
                    .clamp(margin_score(b.lower), margin_score(b.upper));
            }
            all &= proven.and_then(Bounds::exact).is_some();
        }
        roots.sort_by_key(|r| std::cmp::Reverse(r.score));
        all
    }

    fn check_abort(&mut self) {
        if self.stop.load(Ordering::Relaxed)
            || self.nodes >= self.node_limit
            || self.deadline.is_some_and(|d| Instant::now() >= d)
        {
            self.aborted = true;
        }
    }

    /// One iteration at the root; fills each root move's score and line.
    fn root(
        &mut self,
        g: &mut Game,
        roots: &mut [RootMove],
        depth: i32,
        mut alpha: i32,
        beta: i32,
        all: bool,
    ) -> i32 {
        let me = g.position().to_move();
        let mut best = -INF;
        for (i, root) in roots.iter_mut().enumerate() {
            let mv = root.mv;
            // With a root margin, later moves are tested against `alpha - margin`: those that
            // come within the margin are re-searched to an exact score.
            let a = if i == 0 {
                alpha
            } else {
                alpha - self.root_margin
            };
            let v = self.child_value(g, mv, me, depth, a, beta, 0, i == 0 || all, all);
            if self.aborted {
                return best;
            }
            root.score = v;
            if v > best || all || (self.root_margin > 0 && v > a) {
                let mut pv = vec![mv];
                pv.extend_from_slice(&self.pv[1][1..self.pv_len[1]]);
                root.pv = pv;
            }
            if v > best {
                best = v;
            }
            if !all {
                if v > alpha {
                    alpha = v;
                }
                if v >= beta {
                    break;
                }
            }
        }
        best
    }

    /// Plays `mv` at `ply`, searches the child (PVS unless `full`) and undoes the move: the
    /// child's value for `me`, the player who made the move.
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
        full: bool,
        open_window: bool,
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
            let (a, b) = if open_window {
                (-INF, INF)
            } else {
                (alpha, beta)
            };
            if full || open_window {
                self.signed(g, same, depth - 1, a, b, ply + 1)
            } else {
                let v = self.signed(g, same, depth - 1, alpha, alpha + 1, ply + 1);
                if v > alpha && v < beta && !self.aborted {
                    self.signed(g, same, depth - 1, alpha, beta, ply + 1)
                } else {
                    v
                }
            }
        };
        g.undo();
        v
    }

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
                let cut = match e.flag {
                    EXACT => true,
                    LOWER => s >= beta,
                    UPPER => s <= alpha,
                    _ => false,
                };
                if cut {
                    if e.depth != EXACT_DEPTH {
                        self.horizon += 1;
                    }
                    return s;
                }
            }
        }
        let me = g.position().to_move();
        let moves = g.legal_moves();
        let mut order = [(ANY_MOVE, 0i32); 16];
        let n = moves.len();
        for (k, &mv) in moves.iter().enumerate() {
            let mut s = self.history[me][mv.number() as usize];
            if mv.number() == hash_move {
                s = i32::MAX;
            } else if depth >= 3 {
                s += 64 * self.gain(g, mv, me);
            }
            order[k] = (mv, s);
        }
        order[..n].sort_unstable_by_key(|&(_, s)| std::cmp::Reverse(s));

        let alpha0 = alpha;
        let h0 = self.horizon;
        let r0 = self.repeats;
        let mut best = -INF;
        let mut best_move = order[0].0;
        for (k, &(mv, _)) in order[..n].iter().enumerate() {
            let v = self.child_value(g, mv, me, depth, alpha, beta, ply, k == 0, false);
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
                        let h = &mut self.history[me][mv.number() as usize];
                        *h = (*h + depth * depth).min(1 << 20);
                        break;
                    }
                }
            }
        }
        if self.repeats == r0 {
            let flag = if best >= beta {
                LOWER
            } else if best > alpha0 {
                EXACT
            } else {
                UPPER
            };
            let d = if self.horizon == h0 {
                EXACT_DEPTH
            } else {
                depth.min(200) as u8
            };
            self.table.store(Entry {
                key,
                score: to_table(best, ply),
                mv: best_move.number(),
                depth: d,
                flag,
                generation: 0,
            });
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
        Some(margin_score(
            p.captured(me) as i32 - p.captured(!me) as i32 + value,
        ))
    }

    /// The immediate change of the capture difference for `me` when `mv` is played.
    #[inline]
    fn gain(&mut self, g: &mut Game, mv: Move, me: Side) -> i32 {
        let before = material(g, me);
        g.play(mv);
        let after = if g.status().is_over() {
            terminal(g, me, 0) / SCALE
        } else {
            material(g, me)
        };
        g.undo();
        after - before
    }
}

/// Captured (plus reserve) difference for `me`, in counters.
#[inline]
pub(crate) fn material(g: &Game, me: Side) -> i32 {
    let p = g.position();
    (p.captured(me) + p.reserve(me)) as i32 - (p.captured(!me) + p.reserve(!me)) as i32
}

/// The value of a finished game for `me`, internal units (used by the simple players).
pub(crate) fn final_score(g: &Game, me: Side) -> i32 {
    terminal(g, me, 0)
}
