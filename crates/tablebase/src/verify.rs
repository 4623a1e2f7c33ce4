//! Checking a built table.
//!
//! [`equations`]: every position must satisfy its equations, each value the best over the moves
//! of the values after them (of the other game, for the opponent). That is not enough: within a
//! layer, a cycle of positions can satisfy its equations with values that are too good for
//! the side that must reach an exit (a self-supporting loop), because the equations hold at
//! every fixpoint and the table must hold the least one for that side.
//!
//! [`complete`] adds the ranks the builder stores beside each layer (`.rprk`, [`crate::file`]):
//! a lower value above the trivial `-layer` must be reached by a move to an exit worth at
//! least as much, or by a move within the layer to a position `c` worth at least as much whose
//! rank is below the position's. The rank of `c` (the opponent to move) is one more than the
//! largest rank among its moves within the layer, 0 with none. Ranks fall strictly along such
//! moves, so they show a strategy that reaches an exit worth the value without repeating: the
//! value is reached, so it is at most the least fixpoint, and the equations make it at least
//! that. Upper values need nothing more: the equations tie each to the lower values after its
//! moves, which are checked. Equations and ranks together prove exactly the table's values.

use crate::config::{Config, Shape};
use crate::file::{self, LayerId, HEADER, NO_RANK};
use crate::index::Ranker;
use crate::{TableError, Tablebase, Values};
use memmap2::Mmap;
use rajapasu_engine::{Position, Side};
use rayon::prelude::*;
use std::collections::HashMap;
use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};

/// A position whose stored values do not satisfy its equations.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mismatch {
    /// Its position code (captures are set so the code is valid).
    pub position: String,
    /// What the table holds.
    pub stored: (i8, i8),
    /// What its moves give.
    pub equations: (i8, i8),
}

/// Checks every position of every built layer: `lower = max over moves of (gain - upper after
/// the move)` and `upper = max of (gain - lower after)`, and both `-t` with no move. Calls
/// `progress` with the positions checked so far. Returns the first mismatches found (at most
/// `max_report`) and the number of positions checked.
pub fn equations(
    table: &Tablebase,
    max_report: usize,
    progress: &(dyn Fn(u64) + Sync),
) -> (Vec<Mismatch>, u64) {
    let checked = AtomicU64::new(0);
    let mut bad = Vec::new();
    for (_, shape, ranker, s) in checkable_layers(table) {
        let n = ranker.layer_size(s);
        let found: Vec<Mismatch> = (0..n as usize)
            .into_par_iter()
            .with_min_len(1 << 12)
            .filter_map(|r| {
                let pos = shape.position(&ranker.unrank(s, r as u64));
                let layer = TableLayer {
                    table,
                    ranks: None,
                    s,
                };
                tick(&checked, progress);
                equations_at(&layer, pos).map(|eq| {
                    let stored = layer.values(pos);
                    Mismatch {
                        position: pos.to_string(),
                        stored: (stored.lower, stored.upper),
                        equations: eq,
                    }
                })
            })
            .collect();
        bad.extend(found.into_iter().take(max_report.saturating_sub(bad.len())));
    }
    progress(checked.load(Ordering::Relaxed));
    (bad, checked.load(Ordering::Relaxed))
}

/// The layers whose equations can be checked: built, with every layer below of the
/// configuration and its mirror, and the mirror's same layer.
fn checkable_layers(table: &Tablebase) -> Vec<(Config, Shape, Ranker, u32)> {
    let mut out = Vec::new();
    for config in Config::all(table.rules().holes()) {
        let shape = Shape::new(*table.rules(), config);
        let ranker = Ranker::new(shape.open.len());
        for s in 0..=ranker.max_layer() {
            let built = |c: Config, l: u32| table.has_layer(c, l);
            if built(config, s)
                && built(config.mirror(), s)
                && (0..s).all(|l| built(config, l) && built(config.mirror(), l))
            {
                out.push((config, shape.clone(), ranker.clone(), s));
            }
        }
    }
    out
}

fn tick(checked: &AtomicU64, progress: &(dyn Fn(u64) + Sync)) {
    let done = checked.fetch_add(1, Ordering::Relaxed) + 1;
    if done % (1 << 20) == 0 {
        progress(done);
    }
}

/// What is wrong at a position, by the complete check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Flaw {
    /// The values do not satisfy the equations: what the moves give.
    Equations((i8, i8)),
    /// The lower value is above `-layer` but the position has no rank.
    NoRank,
    /// No move reaches an exit worth the lower value, nor a position within the layer worth
    /// it with a lower rank: the value supports itself around a cycle.
    Unsupported {
        /// The position's stored rank.
        rank: u16,
    },
}

