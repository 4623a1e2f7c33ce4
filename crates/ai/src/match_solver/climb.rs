//! Walking a round graph up from its leaves, through the parents, without waiting on memory.
//!
//! An attractor of a graph of tens of millions of positions is a walk in which every step
//! reads three arrays at places no cache holds: where a node's parents start, the parents, and
//! each parent's count. Taken one after the other, each read waits for the last (the walk of
//! the canonical match's fixpoints spent nine tenths of its time so). So the walk goes wave by
//! wave, and while it works on one node it asks the processor for what the nodes a little
//! further along the wave will need, one array a stage, so that the reads overlap.

use super::prefetch::prefetch;

/// How far ahead in the wave each stage's memory is asked for: where the parents start, the
/// parents, and what `touch` names. Each stage waits for the one before it to arrive.
const STAGES: [usize; 3] = [24, 16, 8];

/// Walks up from `wave` (nodes already reached; a node is an index into the graph's arrays, as
/// `round_graph::Node`), where node `n`'s parents are `parents[first_parent[n]..first_parent[n
/// + 1]]`: for every parent of a node reached,
/// `join(state, parent)` says whether the parent is reached too, and the walk goes on from
/// those. `touch(state, parent)` gives the two addresses `join` will read for that parent, to
/// be fetched early. A node is reached at most once if `join` says yes to it only once.
pub(super) fn climb<S: ?Sized>(
    first_parent: &[u32],
    parents: &[u32],
    mut wave: Vec<u32>,
    state: &mut S,
    touch: impl Fn(&S, u32) -> [*const u8; 2],
    mut join: impl FnMut(&mut S, u32) -> bool,
) {
    let parents_of = |node: u32| {
        let n = node as usize;
        &parents[first_parent[n] as usize..first_parent[n + 1] as usize]
    };
    let mut next = Vec::new();
    while !wave.is_empty() {
        for (i, &node) in wave.iter().enumerate() {
            if let Some(&far) = wave.get(i + STAGES[0]) {
                prefetch(&first_parent[far as usize]);
            }
            if let Some(&near) = wave.get(i + STAGES[1]) {
                prefetch(parents_of(near).as_ptr());
            }
            if let Some(&close) = wave.get(i + STAGES[2]) {
                for &p in parents_of(close) {
                    for address in touch(state, p) {
                        prefetch(address);
                    }
                }
            }
            for &p in parents_of(node) {
                if join(state, p) {
                    next.push(p);
                }
            }
        }
        std::mem::swap(&mut wave, &mut next);
        next.clear();
    }
}
