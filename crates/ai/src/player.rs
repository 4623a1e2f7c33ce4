//! What a player is, for either game: anything that chooses moves ([`Player`]), and why it may
//! fail to ([`PlayerError`]); and the one player that needs nothing of the game but its legal
//! moves ([`RandomPlayer`]). The players that search are each game's: `players`, `mcts` and
//! `external` for Raja Pasu (the last for Mandiri too), `mandiri` for the three-player game.

use core::fmt;
use rajapasu_engine::rng::Rng;
use rajapasu_engine::{Game, SowingGame};
use std::io;

/// Something that chooses moves in a game `G` (Raja Pasu by default).
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
pub trait Player<G: SowingGame = Game>: Send {
    /// A move for whoever is to move in `game`. An error forfeits the game.
    fn choose(&mut self, game: &G) -> Result<G::Move, PlayerError<G>>;
}

/// Why a player gave no move, or no legal one. In a tournament the game is lost by forfeit.
///
/// ```
/// use rajapasu_ai::player::PlayerError;
/// let e: PlayerError = PlayerError::Closed { program: "rajapasu engine".into() };
/// assert_eq!(e.to_string(), "`rajapasu engine` closed its output");
/// ```
#[derive(Debug)]
pub enum PlayerError<G: SowingGame = Game> {
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
        mv: G::Move,
        /// Why it is illegal.
        error: G::IllegalMove,
    },
}

impl<G: SowingGame> fmt::Display for PlayerError<G> {
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

impl<G: SowingGame> std::error::Error for PlayerError<G> {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            PlayerError::Start { error, .. } | PlayerError::Io { error, .. } => Some(error),
            PlayerError::Illegal { error, .. } => Some(error),
            _ => None,
        }
    }
}

/// Uniformly random legal moves, in either game.
///
/// ```
/// use rajapasu_ai::player::{Player, RandomPlayer};
/// use rajapasu_engine::mandiri;
/// let game = mandiri::Game::new(mandiri::Rules::default());
/// let mv = RandomPlayer::new(3).choose(&game).unwrap();
/// assert!(game.legal_moves().contains(&mv));
/// ```
#[derive(Clone, Debug)]
pub struct RandomPlayer(pub Rng);

impl RandomPlayer {
    /// A random player from a seed.
    pub fn new(seed: u64) -> RandomPlayer {
        RandomPlayer(Rng::new(seed))
    }
}

impl<G: SowingGame> Player<G> for RandomPlayer {
    fn choose(&mut self, game: &G) -> Result<G::Move, PlayerError<G>> {
        let moves = game.legal_moves();
        if moves.is_empty() {
            return Err(PlayerError::GameOver);
        }
        Ok(moves[self.0.below(moves.len())])
    }
}
