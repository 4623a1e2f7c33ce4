//! The values and ranks of a layer of a configuration pair from its exits and in-layer moves
//! (the module docs of [`super`] say what is computed).
//!
//! Only the positions that a move within the layer leaves or reaches take part: the others'
//! values are their exits already. In the big layers almost every move captures, so that is a
//! small part of the layer; the pass numbers those positions densely (a bit set with counts
//! of the bits before each word) and runs the bucket queue over them alone.
//!
//! Ranks: a lower value reached by an exit has rank 0; one reached through a position of the
//! other side has rank one more than that position's, which is one more than the largest rank
//! among its successors (0 with none). The verifier recomputes the second from the stored
//! ranks ([`crate::verify`]).

use super::generate::{prefetch, NO_EXIT};
use crate::file::NO_RANK;

const UNSET: i8 = i8::MIN;
const X_NODE: u32 = 1 << 31;
const DONE_LO: u8 = 1;
const DONE_HI: u8 = 2;

/// Everything the pass keeps of a position that takes part, in one 16-byte record: the pass
/// visits positions in no order the memory likes, so a visit costs one cache line, not one
/// for each of a dozen arrays.
#[derive(Clone, Copy)]
#[repr(C, align(16))]
struct Node {
    /// The best exits `[lower, upper]` ([`NO_EXIT`]: none).
    exit: [i8; 2],
    /// Its value in the lower game, for the side that must reach an exit ([`UNSET`]: not yet).
    lo: i8,
    /// Minus its value in the upper game ([`UNSET`]: not yet).
    hi: i8,
    /// [`DONE_LO`] and [`DONE_HI`]: settled in each game.
    done: u8,
    /// In-layer moves.
    degree: u8,
    /// In-layer moves whose results are not yet settled in the lower game.
    left: u8,
    /// The rank of its lower value (saturating: [`NO_RANK`] and above do not fit a file).
    rank_lo: u16,
    /// The largest lower rank among its settled successors.
    most: u16,
    /// Where its predecessors start in the predecessor list (they end where the next
    /// position's start).
    preds: u32,
}

impl Node {
    const EMPTY: Node = Node {
        exit: [NO_EXIT; 2],
        lo: UNSET,
        hi: UNSET,
        done: 0,
        degree: 0,
        left: 0,
        rank_lo: 0,
        most: 0,
        preds: 0,
    };
}

/// A word of the bit set of the positions that take part, with the count of those before it.
#[derive(Clone, Copy)]
struct Word {
    bits: u64,
    before: u32,
}

