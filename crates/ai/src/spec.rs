//! Player specs: a player written as a string, for `rajapasu tournament`, `selfplay` and the
//! Python bindings, in either game. The text is read here once; each game says which players
//! it has and builds them from the result ([`Playable`]).
//!
//! | Spec | Game | Player |
//! |---|---|---|
//! | `level:N` | both | strength level N (1..=7, or its name: `level:perfect`); options `movetime=MS`, `depth=N` |
//! | `search` | Raja Pasu | the full search; options `depth=N`, `movetime=MS`, `nodes=N`, `eval=plain\|tuned`, and evaluation weights `row=`, `row_match=`, `threes=`, `mobility=` (tenths of a counter) |
//! | `ab:D` | Raja Pasu | plain fixed-depth alpha-beta (depth D) on the capture difference alone |
//! | `paranoid[:D]` | Mandiri | paranoid alpha-beta, D moves deep; options `movetime=MS`, `nodes=N` |
//! | `maxn[:D]` | Mandiri | max^n, D moves deep; options `movetime=MS`, `nodes=N` |
//! | `mcts[:N]` | both | Monte Carlo tree search, N iterations; options `movetime=MS`, `iterations=N` (or `nodes=N`) |
//! | `random` | both | uniformly random legal moves |
//! | `greedy` | both | the move with the best immediate capture |
//! | `cmd:PROGRAM ARGS` | both | an external program speaking the engine protocol |
//!
//! Options follow after a comma: `level:6,movetime=200`, `search:depth=8,eval=plain`,
//! `paranoid,movetime=200`. For `cmd:` the rest of the string is the command line, split at
//! spaces. A Mandiri searcher given neither a depth nor a budget searches 200 ms a move.

use crate::eval::Eval;
use crate::levels::{Level, LevelError};
use crate::player::{Player, PlayerError};
use crate::Limits;
use core::fmt;
use core::marker::PhantomData;
use rajapasu_engine::record::Recorded;
use rajapasu_engine::{mandiri, Game};
use std::time::Duration;

/// A game the computer opponent plays: the players its specs may name, how they are built and
/// seeded, and whose turn it is among the players of a game. Both games implement it, Raja
/// Pasu in `players`, Mandiri in `mandiri::player`; specs, the arena and the tournaments are
/// written once over it.
///
/// ```
/// use rajapasu_ai::spec::{Playable, PlayerSpec};
/// use rajapasu_engine::{mandiri, Game, SowingGame};
///
/// /// Whether the move `spec` chooses at the start of a game of `G` is legal.
/// fn plays<G: Playable>(spec: &str) -> bool {
///     let game = G::new(Default::default());
///     let spec: PlayerSpec<G> = spec.parse().unwrap();
///     let mv = spec.build(*game.rules(), 1).unwrap().choose(&game).unwrap();
///     game.is_legal(mv)
/// }
/// assert!(plays::<Game>("ab:1") && plays::<mandiri::Game>("paranoid:2"));
/// assert!("paranoid".parse::<PlayerSpec<Game>>().is_err());
/// assert!("ab:1".parse::<PlayerSpec<mandiri::Game>>().is_err());
/// ```
pub trait Playable: Recorded {
    /// The game's name in messages.
    const TITLE: &'static str;
    /// The players its specs may name, in the order a message lists them.
    const PLAYERS: &'static [&'static str];

    /// The player `spec` names, for games under `rules`, its random choices seeded by `seed`.
    /// Fails only for an external program that cannot be started.
    fn player(
        spec: &PlayerSpec<Self>,
        rules: Self::Rules,
        seed: u64,
    ) -> Result<Box<dyn Player<Self>>, PlayerError<Self>>;

    /// Who is to move among the game's players, from 0: the side to move in Raja Pasu (South
    /// 0), the player to move in Mandiri (player 1 is 0), whichever seat they sit in.
    fn participant(&self) -> usize;

    /// The seed of the player of participant `k` in a game seeded `seed`.
    fn player_seed(seed: u64, k: usize) -> u64;

    /// The seed of a tournament's game number `index`, playing opening `opening` in the
    /// `order`-th seating of its players, in a tournament seeded `seed`.
    fn seating_seed(seed: u64, index: usize, opening: usize, order: usize) -> u64;

    /// The opening lines of a tournament of `count` openings of `plies` random moves from
    /// `start`, seeded `seed`. Fewer come back if the game has fewer.
    fn tournament_openings(
        start: &Self,
        count: usize,
        plies: usize,
        seed: u64,
    ) -> Vec<Vec<Self::Move>>;
}

