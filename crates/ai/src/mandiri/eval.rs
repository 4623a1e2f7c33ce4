//! What a Mandiri position is worth to each seat, and the exact key of a position within a
//! round.
//!
//! The value of a seat is, in tenths of a counter, what it captured this round (and, in a
//! match, its player's reserve: the holdings that decide who stays in), plus half of the
//! counters lying in its own holes. Why half: a four made in a seat's hole goes to its owner
//! (the default `fours=owner`) and a third repetition gives every seat its own holes, so those
//! counters lean towards the owner; but they can still be sown away, or swept by the last mover
//! when no capture is left. Half is the simplest weight between "lost" and "kept"; it is not
//! tuned.

use rajapasu_engine::mandiri::{self, BySeat, Seat};
use rajapasu_engine::{Hole, Mode, Side};
use std::sync::OnceLock;

/// Holes on the Mandiri board, S1..S7 then N1..N7 (the order of `mandiri::Position::counts`).
pub const HOLES: usize = 14;

/// A value for each seat, tenths of a counter.
pub type Values = [i32; 3];

/// The owner of each board index, read once from the engine's seats.
pub(crate) fn owners() -> &'static [Seat; HOLES] {
    static OWNERS: OnceLock<[Seat; HOLES]> = OnceLock::new();
    OWNERS.get_or_init(|| {
        core::array::from_fn(|i| {
            let (side, n) = if i < 7 {
                (Side::South, i + 1)
            } else {
                (Side::North, i - 6)
            };
            Seat::owner(Hole::new(side, n as u8).expect("a hole of the 2 x 7 board"))
        })
    })
}

/// What stays fixed during a round and still counts: each seat's player's reserve in a match.
///
/// ```
/// use rajapasu_ai::mandiri::eval::{base, evaluate};
/// use rajapasu_engine::mandiri;
/// let game = mandiri::Game::new(mandiri::Rules::default());
/// // At the start nothing is captured: each seat is worth half its own counters.
/// assert_eq!(evaluate(game.position(), base(game.position())), [210, 140, 140]);
/// ```
pub fn base(pos: &mandiri::Position) -> Values {
    if pos.rules().mode == Mode::SingleRound {
        return [0; 3];
    }
    Seat::ALL.map(|s| 10 * pos.reserve(pos.player(s)) as i32)
}

/// The static value of `pos` for each seat (see the module's documentation).
pub fn evaluate(pos: &mandiri::Position, base: Values) -> Values {
    let mut v = base;
    for s in Seat::ALL {
        v[s.index()] += 10 * pos.captured(s) as i32;
    }
    let owners = owners();
    for (i, &c) in pos.counts().iter().enumerate() {
        v[owners[i].index()] += 5 * i32::from(c);
    }
    v
}

/// The exact value of a finished round for each seat: its captures, the end award included.
pub fn final_values(captured: BySeat<u16>, base: Values) -> Values {
    let mut v = base;
    for s in Seat::ALL {
        v[s.index()] += 10 * i32::from(captured[s]);
    }
    v
}

/// Where a search stands in `game`: still in the round it started in, or past its end.
pub(crate) fn round_over(game: &mandiri::Game, root_rounds: usize) -> Option<BySeat<u16>> {
    (game.rounds().len() > root_rounds).then(|| game.rounds()[root_rounds].captured)
}

/// The exact key of a position within a round: 7 bits for each hole's count and each seat's
/// captures (none exceeds the game's 98 counters), 2 for the seat to move. Seats, reserves and
/// closed holes do not change within a round, so within one search equal keys are equal
/// positions, and the table needs no collision check beyond comparing keys.
///
/// ```
/// use rajapasu_ai::mandiri::eval::key;
/// use rajapasu_engine::mandiri;
/// let mut pos = mandiri::Position::start(mandiri::Rules::default());
/// let start = key(&pos);
/// pos.try_play("S5".parse().unwrap()).unwrap();
/// assert_ne!(key(&pos), start);
/// ```
pub fn key(pos: &mandiri::Position) -> u128 {
    let mut k: u128 = 0;
    for &c in pos.counts() {
        k = k << 7 | u128::from(c);
    }
    for s in Seat::ALL {
        k = k << 7 | pos.captured(s) as u128;
    }
    k << 2 | pos.to_move().index() as u128
}

/// The immediate gain of each legal move: counters the mover captures with it, then counters
/// the others capture with it. Captures first is the searches' move ordering.
pub(crate) fn gains(pos: &mandiri::Position) -> Vec<(Hole, i32, i32)> {
    let mover = pos.to_move();
    let before = Seat::ALL.map(|s| pos.captured(s) as i32);
    pos.legal_moves()
        .into_iter()
        .map(|h| {
            let mut child = *pos;
            child.play_traced(h, &mut ());
            let mine = child.captured(mover) as i32 - before[mover.index()];
            let all: i32 = Seat::ALL
                .iter()
                .map(|&s| child.captured(s) as i32 - before[s.index()])
                .sum();
            (h, mine, all - mine)
        })
        .collect()
}

/// The legal moves, `first` (the table's best move) ahead, then the mover's captures, largest
/// first, then the moves that give the others least.
pub(crate) fn ordered(pos: &mandiri::Position, first: Option<Hole>) -> Vec<Hole> {
    let mut g = gains(pos);
    g.sort_by_key(|&(h, mine, theirs)| (Some(h) != first, -mine, theirs));
    g.into_iter().map(|(h, _, _)| h).collect()
}
