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

use super::generate::NO_EXIT;
use crate::file::NO_RANK;

const UNSET: i8 = i8::MIN;
const X_NODE: u32 = 1 << 31;

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
    let words = n.div_ceil(64);
    let mut marks = vec![0u64; words];
    for &(f, t) in &edges {
        marks[f as usize >> 6] |= 1 << (f & 63);
        marks[t as usize >> 6] |= 1 << (t & 63);
    }
    let mut before = Vec::with_capacity(words + 1);
    let mut acc = 0u32;
    for w in &marks {
        before.push(acc);
        acc += w.count_ones();
    }
    let m = acc as usize;
    let local = |i: u32| -> u32 {
        let w = i as usize >> 6;
        before[w] + (marks[w] & ((1u64 << (i & 63)) - 1)).count_ones()
    };
    let mut global = Vec::with_capacity(m);
    for (w, &bits) in marks.iter().enumerate() {
        let mut b = bits;
        while b != 0 {
            global.push((w as u32) << 6 | b.trailing_zeros());
            b &= b - 1;
        }
    }
    for e in edges.iter_mut() {
        *e = (local(e.0), local(e.1));
    }
    // Successor counts and predecessors (compressed sparse rows).
    let mut degree = vec![0u8; m];
    let mut start = vec![0u32; m + 1];
    for &(f, t) in &edges {
        degree[f as usize] += 1;
        start[t as usize + 1] += 1;
    }
    for i in 0..m {
        start[i + 1] += start[i];
    }
    let mut preds = vec![0u32; edges.len()];
    let mut cursor = start[..m].to_vec();
    for &(f, t) in &edges {
        preds[cursor[t as usize] as usize] = f;
        cursor[t as usize] += 1;
    }
    drop((edges, cursor));
    let preds_of = |i: usize| &preds[start[i] as usize..start[i + 1] as usize];
    let exit = |i: usize| values[global[i] as usize];

    // Values in the terms of the side an endless line does not favour, who maximises: at a
    // "lower" node that side is to move (its value is the mover's lower value); at an "upper"
    // node the other side is (its value is minus the mover's upper value).
    let mut u_lo = vec![UNSET; m];
    let mut u_hi = vec![UNSET; m];
    let mut done_lo = vec![false; m];
    let mut done_hi = vec![false; m];
    let mut rank_lo = vec![0u32; m];
    // For an upper node: the largest rank among its settled successors.
    let mut most = vec![0u32; m];
    let mut left = degree.clone();
    let span = (2 * s + 1) as usize;
    let bucket = |v: i32| (v + s) as usize;
    let mut buckets: Vec<Vec<u32>> = vec![Vec::new(); span];
    for (i, &out) in left.iter().enumerate() {
        let e = exit(i);
        if e[0] != NO_EXIT {
            buckets[bucket(i32::from(e[0]))].push(i as u32);
        }
        if out == 0 {
            buckets[bucket(-i32::from(e[1]))].push(i as u32 | X_NODE);
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
                let rank_hi = if degree[i] == 0 { 0 } else { most[i] + 1 };
                // A lower node whose successor is settled at v is settled at v: nothing left
                // to settle is worth more.
                for &p in preds_of(i) {
                    let p = p as usize;
                    if u_lo[p] == UNSET {
                        u_lo[p] = v as i8;
                        rank_lo[p] = if i32::from(exit(p)[0]) == v {
                            0
                        } else {
                            rank_hi + 1
                        };
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
                    rank_lo[i] = 0;
                }
                // An upper node is settled when its last successor is, at the least of them.
                for &p in preds_of(i) {
                    let p = p as usize;
                    left[p] -= 1;
                    most[p] = most[p].max(rank_lo[i]);
                    if left[p] == 0 && !done_hi[p] {
                        let e = exit(p)[1];
                        let at = if e == NO_EXIT {
                            v
                        } else {
                            v.min(-i32::from(e))
                        };
                        buckets[bucket(at)].push(p as u32 | X_NODE);
                    }
                }
            }
        }
    }
    for i in 0..m {
        let g = global[i] as usize;
        let lo = if u_lo[i] == UNSET { -s as i8 } else { u_lo[i] };
        let hi = if u_hi[i] == UNSET { s as i8 } else { -u_hi[i] };
        values[g] = [lo, hi];
        ranks[g] = if u_lo[i] == UNSET {
            NO_RANK
        } else if rank_lo[i] < u32::from(NO_RANK) {
            rank_lo[i] as u16
        } else {
            return Err(g);
        };
    }
    Ok(ranks)
}
