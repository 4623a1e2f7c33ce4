//! Holes and moves (rule 1 and RULES.md section 2): each player numbers their holes from their
//! own left, and a move is the number of the hole the player to move empties.

use crate::rules::MAX_ROW;
use crate::side::Side;
use core::fmt;
use core::marker::PhantomData;
use core::str::FromStr;

/// A hole of the board: a side and a number counted from that player's own left (1-based).
///
/// ```
/// use rajapasu_engine::{Hole, Side};
/// let h: Hole = "N5".parse().unwrap();
/// assert_eq!(h, Hole::new(Side::North, 5).unwrap());
/// assert_eq!(h.to_string(), "N5");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Hole {
    side: Side,
    number: u8,
}

impl Hole {
    /// The hole `number` (1-based) of `side`'s row, if the number fits the largest board.
    pub const fn new(side: Side, number: u8) -> Option<Hole> {
        if number >= 1 && number as usize <= MAX_ROW {
            Some(Hole { side, number })
        } else {
            None
        }
    }

    /// The row's owner.
    #[inline]
    pub const fn side(self) -> Side {
        self.side
    }

    /// The number, 1-based from the owner's left.
    #[inline]
    pub const fn number(self) -> u8 {
        self.number
    }

    /// Index into a board of `holes` holes per row: South's row first, then North's.
    #[inline]
    pub(crate) const fn index(self, holes: usize) -> usize {
        self.side.index() * holes + self.number as usize - 1
    }

    #[inline]
    pub(crate) fn from_index(index: usize, holes: usize) -> Hole {
        let side = if index < holes {
            Side::South
        } else {
            Side::North
        };
        Hole {
            side,
            number: (index - side.index() * holes + 1) as u8,
        }
    }
}

impl fmt::Display for Hole {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.side.letter(), self.number)
    }
}

/// What is wrong with a hole name or a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NameProblem {
    /// Nothing was given.
    Empty,
    /// A hole name does not start with a row letter, `S` or `N`.
    NoRow,
    /// The number is missing or not a whole number.
    NotANumber,
    /// The number is not between 1 and the largest row's length.
    OutOfRange,
}

impl NameProblem {
    fn of_number(digits: &str) -> NameProblem {
        match digits.parse::<u64>() {
            _ if digits.is_empty() => NameProblem::NotANumber,
            Ok(_) => NameProblem::OutOfRange,
            Err(_) => NameProblem::NotANumber,
        }
    }
}

/// Why a name of a `K` (a [`Hole`] or a [`Move`]) was rejected: the text given and what is
/// wrong with it. Each is known by its own name, [`ParseHoleError`] and [`ParseMoveError`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NameError<K> {
    text: String,
    problem: NameProblem,
    of: PhantomData<K>,
}

impl<K> NameError<K> {
    fn new(text: &str, problem: NameProblem) -> NameError<K> {
        NameError {
            text: text.to_string(),
            problem,
            of: PhantomData,
        }
    }

    /// The text that was given.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// What is wrong with it.
    pub fn problem(&self) -> NameProblem {
        self.problem
    }
}

impl<K: fmt::Debug> std::error::Error for NameError<K> where NameError<K>: fmt::Display {}

/// Why a hole name such as `S3` was rejected.
///
/// ```
/// use rajapasu_engine::{Hole, NameProblem};
/// let err = "S0".parse::<Hole>().unwrap_err();
/// assert_eq!((err.text(), err.problem()), ("S0", NameProblem::OutOfRange));
/// assert_eq!("X3".parse::<Hole>().unwrap_err().problem(), NameProblem::NoRow);
/// assert_eq!(err.to_string(), "`S0` is not a hole name: holes are numbered 1 to 12");
/// ```
pub type ParseHoleError = NameError<Hole>;

impl fmt::Display for ParseHoleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = &self.text;
        match self.problem {
            NameProblem::OutOfRange => write!(
                f,
                "`{text}` is not a hole name: holes are numbered 1 to {MAX_ROW}"
            ),
            _ => write!(
                f,
                "`{text}` is not a hole name (expected S or N and a number, such as S3)"
            ),
        }
    }
}

