//! What a rated game's end changes, with no I/O: a player's standing in a pool ([`Standing`]),
//! the end of a rated game as the store receives it ([`RatedEnd`]), and the new standings
//! ([`rate`]). The store calls [`rate`] inside the transaction that stores the game's end, so
//! that the ratings move with the result or not at all.

use rajapasu_engine::SowingGame;
use rajapasu_rating::mandiri::PairResult;
use rajapasu_rating::{Config, Outcome, Pool, Rating, RatingError};

/// Fewest rated games in a pool for a player to be listed on its leaderboard: a provisional
/// player is not listed either (docs/RATINGS.md).
pub const LEADERBOARD_MIN_GAMES: u32 = 10;

/// Whether every seat of `game` has made a move since it was set up: a rated game ended
/// before that (resigned, flagged, drawn or abandoned at its start) is not rated, as lichess
/// aborts it, so that an account cannot feed another ratings by losing games it never
/// played (docs/RATINGS.md).
///
/// ```
/// use rajapasu_engine::{Game, Move, Rules, SowingGame};
/// use rajapasu_server::ratings::standing::every_seat_moved;
/// let mut game = Game::new(Rules::default());
/// assert!(!every_seat_moved(&game));
/// game.try_play(Move::new(1).unwrap()).unwrap();
/// assert!(!every_seat_moved(&game));
/// let reply = game.legal_moves()[0];
/// game.try_play(reply).unwrap();
/// assert!(every_seat_moved(&game));
/// ```
pub fn every_seat_moved<G: SowingGame>(game: &G) -> bool {
    let mut replay = G::from_position(*game.start());
    let mut seats = std::collections::HashSet::new();
    for &mv in game.moves() {
        seats.insert(replay.to_move());
        if seats.len() == G::SEATS {
            return true;
        }
        if replay.try_play(mv).is_err() {
            break;
        }
    }
    false
}

/// The rating system's settings, the same for every pool of games (docs/RATINGS.md): the rating
/// crate's defaults. Puzzles rate attempts with their own (`crate::puzzles`).
pub fn system() -> Config {
    Config::default()
}

/// A player's rating in one pool, with how many rated games it counts and when the last one
/// ended (seconds since 1970; `None` before the first).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Standing {
    /// The rating.
    pub rating: Rating,
    /// Rated games played in the pool.
    pub games: u32,
    /// When the last rated game ended, seconds since 1970.
    pub last: Option<u64>,
}

impl Standing {
    /// A player who has not played in the pool yet.
    pub fn unrated(config: &Config) -> Standing {
        Standing {
            rating: config.unrated(),
            games: 0,
            last: None,
        }
    }

    /// The standing as it is at `now`: the deviation grown by the time away since the last
    /// game (what a leaderboard shows; the rating itself moves only with games).
    pub fn now(&self, config: &Config, now: u64) -> Standing {
        let idle = idle(config, self.last, now);
        let rating = config
            .update(&self.rating, &[], idle)
            .unwrap_or(self.rating);
        Standing { rating, ..*self }
    }
}

/// The periods away between `last` and `now` (none before the first game).
fn idle(config: &Config, last: Option<u64>, now: u64) -> f64 {
    last.map_or(0.0, |last| config.idle_periods(now.saturating_sub(last)))
}

/// The end of a rated game: its players' accounts, the pool, the pairs' results and when.
#[derive(Clone, Debug, PartialEq)]
pub struct RatedEnd {
    /// The game's id.
    pub game: String,
    /// The pool the game is rated in.
    pub pool: Pool,
    /// Each player's account id, by player index.
    pub accounts: Vec<String>,
    /// The results between pairs of players (indexes into `accounts`): one pair in Raja Pasu,
    /// three in Mandiri.
    pub pairs: Vec<PairResult>,
    /// When it ended, seconds since 1970.
    pub at: u64,
}

