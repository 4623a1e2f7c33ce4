//! The transposition table of the Mandiri searches: one slot per key's low bits, always
//! replaced, keyed by the exact key of [`crate::mandiri::eval::key`].

use rajapasu_engine::Hole;

/// What an entry's value is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    Exact,
    /// The value is at least this (a cut-off above beta).
    Lower,
    /// The value is at most this (no move reached alpha).
    Upper,
}

#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry<V> {
    pub(crate) key: u128,
    pub(crate) depth: u8,
    pub(crate) bound: Bound,
    pub(crate) value: V,
    pub(crate) best: Option<Hole>,
}

/// A table of `2^bits` slots.
#[derive(Debug)]
pub(crate) struct Table<V> {
    slots: Vec<Option<Entry<V>>>,
    mask: usize,
}

impl<V: Copy> Table<V> {
    pub(crate) fn new(bits: u32) -> Table<V> {
        let size = 1usize << bits.min(24);
        Table {
            slots: vec![None; size],
            mask: size - 1,
        }
    }

    fn slot(&self, key: u128) -> usize {
        // The low bits hold the seat to move and the captures; mix the board in.
        let h = (key as u64) ^ ((key >> 64) as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (h.wrapping_mul(0xD6E8_FEB8_6659_FD93) >> 20) as usize & self.mask
    }

    pub(crate) fn get(&self, key: u128) -> Option<Entry<V>> {
        self.slots[self.slot(key)].filter(|e| e.key == key)
    }

    pub(crate) fn put(&mut self, entry: Entry<V>) {
        let i = self.slot(entry.key);
        self.slots[i] = Some(entry);
    }

    pub(crate) fn clear(&mut self) {
        self.slots.iter_mut().for_each(|s| *s = None);
    }
}
