//! The numbers given to positions while a round graph is built: a hash table from a position's
//! key to its node, which can be asked to fetch a key's place ahead of the lookup.
//!
//! A build looks up every move's position, tens of millions of times, each at a random place
//! in a table of a gigabyte; a general map hides where that place is, so each lookup waits for
//! memory. Here the place is known from the key's hash alone, so the build asks for it while it
//! works out the positions of other moves (`RoundGraph::build`).

use super::prefetch::prefetch;
use std::hash::{Hash, Hasher};

/// A slot with no key.
const EMPTY: u32 = u32::MAX;

/// Keys and their nodes (indices into the graph's arrays, as `round_graph::Node`), by open
/// addressing with linear probing, kept at most three quarters
/// full.
pub(super) struct NodeTable<K> {
    /// (key, node); node [`EMPTY`] for a free slot.
    slots: Vec<(K, u32)>,
    len: usize,
}

impl<K: Copy + Default + Eq + Hash> NodeTable<K> {
    /// An empty table.
    pub(super) fn new() -> NodeTable<K> {
        NodeTable {
            slots: vec![(K::default(), EMPTY); 1 << 12],
            len: 0,
        }
    }

    /// The hash of `key`, which says where it lives.
    pub(super) fn hash(key: &K) -> u64 {
        let mut h = KeyHasher::default();
        key.hash(&mut h);
        h.finish()
    }

    fn home(&self, hash: u64) -> usize {
        hash as usize & (self.slots.len() - 1)
    }

    /// Asks for the memory where the key of `hash` lives, to be looked up soon.
    pub(super) fn fetch(&self, hash: u64) {
        prefetch(&self.slots[self.home(hash)]);
    }

    /// The node of `key` (whose hash is `hash`); if it has none, `fresh()` becomes its node.
    pub(super) fn node(&mut self, key: K, hash: u64, fresh: impl FnOnce() -> u32) -> u32 {
        if 4 * (self.len + 1) > 3 * self.slots.len() {
            self.double();
        }
        let mask = self.slots.len() - 1;
        let mut i = self.home(hash);
        loop {
            let (k, node) = self.slots[i];
            if node == EMPTY {
                let node = fresh();
                debug_assert_ne!(node, EMPTY, "a node number below the free mark");
                self.slots[i] = (key, node);
                self.len += 1;
                return node;
            }
            if k == key {
                return node;
            }
            i = (i + 1) & mask;
        }
    }

    /// Twice the slots, every key moved to its new place.
    fn double(&mut self) {
        let doubled = vec![(K::default(), EMPTY); 2 * self.slots.len()];
        let old = std::mem::replace(&mut self.slots, doubled);
        let mask = self.slots.len() - 1;
        for (key, node) in old.into_iter().filter(|&(_, node)| node != EMPTY) {
            let mut i = self.home(Self::hash(&key));
            while self.slots[i].1 != EMPTY {
                i = (i + 1) & mask;
            }
            self.slots[i] = (key, node);
        }
    }
}

/// A fast hash for the graph's keys: a multiply-rotate over their bytes, eight at a time.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        // The product's high bits are the well mixed ones; the table picks slots by the low.
        self.0.rotate_left(32)
    }

    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }

    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(26) ^ x).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_keeps_its_node_through_the_doublings() {
        let mut table = NodeTable::<u64>::new();
        let mut next = 0;
        // Keys that share low bits, so that they collide and probe, and enough to double often.
        let keys: Vec<u64> = (0..50_000u64).map(|i| i << 20 | 7).collect();
        for &k in &keys {
            let hash = NodeTable::hash(&k);
            let node = table.node(k, hash, || {
                next += 1;
                next - 1
            });
            assert_eq!(node, next - 1, "a new key gets the fresh node");
        }
        for (i, &k) in keys.iter().enumerate() {
            let node = table.node(k, NodeTable::hash(&k), || panic!("{k} was entered"));
            assert_eq!(node as usize, i);
        }
        assert_eq!(table.len, keys.len());
    }
}
