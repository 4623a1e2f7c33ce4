//! A perfect index of a layer: the boards whose `n` open holes hold 0 to 3 counters each and
//! `s` counters in all, numbered densely in lexicographic order of their counts.
//!
//! Read as base-4 digits, every board of 0..3 counters a hole is one number below `4^n`; a
//! layer is the numbers whose digits add up to `s`. Ranking among those (the combinatorial
//! number system for bounded compositions) gives each layer its own dense index, so the
//! largest file, 14 open holes and 21 counters, holds 25.3 million positions instead of 4^14.

/// The most counters a hole of a table position holds. A drop that makes 4 takes the four away
/// (rule 4), so sowing from such a board never makes a hole hold more.
pub const MAX_IN_HOLE: u8 = 3;

/// Ranks and unranks the boards of `holes` open holes by layer.
#[derive(Clone, Debug)]
pub struct Ranker {
    holes: usize,
    /// `count[len][sum]`: strings of `len` digits 0..=3 that add up to `sum`.
    count: Vec<Vec<u64>>,
}

impl Ranker {
    /// The ranker for boards of `holes` open holes (at most 32).
    ///
    /// ```
    /// use rajapasu_tablebase::index::Ranker;
    /// let r = Ranker::new(14);
    /// assert_eq!(r.layer_size(21), 25_288_120); // the largest layer, a side to move
    /// assert_eq!((0..=42).map(|s| r.layer_size(s)).sum::<u64>(), 1 << 28);
    /// ```
    pub fn new(holes: usize) -> Ranker {
        assert!(holes <= 32, "at most 32 open holes");
        let top = holes * MAX_IN_HOLE as usize;
        let mut count = vec![vec![0u64; top + 1]; holes + 1];
        count[0][0] = 1;
        for len in 1..=holes {
            for sum in 0..=top {
                count[len][sum] = (0..=MAX_IN_HOLE as usize)
                    .filter(|&d| d <= sum)
                    .map(|d| count[len - 1][sum - d])
                    .sum();
            }
        }
        Ranker { holes, count }
    }

    /// Open holes.
    pub fn holes(&self) -> usize {
        self.holes
    }

    /// The largest layer: every hole at 3.
    pub fn max_layer(&self) -> u32 {
        (self.holes * MAX_IN_HOLE as usize) as u32
    }

    /// Boards in layer `s`.
    pub fn layer_size(&self, s: u32) -> u64 {
        self.count[self.holes].get(s as usize).copied().unwrap_or(0)
    }

    /// The index of `digits` (each 0..=3) in its layer, the sum of the digits.
    ///
    /// ```
    /// use rajapasu_tablebase::index::Ranker;
    /// let r = Ranker::new(3);
    /// // Layer 2 in order: 002 011 020 101 110 200.
    /// assert_eq!(r.rank(&[0, 2, 0]), 2);
    /// assert_eq!(r.unrank(2, 5), vec![2, 0, 0]);
    /// ```
    #[inline]
    pub fn rank(&self, digits: &[u8]) -> u64 {
        debug_assert_eq!(digits.len(), self.holes);
        let mut rest: usize = digits.iter().map(|&d| d as usize).sum();
        let mut r = 0;
        for (i, &d) in digits.iter().enumerate() {
            let row = &self.count[self.holes - i - 1];
            for x in 0..d as usize {
                r += row[rest - x];
            }
            rest -= d as usize;
        }
        r
    }

    /// The board with index `r` in layer `s`.
    pub fn unrank(&self, s: u32, r: u64) -> Vec<u8> {
        let mut digits = vec![0u8; self.holes];
        self.unrank_into(s, r, &mut digits);
        digits
    }

    /// [`Ranker::unrank`] into a buffer of `holes` digits.
    #[inline]
    pub fn unrank_into(&self, s: u32, mut r: u64, digits: &mut [u8]) {
        let mut rest = s as usize;
        for (i, out) in digits.iter_mut().enumerate().take(self.holes) {
            let row = &self.count[self.holes - i - 1];
            let mut d = 0;
            loop {
                let c = if rest >= d { row[rest - d] } else { 0 };
                if r < c || d == MAX_IN_HOLE as usize {
                    break;
                }
                r -= c;
                d += 1;
            }
            *out = d as u8;
            rest -= d;
        }
    }
}

