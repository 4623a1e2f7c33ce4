//! The game chosen at run time: [`RuleSet`] names either game's rule set (as `--rules` does),
//! and [`AnyGame`] holds either game. Code written once over [`SowingGame`] runs on the choice
//! through [`GameVisitor`], so the question "which game is this?" is asked in one place.

use crate::mandiri;
use crate::record::Recorded;
use crate::rules::{Rules, RulesError};
use crate::sowing_game::SowingGame;
use crate::Game;
use core::fmt;
use core::str::FromStr;

/// Either game's rule set, as `--rules` names it: `mandiri[/...]` is the three-player game,
/// anything else a two-player rule set.
///
/// ```
/// use rajapasu_engine::RuleSet;
/// assert!(matches!("mandiri/fours=sower".parse(), Ok(RuleSet::Mandiri(_))));
/// assert!(matches!("walak-pussa".parse(), Ok(RuleSet::RajaPasu(_))));
/// assert_eq!("mandiri".parse::<RuleSet>().unwrap().to_string(), "mandiri");
/// let err = "chess".parse::<RuleSet>().unwrap_err().to_string();
/// assert!(err.ends_with("(known: canonical, stoneshark, walak-pussa, pallankuli, mandiri)"), "{err}");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RuleSet {
    /// The two-player game.
    RajaPasu(Rules),
    /// Raja Pasu Mandiri.
    Mandiri(mandiri::Rules),
}

impl RuleSet {
    /// Every named rule set of both games: name, description and rules, the two-player presets
    /// first. One list for every command that names rule sets.
    pub fn named() -> impl Iterator<Item = (&'static str, &'static str, RuleSet)> {
        Rules::presets()
            .map(|(name, about, rules)| (name, about, RuleSet::RajaPasu(rules)))
            .chain([(
                mandiri::NAME,
                "Raja Pasu Mandiri, the three-player game (RULES.md section 9)",
                RuleSet::Mandiri(mandiri::Rules::DEFAULT),
            )])
    }

    /// Runs `visitor` on the rule set, typed as its game's rules.
    pub fn visit<V: GameVisitor>(self, visitor: V) -> V::Output {
        match self {
            RuleSet::RajaPasu(r) => visitor.visit::<Game>(r),
            RuleSet::Mandiri(r) => visitor.visit::<mandiri::Game>(r),
        }
    }

    /// A new game under the rule set.
    pub fn new_game(self) -> AnyGame {
        match self {
            RuleSet::RajaPasu(r) => AnyGame::RajaPasu(Game::new(r)),
            RuleSet::Mandiri(r) => AnyGame::Mandiri(mandiri::Game::new(r)),
        }
    }
}

impl Default for RuleSet {
    fn default() -> RuleSet {
        RuleSet::RajaPasu(Rules::default())
    }
}

impl FromStr for RuleSet {
    type Err = RulesError;
    fn from_str(s: &str) -> Result<RuleSet, RulesError> {
        let name = s.trim().split('/').next().unwrap_or("").trim();
        if name.eq_ignore_ascii_case(mandiri::NAME) {
            return s.parse().map(RuleSet::Mandiri);
        }
        s.parse().map(RuleSet::RajaPasu).map_err(|e| match e {
            RulesError::UnknownPreset { name, .. } => RulesError::UnknownPreset {
                name,
                known: RuleSet::named().map(|(n, _, _)| n).collect(),
            },
            e => e,
        })
    }
}

impl fmt::Display for RuleSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RuleSet::RajaPasu(r) => r.fmt(f),
            RuleSet::Mandiri(r) => r.fmt(f),
        }
    }
}

/// Code written once over the game type, run on a game chosen at run time: by
/// [`RuleSet::visit`] with the rule set, or by [`AnyGame::visit`] with the game itself.
///
/// ```
/// use rajapasu_engine::{GameVisitor, RuleSet, SowingGame};
/// use rajapasu_engine::record::Recorded;
///
/// /// How many moves the start of a match offers.
/// struct Choices;
/// impl GameVisitor for Choices {
///     type Output = usize;
///     fn visit<G: Recorded>(self, rules: G::Rules) -> usize {
///         G::new(rules).legal_moves().len()
///     }
/// }
/// assert_eq!("canonical".parse::<RuleSet>().unwrap().visit(Choices), 7);
/// assert_eq!("mandiri".parse::<RuleSet>().unwrap().visit(Choices), 6);
/// ```
pub trait GameVisitor {
    /// What the visit gives back.
    type Output;
    /// Runs on the game `G` under `rules`.
    fn visit<G: Recorded>(self, rules: G::Rules) -> Self::Output;
    /// Runs on `game` itself; by default, on its rules ([`GameVisitor::visit`]).
    fn visit_game<G: Recorded>(self, game: G) -> Self::Output
    where
        Self: Sized,
    {
        self.visit::<G>(*game.rules())
    }
}

