//! Zobrist keys: one random key per (hole, count), per closed hole and for North to move.

use crate::rng::splitmix64;
use crate::rules::MAX_HOLES;

const fn make_counts() -> [[u64; 256]; MAX_HOLES] {
    let mut t = [[0u64; 256]; MAX_HOLES];
    let mut s = 0x5241_4A41_5041_5355u64; // "RAJAPASU"
    let mut i = 0;
    while i < MAX_HOLES {
        // An empty hole adds nothing, so an empty board hashes to the side and closed keys only.
        let mut c = 1;
        while c < 256 {
            let (ns, v) = splitmix64(s);
            s = ns;
            t[i][c] = v;
            c += 1;
        }
        i += 1;
    }
    t
}

const fn make_closed() -> [u64; MAX_HOLES] {
    let mut t = [0u64; MAX_HOLES];
    let mut s = 0x434C_4F53_4544_0001u64;
    let mut i = 0;
    while i < MAX_HOLES {
        let (ns, v) = splitmix64(s);
        s = ns;
        t[i] = v;
        i += 1;
    }
    t
}

/// Key of hole `i` holding `count` counters (0 for an empty hole).
pub(crate) static COUNT: [[u64; 256]; MAX_HOLES] = make_counts();
/// Key of hole `i` being closed.
pub(crate) static CLOSED: [u64; MAX_HOLES] = make_closed();
/// Key of North being to move.
pub(crate) const NORTH_TO_MOVE: u64 = 0xA5F1_52B4_77C3_9E0D;
