//! The transposition table: one entry a slot, replaced by depth within a search and always
//! across searches.
//!
//! Rule 8(b) makes the value of a position depend on the positions before it in the round, which
//! the position hash does not see. The search keeps that sound enough for play (the solver, not
//! this table, makes values exact; see the parent module):
//!
//! - the key is the position hash (counts, closed holes, side to move) mixed with the captured
//!   counters and reserves, so entries never mix positions whose outcome differs by material;
//! - a node whose subtree met a position already seen in the round (a second occurrence or a
//!   round ended by repetition) is not stored: its value depends on the path;
//! - a stored value is used for a cutoff only at a node whose own position occurs for the first
//!   time in the round.

use super::score::{INF, MATCH_WIN};
use crate::eval::SCALE;
use rajapasu_engine::rng::splitmix64;
use rajapasu_engine::{Game, Side};

/// What a stored score says about the true one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The true score is at least this (the search failed high).
    Lower,
    /// The true score is at most this (the search failed low).
    Upper,
    /// The score within the window searched.
    Exact,
}

impl Bound {
    /// Whether `score` with this bound settles a node searched with the window `(alpha, beta)`.
    #[inline]
    pub(crate) fn cuts(self, score: i32, alpha: i32, beta: i32) -> bool {
        match self {
            Bound::Exact => true,
            Bound::Lower => score >= beta,
            Bound::Upper => score <= alpha,
        }
    }

    /// The bound of a node's best score `best`, searched with the window `(alpha, beta)`.
    #[inline]
    pub(crate) fn of(best: i32, alpha: i32, beta: i32) -> Bound {
        if best >= beta {
            Bound::Lower
        } else if best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }
}

/// The depth stored for a subtree that met no heuristic leaf: deeper than any search.
pub(crate) const EXACT_DEPTH: u8 = u8::MAX;

/// A stored node.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry {
    pub key: u64,
    /// In table form ([`to_table`]).
    pub score: i32,
    /// The best move's hole number.
    pub mv: u8,
    pub depth: u8,
    pub bound: Bound,
    generation: u8,
}

impl Entry {
    pub(crate) fn new(key: u64, score: i32, mv: u8, depth: u8, bound: Bound) -> Entry {
        Entry {
            key,
            score,
            mv,
            depth,
            bound,
            generation: 0,
        }
    }
}

pub(crate) struct Table {
    entries: Vec<Option<Entry>>,
    mask: usize,
    generation: u8,
}

impl Table {
    /// The entries of a table asked for with `bits`: `2^bits`, `bits` clamped to 4..=28.
    pub(crate) fn entries_for(bits: u32) -> usize {
        1usize << bits.clamp(4, 28)
    }

    /// The bytes a table asked for with `bits` holds.
    pub(crate) fn bytes_for(bits: u32) -> usize {
        Table::entries_for(bits) * std::mem::size_of::<Option<Entry>>()
    }

    /// A table of `2^bits` entries (16 bytes each), `bits` clamped to 4..=28.
    pub(crate) fn new(bits: u32) -> Table {
        let n = Table::entries_for(bits);
        Table {
            entries: vec![None; n],
            mask: n - 1,
            generation: 0,
        }
    }

    #[inline]
    pub(crate) fn probe(&self, key: u64) -> Option<Entry> {
        self.entries[key as usize & self.mask].filter(|e| e.key == key)
    }

    #[inline]
    pub(crate) fn store(&mut self, e: Entry) {
        let generation = self.generation;
        let slot = &mut self.entries[e.key as usize & self.mask];
        let replace = match slot {
            None => true,
            Some(old) => old.key == e.key || old.generation != generation || e.depth >= old.depth,
        };
        if replace {
            *slot = Some(Entry { generation, ..e });
        }
    }

    /// A new search: entries of older searches give way first.
    pub(crate) fn age(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    pub(crate) fn clear(&mut self) {
        self.entries.fill(None);
    }
}

/// The table key of a game's position: its hash mixed with the captures and reserves.
#[inline]
pub(crate) fn key_of(game: &Game) -> u64 {
    let p = game.position();
    let extra = u64::from(p.captured(Side::South))
        | u64::from(p.captured(Side::North)) << 16
        | u64::from(p.reserve(Side::South)) << 32
        | u64::from(p.reserve(Side::North)) << 48;
    p.hash() ^ splitmix64(extra).1
}

/// Scores of won matches count plies from the root; the table holds them counted from the node,
/// so that an entry is right wherever the node is met.
#[inline]
pub(crate) fn to_table(score: i32, ply: usize) -> i32 {
    if score > MATCH_WIN - INF / 3 {
        score + ply as i32 * SCALE
    } else if score < -(MATCH_WIN - INF / 3) {
        score - ply as i32 * SCALE
    } else {
        score
    }
}

/// The inverse of [`to_table`].
#[inline]
pub(crate) fn from_table(score: i32, ply: usize) -> i32 {
    if score > MATCH_WIN - INF / 3 {
        score - ply as i32 * SCALE
    } else if score < -(MATCH_WIN - INF / 3) {
        score + ply as i32 * SCALE
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_with_its_bound_fits_in_sixteen_bytes() {
        assert_eq!(std::mem::size_of::<Option<Entry>>(), 16);
    }

    #[test]
    fn match_scores_round_trip_through_the_table() {
        for score in [0, 35, -35, MATCH_WIN - 40, -(MATCH_WIN - 40)] {
            assert_eq!(from_table(to_table(score, 7), 7), score);
        }
        assert_eq!(to_table(MATCH_WIN - 70, 7), MATCH_WIN);
    }

    #[test]
    fn bounds_cut_only_outside_the_window() {
        assert!(Bound::Lower.cuts(10, 0, 10) && !Bound::Lower.cuts(9, 0, 10));
        assert!(Bound::Upper.cuts(0, 0, 10) && !Bound::Upper.cuts(1, 0, 10));
        assert!(Bound::Exact.cuts(5, 0, 10));
        assert_eq!(Bound::of(10, 0, 10), Bound::Lower);
        assert_eq!(Bound::of(5, 0, 10), Bound::Exact);
        assert_eq!(Bound::of(0, 0, 10), Bound::Upper);
    }
}
