//! The themes a puzzle can have, as a type: their names, order and words.

use serde::{Deserialize, Serialize};
use std::fmt;

/// Counters on the board at most for [`Theme::LastCounters`].
pub const LAST_COUNTERS: u32 = 12;

/// What a puzzle's solution shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Theme {
    /// A solver move captures beyond an empty hole (a pussa capture).
    Pussa,
    /// A solver move lifts again at least twice (relay lifts).
    RelayChain,
    /// A solver move makes a four that goes to the solver.
    Four,
    /// Some other first move would let the opponent have a four (during it, or with a reply
    /// right after it), and the key move does not.
    AvoidFour,
    /// A solver move stops an endless sowing (decision 4).
    Endless,
    /// The line ends the round: a player is left with no move (rule 8a).
    RoundEnd,
    /// The line ends the round by repetition (rule 8b).
    Repetition,
    /// The position has closed holes (a later round of a match).
    ClosedHoles,
    /// Few counters are left on the board (at most [`LAST_COUNTERS`]).
    LastCounters,
}

impl Theme {
    /// Every theme, in order.
    pub const ALL: [Theme; 9] = [
        Theme::Pussa,
        Theme::RelayChain,
        Theme::Four,
        Theme::AvoidFour,
        Theme::Endless,
        Theme::RoundEnd,
        Theme::Repetition,
        Theme::ClosedHoles,
        Theme::LastCounters,
    ];

    /// The name in the file and the API.
    pub fn name(self) -> &'static str {
        match self {
            Theme::Pussa => "pussa",
            Theme::RelayChain => "relay_chain",
            Theme::Four => "four",
            Theme::AvoidFour => "avoid_four",
            Theme::Endless => "endless",
            Theme::RoundEnd => "round_end",
            Theme::Repetition => "repetition",
            Theme::ClosedHoles => "closed_holes",
            Theme::LastCounters => "last_counters",
        }
    }
}

impl fmt::Display for Theme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Theme {
    type Err = UnknownTheme;
    fn from_str(s: &str) -> Result<Theme, UnknownTheme> {
        Theme::ALL
            .into_iter()
            .find(|t| t.name() == s)
            .ok_or_else(|| UnknownTheme(s.to_string()))
    }
}

/// A theme name that is not one of [`Theme::ALL`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownTheme(pub String);

impl fmt::Display for UnknownTheme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = Theme::ALL.iter().map(|t| t.name()).collect();
        write!(f, "unknown theme {:?}: one of {}", self.0, names.join(", "))
    }
}

impl std::error::Error for UnknownTheme {}
