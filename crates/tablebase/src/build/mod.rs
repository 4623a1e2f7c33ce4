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
//! configuration is solved together with the same layer of its mirror (a *pair*). Holes do
//! not close within a round, so a pair's layers need only the pair's own lower layers: each
//! pair is a chain of layers of its own ([`chains`]). The chains run at once, none more than
//! one layer ahead of the slowest, so a table that is still building already holds its small
//! positions everywhere, and while the largest pair runs its retrograde pass (one thread) the
//! others' next layers are generated on the rest.
//!
//! - [`generate`](self::generate): every position's moves, read in index order: the best
//!   exits, and the moves that stay in the layer;
//! - [`retrograde`](self::retrograde): the values and ranks of a layer from those;
//! - [`tables`](self::tables): what the generation reads: shapes, indexes and the values of
//!   the layers solved so far;
//! - [`writer`](self::writer): writes finished layers on a thread of its own while the next
//!   ones are solved;
//! - [`chains`](self::chains): which pair's layer may start when.

mod chains;
mod generate;
mod retrograde;
mod tables;
mod writer;

use crate::config::{Config, Shape};
use crate::file;
use crate::index::Ranker;
use crate::TableError;
use rajapasu_engine::Rules;
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tables::{LayerValues, Tables};

/// How far a build has come.
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    /// Positions finished (solved or found already built), both sides to move counted once.
    pub done: u64,
    /// Positions of the whole build.
    pub total: u64,
    /// The first configuration (all holes open), so that `(config, layer)` changes once a
    /// layer, as it did when the layers were built one after the other.
    pub config: Config,
    /// The lowest layer not yet whole in every configuration (counters on the board): the
    /// pairs run at most a layer apart.
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
    // Sizes only: the ranker of the open holes counts a layer's boards, with none of the row
    // index's tables (which cost a thousand times more, and the budget asks for plans often).
    let rankers: Vec<(Config, Ranker)> = Config::all(rules.holes())
        .into_iter()
        .map(|c| (c, Ranker::new(Shape::new(*rules, c).open.len())))
        .collect();
    let mut v = Vec::new();
    for s in 0..=max_counters {
        for (c, ranker) in &rankers {
            if s <= ranker.max_layer() {
                v.push((*c, s, ranker.layer_size(s)));
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
    let t = Tables::new(rules);
    let pairs = pairs(rules.holes());
    let tops: Vec<u32> = pairs
        .iter()
        .map(|p| t.rows[p[0]].max_layer().min(max_counters))
        .collect();
    let build = Build {
        t: &t,
        dir,
        total,
        progress,
        done: AtomicU64::new(0),
        report: Mutex::new(Report::default()),
        writer: writer::Writer::start(dir.to_path_buf()),
        solved: pairs
            .iter()
            .map(|_| Mutex::new(vec![Vec::new(); t.configs.len()]))
            .collect(),
        gate: chains::Gate::new(tops),
        error: Mutex::new(None),
        pairs: &pairs,
    };
    rayon::in_place_scope(|scope| build.start_ready(scope, build.gate.start()));
    let Build {
        writer,
        report,
        error,
        ..
    } = build;
    let files = writer.finish();
    if let Some(e) = error.into_inner().unwrap_or_else(|e| e.into_inner()) {
        return Err(e);
    }
    let mut report = report.into_inner().unwrap_or_else(|e| e.into_inner());
    report.files = files?;
    report.time = start.elapsed();
    Ok(report)
}

/// A build under way, shared by the layers' tasks.
struct Build<'a> {
    t: &'a Tables,
    pairs: &'a [Vec<usize>],
    dir: &'a Path,
    total: u64,
    progress: &'a (dyn Fn(&Progress) + Sync),
    done: AtomicU64,
    report: Mutex<Report>,
    writer: writer::Writer,
    /// Each pair's solved layers by configuration (only its own configurations filled): what
    /// its next layers read. Only one task of a pair runs at a time.
    solved: Vec<Mutex<Vec<Vec<Option<LayerValues>>>>>,
    gate: chains::Gate,
    /// The first error; no layer starts after it.
    error: Mutex<Option<TableError>>,
}

impl<'a> Build<'a> {
    /// Starts a task for each `(pair, layer)`.
    fn start_ready<'s>(&'s self, scope: &rayon::Scope<'s>, ready: Vec<(usize, u32)>)
    where
        'a: 's,
    {
        for (p, s) in ready {
            scope.spawn(move |scope| {
                let failed = self.error.lock().map_or(true, |e| e.is_some());
                let result = if failed { Ok(()) } else { self.layer(p, s) };
                if let Err(e) = result {
                    let mut error = self.error.lock().unwrap_or_else(|e| e.into_inner());
                    error.get_or_insert(e);
                }
                self.start_ready(scope, self.gate.finished(p, s));
            });
        }
    }

    /// Layer `s` of pair `p`: found built, or solved and handed to the writer.
    fn layer(&self, p: usize, s: u32) -> Result<(), TableError> {
        let (t, pair) = (self.t, self.pairs[p].as_slice());
        let mut solved = self.solved[p].lock().unwrap_or_else(|e| e.into_inner());
        if s == 0 {
            for &c in pair {
                solved[c] = vec![None; t.rows[c].max_layer() as usize + 1];
            }
        }
        let tell = |d: u64| {
            let done = self.done.fetch_add(d, Ordering::Relaxed) + d;
            (self.progress)(&Progress {
                done,
                total: self.total,
                config: t.configs[0],
                layer: self.gate.whole_below(),
            })
        };
        let sizes: Vec<u64> = pair.iter().map(|&c| t.rows[c].layer_size(s)).collect();
        let found: Option<Vec<Vec<[i8; 2]>>> = pair
            .iter()
            .zip(&sizes)
            .map(|(&c, &n)| file::read_pairs(self.dir, &t.id(c, s), n))
            .collect();
        let layer = match found {
            Some(values) => {
                tell(sizes.iter().sum());
                PairLayer {
                    values,
                    ranks: None,
                }
            }
            None => solve_layer(t, &solved, pair, s, &tell)?,
        };
        let n: u64 = layer.values.iter().map(|v| v.len() as u64).sum();
        {
            let mut report = self.report.lock().unwrap_or_else(|e| e.into_inner());
            match &layer.ranks {
                None => report.reused += n,
                Some(_) => {
                    report.solved += n;
                    report.largest_layer = report.largest_layer.max(n);
                }
            }
        }
        let ranks = layer.ranks.map_or_else(
            || vec![None; pair.len()],
            |r| r.into_iter().map(Some).collect(),
        );
        for ((&c, values), ranks) in pair.iter().zip(layer.values).zip(ranks) {
            let values = Arc::new(values);
            if let Some(ranks) = ranks {
                if !self.writer.send(t.id(c, s), Arc::clone(&values), ranks) {
                    return Err(TableError::Io(
                        self.dir.display().to_string(),
                        "the table's writer stopped".into(),
                    ));
                }
            }
            solved[c][s as usize] = Some(values);
        }
        // A pair whose last layer is done is never read again.
        if s == self.gate.top(p) {
            solved.iter_mut().for_each(Vec::clear);
        }
        Ok(())
    }
}

/// Solves layer `s` of a configuration pair.
fn solve_layer(
    t: &Tables,
    solved: &[Vec<Option<LayerValues>>],
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
    let edges = generate::generate(t, solved, pair, s, &mut values, tell);
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
