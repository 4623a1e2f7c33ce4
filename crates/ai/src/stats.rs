//! Small statistics: Elo differences with confidence intervals, proportions, means with their
//! intervals ([`Share`]), lengths' mean, median and maximum ([`Lengths`]).

use serde::Serialize;

/// A result count from one player's point of view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Wdl {
    /// Wins.
    pub wins: u32,
    /// Draws.
    pub draws: u32,
    /// Losses.
    pub losses: u32,
}

impl Wdl {
    /// Games counted.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Points: a win 1, a draw 1/2.
    pub fn points(&self) -> f64 {
        f64::from(self.wins) + 0.5 * f64::from(self.draws)
    }

    /// The mean score per game, 0..=1 (0.5 with no games).
    pub fn score(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            0.5
        } else {
            self.points() / f64::from(n)
        }
    }

    /// The same results seen by the other player.
    pub fn flipped(&self) -> Wdl {
        Wdl {
            wins: self.losses,
            draws: self.draws,
            losses: self.wins,
        }
    }

    /// The Elo difference the score implies, with a 95% interval `(elo, low, high)`.
    ///
    /// The interval comes from the normal approximation of the mean per-game score; scores are
    /// clamped to `[1/(2n), 1 - 1/(2n)]` so that a clean sweep still gives a finite figure.
    pub fn elo(&self) -> (f64, f64, f64) {
        let n = f64::from(self.games());
        if n == 0.0 {
            return (0.0, 0.0, 0.0);
        }
        let p = self.score();
        let mean_sq = (f64::from(self.wins) + 0.25 * f64::from(self.draws)) / n;
        let sd = (mean_sq - p * p).max(0.0).sqrt();
        let half = 1.96 * sd / n.sqrt();
        let clamp = |x: f64| x.clamp(0.5 / n, 1.0 - 0.5 / n);
        (
            elo_of(clamp(p)),
            elo_of(clamp(p - half)),
            elo_of(clamp(p + half)),
        )
    }
}

/// The Elo difference of an expected score `p` (0 < p < 1).
pub fn elo_of(p: f64) -> f64 {
    -400.0 * (1.0 / p - 1.0).log10()
}

/// A Wilson 95% interval for `k` successes in `n` trials.
pub fn wilson(k: f64, n: f64) -> (f64, f64) {
    if n == 0.0 {
        return (0.0, 1.0);
    }
    let z = 1.96f64;
    let p = k / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// Mean and the half-width of its 95% interval (normal approximation).
pub fn mean_ci(xs: &[f64]) -> (f64, f64) {
    let n = xs.len() as f64;
    if xs.is_empty() {
        return (0.0, 0.0);
    }
    let mean = xs.iter().sum::<f64>() / n;
    if xs.len() < 2 {
        return (mean, 0.0);
    }
    let var = xs.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (n - 1.0);
    (mean, 1.96 * (var / n).sqrt())
}

/// A share with its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Share {
    /// The mean.
    pub mean: f64,
    /// Lower end of the 95% interval.
    pub low: f64,
    /// Upper end.
    pub high: f64,
}

impl Share {
    /// The mean of `xs` and its 95% interval (normal approximation).
    pub fn of(xs: &[f64]) -> Share {
        let (mean, half) = mean_ci(xs);
        Share {
            mean,
            low: mean - half,
            high: mean + half,
        }
    }

    /// As [`Share::of`] for values in 0..1, the interval kept within 0..1.
    pub fn of_fraction(xs: &[f64]) -> Share {
        let s = Share::of(xs);
        Share {
            low: s.low.max(0.0),
            high: s.high.min(1.0),
            ..s
        }
    }
}

/// Mean, median and longest of some lengths.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Lengths {
    /// Mean.
    pub mean: f64,
    /// Median.
    pub median: f64,
    /// Longest.
    pub max: usize,
}

impl Lengths {
    /// The lengths' mean, median and maximum (zeros for none).
    pub fn of(xs: &[usize]) -> Lengths {
        let mut v = xs.to_vec();
        v.sort_unstable();
        let n = v.len();
        if n == 0 {
            return Lengths {
                mean: 0.0,
                median: 0.0,
                max: 0,
            };
        }
        let median = if n % 2 == 1 {
            v[n / 2] as f64
        } else {
            (v[n / 2 - 1] + v[n / 2]) as f64 / 2.0
        };
        Lengths {
            mean: v.iter().sum::<usize>() as f64 / n as f64,
            median,
            max: v[n - 1],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_is_zero_for_an_even_score_and_grows_with_it() {
        let even = Wdl {
            wins: 10,
            draws: 0,
            losses: 10,
        };
        assert!(even.elo().0.abs() < 1e-9);
        let good = Wdl {
            wins: 75,
            draws: 0,
            losses: 25,
        };
        let (e, lo, hi) = good.elo();
        assert!((e - 190.8).abs() < 1.0, "{e}");
        assert!(lo < e && e < hi);
        let sweep = Wdl {
            wins: 10,
            draws: 0,
            losses: 0,
        };
        assert!(sweep.elo().0.is_finite());
    }

    #[test]
    fn wilson_contains_the_proportion() {
        let (lo, hi) = wilson(30.0, 100.0);
        assert!(lo < 0.3 && 0.3 < hi);
        assert!(lo > 0.2 && hi < 0.4);
    }
}
