//! Properties over random games and random positions.

use proptest::prelude::*;
use rajapasu_engine::rng::Rng;
use rajapasu_engine::{BySide, Event, Game, Position, Rules, Setup, Side, Status};

const RULE_SETS: [&str; 10] = [
    "canonical",
    "canonical/mode=round",
    "stoneshark",
    "walak-pussa",
    "pallankuli",
    "canonical/origin=skip,fours=sower",
    "canonical/final-four=end,closed=right",
    "canonical/endless=forbid,leader=alternate",
    "canonical/holes=5,counters=4",
    "canonical/holes=3,counters=3,pussa=chain",
];

fn conserved(pos: &Position) -> bool {
    pos.on_board()
        + pos.captured(Side::South)
        + pos.captured(Side::North)
        + pos.reserve(Side::South)
        + pos.reserve(Side::North)
        == pos.rules().total()
}

/// Applies a move's sowing events to the position before it, by hand.
fn replay_events(before: &Position, events: &[Event]) -> (Vec<Option<u8>>, BySide<u32>) {
    let n = before.rules().holes();
    let mut holes: Vec<Option<u8>> = before
        .row(Side::South)
        .chain(before.row(Side::North))
        .collect();
    let mut captured = BySide::from_fn(|s| before.captured(s));
    let idx = |h: rajapasu_engine::Hole| h.side().index() * n + h.number() as usize - 1;
    for e in events {
        match e {
            Event::Lift { hole, count, .. } => {
                assert_eq!(holes[idx(*hole)], Some(*count), "lift count");
                holes[idx(*hole)] = Some(0);
            }
            Event::Drop { hole, count } => {
                assert_eq!(holes[idx(*hole)].map(|c| c + 1), Some(*count), "drop count");
                holes[idx(*hole)] = Some(*count);
            }
            Event::Four { hole, to } => {
                holes[idx(*hole)] = Some(0);
                captured[*to] += 4;
            }
            Event::Pussa { hole, count, by } => {
                assert_eq!(holes[idx(*hole)], Some(*count), "pussa count");
                holes[idx(*hole)] = Some(0);
                captured[*by] += u32::from(*count);
            }
            Event::RoundEnd { .. } | Event::Refill { .. } | Event::GameOver { .. } => break,
            _ => {}
        }
    }
    (holes, captured)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn random_games_keep_every_invariant(rules_ix in 0..RULE_SETS.len(), seed in any::<u64>(), len in 1usize..400) {
        let rules: Rules = RULE_SETS[rules_ix].parse().unwrap();
        let mut game = Game::new(rules);
        let mut rng = Rng::new(seed);
        let mut history = vec![*game.position()];
        for _ in 0..len {
            if game.status().is_over() {
                prop_assert!(game.legal_moves().is_empty());
                break;
            }
            let pos = *game.position();
            prop_assert!(conserved(&pos));
            // The code round-trips.
            prop_assert_eq!(Position::from_code(&pos.to_string(), rules).unwrap(), pos);
            // Every legal move applies; the sowing events account for the result exactly; the
            // untraced move gives the same position.
            let moves = game.legal_moves();
            prop_assert!(!moves.is_empty());
            for &m in moves.iter() {
                let mut traced = pos;
                let mut events = Vec::new();
                traced.play_traced(m, &mut events);
                let mut plain = pos;
                plain.play(m);
                prop_assert_eq!(traced, plain);
                let (holes, captured) = replay_events(&pos, &events);
                let after: Vec<Option<u8>> = plain.row(Side::South).chain(plain.row(Side::North)).collect();
                prop_assert_eq!(holes, after);
                prop_assert_eq!(captured, BySide::from_fn(|s| plain.captured(s)));
            }
            let m = moves[rng.below(moves.len())];
            game.play(m);
            history.push(*game.position());
        }
        // Undo walks back through exactly the same positions, hashes included.
        while game.undo().is_some() {
            history.pop();
            let expected = history.last().unwrap();
            prop_assert_eq!(game.position(), expected);
            prop_assert_eq!(game.position().hash(), expected.hash());
        }
    }

    #[test]
    fn random_positions_parse_and_play(counts in proptest::collection::vec(0u32..6, 14), cap in 0u32..98, north in any::<bool>()) {
        let on_board: u32 = counts.iter().sum();
        prop_assume!(on_board > 0 && on_board + cap <= 98);
        let rest = 98 - on_board;
        let setup = Setup {
            rules: Rules::default(),
            holes: BySide::new(counts[..7].iter().map(|&c| Some(c)).collect(), counts[7..].iter().map(|&c| Some(c)).collect()),
            to_move: if north { Side::North } else { Side::South },
            captured: BySide::new(cap.min(rest), rest - cap.min(rest)),
            reserve: BySide::default(),
            round: 1,
        };
        let pos = Position::from_setup(setup.clone()).unwrap();
        prop_assert_eq!(pos.to_setup(), setup);
        prop_assert_eq!(pos.to_string().parse::<Position>().unwrap(), pos);
        let game = Game::from_position(pos);
        if game.status() == Status::Playing {
            for &m in game.legal_moves().iter() {
                let mut g = game.clone();
                g.play(m);
                prop_assert!(conserved(g.position()));
            }
        }
    }

    #[test]
    fn garbage_codes_never_panic(code in "\\PC{0,60}") {
        let _ = code.parse::<Position>();
        let _ = code.parse::<Rules>();
        let _ = rajapasu_engine::record::Record::parse_text(&code);
    }
}

