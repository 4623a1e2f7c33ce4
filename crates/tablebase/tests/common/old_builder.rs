//! The builder as it was before the row index, the layer-major order and the ranks: generation
//! by unranking every position into a 7-slot successor array, and a bucket queue over the
//! whole layer. Kept as the reference the new builder must equal, value for value.

use rajapasu_engine::{Rules, Side};
use rajapasu_tablebase::config::{mirrored_counts, Config, Shape};
use rajapasu_tablebase::index::Ranker;
use rayon::prelude::*;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU32, Ordering};

const MAX_MOVES: usize = 7;
const NO_EDGE: u32 = u32::MAX;
const NO_EXIT: i8 = i8::MIN;
const UNSET: i8 = i8::MIN;
const X_NODE: u32 = 1 << 31;
const CHUNK: usize = 1 << 14;

/// Every layer up to `max_counters` of the table rule set `rules`: `(lower, upper)` by
/// configuration and layer, solved pair by pair as the old builder did.
pub fn old_build(rules: &Rules, max_counters: u32) -> HashMap<(Config, u32), (Vec<i8>, Vec<i8>)> {
    let all = Config::all(rules.holes());
    let (open, closed) = all.split_at(1);
    let pairs: Vec<Vec<Config>> = std::iter::once(open.to_vec())
        .chain(closed.chunks(2).map(<[Config]>::to_vec))
        .collect();
    let mut out = HashMap::new();
    for pair in pairs {
        let shapes: Vec<Shape> = pair.iter().map(|&c| Shape::new(*rules, c)).collect();
        let rankers: Vec<Ranker> = shapes.iter().map(|s| Ranker::new(s.open.len())).collect();
        let mut built = PairValues {
            layers: vec![Vec::new(); shapes.len()],
        };
        let top = rankers.iter().map(Ranker::max_layer).max().unwrap_or(0);
        for s in 0..=max_counters.min(top) {
            let values = solve_layer(&shapes, &rankers, &built, s, &|_| {});
            for (j, v) in values.into_iter().enumerate() {
                out.insert((pair[j], s), v.clone());
                built.layers[j].push(v);
            }
        }
    }
    out
}

/// The solved layers of a configuration pair: `layers[shape][s] = (lower, upper)`.
struct PairValues {
    layers: Vec<Vec<(Vec<i8>, Vec<i8>)>>,
}

/// The moves of every position of a layer: in-layer successors and the best exits.
struct Graph {
    succ: Vec<u32>,
    /// Best value for the mover of a capturing move (or the end of the round) in the game
    /// where endless lines go to the opponent, and in the one where they go to the mover.
    exit_lo: Vec<i8>,
    exit_hi: Vec<i8>,
}

fn solve_layer(
    shapes: &[Shape],
    rankers: &[Ranker],
    built: &PairValues,
    s: u32,
    tell: &(dyn Fn(u64) + Sync),
) -> Vec<(Vec<i8>, Vec<i8>)> {
    let sizes: Vec<usize> = rankers.iter().map(|r| r.layer_size(s) as usize).collect();
    let offsets: Vec<usize> = sizes
        .iter()
        .scan(0, |acc, &n| {
            let o = *acc;
            *acc += n;
            Some(o)
        })
        .collect();
    let total: usize = sizes.iter().sum();
    let graph = generate(shapes, rankers, built, s, &sizes, &offsets, tell);
    let (lo, hi) = retrograde(&graph, total, s as i32);
    (0..shapes.len())
        .map(|j| {
            let r = offsets[j]..offsets[j] + sizes[j];
            (lo[r.clone()].to_vec(), hi[r].to_vec())
        })
        .collect()
}

/// Every position's moves, in parallel.
fn generate(
    shapes: &[Shape],
    rankers: &[Ranker],
    built: &PairValues,
    s: u32,
    sizes: &[usize],
    offsets: &[usize],
    tell: &(dyn Fn(u64) + Sync),
) -> Graph {
    let total: usize = sizes.iter().sum();
    let mut succ = vec![NO_EDGE; total * MAX_MOVES];
    let mut exit_lo = vec![NO_EXIT; total];
    let mut exit_hi = vec![NO_EXIT; total];
    let n_shapes = shapes.len();
    succ.par_chunks_mut(CHUNK * MAX_MOVES)
        .zip(exit_lo.par_chunks_mut(CHUNK))
        .zip(exit_hi.par_chunks_mut(CHUNK))
        .enumerate()
        .for_each(|(chunk, ((succ, exit_lo), exit_hi))| {
            let mut digits = [0u8; 14];
            let mut mirrored = [0u8; 14];
            let first = chunk * CHUNK;
            for k in 0..exit_lo.len() {
                let id = first + k;
                let j = (0..n_shapes)
                    .rev()
                    .find(|&j| id >= offsets[j])
                    .expect("a shape");
                let shape = &shapes[j];
                let open = shape.open.len();
                rankers[j].unrank_into(s, (id - offsets[j]) as u64, &mut digits[..open]);
                let pos = shape.position(&digits[..open]);
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    // Rule 8(a): the opponent takes what is left, in both games.
                    exit_lo[k] = -(s as i8);
                    exit_hi[k] = -(s as i8);
                    continue;
                }
                // The result of a move has North to move: stored as its mirror, in the other
                // shape of the pair.
                let jm = (j + 1) % n_shapes;
                let mirror = &shapes[jm];
                let mopen = mirror.open.len();
                for (slot, &m) in moves.iter().enumerate() {
                    let mut child = pos;
                    child.play(m);
                    let gain = child.lead(Side::South) - pos.lead(Side::South);
                    let counts = child.counts();
                    let len = counts.len();
                    mirrored_counts(counts, &mut mirrored[..len]);
                    mirror.digits_into(&mirrored[..len], &mut digits[..mopen]);
                    let cs = child.on_board();
                    let r = rankers[jm].rank(&digits[..mopen]) as usize;
                    if cs == s {
                        succ[k * MAX_MOVES + slot] = (offsets[jm] + r) as u32;
                    } else {
                        let (lo, hi) = &built.layers[jm][cs as usize];
                        let e_lo = (gain - i32::from(hi[r])) as i8;
                        let e_hi = (gain - i32::from(lo[r])) as i8;
                        exit_lo[k] = exit_lo[k].max(e_lo);
                        exit_hi[k] = exit_hi[k].max(e_hi);
                    }
                }
            }
            tell(exit_lo.len() as u64);
        });
    Graph {
        succ,
        exit_lo,
        exit_hi,
    }
}

