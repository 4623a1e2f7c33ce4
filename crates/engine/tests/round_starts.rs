//! Round starts of a match as values (`RoundStart`: rule 10 from South's holdings and the
//! leader) and where a finished round leads (`Game::round_outcome`: rules 8(a), 8(b) and 10.1),
//! on positions worked out by hand, and `RoundStart::position` against the refills of played
//! matches.

use rajapasu_engine::rng::Rng;
use rajapasu_engine::{
    BySide, Ending, Game, Move, Position, RoundEnd, RoundOutcome, RoundStart, RoundStartError,
    Rules, Side, Status,
};

fn rules(text: &str) -> Rules {
    text.parse().unwrap()
}

fn start(rules: Rules, south: u32, leader: Side) -> RoundStart {
    RoundStart::new(rules, south, leader).unwrap()
}

fn play(game: &mut Game, moves: &[u8]) {
    for &n in moves {
        game.play(Move::new(n).unwrap());
    }
}

#[test]
fn holdings_must_leave_each_player_a_hole() {
    let canonical = Rules::default();
    assert_eq!(
        RoundStart::new(canonical, 6, Side::South),
        Err(RoundStartError::Holdings {
            south: 6,
            least: 7,
            most: 91
        })
    );
    assert!(RoundStart::new(canonical, 92, Side::North).is_err());
    assert!(RoundStart::new(canonical, 7, Side::North).is_ok());
    assert!(RoundStart::new(canonical, 91, Side::South).is_ok());
    let err = RoundStart::new(canonical, 95, Side::South).unwrap_err();
    assert_eq!(
        err.to_string(),
        "South's holdings 95 are not a round start: each player must hold at least one hole's \
         worth, so South holds 7 to 91"
    );
}

#[test]
fn every_round_start_is_listed_once_and_mirrors_onto_another() {
    // 2 * (total - 2 * counters + 1): 170 canonical, 10 on the 2 x 3 board with one counter.
    for (text, count) in [("canonical", 170), ("canonical/holes=3,counters=1", 10)] {
        let rules = rules(text);
        let all: Vec<RoundStart> = RoundStart::all(rules).collect();
        assert_eq!(all.len(), count, "{text}");
        for (k, s) in all.iter().enumerate() {
            assert!(!all[..k].contains(s), "{s:?} twice");
            assert!(all.contains(&s.mirror()));
            assert_eq!(s.mirror().south(), s.north());
            assert_eq!(s.mirror().leader(), !s.leader());
            assert_eq!(s.south() + s.north(), rules.total());
        }
    }
}

#[test]
fn positions_follow_rule_10() {
    let canonical = Rules::default();
    // The first round is the round start where each holds 49 and South leads.
    assert_eq!(
        start(canonical, 49, Side::South).position(1).unwrap(),
        Position::start(canonical)
    );
    // South holds 7: one hole (S7), six closed; North fills all seven and keeps 42.
    assert_eq!(
        start(canonical, 7, Side::North)
            .position(2)
            .unwrap()
            .to_string(),
        "x,x,x,x,x,x,7/7,7,7,7,7,7,7 N 0 0 0 42 2"
    );
    // Rule 10's example: North holds 35 and fills N3..N7; South holds 63 and keeps 14.
    assert_eq!(
        start(canonical, 63, Side::North)
            .position(4)
            .unwrap()
            .to_string(),
        "7,7,7,7,7,7,7/x,x,7,7,7,7,7 N 0 0 14 0 4"
    );
    // With closed=right the holes are filled from the left: 20 = 2 x 7 + 6.
    assert_eq!(
        start(rules("canonical/closed=right"), 20, Side::South)
            .position(2)
            .unwrap()
            .to_string(),
        "7,7,x,x,x,x,x/7,7,7,7,7,7,7 S 0 0 6 29 2"
    );
    // Six counters a hole (pallankuli): 40 = 6 x 6 + 4, and North's 44 = 7 x 6 + 2.
    assert_eq!(
        start(rules("pallankuli"), 40, Side::North)
            .position(2)
            .unwrap()
            .to_string(),
        "6,6,6,6,6,6,x/6,6,6,6,6,6,6 N 0 0 4 2 2"
    );
}

#[test]
fn a_round_number_a_position_cannot_have_is_refused() {
    let s = start(Rules::default(), 49, Side::South);
    assert!(s.position(0).is_err());
    assert!(s.position(70_000).is_err());
    assert!(s.position(65_535).is_ok());
}

