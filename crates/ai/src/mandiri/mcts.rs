//! Monte Carlo tree search for three: UCT where each node keeps the rewards of all three seats
//! and the seat choosing at a node looks at its own, with lightly greedy playouts to the end
//! of the round.
//!
//! A playout's reward for a seat is half its share of the round's win (a tie shares it) and
//! half its share of the counters captured: the win is what a round is for, the counters break
//! the many near-ties between playouts and keep the search playing for margin once a round is
//! safe. Both lie in 0..1, so the exploration constant is the usual one of that scale.

use crate::mandiri::eval::{evaluate, gains, round_over};
use crate::Limits;
use rajapasu_engine::mandiri::{self, Seat};
use rajapasu_engine::rng::Rng;
use rajapasu_engine::Hole;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

/// The UCT exploration constant.
const EXPLORATION: f64 = 0.7;
/// Moves a playout may take before it is scored by the evaluation instead (rounds end by the
/// rules; this only bounds the cost of an unusually long one).
const PLAYOUT_CAP: usize = 400;
/// Iterations when no limit is given.
const DEFAULT_ITERATIONS: u64 = 2000;

#[derive(Debug)]
struct Node {
    /// The seat to move here.
    seat: Seat,
    visits: u32,
    reward: [f64; 3],
    children: Vec<(Hole, usize)>,
    untried: Vec<Hole>,
    /// The rewards of a finished round.
    terminal: Option<[f64; 3]>,
}

/// A Monte Carlo tree searcher.
///
/// ```
/// use rajapasu_ai::mandiri::Mcts;
/// use rajapasu_ai::Limits;
/// use rajapasu_engine::mandiri;
/// let game = mandiri::Game::new(mandiri::Rules::default());
/// let mut mcts = Mcts::new(Limits::default().with_nodes(200), 7);
/// let best = mcts.search(&game).unwrap();
/// assert!(game.legal_moves().contains(&best));
/// ```
#[derive(Debug)]
pub struct Mcts {
    limits: Limits,
    rng: Rng,
    nodes: Vec<Node>,
    root_rounds: usize,
    stop: Option<Arc<AtomicBool>>,
}

/// The rewards of a finished (or scored) round from each seat's values.
fn rewards(v: [i32; 3], in_play: [bool; 3]) -> [f64; 3] {
    let best = (0..3)
        .filter(|&i| in_play[i])
        .map(|i| v[i])
        .max()
        .unwrap_or(0);
    let winners = (0..3)
        .filter(|&i| in_play[i] && v[i] == best)
        .count()
        .max(1) as f64;
    let total: f64 = (0..3)
        .filter(|&i| in_play[i])
        .map(|i| f64::from(v[i].max(0)))
        .sum::<f64>()
        .max(1.0);
    core::array::from_fn(|i| {
        if !in_play[i] {
            return 0.0;
        }
        let win = if v[i] == best { 1.0 / winners } else { 0.0 };
        0.5 * win + 0.5 * f64::from(v[i].max(0)) / total
    })
}

impl Mcts {
    /// A searcher with these limits (`nodes` counts iterations) and a seed.
    pub fn new(limits: Limits, seed: u64) -> Mcts {
        Mcts {
            limits,
            rng: Rng::new(seed),
            nodes: Vec::new(),
            root_rounds: 0,
            stop: None,
        }
    }

    /// This searcher, stopped soon after `flag` is set (from another thread, for example); it
    /// then answers with the root move searched most so far. The search does not clear the
    /// flag. (With no iteration or time limit the search runs its default iterations; give
    /// `nodes: Some(u64::MAX)` for one that only the flag ends.)
    ///
    /// ```
    /// use rajapasu_ai::mandiri::Mcts;
    /// use rajapasu_ai::Limits;
    /// use rajapasu_engine::mandiri;
    /// use std::sync::{atomic::AtomicBool, Arc};
    /// let game = mandiri::Game::new(mandiri::Rules::default());
    /// let stop = Arc::new(AtomicBool::new(true));
    /// let mut mcts = Mcts::new(Limits::default().with_nodes(u64::MAX), 7).with_stop(stop);
    /// assert!(game.legal_moves().contains(&mcts.search(&game).unwrap()));
    /// ```
    pub fn with_stop(mut self, flag: Arc<AtomicBool>) -> Mcts {
        self.stop = Some(flag);
        self
    }

    fn new_node(&mut self, game: &mandiri::Game, in_play: [bool; 3]) -> usize {
        let terminal = round_over(game, self.root_rounds).map(|c| {
            // The round's captures only: reserves would blur the share of the round.
            rewards(c.0.map(i32::from), in_play)
        });
        let untried = if terminal.is_some() {
            Vec::new()
        } else {
            game.legal_moves()
        };
        self.nodes.push(Node {
            seat: game.position().to_move(),
            visits: 0,
            reward: [0.0; 3],
            children: Vec::new(),
            untried,
            terminal,
        });
        self.nodes.len() - 1
    }

