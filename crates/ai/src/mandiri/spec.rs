//! Mandiri player specs, for `rajapasu selfplay --rules mandiri` and `tournament`.
//!
//! | Spec | Player |
//! |---|---|
//! | `level:N` | strength level N (1..=6) |
//! | `paranoid[:D]` | paranoid alpha-beta, D moves deep (default: 200 ms a move) |
//! | `maxn[:D]` | max^n, D moves deep (default: 200 ms a move) |
//! | `mcts[:N]` | Monte Carlo tree search, N iterations (default: 200 ms a move) |
//! | `random` | uniformly random legal moves |
//! | `greedy` | the largest immediate capture |
//!
//! The searchers take options after a comma: `movetime=MS`, `nodes=N` (MCTS: iterations), for
//! example `paranoid,movetime=200` or `mcts:5000,movetime=1000`. With a depth (or MCTS's
//! iterations) and no time, the search has no time limit.

use crate::levels::{Level, LevelError};
use crate::mandiri::level_player;
use crate::mandiri::player::{GreedyPlayer, MandiriPlayer, RandomPlayer, Searcher};
use crate::mandiri::Limits;
use core::fmt;
use core::str::FromStr;
use std::time::Duration;

/// What a spec describes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MandiriKind {
    /// A strength level.
    Level(Level),
    /// A searcher with its limits.
    Search(Searcher, Limits),
    /// Uniformly random.
    Random,
    /// Largest immediate capture.
    Greedy,
}

/// A parsed Mandiri player spec.
///
/// ```
/// use rajapasu_ai::mandiri::{Limits, MandiriKind, MandiriSpec, Searcher};
/// let spec: MandiriSpec = "paranoid:6".parse().unwrap();
/// assert_eq!(spec.kind, MandiriKind::Search(Searcher::Paranoid, Limits::depth(6)));
/// let err = "maxn:deep".parse::<MandiriSpec>().unwrap_err();
/// assert_eq!(err.to_string(), "player `maxn:deep`: the depth `deep` is not a whole number");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MandiriSpec {
    /// The spec as written: the player's name in reports.
    pub label: String,
    /// The player.
    pub kind: MandiriKind,
}

/// What is wrong with a spec.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MandiriSpecProblem {
    /// Nothing was given.
    Empty,
    /// The name is no player.
    UnknownPlayer(String),
    /// `level` needs its number.
    MissingLevel,
    /// The level does not exist.
    Level(LevelError),
    /// A number is not a whole number (or is 0 where that means nothing).
    BadNumber {
        /// What the number is.
        what: &'static str,
        /// The text given.
        text: String,
    },
    /// An option this player does not take.
    UnknownOption(String),
    /// An option without `=`.
    NotKeyValue(String),
    /// `random`, `greedy` and `level` take no argument or options.
    NoArguments(&'static str),
}

/// Why a Mandiri spec was refused: the spec and the problem.
///
/// ```
/// use rajapasu_ai::mandiri::{MandiriSpec, MandiriSpecProblem};
/// let err = "minimax:3".parse::<MandiriSpec>().unwrap_err();
/// assert_eq!(err.problem, MandiriSpecProblem::UnknownPlayer("minimax".into()));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MandiriSpecError {
    /// The spec as given.
    pub spec: String,
    /// What is wrong.
    pub problem: MandiriSpecProblem,
}

impl fmt::Display for MandiriSpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use MandiriSpecProblem as P;
        write!(f, "player `{}`: ", self.spec)?;
        match &self.problem {
            P::Empty => f.write_str("empty; give e.g. level:3, paranoid:6, maxn:4, mcts:2000, random or greedy"),
            P::UnknownPlayer(n) => write!(
                f,
                "`{n}` is no Mandiri player; use level:N, paranoid[:D], maxn[:D], mcts[:N], random or greedy"
            ),
            P::MissingLevel => f.write_str("give the level's number, e.g. level:3"),
            P::Level(e) => write!(f, "{e}"),
            P::BadNumber { what, text } => write!(f, "the {what} `{text}` is not a whole number"),
            P::UnknownOption(k) => write!(f, "unknown option `{k}`; searchers take movetime=MS and nodes=N"),
            P::NotKeyValue(o) => write!(f, "option `{o}` is not KEY=VALUE"),
            P::NoArguments(n) => write!(f, "`{n}` takes no arguments or options"),
        }
    }
}

