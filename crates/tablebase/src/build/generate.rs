//! Every position's moves in a layer of a configuration pair, read in index order: the best
//! exit of each game (the lower layers give the values after a capture), and the moves that
//! stay in the layer, as edges for the retrograde pass.
//!
//! The positions are enumerated from the row index's lists (South's rows in order, then for
//! each the North rows that complete the layer), so nothing is unranked, and a child's index
//! is read from its two row codes ([`RowIndex::rank`]).

use super::tables::{LayerValues, Tables};
use crate::index::{code_sum, RowIndex};
use rajapasu_engine::Side;
use rayon::prelude::*;

/// No capturing move (yet): the value of an exit that does not exist.
pub(super) const NO_EXIT: i8 = i8::MIN;
/// Positions a parallel task generates, about.
const CHUNK: u64 = 1 << 14;

/// Fills `values` (the pair's layer, configurations one after the other, each in index order)
/// with each position's best exits `[in the lower game, in the upper game]` (`NO_EXIT` where
/// every move stays in the layer; `-s` for both with no move), and returns the in-layer moves
/// as `(from, to)`, sorted by `from`.
pub(super) fn generate(
    t: &Tables,
    solved: &[Vec<Option<LayerValues>>],
    pair: &[usize],
    s: u32,
    values: &mut [[i8; 2]],
    tell: &(dyn Fn(u64) + Sync),
) -> Vec<(u32, u32)> {
    // Where each configuration's positions start in the pair's layer.
    let offsets: Vec<u32> = pair
        .iter()
        .scan(0u64, |acc, &c| {
            let o = *acc;
            *acc += t.rows[c].layer_size(s);
            Some(o as u32)
        })
        .collect();
    let mut tasks = Vec::new();
    let mut rest = values;
    for (j, &c) in pair.iter().enumerate() {
        let rows = &t.rows[c];
        // Runs of South rows of about CHUNK positions: each a contiguous range of indices.
        let south = rows.south_codes();
        let (mut from, mut count) = (0, 0u64);
        let mut first = 0u64;
        for (i, &a) in south.iter().enumerate() {
            count += north_for(rows, a as usize, s).len() as u64;
            if count >= CHUNK || i + 1 == south.len() {
                let (mine, later) = rest.split_at_mut(count as usize);
                tasks.push(Task {
                    config: j,
                    south: from..i + 1,
                    first: offsets[j] + first as u32,
                    values: mine,
                });
                rest = later;
                first += count;
                from = i + 1;
                count = 0;
            }
        }
    }
    let edges: Vec<Vec<(u32, u32)>> = tasks
        .into_par_iter()
        .map(|task| {
            let n = task.values.len() as u64;
            let edges = task.run(t, solved, pair, &offsets, s);
            tell(n);
            edges
        })
        .collect();
    edges.concat()
}

/// The North rows that complete South row `a` in layer `s`.
fn north_for(rows: &RowIndex, a: usize, s: u32) -> &[u16] {
    match s.checked_sub(code_sum(a)) {
        Some(rest) => rows.north_codes(rest),
        None => &[],
    }
}

/// A run of South rows of one configuration of the pair and its values' slice.
struct Task<'a> {
    /// The configuration's place in the pair.
    config: usize,
    south: std::ops::Range<usize>,
    /// The pair index of the first position.
    first: u32,
    values: &'a mut [[i8; 2]],
}

/// Moves whose results wait in [`Pending`] before their values are read: enough that the
/// memory reads of one batch overlap (a lower layer is read at random, and the whole table's
/// lower layers are far larger than the caches).
const BATCH: usize = 256;

/// A move's result, stored as its mirror: row codes, counters, and what the move gained.
#[derive(Clone, Copy)]
struct Child {
    /// The position the move was played from, within the task.
    from: u32,
    /// The mirror's South and North row codes (the result's North and South rows).
    south: u16,
    north: u16,
    /// Counters on the result's board: its layer.
    layer: u8,
    /// What the move captured, for the player who made it.
    gain: i8,
    /// The result's index in its layer, once ranked.
    at: u32,
}

/// The results of a batch of moves, read in three passes so that each pass's memory reads are
/// in flight together: the rank tables are prefetched as the moves are played, the lower
/// layers' values as the results are ranked, and the values are read last.
struct Pending {
    children: Vec<Child>,
}

