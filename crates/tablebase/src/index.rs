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
}
