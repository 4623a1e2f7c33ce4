//! Players: the levels, the configurable search, the baselines (random, greedy, plain
//! alpha-beta), Monte Carlo tree search, and external programs speaking the engine protocol.
//!
//! A player is written as a spec string:
//!
//! | Spec | Player |
//! |---|---|
//! | `level:N` | strength level N (1..=6) |
//! | `search` | the full search; options `depth=N`, `movetime=MS`, `nodes=N`, `eval=plain\|tuned`, and evaluation weights `row=`, `row_match=`, `threes=`, `mobility=` (tenths of a counter) |
//! | `random` | uniformly random legal moves |
//! | `greedy` | the move with the best immediate capture difference |
//! | `ab:D` | plain fixed-depth alpha-beta (depth D) on the capture difference alone |
//! | `mcts` | Monte Carlo tree search; options `movetime=MS`, `iterations=N` |
//! | `cmd:PROGRAM ARGS` | an external program speaking the engine protocol |
//!
//! Options follow after a comma: `level:6,movetime=200`, `search:depth=8,eval=plain`.
//! For `cmd:` the rest of the string is the command line, split at spaces.

use crate::eval::Eval;
use crate::mcts::Mcts;
use crate::search::{final_score, material, Limits, Searcher, INF};
use crate::{choose_with, level_params, LevelParams};
use rajapasu_engine::rng::Rng;
use rajapasu_engine::{Game, Move, Position, Rules};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::Duration;

/// Something that chooses moves.
pub trait Player: Send {
    /// A move for the player to move in `game` (which is not over). An error forfeits the game.
    fn choose(&mut self, game: &Game) -> Result<Move, String>;
}

/// What kind of player a spec describes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A strength level.
    Level(u8),
    /// The full search with explicit limits.
    Search,
    /// Uniformly random.
    Random,
    /// Best immediate capture difference.
    Greedy,
    /// Plain fixed-depth alpha-beta on the capture difference.
    Plain(u32),
    /// Monte Carlo tree search.
    Mcts,
    /// An external program: program and arguments.
    Command(Vec<String>),
}

/// A parsed player spec.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spec {
    /// The spec as written: the player's name in tables.
    pub label: String,
    /// The kind.
    pub kind: Kind,
    /// `depth=`.
    pub depth: Option<u32>,
    /// `movetime=` (milliseconds).
    pub movetime: Option<Duration>,
    /// `nodes=`.
    pub nodes: Option<u64>,
    /// `eval=plain`.
    pub plain_eval: bool,
    /// `iterations=` (MCTS).
    pub iterations: Option<u64>,
    /// Evaluation weights changed with `row=`, `row_match=`, `threes=`, `mobility=`.
    pub weights: Vec<(String, i32)>,
}

