//! The proof-recording search: the prover's strategy towards a goal ([`Goal`]: "my final
//! margin is at least `m`" for a round certificate, a set of round outcomes for a section of a
//! match certificate), down to the ends of the round, or to positions where the counters
//! already decide it (for a margin: the prover's lead is at least `m` plus the counters left).
//!
//! A depth-first AND/OR search: one move that works at the prover's positions, every reply at
//! the opponent's. It is the game where endless lines go against the prover (docs/SOLVING.md,
//! section 2): a position that repeats one of the line being searched, within its layer, is a
//! failure. A proven position is kept by position and never searched again, so each position
//! is one node; a node finishes after its children, so the finished nodes form a graph without
//! cycles (a position still on the line is unfinished, and a repetition of it fails). So on
//! every line of the strategy no position occurs twice, and rule 8(b) never ends the round
//! there. A failure is kept only when it rests on no position above it on the line (the
//! graph-history rule of the solver).
//!
//! The solver only orders the moves and skips dead ends: a move is tried first when the solver
//! proves it keeps the bound, and skipped when it proves it does not (in the same game, from
//! the position with no history, which only helps the prover). The certificate itself rests
//! on nothing but the moves played and the leaves reached.

use super::certificate::{Rec, RoundCertificate};
use crate::solver::{Endless, Solver};
use crate::Limits;
use rajapasu_engine::{Move, Position, Side, MAX_HOLES};
use std::collections::{HashMap, HashSet};
use std::fmt;
use std::time::{Duration, Instant};

/// How far a recording search may go.
#[derive(Clone, Copy, Debug)]
pub struct CertifyOptions {
    /// The solver's budget for each question about a move (nodes).
    pub query_nodes: u64,
    /// Stop with [`CertifyError::TooLarge`] beyond this many nodes.
    pub max_nodes: Option<u64>,
    /// Whether leaves may be positions the counters decide (D leaves). Without them every
    /// leaf is a round end by rule 8(a), and a bound the prover reaches only while the other
    /// player can keep the round going round in circles cannot be certified.
    pub decided_leaves: bool,
    /// Stop with [`CertifyError::TooLarge`] after visiting this many positions: a bound on
    /// the time of a search that may fail (a failing search can visit many positions and
    /// keep none).
    pub max_visits: Option<u64>,
}

impl Default for CertifyOptions {
    fn default() -> CertifyOptions {
        CertifyOptions {
            query_nodes: 2_000_000,
            max_nodes: None,
            decided_leaves: true,
            max_visits: None,
        }
    }
}

/// Where a recording search stands, for progress reports.
#[derive(Clone, Copy, Debug, Default)]
pub struct Progress {
    /// Nodes of the strategy so far.
    pub nodes: u64,
    /// Positions visited (a position can be visited again after a failure that rested on the
    /// line).
    pub visits: u64,
    /// Questions put to the solver.
    pub queries: u64,
    /// Nodes the solver searched for them.
    pub solver_nodes: u64,
    /// Time so far.
    pub time: Duration,
}

/// Why no certificate was written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CertifyError {
    /// The prover has no strategy that reaches the margin without repeating a position: the
    /// bound is false in the game where endless lines go against the prover.
    NotProven {
        /// The margin asked for.
        margin: i32,
    },
    /// The match table holds no exact win at the round start asked for.
    NoMatchWin,
    /// The match table proves no win at the round start asked for, so there is no loser to
    /// hold out, or a round on the way could not be proven.
    NoHoldOut,
    /// The strategy grew beyond [`CertifyOptions::max_nodes`].
    TooLarge {
        /// The nodes it had then.
        nodes: u64,
    },
}

impl fmt::Display for CertifyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CertifyError::NotProven { margin } => write!(
                f,
                "no strategy reaches a margin of {margin} without repeating a position: the bound \
                 does not hold (or holds only through repetitions)"
            ),
            CertifyError::NoMatchWin => f.write_str(
                "the match table holds no exact win at this round start (or a round on the way \
                 could not be proven)",
            ),
            CertifyError::NoHoldOut => f.write_str(
                "the match table proves no win at this round start, so no loser to hold out \
                 (or a round on the way could not be proven)",
            ),
            CertifyError::TooLarge { nodes } => {
                write!(f, "the certificate grew beyond its limit of {nodes} nodes")
            }
        }
    }
}

impl std::error::Error for CertifyError {}

