//! The strength levels: one table says what each level is called, how it plays and how it
//! searches. Every crate names a level through [`Level`], so a level that does not exist cannot
//! be asked for.

use core::fmt;
use core::str::FromStr;
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// How a level searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LevelParams {
    /// Deepest iteration, if capped.
    pub depth: Option<u32>,
    /// Standard deviation of the noise added to each root move's score, tenths of a counter.
    pub noise: i32,
    /// Chooses at random among the moves scoring less than this below the best, tenths of a
    /// counter (0: always the best move). Near-equal moves differ only by the evaluation's
    /// board features; a decided game's scores are whole counters apart, so with a margin of at
    /// most a counter a won game is never thrown away.
    pub margin: i32,
    /// Time budget.
    pub movetime: Duration,
    /// Transposition table size (bits).
    pub table_bits: u32,
    /// Plays from the proven opening book where it holds the position ([`crate::book`]).
    pub book: bool,
    /// Plays the proven strategy where one is known or found in time, and searches as above
    /// only where none is ([`crate::perfect`]).
    pub perfect: bool,
}

impl LevelParams {
    /// How the level's search treats the root moves: a noisy level needs every move's exact
    /// score to add its noise to; a level with a margin needs the moves within it; a level
    /// with the book answers its positions from it.
    pub fn search_options(&self) -> crate::search::SearchOptions {
        use crate::search::{Score, SearchOptions};
        let options = if self.noise > 0 {
            SearchOptions::EVERY_MOVE
        } else {
            SearchOptions::within(Score::from_tenths(self.margin))
        };
        if self.book {
            options.with_book()
        } else {
            options
        }
    }
}

/// One line of the table.
struct Entry {
    name: &'static str,
    description: &'static str,
    params: LevelParams,
}

// One argument a column of the table below, so that each level reads as one line.
#[allow(clippy::too_many_arguments)]
const fn entry(
    name: &'static str,
    depth: Option<u32>,
    noise: i32,
    margin: i32,
    movetime_ms: u64,
    table_bits: u32,
    book: bool,
    perfect: bool,
    description: &'static str,
) -> Entry {
    Entry {
        name,
        description,
        params: LevelParams {
            depth,
            noise,
            margin,
            movetime: Duration::from_millis(movetime_ms),
            table_bits,
            book,
            perfect,
        },
    }
}

/// The levels, weakest first, one a line. docs/STRENGTH.md has the measurements that set these
/// numbers: each level beats the one below in matches.
#[rustfmt::skip]
const TABLE: [Entry; 7] = [
    //    name        depth     noise margin ms    table bits book   perfect
    entry("beginner", Some(1),  40,   0,     100,  12, false, false, "looks one move ahead and often misjudges what it sees"),
    entry("novice",   Some(2),  20,   0,     100,  12, false, false, "looks two moves ahead, with a loose judgement"),
    entry("casual",   Some(4),  10,   0,     200,  16, false, false, "looks four moves ahead and sometimes prefers a slightly worse move"),
    entry("club",     Some(8),  0,    10,    250,  18, false, false, "searches eight moves ahead and varies its play among near-equal moves"),
    entry("expert",   Some(12), 0,    5,     250,  20, false, false, "searches twelve moves ahead and varies its play among near-equal moves"),
    entry("max",      None,     0,    0,     1000, 21, true,  false, "full search for one second a move: the strongest search"),
    entry("perfect",  None,     0,    0,     1000, 21, true,  true,  "plays the proven strategy: the solved match's, or a round's proven best move; where nothing is proven in time, as max"),
];

