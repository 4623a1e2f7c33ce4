//! Raja Pasu Mandiri worked by hand from RULES.md section 9: the worked examples M1 and M2, and
//! positions for passing, fours, round ends, repetition and the match between rounds. Every
//! expected figure below was counted from the rules, not taken from the engine.

use rajapasu_engine::mandiri::{self, Player, Players, Seat};
use rajapasu_engine::{Event, Hole};

fn pos(code: &str) -> mandiri::Position {
    code.parse().unwrap_or_else(|e| panic!("{code}: {e}"))
}

fn hole(name: &str) -> Hole {
    name.parse().unwrap()
}

fn player(n: u8) -> Player {
    Player::new(n).unwrap()
}

fn game(code: &str) -> mandiri::Game {
    mandiri::Game::from_position(pos(code))
}

/// The game from `code` after `mv`, with the events of the move.
fn traced(code: &str, mv: &str) -> (mandiri::Game, Vec<mandiri::Event>) {
    let mut game = game(code);
    let mut events = Vec::new();
    game.play_traced(hole(mv), &mut events).unwrap();
    (game, events)
}

/// The position code after `mv` from `code`.
fn after(code: &str, mv: &str) -> String {
    traced(code, mv).0.position().to_string()
}

/// A round that R's S6 ends at once: R sows into S7, takes N2's 2, and one counter is left.
/// `options` and `tail` (office, round, debts) fill in the rest of the code.
fn last_move(options: &str, captured: &str, tail: &str) -> String {
    format!("mandiri{options} 0,0,0,0,0,1,0/0,2,0,0,0,0,0 R {captured} 1,2,3 0,0,0 {tail}")
}

const M1: &str = "0,0,1,0,0,0,3/0,0,3,0,2,0,0 R 30,30,29 1,2,3 0,0,0 1 1";

#[test]
fn example_m1_a_four_for_the_raja_a_pussa_for_the_right_end() {
    let mut p = pos(&format!("mandiri {M1}"));
    p.try_play(hole("S7")).unwrap();
    // N1, N2 get one each, N3 makes a four for C; N4 is empty, so R takes N5's 2.
    assert_eq!(p.counts(), [0, 0, 1, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0]);
    assert_eq!((p.captured(Seat::C), p.captured(Seat::R)), (34, 32));
    assert_eq!(p.captured(Seat::L), 29);
    // L has no counters and passes; C has S3.
    assert_eq!(p.to_move(), Seat::C);
}

#[test]
fn example_m1_traced_names_seats() {
    let (_, events) = traced(&format!("mandiri {M1}"), "S7");
    assert!(events.contains(&mandiri::Event::Sow(Event::Four {
        hole: hole("N3"),
        to: Seat::C
    })));
    assert!(events.contains(&mandiri::Event::Sow(Event::Pussa {
        hole: hole("N5"),
        count: 2,
        by: Seat::R
    })));
    assert!(events.contains(&mandiri::Event::Pass { seat: Seat::L }));
}

#[test]
fn example_m1_with_fours_to_the_sower() {
    let mut p = pos(&format!("mandiri/fours=sower {M1}"));
    p.try_play(hole("S7")).unwrap();
    assert_eq!((p.captured(Seat::C), p.captured(Seat::R)), (30, 36));
}

#[test]
fn example_m2_a_relay_across_the_left_end() {
    let mut p = pos("mandiri 1,2,0,3,1,0,0/2,0,0,0,1,2,0 L 30,28,28 1,2,3 0,0,0 1 1");
    p.try_play(hole("N6")).unwrap();
    // N7, S1; relay S2: S3, S4 (a four for C); relay S5: S6; S7 empty, L takes N1's 2.
    assert_eq!(p.counts(), [2, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 1]);
    assert_eq!(
        [Seat::C, Seat::R, Seat::L].map(|s| p.captured(s)),
        [34, 28, 30]
    );
}

