//! Glicko-2, as Glickman's "Example of the Glicko-2 system" sets it out: a rating, its
//! deviation (RD) and its volatility; the deviation grows while a player is away and shrinks
//! as they play; the volatility follows how erratic their results are.
//!
//! The paper rates a period's games together. Here every rated game is its own period, as on
//! lichess: players are few and far apart, and a rating should move when a game ends. What the
//! paper's step 6 adds for one period is added for the time the player was away instead, in
//! periods of [`Config::period_secs`] (a fraction for a shorter absence; none for games played
//! back to back). With one period and the games of that period this is the paper's update.

use crate::error::RatingError;
use std::f64::consts::PI;

/// Ratings on the Glicko scale per unit of the Glicko-2 scale (the paper's step 2).
const SCALE: f64 = 173.7178;
/// The Glicko scale's centre, 0 on the Glicko-2 scale.
const CENTRE: f64 = 1500.0;
/// The tolerance of the volatility's iteration (the paper's ε).
const EPSILON: f64 = 1e-6;
/// Iterations after which the volatility's search gives up: it settles in a few dozen.
const MAX_ITERATIONS: u32 = 1000;

pub use crate::bounds::{DEVIATION_BOUNDS, RATING_BOUNDS, VOLATILITY_BOUNDS};

/// A rating is provisional while its deviation is at or above this: the player has not played
/// enough for the rating to be trusted (lichess marks it with a question mark).
pub const PROVISIONAL_DEVIATION: f64 = 110.0;

/// A player's rating on the Glicko scale (1500 in the middle), its deviation and volatility.
/// Only ratings, deviations and volatilities within [`RATING_BOUNDS`], [`DEVIATION_BOUNDS`]
/// and [`VOLATILITY_BOUNDS`] can be built: within them the update always settles, so a rating
/// sent by a client or read from a store is checked once, here.
///
/// ```
/// use rajapasu_rating::{Rating, RatingError};
/// let r = Rating::new(1500.0, 200.0, 0.06).unwrap();
/// assert_eq!((r.rating(), r.deviation(), r.volatility()), (1500.0, 200.0, 0.06));
/// assert_eq!(Rating::new(1500.0, -1.0, 0.06), Err(RatingError::Deviation(-1.0)));
/// assert!(matches!(Rating::new(f64::NAN, 200.0, 0.06), Err(RatingError::Rating(_))));
/// assert_eq!(Rating::new(1e15, 200.0, 0.06), Err(RatingError::Rating(1e15)));
/// assert_eq!(Rating::new(1500.0, 1e-9, 0.06), Err(RatingError::Deviation(1e-9)));
/// assert_eq!(Rating::new(1500.0, 200.0, 1e-9), Err(RatingError::Volatility(1e-9)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "RatingFields", into = "RatingFields")
)]
pub struct Rating {
    rating: f64,
    deviation: f64,
    volatility: f64,
}

/// A rating as it is stored, checked on the way in.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
struct RatingFields {
    rating: f64,
    deviation: f64,
    volatility: f64,
}

#[cfg(feature = "serde")]
impl TryFrom<RatingFields> for Rating {
    type Error = RatingError;
    fn try_from(f: RatingFields) -> Result<Rating, RatingError> {
        Rating::new(f.rating, f.deviation, f.volatility)
    }
}

#[cfg(feature = "serde")]
impl From<Rating> for RatingFields {
    fn from(r: Rating) -> RatingFields {
        RatingFields {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
        }
    }
}

fn positive(x: f64) -> bool {
    x.is_finite() && x > 0.0
}

/// Whether `x` lies within `bounds` (never for NaN).
fn within(x: f64, (lo, hi): (f64, f64)) -> bool {
    (lo..=hi).contains(&x)
}