#[test]
fn rule_8a_the_taker_leads_decision_11s_first_rounds() {
    // Decision 11's example: round 1 ends with South unable to move and North taking the 4
    // left, 2 to 4, so round start A (South 2, North leading); round 2 ends 4 to 1 with North
    // unable to move: round start B (South 4, South leading).
    let rules = rules("canonical/holes=3,counters=1");
    let mut game = Game::new(rules);
    play(&mut game, &[1, 1]);
    let a = start(rules, 2, Side::North);
    assert_eq!(game.round_outcome(), Some(RoundOutcome::Next(a)));
    assert_eq!(game.position(), &a.position(2).unwrap());
    play(&mut game, &[2, 2]);
    let b = start(rules, 4, Side::South);
    assert_eq!(game.round_outcome(), Some(RoundOutcome::Next(b)));
    assert_eq!(game.position(), &b.position(3).unwrap());
    // Undo brings the earlier outcome back.
    game.undo();
    assert_eq!(game.round_outcome(), Some(RoundOutcome::Next(a)));
    game.undo();
    game.undo();
    assert_eq!(game.round_outcome(), None);
}

#[test]
fn the_leader_options_after_rule_8a() {
    // The same first round, won 4 to 2 by North, who took the remainder.
    for (text, leader) in [
        ("canonical/holes=3,counters=1,leader=loser", Side::South),
        ("canonical/holes=3,counters=1,leader=alternate", Side::North),
    ] {
        let rules = rules(text);
        let mut game = Game::new(rules);
        play(&mut game, &[1, 1]);
        assert_eq!(
            game.round_outcome(),
            Some(RoundOutcome::Next(start(rules, 2, leader))),
            "{text}"
        );
    }
}

#[test]
fn decision_12_the_lead_after_a_round_ended_on_an_empty_board() {
    // Decision 11's round 2 ends 4 to 1 with North, who led it, unable to move and nothing
    // left on the board: South made the last move.
    for (option, leader) in [
        ("", Side::South),
        (",empty-board=last-mover", Side::South),
        (",empty-board=same-leader", Side::North),
        (",empty-board=other-leader", Side::South),
    ] {
        let text = format!("canonical/holes=3,counters=1{option}");
        let rules = rules(&text);
        let mut game = Game::new(rules);
        play(&mut game, &[1, 1]);
        assert_eq!(game.position().on_board(), 5, "{text}");
        play(&mut game, &[2, 2]);
        let next = start(rules, 4, leader);
        assert_eq!(
            game.round_outcome(),
            Some(RoundOutcome::Next(next)),
            "{text}"
        );
        assert_eq!(game.position(), &next.position(3).unwrap(), "{text}");
    }
    // Every case as a value: a round led by South, ending with either player stuck, with or
    // without counters left. Counters left always go to the player who could move, who leads.
    for (option, south_stuck, north_stuck) in [
        ("last-mover", Side::North, Side::South),
        ("same-leader", Side::South, Side::South),
        ("other-leader", Side::North, Side::North),
    ] {
        let rules = rules(&format!("canonical/empty-board={option}"));
        let s = start(rules, 49, Side::South);
        let captured = BySide::new(40, 40);
        let next = |stuck, left| match s.outcome(captured, Ending::NoMoves { stuck, left }) {
            RoundOutcome::Next(n) => n.leader(),
            won => panic!("{won:?}"),
        };
        assert_eq!(next(Side::South, 0), south_stuck, "{option}");
        assert_eq!(next(Side::North, 0), north_stuck, "{option}");
        assert_eq!(next(Side::South, 3), Side::North, "{option}");
        assert_eq!(next(Side::North, 3), Side::South, "{option}");
    }
    // The option matters only where the taker of the remainder leads.
    let loser = rules("canonical/leader=loser,empty-board=same-leader");
    let s = start(loser, 49, Side::South);
    let ending = Ending::NoMoves {
        stuck: Side::North,
        left: 0,
    };
    assert_eq!(
        s.outcome(BySide::new(50, 48), ending),
        RoundOutcome::Next(start(loser, 50, Side::North))
    );
}

