//! A Mandiri game rated as three two-player games, one for each pair of its players, each won
//! by the player who captured more (a draw when they captured the same): the measure that
//! decides a round (RULES.md, rule M6) decides each pair. docs/RATINGS.md says why.
//!
//! Players are given by their index, 0 to 2 (players 1 to 3).

use crate::error::RatingError;
use crate::glicko2::{Config, Outcome, Rating, Score};

/// One pair's result: `first` against `second` (indexes, `first` the lower), and `first`'s
/// score.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PairResult {
    /// The lower index of the pair.
    pub first: usize,
    /// The higher index of the pair.
    pub second: usize,
    /// The score of `first` against `second`.
    pub first_score: Score,
}

/// The three pairs' results from each player's captures: more wins, equal draws.
///
/// ```
/// use rajapasu_rating::mandiri::pairwise_by_captures;
/// use rajapasu_rating::Score;
/// let pairs = pairwise_by_captures([40, 40, 18]);
/// let scores = pairs.map(|p| (p.first, p.second, p.first_score));
/// assert_eq!(scores, [(0, 1, Score::DRAW), (0, 2, Score::WIN), (1, 2, Score::WIN)]);
/// ```
pub fn pairwise_by_captures(captures: [u32; 3]) -> [PairResult; 3] {
    pair_results(captures, None)
}

/// The three pairs' results when `forfeited` (an index) resigned or lost on time: they lose
/// to both others whatever they captured, and captures decide between the other two. With
/// `None`, [`pairwise_by_captures`].
///
/// ```
/// use rajapasu_rating::mandiri::pairwise;
/// use rajapasu_rating::Score;
/// let pairs = pairwise([60, 20, 18], Some(0)).unwrap();
/// let scores = pairs.map(|p| (p.first, p.second, p.first_score));
/// assert_eq!(scores, [(0, 1, Score::LOSS), (0, 2, Score::LOSS), (1, 2, Score::WIN)]);
/// assert!(pairwise([60, 20, 18], Some(3)).is_err());
/// ```
pub fn pairwise(
    captures: [u32; 3],
    forfeited: Option<usize>,
) -> Result<[PairResult; 3], RatingError> {
    match forfeited {
        Some(i) if i >= 3 => Err(RatingError::Player(i)),
        _ => Ok(pair_results(captures, forfeited)),
    }
}

/// The pairs' results, `forfeited` within range or none.
fn pair_results(captures: [u32; 3], forfeited: Option<usize>) -> [PairResult; 3] {
    [(0, 1), (0, 2), (1, 2)].map(|(first, second)| PairResult {
        first,
        second,
        first_score: if forfeited == Some(first) {
            Score::LOSS
        } else if forfeited == Some(second) {
            Score::WIN
        } else {
            match captures[first].cmp(&captures[second]) {
                std::cmp::Ordering::Greater => Score::WIN,
                std::cmp::Ordering::Equal => Score::DRAW,
                std::cmp::Ordering::Less => Score::LOSS,
            }
        },
    })
}

/// Each player's two games, against the other two as they were rated before the game.
pub fn outcomes(ratings: &[Rating; 3], captures: [u32; 3]) -> [[Outcome; 2]; 3] {
    let mut games: [Vec<Outcome>; 3] = Default::default();
    for pair in pairwise_by_captures(captures) {
        games[pair.first].push(Outcome {
            opponent: ratings[pair.second],
            score: pair.first_score,
        });
        games[pair.second].push(Outcome {
            opponent: ratings[pair.first],
            score: pair.first_score.opposite(),
        });
    }
    games.map(|g| [g[0], g[1]])
}

/// The three players' ratings after a Mandiri game: each rated on their two pair games at
/// once, as one rating period, after `idle` periods away ([`Config::idle_periods`]).
///
/// ```
/// use rajapasu_rating::{mandiri::rate_mandiri, Config};
/// let config = Config::default();
/// let new = [config.unrated(); 3];
/// let after = rate_mandiri(&config, &new, [0.0; 3], [50, 30, 18]).unwrap();
/// assert!(after[0].rating() > 1500.0 && after[2].rating() < 1500.0);
/// assert!((after[1].rating() - 1500.0).abs() < 1e-9); // one win, one loss, equal opponents
/// ```
pub fn rate_mandiri(
    config: &Config,
    ratings: &[Rating; 3],
    idle: [f64; 3],
    captures: [u32; 3],
) -> Result<[Rating; 3], RatingError> {
    let games = outcomes(ratings, captures);
    let mut out = *ratings;
    for (i, rating) in out.iter_mut().enumerate() {
        *rating = config.update(&ratings[i], &games[i], idle[i])?;
    }
    Ok(out)
}
