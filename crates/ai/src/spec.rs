//! Player specs: a player written as a string, for `rajapasu tournament` and `selfplay`.
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
use crate::external::External;
use crate::levels::{Level, LevelError};
use crate::mcts::Mcts;
use crate::player::{Player, PlayerError};
use crate::players::{GreedyPlayer, LevelPlayer, PlainAlphaBeta, RandomPlayer, SearchPlayer};
use crate::search::{Limits, Searcher};
use core::fmt;
use rajapasu_engine::rng::Rng;
use rajapasu_engine::Rules;
use std::time::Duration;

/// What kind of player a spec describes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A strength level.
    Level(Level),
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
///
/// ```
/// use rajapasu_ai::spec::{Kind, Spec};
/// let spec: Spec = "search:depth=8,threes=6".parse().unwrap();
/// assert_eq!(spec.kind, Kind::Search);
/// assert_eq!((spec.depth, spec.eval.threes), (Some(8), 6));
/// let err = "level:9".parse::<Spec>().unwrap_err();
/// assert_eq!(err.to_string(), "player `level:9`: level 9 does not exist: levels run from 1 to 6");
/// ```
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
    /// `iterations=` (MCTS).
    pub iterations: Option<u64>,
    /// The evaluation of `search`: `eval=plain|tuned`, then the weights set by name.
    pub eval: Eval,
}

/// Why a player spec was refused.
///
/// ```
/// use rajapasu_ai::spec::{Spec, SpecProblem};
/// let err = "ab:x".parse::<Spec>().unwrap_err();
/// assert_eq!(err.spec, "ab:x");
/// assert_eq!(err.problem, SpecProblem::NotANumber { option: "depth", value: "x".into() });
/// assert_eq!(err.to_string(), "player `ab:x`: depth `x` is not a whole number");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpecError {
    /// The spec as written.
    pub spec: String,
    /// What is wrong with it.
    pub problem: SpecProblem,
}

/// What is wrong with a player spec.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SpecProblem {
    /// No such kind of player.
    UnknownPlayer,
    /// `cmd:` without a program.
    NoProgram,
    /// `level` without a number.
    NoLevel,
    /// A level that does not exist.
    Level(LevelError),
    /// `ab` without a depth.
    NoDepth,
    /// An `ab` depth out of range.
    DepthOutOfRange,
    /// An option whose value is not a whole number.
    NotANumber {
        /// The option.
        option: &'static str,
        /// The value given.
        value: String,
    },
    /// A weight that is not a number.
    NotAWeight(String),
    /// A bare word where only `level` and `ab` take one.
    BareWord,
    /// An option that is not `key=value`.
    NotKeyValue(String),
    /// An option no player takes.
    UnknownOption(String),
    /// `eval=` other than `plain` or `tuned`.
    BadEval,
}

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let spec = &self.spec;
        match &self.problem {
            SpecProblem::UnknownPlayer => {
                return write!(
                    f,
                    "unknown player `{spec}` (expected level:N, search, random, greedy, ab:D, mcts or cmd:PROGRAM)"
                )
            }
            SpecProblem::NoProgram => {
                return f.write_str("`cmd:` needs a program, e.g. `cmd:rajapasu engine`")
            }
            _ => {}
        }
        write!(f, "player `{spec}`: ")?;
        match &self.problem {
            SpecProblem::UnknownPlayer | SpecProblem::NoProgram => Ok(()),
            SpecProblem::NoLevel => f.write_str("which level? e.g. level:3"),
            SpecProblem::Level(e) => write!(f, "{e}"),
            SpecProblem::NoDepth => f.write_str("which depth? e.g. ab:9"),
            SpecProblem::DepthOutOfRange => f.write_str("depth must be 1..30"),
            SpecProblem::NotANumber { option, value } => {
                write!(f, "{option} `{value}` is not a whole number")
            }
            SpecProblem::NotAWeight(v) => write!(f, "weight `{v}` is not a number"),
            SpecProblem::BareWord => f.write_str("options are written key=value"),
            SpecProblem::NotKeyValue(opt) => write!(f, "option `{opt}` is not key=value"),
            SpecProblem::UnknownOption(k) => write!(f, "unknown option `{k}`"),
            SpecProblem::BadEval => f.write_str("eval is plain or tuned"),
        }
    }
}