/// A position exactly: hole counts, captures and the side to move (closed holes, reserves and
/// the round never change within a round).
pub(crate) type Key = [u8; 32];

/// The [`Key`] of a position.
pub(crate) fn key_of(pos: &Position) -> Key {
    let mut k = [0u8; 32];
    let counts = pos.counts();
    k[..counts.len()].copy_from_slice(counts);
    k[MAX_HOLES] = pos.captured(Side::South) as u8;
    k[MAX_HOLES + 1] = pos.captured(Side::North) as u8;
    k[MAX_HOLES + 2] = pos.to_move().index() as u8;
    k
}

const _: () = assert!(MAX_HOLES + 3 <= 32 && rajapasu_engine::MAX_TOTAL <= 255);

/// A failure that rests on no position above the node.
const NO_CYCLE: usize = usize::MAX;

/// Writes the proof that `prover` ends the round from `root` (set up with no history, such as a
/// round start) at least `margin` counters ahead, every leaf a round end. The solver (with its
/// endgame table, if any) orders the moves; `progress` hears from the search every 2^20
/// positions.
///
/// ```
/// use rajapasu_ai::certify::{certify_round, CertifyError, CertifyOptions};
/// use rajapasu_ai::solver::Solver;
/// use rajapasu_engine::{Position, Rules, Side};
/// let rules = "canonical/holes=3,counters=2,mode=round".parse().unwrap();
/// let root = Position::start(rules);
/// let mut solver = Solver::new(16);
/// let options = CertifyOptions::default();
/// let cert = certify_round(&root, Side::South, 0, &mut solver, &options, &mut |_| {}).unwrap();
/// assert!(cert.root_value() >= 0 && cert.nodes() > 1);
/// let too_much = certify_round(&root, Side::South, 13, &mut solver, &options, &mut |_| {});
/// assert_eq!(too_much.unwrap_err(), CertifyError::NotProven { margin: 13 });
/// ```
pub fn certify_round(
    root: &Position,
    prover: Side,
    margin: i32,
    solver: &mut Solver,
    options: &CertifyOptions,
    progress: &mut (dyn FnMut(&Progress) + Send),
) -> Result<RoundCertificate, CertifyError> {
    let goal = Margin { prover, margin };
    record(root, prover, &goal, Some(solver), options, progress)
        .0
        .map_err(|e| e.unwrap_or(CertifyError::NotProven { margin }))
}

/// The recording search towards `goal` from `root`, and what it took; `Err(None)` if no
/// strategy exists. The solver, if given, orders the moves by `goal`'s counter questions.
pub(crate) fn record(
    root: &Position,
    prover: Side,
    goal: &dyn Goal,
    solver: Option<&mut Solver>,
    options: &CertifyOptions,
    progress: &mut (dyn FnMut(&Progress) + Send),
) -> (Result<RoundCertificate, Option<CertifyError>>, Progress) {
    let mut recorder = Recorder {
        solver,
        query: Limits::default().with_nodes(options.query_nodes),
        max_nodes: options.max_nodes.unwrap_or(u64::MAX),
        max_visits: options.max_visits.unwrap_or(u64::MAX),
        decided_leaves: options.decided_leaves,
        prover,
        goal,
        proven: HashMap::new(),
        failed: HashSet::new(),
        path: Vec::new(),
        nodes: Vec::new(),
        children: Vec::new(),
        progress: Progress::default(),
        start: Instant::now(),
        report: progress,
    };
    // The search is as deep as the longest line without a repetition.
    let result = crate::deep_stack::run("certify", || recorder.prove(root, 0, 0));
    let mut took = recorder.progress;
    took.nodes = recorder.nodes.len() as u64;
    took.time = recorder.start.elapsed();
    let result = match result {
        Ok(_) => Ok(RoundCertificate::reachable(
            *root,
            prover,
            goal.target(),
            &recorder.nodes,
            &recorder.children,
        )),
        Err(_)
            if recorder.nodes.len() as u64 >= recorder.max_nodes
                || recorder.progress.visits >= recorder.max_visits =>
        {
            Err(Some(CertifyError::TooLarge {
                nodes: recorder.nodes.len() as u64,
            }))
        }
        Err(_) => Err(None),
    };
    (result, took)
}