    /// The best move for the seat to move in `game`: the root move searched most. `None` if
    /// the game is over.
    pub fn search(&mut self, game: &mandiri::Game) -> Option<Hole> {
        let moves = game.legal_moves();
        if moves.len() <= 1 {
            self.nodes.clear();
            return moves.first().copied();
        }
        let start = Instant::now();
        let pos = game.position();
        let in_play = Seat::ALL.map(|s| pos.seats_in_play().any(|t| t == s));
        self.root_rounds = game.rounds().len();
        self.nodes.clear();
        let mut game = game.clone();
        self.new_node(&game, in_play);
        let cap = match (self.limits.nodes, self.limits.movetime) {
            (Some(n), _) => n,
            (None, Some(_)) => u64::MAX,
            (None, None) => DEFAULT_ITERATIONS,
        };
        let mut done = 0u64;
        while done < cap.max(1) {
            self.iterate(&mut game, in_play);
            done += 1;
            if done & 15 == 0
                && (self.limits.movetime.is_some_and(|t| start.elapsed() >= t)
                    || self
                        .stop
                        .as_ref()
                        .is_some_and(|f| f.load(Ordering::Relaxed)))
            {
                break;
            }
        }
        self.nodes[0]
            .children
            .iter()
            .max_by_key(|&&(_, c)| self.nodes[c].visits)
            .map(|&(h, _)| h)
            .or(moves.first().copied())
    }

    /// Each root move of the last search with the iterations that went through it, in the
    /// order they were first tried: the search answers the most visited. Empty before a search,
    /// and after one that had a single move to consider.
    ///
    /// ```
    /// use rajapasu_ai::mandiri::Mcts;
    /// use rajapasu_ai::Limits;
    /// use rajapasu_engine::mandiri;
    /// let game = mandiri::Game::new(mandiri::Rules::default());
    /// let mut mcts = Mcts::new(Limits::default().with_nodes(300), 7);
    /// let best = mcts.search(&game).unwrap();
    /// let visits = mcts.root_visits();
    /// assert_eq!(visits.iter().map(|&(_, n)| u64::from(n)).sum::<u64>(), 300);
    /// assert_eq!(visits.iter().max_by_key(|&&(_, n)| n).unwrap().0, best);
    /// ```
    pub fn root_visits(&self) -> Vec<(Hole, u32)> {
        self.nodes.first().map_or(Vec::new(), |root| {
            root.children
                .iter()
                .map(|&(h, c)| (h, self.nodes[c].visits))
                .collect()
        })
    }

    fn iterate(&mut self, game: &mut mandiri::Game, in_play: [bool; 3]) {
        let mut path = vec![0usize];
        let mut played = 0;
        let mut node = 0;
        let reward = loop {
            if let Some(r) = self.nodes[node].terminal {
                break r;
            }
            if !self.nodes[node].untried.is_empty() {
                let k = self.rng.below(self.nodes[node].untried.len());
                let h = self.nodes[node].untried.swap_remove(k);
                game.try_play(h).expect("an untried move is legal");
                played += 1;
                let child = self.new_node(game, in_play);
                self.nodes[node].children.push((h, child));
                path.push(child);
                break match self.nodes[child].terminal {
                    Some(r) => r,
                    None => self.playout(game, in_play, &mut played),
                };
            }
            let (h, child) = self.select(node);
            game.try_play(h).expect("a child's move is legal");
            played += 1;
            path.push(child);
            node = child;
        };
        for _ in 0..played {
            game.undo();
        }
        for &n in &path {
            let node = &mut self.nodes[n];
            node.visits += 1;
            for (sum, r) in node.reward.iter_mut().zip(reward) {
                *sum += r;
            }
        }
    }

    fn select(&self, node: usize) -> (Hole, usize) {
        let n = &self.nodes[node];
        let me = n.seat.index();
        let log = f64::from(n.visits.max(1)).ln();
        let mut best = (f64::MIN, n.children[0]);
        for &(h, c) in &n.children {
            let child = &self.nodes[c];
            let visits = f64::from(child.visits.max(1));
            let uct = child.reward[me] / visits + EXPLORATION * (log / visits).sqrt();
            if uct > best.0 {
                best = (uct, (h, c));
            }
        }
        best.1
    }

    /// Plays to the end of the round: half the time the mover's largest capture if it has
    /// one, otherwise a random move.
    fn playout(
        &mut self,
        game: &mut mandiri::Game,
        in_play: [bool; 3],
        played: &mut usize,
    ) -> [f64; 3] {
        for _ in 0..PLAYOUT_CAP {
            if let Some(c) = round_over(game, self.root_rounds) {
                return rewards(c.0.map(i32::from), in_play);
            }
            let pos = *game.position();
            let moves = pos.legal_moves();
            let mut pick = moves[self.rng.below(moves.len())];
            if self.rng.below(2) == 0 {
                if let Some(&(h, mine, _)) = gains(&pos).iter().max_by_key(|g| g.1) {
                    if mine > 0 {
                        pick = h;
                    }
                }
            }
            game.try_play(pick).expect("a legal move");
            *played += 1;
        }
        match round_over(game, self.root_rounds) {
            Some(c) => rewards(c.0.map(i32::from), in_play),
            None => {
                let v = evaluate(game.position(), [0; 3]);
                rewards(v, in_play)
            }
        }
    }
}