impl Rating {
    /// A rating, checked: each number within its bounds ([`RATING_BOUNDS`],
    /// [`DEVIATION_BOUNDS`], [`VOLATILITY_BOUNDS`]).
    pub fn new(rating: f64, deviation: f64, volatility: f64) -> Result<Rating, RatingError> {
        if !within(rating, RATING_BOUNDS) {
            return Err(RatingError::Rating(rating));
        }
        if !within(deviation, DEVIATION_BOUNDS) {
            return Err(RatingError::Deviation(deviation));
        }
        if !within(volatility, VOLATILITY_BOUNDS) {
            return Err(RatingError::Volatility(volatility));
        }
        Ok(Rating {
            rating,
            deviation,
            volatility,
        })
    }

    /// The rating, on the Glicko scale.
    pub fn rating(&self) -> f64 {
        self.rating
    }

    /// The rating deviation (RD): twice it either side of the rating is a 95% interval.
    pub fn deviation(&self) -> f64 {
        self.deviation
    }

    /// The volatility σ: how much the player's strength is expected to move.
    pub fn volatility(&self) -> f64 {
        self.volatility
    }

    /// True while the deviation is at or above [`PROVISIONAL_DEVIATION`].
    ///
    /// ```
    /// use rajapasu_rating::Rating;
    /// assert!(Rating::new(1500.0, 110.0, 0.06).unwrap().is_provisional());
    /// assert!(!Rating::new(1500.0, 109.9, 0.06).unwrap().is_provisional());
    /// ```
    pub fn is_provisional(&self) -> bool {
        self.deviation >= PROVISIONAL_DEVIATION
    }

    /// μ and φ, the rating and deviation on the Glicko-2 scale.
    fn glicko2(&self) -> (f64, f64) {
        ((self.rating - CENTRE) / SCALE, self.deviation / SCALE)
    }
}

/// A game's score for one player: 1 a win, ½ a draw, 0 a loss (or anything between).
///
/// ```
/// use rajapasu_rating::{Score, RatingError};
/// assert_eq!(Score::new(0.5).unwrap(), Score::DRAW);
/// assert_eq!(Score::WIN.opposite(), Score::LOSS);
/// assert_eq!(Score::new(1.5), Err(RatingError::Score(1.5)));
/// assert!(Score::new(f64::NAN).is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, PartialOrd)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "f64", into = "f64")
)]
pub struct Score(f64);

impl Score {
    /// A win.
    pub const WIN: Score = Score(1.0);
    /// A draw.
    pub const DRAW: Score = Score(0.5);
    /// A loss.
    pub const LOSS: Score = Score(0.0);

    /// A score, checked to be within 0 to 1.
    pub fn new(score: f64) -> Result<Score, RatingError> {
        if (0.0..=1.0).contains(&score) {
            Ok(Score(score))
        } else {
            Err(RatingError::Score(score))
        }
    }

    /// The score as a number.
    pub fn value(self) -> f64 {
        self.0
    }

    /// The other player's score in the same game.
    pub fn opposite(self) -> Score {
        Score(1.0 - self.0)
    }
}

impl TryFrom<f64> for Score {
    type Error = RatingError;
    fn try_from(score: f64) -> Result<Score, RatingError> {
        Score::new(score)
    }
}

impl From<Score> for f64 {
    fn from(s: Score) -> f64 {
        s.0
    }
}

/// One game of a rating period: the opponent's rating before it and the player's score.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Outcome {
    /// The opponent as they were rated when the game began.
    pub opponent: Rating,
    /// The player's score.
    pub score: Score,
}

/// The system's settings: the constant τ, a new player's rating, the bounds on the deviation
/// and the length of a rating period.
///
/// The default: τ = 0.5 (the paper's example; it advises 0.3 to 1.2, smaller keeping the
/// volatility steadier); a new player at 1500 with deviation 350 and volatility 0.06 (the
/// paper's values for an unrated player); the deviation kept between 45 (lichess's floor, so
/// that a rating can still move after many games) and 350 (where an absence leaves a player
/// no better known than a new one); a rating period of a week.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Config {
    tau: f64,
    unrated: Rating,
    min_deviation: f64,
    period_secs: u64,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            tau: 0.5,
            unrated: Rating {
                rating: CENTRE,
                deviation: 350.0,
                volatility: 0.06,
            },
            min_deviation: 45.0,
            period_secs: 7 * 24 * 3600,
        }
    }
}

