//! The update checked against Glickman's worked example and against updates worked out step by
//! step here, with a different root finder for the volatility (bisection, not Illinois).

use rajapasu_rating::mandiri::{outcomes, pairwise, pairwise_by_captures, rate_mandiri};
use rajapasu_rating::{Config, Outcome, Rating, RatingError, Score};
use std::f64::consts::PI;

fn rating(r: f64, rd: f64, sigma: f64) -> Rating {
    Rating::new(r, rd, sigma).unwrap()
}

fn close(actual: f64, expected: f64, tolerance: f64) {
    assert!(
        (actual - expected).abs() <= tolerance,
        "{actual} is not within {tolerance} of {expected}"
    );
}

/// "Example of the Glicko-2 system": a player at 1500, RD 200, volatility 0.06, with τ = 0.5,
/// beats a 1400 (RD 30) and loses to a 1550 (RD 100) and a 1700 (RD 300) in one period. The
/// paper gives 1464.06, 151.52 and 0.05999, from intermediate values rounded to four places;
/// unrounded the rating is 1464.0507, so the tolerances are those of the paper's rounding.
#[test]
fn glickmans_example() {
    let player = rating(1500.0, 200.0, 0.06);
    let games = [
        (rating(1400.0, 30.0, 0.06), Score::WIN),
        (rating(1550.0, 100.0, 0.06), Score::LOSS),
        (rating(1700.0, 300.0, 0.06), Score::LOSS),
    ]
    .map(|(opponent, score)| Outcome { opponent, score });
    let after = Config::default().update(&player, &games, 1.0).unwrap();
    close(after.rating(), 1464.06, 0.01);
    close(after.deviation(), 151.52, 0.01);
    close(after.volatility(), 0.05999, 0.00001);
}

