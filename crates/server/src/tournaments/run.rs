//! How an event moves on, without I/O: the start, results counted, forfeits at a window's
//! close, the next round paired, the arena's continuous pairing and its end. Given the event,
//! the time and the results of its games that ended, [`step`] changes the event; the caller
//! stores it on the version it read, so that of two instances only one's step is kept.
//! docs/TOURNAMENTS.md, "Events on the server".

use super::event::{Board, Entrant, Event, EventRound, Format, State};
use crate::lobby::seek::SeekGame;
use rajapasu_pairing::arena::Arena;
use rajapasu_pairing::berger::{round_robin, Cycles};
use rajapasu_pairing::mandiri::{seat_round, MandiriRound};
use rajapasu_pairing::swiss::Swiss;
use rajapasu_pairing::{standings, GameResult, Outcome, Pairing, PairingError, PlayedRound, Round};
use std::collections::HashMap;

/// A game that ended: its board's results, the pairing's first, then (Mandiri) the table's
/// other pairs' ([`Board::results`]).
pub type Ended = Vec<GameResult>;

/// Why an event cannot start.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StartError {
    /// It is not taking entries any more.
    NotInEntry,
    /// Too few players for its format.
    TooFewPlayers {
        /// How many joined.
        players: usize,
        /// How many it needs.
        needed: usize,
    },
    /// The pairing refused the field.
    Pairing(PairingError),
}

impl std::fmt::Display for StartError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StartError::NotInEntry => write!(f, "the event has started already"),
            StartError::TooFewPlayers { players, needed } => write!(
                f,
                "the event has {players} players: it needs {needed} at least to start"
            ),
            StartError::Pairing(e) => write!(f, "the pairing failed: {e}"),
        }
    }
}

impl std::error::Error for StartError {}

/// The fewest players an event of `format` and `game` starts with.
pub fn fewest_players(format: Format, game: SeekGame) -> usize {
    match (format, game) {
        (_, SeekGame::Mandiri) | (Format::RoundRobin { .. }, _) => 3,
        (Format::Swiss { .. } | Format::Arena { .. }, SeekGame::RajaPasu) => 2,
    }
}

/// How many rounds a Mandiri event of `players` plays: a Swiss event as many as it was made
/// with; a round-robin as many as let every player hold the Raja's seat once (twice in a
/// double round-robin): `ceil(players / tables)` a cycle, with `players / 3` tables a round.
///
/// ```
/// use rajapasu_server::tournaments::event::Format;
/// use rajapasu_server::tournaments::run::mandiri_rounds;
/// let rr = Format::RoundRobin { double: false };
/// assert_eq!([3, 4, 6, 7, 9].map(|n| mandiri_rounds(rr, n)), [3, 4, 3, 4, 3]);
/// assert_eq!(mandiri_rounds(Format::RoundRobin { double: true }, 6), 6);
/// assert_eq!(mandiri_rounds(Format::Swiss { rounds: 5 }, 6), 5);
/// ```
pub fn mandiri_rounds(format: Format, players: usize) -> usize {
    let tables = (players / 3).max(1);
    let cycle = players.div_ceil(tables);
    match format {
        Format::RoundRobin { double } => cycle * if double { 2 } else { 1 },
        Format::Swiss { rounds } => rounds as usize,
        Format::Arena { .. } => 0,
    }
}

/// Starts the event at `now`: a round-robin's schedule fixed and its first round paired, a
/// Swiss event's first round, an arena's first games.
pub fn start(ev: &mut Event, now: u64) -> Result<(), StartError> {
    if ev.state != State::Entry {
        return Err(StartError::NotInEntry);
    }
    let n = ev.entrants.len();
    let needed = fewest_players(ev.format, ev.game);
    if n < needed {
        return Err(StartError::TooFewPlayers { players: n, needed });
    }
    if ev.format.has_rounds() {
        ev.seed_by_rating();
    }
    match ev.format {
        Format::RoundRobin { .. } if ev.game == SeekGame::Mandiri => {}
        Format::RoundRobin { double } => {
            let cycles = if double {
                Cycles::Double
            } else {
                Cycles::Single
            };
            ev.schedule = round_robin(n, cycles).map_err(StartError::Pairing)?;
        }
        Format::Swiss { .. } => {
            Swiss::new(n).map_err(StartError::Pairing)?;
        }
        Format::Arena { minutes } => {
            let mut arena = Arena::new(n);
            for p in 0..n {
                arena.join(p).map_err(StartError::Pairing)?;
            }
            ev.arena = Some(arena);
            ev.ends = Some(now + minutes * 60);
        }
    }
    ev.state = State::Running;
    ev.started = Some(now);
    if ev.format.has_rounds() {
        next_round(ev, now);
    } else {
        pair_arena(ev);
    }
    Ok(())
}