impl std::str::FromStr for Spec {
    type Err = String;
    fn from_str(text: &str) -> Result<Spec, String> {
        let text = text.trim();
        let (head, rest) = match text.split_once(':') {
            Some((h, r)) => (h.trim(), Some(r.trim())),
            None => (text, None),
        };
        let mut spec = Spec {
            label: text.to_string(),
            kind: Kind::Random,
            depth: None,
            movetime: None,
            nodes: None,
            plain_eval: false,
            iterations: None,
            weights: Vec::new(),
        };
        if head == "cmd" {
            let words: Vec<String> = rest
                .unwrap_or("")
                .split_whitespace()
                .map(String::from)
                .collect();
            if words.is_empty() {
                return Err("`cmd:` needs a program, e.g. `cmd:rajapasu engine`".into());
            }
            spec.kind = Kind::Command(words);
            return Ok(spec);
        }
        let (head, mut opts): (&str, Vec<&str>) = match rest {
            Some(r) => (head, r.split(',').map(str::trim).collect()),
            None => {
                let mut parts = head.split(',').map(str::trim);
                let h = parts.next().unwrap_or("");
                (h, parts.collect())
            }
        };
        let main = if rest.is_some() && !opts.is_empty() && !opts[0].contains('=') {
            Some(opts.remove(0))
        } else {
            None
        };
        let number = |what: &str, v: &str| -> Result<u64, String> {
            v.parse::<u64>()
                .map_err(|_| format!("player `{text}`: {what} `{v}` is not a whole number"))
        };
        spec.kind = match head {
            "level" => {
                let n = number("level", main.ok_or(format!("player `{text}`: which level? e.g. level:3"))?)?;
                if !(1..=6).contains(&n) {
                    return Err(format!("player `{text}`: levels run from 1 to 6"));
                }
                Kind::Level(n as u8)
            }
            "search" => Kind::Search,
            "random" => Kind::Random,
            "greedy" => Kind::Greedy,
            "ab" | "alphabeta" => {
                let d = number("depth", main.ok_or(format!("player `{text}`: which depth? e.g. ab:9"))?)?;
                if !(1..=30).contains(&d) {
                    return Err(format!("player `{text}`: depth must be 1..30"));
                }
                Kind::Plain(d as u32)
            }
            "mcts" => Kind::Mcts,
            _ => {
                return Err(format!(
                    "unknown player `{text}` (expected level:N, search, random, greedy, ab:D, mcts or cmd:PROGRAM)"
                ))
            }
        };
        if main.is_some() && !matches!(spec.kind, Kind::Level(_) | Kind::Plain(_)) {
            return Err(format!("player `{text}`: options are written key=value"));
        }
        for opt in opts {
            let (k, v) = opt
                .split_once('=')
                .ok_or(format!("player `{text}`: option `{opt}` is not key=value"))?;
            match k {
                "depth" => spec.depth = Some(number("depth", v)?.clamp(1, 100) as u32),
                "movetime" => spec.movetime = Some(Duration::from_millis(number("movetime", v)?)),
                "nodes" => spec.nodes = Some(number("nodes", v)?),
                "iterations" => spec.iterations = Some(number("iterations", v)?),
                "row" | "row_match" | "threes" | "mobility" => {
                    let w = v
                        .parse::<i32>()
                        .map_err(|_| format!("player `{text}`: weight `{v}` is not a number"))?;
                    spec.weights.push((k.to_string(), w));
                }
                "eval" => {
                    spec.plain_eval = match v {
                        "plain" => true,
                        "tuned" => false,
                        _ => return Err(format!("player `{text}`: eval is plain or tuned")),
                    }
                }
                _ => return Err(format!("player `{text}`: unknown option `{k}`")),
            }
        }
        Ok(spec)
    }
}