/// What the prover must reach, as values: a node's value is what the strategy guarantees from
/// there, and the goal is a value of at least [`Goal::target`].
pub(crate) trait Goal: Sync {
    /// The least value that reaches the goal.
    fn target(&self) -> i32;
    /// The value of a position where the round is over (rule 8(a)), `None` outside the goal.
    fn end(&self, pos: &Position) -> Option<i32>;
    /// The value of a position whatever happens from it, if every way the round can end from
    /// there reaches the goal.
    fn decided(&self, pos: &Position) -> Option<i32>;
    /// True if no way the round can end from `pos` reaches the goal.
    fn hopeless(&self, pos: &Position) -> bool;
    /// The counter question whose "yes" makes a move useless: the goal is out of reach if the
    /// opponent's value at `child` is at least this (`None`: no such question).
    fn refuted_at(&self, child: &Position) -> Option<i32>;
}

/// "The prover's final margin is at least `margin`."
struct Margin {
    prover: Side,
    margin: i32,
}

impl Goal for Margin {
    fn target(&self) -> i32 {
        self.margin
    }

    fn end(&self, pos: &Position) -> Option<i32> {
        // Rule 8(a): the player who cannot move loses the counters left.
        let (lead, t) = (pos.lead(self.prover), pos.on_board() as i32);
        let value = if pos.to_move() == self.prover {
            lead - t
        } else {
            lead + t
        };
        (value >= self.margin).then_some(value)
    }

    fn decided(&self, pos: &Position) -> Option<i32> {
        // Whatever happens, the opponent gains at most the counters left.
        let value = pos.lead(self.prover) - pos.on_board() as i32;
        (value >= self.margin).then_some(value)
    }

    fn hopeless(&self, pos: &Position) -> bool {
        // Even every counter left would not do.
        pos.lead(self.prover) + (pos.on_board() as i32) < self.margin
    }

    fn refuted_at(&self, child: &Position) -> Option<i32> {
        // The prover's final margin is its lead now minus the opponent's value from here.
        Some(child.lead(self.prover) - self.margin + 1)
    }
}

struct Recorder<'a> {
    solver: Option<&'a mut Solver>,
    query: Limits,
    max_nodes: u64,
    max_visits: u64,
    decided_leaves: bool,
    prover: Side,
    goal: &'a dyn Goal,
    /// Proven positions: their node, as an index into `nodes`.
    proven: HashMap<Key, u32>,
    /// Positions that fail whatever the line before them.
    failed: HashSet<Key>,
    /// The line being searched.
    path: Vec<Key>,
    nodes: Vec<Rec>,
    children: Vec<u32>,
    progress: Progress,
    start: Instant,
    report: &'a mut (dyn FnMut(&Progress) + Send),
}