/// Whether a player may still join at `now` though the event has started: an arena running,
/// not paused, before its end (lichess lets players join a running arena; a round-robin's
/// schedule and a Swiss event's seeding are fixed at the start).
pub fn takes_late_entries(ev: &Event, now: u64) -> bool {
    matches!(ev.format, Format::Arena { .. })
        && ev.state == State::Running
        && ev.paused_at.is_none()
        && ev.ends.is_some_and(|end| now < end)
}

/// The rounds as played so far, for the pairing and the standings: every board with a result
/// (a round being played counts its games ended). A Mandiri round is given as three, each with
/// one pair of every table (the Raja and the right end, the Raja and the left end, the two
/// ends), so that no one plays twice in one; its byes count in the first two (a bye stands
/// for a table's two pairs).
pub fn played(ev: &Event) -> Vec<PlayedRound> {
    let parts = match ev.game {
        SeekGame::RajaPasu => 1,
        SeekGame::Mandiri => 3,
    };
    let mut out = Vec::new();
    for r in &ev.rounds {
        for k in 0..parts {
            out.push(PlayedRound {
                games: r
                    .boards
                    .iter()
                    .filter_map(|b| b.results().get(k).copied())
                    .collect(),
                byes: if k < 2 { r.byes.clone() } else { Vec::new() },
            });
        }
    }
    out
}

/// A board's result for the pairing crate, once it has one: the pairing's.
pub fn game_result(b: &Board) -> Option<GameResult> {
    b.results().first().copied()
}

/// Moves the event on at `now`, with the games in `ended` over: results counted, forfeits
/// given at a window's close, the next round paired or the event finished; an arena's free
/// players paired, until its end. Whether anything changed.
pub fn step(ev: &mut Event, now: u64, ended: &HashMap<String, Ended>) -> bool {
    let before = ev.clone();
    // At the entry window's end with too few players, the event is cancelled, nobody paired.
    if ev.state == State::Entry && ev.starts_at.is_some_and(|t| now >= t) && start(ev, now).is_err()
    {
        ev.state = State::Finished;
        ev.cancelled = true;
    }
    if ev.state == State::Running {
        if ev.format.has_rounds() {
            step_rounds(ev, now, ended);
        } else {
            step_arena(ev, now, ended);
        }
    }
    *ev != before
}

/// The result of a board whose game ended, and the forfeits running of its players reset.
fn count_ended(board: &mut Board, entrants: &mut [Entrant], ended: &HashMap<String, Ended>) {
    if board.result.is_some() {
        return;
    }
    let Some(results) = board.game.as_ref().and_then(|g| ended.get(g)) else {
        return;
    };
    let Some((first, rest)) = results.split_first() else {
        return;
    };
    board.result = Some(first.outcome);
    board.counters = first.counters;
    board.side_results = rest.to_vec();
    for p in board.players() {
        entrants[p].forfeits_running = 0;
    }
}

fn step_rounds(ev: &mut Event, now: u64, ended: &HashMap<String, Ended>) {
    let Some(round) = ev.rounds.last_mut() else {
        return;
    };
    let paused = ev.paused_at.is_some();
    let closed = now >= round.closes && !paused;
    for board in &mut round.boards {
        count_ended(board, &mut ev.entrants, ended);
        if board.result.is_none() && board.game.is_none() && closed {
            forfeit(board, &mut ev.entrants);
        }
    }
    if round.boards.iter().all(|b| b.result.is_some()) && !paused {
        next_round(ev, now);
    }
}