/// Either game, for a choice made at run time: the Python bindings, the engine protocol and
/// the command line hold one. Moves are named as in records (`3`, `S4`).
///
/// ```
/// use rajapasu_engine::{AnyGame, RuleSet};
/// let mut game = "mandiri".parse::<RuleSet>().unwrap().new_game();
/// game.play_named("S4").unwrap();
/// assert_eq!(game.moves(), ["S4"]);
/// assert!(game.play_named("7").is_err());
/// assert_eq!(game.undo().as_deref(), Some("S4"));
/// assert_eq!(game.legal_moves().len(), 6);
/// ```
#[derive(Clone, Debug)]
pub enum AnyGame {
    /// Raja Pasu.
    RajaPasu(Game),
    /// Raja Pasu Mandiri.
    Mandiri(mandiri::Game),
}

/// Runs `$body` with `$g` bound to the game inside an [`AnyGame`], whichever it is.
macro_rules! each {
    ($any:expr, $g:ident => $body:expr) => {
        match $any {
            AnyGame::RajaPasu($g) => $body,
            AnyGame::Mandiri($g) => $body,
        }
    };
}

impl AnyGame {
    /// The rule set.
    pub fn rules(&self) -> RuleSet {
        match self {
            AnyGame::RajaPasu(g) => RuleSet::RajaPasu(*g.rules()),
            AnyGame::Mandiri(g) => RuleSet::Mandiri(*SowingGame::rules(g)),
        }
    }

    /// Runs `visitor` on the game, typed as its own game.
    pub fn visit<V: GameVisitor>(self, visitor: V) -> V::Output {
        each!(self, g => visitor.visit_game(g))
    }

    /// The position code of the current position.
    pub fn code(&self) -> String {
        each!(self, g => g.code())
    }

    /// True once the game is over.
    pub fn is_over(&self) -> bool {
        each!(self, g => SowingGame::is_over(g))
    }

    /// The moves played, by name.
    pub fn moves(&self) -> Vec<String> {
        each!(self, g => SowingGame::moves(g).iter().map(|m| m.to_string()).collect())
    }

    /// The legal moves, by name.
    pub fn legal_moves(&self) -> Vec<String> {
        each!(self, g => SowingGame::legal_moves(g).iter().map(|m| m.to_string()).collect())
    }

    /// Plays the move named `name` if it is one and legal.
    pub fn play_named(&mut self, name: &str) -> Result<(), PlayError> {
        fn play<G: Recorded>(
            game: &mut G,
            name: &str,
            wrap: fn(G::IllegalMove) -> PlayError,
        ) -> Result<(), PlayError> {
            let mv = name.parse::<G::Move>().map_err(|_| PlayError::NotAMove {
                name: name.to_string(),
                form: G::MOVE_FORM,
            })?;
            game.try_play(mv).map_err(wrap)
        }
        match self {
            AnyGame::RajaPasu(g) => play(g, name, PlayError::RajaPasu),
            AnyGame::Mandiri(g) => play(g, name, PlayError::Mandiri),
        }
    }

    /// Takes back the last move; returns its name, or `None` if no move was played.
    pub fn undo(&mut self) -> Option<String> {
        each!(self, g => SowingGame::undo(g).map(|m| m.to_string()))
    }
}

/// Why [`AnyGame::play_named`] refused a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The name is no move of the game.
    NotAMove {
        /// The name given.
        name: String,
        /// What the game's moves look like.
        form: &'static str,
    },
    /// A Raja Pasu move that cannot be played.
    RajaPasu(crate::IllegalMove),
    /// A Mandiri move that cannot be played.
    Mandiri(mandiri::IllegalMove),
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::NotAMove { name, form } => {
                write!(f, "`{name}` is not a move (expected {form})")
            }
            PlayError::RajaPasu(e) => e.fmt(f),
            PlayError::Mandiri(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for PlayError {}