#[test]
fn a_move_must_be_the_movers_open_occupied_hole() {
    let p = pos("mandiri 1,2,0,3,1,0,0/2,0,0,0,1,2,0 L 30,28,28 1,2,3 0,0,0 1 1");
    let err = p.clone().try_play(hole("S4")).unwrap_err();
    assert!(err.to_string().contains("belongs to seat C"), "{err}");
    assert!(p.clone().try_play(hole("N7")).is_err()); // empty
    let moves: Vec<String> = p.legal_moves().iter().map(|h| h.to_string()).collect();
    assert_eq!(moves, ["S1", "S2", "N6"]);
}

#[test]
fn one_counter_left_ends_the_round_at_once_and_the_last_mover_takes_it() {
    // R sows S6 into S7; N1 is empty, so R takes N2's 2; one counter is left.
    let (game, _) = traced(&last_move("/mode=round", "30,33,32", "1 1"), "S6");
    let round = game.rounds()[0];
    assert_eq!(round.ended_by, mandiri::RoundEnd::NoCapture);
    assert_eq!(round.captured.0, [30, 36, 32]);
    assert_eq!(round.winners, Players::EMPTY.with(player(2)));
    assert_eq!(
        game.status(),
        mandiri::Status::RoundOver {
            winners: Players::EMPTY.with(player(2))
        }
    );
}

#[test]
fn a_round_with_a_capture_still_reachable_goes_on() {
    // C's S3 sows into S4 and captures nothing (S5, S6 empty), but R can then sow N1 into N2
    // and take N4 beyond the empty N3.
    let code = "mandiri/mode=round 0,0,1,0,0,0,0/1,0,0,1,0,0,0 C 32,32,31 1,2,3 0,0,0 1 1";
    let (mut game, _) = traced(code, "S3");
    assert_eq!(game.status(), mandiri::Status::Playing);
    assert_eq!(game.position().to_move(), Seat::R);
    game.try_play(hole("N1")).unwrap();
    assert_eq!(game.position().captured(Seat::R), 33);
}

#[test]
fn below4_ends_a_round_with_three_counters_after_a_move() {
    let code = "mandiri/mode=round,round-end=below4 0,0,1,0,0,0,0/1,0,0,1,0,0,0 C 32,32,31 1,2,3 0,0,0 1 1";
    let (game, _) = traced(code, "S3");
    assert_eq!(game.rounds()[0].captured.0, [35, 32, 31]);
}

#[test]
fn quiet_ends_a_round_after_a_circle_of_turns_without_a_capture() {
    let code =
        "mandiri/mode=round,round-end=quiet 0,0,1,0,0,0,0/1,0,0,1,0,0,0 C 32,32,31 1,2,3 0,0,0 1 1";
    let (game, _) = traced(code, "S3");
    assert_eq!(game.status(), mandiri::Status::Playing);
}

#[test]
fn the_gift_and_the_refill_in_the_fixed_order() {
    // The round ends as above: C 30, R 36, L 32. C gives 1 each to R and L: 28, 37, 33.
    // C fills 4 holes (S5 N5 S4 N4), R 4 with 9 left, L 4 with 5 left.
    let (game, events) = traced(&last_move("", "30,33,32", "1 1"), "S6");
    assert!(events.contains(&mandiri::Event::Gift {
        from: player(1),
        to: player(2),
        count: 1
    }));
    assert_eq!(
        game.position().to_string(),
        "mandiri 7,7,x,7,7,7,7/7,7,x,7,7,7,7 C 0,0,0 1,2,3 0,9,5 2 2"
    );
}

#[test]
fn the_office_passes_after_three_rounds_and_the_players_move_seats() {
    // The Raja's third round: after the gift (28, 37, 33), player 2 moves to C, 3 to R, 1 to L.
    // C (player 2) fills 5 holes, keeps 2; R (player 3) 4, keeps 5; L (player 1) 4, keeps 0.
    let (game, _) = traced(&last_move("", "30,33,32", "3 3"), "S6");
    assert_eq!(
        game.position().to_string(),
        "mandiri 7,7,7,7,7,7,7/7,7,x,7,7,7,7 C 0,0,0 2,3,1 0,2,5 1 4"
    );
    assert_eq!(game.position().seat_of(player(1)), Seat::L);
}