impl Recorder<'_> {
    /// The prover's strategy from `pos`, at `ply` on the line, whose layer began at
    /// `layer_start`: its node, or the shallowest ply of a repeated position the failure rests
    /// on.
    fn prove(&mut self, pos: &Position, ply: usize, layer_start: usize) -> Result<u32, usize> {
        let key = key_of(pos);
        if let Some(&node) = self.proven.get(&key) {
            return Ok(node);
        }
        if self.failed.contains(&key)
            || self.nodes.len() as u64 >= self.max_nodes
            || self.progress.visits >= self.max_visits
        {
            return Err(NO_CYCLE);
        }
        if let Some(i) = (layer_start..ply).find(|&i| self.path[i] == key) {
            return Err(i);
        }
        self.progress.visits += 1;
        if self.progress.visits % (1 << 20) == 0 {
            self.progress.nodes = self.nodes.len() as u64;
            self.progress.time = self.start.elapsed();
            (self.report)(&self.progress);
        }
        if self.decided_leaves {
            if let Some(value) = self.goal.decided(pos) {
                // Decided, whatever happens. (The opponent may be able to keep the round going
                // round in circles here, so a round end could not always be reached.)
                return Ok(self.push(
                    key,
                    Rec::Decided {
                        value: value as i16,
                    },
                ));
            }
        }
        if pos.legal_moves().is_empty() {
            return match self.goal.end(pos) {
                Some(value) => Ok(self.push(
                    key,
                    Rec::End {
                        value: value as i16,
                    },
                )),
                None => {
                    self.failed.insert(key);
                    Err(NO_CYCLE)
                }
            };
        }
        if self.goal.hopeless(pos) {
            self.failed.insert(key);
            return Err(NO_CYCLE);
        }
        self.path.truncate(ply);
        self.path.push(key);
        let result = if pos.to_move() == self.prover {
            self.prover_node(pos, ply, layer_start)
        } else {
            self.opponent_node(pos, ply, layer_start)
        };
        match result {
            Ok(rec) => Ok(self.push(key, rec)),
            Err(cycle) => {
                if cycle >= ply {
                    self.failed.insert(key);
                }
                Err(cycle)
            }
        }
    }

    fn push(&mut self, key: Key, rec: Rec) -> u32 {
        let node = self.nodes.len() as u32;
        self.nodes.push(rec);
        self.proven.insert(key, node);
        node
    }

    /// The layer a child belongs to: a capture starts a new one.
    fn child_layer(pos: &Position, child: &Position, ply: usize, layer_start: usize) -> usize {
        if child.on_board() < pos.on_board() {
            ply + 1
        } else {
            layer_start
        }
    }

    fn prover_node(
        &mut self,
        pos: &Position,
        ply: usize,
        layer_start: usize,
    ) -> Result<Rec, usize> {
        let hint = self
            .solver
            .as_ref()
            .and_then(|s| s.best_move(pos, Endless::Opponent));
        let mut candidates: Vec<(Move, Position)> = pos
            .legal_moves()
            .iter()
            .map(|&m| {
                let mut child = *pos;
                child.play(m);
                (m, child)
            })
            .collect();
        // The solver's move first, then the largest gains.
        candidates.sort_by_key(|(m, child)| {
            std::cmp::Reverse(if Some(*m) == hint {
                i32::MAX
            } else {
                child.lead(self.prover)
            })
        });
        // A child already proven costs nothing.
        if let Some((m, node)) = candidates
            .iter()
            .find_map(|(m, c)| self.proven.get(&key_of(c)).map(|&n| (*m, n)))
        {
            return Ok(self.prover_rec(m, node));
        }
        let mut cycle = NO_CYCLE;
        let mut unknown = Vec::new();
        for (m, child) in &candidates {
            if self.failed.contains(&key_of(child)) {
                continue;
            }
            match self.keeps_bound(child) {
                Some(false) => continue,
                None => {
                    unknown.push((*m, *child));
                    continue;
                }
                Some(true) => {}
            }
            match self.prove(
                child,
                ply + 1,
                Self::child_layer(pos, child, ply, layer_start),
            ) {
                Ok(node) => return Ok(self.prover_rec(*m, node)),
                Err(c) => cycle = cycle.min(c),
            }
        }
        for (m, child) in &unknown {
            match self.prove(
                child,
                ply + 1,
                Self::child_layer(pos, child, ply, layer_start),
            ) {
                Ok(node) => return Ok(self.prover_rec(*m, node)),
                Err(c) => cycle = cycle.min(c),
            }
        }
        Err(cycle)
    }

    fn prover_rec(&self, mv: Move, child: u32) -> Rec {
        Rec::Prover {
            mv: mv.number(),
            child,
            value: self.nodes[child as usize].value() as i16,
        }
    }

    /// Whether the solver proves that the prover can still reach the goal after moving to
    /// `child` (the opponent to move there), in the game where endless lines go against the
    /// prover: `Some(false)` when it proves the goal out of reach.
    fn keeps_bound(&mut self, child: &Position) -> Option<bool> {
        let v = self.goal.refuted_at(child)?;
        let solver = self.solver.as_mut()?;
        self.progress.queries += 1;
        let answer = solver.at_least(child, Endless::Mover, v, &self.query);
        self.progress.solver_nodes += solver.nodes();
        answer.map(|opponent_reaches| !opponent_reaches)
    }

    fn opponent_node(
        &mut self,
        pos: &Position,
        ply: usize,
        layer_start: usize,
    ) -> Result<Rec, usize> {
        let mut nodes = Vec::new();
        for &m in pos.legal_moves().iter() {
            let mut child = *pos;
            child.play(m);
            nodes.push(self.prove(
                &child,
                ply + 1,
                Self::child_layer(pos, &child, ply, layer_start),
            )?);
        }
        let value = nodes
            .iter()
            .map(|&n| self.nodes[n as usize].value())
            .min()
            .expect("a position with moves");
        let first = self.children.len() as u32;
        self.children.extend_from_slice(&nodes);
        Ok(Rec::Opponent {
            first,
            len: nodes.len() as u8,
            value: value as i16,
        })
    }
}