impl Config {
    /// Settings, checked: τ finite and above 0, the floor on the deviation within
    /// [`DEVIATION_BOUNDS`] and at most the unrated deviation (which is also the ceiling), a
    /// period of at least a second.
    ///
    /// ```
    /// use rajapasu_rating::{Config, Rating, RatingError};
    /// let unrated = Rating::new(1500.0, 350.0, 0.06).unwrap();
    /// assert!(Config::new(0.75, unrated, 45.0, 86_400).is_ok());
    /// assert_eq!(Config::new(-1.0, unrated, 45.0, 86_400), Err(RatingError::Tau(-1.0)));
    /// assert!(Config::new(0.5, unrated, 400.0, 86_400).is_err());
    /// ```
    pub fn new(
        tau: f64,
        unrated: Rating,
        min_deviation: f64,
        period_secs: u64,
    ) -> Result<Config, RatingError> {
        if !positive(tau) {
            return Err(RatingError::Tau(tau));
        }
        if !within(min_deviation, DEVIATION_BOUNDS) || min_deviation > unrated.deviation {
            return Err(RatingError::DeviationBounds {
                min: min_deviation,
                max: unrated.deviation,
            });
        }
        if period_secs == 0 {
            return Err(RatingError::Period);
        }
        Ok(Config {
            tau,
            unrated,
            min_deviation,
            period_secs,
        })
    }

    /// A new player's rating.
    pub fn unrated(&self) -> Rating {
        self.unrated
    }

    /// The length of a rating period, in seconds.
    pub fn period_secs(&self) -> u64 {
        self.period_secs
    }

    /// How many rating periods `seconds` away from rated play make (a fraction for less than
    /// one).
    ///
    /// ```
    /// use rajapasu_rating::Config;
    /// assert_eq!(Config::default().idle_periods(14 * 24 * 3600), 2.0);
    /// ```
    pub fn idle_periods(&self, seconds: u64) -> f64 {
        seconds as f64 / self.period_secs as f64
    }

    /// The player's rating after `games`, played after `idle_periods` away from rated play
    /// (Glickman's steps 2 to 8, step 6 adding the volatility once per idle period). With no
    /// games only the deviation grows: what a leaderboard shows for a player who has been away.
    ///
    /// ```
    /// use rajapasu_rating::{Config, Outcome, Rating, Score};
    /// let config = Config::default();
    /// let player = Rating::new(1500.0, 200.0, 0.06).unwrap();
    /// let away = config.update(&player, &[], 1.0).unwrap();
    /// assert_eq!(away.rating(), 1500.0);
    /// assert!((away.deviation() - 200.2714).abs() < 1e-4); // √(200² + (0.06 × 173.7178)²)
    /// ```
    pub fn update(
        &self,
        player: &Rating,
        games: &[Outcome],
        idle_periods: f64,
    ) -> Result<Rating, RatingError> {
        if !(idle_periods.is_finite() && idle_periods >= 0.0) {
            return Err(RatingError::IdlePeriods(idle_periods));
        }
        let (mu, phi) = player.glicko2();
        let sigma = player.volatility;
        if games.is_empty() {
            let grown = (phi * phi + idle_periods * sigma * sigma).sqrt();
            return Ok(self.bounded(player.rating, grown * SCALE, sigma));
        }
        // Steps 3 and 4: the estimated variance v from the games alone, and the improvement Δ
        // their scores show over what the ratings expected (kept as Δ / v).
        let mut inverse_v = 0.0;
        let mut improvement = 0.0;
        for game in games {
            let (mu_j, phi_j) = game.opponent.glicko2();
            let g = g(phi_j);
            let e = expected(mu, mu_j, g);
            inverse_v += g * g * e * (1.0 - e);
            improvement += g * (game.score.value() - e);
        }
        let v = 1.0 / inverse_v;
        let delta = v * improvement;
        // Within the bounds of a rating neither is ever infinite; checked rather than trusted,
        // so that no arithmetic accident can become a stored rating.
        if !(v.is_finite() && delta.is_finite()) {
            return Err(RatingError::NoConvergence);
        }
        // Step 5, then steps 6 and 7.
        let new_sigma = self.new_volatility(phi, sigma, v, delta)?;
        let phi_star = (phi * phi + idle_periods * new_sigma * new_sigma).sqrt();
        let new_phi = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
        let new_mu = mu + new_phi * new_phi * improvement;
        // Step 8.
        let (rating, deviation) = (CENTRE + SCALE * new_mu, SCALE * new_phi);
        if !(rating.is_finite() && deviation.is_finite() && new_sigma.is_finite()) {
            return Err(RatingError::NoConvergence);
        }
        Ok(self.bounded(rating, deviation, new_sigma))
    }

