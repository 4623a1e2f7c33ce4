//! The two players.

use core::fmt;
use core::ops::Not;

/// One of the two players. South owns the near row and moves first in round 1.
///
/// ```
/// use rajapasu_engine::Side;
/// assert_eq!(!Side::South, Side::North);
/// assert_eq!(Side::North.letter(), 'N');
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Side {
    /// The near row; moves first in round 1.
    South = 0,
    /// The far row.
    North = 1,
}

impl Side {
    /// Both sides, South first.
    pub const ALL: [Side; 2] = [Side::South, Side::North];

    /// 0 for South, 1 for North: where the row sits on the board, whose holes are stored South's
    /// row first. Per-side values are kept in a [`BySide`](crate::BySide), not indexed by this.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// `S` or `N`, as in position codes and hole names.
    pub const fn letter(self) -> char {
        match self {
            Side::South => 'S',
            Side::North => 'N',
        }
    }

    /// `south` or `north`, as in JSON output.
    pub const fn name(self) -> &'static str {
        match self {
            Side::South => "south",
            Side::North => "north",
        }
    }

    /// The side of a letter `S`/`N` (either case).
    pub const fn from_letter(c: char) -> Option<Side> {
        match c {
            'S' | 's' => Some(Side::South),
            'N' | 'n' => Some(Side::North),
            _ => None,
        }
    }

    /// The side of a name such as `south`, `North` or `s`.
    pub fn from_name(s: &str) -> Option<Side> {
        match s.to_ascii_lowercase().as_str() {
            "s" | "south" => Some(Side::South),
            "n" | "north" => Some(Side::North),
            _ => None,
        }
    }
}

/// Why a side's name was rejected.
///
/// ```
/// use rajapasu_engine::{ParseSideError, Side};
/// assert_eq!("east".parse::<Side>(), Err(ParseSideError("east".into())));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSideError(pub String);

impl fmt::Display for ParseSideError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}` is not a side (south or north)", self.0)
    }
}

impl std::error::Error for ParseSideError {}

/// A side from its name, as [`Side::from_name`] reads it.
///
/// ```
/// use rajapasu_engine::Side;
/// assert_eq!("North".parse::<Side>(), Ok(Side::North));
/// assert!("east".parse::<Side>().is_err());
/// ```
impl core::str::FromStr for Side {
    type Err = ParseSideError;
    fn from_str(s: &str) -> Result<Side, ParseSideError> {
        Side::from_name(s).ok_or_else(|| ParseSideError(s.to_string()))
    }
}

impl Not for Side {
    type Output = Side;
    #[inline]
    fn not(self) -> Side {
        match self {
            Side::South => Side::North,
            Side::North => Side::South,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::South => "South",
            Side::North => "North",
        })
    }
}
