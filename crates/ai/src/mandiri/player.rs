//! What a Mandiri player is ([`MandiriPlayer`]) and the players: random, greedy, the three
//! searchers.

use crate::mandiri::eval::gains;
use crate::mandiri::{Limits, MaxN, Mcts, Paranoid};
use core::fmt;
use rajapasu_engine::mandiri;
use rajapasu_engine::rng::Rng;
use rajapasu_engine::Hole;

/// Why a Mandiri player gave no move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MandiriPlayerError {
    /// The game is over: there is no move to choose.
    GameOver,
}

impl fmt::Display for MandiriPlayerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MandiriPlayerError::GameOver => f.write_str("the game is over: there is no move"),
        }
    }
}

impl std::error::Error for MandiriPlayerError {}

/// Something that chooses Mandiri moves for the seat to move.
///
/// ```
/// use rajapasu_ai::mandiri::{MandiriPlayer, RandomPlayer};
/// use rajapasu_engine::mandiri;
/// let game = mandiri::Game::new(mandiri::Rules::default());
/// let mv = RandomPlayer::new(3).choose(&game).unwrap();
/// assert!(game.legal_moves().contains(&mv));
/// ```
pub trait MandiriPlayer: Send {
    /// A legal move for the seat to move in `game`.
    fn choose(&mut self, game: &mandiri::Game) -> Result<Hole, MandiriPlayerError>;
}

/// Uniformly random legal moves.
#[derive(Clone, Debug)]
pub struct RandomPlayer(Rng);

impl RandomPlayer {
    /// A random player from a seed.
    pub fn new(seed: u64) -> RandomPlayer {
        RandomPlayer(Rng::new(seed))
    }
}

impl MandiriPlayer for RandomPlayer {
    fn choose(&mut self, game: &mandiri::Game) -> Result<Hole, MandiriPlayerError> {
        let moves = game.legal_moves();
        if moves.is_empty() {
            return Err(MandiriPlayerError::GameOver);
        }
        Ok(moves[self.0.below(moves.len())])
    }
}

/// The move that captures most for the mover now (then gives the others least); ties, and with
/// probability `random_percent` every move, at random.
#[derive(Clone, Debug)]
pub struct GreedyPlayer {
    rng: Rng,
    random_percent: u32,
}

impl GreedyPlayer {
    /// A greedy player that plays a random move `random_percent` times in a hundred.
    pub fn new(seed: u64, random_percent: u32) -> GreedyPlayer {
        GreedyPlayer {
            rng: Rng::new(seed),
            random_percent: random_percent.min(100),
        }
    }
}

impl MandiriPlayer for GreedyPlayer {
    fn choose(&mut self, game: &mandiri::Game) -> Result<Hole, MandiriPlayerError> {
        if game.status().is_over() {
            return Err(MandiriPlayerError::GameOver);
        }
        let g = gains(game.position());
        if g.is_empty() {
            return Err(MandiriPlayerError::GameOver);
        }
        if (self.rng.below(100) as u32) < self.random_percent {
            return Ok(g[self.rng.below(g.len())].0);
        }
        let best = g.iter().map(|&(_, m, t)| (m, -t)).max().expect("a move");
        let top: Vec<Hole> = g
            .iter()
            .filter(|&&(_, m, t)| (m, -t) == best)
            .map(|&(h, _, _)| h)
            .collect();
        Ok(top[self.rng.below(top.len())])
    }
}

impl MandiriPlayer for Paranoid {
    fn choose(&mut self, game: &mandiri::Game) -> Result<Hole, MandiriPlayerError> {
        self.search(game)
            .map(|a| a.best)
            .ok_or(MandiriPlayerError::GameOver)
    }
}

impl MandiriPlayer for MaxN {
    fn choose(&mut self, game: &mandiri::Game) -> Result<Hole, MandiriPlayerError> {
        self.search(game)
            .map(|a| a.best)
            .ok_or(MandiriPlayerError::GameOver)
    }
}

impl MandiriPlayer for Mcts {
    fn choose(&mut self, game: &mandiri::Game) -> Result<Hole, MandiriPlayerError> {
        self.search(game).ok_or(MandiriPlayerError::GameOver)
    }
}

/// Table size of the alpha-beta searchers built from specs and levels (2^18 entries).
pub const TABLE_BITS: u32 = 18;

/// Which search a searching player runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Searcher {
    /// Paranoid alpha-beta.
    Paranoid,
    /// Max^n.
    MaxN,
    /// Monte Carlo tree search.
    Mcts,
}

impl Searcher {
    /// `paranoid`, `maxn` or `mcts`.
    pub const fn name(self) -> &'static str {
        match self {
            Searcher::Paranoid => "paranoid",
            Searcher::MaxN => "maxn",
            Searcher::Mcts => "mcts",
        }
    }

    /// A player running this search with `limits` (for MCTS, `depth` is ignored and `nodes`
    /// counts iterations).
    pub fn player(self, limits: Limits, seed: u64) -> Box<dyn MandiriPlayer> {
        match self {
            Searcher::Paranoid => Box::new(Paranoid::new(limits, Some(TABLE_BITS))),
            Searcher::MaxN => Box::new(MaxN::new(limits, Some(TABLE_BITS))),
            Searcher::Mcts => Box::new(Mcts::new(limits, seed)),
        }
    }
}
