//! Mandiri position codes (RULES.md 9.7):
//! `<rules> <S1..S7>/<N1..N7> <seat> <captured C,R,L> <players C,R,L> <reserves 1,2,3> <office> <round> [<debts>]`.

use crate::mandiri::position::{Debt, Position, PositionError, Setup};
use crate::mandiri::rules::Rules;
use crate::mandiri::seat::{BySeat, Player, Seat, ROW};
use crate::rules::RulesError;
use core::fmt;
use core::str::FromStr;

/// Why a Mandiri position code was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CodeError {
    /// A field is missing.
    MissingField(&'static str),
    /// The rule set is not a Mandiri rule set.
    Rules(RulesError),
    /// The board has no `/` between the near row and the far row.
    MissingRowSeparator,
    /// A hole is neither a count nor `x`.
    BadHole {
        /// The hole's name.
        hole: String,
        /// What stood there.
        text: String,
    },
    /// The seat to move is not `C`, `R` or `L`.
    BadSeat(String),
    /// A list field does not have three entries.
    NotThree {
        /// The field.
        field: &'static str,
        /// What stood there.
        text: String,
    },
    /// A number field is not a whole number.
    BadNumber {
        /// The field.
        field: &'static str,
        /// What stood there.
        text: String,
    },
    /// A debt is not `<borrower>:<lender>:<amount>`.
    BadDebt(String),
    /// Text after the last field.
    TrailingText(String),
    /// The code is well formed but the position breaks a rule.
    Invalid(PositionError),
    /// The code's rule set is not the one the position was asked for.
    RulesDiffer {
        /// The rule set asked for.
        expected: Rules,
        /// The code's rule set.
        found: Rules,
    },
}

impl fmt::Display for CodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use CodeError as E;
        match self {
            E::MissingField(what) => write!(f, "Mandiri position code lacks {what}"),
            E::Rules(e) => write!(f, "{e}"),
            E::MissingRowSeparator => {
                f.write_str("the board needs the near row S1..S7, `/`, then the far row N1..N7")
            }
            E::BadHole { hole, text } => write!(
                f,
                "hole {hole} is `{text}`: expected a count or `x` for a closed hole"
            ),
            E::BadSeat(s) => write!(f, "seat to move is `{s}`: expected C, R or L"),
            E::NotThree { field, text } => {
                write!(
                    f,
                    "{field} is `{text}`: expected three entries separated by commas"
                )
            }
            E::BadNumber { field, text } => {
                write!(f, "{field} has `{text}`: expected a whole number")
            }
            E::BadDebt(s) => write!(
                f,
                "debt `{s}`: expected <borrower>:<lender>:<amount>, such as 2:1:5"
            ),
            E::TrailingText(s) => write!(f, "unexpected text after the position code: `{s}`"),
            E::Invalid(e) => write!(f, "{e}"),
            E::RulesDiffer { expected, found } => write!(
                f,
                "the position code's rule set is `{found}`, not the `{expected}` of this game"
            ),
        }
    }
}

impl std::error::Error for CodeError {}

impl From<PositionError> for CodeError {
    fn from(e: PositionError) -> Self {
        CodeError::Invalid(e)
    }
}

fn number(field: &'static str, text: &str) -> Result<u32, CodeError> {
    text.parse().map_err(|_| CodeError::BadNumber {
        field,
        text: text.to_string(),
    })
}

fn three<'a>(field: &'static str, text: &'a str) -> Result<[&'a str; 3], CodeError> {
    let parts: Vec<&str> = text.split(',').collect();
    <[&str; 3]>::try_from(parts).map_err(|_| CodeError::NotThree {
        field,
        text: text.to_string(),
    })
}

fn player(field: &'static str, text: &str) -> Result<Player, CodeError> {
    u8::try_from(number(field, text)?)
        .ok()
        .and_then(Player::new)
        .ok_or_else(|| CodeError::BadNumber {
            field,
            text: text.to_string(),
        })
}