/// The index of a configuration's layers read from its two rows at once: the same numbers as
/// [`Ranker`] (lexicographic order of the open holes, South's row first), in O(1).
///
/// A row is read as its code, `sum of count(k) << 2k` over its holes `k` (closed holes hold 0).
/// The lexicographic rank of a board splits into a part that depends on South's row and the
/// layer, and the rank of North's row among rows of the same sum:
/// `rank = first[s][south] + second[north]`. The builder enumerates a layer in index order
/// from the same tables ([`RowIndex::south_codes`], [`RowIndex::north_codes`]), so it never
/// unranks.
///
/// ```
/// use rajapasu_tablebase::index::{row_code, RowIndex, Ranker};
/// let rows = RowIndex::new(7, &[], &[]);
/// let board = [0, 1, 0, 2, 0, 0, 3, 0, 0, 1, 0, 3, 0, 2];
/// let s = board.iter().map(|&c| u32::from(c)).sum();
/// let r = rows.rank(row_code(&board[..7]), row_code(&board[7..]), s);
/// assert_eq!(u64::from(r), Ranker::new(14).rank(&board));
/// ```
#[derive(Clone, Debug)]
pub struct RowIndex {
    holes: usize,
    codes: usize,
    max_layer: u32,
    /// `first[s * codes + south]`.
    first: Vec<u32>,
    /// `second[north]`.
    second: Vec<u32>,
    /// Every South row (open holes only non-zero) in lexicographic order of its open holes.
    south: Vec<u16>,
    /// North rows by digit sum, each list in lexicographic order of the open holes.
    north: Vec<Vec<u16>>,
    sizes: Vec<u64>,
}

/// The code of a row of `counts` (each 0..=3): `sum of counts[k] << 2k`.
#[inline]
pub fn row_code(counts: &[u8]) -> usize {
    counts
        .iter()
        .enumerate()
        .fold(0, |acc, (k, &c)| acc | (c as usize) << (2 * k))
}

/// The digit sum of a row code.
#[inline]
pub fn code_sum(code: usize) -> u32 {
    let x = code as u32;
    (x & 0x5555).count_ones() + 2 * (x & 0xaaaa).count_ones()
}

impl RowIndex {
    /// The index of boards of `holes` holes a row whose closed holes are `south_closed` (in
    /// South's row) and `north_closed` (in North's), as hole numbers `k` from 0.
    pub fn new(holes: usize, south_closed: &[usize], north_closed: &[usize]) -> RowIndex {
        assert!((1..=7).contains(&holes), "1 to 7 holes a row");
        let codes = 1usize << (2 * holes);
        let open_of = |closed: &[usize]| -> Vec<usize> {
            (0..holes).filter(|k| !closed.contains(k)).collect()
        };
        let (south_open, north_open) = (open_of(south_closed), open_of(north_closed));
        let n_open = south_open.len() + north_open.len();
        let ranker = Ranker::new(n_open);
        let max_layer = ranker.max_layer();
        let digits = |code: usize, open: &[usize]| -> Vec<u8> {
            open.iter()
                .map(|&k| ((code >> (2 * k)) & 3) as u8)
                .collect()
        };
        let fits = |code: usize, open: &[usize]| -> bool {
            (0..holes).all(|k| open.contains(&k) || (code >> (2 * k)) & 3 == 0)
        };
        // Rows in lexicographic order of their open holes: the first open hole most
        // significant.
        let lex = |open: &[usize]| -> Vec<u16> {
            let mut v: Vec<u16> = (0..codes)
                .filter(|&c| fits(c, open))
                .map(|c| c as u16)
                .collect();
            v.sort_by_key(|&c| digits(c as usize, open));
            v
        };
        let south = lex(&south_open);
        let north_all = lex(&north_open);
        let top_north = 3 * north_open.len();
        let mut north = vec![Vec::new(); top_north + 1];
        let mut second = vec![0u32; codes];
        for &c in &north_all {
            let sum = digits(c as usize, &north_open)
                .iter()
                .map(|&d| d as usize)
                .sum::<usize>();
            second[c as usize] = north[sum].len() as u32;
            north[sum].push(c);
        }
        let mut first = vec![0u32; (max_layer as usize + 1) * codes];
        for &c in &south {
            let d = digits(c as usize, &south_open);
            for s in 0..=max_layer as usize {
                let mut rest = s as i64;
                let mut r = 0u64;
                for (i, &di) in d.iter().enumerate() {
                    let row = &ranker.count[n_open - i - 1];
                    for x in 0..di as i64 {
                        if rest - x >= 0 {
                            r += row[(rest - x) as usize];
                        }
                    }
                    rest -= di as i64;
                }
                first[s * codes + c as usize] = r as u32;
            }
        }
        let sizes = (0..=max_layer).map(|s| ranker.layer_size(s)).collect();
        RowIndex {
            holes,
            codes,
            max_layer,
            first,
            second,
            south,
            north,
            sizes,
        }
    }

    /// Holes a row.
    pub fn holes(&self) -> usize {
        self.holes
    }

