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
