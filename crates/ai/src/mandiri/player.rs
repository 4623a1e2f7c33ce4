//! Mandiri's players: greedy, and the three searchers as players ([`Searcher`]). The random
//! player is both games' [`RandomPlayer`](crate::player::RandomPlayer); what a spec names is
//! built in `specs`.

use crate::mandiri::eval::gains;
use crate::mandiri::{MaxN, Mcts, Paranoid};
use crate::player::{Player, PlayerError};
use crate::Limits;
use rajapasu_engine::mandiri;
use rajapasu_engine::rng::Rng;
use rajapasu_engine::Hole;

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

impl Player<mandiri::Game> for GreedyPlayer {
    fn choose(&mut self, game: &mandiri::Game) -> Result<Hole, PlayerError<mandiri::Game>> {
        if game.status().is_over() {
            return Err(PlayerError::GameOver);
        }
        let g = gains(game.position());
        if g.is_empty() {
            return Err(PlayerError::GameOver);
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

impl Player<mandiri::Game> for Paranoid {
    fn choose(&mut self, game: &mandiri::Game) -> Result<Hole, PlayerError<mandiri::Game>> {
        self.search(game)
            .map(|a| a.best)
            .ok_or(PlayerError::GameOver)
    }
}

impl Player<mandiri::Game> for MaxN {
    fn choose(&mut self, game: &mandiri::Game) -> Result<Hole, PlayerError<mandiri::Game>> {
        self.search(game)
            .map(|a| a.best)
            .ok_or(PlayerError::GameOver)
    }
}

impl Player<mandiri::Game> for Mcts {
    fn choose(&mut self, game: &mandiri::Game) -> Result<Hole, PlayerError<mandiri::Game>> {
        self.search(game).ok_or(PlayerError::GameOver)
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
    pub fn player(self, limits: Limits, seed: u64) -> Box<dyn Player<mandiri::Game>> {
        match self {
            Searcher::Paranoid => Box::new(Paranoid::new(limits, Some(TABLE_BITS))),
            Searcher::MaxN => Box::new(MaxN::new(limits, Some(TABLE_BITS))),
            Searcher::Mcts => Box::new(Mcts::new(limits, seed)),
        }
    }
}