    /// The largest layer.
    pub fn max_layer(&self) -> u32 {
        self.max_layer
    }

    /// Boards in layer `s`.
    pub fn layer_size(&self, s: u32) -> u64 {
        self.sizes.get(s as usize).copied().unwrap_or(0)
    }

    /// The index in layer `s` of the board whose rows have codes `south` and `north`.
    #[inline]
    pub fn rank(&self, south: usize, north: usize, s: u32) -> u32 {
        self.first[s as usize * self.codes + south] + self.second[north]
    }

    /// The entry of the rank table that [`RowIndex::rank`] reads for a South row and a layer,
    /// to prefetch ahead of it (the North row's entry is in a small table that stays cached).
    #[inline]
    pub(crate) fn rank_entry(&self, south: usize, s: u32) -> &u32 {
        &self.first[s as usize * self.codes + south]
    }

    /// South rows in index order (the first part of the order).
    pub fn south_codes(&self) -> &[u16] {
        &self.south
    }

    /// North rows of digit sum `sum` in index order (empty past the largest).
    pub fn north_codes(&self, sum: u32) -> &[u16] {
        self.north.get(sum as usize).map_or(&[], Vec::as_slice)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_are_dense_and_invert_unrank() {
        for holes in 1..=6 {
            let r = Ranker::new(holes);
            let mut seen = vec![0u64; r.max_layer() as usize + 1];
            // Every board of 0..3 counters a hole, in lexicographic order: ranks within a layer
            // come out 0, 1, 2, ... in that order.
            for code in 0..4u32.pow(holes as u32) {
                let digits: Vec<u8> = (0..holes)
                    .rev()
                    .map(|i| ((code >> (2 * i)) & 3) as u8)
                    .collect();
                let s: u32 = digits.iter().map(|&d| u32::from(d)).sum();
                assert_eq!(r.rank(&digits), seen[s as usize], "{digits:?}");
                assert_eq!(r.unrank(s, seen[s as usize]), digits);
                seen[s as usize] += 1;
            }
            for s in 0..=r.max_layer() {
                assert_eq!(seen[s as usize], r.layer_size(s));
            }
        }
    }

    /// Every board of every closed-hole arrangement of small rows, and random boards of the
    /// canonical rows: the row index gives [`Ranker`]'s numbers, and enumerates in its order.
    #[test]
    fn the_row_index_equals_the_ranker() {
        for holes in 1..=4usize {
            for closed in 0..holes {
                for (sc, nc) in [
                    ((0..closed).collect::<Vec<_>>(), vec![]),
                    (vec![], (0..closed).collect()),
                ] {
                    let rows = RowIndex::new(holes, &sc, &nc);
                    let open = 2 * holes - closed;
                    let r = Ranker::new(open);
                    for s in 0..=r.max_layer() {
                        assert_eq!(rows.layer_size(s), r.layer_size(s));
                        let mut next = 0u32;
                        for &a in rows.south_codes() {
                            let sa = code_sum(a as usize);
                            let Some(rest) = s.checked_sub(sa) else {
                                continue;
                            };
                            for &b in rows.north_codes(rest) {
                                let mut board = vec![0u8; 2 * holes];
                                for k in 0..holes {
                                    board[k] = ((a >> (2 * k)) & 3) as u8;
                                    board[holes + k] = ((b >> (2 * k)) & 3) as u8;
                                }
                                let digits: Vec<u8> = board
                                    .iter()
                                    .enumerate()
                                    .filter(|&(i, _)| {
                                        let (k, closed) = if i < holes {
                                            (i, &sc)
                                        } else {
                                            (i - holes, &nc)
                                        };
                                        !closed.contains(&k)
                                    })
                                    .map(|(_, &d)| d)
                                    .collect();
                                let want = r.rank(&digits);
                                assert_eq!(u64::from(next), want, "{board:?}");
                                assert_eq!(
                                    rows.rank(
                                        row_code(&board[..holes]),
                                        row_code(&board[holes..]),
                                        s
                                    ),
                                    next
                                );
                                next += 1;
                            }
                        }
                        assert_eq!(u64::from(next), r.layer_size(s));
                    }
                }
            }
        }
        let rows = RowIndex::new(7, &[], &[]);
        let r = Ranker::new(14);
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..200_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let board: Vec<u8> = (0..14).map(|i| ((x >> (2 * i)) & 3) as u8).collect();
            let s = board.iter().map(|&d| u32::from(d)).sum();
            assert_eq!(
                u64::from(rows.rank(row_code(&board[..7]), row_code(&board[7..]), s)),
                r.rank(&board)
            );
        }
    }
}
