//! Arena pairing and scoring, with sequences worked by hand.

use rajapasu_pairing::arena::{Arena, PlayerResult::*, Sheet};
use rajapasu_pairing::{Outcome, Pairing, PairingError};

#[test]
fn the_streak_doubles_games_after_two_wins_until_a_game_is_not_won() {
    // lichess: "If you win two games consecutively you will start a double point streak ...
    // The following games will continue to be worth double points until you fail to win a
    // game ... two wins followed by a draw will be worth 6 points: 2 + 2 + (2 x 1)".
    let mut sheet = Sheet::default();
    let points = [Win, Win, Win, Draw, Win, Win, Loss, Win].map(|r| sheet.add(r));
    // W 2; W 2 (streak starts); W 4; D 2 (doubled, then the streak ends); W 2; W 2 (streak);
    // L 0 (ends it); W 2.
    assert_eq!(points, [2, 2, 4, 2, 2, 2, 0, 2]);
    assert_eq!(sheet.total(), 16);
    assert!(!sheet.on_streak());

    let mut sheet = Sheet::default();
    assert_eq!(
        [Win, Win, Draw].map(|r| sheet.add(r)).iter().sum::<u32>(),
        6
    );
    let mut sheet = Sheet::default();
    assert_eq!(
        [Draw, Win, Loss, Win, Draw].map(|r| sheet.add(r)),
        [1, 2, 0, 2, 1]
    );
}

#[test]
fn players_are_paired_as_they_become_free_without_an_immediate_rematch() {
    let mut arena = Arena::new(4);
    for p in [0, 1, 2, 3] {
        arena.join(p).unwrap();
    }
    // All on 0: in order of arrival.
    assert_eq!(arena.pair(), [Pairing::new(0, 1), Pairing::new(2, 3)]);
    assert!(arena.waiting().is_empty());
    assert_eq!(
        arena.finish(Pairing::new(0, 1), Outcome::FirstWins),
        Ok([2, 0])
    );
    assert_eq!(arena.finish(Pairing::new(2, 3), Outcome::Draw), Ok([1, 1]));
    assert_eq!(arena.waiting(), [0, 1, 2, 3]);
    // Best score first: 0 (2), 2 (1), 3 (1), 1 (0). 0 meets 2, not 1 whom it has just played;
    // both have led once, so 0, taken first, leads. 3 meets 1; neither has led, so 3, taken
    // first, leads.
    assert_eq!(arena.pair(), [Pairing::new(0, 2), Pairing::new(3, 1)]);
    assert_eq!(
        arena.finish(Pairing::new(3, 1), Outcome::SecondWins),
        Ok([0, 2])
    );
    // 1 and 3 are the only two waiting: they play again rather than wait. 1 has led less.
    assert_eq!(arena.pair(), [Pairing::new(1, 3)]);
    // 0 beats 2: a second win in a row for 0, whose next game scores double.
    assert_eq!(
        arena.finish(Pairing::new(0, 2), Outcome::FirstWins),
        Ok([2, 0])
    );
    assert!(arena.sheet(0).on_streak());
    assert_eq!(
        arena.finish(Pairing::new(1, 3), Outcome::FirstWins),
        Ok([2, 0])
    );
    // Waiting: 0 (4), 2 (1), 1 (4), 3 (1). 0 first (4, waited longer than 1); its last
    // opponent was 2, so it meets 1; 2 and 3 were not each other's last opponents.
    assert_eq!(arena.pair(), [Pairing::new(1, 0), Pairing::new(2, 3)]);
    // 0 wins on its streak: 4; 1 loses: 0.
    assert_eq!(
        arena.finish(Pairing::new(1, 0), Outcome::SecondWins),
        Ok([0, 4])
    );
    assert_eq!(arena.sheet(0).total(), 8);
    assert_eq!(arena.sheet(1).total(), 4);
}

#[test]
fn a_player_who_leaves_is_not_paired_and_unknown_players_are_refused() {
    let mut arena = Arena::new(3);
    for p in 0..3 {
        arena.join(p).unwrap();
    }
    arena.join(1).unwrap();
    assert_eq!(arena.waiting(), [0, 1, 2]);
    arena.leave(0).unwrap();
    assert_eq!(arena.pair(), [Pairing::new(1, 2)]);
    // Playing: joining again changes nothing until the game ends.
    arena.join(1).unwrap();
    assert!(arena.waiting().is_empty());
    assert_eq!(
        arena.join(3),
        Err(PairingError::UnknownPlayer {
            player: 3,
            players: 3
        })
    );
    assert!(arena.finish(Pairing::new(1, 5), Outcome::Draw).is_err());
}

#[test]
fn the_first_fresh_opponent_gives_way_when_it_would_leave_two_waiting() {
    let mut arena = Arena::new(6);
    for p in 0..6 {
        arena.join(p).unwrap();
    }
    assert_eq!(
        arena.pair(),
        [Pairing::new(0, 1), Pairing::new(2, 3), Pairing::new(4, 5)]
    );
    arena
        .finish(Pairing::new(0, 1), Outcome::FirstWins)
        .unwrap();
    arena
        .finish(Pairing::new(2, 3), Outcome::FirstWins)
        .unwrap();
    arena.finish(Pairing::new(4, 5), Outcome::Draw).unwrap();
    arena.leave(1).unwrap();
    arena.leave(3).unwrap();
    // Waiting, best first: 0 (2), 2 (2), 4 (1), 5 (1). 0 meeting 2 would leave 4 and 5, who
    // have just played each other, waiting; 0 meets 4 and 2 meets 5 instead. 5 has not led
    // yet, so leads.
    assert_eq!(arena.pair(), [Pairing::new(0, 4), Pairing::new(5, 2)]);
}