/// The board's game never started and its window closed: the rule of docs/TOURNAMENTS.md,
/// "Forfeits", pair by pair (a Mandiri table's three pairs each). A player who forfeits twice
/// running is withdrawn.
fn forfeit(board: &mut Board, entrants: &mut [Entrant]) {
    let players = board.players();
    let came: Vec<bool> = (0..players.len()).map(|seat| board.came(seat)).collect();
    let outcome = |i: usize, j: usize| match (came[i], came[j]) {
        (true, false) => Outcome::FirstWinsByForfeit,
        (false, true) => Outcome::SecondWinsByForfeit,
        // Both came and the game was not made: a Mandiri table whose third player never came
        // (two players of Raja Pasu have their game made as the second comes). Neither of
        // the two is blamed.
        (true, true) => Outcome::Draw,
        (false, false) => Outcome::DoubleForfeit,
    };
    board.result = Some(outcome(0, 1));
    if players.len() == 3 {
        board.side_results = [(0, 2), (1, 2)]
            .map(|(i, j)| GameResult {
                pairing: Pairing::new(players[i], players[j]),
                outcome: outcome(i, j),
                counters: [0, 0],
            })
            .to_vec();
    }
    for (seat, &p) in players.iter().enumerate() {
        let e = &mut entrants[p];
        if came[seat] {
            e.forfeits_running = 0;
        } else {
            e.forfeits_running += 1;
            if e.forfeits_running >= 2 {
                e.withdrawn = true;
            }
        }
    }
}

/// The players still in, best first: for a Mandiri Swiss event by the standings so far (then
/// seed), otherwise in seeding order.
fn mandiri_ranking(ev: &Event) -> Vec<usize> {
    let n = ev.entrants.len();
    let by_seed: Vec<usize> = (0..n).filter(|&p| !ev.entrants[p].withdrawn).collect();
    if !matches!(ev.format, Format::Swiss { .. }) {
        return by_seed;
    }
    match standings(n, &played(ev), 2, &[]) {
        Ok(table) => table
            .iter()
            .map(|s| s.player)
            .filter(|&p| !ev.entrants[p].withdrawn)
            .collect(),
        Err(_) => by_seed,
    }
}

/// Seats the next Mandiri round (opening its window at `now`), or finishes the event after its
/// last, or when fewer than three players are left.
fn next_mandiri_round(ev: &mut Event, now: u64) {
    let n = ev.entrants.len();
    let past: Vec<MandiriRound> = ev
        .rounds
        .iter()
        .map(|r| MandiriRound {
            tables: r
                .boards
                .iter()
                .filter_map(|b| b.third.map(|t| [b.pairing.first, b.pairing.second, t]))
                .collect(),
            byes: r.byes.clone(),
        })
        .collect();
    let round = (past.len() < mandiri_rounds(ev.format, n))
        .then(|| seat_round(n, &mandiri_ranking(ev), &past).ok())
        .flatten();
    let Some(round) = round else {
        ev.state = State::Finished;
        return;
    };
    ev.rounds.push(EventRound {
        opens: now,
        closes: now + ev.window,
        boards: round.tables.into_iter().map(Board::table).collect(),
        byes: round.byes,
    });
}

/// Pairs the next round (opening its window at `now`), or finishes the event after its last.
fn next_round(ev: &mut Event, now: u64) {
    if ev.game == SeekGame::Mandiri {
        return next_mandiri_round(ev, now);
    }
    let k = ev.rounds.len();
    let round: Option<Round> = match ev.format {
        Format::RoundRobin { .. } => ev.schedule.get(k).cloned(),
        Format::Swiss { rounds } if k < rounds as usize => {
            let withdrawn = ev.withdrawn();
            let active = ev.entrants.len() - withdrawn.len();
            Swiss::new(ev.entrants.len())
                .ok()
                .filter(|_| active >= 2)
                .and_then(|s| s.pair_without(&played(ev), &withdrawn).ok())
        }
        _ => None,
    };
    let Some(round) = round else {
        ev.state = State::Finished;
        return;
    };
    let mut boards: Vec<Board> = round.games.iter().map(|&p| Board::new(p)).collect();
    // A round-robin's games of withdrawn players are scored at once (rule 5).
    for b in &mut boards {
        let out = [b.pairing.first, b.pairing.second].map(|p| ev.entrants[p].withdrawn);
        b.result = match out {
            [false, false] => None,
            [true, false] => Some(Outcome::SecondWinsByForfeit),
            [false, true] => Some(Outcome::FirstWinsByForfeit),
            [true, true] => Some(Outcome::DoubleForfeit),
        };
    }
    ev.rounds.push(EventRound {
        opens: now,
        closes: now + ev.window,
        boards,
        byes: round.byes,
    });
    // A round decided at once (every game of withdrawn players) is followed by the next.
    if ev
        .rounds
        .last()
        .is_some_and(|r| r.boards.iter().all(|b| b.result.is_some()))
    {
        next_round(ev, now);
    }
}

