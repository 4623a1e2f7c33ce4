//! What is wrong with an input to the rating update.

use crate::bounds::{DEVIATION_BOUNDS, RATING_BOUNDS, VOLATILITY_BOUNDS};
use std::fmt;

/// Why a rating, a score or a setting was refused. Each names the value it refused.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum RatingError {
    /// A rating outside [`RATING_BOUNDS`](crate::glicko2::RATING_BOUNDS) (or not a number).
    Rating(f64),
    /// A rating deviation outside [`DEVIATION_BOUNDS`](crate::glicko2::DEVIATION_BOUNDS).
    Deviation(f64),
    /// A volatility outside [`VOLATILITY_BOUNDS`](crate::glicko2::VOLATILITY_BOUNDS).
    Volatility(f64),
    /// A score outside 0 to 1 (or not a number).
    Score(f64),
    /// A system constant τ that is not a finite number above zero.
    Tau(f64),
    /// A number of idle rating periods that is negative or not finite.
    IdlePeriods(f64),
    /// A floor for the deviation above its ceiling, or outside the deviations a rating may hold.
    DeviationBounds {
        /// The floor asked for.
        min: f64,
        /// The ceiling asked for.
        max: f64,
    },
    /// A player index outside a three-player game (0 to 2).
    Player(usize),
    /// A rating period of no time.
    Period,
    /// The new volatility could not be found (the iteration did not settle): never seen with
    /// checked inputs, reported rather than looped on.
    NoConvergence,
}

impl fmt::Display for RatingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RatingError::Rating(r) => {
                let (lo, hi) = RATING_BOUNDS;
                write!(f, "rating {r} is not a number from {lo} to {hi}")
            }
            RatingError::Deviation(d) => {
                let (lo, hi) = DEVIATION_BOUNDS;
                write!(f, "rating deviation {d} is not a number from {lo} to {hi}")
            }
            RatingError::Volatility(v) => {
                let (lo, hi) = VOLATILITY_BOUNDS;
                write!(f, "volatility {v} is not a number from {lo} to {hi}")
            }
            RatingError::Score(s) => write!(f, "score {s} is not between 0 and 1"),
            RatingError::Tau(t) => write!(f, "system constant tau {t} is not a finite number above 0"),
            RatingError::IdlePeriods(p) => {
                write!(f, "idle rating periods {p} is not a finite number of at least 0")
            }
            RatingError::DeviationBounds { min, max } => write!(
                f,
                "deviation bounds {min}..{max} are not within {}..{} with the floor below the ceiling", DEVIATION_BOUNDS.0, DEVIATION_BOUNDS.1
            ),
            RatingError::Player(i) => {
                write!(f, "player index {i} is not one of a Mandiri game's 0, 1 and 2")
            }
            RatingError::Period => write!(f, "a rating period must last at least a second"),
            RatingError::NoConvergence => write!(f, "the new volatility did not converge"),
        }
    }
}

impl std::error::Error for RatingError {}
