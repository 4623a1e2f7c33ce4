//! Figures of a built table: positions by layer, the share whose two values meet, and how the
//! values are spread.

use crate::config::Config;
use crate::file::HEADER;
use crate::index::Ranker;
use crate::Tablebase;
use rayon::prelude::*;

/// The figures of one layer of one configuration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LayerStats {
    /// The configuration.
    pub config: Config,
    /// Counters on the board.
    pub layer: u32,
    /// Positions (South to move).
    pub positions: u64,
    /// Positions whose two values meet.
    pub exact: u64,
    /// Positions by exact value, from `-layer` to `layer`; positions without an exact value
    /// are not counted here.
    pub histogram: Vec<u64>,
}

/// The figures of every built layer, in configuration and layer order.
pub fn stats(table: &Tablebase) -> Vec<LayerStats> {
    let mut out = Vec::new();
    for config in Config::all(table.rules().holes()) {
        let open = table.rules().holes() * 2 - config.count as usize;
        let ranker = Ranker::new(open);
        for s in 0..=ranker.max_layer() {
            let Some(bytes) = table.layer_bytes(config, s) else {
                continue;
            };
            let n = ranker.layer_size(s) as usize;
            let values = &bytes[HEADER..];
            let (lower, upper) = values.split_at(n);
            let span = 2 * s as usize + 1;
            let (exact, histogram) = lower
                .par_chunks(1 << 16)
                .zip(upper.par_chunks(1 << 16))
                .map(|(lo, hi)| {
                    let mut h = vec![0u64; span];
                    let mut e = 0;
                    for (&l, &u) in lo.iter().zip(hi) {
                        if l == u {
                            e += 1;
                            h[(i32::from(l as i8) + s as i32) as usize] += 1;
                        }
                    }
                    (e, h)
                })
                .reduce(
                    || (0, vec![0u64; span]),
                    |(e1, h1), (e2, h2)| {
                        (e1 + e2, h1.iter().zip(&h2).map(|(a, b)| a + b).collect())
                    },
                );
            out.push(LayerStats {
                config,
                layer: s,
                positions: n as u64,
                exact,
                histogram,
            });
        }
    }
    out
}

/// Up to `max` positions whose two values differ, with them: the positions where endless
/// lines matter (position codes with South to move; captures set so the code is valid).
pub fn unequal(table: &Tablebase, max: usize) -> Vec<(String, i8, i8)> {
    let mut out = Vec::new();
    for config in Config::all(table.rules().holes()) {
        let shape = crate::config::Shape::new(*table.rules(), config);
        let ranker = Ranker::new(shape.open.len());
        for s in 0..=ranker.max_layer() {
            let Some(bytes) = table.layer_bytes(config, s) else {
                continue;
            };
            let n = ranker.layer_size(s) as usize;
            let (lower, upper) = bytes[HEADER..].split_at(n);
            for r in 0..n {
                if lower[r] != upper[r] && out.len() < max {
                    let pos = shape.position(&ranker.unrank(s, r as u64));
                    out.push((pos.to_string(), lower[r] as i8, upper[r] as i8));
                }
            }
        }
    }
    out
}