/// What kind of player a spec describes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A strength level.
    Level(Level),
    /// Raja Pasu's full search with explicit limits.
    Search,
    /// Uniformly random.
    Random,
    /// Best immediate capture.
    Greedy,
    /// Raja Pasu: plain fixed-depth alpha-beta on the capture difference.
    Plain(u32),
    /// Monte Carlo tree search.
    Mcts,
    /// Mandiri: paranoid alpha-beta.
    Paranoid,
    /// Mandiri: max^n.
    MaxN,
    /// An external program: program and arguments.
    Command(Vec<String>),
}

/// A parsed player spec for the game `G`: [`Spec`] for Raja Pasu, [`MandiriSpec`] for
/// Mandiri.
///
/// ```
/// use rajapasu_ai::spec::{Kind, MandiriSpec, Spec};
/// use rajapasu_ai::Limits;
/// let spec: Spec = "search:depth=8,threes=6".parse().unwrap();
/// assert_eq!(*spec.kind(), Kind::Search);
/// assert_eq!((spec.limits.depth, spec.eval.threes), (Some(8), 6));
/// let err = "level:9".parse::<Spec>().unwrap_err();
/// assert_eq!(err.to_string(), "player `level:9`: level 9 does not exist: levels run from 1 to 7");
/// let spec: MandiriSpec = "paranoid:6".parse().unwrap();
/// assert_eq!((spec.kind(), spec.limits), (&Kind::Paranoid, Limits::depth(6)));
/// let err = "maxn:deep".parse::<MandiriSpec>().unwrap_err();
/// assert_eq!(err.to_string(), "player `maxn:deep`: depth `deep` is not a whole number");
/// ```
#[derive(Clone, Debug)]
pub struct PlayerSpec<G> {
    /// The spec as written: the player's name in tables.
    pub label: String,
    /// The kind: one that `G` has (read only, so that no spec names another game's player).
    kind: Kind,
    /// `depth=` (or a searcher's `:D`), `movetime=`, `nodes=` (MCTS: `iterations=` or `:N`).
    pub limits: Limits,
    /// The evaluation of `search`: `eval=plain|tuned`, then the weights set by name.
    pub eval: Eval,
    game: PhantomData<fn() -> G>,
}

/// A Raja Pasu player spec.
pub type Spec = PlayerSpec<Game>;

/// A Mandiri player spec.
pub type MandiriSpec = PlayerSpec<mandiri::Game>;

/// Why a player spec was refused.
///
/// ```
/// use rajapasu_ai::spec::{Spec, SpecProblem};
/// let err = "ab:x".parse::<Spec>().unwrap_err();
/// assert_eq!(err.spec, "ab:x");
/// assert_eq!(err.problem, SpecProblem::BadNumber { what: "depth", text: "x".into() });
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
    /// Nothing was given.
    Empty,
    /// No such kind of player in this game.
    UnknownPlayer {
        /// The name given.
        name: String,
        /// The game.
        game: &'static str,
        /// The players the game has, as specs write them.
        known: String,
    },
    /// `cmd:` without a program.
    NoProgram,
    /// `level` without a number.
    MissingLevel,
    /// A level that does not exist.
    Level(LevelError),
    /// `ab` without a depth.
    MissingDepth,
    /// An `ab` depth out of range.
    DepthOutOfRange,
    /// A number that is not a whole number of at least 1.
    BadNumber {
        /// What the number is: the option, `depth` or `iterations`.
        what: &'static str,
        /// The text given.
        text: String,
    },
    /// A weight that is not a number.
    NotAWeight(String),
    /// A bare word after a player that takes options but no argument.
    BareWord,
    /// An option that is not `key=value`.
    NotKeyValue(String),
    /// An option this player does not take.
    UnknownOption(String),
    /// `eval=` other than `plain` or `tuned`.
    BadEval,
    /// `random` and `greedy` take no argument or options.
    NoArguments(&'static str),
}

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use SpecProblem as P;
        if self.problem == P::NoProgram {
            return f.write_str("`cmd:` needs a program, e.g. `cmd:rajapasu engine`");
        }
        write!(f, "player `{}`: ", self.spec)?;
        match &self.problem {
            P::Empty => f.write_str("no player given, e.g. level:3"),
            P::UnknownPlayer { name, game, known } => {
                write!(f, "`{name}` is no {game} player; use {known}")
            }
            P::NoProgram => Ok(()),
            P::MissingLevel => f.write_str("which level? e.g. level:3"),
            P::Level(e) => write!(f, "{e}"),
            P::MissingDepth => f.write_str("which depth? e.g. ab:9"),
            P::DepthOutOfRange => f.write_str("depth must be 1..30"),
            P::BadNumber { what, text } if text.trim().parse::<u64>().is_ok() => {
                write!(f, "{what} `{text}` must be at least 1")
            }
            P::BadNumber { what, text } => write!(f, "{what} `{text}` is not a whole number"),
            P::NotAWeight(v) => write!(f, "weight `{v}` is not a number"),
            P::BareWord => f.write_str("options are written key=value"),
            P::NotKeyValue(opt) => write!(f, "option `{opt}` is not key=value"),
            P::UnknownOption(k) => write!(f, "unknown option `{k}`"),
            P::BadEval => f.write_str("eval is plain or tuned"),
            P::NoArguments(n) => write!(f, "`{n}` takes no arguments or options"),
        }
    }
}

