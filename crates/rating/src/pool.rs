//! The pools a player is rated in: one rating per game and speed, since strength at one does
//! not carry over to another (a single round is not a match, a day a move is not three
//! minutes a game); and the pools stored games were rated in ([`RatedIn`]), which include the
//! real-time pools of before blitz and rapid were told apart.

pub use crate::speed::Speed;
use crate::speed::OLD_REALTIME;
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

/// One rating pool: a variant at a speed. Written `round-blitz`, `mandiri-correspondence`.
/// The old real-time pools' names (`round-realtime`) read as the variant's blitz pool, so
/// that old addresses keep working; they are never written.
///
/// ```
/// use rajapasu_rating::{Pool, Speed, Variant};
/// let pool: Pool = "match-correspondence".parse().unwrap();
/// assert_eq!(pool, Pool { variant: Variant::Match, speed: Speed::Correspondence });
/// assert_eq!(pool.to_string(), "match-correspondence");
/// assert_eq!(Pool::ALL.len(), 9);
/// assert_eq!("round-realtime".parse::<Pool>().unwrap().to_string(), "round-blitz");
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

impl Variant {
    /// Every variant.
    pub const ALL: [Variant; 3] = [VARIANTS[0].0, VARIANTS[1].0, VARIANTS[2].0];

    /// The variant's name in a pool's name.
    pub fn name(self) -> &'static str {
        VARIANTS
            .iter()
            .find(|(v, _)| *v == self)
            .map(|(_, n)| *n)
            .unwrap_or_default()
    }
}

impl Pool {
    /// Every pool, variant by variant.
    pub const ALL: [Pool; 9] = {
        let mut all = [Pool {
            variant: Variant::Round,
            speed: Speed::Blitz,
        }; 9];
        let mut i = 0;
        while i < 9 {
            all[i] = Pool {
                variant: Variant::ALL[i / 3],
                speed: Speed::ALL[i % 3],
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
            "no rating pool is called {:?}: a pool is round, match or mandiri, a dash, then blitz, rapid or correspondence",
            self.0
        )
    }
}

impl std::error::Error for UnknownPool {}

impl FromStr for Pool {
    type Err = UnknownPool;
    fn from_str(s: &str) -> Result<Pool, UnknownPool> {
        s.parse::<RatedIn>().map(RatedIn::current)
    }
}

/// The pool a stored rated game was rated in: one of today's, or a variant's real-time pool of
/// before blitz and rapid were told apart (`round-realtime`), whose ratings both the variant's
/// blitz and rapid pools carry on (docs/RATINGS.md). Written as stored.
///
/// ```
/// use rajapasu_rating::pool::RatedIn;
/// use rajapasu_rating::{Pool, Speed, Variant};
/// let old: RatedIn = "match-realtime".parse().unwrap();
/// assert_eq!(old, RatedIn::Realtime(Variant::Match));
/// assert_eq!(old.to_string(), "match-realtime");
/// assert_eq!(old.current(), Pool { variant: Variant::Match, speed: Speed::Blitz });
/// let new: RatedIn = "match-rapid".parse().unwrap();
/// assert_eq!(new, RatedIn::Pool(Pool { variant: Variant::Match, speed: Speed::Rapid }));
/// assert!("match-bullet".parse::<RatedIn>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RatedIn {
    /// One of today's pools.
    Pool(Pool),
    /// The variant's one real-time pool, before blitz and rapid.
    Realtime(Variant),
}

impl RatedIn {
    /// The pool of today its name reads as: the variant's blitz pool for an old real-time one.
    pub fn current(self) -> Pool {
        match self {
            RatedIn::Pool(p) => p,
            RatedIn::Realtime(variant) => Pool {
                variant,
                speed: Speed::Blitz,
            },
        }
    }
}

impl fmt::Display for RatedIn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RatedIn::Pool(p) => p.fmt(f),
            RatedIn::Realtime(v) => write!(f, "{}-{OLD_REALTIME}", v.name()),
        }
    }
}

impl FromStr for RatedIn {
    type Err = UnknownPool;
    fn from_str(s: &str) -> Result<RatedIn, UnknownPool> {
        let unknown = || UnknownPool(s.to_string());
        let (variant, speed) = s.split_once('-').ok_or_else(unknown)?;
        let variant = VARIANTS
            .iter()
            .find(|(_, n)| *n == variant)
            .map(|(v, _)| *v)
            .ok_or_else(unknown)?;
        if speed == OLD_REALTIME {
            return Ok(RatedIn::Realtime(variant));
        }
        match Speed::named(speed) {
            Some(speed) => Ok(RatedIn::Pool(Pool { variant, speed })),
            None => Err(unknown()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every pool's name reads back as it; each variant's old real-time name reads as its
    /// blitz pool and is written as stored.
    #[test]
    fn names_read_back() {
        for p in Pool::ALL {
            assert_eq!(p.to_string().parse::<Pool>(), Ok(p));
            assert_eq!(p.to_string().parse::<RatedIn>(), Ok(RatedIn::Pool(p)));
        }
        for (v, name) in VARIANTS {
            let old = format!("{name}-realtime");
            let rated_in: RatedIn = old.parse().unwrap();
            assert_eq!(rated_in, RatedIn::Realtime(v));
            assert_eq!(rated_in.to_string(), old);
            assert_eq!(
                old.parse::<Pool>(),
                Ok(Pool {
                    variant: v,
                    speed: Speed::Blitz
                })
            );
        }
        for bad in [
            "",
            "round",
            "round-",
            "-blitz",
            "round-blitz-",
            "Round-blitz",
            "chess-rapid",
        ] {
            assert_eq!(
                bad.parse::<Pool>(),
                Err(UnknownPool(bad.to_string())),
                "{bad:?}"
            );
        }
    }
}
