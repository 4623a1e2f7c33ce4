//! `Game::repeated_in_layer` against a count made afresh from the moves, on random games that
//! go round in circles (boards with few counters, where repetitions are common).

use rajapasu_engine::rng::Rng;
use rajapasu_engine::{Game, Position, Rules, Status};

/// Replays the game's moves and counts, since the last capture, how often each position (hole
/// counts and side to move) occurred.
fn naive(game: &Game) -> bool {
    let mut g = Game::from_position(*game.start());
    let key = |p: &Position| (p.counts().to_vec(), p.to_move());
    let mut layer = vec![key(g.position())];
    for &m in game.moves() {
        let before = g.position().on_board();
        let round = g.rounds().len();
        g.play(m);
        if g.rounds().len() != round || g.position().on_board() != before {
            layer.clear();
        }
        layer.push(key(g.position()));
    }
    let now = key(g.position());
    layer
        .iter()
        .any(|k| *k != now && layer.iter().filter(|x| *x == k).count() >= 2)
}

#[test]
fn repeated_in_layer_matches_a_fresh_count() {
    let mut rng = Rng::new(42);
    let mut seen_true = 0;
    // Lone counters that chase each other round the board (the line of the repetition test),
    // with a few more that can meet them.
    for (spec, code) in [
        (
            "canonical/mode=round",
            "1,0,0,0,0,0,0/1,0,0,0,0,0,0 S 50 46",
        ),
        (
            "canonical/mode=round",
            "1,0,0,1,0,0,0/1,0,0,0,0,0,0 S 50 45",
        ),
        ("canonical", "1,0,0,0,0,0,0/1,0,0,1,0,0,0 N 50 45"),
    ] {
        let rules: Rules = spec.parse().unwrap();
        for _ in 0..100 {
            let mut game = Game::from_code(code, rules).unwrap();
            for _ in 0..60 {
                if game.status() != Status::Playing {
                    break;
                }
                assert_eq!(
                    game.repeated_in_layer(),
                    naive(&game),
                    "{spec}: {:?}",
                    game.moves()
                );
                seen_true += usize::from(game.repeated_in_layer());
                let ms = game.legal_moves();
                game.play(ms[rng.below(ms.len())]);
                if rng.below(8) == 0 {
                    game.undo();
                    assert_eq!(game.repeated_in_layer(), naive(&game), "after undo");
                }
            }
        }
    }
    assert!(
        seen_true > 200,
        "the random games repeat positions ({seen_true})"
    );
}