/// A position the complete check rejects.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// Its position code (captures are set so the code is valid).
    pub position: String,
    /// What the table holds: lower and upper.
    pub stored: (i8, i8),
    /// What is wrong.
    pub flaw: Flaw,
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (lo, hi) = self.stored;
        match &self.flaw {
            Flaw::Equations((l, h)) => write!(
                f,
                "{}: stored [{lo}, {hi}], its moves give [{l}, {h}]",
                self.position
            ),
            Flaw::NoRank => write!(
                f,
                "{}: lower value {lo} has no rank, so nothing shows it is reached",
                self.position
            ),
            Flaw::Unsupported { rank } => write!(
                f,
                "{}: lower value {lo} (rank {rank}) is not reached: no exit gives it, and no \
                 move within the layer leads to a position worth it of lower rank (a \
                 self-supporting cycle)",
                self.position
            ),
        }
    }
}

/// One move of a position, as the checks see it.
#[derive(Clone, Copy, Debug)]
pub enum Step<N> {
    /// A move that captures (or ends the round): what the mover gains and the values after it,
    /// which a lower layer holds.
    Exit {
        /// Counters the mover gains by the move.
        gain: i32,
        /// The values after the move, for the player to move then.
        after: Values,
    },
    /// A move that stays in the layer (it captures nothing).
    Within {
        /// Counters the mover gains by the move (0 under the table's rules).
        gain: i32,
        /// The position after it.
        to: N,
    },
}

/// A layer's positions as the checks see them: the table's own, or a graph made by hand.
pub trait LayerGraph: Sync {
    /// A position of the layer.
    type Node: Copy + Send;
    /// Counters on the board: the trivial lower value is `-counters`.
    fn counters(&self) -> u32;
    /// The values stored for a position.
    fn values(&self, n: Self::Node) -> Values;
    /// The rank stored for a position ([`NO_RANK`] if none).
    fn rank(&self, n: Self::Node) -> u16;
    /// Calls `f` with each legal move of the position.
    fn steps(&self, n: Self::Node, f: &mut dyn FnMut(Step<Self::Node>));
}

/// What the moves of `n` give for its two values, if the stored ones differ.
pub fn equations_at<G: LayerGraph>(g: &G, n: G::Node) -> Option<(i8, i8)> {
    let (mut lo, mut hi) = (i32::MIN, i32::MIN);
    g.steps(n, &mut |step| {
        let (gain, after) = match step {
            Step::Exit { gain, after } => (gain, after),
            Step::Within { gain, to } => (gain, g.values(to)),
        };
        lo = lo.max(gain - i32::from(after.upper));
        hi = hi.max(gain - i32::from(after.lower));
    });
    if lo == i32::MIN {
        // No move: rule 8(a), the opponent takes what is left.
        lo = -(g.counters() as i32);
        hi = lo;
    }
    let eq = (lo as i8, hi as i8);
    let stored = g.values(n);
    (eq != (stored.lower, stored.upper)).then_some(eq)
}

/// Whether the rank of `n` shows its lower value is reached (module docs): `None` if it does
/// (or the value is the trivial one).
pub fn rank_at<G: LayerGraph>(g: &G, n: G::Node) -> Option<Flaw> {
    let lower = i32::from(g.values(n).lower);
    if lower <= -(g.counters() as i32) {
        return None;
    }
    let rank = g.rank(n);
    if rank == NO_RANK {
        return Some(Flaw::NoRank);
    }
    let mut reached = false;
    g.steps(n, &mut |step| {
        if reached {
            return;
        }
        match step {
            Step::Exit { gain, after } => reached = gain - i32::from(after.upper) >= lower,
            Step::Within { gain, to } => {
                if gain - i32::from(g.values(to).upper) < lower {
                    return;
                }
                // The child's rank: one more than the largest among its moves within the
                // layer, 0 with none; none if one of those has no rank.
                let mut most: Option<Option<u16>> = None;
                g.steps(to, &mut |next| {
                    if let Step::Within { to: p, .. } = next {
                        let r = g.rank(p);
                        let r = (r != NO_RANK).then_some(r);
                        most = Some(match most {
                            None => r,
                            Some(m) => m.zip(r).map(|(a, b)| a.max(b)),
                        });
                    }
                });
                let child_rank = match most {
                    None => Some(0),
                    Some(m) => m.map(|r| u32::from(r) + 1),
                };
                reached = child_rank.is_some_and(|c| c < u32::from(rank));
            }
        }
    });
    (!reached).then_some(Flaw::Unsupported { rank })
}

/// The complete check at one position: its equations, then its rank.
pub fn check_at<G: LayerGraph>(g: &G, n: G::Node) -> Option<Flaw> {
    match equations_at(g, n) {
        Some(eq) => Some(Flaw::Equations(eq)),
        None => rank_at(g, n),
    }
}

/// A layer of a built table: positions with South to move, their moves through
/// [`Tablebase::probe`], their ranks from the ranks files (none when only the equations are
/// checked).
struct TableLayer<'a> {
    table: &'a Tablebase,
    ranks: Option<&'a Ranks>,
    s: u32,
}