impl Position {
    /// Reads a Mandiri position code.
    ///
    /// ```
    /// use rajapasu_engine::mandiri::Position;
    /// let start = "mandiri 7,7,7,7,7,7,7/7,7,7,7,7,7,7 C 0,0,0 1,2,3 0,0,0 1 1";
    /// let pos: Position = start.parse().unwrap();
    /// assert_eq!(pos.to_string(), start);
    /// assert!("mandiri 7,7,7,7,7,7,7/7,7,7,7,7,7,8 C 0,0,0 1,2,3 0,0,0 1 1"
    ///     .parse::<Position>()
    ///     .is_err());
    /// ```
    pub fn from_code(code: &str) -> Result<Position, CodeError> {
        use CodeError as E;
        let mut fields = code.split_whitespace();
        let mut next = |what| fields.next().ok_or(E::MissingField(what));
        let rules: Rules = next("the rule set")?.parse().map_err(E::Rules)?;
        let board = next("the board")?;
        let (near, far) = board.split_once('/').ok_or(E::MissingRowSeparator)?;
        let mut holes = Vec::new();
        for (letter, row) in [('S', near), ('N', far)] {
            for (k, text) in row.split(',').enumerate() {
                let hole = || format!("{letter}{}", k + 1);
                let t = text.trim();
                holes.push(if t.eq_ignore_ascii_case("x") {
                    None
                } else {
                    Some(t.parse().map_err(|_| E::BadHole {
                        hole: hole(),
                        text: t.to_string(),
                    })?)
                });
            }
            if holes.len() % ROW != 0 || holes.len() > 2 * ROW {
                let found = holes.len()
                    - if letter == 'S' {
                        0
                    } else {
                        ROW.min(holes.len())
                    };
                return Err(PositionError::RowLength { row: letter, found }.into());
            }
        }
        let seat = next("the seat to move")?;
        let to_move: Seat = seat.parse().map_err(|_| E::BadSeat(seat.to_string()))?;
        let mut captured = BySeat([0; 3]);
        for (k, text) in three("the captures", next("the captures")?)?
            .iter()
            .enumerate()
        {
            captured.0[k] = number("the captures", text)?;
        }
        let seating = three("the players", next("the players")?)?;
        let mut seats = [Player::ALL[0]; 3];
        let mut out = [false; 3];
        for (k, text) in seating.iter().enumerate() {
            let (is_out, num) = match text.strip_prefix(['x', 'X']) {
                Some(rest) => (true, rest),
                None => (false, *text),
            };
            seats[k] = player("the players", num)?;
            out[seats[k].index()] = is_out;
        }
        let reserves = three("the reserves", next("the reserves")?)?;
        let mut reserve = [0; 3];
        for (k, text) in reserves.iter().enumerate() {
            reserve[k] = number("the reserves", text)?;
        }
        let office = number(
            "the Raja's rounds in office",
            next("the Raja's rounds in office")?,
        )?;
        let round = number("the round", next("the round")?)?;
        let mut debts = [None; 3];
        if let Some(list) = fields.next() {
            if list != "-" {
                for d in list.split(',') {
                    let bad = || E::BadDebt(d.to_string());
                    let parts: Vec<&str> = d.split(':').collect();
                    let [b, l, a] = parts[..] else {
                        return Err(bad());
                    };
                    let borrower = player("a debt", b).map_err(|_| bad())?;
                    let lender = player("a debt", l).map_err(|_| bad())?;
                    let amount = u16::try_from(number("a debt", a).map_err(|_| bad())?)
                        .map_err(|_| bad())?;
                    debts[borrower.index()] = Some(Debt { lender, amount });
                }
            }
        }
        if let Some(rest) = fields.next() {
            return Err(E::TrailingText(rest.to_string()));
        }
        Ok(Position::from_setup(Setup {
            rules,
            holes,
            to_move,
            captured,
            seats: BySeat(seats),
            out,
            reserve,
            debts,
            office,
            round,
        })?)
    }
}

impl FromStr for Position {
    type Err = CodeError;
    fn from_str(s: &str) -> Result<Position, CodeError> {
        Position::from_code(s)
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = self.to_setup();
        let hole = |h: &Option<u32>| h.map_or("x".to_string(), |c| c.to_string());
        let row = |r: &[Option<u32>]| r.iter().map(hole).collect::<Vec<_>>().join(",");
        write!(
            f,
            "{} {}/{} {} ",
            s.rules,
            row(&s.holes[..ROW]),
            row(&s.holes[ROW..]),
            s.to_move
        )?;
        let c = s.captured.0;
        write!(f, "{},{},{} ", c[0], c[1], c[2])?;
        let seat = |p: Player| format!("{}{p}", if s.out[p.index()] { "x" } else { "" });
        let p = s.seats.0;
        write!(f, "{},{},{} ", seat(p[0]), seat(p[1]), seat(p[2]))?;
        let r = s.reserve;
        write!(f, "{},{},{} {} {}", r[0], r[1], r[2], s.office, s.round)?;
        let debts: Vec<String> = Player::ALL
            .iter()
            .filter_map(|&b| s.debts[b.index()].map(|d| format!("{b}:{}:{}", d.lender, d.amount)))
            .collect();
        if !debts.is_empty() {
            write!(f, " {}", debts.join(","))?;
        }
        Ok(())
    }
}
