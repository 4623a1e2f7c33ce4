//! The worked examples of RULES.md, each checked by hand.

use rajapasu_engine::{BySide, Event, Game, Hole, Move, RoundEnd, Rules, Side, Status};

fn mv(n: u8) -> Move {
    Move::new(n).unwrap()
}

fn hole(s: &str) -> Hole {
    s.parse().unwrap()
}

fn play(code: &str, m: u8) -> (Game, Vec<Event>) {
    let mut game = Game::from_code(code, Rules::default()).unwrap();
    let mut events = Vec::new();
    game.play_traced(mv(m), &mut events).unwrap();
    (game, events)
}

fn lifts(events: &[Event]) -> Vec<(String, u8)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Lift { hole, count, .. } => Some((hole.to_string(), *count)),
            _ => None,
        })
        .collect()
}

fn fours(events: &[Event]) -> Vec<(String, Side)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Four { hole, to } => Some((hole.to_string(), *to)),
            _ => None,
        })
        .collect()
}

#[test]
fn opening_move_south_1() {
    let (game, events) = play("7,7,7,7,7,7,7/7,7,7,7,7,7,7 S 0 0", 1);
    assert_eq!(
        game.position().to_string(),
        "3,1,0,0,0,14,0/14,2,14,14,1,14,2 N 15 4"
    );
    let l = lifts(&events);
    assert_eq!(l.len(), 12);
    assert_eq!(l[0], ("S1".into(), 7));
    assert_eq!(l[1], ("N2".into(), 7));
    let f = fours(&events);
    assert_eq!(f.iter().filter(|(_, s)| *s == Side::South).count(), 3);
    assert_eq!(f.iter().filter(|(_, s)| *s == Side::North).count(), 1);
    assert_eq!(
        events.last(),
        Some(&Event::Pussa {
            hole: hole("S5"),
            count: 3,
            by: Side::South
        })
    );
}

#[test]
fn relay_then_pussa_on_the_far_row() {
    let (game, events) = play("0,1,0,2,0,0,3/0,0,1,0,3,0,2 S 40 46", 2);
    assert_eq!(
        game.position().to_string(),
        "0,0,1,0,1,1,0/1,1,2,0,0,0,2 N 43 46"
    );
    assert_eq!(
        lifts(&events),
        vec![("S2".into(), 1), ("S4".into(), 2), ("S7".into(), 3)]
    );
    assert!(events.contains(&Event::Pussa {
        hole: hole("N5"),
        count: 3,
        by: Side::South
    }));
}

#[test]
fn four_on_the_last_drop_of_a_lap_then_the_lap_ends_normally() {
    let (game, events) = play("2,0,3,1,0,0,2/1,0,0,0,0,0,1 S 44 44", 1);
    assert_eq!(
        game.position().to_string(),
        "0,1,0,0,1,0,0/1,0,0,0,0,0,1 N 50 44"
    );
    assert_eq!(fours(&events), vec![("S3".into(), Side::South)]);
    assert_eq!(lifts(&events), vec![("S1".into(), 2), ("S4".into(), 1)]);
}

#[test]
fn a_four_goes_to_the_row_owner_not_the_sower() {
    let (game, events) = play("0,0,0,0,0,0,9/3,0,0,0,0,0,0 S 43 43", 7);
    assert_eq!(
        game.position().to_string(),
        "1,1,0,0,0,0,0/0,1,1,1,1,1,1 N 43 47"
    );
    assert_eq!(fours(&events), vec![("N1".into(), Side::North)]);
    assert!(!events.iter().any(|e| matches!(e, Event::Pussa { .. })));
}

#[test]
fn closed_holes_and_endless_sowing() {
    let (game, events) = play("x,x,x,x,x,x,8/1,0,3,1,0,3,1 S 5 40 3 33 2", 7);
    assert_eq!(
        game.position().to_string(),
        "x,x,x,x,x,x,1/2,1,0,2,1,0,2 N 5 48 3 33 2"
    );
    let l: Vec<String> = lifts(&events).into_iter().map(|(h, _)| h).collect();
    assert_eq!(l, ["S7", "N1", "N4", "N7", "N2", "N5", "S7", "N3", "N6"]);
    assert!(lifts(&events)[1..].iter().all(|(_, c)| *c == 2));
    assert_eq!(
        fours(&events),
        vec![("N3".into(), Side::North), ("N6".into(), Side::North)]
    );
    assert_eq!(
        events.last(),
        Some(&Event::EndlessStop { hole: hole("N1") })
    );
}

