//! The table of proven bounds, by position.

use super::key::Key;
use rajapasu_engine::rng::GOLDEN;

#[derive(Clone, Copy)]
pub(super) struct Entry {
    pub(super) key: Key,
    pub(super) lower: i8,
    pub(super) upper: i8,
    pub(super) best: u8,
    pub(super) used: bool,
}

const EMPTY: Entry = Entry {
    key: [0, 0],
    lower: 0,
    upper: 0,
    best: 0,
    used: false,
};

/// Proven bounds by position, with the move that proved the last one (for move ordering).
pub(super) struct ProofTable {
    pub(super) entries: Vec<Entry>,
    mask: usize,
}

impl ProofTable {
    pub(super) fn entries_for(bits: u32) -> usize {
        1usize << bits.clamp(4, 28)
    }

    pub(super) fn new(bits: u32) -> ProofTable {
        let n = ProofTable::entries_for(bits);
        ProofTable {
            entries: vec![EMPTY; n],
            mask: n - 1,
        }
    }

    fn slot(&self, key: &Key) -> usize {
        (key[0] ^ key[1].rotate_left(29)).wrapping_mul(GOLDEN) as usize >> 8 & self.mask
    }

    pub(super) fn get(&self, key: &Key) -> Option<Entry> {
        let e = self.entries[self.slot(key)];
        (e.used && e.key == *key).then_some(e)
    }

    /// Narrows the stored bounds of `key` to `lower..=upper` (keeping what was proven before).
    pub(super) fn narrow(&mut self, key: Key, t: i32, lower: i32, upper: i32, best: u8) {
        let slot = self.slot(&key);
        let e = &mut self.entries[slot];
        if !(e.used && e.key == key) {
            *e = Entry {
                key,
                lower: -t as i8,
                upper: t as i8,
                best,
                used: true,
            };
        }
        e.lower = e.lower.max(lower as i8);
        e.upper = e.upper.min(upper as i8);
        e.best = best;
    }

    pub(super) fn clear(&mut self) {
        self.entries.fill(EMPTY);
    }
}