impl std::error::Error for MandiriSpecError {}

fn number(what: &'static str, text: &str) -> Result<u64, MandiriSpecProblem> {
    text.trim()
        .parse::<u64>()
        .ok()
        .filter(|&n| n > 0)
        .ok_or_else(|| MandiriSpecProblem::BadNumber {
            what,
            text: text.to_string(),
        })
}

fn parse(text: &str) -> Result<MandiriKind, MandiriSpecProblem> {
    use MandiriSpecProblem as P;
    let mut parts = text.trim().split(',');
    let head = parts.next().unwrap_or("").trim();
    if head.is_empty() {
        return Err(P::Empty);
    }
    let options: Vec<&str> = parts.map(str::trim).collect();
    let (name, arg) = match head.split_once(':') {
        Some((n, a)) => (n.trim(), Some(a.trim())),
        None => (head, None),
    };
    let searcher = match name.to_ascii_lowercase().as_str() {
        "paranoid" => Searcher::Paranoid,
        "maxn" => Searcher::MaxN,
        "mcts" => Searcher::Mcts,
        simple @ ("random" | "greedy" | "level") => {
            let simple: &'static str = match simple {
                "random" => "random",
                "greedy" => "greedy",
                _ => "level",
            };
            if !options.is_empty() || (simple != "level" && arg.is_some()) {
                return Err(P::NoArguments(simple));
            }
            return Ok(match simple {
                "random" => MandiriKind::Random,
                "greedy" => MandiriKind::Greedy,
                _ => {
                    let n = arg.ok_or(P::MissingLevel)?;
                    MandiriKind::Level(n.parse().map_err(P::Level)?)
                }
            });
        }
        _ => return Err(P::UnknownPlayer(name.to_string())),
    };
    let mut limits = Limits::default();
    if let Some(a) = arg {
        if searcher == Searcher::Mcts {
            limits.nodes = Some(number("iteration count", a)?);
        } else {
            let d = number("depth", a)?;
            limits.depth = Some(u32::try_from(d).unwrap_or(u32::MAX));
        }
    }
    for o in options {
        let (k, v) = o
            .split_once('=')
            .ok_or_else(|| P::NotKeyValue(o.to_string()))?;
        match k.trim() {
            "movetime" => {
                limits.movetime = Some(Duration::from_millis(number("movetime", v)?));
            }
            "nodes" => limits.nodes = Some(number("node count", v)?),
            other => return Err(P::UnknownOption(other.to_string())),
        }
    }
    Ok(MandiriKind::Search(searcher, limits.or_default()))
}

impl FromStr for MandiriSpec {
    type Err = MandiriSpecError;
    fn from_str(text: &str) -> Result<MandiriSpec, MandiriSpecError> {
        parse(text)
            .map(|kind| MandiriSpec {
                label: text.trim().to_string(),
                kind,
            })
            .map_err(|problem| MandiriSpecError {
                spec: text.to_string(),
                problem,
            })
    }
}

impl MandiriSpec {
    /// A fresh player, its random choices seeded by `seed`.
    ///
    /// ```
    /// use rajapasu_ai::mandiri::MandiriSpec;
    /// use rajapasu_engine::mandiri;
    /// let game = mandiri::Game::new(mandiri::Rules::default());
    /// let spec: MandiriSpec = "mcts:100".parse().unwrap();
    /// let mv = spec.build(5).choose(&game).unwrap();
    /// assert!(game.legal_moves().contains(&mv));
    /// ```
    pub fn build(&self, seed: u64) -> Box<dyn MandiriPlayer> {
        match self.kind {
            MandiriKind::Level(l) => level_player(l, seed),
            MandiriKind::Search(s, limits) => s.player(limits, seed),
            MandiriKind::Random => Box::new(RandomPlayer::new(seed)),
            MandiriKind::Greedy => Box::new(GreedyPlayer::new(seed, 0)),
        }
    }
}
