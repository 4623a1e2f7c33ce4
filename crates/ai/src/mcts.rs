//! Monte Carlo tree search (UCT with random playouts), kept as a player to measure against the
//! alpha-beta search.
//!
//! A playout runs to the end of the current round (in match play, the round's winner counts as
//! the winner of the playout; a finished match counts for its winner).

use crate::player::{Player, PlayerError};
use rajapasu_engine::rng::Rng;
use rajapasu_engine::{Game, Move, Side};
use std::time::{Duration, Instant};

struct Node {
    mv: Option<Move>,
    /// Who made the move leading here.
    mover: Side,
    parent: usize,
    children: Vec<usize>,
    untried: Vec<Move>,
    visits: u32,
    reward: f64,
}

impl Node {
    /// A node not yet visited, reached by `mv` of `mover` from `parent`.
    fn new(mv: Option<Move>, mover: Side, parent: usize, untried: Vec<Move>) -> Node {
        Node {
            mv,
            mover,
            parent,
            children: Vec::new(),
            untried,
            visits: 0,
            reward: 0.0,
        }
    }
}

/// The MCTS player.
pub struct Mcts {
    movetime: Option<Duration>,
    iterations: Option<u64>,
    rng: Rng,
    /// Exploration constant.
    pub exploration: f64,
}

impl Mcts {
    /// A player running for `movetime` or `iterations` (whichever ends first).
    pub fn new(movetime: Option<Duration>, iterations: Option<u64>, seed: u64) -> Mcts {
        Mcts {
            movetime,
            iterations,
            rng: Rng::new(seed),
            exploration: 1.0,
        }
    }

    /// The move with the most visits after the search; `None` if the game is over.
    pub fn search(&mut self, game: &Game) -> Option<Move> {
        let moves = game.legal_moves();
        if moves.is_empty() {
            return None;
        }
        if moves.len() == 1 {
            return Some(moves[0]);
        }
        let start = Instant::now();
        let root_mover = !game.position().to_move();
        let mut nodes = vec![Node::new(None, root_mover, usize::MAX, moves.to_vec())];
        let mut g = game.clone();
        let mut it = 0u64;
        loop {
            if self.iterations.is_some_and(|n| it >= n)
                || (it % 64 == 0 && self.movetime.is_some_and(|t| start.elapsed() >= t))
            {
                break;
            }
            it += 1;
            // Selection.
            let mut node = 0;
            let mut played = 0;
            let rounds0 = g.rounds().len();
            while nodes[node].untried.is_empty() && !nodes[node].children.is_empty() {
                node = self.best_child(&nodes, node);
                g.play(nodes[node].mv.expect("child has a move"));
                played += 1;
            }
            // Expansion.
            if !nodes[node].untried.is_empty() && g.rounds().len() == rounds0 {
                let k = self.rng.below(nodes[node].untried.len());
                let mv = nodes[node].untried.swap_remove(k);
                let mover = g.position().to_move();
                g.play(mv);
                played += 1;
                let untried = if g.rounds().len() == rounds0 {
                    g.legal_moves().to_vec()
                } else {
                    Vec::new()
                };
                nodes.push(Node::new(Some(mv), mover, node, untried));
                let id = nodes.len() - 1;
                nodes[node].children.push(id);
                node = id;
            }
            // Playout to the end of the round.
            while !g.status().is_over() && g.rounds().len() == rounds0 {
                let ms = g.legal_moves();
                g.play(ms[self.rng.below(ms.len())]);
                played += 1;
            }
            let winner = match g.status() {
                rajapasu_engine::Status::MatchOver { winner } => winner,
                _ => g.rounds().get(rounds0).and_then(|r| r.winner),
            };
            for _ in 0..played {
                g.undo();
            }
            // Backpropagation.
            let mut n = node;
            while n != usize::MAX {
                let r = match winner {
                    None => 0.5,
                    Some(w) if w == nodes[n].mover => 1.0,
                    Some(_) => 0.0,
                };
                nodes[n].visits += 1;
                nodes[n].reward += r;
                n = nodes[n].parent;
            }
        }
        nodes[0]
            .children
            .iter()
            .max_by_key(|&&c| nodes[c].visits)
            .and_then(|&c| nodes[c].mv)
            .or(Some(moves[0]))
    }
}

impl Mcts {
    /// The child of `node` with the highest upper confidence bound (UCT).
    fn best_child(&self, nodes: &[Node], node: usize) -> usize {
        let ln = f64::from(nodes[node].visits).ln();
        let mut best = 0;
        let mut top = f64::MIN;
        for &c in &nodes[node].children {
            let n = &nodes[c];
            let u = n.reward / f64::from(n.visits)
                + self.exploration * (ln / f64::from(n.visits)).sqrt();
            if u > top {
                top = u;
                best = c;
            }
        }
        best
    }
}

impl Player for Mcts {
    fn choose(&mut self, game: &Game) -> Result<Move, PlayerError> {
        self.search(game).ok_or(PlayerError::GameOver)
    }
}
