//! Building a table: layer by layer from the empty board up, each layer by retrograde analysis
//! of its graph of positions (docs/SOLVING.md).
//!
//! Within a layer no move captures, so the round there is a game of reaching the exits (the
//! moves that capture, whose values the lower layers already hold) or the end of the round.
//! The two values of a position are the two games that differ in whom an endless line goes
//! to. Seen from the side an endless line does *not* favour, who must reach an exit, a value
//! is the best exit that side can force, and all such values come out of one pass over the
//! layer in decreasing order of value, like Dijkstra's algorithm on a bucket queue: a position
//! of that side is settled by the first successor settled, one of the other side when its last
//! successor is. What is never settled is an endless line: the worst value, `-t`. The same
//! pass gives each lower value its rank, the proof that it is reached ([`crate::verify`]).
//!
//! Positions with South to move are stored; North's are their mirrors, so a layer of a
//! configuration is solved together with the same layer of its mirror (a *pair*). The layers
//! are built in order of counters across every pair (layer `s` of every configuration before
//! layer `s + 1` of any), so a table that is still building already holds its small positions
//! everywhere; the pairs of one layer are solved at the same time.
//!
//! - [`generate`](self::generate): every position's moves, read in index order: the best
//!   exits, and the moves that stay in the layer;
//! - [`retrograde`](self::retrograde): the values and ranks of a layer from those;
//! - [`tables`](self::tables): what the generation reads: shapes, indexes and the values of
//!   the layers solved so far;
//! - [`writer`](self::writer): writes finished layers on a thread of its own while the next
//!   ones are solved.

mod generate;
mod retrograde;
mod tables;
mod writer;

use crate::config::{Config, Shape};
use crate::file;
use crate::index::RowIndex;
use crate::TableError;
use rajapasu_engine::Rules;
use rayon::prelude::*;
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tables::{row_index, Tables};

/// How far a build has come.
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    /// Positions finished (solved or found already built), both sides to move counted once.
    pub done: u64,
    /// Positions of the whole build.
    pub total: u64,
    /// The first configuration of the layer being built (the pairs of a layer are solved at
    /// once, so `(config, layer)` changes once a layer).
    pub config: Config,
    /// The layer being built (counters on the board).
    pub layer: u32,
}

/// What a build did.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// Positions solved by this build (not counting layers found already built).
    pub solved: u64,
    /// Positions in layers found already built and checked.
    pub reused: u64,
    /// Layer files written (values; each has its ranks file beside it).
    pub files: usize,
    /// Wall-clock time.
    pub time: Duration,
    /// The largest number of positions solved together (a layer with its mirror).
    pub largest_layer: u64,
}

/// The layers a build of `rules` up to `max_counters` counters makes: configuration, layer
/// and positions, in build order (layer by layer, each layer across every configuration).
///
/// ```
/// use rajapasu_tablebase::build::plan;
/// let p = plan(&"canonical/holes=3".parse().unwrap(), 18);
/// // Layer 0 of every configuration (all open, 1 and 2 closed on each side) comes first.
/// assert!(p[..5].iter().all(|&(_, s, _)| s == 0));
/// assert!(p.windows(2).all(|w| w[0].1 <= w[1].1));
/// ```
pub fn plan(rules: &Rules, max_counters: u32) -> Vec<(Config, u32, u64)> {
    let n = rules.holes();
    let indexes: Vec<(Config, RowIndex)> = Config::all(n)
        .into_iter()
        .map(|c| (c, row_index(&Shape::new(*rules, c))))
        .collect();
    let mut v = Vec::new();
    for s in 0..=max_counters {
        for (c, rows) in &indexes {
            if s <= rows.max_layer() {
                v.push((*c, s, rows.layer_size(s)));
            }
        }
    }
    v
}

/// The configurations that are solved together, as indices into [`Config::all`]: each with
/// its mirror ([`Config::all`] lists every closed one just before its mirror).
fn pairs(holes: usize) -> Vec<Vec<usize>> {
    let n = Config::all(holes).len();
    std::iter::once(vec![0])
        .chain((1..n).step_by(2).map(|i| vec![i, i + 1]))
        .collect()
}

/// A layer of a pair, found built or solved now: values and (when solved) ranks by
/// configuration of the pair.
struct PairLayer {
    values: Vec<Vec<[i8; 2]>>,
    ranks: Option<Vec<Vec<u16>>>,
}