#[test]
fn rule_8b_the_other_player_leads() {
    // On the 2 x 4 board with one counter a hole, one counter in S1 and one in N1, four holes
    // apart round the board. Each player moves the counter that came from their own row one
    // hole on, N1 S1 N2 S2 N3 S3 N4 S4: the two holes after it are always empty, so no relay
    // and no pussa. Then South's counter lies in N1 and North's in S1: the start again. After
    // the same eight moves it is there a third time and the round ends by repetition, each
    // taking the one counter in their own row. North led (decision 7), so South leads next.
    let code = "1,0,0,0/1,0,0,0 N 4 2";
    let line = [1, 1, 2, 2, 3, 3, 4, 4];
    let canonical = rules("canonical/holes=4,counters=1");
    let mut game = Game::from_code(code, canonical).unwrap();
    play(&mut game, &line);
    assert_eq!(game.position().to_string(), code);
    assert!(game.rounds().is_empty());
    play(&mut game, &line);
    let round = game.rounds()[0];
    assert_eq!(round.ended_by, RoundEnd::Repetition);
    assert_eq!(round.captured, BySide::new(5, 3));
    assert_eq!(
        game.round_outcome(),
        Some(RoundOutcome::Next(start(canonical, 5, Side::South)))
    );
    // Under leader=loser the loser of the round, North, leads instead.
    let loser = rules("canonical/holes=4,counters=1,leader=loser");
    let mut game = Game::from_code(code, loser).unwrap();
    play(&mut game, &line);
    play(&mut game, &line);
    assert_eq!(
        game.round_outcome(),
        Some(RoundOutcome::Next(start(loser, 5, Side::North)))
    );
}

#[test]
fn a_player_left_short_loses_the_match() {
    let rules = rules("canonical/holes=3,counters=1");
    // South holds 1 and North leads: North's 3 sows S3 (S1 and S2 are closed), relays N1 into
    // N2, and N3, lifted, is empty, so North takes the 2 in S3. South has no move and North
    // takes the 2 left: South holds 0 and North wins the match.
    let mut game = Game::from_position(start(rules, 1, Side::North).position(2).unwrap());
    play(&mut game, &[3]);
    assert_eq!(
        game.round_outcome(),
        Some(RoundOutcome::MatchWon(Side::North))
    );
    assert_eq!(
        game.status(),
        Status::MatchOver {
            winner: Some(Side::North)
        }
    );
    // Round start B, South's 3: relays through N2, N3 and S2, then N2 again, and ends in a
    // pussa of S3 (1). North's only move, 3, makes a four in S1 for South. South has no move,
    // North takes the none left: 5 to 0, and South, with its reserve of 1, holds 6 of 6.
    let mut game = Game::from_position(start(rules, 4, Side::South).position(3).unwrap());
    play(&mut game, &[3]);
    assert_eq!(game.position().to_string(), "3,0,0/x,0,1 N 1 0 1 0 3");
    play(&mut game, &[3]);
    assert_eq!(
        game.round_outcome(),
        Some(RoundOutcome::MatchWon(Side::South))
    );
}

#[test]
fn single_rounds_have_no_outcome() {
    let rules = rules("canonical/holes=3,counters=1,mode=round");
    let mut game = Game::new(rules);
    play(&mut game, &[1, 1]);
    assert!(game.status().is_over());
    assert_eq!(game.round_outcome(), None);
}

#[test]
fn refills_of_played_matches_are_the_round_starts_positions() {
    let mut rng = Rng::new(22);
    for text in [
        "canonical",
        "canonical/holes=3,counters=2",
        "canonical/holes=4,counters=1,closed=right",
        "pallankuli",
        "walak-pussa/holes=3,counters=3",
    ] {
        let rules = rules(text);
        let mut refills = 0;
        for _ in 0..20 {
            let mut game = Game::new(rules);
            while !game.status().is_over() {
                let moves = game.legal_moves();
                let before = game.rounds().len();
                game.play(moves[rng.below(moves.len())]);
                if game.rounds().len() == before {
                    continue;
                }
                let pos = game.position();
                match game.round_outcome().unwrap() {
                    RoundOutcome::Next(s) => {
                        refills += 1;
                        assert_eq!(pos, &s.position(pos.round()).unwrap(), "{text}");
                        assert_eq!(s.leader(), game.leader());
                    }
                    RoundOutcome::MatchWon(w) => {
                        assert_eq!(game.status().winner(), Some(w), "{text}");
                    }
                }
            }
        }
        assert!(refills > 0, "{text}");
    }
}