fn step_arena(ev: &mut Event, now: u64, ended: &HashMap<String, Ended>) {
    let Some(mut arena) = ev.arena.take() else {
        ev.state = State::Finished;
        return;
    };
    for board in &mut ev.arena_games {
        let had = board.result.is_some();
        count_ended(board, &mut ev.entrants, ended);
        if let (false, Some(outcome)) = (had, board.result) {
            let _ = arena.finish(board.pairing, outcome);
        }
    }
    for p in ev.withdrawn() {
        let _ = arena.leave(p);
    }
    ev.arena = Some(arena);
    if ev.paused_at.is_some() {
        return;
    }
    if ev.ends.is_some_and(|end| now < end) {
        pair_arena(ev);
    } else {
        // Time is up: no new games; those in play count when they end.
        if let Some(arena) = ev.arena.as_mut() {
            for p in 0..ev.entrants.len() {
                let _ = arena.leave(p);
            }
        }
        if ev.arena_games.iter().all(|b| b.result.is_some()) {
            ev.state = State::Finished;
        }
    }
}

fn pair_arena(ev: &mut Event) {
    if let Some(arena) = ev.arena.as_mut() {
        for p in arena.pair() {
            ev.arena_games.push(Board::new(p));
        }
    }
}

/// The boards that need their game made now: both players came (in an arena, at once), no
/// game yet, no result.
pub fn need_games(ev: &Event) -> Vec<Pairing> {
    if ev.paused_at.is_some() {
        return Vec::new();
    }
    let arena = !ev.format.has_rounds();
    ev.boards()
        .filter(|b| b.game.is_none() && b.result.is_none() && (arena || b.all_present()))
        .map(|b| b.pairing)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournaments::event::Member;

    /// A game that ended so (what `count_ended` reads of it: the outcome and counters).
    fn done(outcome: Outcome, counters: [u32; 2]) -> Ended {
        vec![GameResult {
            pairing: Pairing::new(0, 1),
            outcome,
            counters,
        }]
    }

    fn event(format: Format, players: usize) -> Event {
        let member = |k: usize| Member {
            id: format!("a{k}"),
            name: format!("p{k}"),
        };
        Event {
            name: "club".into(),
            creator: member(0),
            format,
            game: Default::default(),
            mode: Default::default(),
            clock: "5+3".parse().unwrap(),
            rated: false,
            public: true,
            window: 3600,
            starts_at: None,
            created: 0,
            state: State::Entry,
            started: None,
            cancelled: false,
            ends: None,
            paused_at: None,
            entrants: (0..players)
                .map(|k| Entrant {
                    member: member(k),
                    withdrawn: false,
                    forfeits_running: 0,
                    rating: None,
                })
                .collect(),
            schedule: vec![],
            rounds: vec![],
            arena: None,
            arena_games: vec![],
            version: 0,
        }
    }

    #[test]
    fn a_round_robin_of_four_plays_the_berger_table_and_finishes() {
        let mut ev = event(Format::RoundRobin { double: false }, 4);
        start(&mut ev, 100).unwrap();
        assert_eq!(ev.schedule.len(), 3);
        let mut n = 0;
        while ev.state == State::Running {
            let r = ev.rounds.last().unwrap().clone();
            let mut ended = HashMap::new();
            for (k, b) in r.boards.iter().enumerate() {
                let g = format!("g{n}-{k}");
                ev.rounds.last_mut().unwrap().boards[k].game = Some(g.clone());
                ended.insert(g, done(Outcome::FirstWins, [40, 30]));
                assert!(b.result.is_none());
            }
            assert!(step(&mut ev, 200, &ended));
            n += 1;
        }
        assert_eq!(n, 3);
        assert_eq!(ev.rounds.len(), 3);
        assert_eq!(ev.rounds[0].boards[0].pairing, Pairing::new(0, 3));
    }

    #[test]
    fn round_robin_and_swiss_are_seeded_by_rating_an_arena_is_not() {
        for (format, seeded) in [
            (Format::RoundRobin { double: false }, true),
            (Format::Swiss { rounds: 2 }, true),
            (Format::Arena { minutes: 30 }, false),
        ] {
            let mut ev = event(format, 4);
            for (e, r) in ev.entrants.iter_mut().zip([1500, 1720, 1500, 1610]) {
                e.rating = Some(r);
            }
            start(&mut ev, 0).unwrap();
            let order: Vec<&str> = ev.entrants.iter().map(|e| e.member.name.as_str()).collect();
            // 1720, 1610, then the two on 1500 in the order they joined.
            let expected = if seeded {
                ["p1", "p3", "p0", "p2"]
            } else {
                ["p0", "p1", "p2", "p3"]
            };
            assert_eq!(order, expected, "{format:?}");
        }
        // Round 1 of a Swiss event of four: the top seed (p1) leads against the third (p0).
        let mut ev = event(Format::Swiss { rounds: 2 }, 4);
        for (e, r) in ev.entrants.iter_mut().zip([1500, 1720, 1500, 1610]) {
            e.rating = Some(r);
        }
        start(&mut ev, 0).unwrap();
        let first = ev.rounds[0].boards[0].pairing;
        assert_eq!(
            (
                ev.entrants[first.first].member.name.as_str(),
                ev.entrants[first.second].member.name.as_str()
            ),
            ("p1", "p0")
        );
    }

    #[test]
    fn a_mandiri_tables_forfeits_are_counted_pair_by_pair() {
        let mut ev = event(Format::RoundRobin { double: false }, 4);
        ev.game = SeekGame::Mandiri;
        start(&mut ev, 0).unwrap();
        // Four players: one table, one bye; four rounds, each player the Raja once.
        assert_eq!(mandiri_rounds(ev.format, 4), 4);
        let board = &ev.rounds[0].boards[0];
        let seats = board.players();
        assert_eq!((seats.len(), ev.rounds[0].byes.len()), (3, 1));
        // The Raja and the right end came; the left end did not.
        ev.rounds[0].boards[0].present = vec![true, true, false];
        assert!(step(&mut ev, 3600, &HashMap::new()));
        let board = &ev.rounds[0].boards[0];
        let outcomes: Vec<(Pairing, Outcome)> = board
            .results()
            .iter()
            .map(|g| (g.pairing, g.outcome))
            .collect();
        assert_eq!(
            outcomes,
            [
                (Pairing::new(seats[0], seats[1]), Outcome::Draw),
                (
                    Pairing::new(seats[0], seats[2]),
                    Outcome::FirstWinsByForfeit
                ),
                (
                    Pairing::new(seats[1], seats[2]),
                    Outcome::FirstWinsByForfeit
                ),
            ]
        );
        assert_eq!(ev.entrants[seats[2]].forfeits_running, 1);
        assert_eq!(ev.entrants[seats[0]].forfeits_running, 0);
        // The standings count the pairs: a draw and a forfeit win each for the two who came.
        let rounds = played(&ev);
        assert_eq!(rounds.len(), 6, "two Mandiri rounds, three parts each");
        assert_eq!(ev.rounds.len(), 2, "round 2 is seated");
        let r2: Vec<usize> = ev.rounds[1].boards[0].players();
        assert_ne!(r2[0], seats[0], "another player is Raja");
    }

    #[test]
    fn forfeits_at_the_window_close_follow_presence_and_withdraw_after_two() {
        let mut ev = event(Format::RoundRobin { double: false }, 4);
        start(&mut ev, 0).unwrap();
        // Round 1: 1-4 (0 leads 3) and 2-3 (1 leads 2). Player 0 came, 3 did not; neither of
        // 1 and 2 came.
        ev.rounds[0].boards[0].present = vec![true, false];
        assert!(!step(&mut ev, 3599, &HashMap::new()), "the window is open");
        assert!(step(&mut ev, 3600, &HashMap::new()));
        let r1 = &ev.rounds[0].boards;
        assert_eq!(r1[0].result, Some(Outcome::FirstWinsByForfeit));
        assert_eq!(r1[1].result, Some(Outcome::DoubleForfeit));
        assert_eq!(ev.rounds.len(), 2, "round 2 is paired at once");
        assert_eq!(ev.rounds[1].closes, 3600 + 3600);
        // Round 2 (4-3 1-2): nobody comes; 1, 2 and 3 have forfeited twice running and are
        // withdrawn; 0 once.
        step(&mut ev, 7200, &HashMap::new());
        let out: Vec<bool> = ev.entrants.iter().map(|e| e.withdrawn).collect();
        assert_eq!(out, [false, true, true, true]);
        assert_eq!(ev.entrants[0].forfeits_running, 1);
        // Round 3 (2-4 3-1) is scored at once, every game having a withdrawn player; the
        // event is over.
        assert_eq!(ev.state, State::Finished);
        assert_eq!(ev.rounds.len(), 3);
        let r3: Vec<_> = ev.rounds[2]
            .boards
            .iter()
            .map(|b| (b.pairing, b.result))
            .collect();
        assert_eq!(
            r3,
            [
                (Pairing::new(1, 3), Some(Outcome::DoubleForfeit)),
                (Pairing::new(2, 0), Some(Outcome::SecondWinsByForfeit)),
            ]
        );
    }

    #[test]
    fn a_game_started_plays_on_after_the_window() {
        let mut ev = event(Format::Swiss { rounds: 2 }, 4);
        start(&mut ev, 0).unwrap();
        ev.rounds[0].boards[0].game = Some("g".into());
        ev.rounds[0].boards[1].game = Some("h".into());
        assert!(!step(&mut ev, 10_000, &HashMap::new()));
        assert_eq!(ev.rounds[0].boards[0].result, None);
        let ended = HashMap::from([
            ("g".to_string(), done(Outcome::SecondWins, [30, 40])),
            ("h".to_string(), done(Outcome::Draw, [35, 35])),
        ]);
        assert!(step(&mut ev, 10_001, &ended));
        assert_eq!(ev.rounds.len(), 2);
        assert_eq!(ev.rounds[1].closes, 10_001 + 3600);
        // Two players: a forfeit leaves them free to meet again (F.2); the event ends after
        // its two rounds.
        let mut two = event(Format::Swiss { rounds: 2 }, 2);
        start(&mut two, 0).unwrap();
        two.rounds[0].boards[0].present = vec![true, false];
        step(&mut two, 3600, &HashMap::new());
        assert_eq!((two.state, two.rounds.len()), (State::Running, 2));
        two.rounds[1].boards[0].game = Some("k".into());
        let ended = HashMap::from([("k".to_string(), done(Outcome::Draw, [35, 35]))]);
        step(&mut two, 3700, &ended);
        assert_eq!(two.state, State::Finished);
    }

    #[test]
    fn an_arena_pairs_free_players_until_its_end() {
        let mut ev = event(Format::Arena { minutes: 10 }, 4);
        start(&mut ev, 0).unwrap();
        assert_eq!(ev.arena_games.len(), 2);
        assert_eq!(need_games(&ev).len(), 2);
        for (k, b) in ev.arena_games.iter_mut().enumerate() {
            b.game = Some(format!("g{k}"));
        }
        let ended = HashMap::from([("g0".to_string(), done(Outcome::FirstWins, [40, 30]))]);
        step(&mut ev, 60, &ended);
        // The two of game 0 wait; only each other are free, so they meet again.
        assert_eq!(ev.arena_games.len(), 3);
        let ended = HashMap::from([("g1".to_string(), done(Outcome::Draw, [35, 35]))]);
        ev.arena_games[2].game = Some("g2".into());
        step(&mut ev, 600, &ended);
        assert_eq!(ev.arena_games.len(), 3, "no pairing after the end");
        assert_eq!(ev.state, State::Running, "game 2 still plays");
        let ended = HashMap::from([("g2".to_string(), done(Outcome::FirstWins, [40, 30]))]);
        step(&mut ev, 700, &ended);
        assert_eq!(ev.state, State::Finished);
    }

    #[test]
    fn a_pause_holds_the_window_and_moves_it_on_by_its_length() {
        let mut ev = event(Format::RoundRobin { double: false }, 4);
        start(&mut ev, 0).unwrap();
        ev.pause(true, 1000);
        assert_eq!(ev.wake(), None);
        assert!(
            !step(&mut ev, 5000, &HashMap::new()),
            "no forfeit while paused"
        );
        ev.pause(false, 5000);
        assert_eq!(ev.rounds[0].closes, 3600 + 4000);
        assert!(!step(&mut ev, 7599, &HashMap::new()));
        assert!(step(&mut ev, 7600, &HashMap::new()));
        assert_eq!(ev.rounds[0].boards[0].result, Some(Outcome::DoubleForfeit));
    }

    #[test]
    fn an_entry_window_closing_with_too_few_players_ends_the_event() {
        let mut ev = event(Format::RoundRobin { double: false }, 2);
        ev.starts_at = Some(50);
        assert!(!step(&mut ev, 49, &HashMap::new()));
        assert!(step(&mut ev, 50, &HashMap::new()));
        assert_eq!(ev.state, State::Finished);
        assert!(ev.rounds.is_empty());
    }
}