/// Builds (or completes) the table of the table rule set `rules` in `dir`, layers up to
/// `max_counters` counters. Layers already built and whole (values and ranks) are checked and
/// kept, so an interrupted build goes on where it stopped.
pub fn build(
    rules: &Rules,
    dir: &Path,
    max_counters: u32,
    progress: &(dyn Fn(&Progress) + Sync),
) -> Result<Report, TableError> {
    let start = Instant::now();
    std::fs::create_dir_all(dir)
        .map_err(|e| TableError::Io(dir.display().to_string(), e.to_string()))?;
    let total: u64 = plan(rules, max_counters).iter().map(|p| p.2).sum();
    let done = AtomicU64::new(0);
    let mut report = Report::default();
    let mut t = Tables::new(rules);
    let pairs = pairs(rules.holes());
    let top = t.rows.iter().map(RowIndex::max_layer).max().unwrap_or(0);
    let writer = writer::Writer::start(dir.to_path_buf());
    for s in 0..=max_counters.min(top) {
        let live: Vec<&[usize]> = pairs
            .iter()
            .map(Vec::as_slice)
            .filter(|p| s <= t.rows[p[0]].max_layer())
            .collect();
        let layers: Vec<Result<PairLayer, TableError>> = live
            .par_iter()
            .map(|pair| {
                let sizes: Vec<u64> = pair.iter().map(|&c| t.rows[c].layer_size(s)).collect();
                let tell_done = |d: u64| {
                    progress(&Progress {
                        done: d,
                        total,
                        config: t.configs[live[0][0]],
                        layer: s,
                    })
                };
                let found: Option<Vec<Vec<[i8; 2]>>> = pair
                    .iter()
                    .zip(&sizes)
                    .map(|(&c, &n)| file::read_pairs(dir, &t.id(c, s), n))
                    .collect();
                let layer = match found {
                    Some(values) => {
                        let n = sizes.iter().sum();
                        tell_done(done.fetch_add(n, Ordering::Relaxed) + n);
                        PairLayer {
                            values,
                            ranks: None,
                        }
                    }
                    None => {
                        let tell = |d: u64| tell_done(done.fetch_add(d, Ordering::Relaxed) + d);
                        solve_layer(&t, pair, s, &tell)?
                    }
                };
                Ok(layer)
            })
            .collect();
        for (pair, layer) in live.iter().zip(layers) {
            let layer = layer?;
            let n: u64 = layer.values.iter().map(|v| v.len() as u64).sum();
            match &layer.ranks {
                None => report.reused += n,
                Some(_) => {
                    report.solved += n;
                    report.largest_layer = report.largest_layer.max(n);
                }
            }
            let ranks = layer.ranks.map_or_else(
                || vec![None; pair.len()],
                |r| r.into_iter().map(Some).collect(),
            );
            for ((&c, values), ranks) in pair.iter().zip(layer.values).zip(ranks) {
                let values = Arc::new(values);
                if let Some(ranks) = ranks {
                    if !writer.send(t.id(c, s), Arc::clone(&values), ranks) {
                        // The writer stopped on an error: that error.
                        writer.finish()?;
                        return Err(TableError::Io(
                            dir.display().to_string(),
                            "the table's writer stopped".into(),
                        ));
                    }
                }
                t.values[c][s as usize] = Some(values);
            }
        }
        // A pair whose last layer is done is never read again.
        for pair in &pairs {
            if s >= t.rows[pair[0]].max_layer() {
                for &c in pair {
                    t.values[c].iter_mut().for_each(|v| *v = None);
                }
            }
        }
    }
    report.files = writer.finish()?;
    report.time = start.elapsed();
    Ok(report)
}

/// Solves layer `s` of a configuration pair.
fn solve_layer(
    t: &Tables,
    pair: &[usize],
    s: u32,
    tell: &(dyn Fn(u64) + Sync),
) -> Result<PairLayer, TableError> {
    let sizes: Vec<usize> = pair
        .iter()
        .map(|&c| t.rows[c].layer_size(s) as usize)
        .collect();
    let total: usize = sizes.iter().sum();
    let mut values = vec![[generate::NO_EXIT; 2]; total];
    let edges = generate::generate(t, pair, s, &mut values, tell);
    let mut ranks = retrograde::solve(&mut values, edges, s).map_err(|at| {
        let (c, r) = locate(t, pair, s, at);
        TableError::RankOverflow(format!("{} layer {s}, index {r}", t.configs[c].name()))
    })?;
    // Split the pair's arrays by configuration; the values, which later layers read at
    // random, on huge pages.
    let mut by_config = Vec::new();
    let mut by_config_ranks = Vec::new();
    for &n in sizes.iter().rev() {
        let at = values.len() - n;
        by_config.push(crate::huge_pages::collected(n, values.drain(at..)));
        by_config_ranks.push(ranks.split_off(at));
    }
    by_config.reverse();
    by_config_ranks.reverse();
    Ok(PairLayer {
        values: by_config,
        ranks: Some(by_config_ranks),
    })
}

/// The configuration and index of position `at` of a pair's layer.
fn locate(t: &Tables, pair: &[usize], s: u32, mut at: usize) -> (usize, usize) {
    for &c in pair {
        let n = t.rows[c].layer_size(s) as usize;
        if at < n {
            return (c, at);
        }
        at -= n;
    }
    (pair[pair.len() - 1], at)
}