#[test]
fn round_end_and_refill() {
    let (game, events) = play("0,0,0,0,0,1,0/0,2,0,0,0,0,0 S 60 35", 6);
    assert!(events.contains(&Event::Pussa {
        hole: hole("N2"),
        count: 2,
        by: Side::South
    }));
    assert!(events.contains(&Event::RoundEnd {
        reason: RoundEnd::NoMoves,
        award: BySide::new(1, 0),
        captured: BySide::new(63, 35),
        winner: Some(Side::South),
    }));
    let r = game.rounds();
    assert_eq!(r.len(), 1);
    assert_eq!(r[0].captured, BySide::new(63, 35));
    assert_eq!(r[0].winner, Some(Side::South));
    assert_eq!(r[0].ended_by, RoundEnd::NoMoves);
    assert_eq!(
        game.position().to_string(),
        "7,7,7,7,7,7,7/x,x,7,7,7,7,7 S 0 0 14 0 2"
    );
    assert_eq!(game.status(), Status::Playing);
}

#[test]
fn start_position_code() {
    let game = Game::new(Rules::default());
    assert_eq!(
        game.position().to_string(),
        "7,7,7,7,7,7,7/7,7,7,7,7,7,7 S 0 0"
    );
}

fn play_under(rules: &str, code: &str, m: u8) -> String {
    let rules: Rules = rules.parse().unwrap();
    let mut game = Game::from_code(code, rules).unwrap();
    game.play(mv(m));
    game.position().to_string()
}

#[test]
fn final_four_options_on_the_third_example() {
    let code = "2,0,3,1,0,0,2/1,0,0,0,0,0,1 S 44 44";
    // exempt: the four stays in S3; the lap ends normally: lift 1 from S4 to S5, S6 empty,
    // pussa takes the 2 in S7.
    assert_eq!(
        play_under("final-four=exempt", code, 1),
        "0,1,4,0,1,0,0/1,0,0,0,0,0,1 N 46 44"
    );
    // end: the four is taken and the move stops at once.
    assert_eq!(
        play_under("final-four=end", code, 1),
        "0,1,0,1,0,0,2/1,0,0,0,0,0,1 N 48 44"
    );
}

#[test]
fn fours_to_the_sower_option() {
    assert_eq!(
        play_under("fours=sower", "0,0,0,0,0,0,9/3,0,0,0,0,0,0 S 43 43", 7),
        "1,1,0,0,0,0,0/0,1,1,1,1,1,1 N 47 43"
    );
}

/// A match on a 2 x 3 board with one counter a hole whose round starts go round in a cycle of
/// two (worked by hand in RULES.md, "Endless matches"): the third start of the same round ends
/// the match, drawn.
#[test]
fn a_round_start_seen_a_third_time_draws_the_match() {
    let rules: Rules = "canonical/holes=3,counters=1".parse().unwrap();
    let mut game = Game::new(rules);
    let play_all = |game: &mut Game, moves: &[u8]| {
        for &m in moves {
            game.play(mv(m));
        }
    };
    // Round 1: S1 relays through S3 and N2 and captures 2 from S2; N1 sows N2 N3; South has
    // no move, North takes 4. South 2, North 4: South fills S2 S3, North all three holes and
    // keeps 1; North took the rest, so North leads.
    play_all(&mut game, &[1, 1]);
    let round_a = "x,1,1/1,1,1 N 0 0 0 1 2";
    assert_eq!(game.position().to_string(), round_a);
    // Round 2: N2 relays to a capture of 1 from N2; S2 makes a four in S3 for South; North has
    // no move. South 4, North 1: South fills 3 and keeps 1, North fills N2 N3; South leads.
    play_all(&mut game, &[2, 2]);
    let round_b = "1,1,1/x,1,1 S 0 0 1 0 3";
    assert_eq!(game.position().to_string(), round_b);
    // Round 3: S2 relays to a capture of 1 from S2; N2 makes a four in N3 for North: round A
    // again, then round B again.
    play_all(&mut game, &[2, 2]);
    assert_eq!(game.position().to_string(), "x,1,1/1,1,1 N 0 0 0 1 4");
    play_all(&mut game, &[2, 2]);
    assert_eq!(game.position().to_string(), "1,1,1/x,1,1 S 0 0 1 0 5");
    assert_eq!(game.status(), Status::Playing);
    let mut events = Vec::new();
    game.play_traced(mv(2), &mut events).unwrap();
    game.play_traced(mv(2), &mut events).unwrap();
    assert_eq!(game.status(), Status::MatchOver { winner: None });
    assert_eq!(events.last(), Some(&Event::GameOver { winner: None }));
    assert!(game.legal_moves().is_empty());
    // Undo brings the match back to life.
    game.undo();
    assert_eq!(game.status(), Status::Playing);
    game.play(mv(2));
    assert_eq!(game.status(), Status::MatchOver { winner: None });
}
