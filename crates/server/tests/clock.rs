//! The game clock driven by a clock of the test's own: every moment is given, so the flag, the
//! increment, the lag bound and downtime are checked to the millisecond.

use rajapasu_engine::{mandiri, Side};
use rajapasu_server::games::clock::{At, ClockError, Control, Days, GameClock, LagQuota};

const S: u64 = 1000;

fn clock(control: &str) -> GameClock<Side> {
    GameClock::new(control.parse().unwrap())
}

#[test]
fn the_flag_falls_at_the_exact_deadline() {
    let mut c = clock("3+2");
    let t0 = At(1_700_000_000_000);
    c.start(t0, Side::South);
    assert_eq!(c.deadline(), Some(t0.plus(180 * S)));
    let last = t0.plus(180 * S - 1);
    assert_eq!(c.flagged(last), None);
    assert_eq!(c.left(Side::South, last), 1);
    assert_eq!(c.flagged(t0.plus(180 * S)), Some(Side::South));
    assert_eq!(c.left(Side::South, t0.plus(180 * S)), 0);
    // A move at the deadline is too late, even with lag to forgive; a millisecond before is not.
    let mut late = c.clone();
    assert_eq!(
        late.play(t0.plus(180 * S), 3 * S, Side::North),
        Err(ClockError::Flagged(Side::South))
    );
    assert_eq!(late, c);
    c.play(last, 0, Side::North).unwrap();
    assert_eq!(c.left(Side::South, last), 2 * S + 1);
}

#[test]
fn the_increment_is_added_after_each_move() {
    let mut c = clock("5+3");
    c.start(At(0), Side::South);
    let charged = c.play(At(4 * S), 0, Side::North).unwrap();
    assert_eq!((charged.charged, charged.forgiven), (4 * S, 0));
    assert_eq!(c.left(Side::South, At(4 * S)), 300 * S - 4 * S + 3 * S);
    // North's time runs from South's move; South's stands still.
    assert_eq!(c.left(Side::North, At(14 * S)), 290 * S);
    assert_eq!(c.left(Side::South, At(14 * S)), 299 * S);
    c.play(At(14 * S), 0, Side::South).unwrap();
    assert_eq!(c.left(Side::North, At(14 * S)), 293 * S);
    assert_eq!(c.deadline(), Some(At(14 * S + 299 * S)));
}

#[test]
fn lag_is_forgiven_up_to_the_quota_and_no_more() {
    let quota = LagQuota::of("3+2".parse().unwrap());
    assert_eq!((quota.start, quota.gain, quota.max), (3 * S, S, 7 * S));
    let mut c = clock("3+2");
    let mut now = At(0);
    c.start(now, Side::South);
    // Five seconds of claimed lag on a ten-second move: three are forgiven (the starting
    // quota), the rest charged; the quota is then one gain.
    now = now.plus(10 * S);
    let first = c.play(now, 5 * S, Side::North).unwrap();
    assert_eq!((first.forgiven, first.charged), (3 * S, 7 * S));
    assert_eq!(c.left(Side::South, now), 180 * S - 7 * S + 2 * S);
    c.play(now, 0, Side::South).unwrap();
    now = now.plus(10 * S);
    assert_eq!(c.play(now, 5 * S, Side::North).unwrap().forgiven, S);
    // However long a player waits, the quota never holds more than seven gains, and lag is
    // never forgiven beyond the time the move took.
    let mut c = clock("3+2");
    c.start(At(0), Side::South);
    let mut now = At(0);
    for _ in 0..10 {
        now = now.plus(100);
        c.play(now, 0, Side::North).unwrap();
        now = now.plus(100);
        c.play(now, 0, Side::South).unwrap();
    }
    now = now.plus(60 * S);
    assert_eq!(c.play(now, 60 * S, Side::North).unwrap().forgiven, 7 * S);
    now = now.plus(500);
    assert_eq!(c.play(now, 60 * S, Side::South).unwrap().forgiven, 500);
    // Over a game, what is forgiven is at most the start and a gain a move.
    let mut c = clock("3+2");
    c.start(At(0), Side::South);
    let (mut now, mut forgiven) = (At(0), 0);
    for _ in 0..40 {
        now = now.plus(3 * S);
        forgiven += c.play(now, 3 * S, Side::North).unwrap().forgiven;
        now = now.plus(S);
        c.play(now, 0, Side::South).unwrap();
    }
    assert_eq!(forgiven, 3 * S + 39 * S);
}