/// The two values of every position of the layer from its graph (module docs).
fn retrograde(g: &Graph, n: usize, s: i32) -> (Vec<i8>, Vec<i8>) {
    // Predecessors, as a compressed sparse row built in parallel.
    let indegree: Vec<AtomicU32> = (0..n).map(|_| AtomicU32::new(0)).collect();
    g.succ.par_iter().for_each(|&t| {
        if t != NO_EDGE {
            indegree[t as usize].fetch_add(1, Ordering::Relaxed);
        }
    });
    let mut start = Vec::with_capacity(n + 1);
    let mut acc = 0u32;
    for d in &indegree {
        start.push(acc);
        acc += d.load(Ordering::Relaxed);
    }
    start.push(acc);
    let cursor: Vec<AtomicU32> = start[..n].iter().map(|&x| AtomicU32::new(x)).collect();
    let preds: Vec<AtomicU32> = (0..acc).map(|_| AtomicU32::new(0)).collect();
    g.succ
        .par_chunks(MAX_MOVES)
        .enumerate()
        .for_each(|(i, out)| {
            for &t in out {
                if t != NO_EDGE {
                    let at = cursor[t as usize].fetch_add(1, Ordering::Relaxed);
                    preds[at as usize].store(i as u32, Ordering::Relaxed);
                }
            }
        });
    drop(cursor);
    let preds: Vec<u32> = preds.into_iter().map(AtomicU32::into_inner).collect();
    let preds_of = |i: usize| &preds[start[i] as usize..start[i + 1] as usize];

    // Values in the terms of the side an endless line does not favour, who maximises: at a
    // "lower" node that side is to move (its value is the mover's lower value); at an "upper"
    // node the other side is (its value is minus the mover's upper value).
    let mut u_lo = vec![UNSET; n];
    let mut u_hi = vec![UNSET; n];
    let mut done_lo = vec![false; n];
    let mut done_hi = vec![false; n];
    let mut left: Vec<u8> = g
        .succ
        .chunks(MAX_MOVES)
        .map(|out| out.iter().filter(|&&t| t != NO_EDGE).count() as u8)
        .collect();
    let span = (2 * s + 1) as usize;
    let bucket = |v: i32| (v + s) as usize;
    let mut buckets: Vec<Vec<u32>> = vec![Vec::new(); span];
    for i in 0..n {
        if g.exit_lo[i] != NO_EXIT {
            buckets[bucket(i32::from(g.exit_lo[i]))].push(i as u32);
        }
        if left[i] == 0 {
            buckets[bucket(-i32::from(g.exit_hi[i]))].push(i as u32 | X_NODE);
        }
    }
    for v in (1 - s..=s).rev() {
        let b = bucket(v);
        while let Some(x) = buckets[b].pop() {
            let i = (x & !X_NODE) as usize;
            if x & X_NODE != 0 {
                if done_hi[i] {
                    continue;
                }
                done_hi[i] = true;
                u_hi[i] = v as i8;
                // A lower node whose successor is settled at v is settled at v: nothing left
                // to settle is worth more.
                for &p in preds_of(i) {
                    let p = p as usize;
                    if u_lo[p] == UNSET {
                        u_lo[p] = v as i8;
                        buckets[b].push(p as u32);
                    }
                }
            } else {
                if done_lo[i] {
                    continue;
                }
                done_lo[i] = true;
                if u_lo[i] == UNSET {
                    u_lo[i] = v as i8;
                }
                // An upper node is settled when its last successor is, at the least of them.
                for &p in preds_of(i) {
                    let p = p as usize;
                    left[p] -= 1;
                    if left[p] == 0 && !done_hi[p] {
                        let at = if g.exit_hi[p] == NO_EXIT {
                            v
                        } else {
                            v.min(-i32::from(g.exit_hi[p]))
                        };
                        buckets[bucket(at)].push(p as u32 | X_NODE);
                    }
                }
            }
        }
    }
    let lo: Vec<i8> = u_lo
        .iter()
        .map(|&u| if u == UNSET { -s as i8 } else { u })
        .collect();
    let hi: Vec<i8> = u_hi
        .iter()
        .map(|&u| if u == UNSET { s as i8 } else { -u })
        .collect();
    (lo, hi)
}
