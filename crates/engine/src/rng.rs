//! Pseudo-random numbers, for every crate of the project: [`Rng`] for random play and the
//! computer's deliberate mistakes, [`splitmix64`] for the Zobrist keys and for mixing hash keys,
//! [`stream_seed`] for the seeds of many games drawn from one.
//!
//! None of it is for secrets: the web app's tokens come from the operating system.

/// splitmix64's increment, 2^64 divided by the golden ratio: consecutive multiples of it are
/// spread evenly over all 64-bit numbers, which is why it also separates derived seeds.
pub const GOLDEN: u64 = 0x9E37_79B9_7F4A_7C15;

/// splitmix64's output function: a bijection of 64-bit numbers in which every input bit
/// affects every output bit. Applied to nearby numbers (counters, packed small fields) it gives
/// unrelated ones.
///
/// ```
/// use rajapasu_engine::rng::mix;
/// assert_eq!(mix(0), 0);
/// assert_ne!(mix(1), mix(2));
/// assert_eq!(mix(1).count_ones() > 16, true);
/// ```
#[inline]
pub const fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// One step of the splitmix64 generator: `(next state, output)`. A `const fn`, so that tables
/// of random keys are built at compile time.
///
/// ```
/// use rajapasu_engine::rng::{splitmix64, GOLDEN};
/// let (state, a) = splitmix64(0);
/// assert_eq!(state, GOLDEN);
/// let (_, b) = splitmix64(state);
/// assert_ne!(a, b);
/// ```
#[inline]
pub const fn splitmix64(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(GOLDEN);
    (s, mix(s))
}

/// The seed of stream `k` of a family drawn from `seed`: the k-th game of a tournament, the
/// computer's k-th move. Different `k` give seeds far apart, so the streams do not overlap.
///
/// ```
/// use rajapasu_engine::rng::stream_seed;
/// assert_eq!(stream_seed(5, 0), 5);
/// assert_ne!(stream_seed(5, 1), stream_seed(5, 2));
/// ```
#[inline]
pub const fn stream_seed(seed: u64, k: u64) -> u64 {
    seed ^ k.wrapping_mul(GOLDEN)
}

/// A small, fast pseudo-random generator (xorshift64*), good enough for random play.
///
/// ```
/// use rajapasu_engine::rng::Rng;
/// let mut rng = Rng::new(7);
/// let k = rng.below(6);
/// assert!(k < 6);
/// // The same seed gives the same numbers.
/// assert_eq!(Rng::new(7).below(6), k);
/// ```
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed (0 is replaced by a fixed non-zero seed: xorshift stays at 0).
    pub fn new(seed: u64) -> Rng {
        Rng(if seed == 0 { GOLDEN } else { seed })
    }

    /// The next 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n` (`n` > 0).
    #[inline]
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }
}
