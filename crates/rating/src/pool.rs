//! The pools a player is rated in: one rating per game and speed, since strength at one does
//! not carry over to another (a single round is not a match, an hour a move is not three
//! minutes a game).

use std::fmt;
use std::str::FromStr;

/// What is played: Raja Pasu's single round or match, or Raja Pasu Mandiri (single rounds and
/// matches rated together: its players are fewer still).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "lowercase")
)]
pub enum Variant {
    /// Raja Pasu, one round.
    Round,
    /// Raja Pasu, a match of rounds.
    Match,
    /// Raja Pasu Mandiri, the three-player game.
    Mandiri,
}

/// How fast: a clock for the game with an increment, or days a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "lowercase")
)]
pub enum Speed {
    /// Minutes for the game, seconds added a move.
    Realtime,
    /// Days a move.
    Correspondence,
}

/// One rating pool: a variant at a speed. Written `round-realtime`, `mandiri-correspondence`.
///
/// ```
/// use rajapasu_rating::{Pool, Speed, Variant};
/// let pool: Pool = "match-correspondence".parse().unwrap();
/// assert_eq!(pool, Pool { variant: Variant::Match, speed: Speed::Correspondence });
/// assert_eq!(pool.to_string(), "match-correspondence");
/// assert_eq!(Pool::ALL.len(), 6);
/// assert!("chess-blitz".parse::<Pool>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Pool {
    /// What is played.
    pub variant: Variant,
    /// How fast.
    pub speed: Speed,
}

/// The variants' names, in one place.
const VARIANTS: [(Variant, &str); 3] = [
    (Variant::Round, "round"),
    (Variant::Match, "match"),
    (Variant::Mandiri, "mandiri"),
];

/// The speeds' names, in one place.
const SPEEDS: [(Speed, &str); 2] = [
    (Speed::Realtime, "realtime"),
    (Speed::Correspondence, "correspondence"),
];

impl Variant {
    /// The variant's name in a pool's name.
    pub fn name(self) -> &'static str {
        VARIANTS
            .iter()
            .find(|(v, _)| *v == self)
            .map(|(_, n)| *n)
            .unwrap_or_default()
    }
}

impl Speed {
    /// The speed's name in a pool's name.
    pub fn name(self) -> &'static str {
        SPEEDS
            .iter()
            .find(|(s, _)| *s == self)
            .map(|(_, n)| *n)
            .unwrap_or_default()
    }
}

impl Pool {
    /// Every pool, variant by variant.
    pub const ALL: [Pool; 6] = {
        let mut all = [Pool {
            variant: Variant::Round,
            speed: Speed::Realtime,
        }; 6];
        let mut i = 0;
        while i < 6 {
            all[i] = Pool {
                variant: VARIANTS[i / 2].0,
                speed: SPEEDS[i % 2].0,
            };
            i += 1;
        }
        all
    };
}

impl fmt::Display for Pool {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.variant.name(), self.speed.name())
    }
}

/// A pool's name that names no pool.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownPool(pub String);

impl fmt::Display for UnknownPool {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "no rating pool is called {:?}: a pool is round, match or mandiri, a dash, then realtime or correspondence",
            self.0
        )
    }
}

impl std::error::Error for UnknownPool {}

impl FromStr for Pool {
    type Err = UnknownPool;
    fn from_str(s: &str) -> Result<Pool, UnknownPool> {
        Pool::ALL
            .into_iter()
            .find(|p| p.to_string() == s)
            .ok_or_else(|| UnknownPool(s.to_string()))
    }
}