/// Turns the exits in `values` into the two values of every position and returns their ranks.
/// `edges` are the in-layer moves `(from, to)`. Fails with the position whose rank would not
/// fit in a ranks file.
///
/// Out of line so that profiles show the pass apart from the rest of the build.
#[inline(never)]
pub(super) fn solve(
    values: &mut [[i8; 2]],
    mut edges: Vec<(u32, u32)>,
    s: u32,
) -> Result<Vec<u16>, usize> {
    let n = values.len();
    let s = s as i32;
    // Positions no in-layer move touches: their exits are their values.
    let mut ranks: Vec<u16> = values
        .iter()
        .map(|v| if i32::from(v[0]) > -s { 0 } else { NO_RANK })
        .collect();
    if edges.is_empty() {
        return Ok(ranks);
    }
    // The positions that take part, numbered densely.
    let mut words = vec![Word { bits: 0, before: 0 }; n.div_ceil(64)];
    for &(f, t) in &edges {
        words[f as usize >> 6].bits |= 1 << (f & 63);
        words[t as usize >> 6].bits |= 1 << (t & 63);
    }
    let mut acc = 0u32;
    for w in words.iter_mut() {
        w.before = acc;
        acc += w.bits.count_ones();
    }
    let m = acc as usize;
    let local = |i: u32| -> u32 {
        let w = words[i as usize >> 6];
        w.before + (w.bits & ((1u64 << (i & 63)) - 1)).count_ones()
    };
    let mut global = Vec::with_capacity(m);
    for (w, word) in words.iter().enumerate() {
        let mut b = word.bits;
        while b != 0 {
            global.push((w as u32) << 6 | b.trailing_zeros());
            b &= b - 1;
        }
    }
    for e in edges.iter_mut() {
        *e = (local(e.0), local(e.1));
    }
    drop(words);
    // The positions' records, with one more whose `preds` ends the last one's list, and the
    // predecessors (compressed sparse rows).
    let mut nodes = vec![Node::EMPTY; m + 1];
    for (node, &g) in nodes.iter_mut().zip(&global) {
        node.exit = values[g as usize];
    }
    for chunk in edges.chunks(32) {
        for &(_, t) in chunk {
            prefetch(&nodes[t as usize + 1]);
        }
        for &(f, t) in chunk {
            nodes[f as usize].degree += 1;
            nodes[t as usize + 1].preds += 1;
        }
    }
    for i in 0..m {
        nodes[i + 1].preds += nodes[i].preds;
        nodes[i].left = nodes[i].degree;
    }
    let mut preds = vec![0u32; edges.len()];
    let mut cursor: Vec<u32> = nodes[..m].iter().map(|x| x.preds).collect();
    for chunk in edges.chunks(32) {
        for &(_, t) in chunk {
            prefetch(&cursor[t as usize]);
        }
        for &(f, t) in chunk {
            preds[cursor[t as usize] as usize] = f;
            cursor[t as usize] += 1;
        }
    }
    drop((edges, cursor));

    // Values in the terms of the side an endless line does not favour, who maximises: at a
    // "lower" node that side is to move (its value is the mover's lower value); at an "upper"
    // node the other side is (its value is minus the mover's upper value).
    let span = (2 * s + 1) as usize;
    let bucket = |v: i32| (v + s) as usize;
    let mut buckets: Vec<Vec<u32>> = vec![Vec::new(); span];
    for (i, node) in nodes[..m].iter().enumerate() {
        if node.exit[0] != NO_EXIT {
            buckets[bucket(i32::from(node.exit[0]))].push(i as u32);
        }
        if node.degree == 0 {
            buckets[bucket(-i32::from(node.exit[1]))].push(i as u32 | X_NODE);
        }
    }
    for v in (1 - s..=s).rev() {
        let b = bucket(v);
        while let Some(x) = buckets[b].pop() {
            let i = (x & !X_NODE) as usize;
            if let Some(&y) = buckets[b].last() {
                prefetch(&nodes[(y & !X_NODE) as usize]);
            }
            let list = nodes[i].preds as usize..nodes[i + 1].preds as usize;
            // The predecessors are anywhere in the layer: their records asked for together.
            for &p in &preds[list.clone()] {
                prefetch(&nodes[p as usize]);
            }
            let node = &mut nodes[i];
            if x & X_NODE != 0 {
                if node.done & DONE_HI != 0 {
                    continue;
                }
                node.done |= DONE_HI;
                node.hi = v as i8;
                let rank_hi = if node.degree == 0 {
                    0
                } else {
                    node.most.saturating_add(1)
                };
                // A lower node whose successor is settled at v is settled at v: nothing left
                // to settle is worth more.
                for &p in &preds[list] {
                    let pred = &mut nodes[p as usize];
                    if pred.lo == UNSET {
                        pred.lo = v as i8;
                        pred.rank_lo = if i32::from(pred.exit[0]) == v {
                            0
                        } else {
                            rank_hi.saturating_add(1)
                        };
                        buckets[b].push(p);
                    }
                }
            } else {
                if node.done & DONE_LO != 0 {
                    continue;
                }
                node.done |= DONE_LO;
                if node.lo == UNSET {
                    node.lo = v as i8;
                    node.rank_lo = 0;
                }
                let rank = node.rank_lo;
                // An upper node is settled when its last successor is, at the least of them.
                for &p in &preds[list] {
                    let pred = &mut nodes[p as usize];
                    pred.left -= 1;
                    pred.most = pred.most.max(rank);
                    if pred.left == 0 && pred.done & DONE_HI == 0 {
                        let e = pred.exit[1];
                        let at = if e == NO_EXIT {
                            v
                        } else {
                            v.min(-i32::from(e))
                        };
                        buckets[bucket(at)].push(p | X_NODE);
                    }
                }
            }
        }
    }
    for (node, &g) in nodes.iter().zip(&global) {
        let g = g as usize;
        let lo = if node.lo == UNSET { -s as i8 } else { node.lo };
        let hi = if node.hi == UNSET { s as i8 } else { -node.hi };
        values[g] = [lo, hi];
        ranks[g] = if node.lo == UNSET {
            NO_RANK
        } else if node.rank_lo < NO_RANK {
            node.rank_lo
        } else {
            return Err(g);
        };
    }
    Ok(ranks)
}
