//! Traces of Mandiri moves: the sowing's events (the two-player game's, naming seats) and what
//! follows a move: passes, the round end and the match between rounds.

use crate::mandiri::seat::{BySeat, Player, Players, Seat};
use crate::trace::{Event as SowEvent, Tracer as SowTracer};

/// How a Mandiri round ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum RoundEnd {
    /// Rule M5 (or the `quiet` and `below4` options): no capture is left to make; the last
    /// mover took the board.
    NoCapture,
    /// A position came for the third time; each seat took the counters in its own holes.
    Repetition,
}

/// One step of a Mandiri move or of what follows it.
///
/// As JSON a sowing step is the two-player event's object (its seats `C`, `R`, `L`); the
/// others are tagged the same way, with players as their numbers and values by seat as arrays
/// in the order C, R, L.
///
/// ```
/// use rajapasu_engine::mandiri::{Event, Player, Seat};
/// let gift = Event::Gift {
///     from: Player::new(1).unwrap(),
///     to: Player::new(3).unwrap(),
///     count: 1,
/// };
/// assert_ne!(gift, Event::Pass { seat: Seat::R });
/// #[cfg(feature = "serde")]
/// {
///     let pass = serde_json::to_value(Event::Pass { seat: Seat::R }).unwrap();
///     assert_eq!(pass, serde_json::json!({"event": "pass", "seat": "R"}));
///     assert_eq!(
///         serde_json::to_value(gift).unwrap(),
///         serde_json::json!({"event": "gift", "from": 1, "to": 3, "count": 1})
///     );
/// }
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(tag = "event", rename_all = "snake_case"))]
pub enum Event {
    /// `seat` had no counters and passed (rule M2).
    Pass {
        /// The seat.
        seat: Seat,
    },
    /// The round ended.
    RoundEnd {
        /// Why.
        reason: RoundEnd,
        /// Counters each seat took from the board at the end.
        award: BySeat<u16>,
        /// The round's captures, award included.
        captured: BySeat<u16>,
        /// The round's winners (rule M6).
        winners: Players,
    },
    /// A borrower paid back part or all of a debt (rule M11).
    Repay {
        /// The borrower.
        from: Player,
        /// The lender.
        to: Player,
        /// Counters paid.
        count: u16,
    },
    /// The Raja's gift (rule M8.1).
    Gift {
        /// The Raja.
        from: Player,
        /// The player receiving it.
        to: Player,
        /// Counters given.
        count: u16,
    },
    /// A player borrowed to fill a hole (rule M11).
    Borrow {
        /// The borrower.
        player: Player,
        /// The lender.
        lender: Player,
        /// Counters borrowed.
        count: u16,
    },
    /// A player could not fill a hole and is out of the match (rule M8.3).
    Out {
        /// The player.
        player: Player,
    },
    /// The office passed (rule M9): `raja` now sits in C, and the others moved seats with it.
    Office {
        /// The new Raja.
        raja: Player,
    },
    /// The board was filled for the next round (rule M8.4).
    Refill {
        /// The new round's number.
        round: u16,
        /// Holes each seat filled.
        filled: BySeat<u8>,
        /// Each player's reserve, by player.
        reserve: [u16; 3],
    },
    /// The game is over.
    GameOver {
        /// The winner, or the players sharing it.
        winners: Players,
    },
    /// A step of the sowing (last, so that its own tag is the one written).
    #[cfg_attr(feature = "serde", serde(untagged))]
    Sow(SowEvent<Seat>),
}

/// Receives the events of a Mandiri game: the sowing's (as [`SowTracer`]) and those beyond it,
/// passes, round ends and the match. `()` ignores them; `Vec<Event>` keeps them all.
pub trait Tracer: SowTracer<Seat> {
    /// Receives one event.
    fn happened(&mut self, event: Event);
}

impl Tracer for () {
    #[inline(always)]
    fn happened(&mut self, _: Event) {}
}

impl Tracer for Vec<Event> {
    fn happened(&mut self, event: Event) {
        self.push(event);
    }
}

impl SowTracer<Seat> for Vec<Event> {
    const ENABLED: bool = true;
    fn event(&mut self, event: SowEvent<Seat>) {
        self.push(Event::Sow(event));
    }
}