#[test]
fn a_player_who_cannot_fill_a_hole_is_out_and_the_seat_closes() {
    // C 60, R 33 + 3, L 2; after the gift 58, 37, 3: player 3 is out and keeps 3.
    let (mut game, events) = traced(&last_move("", "60,33,2", "1 1"), "S6");
    assert!(events.contains(&mandiri::Event::Out { player: player(3) }));
    assert_eq!(
        game.position().to_string(),
        "mandiri x,x,7,7,7,7,7/7,7,7,7,7,x,x C 0,0,0 1,2,x3 16,9,3 2 2"
    );
    // L passes from now on: after C, R moves.
    let first = game.legal_moves()[0];
    game.try_play(first).unwrap();
    assert_ne!(game.position().to_move(), Seat::L);
}

#[test]
fn borrowing_fills_one_hole_and_the_debt_is_recorded() {
    // As above with borrow=on: player 3 (3) borrows 4 from player 1 (58, the most).
    assert_eq!(
        after(&last_move("/borrow=on", "60,33,2", "1 1"), "S6"),
        "mandiri/borrow=on x,7,7,7,7,7,7/7,7,7,7,7,x,x C 0,0,0 1,2,3 12,9,0 2 2 3:1:4"
    );
}

#[test]
fn the_match_ends_when_one_player_can_fill_a_hole() {
    // C 91, R 2 + 3, L 2; after the gift 89, 6, 3: only player 1 can fill a hole.
    let (game, _) = traced(&last_move("", "91,2,2", "1 1"), "S6");
    assert_eq!(
        game.status(),
        mandiri::Status::MatchOver {
            winners: Players::EMPTY.with(player(1))
        }
    );
    assert!(game.legal_moves().is_empty());
}

#[test]
fn codes_name_what_is_wrong() {
    let err = |code: &str| code.parse::<mandiri::Position>().unwrap_err().to_string();
    assert!(err("mandiri 7,7,7,7,7,7,7/7,7,7,7,7,7,8 C 0,0,0 1,2,3 0,0,0 1 1").contains("99"));
    assert!(err("mandiri 7,7,7,7,7,7,7/7,7,7,7,7,7,7 Q 0,0,0 1,2,3 0,0,0 1 1").contains("`Q`"));
    assert!(
        err("mandiri 7,7,7,7,7,7,7/7,7,7,7,7,7,7 C 0,0,0 1,1,3 0,0,0 1 1").contains("one each")
    );
    assert!(err("mandiri 7,7,7,7,7,7,7/7,7,7,7,7,7,7 C 0,0,0 1,2,3 0,0,0 4 1").contains("office"));
    assert!(err("mandiri 7,7,7,7,7,7/7,7,7,7,7,7,7 C 0,0,0 1,2,3 0,0,0 1 1").contains("row S"));
    // S5 is C's first hole to fill: it cannot be closed while N5, filled next, is open.
    assert!(err("mandiri 7,7,7,7,x,7,7/7,7,7,7,7,7,7 C 0,0,0 1,2,3 7,0,0 1 1").contains("N5"));
    assert!(
        err("canonical 7,7,7,7,7,7,7/7,7,7,7,7,7,7 C 0,0,0 1,2,3 0,0,0 1 1").contains("canonical")
    );
}

#[test]
fn undo_restores_the_game_across_a_round_end() {
    let start = pos(&last_move("", "30,33,32", "1 1"));
    let mut game = mandiri::Game::from_position(start);
    game.try_play(hole("S6")).unwrap();
    assert_eq!(game.rounds().len(), 1);
    assert_eq!(game.undo(), Some(hole("S6")));
    assert_eq!(game.position(), &start);
    assert!(game.rounds().is_empty());
    assert_eq!(game.undo(), None);
}

