//! Closed-hole configurations, the rule sets a table serves, and the mirror that lets a table
//! store only positions with South to move.
//!
//! In match play only one player can be short of counters at a refill (together they hold a
//! full board), so a round has either every hole open or `k` holes closed at one player's
//! closed end. The game is the same seen from either side, so a position with North to move
//! is stored as its mirror: rows swapped, South to move, and the closed holes on the other
//! side. Values are for the player to move, so they do not change under the mirror.

use crate::TableError;
use rajapasu_engine::{
    BySide, ClosedEnd, EmptyBoardLead, FinalFour, Mode, NextLeader, Position, Rules, Setup, Side,
};
use std::fmt;

/// Which holes are closed: none, or `count` holes at one row's closed end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Config {
    /// The row with closed holes (`None`: every hole open).
    pub side: Option<Side>,
    /// How many of its holes are closed (0 when `side` is `None`).
    pub count: u8,
}

impl Config {
    /// Every hole open.
    pub const OPEN: Config = Config {
        side: None,
        count: 0,
    };

    /// `count` holes of `side` closed (`count == 0` is [`Config::OPEN`]).
    pub fn closed(side: Side, count: u8) -> Config {
        if count == 0 {
            Config::OPEN
        } else {
            Config {
                side: Some(side),
                count,
            }
        }
    }

    /// Every configuration of a board of `holes` holes a row: all open, then 1 to `holes - 1`
    /// closed on each side (a row keeps at least one open hole).
    pub fn all(holes: usize) -> Vec<Config> {
        let mut v = vec![Config::OPEN];
        for k in 1..holes as u8 {
            v.push(Config::closed(Side::South, k));
            v.push(Config::closed(Side::North, k));
        }
        v
    }

    /// The configuration seen from the other side.
    pub fn mirror(self) -> Config {
        Config {
            side: self.side.map(|s| !s),
            count: self.count,
        }
    }

    /// The configuration of a position's closed holes, if it is one a table can hold.
    pub fn of(pos: &Position) -> Option<Config> {
        let closed = |side: Side| pos.row(side).filter(Option::is_none).count() as u8;
        match (closed(Side::South), closed(Side::North)) {
            (0, 0) => Some(Config::OPEN),
            (k, 0) => Some(Config::closed(Side::South, k)),
            (0, k) => Some(Config::closed(Side::North, k)),
            _ => None,
        }
    }

    /// The name used in file names: `open`, `s3` (three of South's holes closed), `n1`.
    pub fn name(self) -> String {
        match self.side {
            None => "open".into(),
            Some(Side::South) => format!("s{}", self.count),
            Some(Side::North) => format!("n{}", self.count),
        }
    }
}

impl fmt::Display for Config {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.side {
            None => f.write_str("all holes open"),
            Some(side) => write!(f, "{} of {side}'s holes closed", self.count),
        }
    }
}

/// The rule set a table of `rules` holds values for: the options that matter within a round,
/// with the others at their canonical values. Tables exist for boards of at most 7 holes a row
/// whose fours are always taken (a four left on the board would leave the family of 0..3
/// counters a hole).
///
/// ```
/// use rajapasu_engine::Rules;
/// use rajapasu_tablebase::config::table_rules;
/// let r = table_rules(&"pallankuli/mode=round".parse().unwrap()).unwrap();
/// assert_eq!(r.to_string(), "canonical/closed=right");
/// // Who leads the next round does not change a round's values.
/// let r = table_rules(&"canonical/empty-board=same-leader".parse().unwrap()).unwrap();
/// assert_eq!(r.to_string(), "canonical");
/// assert!(table_rules(&"stoneshark".parse().unwrap()).is_err());
/// ```
pub fn table_rules(rules: &Rules) -> Result<Rules, TableError> {
    if rules.final_four == FinalFour::Exempt {
        return Err(TableError::UnsupportedRules(
            "a four made by the last drop stays on the board (final-four=exempt), so holes can \
             hold more than 3"
                .into(),
        ));
    }
    if rules.holes() > 7 {
        return Err(TableError::UnsupportedRules(format!(
            "tables hold boards of at most 7 holes a row; this one has {}",
            rules.holes()
        )));
    }
    let mut r = rules
        .resized(rules.holes() as u32, 7)
        .map_err(|e| TableError::UnsupportedRules(e.to_string()))?;
    r.mode = Mode::Match;
    r.leader = NextLeader::TookRemaining;
    r.empty_board = EmptyBoardLead::LastMover;
    Ok(r)
}

/// The directory name of a table's rule set: its name with `/`, `,` and `=` made safe.
pub fn rules_dir_name(rules: &Rules) -> String {
    rules
        .to_string()
        .chars()
        .map(|c| match c {
            '/' | ',' => '_',
            '=' => '-',
            c => c,
        })
        .collect()
}

/// A configuration's board under a table rule set: a template position with South to move
/// that positions are made from, and the board indices of its open holes in board order.
#[derive(Clone, Debug)]
pub struct Shape {
    /// The configuration.
    pub config: Config,
    /// A position with these closed holes, South to move.
    pub template: Position,
    /// Board indices (as in [`Position::counts`]) of the open holes, in order.
    pub open: Vec<usize>,
}

impl Shape {
    /// The shape of `config` under the table rule set `rules`.
    pub fn new(rules: Rules, config: Config) -> Shape {
        let n = rules.holes();
        let mut setup = Setup::start(rules);
        let mut open = Vec::new();
        for side in Side::ALL {
            for k in 0..n {
                let from_closed_end = match rules.closed {
                    ClosedEnd::Left => k,
                    ClosedEnd::Right => n - 1 - k,
                };
                let is_closed =
                    config.side == Some(side) && from_closed_end < config.count as usize;
                setup.holes[side][k] = if is_closed { None } else { Some(0) };
                if !is_closed {
                    open.push(side.index() * n + k);
                }
            }
        }
        setup.captured = BySide::new(rules.total(), 0);
        setup.to_move = Side::South;
        let template = Position::from_setup(setup).expect("a table shape is a valid position");
        Shape {
            config,
            template,
            open,
        }
    }

    /// The position with these open-hole counts (each 0..=3), South to move.
    #[inline]
    pub fn position(&self, digits: &[u8]) -> Position {
        let mut counts = [0u8; 2 * 7];
        let counts = &mut counts[..self.template.counts().len()];
        for (&i, &d) in self.open.iter().zip(digits) {
            counts[i] = d;
        }
        self.template
            .with_board(counts, Side::South)
            .expect("a table board is a valid position")
    }

    /// The open-hole counts of `counts` (a board of this shape) into `digits`.
    #[inline]
    pub fn digits_into(&self, counts: &[u8], digits: &mut [u8]) {
        for (d, &i) in digits.iter_mut().zip(&self.open) {
            *d = counts[i];
        }
    }
}

/// The board of `pos` seen from the other side: rows swapped (South's row becomes North's).
#[inline]
pub fn mirrored_counts(counts: &[u8], out: &mut [u8]) {
    let n = counts.len() / 2;
    out[..n].copy_from_slice(&counts[n..]);
    out[n..].copy_from_slice(&counts[..n]);
}