#[test]
fn correspondence_gives_the_full_days_each_move_and_forgives_no_lag() {
    let mut c = clock("3d");
    assert_eq!(c.control(), Control::Correspondence(Days::Three));
    let day = 24 * 3600 * S;
    c.start(At(0), Side::South);
    let charged = c.play(At(2 * day), 5 * S, Side::North).unwrap();
    assert_eq!(charged.forgiven, 0);
    assert_eq!(c.left(Side::South, At(2 * day)), 3 * day);
    assert_eq!(c.deadline(), Some(At(5 * day)));
    assert_eq!(c.flagged(At(5 * day)), Some(Side::North));
}

#[test]
fn downtime_is_not_charged() {
    let mut c = clock("10+5");
    c.start(At(0), Side::South);
    // South thinks 20 s; the server stops at 20 s and is back an hour later.
    let (stopped, back) = (At(20 * S), At(20 * S + 3600 * S));
    c.resume(stopped, back);
    assert_eq!(c.deadline(), Some(At(600 * S + 3600 * S)));
    assert_eq!(c.left(Side::South, back), 580 * S);
    assert_eq!(c.flagged(back), None);
    // South moves 10 s after the restart: 30 s charged, the hour not.
    let charged = c.play(back.plus(10 * S), 0, Side::North).unwrap();
    assert_eq!(charged.charged, 30 * S);
    assert_eq!(c.left(Side::South, back), 600 * S - 30 * S + 5 * S);
    // A deadline that passed before the server stopped stays passed: the flag falls on start.
    let mut c = clock("3+2");
    c.start(At(0), Side::South);
    c.resume(At(200 * S), At(5000 * S));
    assert_eq!(c.deadline(), Some(At(180 * S)));
    assert_eq!(c.flagged(At(5000 * S)), Some(Side::South));
}

#[test]
fn the_player_to_move_flags_in_three_player_games_too() {
    let p = |n| mandiri::Player::new(n).unwrap();
    let mut c = GameClock::<mandiri::Player>::new("3+2".parse().unwrap());
    c.start(At(0), p(1));
    c.play(At(S), 0, p(2)).unwrap();
    c.play(At(2 * S), 0, p(3)).unwrap();
    // Player 3's time runs out first; players 1 and 2 still have theirs.
    assert_eq!(c.flagged(At(2 * S + 180 * S)), Some(p(3)));
    assert_eq!(c.left(p(1), At(2 * S + 180 * S)), 181 * S);
    assert_eq!(c.left(p(2), At(2 * S + 180 * S)), 181 * S);
    // The next player is whoever the game says: player 1 may be passed over.
    c.play(At(3 * S), 0, p(2)).unwrap();
    assert_eq!(c.running().unwrap().player, p(2));
}

#[test]
fn a_stopped_clock_keeps_what_was_left_and_refuses_moves() {
    let mut c = clock("15+10");
    c.start(At(0), Side::South);
    c.stop(At(40 * S));
    assert_eq!(c.left(Side::South, At(99 * S)), 860 * S);
    assert_eq!(c.flagged(At(10_000 * S)), None);
    assert_eq!(
        c.play(At(41 * S), 0, Side::North),
        Err(ClockError::NotRunning)
    );
}

#[test]
fn controls_parse_and_presets_are_the_named_ones() {
    let names: Vec<String> = Control::PRESETS.iter().map(|c| c.to_string()).collect();
    assert_eq!(names, ["3+2", "5+3", "10+5", "15+10", "1d", "3d", "7d"]);
    for bad in [
        "", "3", "3+", "+2", "0+2", "181+0", "3+181", "-1+2", "2d", "3 + 2", "3+2+1",
    ] {
        let err = bad.parse::<Control>().unwrap_err();
        assert!(err.to_string().contains("is not a time control"), "{bad}");
    }
    assert!("1+0".parse::<Control>().is_ok());
}

#[test]
fn a_stored_clock_comes_back_running_to_the_same_deadline() {
    let mut c = GameClock::<mandiri::Player>::new("7d".parse().unwrap());
    c.start(At(1_000), mandiri::Player::new(2).unwrap());
    let json = serde_json::to_string(&c).unwrap();
    assert_eq!(
        json,
        r#"{"control":"7d","left":[604800000,604800000,604800000],"lag":[0,0,0],"running":{"player":1,"since":1000,"deadline":604801000}}"#
    );
    assert_eq!(
        serde_json::from_str::<GameClock<mandiri::Player>>(&json).unwrap(),
        c
    );
    // Stored for three players, read for two: refused, not misread.
    assert!(serde_json::from_str::<GameClock<Side>>(&json).is_err());
    let out_of_range = json.replace(r#""player":1"#, r#""player":3"#);
    assert!(serde_json::from_str::<GameClock<mandiri::Player>>(&out_of_range).is_err());
}
