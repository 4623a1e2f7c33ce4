//! Checking a built table: every position must satisfy its equations, each value the best
//! over the moves of the values after them (of the other game, for the opponent).

use crate::config::{Config, Shape};
use crate::index::Ranker;
use crate::Tablebase;
use rayon::prelude::*;
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
    for config in Config::all(table.rules().holes()) {
        let shape = Shape::new(*table.rules(), config);
        let ranker = Ranker::new(shape.open.len());
        for s in 0..=ranker.max_layer() {
            if !table.has_layer(config, s) {
                continue;
            }
            // A layer's equations need the layers below, and its own: every one must be built.
            if (0..s).any(|l| !table.has_layer(config, l) || !table.has_layer(config.mirror(), l))
                || !table.has_layer(config.mirror(), s)
            {
                continue;
            }
            let n = ranker.layer_size(s);
            let found: Vec<Mismatch> = (0..n as usize)
                .into_par_iter()
                .with_min_len(1 << 12)
                .filter_map(|r| {
                    let pos = shape.position(&ranker.unrank(s, r as u64));
                    let stored = table.probe(&pos).expect("a built layer");
                    let moves = pos.legal_moves();
                    let (mut lo, mut hi) = (i32::MIN, i32::MIN);
                    if moves.is_empty() {
                        lo = -(s as i32);
                        hi = lo;
                    }
                    for &m in moves.iter() {
                        let mut child = pos;
                        child.play(m);
                        let me = pos.to_move();
                        let gain = child.lead(me) - pos.lead(me);
                        let after = table.probe(&child).expect("a built layer below");
                        lo = lo.max(gain - i32::from(after.upper));
                        hi = hi.max(gain - i32::from(after.lower));
                    }
                    let done = checked.fetch_add(1, Ordering::Relaxed) + 1;
                    if done % (1 << 20) == 0 {
                        progress(done);
                    }
                    let eq = (lo as i8, hi as i8);
                    (eq != (stored.lower, stored.upper)).then(|| Mismatch {
                        position: pos.to_string(),
                        stored: (stored.lower, stored.upper),
                        equations: eq,
                    })
                })
                .collect();
            bad.extend(found.into_iter().take(max_report.saturating_sub(bad.len())));
        }
    }
    progress(checked.load(Ordering::Relaxed));
    (bad, checked.load(Ordering::Relaxed))
}
