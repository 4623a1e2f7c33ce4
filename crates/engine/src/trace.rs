//! Move traces: what happened during a move, event by event, for animation and explanation.

use crate::by_side::BySide;
use crate::hole::Hole;
use crate::side::Side;

/// How a round ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum RoundEnd {
    /// Rule 8(a): the player to move had no move; the other player took the board.
    NoMoves,
    /// Rule 8(b): a position occurred for the third time; each player took their own row.
    Repetition,
}

/// One step of a move or of what follows it.
///
/// The sowing events name their seats with `P`: a [`Side`] in the two-player game, a
/// [`crate::mandiri::Seat`] in Raja Pasu Mandiri. The round and match events are the two-player
/// game's; Mandiri reports its own in [`crate::mandiri::Event`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(tag = "event", rename_all = "snake_case"))]
pub enum Event<P = Side> {
    /// All `count` counters of `hole` were lifted: the move's first lift or a relay lift.
    Lift {
        /// The hole emptied.
        #[cfg_attr(feature = "serde", serde(with = "hole_name"))]
        hole: Hole,
        /// Counters lifted.
        count: u8,
        /// False for the move's first lift, true for a relay lift.
        relay: bool,
    },
    /// One counter was dropped into `hole`, which now holds `count`.
    Drop {
        /// The hole.
        #[cfg_attr(feature = "serde", serde(with = "hole_name"))]
        hole: Hole,
        /// Its counters after the drop (4 when the drop made a four, before it is removed).
        count: u8,
    },
    /// The drop made a four in `hole`; the four went to `to`.
    Four {
        /// The hole, now empty.
        #[cfg_attr(feature = "serde", serde(with = "hole_name"))]
        hole: Hole,
        /// Who received it.
        to: P,
    },
    /// The last drop of a lap made a four that stays on the board (option `final-four=exempt`).
    FourLeft {
        /// The hole holding 4.
        #[cfg_attr(feature = "serde", serde(with = "hole_name"))]
        hole: Hole,
    },
    /// The mover captured the `count` counters of `hole` beyond an empty hole.
    Pussa {
        /// The hole captured.
        #[cfg_attr(feature = "serde", serde(with = "hole_name"))]
        hole: Hole,
        /// Counters taken.
        count: u8,
        /// The capturer.
        by: P,
    },
    /// The lap ended in front of two empty holes, or a pussa hole was empty: nothing captured.
    NoCapture {
        /// The empty hole after the lap's last drop.
        #[cfg_attr(feature = "serde", serde(with = "hole_name"))]
        empty: Hole,
    },
    /// A relay lift at `hole` would have repeated an earlier lift of this move: the move ends.
    EndlessStop {
        /// Where the lift would have been.
        #[cfg_attr(feature = "serde", serde(with = "hole_name"))]
        hole: Hole,
    },
    /// The round ended.
    RoundEnd {
        /// Why.
        reason: RoundEnd,
        /// Counters each player took from the board at the end.
        award: BySide<u16>,
        /// The round's final captures, award included.
        captured: BySide<u16>,
        /// Who won the round, if not drawn.
        winner: Option<Side>,
    },
    /// The board was set up for the next round.
    Refill {
        /// The new round's number.
        round: u16,
        /// Holes each player filled.
        filled: BySide<u8>,
        /// Counters each player keeps in reserve.
        reserve: BySide<u16>,
        /// Who leads the new round.
        leader: Side,
    },
    /// The match (or, in single-round mode, the game) is over.
    GameOver {
        /// The winner, if not drawn.
        winner: Option<Side>,
    },
}

/// Receives the events of a move. `()` ignores them at no cost; `Vec<Event>` keeps them.
pub trait Tracer<P = Side> {
    /// Whether events are wanted at all: sowing skips building them when false.
    const ENABLED: bool;
    /// Receives one event.
    fn event(&mut self, event: Event<P>);
}

impl<P> Tracer<P> for () {
    const ENABLED: bool = false;
    #[inline(always)]
    fn event(&mut self, _: Event<P>) {}
}

impl<P> Tracer<P> for Vec<Event<P>> {
    const ENABLED: bool = true;
    fn event(&mut self, event: Event<P>) {
        self.push(event);
    }
}

#[cfg(feature = "serde")]
mod hole_name {
    use crate::hole::Hole;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(h: &Hole, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(h)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Hole, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(all(test, feature = "serde"))]
mod tests {
    use super::*;

    #[test]
    fn per_side_values_are_written_with_side_names() {
        let event: Event = Event::RoundEnd {
            reason: RoundEnd::NoMoves,
            award: BySide::new(1, 0),
            captured: BySide::new(63, 35),
            winner: Some(Side::South),
        };
        assert_eq!(
            serde_json::to_value(&event).unwrap(),
            serde_json::json!({"event": "round_end", "reason": "no_moves",
                "award": {"south": 1, "north": 0}, "captured": {"south": 63, "north": 35},
                "winner": "south"})
        );
    }
}
