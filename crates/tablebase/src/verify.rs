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
use crate::{TableError, Tablebase};
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
                let stored = table.probe(&pos).expect("a built layer");
                let eq = equations_of(table, &pos);
                tick(&checked, progress);
                (eq != (stored.lower, stored.upper)).then(|| Mismatch {
                    position: pos.to_string(),
                    stored: (stored.lower, stored.upper),
                    equations: eq,
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

/// What a position's moves give for its two values.
fn equations_of(table: &Tablebase, pos: &Position) -> (i8, i8) {
    let moves = pos.legal_moves();
    if moves.is_empty() {
        let t = -(pos.on_board() as i8);
        return (t, t);
    }
    let (mut lo, mut hi) = (i32::MIN, i32::MIN);
    for &m in moves.iter() {
        let mut child = *pos;
        child.play(m);
        let me = pos.to_move();
        let gain = child.lead(me) - pos.lead(me);
        let after = table.probe(&child).expect("a built layer below");
        lo = lo.max(gain - i32::from(after.upper));
        hi = hi.max(gain - i32::from(after.lower));
    }
    (lo as i8, hi as i8)
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
                let stored = table.probe(&pos).expect("a built layer");
                let stored_pair = (stored.lower, stored.upper);
                tick(&checked, progress);
                let eq = equations_of(table, &pos);
                let flaw = if eq != stored_pair {
                    Some(Flaw::Equations(eq))
                } else {
                    rank_flaw(table, &ranks, &pos, stored.lower)
                };
                flaw.map(|flaw| Failure {
                    position: pos.to_string(),
                    stored: stored_pair,
                    flaw,
                })
            })
            .collect();
        bad.extend(found.into_iter().take(max_report.saturating_sub(bad.len())));
    }
    progress(checked.load(Ordering::Relaxed));
    Ok((bad, checked.load(Ordering::Relaxed)))
}

/// Whether the rank of `pos` shows its lower value `lower` is reached.
fn rank_flaw(table: &Tablebase, ranks: &Ranks, pos: &Position, lower: i8) -> Option<Flaw> {
    let s = pos.on_board();
    if i32::from(lower) <= -(s as i32) {
        return None;
    }
    let rank = ranks.of(pos);
    if rank == NO_RANK {
        return Some(Flaw::NoRank);
    }
    let me = pos.to_move();
    let reached = pos.legal_moves().iter().any(|&m| {
        let mut child = *pos;
        child.play(m);
        let gain = child.lead(me) - pos.lead(me);
        let after = table.probe(&child).expect("a built layer");
        if gain - i32::from(after.upper) < i32::from(lower) {
            return false;
        }
        if child.on_board() < s {
            return true; // an exit worth the value
        }
        // Within the layer: the child's rank, from its own moves within the layer.
        let mut most: Option<u16> = None;
        for &m2 in child.legal_moves().iter() {
            let mut grandchild = child;
            grandchild.play(m2);
            if grandchild.on_board() == s {
                let r = ranks.of(&grandchild);
                if r == NO_RANK {
                    return false;
                }
                most = Some(most.map_or(r, |x| x.max(r)));
            }
        }
        let child_rank = most.map_or(0, |x| u32::from(x) + 1);
        child_rank < u32::from(rank)
    });
    (!reached).then_some(Flaw::Unsupported { rank })
}
