//! Raja Pasu's players that search or play by rule: the levels, the configurable search, and
//! the baselines they are measured against (greedy, plain alpha-beta; random is
//! [`RandomPlayer`] of both games). A spec string such as `level:3` or `ab:9` names any of
//! them: this module builds them ([`Playable`] for [`Game`]).

use crate::arena::openings;
use crate::choice::choose_with;
use crate::eval::Eval;
use crate::external::External;
use crate::levels::LevelParams;
use crate::mcts::Mcts;
use crate::player::{Player, PlayerError, RandomPlayer};
use crate::search::{final_score, SearchOptions, Searcher, INF};
use crate::spec::{Kind, Playable, PlayerSpec};
use crate::Limits;
use rajapasu_engine::rng::{stream_seed, Rng};
use rajapasu_engine::{Game, Move, Rules};
use std::time::Duration;

impl Playable for Game {
    const TITLE: &'static str = "Raja Pasu";
    const PLAYERS: &'static [&'static str] =
        &["level", "search", "random", "greedy", "ab", "mcts", "cmd"];

    fn player(
        spec: &PlayerSpec<Game>,
        rules: Rules,
        seed: u64,
    ) -> Result<Box<dyn Player>, PlayerError> {
        let limits = spec.limits;
        Ok(match spec.kind() {
            Kind::Level(level) => {
                let mut p = level.params();
                if let Some(t) = limits.movetime {
                    p.movetime = t;
                }
                if limits.depth.is_some() {
                    p.depth = limits.depth;
                }
                Box::new(LevelPlayer::new(p, seed))
            }
            Kind::Search => {
                let unbounded = limits.depth.is_none() && limits.nodes.is_none();
                let limits = Limits {
                    movetime: limits
                        .movetime
                        .or(unbounded.then(|| Duration::from_millis(1000))),
                    ..limits
                };
                Box::new(SearchPlayer {
                    searcher: Searcher::with_eval(20, spec.eval),
                    limits,
                })
            }
            Kind::Random => Box::new(RandomPlayer::new(seed)),
            Kind::Greedy => Box::new(GreedyPlayer(Rng::new(seed))),
            Kind::Plain(d) => Box::new(PlainAlphaBeta::new(*d)),
            Kind::Mcts => Box::new(Mcts::new(
                limits
                    .movetime
                    .or(limits.nodes.is_none().then(|| Duration::from_millis(1000))),
                limits.nodes,
                seed,
            )),
            Kind::Command(words) => Box::new(External::spawn(words, rules, limits.movetime)?),
            // Parsing refuses the names of the other game's players, and the kind is read only.
            Kind::Paranoid | Kind::MaxN => {
                unreachable!("a Raja Pasu spec names no Mandiri searcher")
            }
        })
    }

    fn participant(&self) -> usize {
        self.position().to_move().index()
    }

    fn player_seed(seed: u64, k: usize) -> u64 {
        seed ^ (k as u64 + 1)
    }

    fn seating_seed(seed: u64, index: usize, _: usize, _: usize) -> u64 {
        stream_seed(seed, index as u64 + 1)
    }

    /// Distinct openings, none of which ends the game.
    fn tournament_openings(start: &Game, count: usize, plies: usize, seed: u64) -> Vec<Vec<Move>> {
        openings(start, count, plies, seed)
    }
}

/// A strength level, keeping its table between moves.
pub struct LevelPlayer {
    searcher: Searcher,
    params: LevelParams,
    rng: Rng,
}

impl LevelPlayer {
    /// A level player with explicit settings.
    pub fn new(params: LevelParams, seed: u64) -> LevelPlayer {
        LevelPlayer {
            searcher: Searcher::new(params.table_bits),
            params,
            rng: Rng::new(seed),
        }
    }
}

impl Player for LevelPlayer {
    fn choose(&mut self, game: &Game) -> Result<Move, PlayerError> {
        let seed = self.rng.next_u64();
        choose_with(&mut self.searcher, game, &self.params, seed)
            .map(|c| c.mv)
            .ok_or(PlayerError::GameOver)
    }
}

/// The search with explicit limits.
pub struct SearchPlayer {
    /// The searcher.
    pub searcher: Searcher,
    /// Its limits.
    pub limits: Limits,
}

impl Player for SearchPlayer {
    fn choose(&mut self, game: &Game) -> Result<Move, PlayerError> {
        self.searcher
            .search(game, &self.limits, SearchOptions::BEST_MOVE, |_| {})
            .map(|r| r.best())
            .ok_or(PlayerError::GameOver)
    }
}

/// The move with the best immediate capture difference; ties broken at random.
pub struct GreedyPlayer(pub Rng);

impl Player for GreedyPlayer {
    fn choose(&mut self, game: &Game) -> Result<Move, PlayerError> {
        let me = game.position().to_move();
        let mut g = game.clone();
        let mut best = Vec::new();
        let mut top = i32::MIN;
        for &mv in game.legal_moves().iter() {
            g.play(mv);
            let v = if g.status().is_over() {
                final_score(&g, me)
            } else {
                Eval::PLAIN.evaluate_for(g.position(), me)
            };
            g.undo();
            if v > top {
                top = v;
                best.clear();
            }
            if v == top {
                best.push(mv);
            }
        }
        if best.is_empty() {
            return Err(PlayerError::GameOver);
        }
        Ok(best[self.0.below(best.len())])
    }
}

/// Plain fixed-depth negamax alpha-beta on the capture difference: no table, no ordering, no
/// iterative deepening, as most mancala programs do it. Deterministic.
pub struct PlainAlphaBeta {
    depth: u32,
}

impl PlainAlphaBeta {
    /// A plain searcher to `depth` moves.
    pub fn new(depth: u32) -> PlainAlphaBeta {
        PlainAlphaBeta { depth }
    }

    /// The value of `g` for the player to move, internal units.
    pub fn value(&self, g: &mut Game, depth: u32, mut alpha: i32, beta: i32) -> i32 {
        let pos = g.position();
        if depth == 0 {
            return Eval::PLAIN.evaluate(pos);
        }
        let me = pos.to_move();
        let mut best = -INF;
        for &mv in g.legal_moves().iter() {
            g.play(mv);
            let v = if g.status().is_over() {
                final_score(g, me)
            } else if g.position().to_move() == me {
                self.value(g, depth - 1, alpha, beta)
            } else {
                -self.value(g, depth - 1, -beta, -alpha)
            };
            g.undo();
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    if v >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}

impl Player for PlainAlphaBeta {
    fn choose(&mut self, game: &Game) -> Result<Move, PlayerError> {
        let me = game.position().to_move();
        let mut g = game.clone();
        let mut best = None;
        let mut alpha = -INF;
        for &mv in game.legal_moves().iter() {
            g.play(mv);
            let v = if g.status().is_over() {
                final_score(&g, me)
            } else if g.position().to_move() == me {
                self.value(&mut g, self.depth - 1, alpha, INF)
            } else {
                -self.value(&mut g, self.depth - 1, -INF, -alpha)
            };
            g.undo();
            if best.is_none() || v > alpha {
                alpha = v;
                best = Some(mv);
            }
        }
        best.ok_or(PlayerError::GameOver)
    }
}