#[test]
fn hash_is_a_function_of_counts_closed_holes_and_side() {
    let a: Position = "x,x,x,x,x,x,8/1,0,3,1,0,3,1 S 5 40 3 33 2".parse().unwrap();
    let b: Position = "x,x,x,x,x,x,8/1,0,3,1,0,3,1 S 10 35 3 33 2"
        .parse()
        .unwrap();
    let c: Position = "x,x,x,x,x,7,1/1,0,3,1,0,3,1 S 10 35 3 33 2"
        .parse()
        .unwrap();
    assert_eq!(a.hash(), b.hash());
    assert_ne!(a.hash(), c.hash());
}

/// Two lone counters chase each other round the board, one hole a move, never close enough to
/// relay or capture: after 14 moves the first position is back, after 28 it occurs a third time.
#[test]
fn third_repetition_ends_the_round_and_each_player_takes_their_row() {
    let code = "1,0,0,0,0,0,0/1,0,0,0,0,0,0 S 50 46";
    let cycle: Vec<u8> = (1..=7).flat_map(|k| [k, k]).collect();
    let mut game = Game::from_code(code, Rules::default()).unwrap();
    for &k in &cycle {
        game.play(rajapasu_engine::Move::new(k).unwrap());
    }
    assert_eq!(game.position().to_string(), code);
    assert_eq!(game.occurrences(), 2);
    for &k in &cycle[..13] {
        game.play(rajapasu_engine::Move::new(k).unwrap());
    }
    assert_eq!(game.status(), Status::Playing);
    let mut events = Vec::new();
    game.play_traced(rajapasu_engine::Move::new(7).unwrap(), &mut events)
        .unwrap();
    assert!(events.contains(&Event::RoundEnd {
        reason: rajapasu_engine::RoundEnd::Repetition,
        award: BySide::new(1, 1),
        captured: BySide::new(51, 47),
        winner: Some(Side::South),
    }));
    // South holds 51: seven holes and 2 in reserve; North 47: six holes (N1 closed) and 5.
    // South led the round and it ended by repetition, so North leads the next.
    assert_eq!(
        game.position().to_string(),
        "7,7,7,7,7,7,7/x,7,7,7,7,7,7 N 0 0 2 5 2"
    );

    let single: Rules = "canonical/mode=round".parse().unwrap();
    let mut game = Game::from_code(code, single).unwrap();
    for &k in cycle.iter().chain(cycle.iter()) {
        game.play(rajapasu_engine::Move::new(k).unwrap());
    }
    assert_eq!(
        game.status(),
        Status::RoundOver {
            winner: Some(Side::South)
        }
    );
    assert_eq!(
        game.position().to_string(),
        "0,0,0,0,0,0,0/0,0,0,0,0,0,0 S 51 47"
    );
}