impl Task<'_> {
    /// Generates the task's positions; returns the in-layer moves, sorted by their origin.
    ///
    /// Out of line so that profiles show the generation apart from the rest of the build.
    #[inline(never)]
    fn run(
        self,
        t: &Tables,
        solved: &[Vec<Option<LayerValues>>],
        pair: &[usize],
        offsets: &[u32],
        s: u32,
    ) -> Vec<(u32, u32)> {
        let c = pair[self.config];
        let rows = &t.rows[c];
        let n = t.holes;
        let template = &t.shapes[c].template;
        // A move's result has North to move: it is stored as its mirror, in the mirror's
        // configuration, which is the pair's other one (or the same, all open).
        let m = t.mirror[c];
        let jm = pair
            .iter()
            .position(|&x| x == m)
            .expect("the pair holds the mirror");
        let mrows = &t.rows[m];
        let moff = offsets[jm];
        let lower: Vec<&[[i8; 2]]> = (0..s as usize)
            .map(|l| solved[m][l].as_deref().map_or(&[][..], Vec::as_slice))
            .collect();
        let mut edges = Vec::new();
        let mut pending = Pending {
            children: Vec::with_capacity(BATCH + 2 * MAX_MOVES),
        };
        let flush = |pending: &mut Pending, values: &mut [[i8; 2]], edges: &mut Vec<(u32, u32)>| {
            pending.flush(mrows, &lower, s, values, |from, to| {
                edges.push((self.first + from, moff + to));
            });
        };
        let mut counts = [0u8; 14];
        let mut k = 0u32;
        for &a in &rows.south_codes()[self.south.clone()] {
            for (i, c) in counts[..n].iter_mut().enumerate() {
                *c = ((a >> (2 * i)) & 3) as u8;
            }
            for &b in north_for(rows, a as usize, s) {
                for (i, c) in counts[n..2 * n].iter_mut().enumerate() {
                    *c = ((b >> (2 * i)) & 3) as u8;
                }
                let pos = template
                    .with_board(&counts[..2 * n], Side::South)
                    .expect("a table board is a valid position");
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    // Rule 8(a): the opponent takes what is left, in both games.
                    self.values[k as usize] = [-(s as i8), -(s as i8)];
                } else {
                    let here = pos.lead(Side::South);
                    for &mv in moves.iter() {
                        let mut child = pos;
                        child.play(mv);
                        let (south, north) = row_codes(child.counts(), n);
                        let layer = code_sum(south) + code_sum(north);
                        // The mirror's South row is the child's North row.
                        prefetch(mrows.rank_entry(north, layer));
                        pending.children.push(Child {
                            from: k,
                            south: north as u16,
                            north: south as u16,
                            layer: layer as u8,
                            gain: (child.lead(Side::South) - here) as i8,
                            at: 0,
                        });
                    }
                    if pending.children.len() >= BATCH {
                        flush(&mut pending, self.values, &mut edges);
                    }
                }
                k += 1;
            }
        }
        flush(&mut pending, self.values, &mut edges);
        debug_assert_eq!(k as usize, self.values.len());
        edges
    }
}

/// The most moves a position has: one a hole of the mover's row.
const MAX_MOVES: usize = 7;

impl Pending {
    /// Ranks the waiting results, hands each in-layer move to `edge` (in order of origin) and
    /// takes each exit's value into its origin's best exits in `values`.
    #[inline(always)]
    fn flush(
        &mut self,
        mrows: &RowIndex,
        lower: &[&[[i8; 2]]],
        s: u32,
        values: &mut [[i8; 2]],
        mut edge: impl FnMut(u32, u32),
    ) {
        for c in self.children.iter_mut() {
            c.at = mrows.rank(
                usize::from(c.south),
                usize::from(c.north),
                u32::from(c.layer),
            );
            if u32::from(c.layer) == s {
                edge(c.from, c.at);
            } else {
                prefetch(&lower[usize::from(c.layer)][c.at as usize]);
            }
        }
        for c in &self.children {
            if u32::from(c.layer) != s {
                let after = lower[usize::from(c.layer)][c.at as usize];
                let gain = i32::from(c.gain);
                let out = &mut values[c.from as usize];
                out[0] = out[0].max((gain - i32::from(after[1])) as i8);
                out[1] = out[1].max((gain - i32::from(after[0])) as i8);
            }
        }
        self.children.clear();
    }
}

/// Asks the processor to bring `item` into the cache, without waiting for it.
#[inline(always)]
pub(super) fn prefetch<T>(item: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch is only a hint: it reads nothing and cannot fault, and `item` is a
    // valid reference besides.
    unsafe {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        _mm_prefetch::<_MM_HINT_T0>((item as *const T).cast::<i8>());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = item;
}

/// The codes of a board's two rows of `n` holes ([`crate::index::row_code`]), each hole
/// 0..=3: the low two bits of each byte gathered with shifts.
#[inline]
fn row_codes(counts: &[u8], n: usize) -> (usize, usize) {
    debug_assert!(counts.iter().all(|&c| c <= 3), "{counts:?}");
    let mut buf = [0u8; 16];
    buf[..2 * n].copy_from_slice(&counts[..2 * n]);
    let mask = (1u64 << (8 * n)) - 1;
    let south = u64::from_le_bytes(buf[..8].try_into().expect("8 bytes")) & mask;
    let north = u64::from_le_bytes(buf[n..n + 8].try_into().expect("8 bytes")) & mask;
    (gather(south), gather(north))
}

/// Byte `k`'s value (0..=3) at bits `2k`.
#[inline]
fn gather(mut x: u64) -> usize {
    x = (x | x >> 6) & 0x000f_000f_000f_000f;
    x = (x | x >> 12) & 0x0000_00ff_0000_00ff;
    x = (x | x >> 24) & 0xffff;
    x as usize
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::index::row_code;

    #[test]
    fn row_codes_gather_each_hole() {
        for n in 1..=7 {
            let counts: Vec<u8> = (0..2 * n).map(|i| ((i * 7 + 3) % 4) as u8).collect();
            assert_eq!(
                row_codes(&counts, n),
                (row_code(&counts[..n]), row_code(&counts[n..]))
            );
        }
    }
}