impl std::error::Error for SpecError {}

impl std::str::FromStr for Spec {
    type Err = SpecError;
    fn from_str(text: &str) -> Result<Spec, SpecError> {
        let text = text.trim();
        let fail = |problem| SpecError {
            spec: text.to_string(),
            problem,
        };
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
            iterations: None,
            eval: Eval::TUNED,
        };
        if head == "cmd" {
            let words: Vec<String> = rest
                .unwrap_or("")
                .split_whitespace()
                .map(String::from)
                .collect();
            if words.is_empty() {
                return Err(fail(SpecProblem::NoProgram));
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
        let number = |option: &'static str, v: &str| -> Result<u64, SpecError> {
            v.parse::<u64>().map_err(|_| {
                fail(SpecProblem::NotANumber {
                    option,
                    value: v.to_string(),
                })
            })
        };
        spec.kind = match head {
            "level" => {
                let n = main.ok_or_else(|| fail(SpecProblem::NoLevel))?;
                Kind::Level(n.parse().map_err(|e| fail(SpecProblem::Level(e)))?)
            }
            "search" => Kind::Search,
            "random" => Kind::Random,
            "greedy" => Kind::Greedy,
            "ab" | "alphabeta" => {
                let d = number("depth", main.ok_or_else(|| fail(SpecProblem::NoDepth))?)?;
                if !(1..=30).contains(&d) {
                    return Err(fail(SpecProblem::DepthOutOfRange));
                }
                Kind::Plain(d as u32)
            }
            "mcts" => Kind::Mcts,
            _ => return Err(fail(SpecProblem::UnknownPlayer)),
        };
        if main.is_some() && !matches!(spec.kind, Kind::Level(_) | Kind::Plain(_)) {
            return Err(fail(SpecProblem::BareWord));
        }
        // The weights go on top of the chosen evaluation, wherever `eval=` stands.
        let mut plain = false;
        let mut weights = Vec::new();
        for opt in opts {
            let (k, v) = opt
                .split_once('=')
                .ok_or_else(|| fail(SpecProblem::NotKeyValue(opt.to_string())))?;
            match k {
                "depth" => spec.depth = Some(number("depth", v)?.clamp(1, 100) as u32),
                "movetime" => spec.movetime = Some(Duration::from_millis(number("movetime", v)?)),
                "nodes" => spec.nodes = Some(number("nodes", v)?),
                "iterations" => spec.iterations = Some(number("iterations", v)?),
                "eval" => {
                    plain = match v {
                        "plain" => true,
                        "tuned" => false,
                        _ => return Err(fail(SpecProblem::BadEval)),
                    }
                }
                _ if Eval::TUNED.weight(k).is_some() => {
                    let w = v
                        .parse::<i32>()
                        .map_err(|_| fail(SpecProblem::NotAWeight(v.to_string())))?;
                    weights.push((k, w));
                }
                _ => return Err(fail(SpecProblem::UnknownOption(k.to_string()))),
            }
        }
        if plain {
            spec.eval = Eval::PLAIN;
        }
        for (k, w) in weights {
            *spec.eval.weight_mut(k).expect("a weight checked above") = w;
        }
        Ok(spec)
    }
}

impl Spec {
    /// Builds the player for games under `rules`; `seed` varies its random choices. Fails only
    /// for an external program that cannot be started.
    pub fn build(&self, rules: Rules, seed: u64) -> Result<Box<dyn Player>, PlayerError> {
        Ok(match &self.kind {
            Kind::Level(level) => {
                let mut p = level.params();
                if let Some(t) = self.movetime {
                    p.movetime = t;
                }
                if self.depth.is_some() {
                    p.depth = self.depth;
                }
                Box::new(LevelPlayer::new(p, seed))
            }
            Kind::Search => {
                let limits = Limits {
                    depth: self.depth,
                    movetime: self
                        .movetime
                        .or((self.depth.is_none() && self.nodes.is_none())
                            .then(|| Duration::from_millis(1000))),
                    nodes: self.nodes,
                };
                Box::new(SearchPlayer {
                    searcher: Searcher::with_eval(20, self.eval),
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
