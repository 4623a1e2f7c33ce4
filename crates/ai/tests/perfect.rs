//! Level 7, the perfect player: on small boards whose match is solved here, it wins every
//! match from every round start it wins, against every line of the opponent, within the
//! table's rounds; once a match reaches a round start it wins, it wins, whoever the opponent;
//! on the canonical rules its first moves are the certificate's.

use rajapasu_ai::certify::{certify_match, CertifyOptions};
use rajapasu_ai::choose_with_values;
use rajapasu_ai::match_solver::fixpoint::{solve_match, MatchOptions};
use rajapasu_ai::match_solver::values::{canonical, MatchValues};
use rajapasu_ai::perfect::{proven_winner, Proof};
use rajapasu_ai::search::Searcher;
use rajapasu_ai::{Level, LevelParams};
use rajapasu_engine::rng::Rng;
use rajapasu_engine::{Game, Position, RoundStart, Rules, Side, Status};

fn values(text: &str) -> MatchValues {
    let rules: Rules = text.parse().unwrap();
    MatchValues::from(&solve_match(rules, &MatchOptions::default(), &mut |_| {}))
}

fn params() -> LevelParams {
    Level::MAX.params()
}

/// A game set up at round start `r`.
fn game_at(r: RoundStart) -> Game {
    Game::from_position(r.position(2).unwrap())
}

/// Plays every line of the opponent from `game`, the perfect player `me` answering; checks
/// that each ends in `me`'s match win within `rounds` rounds, every move of `me` by the
/// match strategy. Returns the lines played.
fn every_line(
    game: &mut Game,
    me: Side,
    rounds: u32,
    values: &MatchValues,
    s: &mut Searcher,
) -> u64 {
    match game.status() {
        Status::MatchOver { winner } => {
            assert_eq!(winner, Some(me), "{:?}", game.moves());
            assert!(
                game.rounds().len() as u32 <= rounds,
                "{} rounds: {:?}",
                game.rounds().len(),
                game.moves()
            );
            return 1;
        }
        s => assert!(!s.is_over(), "{s:?}"),
    }
    if game.position().to_move() == me {
        let c = choose_with_values(s, game, &params(), 0, Some(values)).unwrap();
        assert!(
            matches!(c.proof, Some(Proof::MatchStrategy { .. })),
            "left the strategy at {} ({:?})",
            game.position(),
            c.proof
        );
        game.play(c.mv);
        let n = every_line(game, me, rounds, values, s);
        game.undo();
        n
    } else {
        let mut n = 0;
        for &m in game.legal_moves().iter() {
            game.play(m);
            n += every_line(game, me, rounds, values, s);
            game.undo();
        }
        n
    }
}

#[test]
fn the_winner_of_a_round_start_wins_against_every_line_within_the_tables_rounds() {
    let mut s = Searcher::new(16);
    for text in [
        "canonical/holes=3,counters=1",
        "canonical/holes=4,counters=1",
    ] {
        let values = values(text);
        let mut starts = 0;
        let mut lines = 0;
        for (r, v) in values.iter() {
            let (winner, rounds) = proven_winner(v).expect("small boards: every value exact");
            // Decision 11's draws are no wins.
            if v.exact().is_none() {
                continue;
            }
            let mut game = game_at(r);
            lines += every_line(&mut game, winner, rounds, &values, &mut s);
            starts += 1;
        }
        assert!(
            starts > 0 && lines >= starts,
            "{text}: {starts} round starts, {lines} lines"
        );
    }
}

/// A match between the perfect player `me` and an opponent playing at random or greedily;
/// once the match reaches a round start that `me` wins, or `me` plays a move of a match
/// strategy, `me` must win it.
fn check_against(r: RoundStart, me: Side, values: &MatchValues, seed: u64, s: &mut Searcher) {
    let mut game = game_at(r);
    let mut rng = Rng::new(seed);
    let mut must_win = false;
    let mut plies = 0;
    while !game.status().is_over() {
        plies += 1;
        assert!(plies < 10_000, "a match without end");
        let pos = *game.position();
        if pos.to_move() == me {
            let c = choose_with_values(s, &game, &params(), seed, Some(values)).unwrap();
            if matches!(
                c.proof,
                Some(Proof::MatchStrategy { .. } | Proof::MatchGoal)
            ) {
                must_win = true;
            }
            game.play(c.mv);
        } else {
            let moves = game.legal_moves();
            game.play(moves[rng.below(moves.len())]);
        }
        let now = game.position();
        if now.round() != pos.round() && !game.status().is_over() && !game.repeated_round_start() {
            let south = now.reserve(Side::South) + now.on_row(Side::South);
            let next = RoundStart::new(*values.rules(), south, now.to_move()).unwrap();
            let v = values.value(next).unwrap();
            if v.exact().is_some() && proven_winner(v).map(|w| w.0) == Some(me) {
                must_win = true;
            }
        }
    }
    if must_win {
        assert_eq!(
            game.status(),
            Status::MatchOver { winner: Some(me) },
            "from {r:?}, seed {seed}: {:?}",
            game.moves()
        );
    }
}

#[test]
fn once_it_holds_a_won_position_it_wins_whatever_the_opponent() {
    let mut s = Searcher::new(16);
    for text in [
        "canonical/holes=3,counters=1",
        "canonical/holes=3,counters=2",
    ] {
        let values = values(text);
        for (r, _) in values.iter() {
            for me in Side::ALL {
                for seed in 0..8 {
                    check_against(r, me, &values, seed, &mut s);
                }
            }
        }
    }
}

/// The positions agree on the board, the captures and the side to move (a section's root is
/// numbered round 2).
fn same(a: &Position, b: &Position) -> bool {
    a.counts() == b.counts()
        && a.to_move() == b.to_move()
        && Side::ALL.iter().all(|&s| a.captured(s) == b.captured(s))
}

#[test]
fn from_the_canonical_start_it_plays_the_certificates_moves() {
    let rules = Rules::default();
    let start = RoundStart::new(rules, 49, Side::South).unwrap();
    let cert = certify_match(
        canonical().iter(),
        start,
        &CertifyOptions::default(),
        &mut |_| {},
    )
    .unwrap();
    let (_, _, section) = cert.round_sections().find(|(r, _, _)| *r == start).unwrap();
    let strategy = section.strategy();
    let mut game = Game::new(rules);
    let mut s = Searcher::new(16);
    let mut rng = Rng::new(5);
    let mut followed = 0;
    while followed < 6 && game.position().round() == 1 && !game.status().is_over() {
        if game.position().to_move() == Side::South {
            let c = choose_with_values(&mut s, &game, &params(), 0, Some(canonical())).unwrap();
            assert_eq!(c.proof, Some(Proof::MatchStrategy { rounds: 6 }));
            let (_, mv) = strategy
                .iter()
                .find(|(p, _)| same(p, game.position()))
                .expect("the certificate covers every reply");
            assert_eq!(c.mv, *mv);
            game.play(c.mv);
            followed += 1;
        } else {
            let moves = game.legal_moves();
            game.play(moves[rng.below(moves.len())]);
        }
    }
    assert!(followed > 0);
}
