//! Traces of Mandiri moves: the sowing's events (the two-player game's, naming seats) and what
//! follows a move: passes, the round end and the match between rounds.

use crate::mandiri::game::MandiriRoundEnd;
use crate::mandiri::seat::{BySeat, Player, Players, Seat};
use crate::trace::Event;

/// One step of a Mandiri move or of what follows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MandiriEvent {
    /// A step of the sowing.
    Sow(Event<Seat>),
    /// `seat` had no counters and passed (rule M2).
    Pass {
        /// The seat.
        seat: Seat,
    },
    /// The round ended.
    RoundEnd {
        /// Why.
        reason: MandiriRoundEnd,
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
}

/// The JSON of an event: a sowing step is the two-player event's object (its seats `C`, `R`,
/// `L`); the others are tagged the same way, `{"event": "pass", "seat": "R"}`, with players as
/// their numbers and values by seat as arrays in the order C, R, L.
///
/// ```
/// use rajapasu_engine::mandiri::{MandiriEvent, Player, Seat};
/// let pass = serde_json::to_value(MandiriEvent::Pass { seat: Seat::R }).unwrap();
/// assert_eq!(pass, serde_json::json!({"event": "pass", "seat": "R"}));
/// let gift = MandiriEvent::Gift {
///     from: Player::new(1).unwrap(),
///     to: Player::new(3).unwrap(),
///     count: 1,
/// };
/// assert_eq!(
///     serde_json::to_value(gift).unwrap(),
///     serde_json::json!({"event": "gift", "from": 1, "to": 3, "count": 1})
/// );
/// ```
#[cfg(feature = "serde")]
impl serde::Serialize for MandiriEvent {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use crate::mandiri::game::MandiriRoundEnd as End;
        #[derive(serde::Serialize)]
        #[serde(tag = "event", rename_all = "snake_case")]
        enum Tagged<'a> {
            Pass {
                seat: Seat,
            },
            RoundEnd {
                reason: End,
                award: &'a BySeat<u16>,
                captured: &'a BySeat<u16>,
                winners: Players,
            },
            Repay {
                from: Player,
                to: Player,
                count: u16,
            },
            Gift {
                from: Player,
                to: Player,
                count: u16,
            },
            Borrow {
                player: Player,
                lender: Player,
                count: u16,
            },
            Out {
                player: Player,
            },
            Office {
                raja: Player,
            },
            Refill {
                round: u16,
                filled: &'a BySeat<u8>,
                reserve: &'a [u16; 3],
            },
            GameOver {
                winners: Players,
            },
        }
        let tagged = match self {
            MandiriEvent::Sow(e) => return serde::Serialize::serialize(e, s),
            &MandiriEvent::Pass { seat } => Tagged::Pass { seat },
            MandiriEvent::RoundEnd {
                reason,
                award,
                captured,
                winners,
            } => Tagged::RoundEnd {
                reason: *reason,
                award,
                captured,
                winners: *winners,
            },
            &MandiriEvent::Repay { from, to, count } => Tagged::Repay { from, to, count },
            &MandiriEvent::Gift { from, to, count } => Tagged::Gift { from, to, count },
            &MandiriEvent::Borrow {
                player,
                lender,
                count,
            } => Tagged::Borrow {
                player,
                lender,
                count,
            },
            &MandiriEvent::Out { player } => Tagged::Out { player },
            &MandiriEvent::Office { raja } => Tagged::Office { raja },
            MandiriEvent::Refill {
                round,
                filled,
                reserve,
            } => Tagged::Refill {
                round: *round,
                filled,
                reserve,
            },
            &MandiriEvent::GameOver { winners } => Tagged::GameOver { winners },
        };
        tagged.serialize(s)
    }
}
