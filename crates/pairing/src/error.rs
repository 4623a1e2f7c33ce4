//! What is wrong with an input to a pairing or to the standings.

use std::fmt;

/// Why a schedule, a pairing or the standings could not be made. Each names what it refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PairingError {
    /// Fewer players than the format needs.
    TooFewPlayers {
        /// Players given.
        players: usize,
        /// The least the format needs.
        needed: usize,
    },
    /// More players than the format takes.
    TooManyPlayers {
        /// Players given.
        players: usize,
        /// The most the format takes.
        most: usize,
    },
    /// A player number outside the event (players are numbered from 0).
    UnknownPlayer {
        /// The number given.
        player: usize,
        /// Players in the event.
        players: usize,
    },
    /// A player who appears twice in one round (in two games, or in a game and among the byes).
    TwiceInRound {
        /// The player.
        player: usize,
        /// The round, from 0.
        round: usize,
    },
    /// A game of a player against themself.
    SelfPairing {
        /// The player.
        player: usize,
    },
    /// No pairing of the next round keeps every rule (every opponent already met, say).
    NoPairing {
        /// The round that could not be paired, from 0.
        round: usize,
    },
    /// A ranking that lists a player twice.
    NotARanking,
}

impl fmt::Display for PairingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            PairingError::TooFewPlayers { players, needed } => {
                write!(f, "{players} players: this format needs {needed} or more")
            }
            PairingError::TooManyPlayers { players, most } => {
                write!(f, "{players} players: this format takes at most {most}")
            }
            PairingError::UnknownPlayer { player, players } => write!(
                f,
                "player {player} is not in the event (players are numbered 0 to {})",
                players.saturating_sub(1)
            ),
            PairingError::TwiceInRound { player, round } => {
                write!(f, "player {player} appears twice in round {}", round + 1)
            }
            PairingError::SelfPairing { player } => {
                write!(f, "player {player} is paired against themself")
            }
            PairingError::NoPairing { round } => write!(
                f,
                "round {} cannot be paired without a repeat game",
                round + 1
            ),
            PairingError::NotARanking => {
                write!(f, "the ranking lists a player twice")
            }
        }
    }
}

impl std::error::Error for PairingError {}