impl std::error::Error for SpecError {}

/// What comes after a player's name and colon.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Arg {
    /// Nothing (a word there is an error).
    No,
    /// The level's number, required.
    Level,
    /// A depth, required (plain alpha-beta, 1 to 30) or optional (the Mandiri searchers).
    Depth { required: bool },
    /// MCTS iterations, optional.
    Iterations,
}

/// How one kind of player is written.
struct Form {
    /// The name before the colon.
    name: &'static str,
    /// How the name is written in a list of players.
    usage: &'static str,
    /// What follows the colon.
    arg: Arg,
    /// The options it takes (`search` takes the evaluation's weights too).
    options: &'static [&'static str],
}

/// Every kind of player of both games; each game says which it has ([`Playable::PLAYERS`]).
#[rustfmt::skip]
const FORMS: &[Form] = &[
    Form { name: "level", usage: "level:N", arg: Arg::Level, options: &["movetime", "depth"] },
    Form { name: "search", usage: "search", arg: Arg::No, options: &["depth", "movetime", "nodes", "eval"] },
    Form { name: "paranoid", usage: "paranoid[:D]", arg: Arg::Depth { required: false }, options: &["movetime", "nodes"] },
    Form { name: "maxn", usage: "maxn[:D]", arg: Arg::Depth { required: false }, options: &["movetime", "nodes"] },
    Form { name: "mcts", usage: "mcts[:N]", arg: Arg::Iterations, options: &["movetime", "iterations", "nodes"] },
    Form { name: "random", usage: "random", arg: Arg::No, options: &[] },
    Form { name: "greedy", usage: "greedy", arg: Arg::No, options: &[] },
    Form { name: "ab", usage: "ab:D", arg: Arg::Depth { required: true }, options: &[] },
    Form { name: "cmd", usage: "cmd:PROGRAM", arg: Arg::No, options: &[] },
];

/// The form called `name` (`alphabeta` is `ab`).
fn form(name: &str) -> Option<&'static Form> {
    let name = if name == "alphabeta" { "ab" } else { name };
    FORMS.iter().find(|f| f.name == name)
}

/// The players of `G` as a list: "level:N, paranoid[:D], ... or greedy".
fn known<G: Playable>() -> String {
    let usages: Vec<&str> = G::PLAYERS
        .iter()
        .filter_map(|n| form(n))
        .map(|f| f.usage)
        .collect();
    match usages.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => usages.concat(),
    }
}

/// A whole number of at least 1.
fn number(what: &'static str, text: &str) -> Result<u64, SpecProblem> {
    text.trim()
        .parse::<u64>()
        .ok()
        .filter(|&n| n > 0)
        .ok_or_else(|| SpecProblem::BadNumber {
            what,
            text: text.to_string(),
        })
}

impl<G> PlayerSpec<G> {
    /// What kind of player the spec names.
    pub fn kind(&self) -> &Kind {
        &self.kind
    }
}