    /// Both players' ratings after one game between them, `score_a` being `a`'s score and
    /// `idle` the periods each was away before it ([`Config::idle_periods`]).
    pub fn rate_game(
        &self,
        a: &Rating,
        b: &Rating,
        score_a: Score,
        idle: [f64; 2],
    ) -> Result<(Rating, Rating), RatingError> {
        let for_a = Outcome {
            opponent: *b,
            score: score_a,
        };
        let for_b = Outcome {
            opponent: *a,
            score: score_a.opposite(),
        };
        Ok((
            self.update(a, &[for_a], idle[0])?,
            self.update(b, &[for_b], idle[1])?,
        ))
    }

    /// A rating with each number held within its bounds (the deviation within this system's
    /// floor and ceiling): finite numbers only.
    fn bounded(&self, rating: f64, deviation: f64, volatility: f64) -> Rating {
        Rating {
            rating: rating.clamp(RATING_BOUNDS.0, RATING_BOUNDS.1),
            deviation: deviation.clamp(self.min_deviation, self.unrated.deviation),
            volatility: volatility.clamp(VOLATILITY_BOUNDS.0, VOLATILITY_BOUNDS.1),
        }
    }

    /// Step 5: the new volatility, the root of the paper's f by the Illinois algorithm (a
    /// regula falsi that halves the stale end's value so that both ends close in).
    fn new_volatility(&self, phi: f64, sigma: f64, v: f64, delta: f64) -> Result<f64, RatingError> {
        let tau = self.tau;
        let a = (sigma * sigma).ln();
        let spread = phi * phi + v;
        let f = |x: f64| {
            let ex = x.exp();
            let d = spread + ex;
            ex * (delta * delta - spread - ex) / (2.0 * d * d) - (x - a) / (tau * tau)
        };
        let mut lo = a;
        let mut hi = if delta * delta > spread {
            (delta * delta - spread).ln()
        } else {
            let mut k = 1.0;
            while f(a - k * tau) < 0.0 {
                k += 1.0;
                if k > f64::from(MAX_ITERATIONS) {
                    return Err(RatingError::NoConvergence);
                }
            }
            a - k * tau
        };
        let (mut f_lo, mut f_hi) = (f(lo), f(hi));
        let mut iterations = 0;
        while (hi - lo).abs() > EPSILON {
            iterations += 1;
            if iterations > MAX_ITERATIONS || !(f_hi - f_lo).is_normal() {
                return Err(RatingError::NoConvergence);
            }
            let c = lo + (lo - hi) * f_lo / (f_hi - f_lo);
            let f_c = f(c);
            if f_c * f_hi <= 0.0 {
                lo = hi;
                f_lo = f_hi;
            } else {
                f_lo /= 2.0;
            }
            hi = c;
            f_hi = f_c;
        }
        Ok((lo / 2.0).exp())
    }
}

/// How much an opponent's uncertainty φ weakens what a game against them says.
fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (PI * PI)).sqrt()
}

/// The expected score of a player at μ against an opponent at `mu_j` weighted by `g`.
fn expected(mu: f64, mu_j: f64, g: f64) -> f64 {
    1.0 / (1.0 + (-g * (mu - mu_j)).exp())
}
