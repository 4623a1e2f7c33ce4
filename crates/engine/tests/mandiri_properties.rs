//! Properties of Raja Pasu Mandiri over random games, under every option.

use proptest::prelude::*;
use rajapasu_engine::mandiri::{self, BySeat, Player, Seat, TOTAL};
use rajapasu_engine::rng::Rng;
use rajapasu_engine::{Event, Hole, SowingGame};

const RULE_SETS: [&str; 10] = [
    "mandiri",
    "mandiri/mode=round",
    "mandiri/fours=sower",
    "mandiri/order=clockwise",
    "mandiri/round-end=quiet",
    "mandiri/round-end=below4",
    "mandiri/gift=0,term=1",
    "mandiri/gift=5,term=2",
    "mandiri/borrow=on",
    "mandiri/fours=sower,order=clockwise,round-end=quiet,borrow=on,gift=3",
];

fn conserved(pos: &mandiri::Position) -> bool {
    let captured: u32 = Seat::ALL.iter().map(|&s| pos.captured(s)).sum();
    let reserves: u32 = Player::ALL.iter().map(|&p| pos.reserve(p)).sum();
    pos.on_board() + captured + reserves == TOTAL
}

fn idx(h: Hole) -> usize {
    h.side().index() * 7 + h.number() as usize - 1
}

/// Applies a move's sowing events to the position before it, by hand; stops at the round end.
fn replay(before: &mandiri::Position, events: &[mandiri::Event]) -> (Vec<u8>, BySeat<u32>) {
    let mut holes = before.counts().to_vec();
    let mut captured = BySeat(Seat::ALL.map(|s| before.captured(s)));
    for e in events {
        match e {
            mandiri::Event::Sow(Event::Lift { hole, count, .. }) => {
                assert_eq!(holes[idx(*hole)], *count, "lift count");
                holes[idx(*hole)] = 0;
            }
            mandiri::Event::Sow(Event::Drop { hole, count }) => {
                assert_eq!(holes[idx(*hole)] + 1, *count, "drop count");
                holes[idx(*hole)] = *count;
            }
            mandiri::Event::Sow(Event::Four { hole, to }) => {
                holes[idx(*hole)] = 0;
                captured[*to] += 4;
            }
            mandiri::Event::Sow(Event::Pussa { hole, count, by }) => {
                assert_eq!(holes[idx(*hole)], *count, "pussa count");
                holes[idx(*hole)] = 0;
                captured[*by] += u32::from(*count);
            }
            mandiri::Event::RoundEnd { .. } => break,
            _ => {}
        }
    }
    (holes, captured)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn random_games_keep_every_invariant(rules_ix in 0..RULE_SETS.len(), seed in any::<u64>(), len in 1usize..300) {
        let rules: mandiri::Rules = RULE_SETS[rules_ix].parse().unwrap();
        let mut game = mandiri::Game::new(rules);
        let mut rng = Rng::new(seed);
        let mut history = vec![*game.position()];
        // Kept here move by move, to check the game's own account of them.
        let (mut movers, mut round_starts) = (Vec::new(), vec![0]);
        for _ in 0..len {
            let pos = *game.position();
            prop_assert!(conserved(&pos), "{}", pos);
            prop_assert_eq!(pos.to_string().parse::<mandiri::Position>().unwrap(), pos);
            prop_assert_eq!(mandiri::Position::from_setup(pos.to_setup()).unwrap(), pos);
            if game.status().is_over() {
                prop_assert!(game.legal_moves().is_empty());
                break;
            }
            let moves = game.legal_moves();
            prop_assert!(!moves.is_empty());
            for &m in &moves {
                prop_assert_eq!(Seat::owner(m), pos.to_move());
                let mut traced = game.clone();
                let mut events = Vec::new();
                traced.play_traced(m, &mut events).unwrap();
                let mut plain = game.clone();
                plain.try_play(m).unwrap();
                prop_assert_eq!(traced.position(), plain.position());
                prop_assert_eq!(traced.status(), plain.status());
                if !events.iter().any(|e| matches!(e, mandiri::Event::RoundEnd { .. })) {
                    let (holes, captured) = replay(&pos, &events);
                    prop_assert_eq!(&holes[..], plain.position().counts());
                    prop_assert_eq!(captured, BySeat(Seat::ALL.map(|s| plain.position().captured(s))));
                } else if let Some(mandiri::Event::RoundEnd { reason: mandiri::RoundEnd::Repetition, award, .. }) =
                    events.iter().find(|e| matches!(e, mandiri::Event::RoundEnd { .. }))
                {
                    // Each seat took the counters in its own holes.
                    let (holes, _) = replay(&pos, &events);
                    for s in Seat::ALL {
                        let own: u32 = s.holes().map(|h| u32::from(holes[idx(h)])).sum();
                        prop_assert_eq!(u32::from(award[s]), own);
                    }
                }
            }
            let m = moves[rng.below(moves.len())];
            game.try_play(m).unwrap();
            movers.push(pos.to_move());
            if game.position().round() != pos.round() {
                round_starts.push(movers.len());
            }
            history.push(*game.position());
        }
        prop_assert_eq!(game.before_moves().map(|p| p.to_move()).collect::<Vec<_>>(), movers);
        prop_assert_eq!(game.round_start_plies(), round_starts);
        while game.undo().is_some() {
            history.pop();
            prop_assert_eq!(game.position(), history.last().unwrap());
        }
    }

    #[test]
    fn garbage_codes_never_panic(code in "\\PC{0,80}") {
        let _ = code.parse::<mandiri::Position>();
        let _ = code.parse::<mandiri::Rules>();
        let _ = format!("mandiri {code}").parse::<mandiri::Position>();
    }
}

/// Plays whole matches to their end: every match ends (rules M5 and M10 between them end every
/// round and every match), with a winner or a draw among the players still in.
#[test]
fn random_matches_end() {
    for (k, rules) in RULE_SETS.iter().enumerate() {
        let rules: mandiri::Rules = rules.parse().unwrap();
        let mut rng = Rng::new(k as u64 + 1);
        let mut game = mandiri::Game::new(rules);
        let mut moves = 0;
        while !game.status().is_over() {
            let legal = game.legal_moves();
            game.try_play(legal[rng.below(legal.len())]).unwrap();
            moves += 1;
            assert!(moves < 200_000, "{rules}: no end after {moves} moves");
            assert!(conserved(game.position()));
        }
        // The record of the whole match replays to the same end.
        let text =
            mandiri::Record::from_game(&game, vec![("Event".into(), "test".into())]).to_text();
        let back = mandiri::Record::parse_text(&text)
            .unwrap()
            .replay()
            .unwrap();
        assert_eq!(back.position(), game.position(), "{text}");
        assert_eq!(back.status(), game.status());
    }
}