impl FromStr for Hole {
    type Err = ParseHoleError;
    fn from_str(s: &str) -> Result<Hole, ParseHoleError> {
        let err = |problem| ParseHoleError::new(s, problem);
        let t = s.trim();
        let mut chars = t.chars();
        let Some(first) = chars.next() else {
            return Err(err(NameProblem::Empty));
        };
        let side = Side::from_letter(first).ok_or_else(|| err(NameProblem::NoRow))?;
        let digits = chars.as_str();
        let n: u8 = digits
            .parse()
            .map_err(|_| err(NameProblem::of_number(digits)))?;
        Hole::new(side, n).ok_or_else(|| err(NameProblem::OutOfRange))
    }
}

/// A move: the number (1-based, from the mover's own left) of the hole the player to move
/// empties. This is the game's notation: `3` means "the player to move plays their hole 3".
///
/// ```
/// use rajapasu_engine::Move;
/// let m: Move = "3".parse().unwrap();
/// assert_eq!(m.number(), 3);
/// assert!("0".parse::<Move>().is_err());
/// assert!("S3".parse::<Move>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "u8", into = "u8"))]
pub struct Move(pub(crate) u8);

impl Move {
    /// The move that plays hole `number`, if the number fits the largest board.
    pub const fn new(number: u8) -> Option<Move> {
        if number >= 1 && number as usize <= MAX_ROW {
            Some(Move(number))
        } else {
            None
        }
    }

    /// The hole number, 1-based.
    #[inline]
    pub const fn number(self) -> u8 {
        self.0
    }

    /// The hole this move empties when `side` plays it.
    #[inline]
    pub const fn hole(self, side: Side) -> Hole {
        Hole {
            side,
            number: self.0,
        }
    }
}

impl TryFrom<u8> for Move {
    type Error = ParseMoveError;
    fn try_from(n: u8) -> Result<Move, ParseMoveError> {
        Move::new(n).ok_or_else(|| ParseMoveError::new(&n.to_string(), NameProblem::OutOfRange))
    }
}

impl From<Move> for u8 {
    fn from(m: Move) -> u8 {
        m.0
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Why a move such as `3` was rejected.
///
/// ```
/// use rajapasu_engine::{Move, NameProblem};
/// let err = "S3".parse::<Move>().unwrap_err();
/// assert_eq!((err.text(), err.problem()), ("S3", NameProblem::NotANumber));
/// assert_eq!("13".parse::<Move>().unwrap_err().problem(), NameProblem::OutOfRange);
/// ```
pub type ParseMoveError = NameError<Move>;

impl fmt::Display for ParseMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not a move (expected a hole number from 1 to {MAX_ROW})",
            self.text
        )
    }
}

impl FromStr for Move {
    type Err = ParseMoveError;
    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        let t = s.trim();
        let problem = match t.parse::<u8>() {
            Ok(n) => match Move::new(n) {
                Some(m) => return Ok(m),
                None => NameProblem::OutOfRange,
            },
            Err(_) if t.is_empty() => NameProblem::Empty,
            Err(_) => NameProblem::of_number(t),
        };
        Err(ParseMoveError::new(s, problem))
    }
}

/// The legal moves of a position, in hole order, without allocating.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveList {
    moves: [Move; MAX_ROW],
    len: u8,
}

impl MoveList {
    pub(crate) const fn new() -> MoveList {
        MoveList {
            moves: [Move(1); MAX_ROW],
            len: 0,
        }
    }

    #[inline]
    pub(crate) fn push(&mut self, m: Move) {
        self.moves[self.len as usize] = m;
        self.len += 1;
    }

    /// The moves of a bit set (bit `k`: hole `k + 1`), in hole order.
    #[inline]
    pub(crate) fn from_mask(mut mask: u32) -> MoveList {
        let mut list = MoveList::new();
        while mask != 0 {
            list.push(Move(mask.trailing_zeros() as u8 + 1));
            mask &= mask - 1;
        }
        list
    }

    /// The moves as a slice.
    #[inline]
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len as usize]
    }

    /// Number of moves.
    #[inline]
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// True if there is no move.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Whether `m` is in the list.
    pub fn contains(&self, m: Move) -> bool {
        self.as_slice().contains(&m)
    }
}

impl core::ops::Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = core::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}
