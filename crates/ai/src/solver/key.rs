//! The keys of the proof table: the whole position, with the game it is valued in.

use rajapasu_engine::{Position, Side};

/// A position exactly, with the game it is valued in: hole counts and closed holes, the side to
/// move, and whether endless lines favour the side to move.
pub(super) type Key = [u64; 2];

/// The whole position as 128 bits, where it fits (every board of up to 7 holes a row and 127
/// counters, the canonical one included): hole counts, closed holes and the side to move, with
/// no hashing, so equal keys are equal positions (captures aside). `None` for larger boards.
///
/// ```
/// use rajapasu_ai::solver::exact_key;
/// use rajapasu_engine::{Position, Rules};
/// let rules = Rules::default().single_round();
/// let a = Position::from_code("0,0,1,0,1,0,1/0,0,0,1,1,0,0 N 45 48", rules).unwrap();
/// let b = Position::from_code("0,0,1,0,1,0,1/0,0,0,1,1,0,0 S 45 48", rules).unwrap();
/// assert!(exact_key(&a).is_some());
/// assert_ne!(exact_key(&a), exact_key(&b));
/// ```
pub fn exact_key(pos: &Position) -> Option<[u64; 2]> {
    (pos.counts().len() <= 14 && pos.rules().total() < 128).then(|| key_of(pos, !pos.to_move()))
}

/// The whole position as a key: seven bits a hole count and a closed-hole mask where they fit
/// in 128 bits (every board of up to 7 holes a row and 127 counters, the canonical one
/// included), two independent 64-bit hashes otherwise.
pub(super) fn key_of(pos: &Position, favoured: Side) -> Key {
    let counts = pos.counts();
    let side_bits =
        u64::from(pos.to_move() == Side::North) | u64::from(pos.to_move() == favoured) << 1;
    let mut closed = 0u64;
    for side in Side::ALL {
        for (k, c) in pos.row(side).enumerate() {
            if c.is_none() {
                closed |= 1 << (side.index() * pos.rules().holes() + k);
            }
        }
    }
    if counts.len() <= 14 && pos.rules().total() < 128 {
        let mut lo = 0u64;
        let mut hi = 0u64;
        for (i, &c) in counts.iter().enumerate() {
            if i < 9 {
                lo |= u64::from(c) << (7 * i);
            } else {
                hi |= u64::from(c) << (7 * (i - 9));
            }
        }
        // lo: 63 bits of counts; hi: up to 35 bits of counts, 14 closed bits, 2 side bits.
        [lo, hi | closed << 35 | side_bits << 49]
    } else {
        let mut h = 0xcbf2_9ce4_8422_2325u64;
        for &c in counts {
            h = (h ^ u64::from(c)).wrapping_mul(0x1000_0000_01b3);
        }
        [
            pos.hash() ^ side_bits << 62,
            h ^ closed.rotate_left(17) ^ side_bits,
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rajapasu_engine::Rules;

    #[test]
    fn keys_tell_every_part_of_a_position_apart() {
        let r = Rules::default().single_round();
        let a = Position::from_code("0,0,1,0,1,0,1/0,0,0,1,1,0,0 N 45 48", r).unwrap();
        let b = Position::from_code("0,0,1,0,1,0,1/0,0,0,1,1,0,0 S 45 48", r).unwrap();
        let c = Position::from_code("0,0,1,0,1,0,1/0,0,0,1,1,0,0 N 40 53", r).unwrap();
        assert_ne!(key_of(&a, Side::South), key_of(&a, Side::North));
        assert_ne!(key_of(&a, Side::South), key_of(&b, Side::South));
        assert_eq!(key_of(&a, Side::South), key_of(&c, Side::South));
    }
}