#[test]
fn the_third_repetition_ends_the_round_and_each_seat_takes_its_own_holes() {
    // Single counters chase each other round the board; a capture stays possible, so only the
    // repetition ends the round. The line was found by random play.
    let code = "mandiri/mode=round 1,0,0,0,1,0,1/0,0,0,0,0,1,0 C 31,31,32 1,2,3 0,0,0 1 1";
    let line = "S5 N1 S1 S6 N6 S7 N7 N1 S1 N2 S2 N3 S3 N4 S4 S5 S6 N5 S7 N6 N1 N7 N2 S1 N3 S2 \
                N4 S3 S4 S5 S6 N5 S7 N6 N1 N7 N2 S1 N3 S2";
    let moves: Vec<Hole> = line.split_whitespace().map(hole).collect();
    // The positions since the last capture, played on the bare position: the last one is the
    // first to occur a third time.
    let mut p = pos(code);
    let mut after = Vec::new();
    for &m in &moves {
        let before = p.on_board();
        p.try_play(m).unwrap();
        if p.on_board() != before {
            after.clear();
        }
        after.push((p.counts().to_vec(), p.to_move()));
    }
    let last = after.last().unwrap().clone();
    assert_eq!(after.iter().filter(|k| **k == last).count(), 3);
    for i in 0..after.len() - 1 {
        let count = after[..=i].iter().filter(|j| **j == after[i]).count();
        assert!(count < 3, "move {} repeats a position a third time", i + 1);
    }
    let mut game = game(code);
    let mut events = Vec::new();
    for &m in &moves[..moves.len() - 1] {
        game.try_play(m).unwrap();
        assert_eq!(game.status(), mandiri::Status::Playing);
    }
    game.play_traced(*moves.last().unwrap(), &mut events)
        .unwrap();
    let Some(mandiri::Event::RoundEnd { reason, award, .. }) = events
        .iter()
        .find(|e| matches!(e, mandiri::Event::RoundEnd { .. }))
        .cloned()
    else {
        panic!("the round ends");
    };
    assert_eq!(reason, mandiri::RoundEnd::Repetition);
    for seat in Seat::ALL {
        let own: u16 = seat.holes().map(|h| u16::from(p.count(h).unwrap())).sum();
        assert_eq!(award[seat], own, "{seat}");
    }
}

#[test]
fn a_debt_is_paid_back_before_the_gift() {
    // The round ends with C 30, R 36, L 32. Player 3 first pays back the 4 owed to player 1
    // (34, 36, 28), then the gift (32, 37, 29): C fills 4 holes and keeps 4, R 4 and 9, L 4
    // and 1.
    let (game, events) = traced(&last_move("/borrow=on", "30,33,32", "1 1 3:1:4"), "S6");
    assert!(events.contains(&mandiri::Event::Repay {
        from: player(3),
        to: player(1),
        count: 4
    }));
    assert_eq!(
        game.position().to_string(),
        "mandiri/borrow=on 7,7,x,7,7,7,7/7,7,x,7,7,7,7 C 0,0,0 1,2,3 4,9,1 2 2"
    );
}

#[test]
fn quiet_ends_the_round_after_as_many_quiet_moves_as_seats_playing() {
    // The line of the repetition test, played under round-end=quiet: the round ends at the
    // first move that completes three moves in a row without a capture, and its mover takes
    // what is left.
    let line = "S5 N1 S1 S6 N6 S7 N7 N1 S1 N2";
    let plain = "mandiri/mode=round 1,0,0,0,1,0,1/0,0,0,0,0,1,0 C 31,31,32 1,2,3 0,0,0 1 1";
    let mut p = pos(plain);
    let mut quiet = 0;
    let mut end = None;
    for (k, m) in line.split_whitespace().map(hole).enumerate() {
        let (before, mover) = (p.on_board(), p.to_move());
        p.try_play(m).unwrap();
        quiet = if p.on_board() == before { quiet + 1 } else { 0 };
        if quiet == 3 {
            end = Some((k, mover, p.on_board()));
            break;
        }
    }
    let (k, mover, left) = end.expect("three quiet moves in the line");
    let code = plain.replace("mode=round", "mode=round,round-end=quiet");
    let mut game = game(&code);
    for (j, m) in line.split_whitespace().map(hole).enumerate().take(k + 1) {
        assert_eq!(
            game.status(),
            mandiri::Status::Playing,
            "before move {}",
            j + 1
        );
        game.try_play(m).unwrap();
    }
    assert!(game.status().is_over());
    let round = game.rounds()[0];
    assert_eq!(round.ended_by, mandiri::RoundEnd::NoCapture);
    assert_eq!(u32::from(round.captured[mover]), p.captured(mover) + left);
}
