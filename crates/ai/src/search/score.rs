//! Scores in two units kept apart by type: the search's own (tenths of a counter, [`SCALE`],
//! for the player to move) as [`Score`], and the public one, whole counters as a plain `i32`
//! (what the protocol, the analysis and the pages show).
//!
//! A finished game scores:
//! - single round: `±WIN + margin`, where the margin is the final capture difference (a drawn
//!   round scores 0): publicly `1000 + margin` for a won round, `-1000 + margin` for a lost one;
//! - match play: `±(MATCH_WIN - plies)`: publicly `2000 - plies` for a won match.

use crate::eval::SCALE;
use crate::solver::Bounds;
use core::fmt;
use core::ops::Neg;
use rajapasu_engine::{Game, Side, Status};

/// A won single round scores `WIN + margin` (tenths).
pub(crate) const WIN: i32 = 1000 * SCALE;
/// A won match scores `MATCH_WIN - plies` (tenths).
pub(crate) const MATCH_WIN: i32 = 2 * WIN;
/// Larger than any score (tenths).
pub(crate) const INF: i32 = 3 * WIN;

/// A score in the search's units: tenths of a counter for the player to move, with won and
/// lost games far outside any material score. Shown to people only through
/// [`Score::counters`].
///
/// ```
/// use rajapasu_ai::search::Score;
/// let won_by_6 = Score::margin(6);
/// assert_eq!(won_by_6.counters(), 1006);
/// assert_eq!((-won_by_6).counters(), -1006);
/// assert!(Score::from_tenths(35) < won_by_6);
/// assert_eq!(Score::from_tenths(35).counters(), 4);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Score(i32);

impl Score {
    /// A drawn or level position.
    pub const ZERO: Score = Score(0);
    /// The score of a single round won by no margin yet counted: every won round scores more.
    pub const WIN: Score = Score(WIN);
    /// Lower than any score.
    pub const MIN: Score = Score(-INF);

    /// A score from the search's raw units.
    pub const fn from_tenths(tenths: i32) -> Score {
        Score(tenths)
    }

    /// The raw units: tenths of a counter.
    pub const fn tenths(self) -> i32 {
        self.0
    }

    /// The score in whole counters, rounded to the nearest (the public unit).
    pub fn counters(self) -> i32 {
        if self.0 >= 0 {
            (self.0 + SCALE / 2) / SCALE
        } else {
            -((-self.0 + SCALE / 2) / SCALE)
        }
    }

    /// The score of a finished single round that the player to move wins by `margin` counters
    /// (negative: loses by; 0: drawn).
    pub fn margin(margin: i32) -> Score {
        Score(margin_score(margin))
    }
}

impl Neg for Score {
    type Output = Score;
    fn neg(self) -> Score {
        Score(-self.0)
    }
}

impl fmt::Display for Score {
    /// In counters, as the protocol prints it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.counters())
    }
}

/// The score (tenths) of a finished single round won by `margin` counters.
pub(crate) fn margin_score(margin: i32) -> i32 {
    margin.signum() * WIN + margin * SCALE
}

/// Proven bounds on a round's final capture difference as bounds on the public score.
///
/// ```
/// use rajapasu_ai::search::public_bounds;
/// use rajapasu_ai::solver::Bounds;
/// let b = public_bounds(Bounds { lower: -2, upper: 6 });
/// assert_eq!((b.lower, b.upper), (-1002, 1006));
/// ```
pub fn public_bounds(margin: Bounds) -> Bounds {
    Bounds {
        lower: Score::margin(margin.lower).counters(),
        upper: Score::margin(margin.upper).counters(),
    }
}

/// Whether a public score (counters) announces a decided game: a won or lost round or match.
///
/// ```
/// assert!(rajapasu_ai::is_decided(-1004));
/// assert!(!rajapasu_ai::is_decided(12));
/// ```
pub fn is_decided(public: i32) -> bool {
    public.abs() >= 1000
}

/// The score (tenths) of a finished game for `me`, `ply` moves below the root: a won match
/// sooner scores higher.
#[inline]
pub(crate) fn terminal(game: &Game, me: Side, ply: usize) -> i32 {
    match game.status() {
        Status::MatchOver { winner } => {
            let v = MATCH_WIN - ply as i32 * SCALE;
            match winner {
                Some(w) if w == me => v,
                Some(_) => -v,
                None => 0,
            }
        }
        _ => margin_score(game.position().lead(me)),
    }
}
