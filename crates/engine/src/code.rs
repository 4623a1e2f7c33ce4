//! Position codes: `<S1..Sn>/<N1..Nn> <S|N> <captured S> <captured N> [<reserve S> <reserve N> <round>]`.

use crate::by_side::BySide;
use crate::position::{Position, PositionError, Setup};
use crate::rules::Rules;
use crate::side::Side;
use core::fmt;
use core::str::FromStr;

/// Why a position code was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// The code is empty.
    Empty,
    /// The board has no `/` between South's row and North's row.
    MissingRowSeparator,
    /// A hole is neither a count nor `x`.
    BadHole {
        /// The row.
        side: Side,
        /// The hole's number (1-based).
        number: usize,
        /// What stood there.
        text: String,
    },
    /// A field after the board is missing.
    MissingField(&'static str),
    /// The side to move is not `S` or `N`.
    BadSide(String),
    /// A number field is not a whole number.
    BadNumber {
        /// The field.
        field: &'static str,
        /// What stood there.
        text: String,
    },
    /// Text after the last field.
    TrailingText(String),
    /// The code is well formed but the position breaks a rule.
    Invalid(PositionError),
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseError::Empty => f.write_str("empty position code"),
            ParseError::MissingRowSeparator => {
                f.write_str("position code needs South's row, `/`, then North's row")
            }
            ParseError::BadHole { side, number, text } => write!(
                f,
                "hole {}{number} is `{text}`: expected a count or `x` for a closed hole",
                side.letter()
            ),
            ParseError::MissingField(what) => write!(f, "position code lacks {what}"),
            ParseError::BadSide(s) => {
                write!(f, "side to move is `{s}`: expected S or N")
            }
            ParseError::BadNumber { field, text } => {
                write!(f, "{field} is `{text}`: expected a whole number")
            }
            ParseError::TrailingText(s) => {
                write!(f, "unexpected `{s}` after the end of the position code")
            }
            ParseError::Invalid(e) => write!(f, "invalid position: {e}"),
        }
    }
}

impl std::error::Error for ParseError {}

impl From<PositionError> for ParseError {
    fn from(e: PositionError) -> ParseError {
        ParseError::Invalid(e)
    }
}

impl Setup {
    /// Parses a position code without checking the position against a rule set's invariants
    /// (the rule set is attached but not enforced).
    pub fn from_code(code: &str, rules: Rules) -> Result<Setup, ParseError> {
        let mut fields = code.split_whitespace();
        let board = fields.next().ok_or(ParseError::Empty)?;
        let (south, north) = board
            .split_once('/')
            .ok_or(ParseError::MissingRowSeparator)?;
        let row = |side: Side, text: &str| -> Result<Vec<Option<u32>>, ParseError> {
            text.split(',')
                .enumerate()
                .map(|(k, h)| match h.trim() {
                    "x" | "X" => Ok(None),
                    t => t.parse::<u32>().map(Some).map_err(|_| ParseError::BadHole {
                        side,
                        number: k + 1,
                        text: t.to_string(),
                    }),
                })
                .collect()
        };
        let holes = BySide::new(row(Side::South, south)?, row(Side::North, north)?);
        let side = fields
            .next()
            .ok_or(ParseError::MissingField("the side to move"))?;
        let to_move = match side {
            "S" | "s" => Side::South,
            "N" | "n" => Side::North,
            _ => return Err(ParseError::BadSide(side.to_string())),
        };
        let mut number = |field: &'static str, required: bool| -> Result<Option<u32>, ParseError> {
            match fields.next() {
                None if required => Err(ParseError::MissingField(field)),
                None => Ok(None),
                Some(t) => t.parse().map(Some).map_err(|_| ParseError::BadNumber {
                    field,
                    text: t.to_string(),
                }),
            }
        };
        let cap_s = number("South's captures", true)?.unwrap_or(0);
        let cap_n = number("North's captures", true)?.unwrap_or(0);
        let (res_s, res_n, round) = match number("South's reserve", false)? {
            None => (0, 0, 1),
            Some(rs) => {
                let rn = number("North's reserve", true)?.unwrap_or(0);
                let round = number("the round number", true)?.unwrap_or(1);
                (rs, rn, round)
            }
        };
        if let Some(extra) = fields.next() {
            return Err(ParseError::TrailingText(extra.to_string()));
        }
        Ok(Setup {
            rules,
            holes,
            to_move,
            captured: BySide::new(cap_s, cap_n),
            reserve: BySide::new(res_s, res_n),
            round,
        })
    }
}

impl Position {
    /// Parses and validates a position code under `rules`.
    ///
    /// ```
    /// use rajapasu_engine::{Position, Rules, ParseError, PositionError};
    /// let rules = Rules::default();
    /// let pos = Position::from_code("x,x,x,x,x,x,8/1,0,3,1,0,3,1 S 5 40 3 33 2", rules).unwrap();
    /// assert_eq!(pos.round(), 2);
    /// assert!(matches!(
    ///     Position::from_code("7,7,7,7,7,7,7/7,7,7,7,7,7,6 S 0 0", rules),
    ///     Err(ParseError::Invalid(PositionError::WrongTotal { found: 97, expected: 98 }))
    /// ));
    /// ```
    pub fn from_code(code: &str, rules: Rules) -> Result<Position, ParseError> {
        Ok(Position::from_setup(Setup::from_code(code, rules)?)?)
    }

    /// The position code. Reserves and round are written only when they are not `0 0 1`.
    pub fn code(&self) -> String {
        self.to_string()
    }
}

impl FromStr for Position {
    type Err = ParseError;
    /// Parses a position code under the canonical rules.
    fn from_str(s: &str) -> Result<Position, ParseError> {
        Position::from_code(s, Rules::default())
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for side in Side::ALL {
            if side == Side::North {
                f.write_str("/")?;
            }
            for (k, c) in self.row(side).enumerate() {
                if k > 0 {
                    f.write_str(",")?;
                }
                match c {
                    Some(c) => write!(f, "{c}")?,
                    None => f.write_str("x")?,
                }
            }
        }
        write!(
            f,
            " {} {} {}",
            self.to_move.letter(),
            self.captured.south,
            self.captured.north
        )?;
        if self.reserve != BySide::default() || self.round != 1 {
            write!(
                f,
                " {} {} {}",
                self.reserve.south, self.reserve.north, self.round
            )?;
        }
        Ok(())
    }
}