impl Spec {
    /// Builds the player for games under `rules`; `seed` varies its random choices.
    pub fn build(&self, rules: Rules, seed: u64) -> Result<Box<dyn Player>, String> {
        Ok(match &self.kind {
            Kind::Level(n) => {
                let mut p = level_params(*n);
                if let Some(t) = self.movetime {
                    p.movetime = t;
                }
                if self.depth.is_some() {
                    p.depth = self.depth;
                }
                Box::new(LevelPlayer::new(p, seed))
            }
            Kind::Search => {
                let mut eval = if self.plain_eval {
                    Eval::PLAIN
                } else {
                    Eval::TUNED
                };
                for (k, w) in &self.weights {
                    match k.as_str() {
                        "row" => eval.row = *w,
                        "row_match" => eval.row_match = *w,
                        "threes" => eval.threes = *w,
                        _ => eval.mobility = *w,
                    }
                }
                let limits = Limits {
                    depth: self.depth,
                    movetime: self
                        .movetime
                        .or((self.depth.is_none() && self.nodes.is_none())
                            .then(|| Duration::from_millis(1000))),
                    nodes: self.nodes,
                };
                Box::new(SearchPlayer {
                    searcher: Searcher::with_eval(20, eval),
                    limits,
                })
            }
            Kind::Random => Box::new(RandomPlayer(Rng::new(seed))),
            Kind::Greedy => Box::new(GreedyPlayer(Rng::new(seed))),
            Kind::Plain(d) => Box::new(PlainAlphaBeta::new(*d)),
            Kind::Mcts => Box::new(Mcts::new(
                self.movetime.or(self
                    .iterations
                    .is_none()
                    .then(|| Duration::from_millis(1000))),
                self.iterations,
                seed,
            )),
            Kind::Command(words) => Box::new(External::spawn(words, rules, self.movetime)?),
        })
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
    fn choose(&mut self, game: &Game) -> Result<Move, String> {
        let seed = self.rng.next_u64();
        choose_with(&mut self.searcher, game, &self.params, seed)
            .map(|c| c.mv)
            .ok_or_else(|| "the game is over".into())
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
    fn choose(&mut self, game: &Game) -> Result<Move, String> {
        self.searcher
            .search(game, &self.limits, false, |_| {})
            .map(|r| r.best())
            .ok_or_else(|| "the game is over".into())
    }
}

/// Uniformly random legal moves.
pub struct RandomPlayer(pub Rng);

impl Player for RandomPlayer {
    fn choose(&mut self, game: &Game) -> Result<Move, String> {
        let moves = game.legal_moves();
        if moves.is_empty() {
            return Err("the game is over".into());
        }
        Ok(moves[self.0.below(moves.len())])
    }
}

/// The move with the best immediate capture difference; ties broken at random.
pub struct GreedyPlayer(pub Rng);

impl Player for GreedyPlayer {
    fn choose(&mut self, game: &Game) -> Result<Move, String> {
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
            return Err("the game is over".into());
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
    fn choose(&mut self, game: &Game) -> Result<Move, String> {
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
        best.ok_or_else(|| "the game is over".into())
    }
}

impl Eval {
    /// [`Eval::evaluate`] seen by `side` rather than by the player to move.
    pub fn evaluate_for(&self, pos: &Position, side: rajapasu_engine::Side) -> i32 {
        let v = self.evaluate(pos);
        if pos.to_move() == side {
            v
        } else {
            -v
        }
    }
}

/// An external program speaking the engine protocol (PROTOCOL.md). It is sent the rule set once,
/// then for every move `position startpos moves ...` (or the game's start position) and
/// `go movetime MS`, and its `bestmove` is played.
pub struct External {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
    movetime: Duration,
    name: String,
}

impl External {
    /// Starts `words[0]` with the other words as arguments.
    pub fn spawn(
        words: &[String],
        rules: Rules,
        movetime: Option<Duration>,
    ) -> Result<External, String> {
        let name = words.join(" ");
        let mut child = Command::new(&words[0])
            .args(&words[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start `{name}`: {e}"))?;
        let stdin = child.stdin.take().ok_or("no stdin")?;
        let stdout = BufReader::new(child.stdout.take().ok_or("no stdout")?);
        let mut ext = External {
            child,
            stdin,
            stdout,
            movetime: movetime.unwrap_or(Duration::from_millis(1000)),
            name,
        };
        ext.send(&format!("rules {rules}"))?;
        Ok(ext)
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| format!("`{}`: {e}", self.name))
    }
}

impl Player for External {
    fn choose(&mut self, game: &Game) -> Result<Move, String> {
        let start = if *game.start() == Position::start(*game.rules()) {
            "startpos".to_string()
        } else {
            game.start().to_string()
        };
        let moves: Vec<String> = game.moves().iter().map(|m| m.to_string()).collect();
        let pos = if moves.is_empty() {
            format!("position {start}")
        } else {
            format!("position {start} moves {}", moves.join(" "))
        };
        self.send(&pos)?;
        self.send(&format!("go movetime {}", self.movetime.as_millis()))?;
        let mut line = String::new();
        loop {
            line.clear();
            let n = self
                .stdout
                .read_line(&mut line)
                .map_err(|e| format!("`{}`: {e}", self.name))?;
            if n == 0 {
                return Err(format!("`{}` closed its output", self.name));
            }
            let mut words = line.split_whitespace();
            match words.next() {
                Some("bestmove") => {
                    let w = words.next().unwrap_or("");
                    return w
                        .parse::<Move>()
                        .map_err(|_| format!("`{}` answered `{}`", self.name, line.trim()));
                }
                Some("error") => return Err(format!("`{}`: {}", self.name, line.trim())),
                _ => {}
            }
        }
    }
}

impl Drop for External {
    fn drop(&mut self) {
        let _ = self.send("quit");
        for _ in 0..50 {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Capture difference for the side to move, counters (used by tests and tools).
pub fn capture_difference(game: &Game) -> i32 {
    material(game, game.position().to_move())
}
