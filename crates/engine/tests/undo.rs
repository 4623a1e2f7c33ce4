//! `Game::undo` restores everything a game shows, not only the position: on random matches
//! with many round ends, refills, repetitions and repeated round starts (small boards), each
//! state seen on the way forward is seen again on the way back. And a game that records no
//! moves (`Game::unrecorded`) shows the same as one that does, history aside.

use rajapasu_engine::rng::Rng;
use rajapasu_engine::{Game, Move, Position, RoundOutcome, RoundResult, Rules, Side, Status};

/// What a game shows: its position, status, legal moves, rounds, leader and history tests.
#[derive(Debug, PartialEq)]
struct Shown {
    pos: Position,
    status: Status,
    legal: Vec<Move>,
    legal_mask: u32,
    rounds: Vec<RoundResult>,
    leader: Side,
    occurrences: usize,
    repeated_in_layer: bool,
    round_outcome: Option<RoundOutcome>,
    repeated_round_start: bool,
    moves: Vec<Move>,
    before: Vec<Position>,
}

fn shown(game: &Game) -> Shown {
    Shown {
        pos: *game.position(),
        status: game.status(),
        legal: game.legal_moves().to_vec(),
        legal_mask: game.legal_mask(),
        rounds: game.rounds().to_vec(),
        leader: game.leader(),
        occurrences: game.occurrences(),
        repeated_in_layer: game.repeated_in_layer(),
        round_outcome: game.round_outcome(),
        repeated_round_start: game.repeated_round_start(),
        moves: game.moves().to_vec(),
        before: game.before_moves().copied().collect(),
    }
}

#[test]
fn undo_restores_everything_a_game_shows() {
    let mut rng = Rng::new(23);
    let mut round_ends = 0;
    for spec in [
        "canonical/holes=3,counters=1",
        "canonical/holes=3,counters=2",
        "canonical/holes=4,counters=2,endless=forbid",
        "canonical/holes=3,counters=2,mode=round",
        "walak-pussa/holes=4,counters=2",
        "canonical",
    ] {
        let rules: Rules = spec.parse().unwrap();
        for _ in 0..200 {
            let mut game = Game::new(rules);
            let mut states = vec![shown(&game)];
            while !game.status().is_over() && game.moves().len() < 300 {
                let moves = game.legal_moves();
                game.play(moves[rng.below(moves.len())]);
                states.push(shown(&game));
            }
            round_ends += game.rounds().len();
            while game.undo().is_some() {
                states.pop();
                assert_eq!(&shown(&game), states.last().unwrap(), "{spec}");
            }
            assert_eq!(states.len(), 1);
        }
    }
    assert!(round_ends > 1000, "only {round_ends} round ends");
}

#[test]
fn unrecorded_games_play_as_recorded_ones() {
    let mut rng = Rng::new(5);
    for spec in [
        "canonical/holes=3,counters=1",
        "canonical/holes=4,counters=2,endless=forbid",
        "canonical/mode=round",
    ] {
        let rules: Rules = spec.parse().unwrap();
        let start = Position::start(rules);
        let mut unrecorded = Game::unrecorded(start);
        for _ in 0..100 {
            let mut game = Game::from_position(start);
            unrecorded.reset(start);
            while !game.status().is_over() && game.moves().len() < 300 {
                let moves = game.legal_moves();
                let mv = moves[rng.below(moves.len())];
                game.play(mv);
                unrecorded.play(mv);
                let (a, b) = (shown(&game), shown(&unrecorded));
                assert_eq!(
                    Shown {
                        moves: Vec::new(),
                        before: Vec::new(),
                        ..a
                    },
                    b,
                    "{spec}"
                );
            }
            assert_eq!(unrecorded.undo(), None);
        }
    }
}