/// The paper's steps written out for one game between two new players (1500, RD 350, σ 0.06),
/// the first scoring `s`, with `periods` idle periods; the volatility's equation solved by
/// bisection. Returns the first player's rating, RD and volatility.
fn by_hand(s: f64, periods: f64) -> (f64, f64, f64) {
    let scale = 173.7178;
    let tau: f64 = 0.5;
    let (mu, phi, sigma) = (0.0, 350.0 / scale, 0.06_f64); // μ = 0, φ = 2.014762
    let g = 1.0 / (1.0 + 3.0 * phi * phi / (PI * PI)).sqrt(); // 0.669069
    let e: f64 = 0.5; // equal ratings: 1 / (1 + e^0)
    let v = 1.0 / (g * g * e * (1.0 - e)); // 8.935475
    let delta = v * g * (s - e); // 2.989226 for a win, 0 for a draw
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        let d = phi * phi + v + ex;
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau)
    };
    // f falls from positive to negative through its one root: halve an interval around a.
    let (mut lo, mut hi) = (a - 20.0, a + 20.0);
    for _ in 0..200 {
        let mid = (lo + hi) / 2.0;
        if f(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let new_sigma = (lo / 2.0).exp();
    let phi_star = (phi * phi + periods * new_sigma * new_sigma).sqrt();
    let new_phi = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
    let new_mu = mu + new_phi * new_phi * g * (s - e);
    (1500.0 + scale * new_mu, scale * new_phi, new_sigma)
}

#[test]
fn one_game_between_new_players_as_worked_by_hand() {
    let config = Config::default();
    let new = config.unrated();
    for (score, periods) in [
        (Score::WIN, 1.0),
        (Score::DRAW, 1.0),
        (Score::WIN, 0.0),
        (Score::LOSS, 2.5),
    ] {
        let (a, b) = config
            .rate_game(&new, &new, score, [periods, periods])
            .unwrap();
        let (r, rd, sigma) = by_hand(score.value(), periods);
        close(a.rating(), r, 1e-6);
        close(a.deviation(), rd, 1e-6);
        close(a.volatility(), sigma, 1e-9);
        // The loser loses what the winner gains: the game is symmetric.
        close(b.rating(), 3000.0 - r, 1e-6);
        close(b.deviation(), rd, 1e-6);
    }
    // Figures from the steps above, to two places: a win takes a new player to 1662.31, RD
    // 290.32; a draw leaves them at 1500 exactly.
    let (won, drawn) = (by_hand(1.0, 1.0), by_hand(0.5, 1.0));
    close(won.0, 1662.31, 0.005);
    close(won.1, 290.32, 0.005);
    assert_eq!(drawn.0, 1500.0);
}

#[test]
fn away_from_play_only_the_deviation_grows_up_to_the_unrated_one() {
    let config = Config::default();
    let player = rating(1720.0, 60.0, 0.06);
    let back = config
        .update(&player, &[], config.idle_periods(4 * 7 * 24 * 3600))
        .unwrap();
    assert_eq!((back.rating(), back.volatility()), (1720.0, 0.06));
    // √(60² + 4 × (0.06 × 173.7178)²) = √(3600 + 434.56) = 63.52 (four weeks, four periods)
    close(back.deviation(), 63.52, 0.005);
    let long_gone = config.update(&player, &[], 1e9).unwrap();
    assert_eq!(long_gone.deviation(), 350.0);
}

#[test]
fn the_deviation_never_falls_below_the_floor() {
    let config = Config::default();
    let mut a = rating(1500.0, 50.0, 0.06);
    let b = rating(1500.0, 50.0, 0.06);
    for _ in 0..50 {
        a = config.rate_game(&a, &b, Score::DRAW, [0.0, 0.0]).unwrap().0;
    }
    assert_eq!(a.deviation(), 45.0);
}

#[test]
fn provisional_until_the_deviation_falls_below_110() {
    let config = Config::default();
    let (mut a, mut b) = (config.unrated(), config.unrated());
    let mut games = 0;
    while a.is_provisional() {
        assert!(a.deviation() >= 110.0);
        (a, b) = config.rate_game(&a, &b, Score::DRAW, [0.0, 0.0]).unwrap();
        games += 1;
        assert!(games < 100, "the deviation does not fall");
    }
    assert!(a.deviation() < 110.0 && games > 1);
}

#[test]
fn bad_input_is_refused_by_name() {
    assert_eq!(
        Rating::new(1500.0, -30.0, 0.06),
        Err(RatingError::Deviation(-30.0))
    );
    assert_eq!(
        Rating::new(1500.0, 0.0, 0.06),
        Err(RatingError::Deviation(0.0))
    );
    assert!(matches!(Rating::new(f64::NAN, 30.0, 0.06), Err(RatingError::Rating(r)) if r.is_nan()));
    assert!(matches!(
        Rating::new(1500.0, f64::NAN, 0.06),
        Err(RatingError::Deviation(_))
    ));
    assert!(matches!(
        Rating::new(1500.0, 30.0, f64::INFINITY),
        Err(RatingError::Volatility(_))
    ));
    assert_eq!(Score::new(-0.1), Err(RatingError::Score(-0.1)));
    assert_eq!(Score::new(1.01), Err(RatingError::Score(1.01)));
    assert!(matches!(Score::new(f64::NAN), Err(RatingError::Score(_))));
    let config = Config::default();
    let p = config.unrated();
    assert!(matches!(
        config.update(&p, &[], -1.0),
        Err(RatingError::IdlePeriods(_))
    ));
    assert!(matches!(
        config.update(&p, &[], f64::NAN),
        Err(RatingError::IdlePeriods(_))
    ));
    assert_eq!(Config::new(0.5, p, 45.0, 0), Err(RatingError::Period));
    assert!(RatingError::Deviation(-30.0).to_string().contains("-30"));
}

#[test]
fn extreme_but_valid_ratings_update_without_error() {
    let config = Config::default();
    let strong = rating(3500.0, 45.0, 0.06);
    let weak = rating(100.0, 350.0, 0.5);
    for score in [Score::WIN, Score::DRAW, Score::LOSS] {
        let (a, b) = config.rate_game(&weak, &strong, score, [3.0, 0.0]).unwrap();
        assert!(a.rating().is_finite() && b.rating().is_finite());
        assert!(a.volatility() > 0.0 && b.volatility() > 0.0);
    }
}

#[test]
fn mandiri_pairs_are_decided_by_captures() {
    let scores = |c| pairwise_by_captures(c).map(|p| (p.first, p.second, p.first_score));
    assert_eq!(
        scores([18, 50, 30]),
        [(0, 1, Score::LOSS), (0, 2, Score::LOSS), (1, 2, Score::WIN)]
    );
    assert_eq!(
        scores([32, 32, 32]),
        [
            (0, 1, Score::DRAW),
            (0, 2, Score::DRAW),
            (1, 2, Score::DRAW)
        ]
    );
    // Whoever resigns or flags loses to both, whatever they captured; captures decide the rest.
    let forfeit = |c, f| {
        pairwise(c, Some(f))
            .unwrap()
            .map(|p| (p.first, p.second, p.first_score))
    };
    assert_eq!(
        forfeit([18, 50, 30], 1),
        [(0, 1, Score::WIN), (0, 2, Score::LOSS), (1, 2, Score::LOSS)]
    );
    assert_eq!(
        forfeit([32, 32, 32], 2),
        [(0, 1, Score::DRAW), (0, 2, Score::WIN), (1, 2, Score::WIN)]
    );
    assert_eq!(
        pairwise([1, 2, 3], None).unwrap(),
        pairwise_by_captures([1, 2, 3])
    );
    assert_eq!(pairwise([1, 2, 3], Some(3)), Err(RatingError::Player(3)));
    // Every player meets the other two, at the ratings they had before the game.
    let config = Config::default();
    let ratings = [
        rating(1600.0, 80.0, 0.06),
        rating(1500.0, 120.0, 0.06),
        rating(1400.0, 200.0, 0.06),
    ];
    let games = outcomes(&ratings, [18, 50, 30]);
    assert_eq!(
        games[0].map(|o| (o.opponent, o.score)),
        [(ratings[1], Score::LOSS), (ratings[2], Score::LOSS)]
    );
    assert_eq!(
        games[1].map(|o| (o.opponent, o.score)),
        [(ratings[0], Score::WIN), (ratings[2], Score::WIN)]
    );
    assert_eq!(
        games[2].map(|o| (o.opponent, o.score)),
        [(ratings[0], Score::WIN), (ratings[1], Score::LOSS)]
    );
    // The three-player update is each player's two-game update.
    let after = rate_mandiri(&config, &ratings, [1.0, 0.0, 2.0], [18, 50, 30]).unwrap();
    for (i, idle) in [1.0, 0.0, 2.0].into_iter().enumerate() {
        assert_eq!(
            after[i],
            config.update(&ratings[i], &games[i], idle).unwrap()
        );
    }
    assert!(after[0].rating() < 1600.0 && after[1].rating() > 1500.0);
}

#[cfg(feature = "serde")]
#[test]
fn stored_ratings_are_checked_on_the_way_in() {
    let r = rating(1512.5, 80.0, 0.06);
    let json = serde_json::to_string(&r).unwrap();
    assert_eq!(
        json,
        r#"{"rating":1512.5,"deviation":80.0,"volatility":0.06}"#
    );
    assert_eq!(serde_json::from_str::<Rating>(&json).unwrap(), r);
    assert!(
        serde_json::from_str::<Rating>(r#"{"rating":1500,"deviation":-5,"volatility":0.06}"#)
            .is_err()
    );
    assert!(serde_json::from_str::<Score>("1.5").is_err());
}

/// Every rating that can be built updates without error, and stays within the bounds: the
/// corners and middles of the bounds, against each other, for every score and with or without
/// time away. A client or a damaged store can send any of them.
#[test]
fn every_rating_within_the_bounds_updates_within_them() {
    use rajapasu_rating::{DEVIATION_BOUNDS, RATING_BOUNDS, VOLATILITY_BOUNDS};
    let spread = |(lo, hi): (f64, f64)| [lo, lo + (hi - lo) * 0.001, (lo + hi) / 2.0, hi];
    let mut all = Vec::new();
    for r in spread(RATING_BOUNDS) {
        for d in spread(DEVIATION_BOUNDS) {
            for v in spread(VOLATILITY_BOUNDS) {
                all.push(rating(r, d, v));
            }
        }
    }
    let config = Config::default();
    let inside = |x: Rating| Rating::new(x.rating(), x.deviation(), x.volatility()).is_ok();
    for a in &all {
        for b in &all {
            for score in [Score::WIN, Score::DRAW, Score::LOSS] {
                for idle in [0.0, 1e6] {
                    let (a2, b2) = config
                        .rate_game(a, b, score, [idle, 0.0])
                        .unwrap_or_else(|e| panic!("{a:?} against {b:?} scoring {score:?}: {e}"));
                    assert!(inside(a2) && inside(b2), "{a:?} {b:?} gave {a2:?} {b2:?}");
                }
            }
        }
    }
}

#[test]
fn numbers_beyond_the_bounds_are_refused() {
    assert_eq!(
        Rating::new(1e15, 350.0, 0.06),
        Err(RatingError::Rating(1e15))
    );
    assert_eq!(
        Rating::new(20_000.0, 350.0, 0.06),
        Err(RatingError::Rating(20_000.0))
    );
    assert_eq!(
        Rating::new(1500.0, 1e300, 0.06),
        Err(RatingError::Deviation(1e300))
    );
    assert_eq!(
        Rating::new(1500.0, 1e-9, 1e-9),
        Err(RatingError::Deviation(1e-9))
    );
    assert_eq!(
        Rating::new(1500.0, 100.0, 1e-9),
        Err(RatingError::Volatility(1e-9))
    );
    assert!(RatingError::Rating(1e15)
        .to_string()
        .contains("from 0 to 4000"));
}
