//! What a player is: anything that chooses moves ([`Player`]), and why it may fail to
//! ([`PlayerError`]). This module depends on no player; the players themselves are in the
//! modules `players`, `mcts` and `external`.

use core::fmt;
use rajapasu_engine::{Game, IllegalMove, Move};
use std::io;

/// Something that chooses moves.
///
/// ```
/// use rajapasu_ai::player::{Player, PlayerError};
/// use rajapasu_engine::{Game, Move, Rules};
///
/// /// Always the first legal move.
/// struct First;
///
/// impl Player for First {
///     fn choose(&mut self, game: &Game) -> Result<Move, PlayerError> {
///         game.legal_moves().first().copied().ok_or(PlayerError::GameOver)
///     }
/// }
///
/// assert_eq!(First.choose(&Game::new(Rules::default())).unwrap().number(), 1);
/// ```
pub trait Player: Send {
    /// A move for the player to move in `game`. An error forfeits the game.
    fn choose(&mut self, game: &Game) -> Result<Move, PlayerError>;
}

/// Why a player gave no move, or no legal one. In a tournament the game is lost by forfeit.
///
/// ```
/// use rajapasu_ai::player::PlayerError;
/// let e = PlayerError::Closed { program: "rajapasu engine".into() };
/// assert_eq!(e.to_string(), "`rajapasu engine` closed its output");
/// ```
#[derive(Debug)]
pub enum PlayerError {
    /// The game is over: there is no move to choose.
    GameOver,
    /// An external program could not be started.
    Start {
        /// The program's command line.
        program: String,
        /// Why.
        error: io::Error,
    },
    /// Talking to an external program failed.
    Io {
        /// The program's command line.
        program: String,
        /// Why.
        error: io::Error,
    },
    /// An external program closed its output.
    Closed {
        /// The program's command line.
        program: String,
    },
    /// An external program's `bestmove` is not a move.
    BadAnswer {
        /// The program's command line.
        program: String,
        /// The line it answered.
        answer: String,
    },
    /// An external program answered `error ...`.
    Reported {
        /// The program's command line.
        program: String,
        /// The line it answered.
        message: String,
    },
    /// An external program gave no `bestmove` within its time limit (the move time and a
    /// margin, [`crate::external::time_limit`]).
    Timeout {
        /// The program's command line.
        program: String,
        /// The limit it overran.
        limit: std::time::Duration,
    },
    /// The player chose a move the rules do not allow.
    Illegal {
        /// The move.
        mv: Move,
        /// Why it is illegal.
        error: IllegalMove,
    },
}

impl fmt::Display for PlayerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerError::GameOver => f.write_str("the game is over"),
            PlayerError::Start { program, error } => write!(f, "cannot start `{program}`: {error}"),
            PlayerError::Io { program, error } => write!(f, "`{program}`: {error}"),
            PlayerError::Closed { program } => write!(f, "`{program}` closed its output"),
            PlayerError::BadAnswer { program, answer } => {
                write!(f, "`{program}` answered `{answer}`")
            }
            PlayerError::Reported { program, message } => write!(f, "`{program}`: {message}"),
            PlayerError::Timeout { program, limit } => write!(
                f,
                "`{program}` gave no move within {} ms",
                limit.as_millis()
            ),
            PlayerError::Illegal { mv, error } => write!(f, "illegal move {mv}: {error}"),
        }
    }
}

impl std::error::Error for PlayerError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            PlayerError::Start { error, .. } | PlayerError::Io { error, .. } => Some(error),
            PlayerError::Illegal { error, .. } => Some(error),
            _ => None,
        }
    }
}