impl LayerGraph for TableLayer<'_> {
    type Node = Position;

    fn counters(&self) -> u32 {
        self.s
    }

    fn values(&self, n: Position) -> Values {
        self.table.probe(&n).expect("a built layer")
    }

    fn rank(&self, n: Position) -> u16 {
        self.ranks.map_or(NO_RANK, |r| r.of(&n))
    }

    fn steps(&self, n: Position, f: &mut dyn FnMut(Step<Position>)) {
        let me = n.to_move();
        for &m in n.legal_moves().iter() {
            let mut child = n;
            child.play(m);
            let gain = child.lead(me) - n.lead(me);
            if child.on_board() == self.s {
                f(Step::Within { gain, to: child });
            } else {
                f(Step::Exit {
                    gain,
                    after: self.table.probe(&child).expect("a built layer below"),
                });
            }
        }
    }
}

/// The ranks files of a table, mapped.
struct Ranks {
    shapes: HashMap<Config, (Shape, Ranker)>,
    maps: HashMap<(Config, u32), Mmap>,
}

impl Ranks {
    fn open(
        table: &Tablebase,
        layers: &[(Config, Shape, Ranker, u32)],
    ) -> Result<Ranks, TableError> {
        let mut shapes = HashMap::new();
        let mut maps = HashMap::new();
        for (config, shape, ranker, s) in layers {
            shapes.insert(*config, (shape.clone(), ranker.clone()));
            let id = LayerId {
                holes: table.rules().holes() as u8,
                config: *config,
                layer: *s as u8,
            };
            let path = id.ranks_path(table.dir());
            let missing = |why: String| {
                TableError::NoRanks(format!(
                    "{} ({why}); a table built before ranks existed: build it again with \
                     `rajapasu tablebase build`, which rebuilds the layers without ranks",
                    path.display()
                ))
            };
            let f = std::fs::File::open(&path).map_err(|e| missing(e.to_string()))?;
            // SAFETY: as for the values files (probe.rs): written once, renamed into place
            // when whole, never modified.
            let map = unsafe { Mmap::map(&f) }.map_err(|e| missing(e.to_string()))?;
            file::check_ranks(&map, &id, ranker.layer_size(*s), true)
                .map_err(|e| missing(e.to_string()))?;
            maps.insert((*config, *s), map);
        }
        Ok(Ranks { shapes, maps })
    }

    /// The rank of a position of a checked layer.
    fn of(&self, pos: &Position) -> u16 {
        let (board, config) = stored_board(pos);
        let (shape, ranker) = &self.shapes[&config];
        let mut digits = [0u8; 14];
        let open = shape.open.len();
        shape.digits_into(&board[..pos.counts().len()], &mut digits[..open]);
        let r = ranker.rank(&digits[..open]) as usize;
        let map = &self.maps[&(config, pos.on_board())];
        u16::from_le_bytes([map[HEADER + 2 * r], map[HEADER + 2 * r + 1]])
    }
}

/// A position's board and configuration as stored: its mirror when North is to move.
fn stored_board(pos: &Position) -> ([u8; 14], Config) {
    let counts = pos.counts();
    let n = counts.len() / 2;
    let mut board = [0u8; 14];
    let config = Config::of(pos).expect("a table position");
    if pos.to_move() == Side::North {
        board[..n].copy_from_slice(&counts[n..]);
        board[n..2 * n].copy_from_slice(&counts[..n]);
        (board, config.mirror())
    } else {
        board[..2 * n].copy_from_slice(counts);
        (board, config)
    }
}

/// The complete check: [`equations`] and the ranks (module docs) of every position of every
/// built layer whose layers below are built. Fails if a ranks file is missing or damaged
/// ([`TableError::NoRanks`]). Returns the first failures found (at most `max_report`) and the
/// number of positions checked.
pub fn complete(
    table: &Tablebase,
    max_report: usize,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<(Vec<Failure>, u64), TableError> {
    let layers = checkable_layers(table);
    let ranks = Ranks::open(table, &layers)?;
    let checked = AtomicU64::new(0);
    let mut bad = Vec::new();
    for (_, shape, ranker, s) in &layers {
        let s = *s;
        let n = ranker.layer_size(s);
        let found: Vec<Failure> = (0..n as usize)
            .into_par_iter()
            .with_min_len(1 << 12)
            .filter_map(|r| {
                let pos = shape.position(&ranker.unrank(s, r as u64));
                let layer = TableLayer {
                    table,
                    ranks: Some(&ranks),
                    s,
                };
                tick(&checked, progress);
                check_at(&layer, pos).map(|flaw| {
                    let stored = layer.values(pos);
                    Failure {
                        position: pos.to_string(),
                        stored: (stored.lower, stored.upper),
                        flaw,
                    }
                })
            })
            .collect();
        bad.extend(found.into_iter().take(max_report.saturating_sub(bad.len())));
    }
    progress(checked.load(Ordering::Relaxed));
    Ok((bad, checked.load(Ordering::Relaxed)))
}