/// The players' standings after the rated game `end`, from their standings before it (by
/// player index, as `end.accounts`): each player rated on their pairs at once, against the
/// others as they stood before the game, after the time away since their last rated game.
///
/// ```
/// use rajapasu_rating::mandiri::PairResult;
/// use rajapasu_rating::{Config, Pool, Score};
/// use rajapasu_server::ratings::standing::{rate, RatedEnd, Standing};
/// let config = Config::default();
/// let end = RatedEnd {
///     game: "g".into(),
///     pool: "round-blitz".parse().unwrap(),
///     accounts: vec!["ann".into(), "bo".into()],
///     pairs: vec![PairResult { first: 0, second: 1, first_score: Score::WIN }],
///     at: 100,
/// };
/// let before = [Standing::unrated(&config); 2];
/// let after = rate(&config, &end, &before).unwrap();
/// assert_eq!(after[0].rating.rating().round(), 1662.0);
/// assert_eq!(after[1].rating.rating().round(), 1338.0);
/// assert_eq!((after[0].games, after[0].last), (1, Some(100)));
/// ```
pub fn rate(
    config: &Config,
    end: &RatedEnd,
    before: &[Standing],
) -> Result<Vec<Standing>, RatingError> {
    let player = |i: usize| before.get(i).ok_or(RatingError::Player(i));
    let mut after = Vec::with_capacity(before.len());
    for (i, standing) in before.iter().enumerate() {
        let mut games = Vec::new();
        for pair in &end.pairs {
            if pair.first == i {
                games.push(Outcome {
                    opponent: player(pair.second)?.rating,
                    score: pair.first_score,
                });
            } else if pair.second == i {
                games.push(Outcome {
                    opponent: player(pair.first)?.rating,
                    score: pair.first_score.opposite(),
                });
            }
        }
        let rating = config.update(
            &standing.rating,
            &games,
            idle(config, standing.last, end.at),
        )?;
        after.push(Standing {
            rating,
            games: standing.games.saturating_add(1),
            last: Some(end.at),
        });
    }
    Ok(after)
}

/// A rating as the API shows it: rounded, with its deviation and whether it is provisional.
pub fn rating_json(r: &Rating) -> serde_json::Value {
    serde_json::json!({
        "rating": r.rating().round() as i64,
        "deviation": r.deviation().round() as i64,
        "provisional": r.is_provisional(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use rajapasu_rating::mandiri::pairwise;
    use rajapasu_rating::mandiri::rate_mandiri;
    use rajapasu_rating::Score;

    fn end(pairs: Vec<PairResult>, players: usize, at: u64) -> RatedEnd {
        RatedEnd {
            game: "g".into(),
            pool: "mandiri-blitz".parse().unwrap(),
            accounts: (0..players).map(|i| i.to_string()).collect(),
            pairs,
            at,
        }
    }

    #[test]
    fn mandiri_is_rated_as_the_rating_crate_rates_it() {
        let config = Config::default();
        let before = [
            Standing::unrated(&config),
            Standing {
                rating: Rating::new(1600.0, 120.0, 0.06).unwrap(),
                games: 10,
                last: Some(50),
            },
            Standing::unrated(&config),
        ];
        let captures = [50, 30, 18];
        let pairs = pairwise(captures, None).unwrap().to_vec();
        // Player 2 last played 50 s before: idle periods as the crate counts them.
        let after = rate(&config, &end(pairs, 3, 100), &before).unwrap();
        let idle = [0.0, config.idle_periods(50), 0.0];
        let ratings = before.map(|s| s.rating);
        let expected = rate_mandiri(&config, &ratings, idle, captures).unwrap();
        for i in 0..3 {
            assert_eq!(after[i].rating, expected[i], "player {i}");
        }
        assert_eq!(after[1].games, 11);
    }

    #[test]
    fn a_draw_between_equals_moves_only_the_deviation() {
        let config = Config::default();
        let pairs = vec![PairResult {
            first: 0,
            second: 1,
            first_score: Score::DRAW,
        }];
        let after = rate(&config, &end(pairs, 2, 9), &[Standing::unrated(&config); 2]).unwrap();
        assert!((after[0].rating.rating() - 1500.0).abs() < 1e-9);
        assert!(after[0].rating.deviation() < 350.0);
    }

    #[test]
    fn a_pair_naming_no_player_is_an_error() {
        let config = Config::default();
        let pairs = vec![PairResult {
            first: 0,
            second: 2,
            first_score: Score::WIN,
        }];
        let e = rate(&config, &end(pairs, 2, 9), &[Standing::unrated(&config); 2]);
        assert_eq!(e, Err(RatingError::Player(2)));
    }

    #[test]
    fn time_away_grows_the_deviation_shown() {
        let config = Config::default();
        let s = Standing {
            rating: Rating::new(1700.0, 60.0, 0.06).unwrap(),
            games: 30,
            last: Some(0),
        };
        let later = s.now(&config, 365 * 86_400);
        assert_eq!(later.rating.rating(), 1700.0);
        assert!(later.rating.deviation() > 60.0);
    }
}