/// A strength level, from 1 (beginner) to 7 (perfect). Made only from a level that exists: from
/// a number with `TryFrom<u8>`, from text (a number or a name) with `FromStr`. Levels 1 to 6
/// search; level 7 plays the proven strategy where one is known ([`crate::perfect`]) and
/// level 6's move elsewhere.
///
/// ```
/// use rajapasu_ai::Level;
/// let max = Level::try_from(6).unwrap();
/// assert_eq!((max.number(), max.name()), (6, "max"));
/// assert_eq!(max.params().depth, None);
/// assert!(max.params().book && !Level::MIN.params().book);
/// assert!(Level::try_from(8).is_err());
/// assert_eq!("2".parse::<Level>().unwrap().name(), "novice");
/// assert_eq!("perfect".parse::<Level>().unwrap(), Level::MAX);
/// assert!(Level::MAX.params().perfect && !max.params().perfect);
/// assert_eq!(Level::default().name(), "casual");
/// assert_eq!(Level::ALL.len(), 7);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Level(u8);

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; TABLE.len()] = {
        let mut all = [Level(1); TABLE.len()];
        let mut k = 0;
        while k < all.len() {
            all[k] = Level(k as u8 + 1);
            k += 1;
        }
        all
    };
    /// The weakest level.
    pub const MIN: Level = Level::ALL[0];
    /// The strongest level.
    pub const MAX: Level = Level::ALL[TABLE.len() - 1];
    /// The level the apps play unless asked for another: "casual", a fair game for a newcomer.
    pub const DEFAULT: Level = Level(3);

    /// The level's number, 1 to 7.
    pub const fn number(self) -> u8 {
        self.0
    }

    fn entry(self) -> &'static Entry {
        &TABLE[self.0 as usize - 1]
    }

    /// A short name, such as "beginner".
    pub fn name(self) -> &'static str {
        self.entry().name
    }

    /// One sentence on how it plays.
    pub fn description(self) -> &'static str {
        self.entry().description
    }

    /// The most time it takes for a move.
    pub fn movetime(self) -> Duration {
        self.entry().params.movetime
    }

    /// How it searches.
    pub fn params(self) -> LevelParams {
        self.entry().params
    }
}

impl Default for Level {
    fn default() -> Level {
        Level::DEFAULT
    }
}

/// Why a level was refused.
///
/// ```
/// use rajapasu_ai::{Level, LevelError};
/// assert_eq!("9".parse::<Level>(), Err(LevelError::NoSuchLevel(9)));
/// assert_eq!(
///     "nine".parse::<Level>().unwrap_err().to_string(),
///     "level `nine` is neither a number from 1 to 7 nor a level's name"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LevelError {
    /// A number that is no level.
    NoSuchLevel(u64),
    /// Text that is neither a whole number nor a level's name.
    NotANumber(String),
}

impl fmt::Display for LevelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LevelError::NoSuchLevel(n) => write!(
                f,
                "level {n} does not exist: levels run from {} to {}",
                Level::MIN,
                Level::MAX
            ),
            LevelError::NotANumber(text) => write!(
                f,
                "level `{text}` is neither a number from {} to {} nor a level's name",
                Level::MIN,
                Level::MAX
            ),
        }
    }
}

impl std::error::Error for LevelError {}

impl TryFrom<u8> for Level {
    type Error = LevelError;
    fn try_from(n: u8) -> Result<Level, LevelError> {
        if (Level::MIN.0..=Level::MAX.0).contains(&n) {
            Ok(Level(n))
        } else {
            Err(LevelError::NoSuchLevel(n.into()))
        }
    }
}

impl From<Level> for u8 {
    fn from(level: Level) -> u8 {
        level.0
    }
}

impl FromStr for Level {
    type Err = LevelError;
    fn from_str(text: &str) -> Result<Level, LevelError> {
        let name = text.trim();
        if let Some(level) = Level::ALL.into_iter().find(|l| l.name() == name) {
            return Ok(level);
        }
        let n: u64 = name
            .parse()
            .map_err(|_| LevelError::NotANumber(text.to_string()))?;
        u8::try_from(n)
            .map_err(|_| LevelError::NoSuchLevel(n))
            .and_then(Level::try_from)
    }
}

/// The level's number.
impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_grow_stronger_and_refuse_what_is_not_a_level() {
        for pair in Level::ALL.windows(2) {
            let (a, b) = (pair[0].params(), pair[1].params());
            assert!(b.depth.unwrap_or(u32::MAX) > a.depth.unwrap_or(u32::MAX) || b.depth.is_none());
            assert!(b.movetime >= a.movetime);
        }
        assert_eq!(Level::try_from(0), Err(LevelError::NoSuchLevel(0)));
        assert_eq!("300".parse::<Level>(), Err(LevelError::NoSuchLevel(300)));
        assert!(matches!(
            "x".parse::<Level>(),
            Err(LevelError::NotANumber(_))
        ));
        assert_eq!(
            LevelError::NoSuchLevel(9).to_string(),
            "level 9 does not exist: levels run from 1 to 7"
        );
        assert_eq!(serde_json::to_string(&Level::MAX).unwrap(), "7");
        assert!(serde_json::from_str::<Level>("9").is_err());
    }
}