impl<G: Playable> PlayerSpec<G> {
    /// Reads `text`, a spec of the game `G`.
    fn parse(text: &str) -> Result<PlayerSpec<G>, SpecProblem> {
        use SpecProblem as P;
        let mut spec = PlayerSpec {
            label: text.to_string(),
            kind: Kind::Random,
            limits: Limits::default(),
            eval: Eval::TUNED,
            game: PhantomData,
        };
        if text.is_empty() {
            return Err(P::Empty);
        }
        let (head, rest) = match text.split_once(':') {
            Some((h, r)) => (h.trim(), Some(r.trim())),
            None => (text, None),
        };
        // Options follow the argument after the colon, or the name itself after a comma.
        let (head, mut options): (&str, Vec<&str>) = match rest {
            Some(r) if head.eq_ignore_ascii_case("cmd") => (head, vec![r]),
            Some(r) => (head, r.split(',').map(str::trim).collect()),
            None => {
                let mut parts = head.split(',').map(str::trim);
                (parts.next().unwrap_or(""), parts.collect())
            }
        };
        let name = head.to_ascii_lowercase();
        let form = form(&name)
            .filter(|f| G::PLAYERS.contains(&f.name))
            .ok_or_else(|| P::UnknownPlayer {
                name: head.to_string(),
                game: G::TITLE,
                known: known::<G>(),
            })?;
        if form.name == "cmd" {
            let words: Vec<String> = options.first().map_or(Vec::new(), |r| {
                r.split_whitespace().map(String::from).collect()
            });
            if words.is_empty() {
                return Err(P::NoProgram);
            }
            spec.kind = Kind::Command(words);
            return Ok(spec);
        }
        let arg = if rest.is_some() && options.first().is_some_and(|o| !o.contains('=')) {
            Some(options.remove(0))
        } else {
            None
        };
        if form.arg == Arg::No && form.options.is_empty() && (arg.is_some() || !options.is_empty())
        {
            return Err(P::NoArguments(form.name));
        }
        spec.kind = match (form.name, form.arg, arg) {
            (_, Arg::No, Some(_)) => return Err(P::BareWord),
            (_, Arg::Level, None) => return Err(P::MissingLevel),
            (_, Arg::Level, Some(n)) => Kind::Level(n.parse().map_err(P::Level)?),
            (_, Arg::Depth { required: true }, None) => return Err(P::MissingDepth),
            (_, Arg::Depth { required: true }, Some(d)) => {
                let d = number("depth", d)?;
                if d > 30 {
                    return Err(P::DepthOutOfRange);
                }
                Kind::Plain(d as u32)
            }
            (name, Arg::Depth { required: false }, d) => {
                if let Some(d) = d {
                    spec.limits.depth =
                        Some(u32::try_from(number("depth", d)?).unwrap_or(u32::MAX));
                }
                if name == "paranoid" {
                    Kind::Paranoid
                } else {
                    Kind::MaxN
                }
            }
            (_, Arg::Iterations, n) => {
                if let Some(n) = n {
                    spec.limits.nodes = Some(number("iterations", n)?);
                }
                Kind::Mcts
            }
            ("search", Arg::No, None) => Kind::Search,
            ("greedy", Arg::No, None) => Kind::Greedy,
            (_, Arg::No, None) => Kind::Random,
        };
        spec.read_options(form, &options)?;
        Ok(spec)
    }

    /// Reads `options`, the `key=value` options of a player written as `form`.
    fn read_options(&mut self, form: &Form, options: &[&str]) -> Result<(), SpecProblem> {
        use SpecProblem as P;
        // The weights go on top of the chosen evaluation, wherever `eval=` stands.
        let mut plain = false;
        let mut weights = Vec::new();
        for &opt in options {
            let (k, v) = opt
                .split_once('=')
                .ok_or_else(|| P::NotKeyValue(opt.to_string()))?;
            let (k, v) = (k.trim(), v.trim());
            let weight = form.name == "search" && Eval::TUNED.weight(k).is_some();
            if !form.options.contains(&k) && !weight {
                return Err(P::UnknownOption(k.to_string()));
            }
            match k {
                "depth" => self.limits.depth = Some(number("depth", v)?.min(100) as u32),
                "movetime" => {
                    self.limits.movetime = Some(Duration::from_millis(number("movetime", v)?))
                }
                "nodes" | "iterations" => {
                    self.limits.nodes = Some(number(
                        if k == "nodes" { "nodes" } else { "iterations" },
                        v,
                    )?)
                }
                "eval" => {
                    plain = match v {
                        "plain" => true,
                        "tuned" => false,
                        _ => return Err(P::BadEval),
                    }
                }
                _ => {
                    let w = v.parse::<i32>().map_err(|_| P::NotAWeight(v.to_string()))?;
                    weights.push((k, w));
                }
            }
        }
        if plain {
            self.eval = Eval::PLAIN;
        }
        for (k, w) in weights {
            *self.eval.weight_mut(k).expect("a weight checked above") = w;
        }
        Ok(())
    }

    /// Builds the player for games under `rules`; `seed` varies its random choices. Fails only
    /// for an external program that cannot be started.
    ///
    /// ```
    /// use rajapasu_ai::spec::MandiriSpec;
    /// use rajapasu_engine::mandiri;
    /// let game = mandiri::Game::new(mandiri::Rules::default());
    /// let spec: MandiriSpec = "mcts:100".parse().unwrap();
    /// let mv = spec.build(mandiri::Rules::default(), 5).unwrap().choose(&game).unwrap();
    /// assert!(game.legal_moves().contains(&mv));
    /// ```
    pub fn build(&self, rules: G::Rules, seed: u64) -> Result<Box<dyn Player<G>>, PlayerError<G>> {
        G::player(self, rules, seed)
    }
}

impl<G: Playable> core::str::FromStr for PlayerSpec<G> {
    type Err = SpecError;
    fn from_str(text: &str) -> Result<PlayerSpec<G>, SpecError> {
        let text = text.trim();
        PlayerSpec::parse(text).map_err(|problem| SpecError {
            spec: text.to_string(),
            problem,
        })
    }
}
