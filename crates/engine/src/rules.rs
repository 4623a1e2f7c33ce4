//! Rule sets (RULES.md section 6): the canonical rules and the traditional alternatives, as
//! option types and named presets.
//!
//! A rule set is written `NAME[/KEY=VALUE,...]`, for example `canonical`,
//! `canonical/fours=sower,pussa=chain` or `pallankuli/mode=round`. RULES.md describes every option;
//! the names of options and values are in `options.rs`.

use core::fmt;

/// Most holes a row may have. Boards are stored in fixed arrays of `2 * MAX_ROW` holes.
pub const MAX_ROW: usize = 12;
/// Most holes on a board.
pub const MAX_HOLES: usize = 2 * MAX_ROW;
/// Most counters a board may hold (a hole count is a byte).
pub const MAX_TOTAL: u32 = 255;

/// Does a round stand alone, or is it part of a match of rounds with closed holes?
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    /// Rounds follow each other until one player cannot fill a hole (rule 10).
    Match,
    /// The game ends with the first round.
    SingleRound,
}

/// What happens to a four made by the last drop of a lap.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FinalFour {
    /// Taken like any other four; the lap then ends normally (canonical).
    Capture,
    /// Left on the board; the lap ends normally (StoneShark's encoding).
    Exempt,
    /// Taken, and the move ends at once (Ludii's Pallankuli encoding).
    CaptureEndMove,
}

/// Who receives the fours made while sowing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FourRecipient {
    /// The owner of the row the four is in, whoever sows (canonical).
    RowOwner,
    /// The player who is sowing.
    Sower,
}

/// How far a pussa capture reaches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pussa {
    /// One capture, then the move ends (canonical).
    Single,
    /// After a capture, as long as an empty hole is followed by an occupied one, that one is
    /// captured too (Walak-pussa).
    Chain,
}

/// Which end of a row closes when its owner cannot fill every hole.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ClosedEnd {
    /// The owner's left end: holes are filled from the right (canonical).
    Left,
    /// The owner's right end: holes are filled from the left (Durai's Pallankuli).
    Right,
}

/// What an endless relay sowing does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Endless {
    /// The move ends where the sowing would repeat itself (canonical).
    EndMove,
    /// A move that would sow forever is illegal.
    Forbid,
}

/// Who leads the next round of a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NextLeader {
    /// Whoever took the counters left on the board; after a repetition, the player who did not
    /// lead the round just ended (canonical).
    TookRemaining,
    /// The loser of the round just ended; after a drawn round, the player who did not lead it.
    Loser,
    /// The players lead rounds in turn.
    Alternate,
}

/// Who leads the next round after one that rule 8(a) ended on an empty board: the player to
/// move had no move and no counter was left for the other to take, so rule 10.4's "the player
/// who captured the counters left" names nobody by their capture (RULES.md decision 12). Only
/// `leader=remainder` asks; the other leaders do not look at the remainder.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EmptyBoardLead {
    /// The opponent of the player who cannot move: the player who made the last move, who
    /// took the (no) counters left under rule 8(a) (canonical).
    LastMover,
    /// The player who led the round just ended leads again.
    SameLeader,
    /// The player who did not lead the round just ended, as after a repetition.
    OtherLeader,
}

/// A complete rule set. `Rules::default()` is the canonical rule set.
///
/// ```
/// use rajapasu_engine::{Rules, FourRecipient};
/// let rules: Rules = "canonical/fours=sower".parse().unwrap();
/// assert_eq!(rules.fours, FourRecipient::Sower);
/// assert_eq!(rules.total(), 98);
/// assert_eq!(rules.to_string(), "canonical/fours=sower");
/// assert_eq!("walak-pussa".parse::<Rules>().unwrap().to_string(), "walak-pussa");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    pub(crate) holes: u8,
    pub(crate) counters: u8,
    /// Match play or a single round.
    pub mode: Mode,
    /// Whether a lap skips the hole its counters were lifted from.
    pub skip_origin: bool,
    /// A four made by the last drop of a lap.
    pub final_four: FinalFour,
    /// Who receives fours.
    pub fours: FourRecipient,
    /// Single or chained pussa captures.
    pub pussa: Pussa,
    /// Which end of a row closes.
    pub closed: ClosedEnd,
    /// Endless sowing.
    pub endless: Endless,
    /// Who leads the next round.
    pub leader: NextLeader,
    /// Who leads the next round after a round ended on an empty board (with `leader=remainder`).
    pub empty_board: EmptyBoardLead,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::CANONICAL
    }
}

/// Why a rule set string was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RulesError {
    /// The name before `/` is not a known rule set.
    UnknownPreset {
        /// The name given.
        name: String,
        /// The names known where it was read.
        known: Vec<&'static str>,
    },
    /// An option key that the rule set does not have.
    UnknownOption {
        /// The key given.
        key: String,
        /// The rule set's keys.
        known: Vec<&'static str>,
    },
    /// An option given without `=value`.
    MissingValue(String),
    /// A value the option does not take.
    BadValue {
        /// The option.
        key: String,
        /// The value given.
        value: String,
        /// The values it takes.
        expected: Vec<&'static str>,
    },
    /// A board size that is not a whole number.
    NotANumber {
        /// The option.
        key: String,
        /// The value given.
        value: String,
    },
    /// A number below the least the option takes.
    TooSmall {
        /// The option.
        key: String,
        /// The least value it takes.
        least: u32,
    },
    /// A value RULES.md names that the engine does not play yet.
    NotSupported {
        /// The option.
        key: String,
        /// The value given.
        value: String,
    },
    /// Holes per row and counters per hole that do not fit the engine's limits.
    BadSize {
        /// Holes per row.
        holes: u32,
        /// Counters per hole.
        counters: u32,
    },
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulesError::UnknownPreset { name, known } => write!(
                f,
                "unknown rule set `{name}` (known: {})",
                known.join(", ")
            ),
            RulesError::UnknownOption { key, known } => write!(
                f,
                "unknown rule option `{key}` (known: {})",
                known.join(", ")
            ),
            RulesError::MissingValue(k) => write!(f, "rule option `{k}` needs a value: `{k}=...`"),
            RulesError::BadValue {
                key,
                value,
                expected,
            } => {
                let (last, rest) = expected.split_last().expect("an option takes values");
                let one_of = match rest {
                    [] => last.to_string(),
                    _ => format!("{} or {last}", rest.join(", ")),
                };
                write!(
                    f,
                    "rule option `{key}` does not take `{value}` (expected {one_of})"
                )
            }
            RulesError::NotANumber { key, value } => write!(
                f,
                "rule option `{key}` does not take `{value}` (expected a whole number)"
            ),
            RulesError::TooSmall { key, least } => {
                write!(f, "rule option `{key}` takes {least} or more")
            }
            RulesError::NotSupported { key, value } => write!(
                f,
                "rule option `{key}={value}` is described in RULES.md but not supported yet"
            ),
            RulesError::BadSize { holes, counters } => write!(
                f,
                "a board of 2 x {holes} holes with {counters} counters each is not supported \
                 (2 to {MAX_ROW} holes per row, 1 or more counters per hole, at most {MAX_TOTAL} counters in all)"
            ),
        }
    }
}

impl std::error::Error for RulesError {}

/// The named rule sets: name, description, and the rules.
const PRESETS: [(&str, &str, Rules); 4] = [
    (
        "canonical",
        "the canonical Raja Pasu rules (RULES.md)",
        Rules::CANONICAL,
    ),
    (
        "stoneshark",
        "a four made by the last drop of a lap stays on the board, as in StoneShark's MancalaGames",
        Rules {
            final_four: FinalFour::Exempt,
            ..Rules::CANONICAL
        },
    ),
    (
        "walak-pussa",
        "pussa captures chain and the round's loser leads the next, as in Parker's Walak-pussa",
        Rules {
            pussa: Pussa::Chain,
            leader: NextLeader::Loser,
            ..Rules::CANONICAL
        },
    ),
    (
        "pallankuli",
        "6 counters a hole, holes close at the right end, leads alternate, as in Durai's Pallankuli",
        Rules {
            counters: 6,
            closed: ClosedEnd::Right,
            leader: NextLeader::Alternate,
            ..Rules::CANONICAL
        },
    ),
];

impl Rules {
    /// The canonical rules: 2 x 7 holes, 7 counters each, match play.
    pub const CANONICAL: Rules = Rules {
        holes: 7,
        counters: 7,
        mode: Mode::Match,
        skip_origin: false,
        final_four: FinalFour::Capture,
        fours: FourRecipient::RowOwner,
        pussa: Pussa::Single,
        closed: ClosedEnd::Left,
        endless: Endless::EndMove,
        leader: NextLeader::TookRemaining,
        empty_board: EmptyBoardLead::LastMover,
    };

    /// The named presets with a one-line description each.
    pub fn presets() -> impl Iterator<Item = (&'static str, &'static str, Rules)> {
        PRESETS.iter().copied()
    }

    /// The canonical rules with another board size.
    ///
    /// ```
    /// use rajapasu_engine::Rules;
    /// let r = Rules::with_size(6, 4).unwrap();
    /// assert_eq!((r.holes(), r.counters(), r.total()), (6, 4, 48));
    /// assert!(Rules::with_size(13, 7).is_err());
    /// ```
    pub fn with_size(holes: u32, counters: u32) -> Result<Rules, RulesError> {
        Rules::CANONICAL.resized(holes, counters)
    }

    /// These rules with another board size.
    pub fn resized(self, holes: u32, counters: u32) -> Result<Rules, RulesError> {
        if !(2..=MAX_ROW as u32).contains(&holes)
            || counters == 0
            || 2 * holes * counters > MAX_TOTAL
        {
            return Err(RulesError::BadSize { holes, counters });
        }
        Ok(Rules {
            holes: holes as u8,
            counters: counters as u8,
            ..self
        })
    }

    /// These rules for a single round.
    pub const fn single_round(self) -> Rules {
        Rules {
            mode: Mode::SingleRound,
            ..self
        }
    }

    /// These rules for a whole match.
    ///
    /// ```
    /// use rajapasu_engine::{Mode, Rules};
    /// let round: Rules = "canonical/mode=round".parse().unwrap();
    /// assert_eq!(round.match_play().mode, Mode::Match);
    /// assert_eq!(round.match_play(), Rules::default());
    /// ```
    pub const fn match_play(self) -> Rules {
        Rules {
            mode: Mode::Match,
            ..self
        }
    }

    /// Holes in each row.
    #[inline]
    pub const fn holes(&self) -> usize {
        self.holes as usize
    }

    /// Counters put in each hole at the start of a round.
    #[inline]
    pub const fn counters(&self) -> u32 {
        self.counters as u32
    }

    /// Counters in the game: `2 * holes * counters`.
    #[inline]
    pub const fn total(&self) -> u32 {
        2 * self.holes as u32 * self.counters as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_every_option() {
        let s = "canonical/holes=6,counters=5,mode=round,origin=skip,final-four=exempt,fours=sower,pussa=chain,closed=right,endless=forbid,leader=alternate,empty-board=same-leader";
        let r: Rules = s.parse().unwrap();
        assert_eq!(r.holes(), 6);
        assert_eq!(r.counters(), 5);
        assert_eq!(r.mode, Mode::SingleRound);
        assert!(r.skip_origin);
        assert_eq!(r.final_four, FinalFour::Exempt);
        assert_eq!(r.fours, FourRecipient::Sower);
        assert_eq!(r.pussa, Pussa::Chain);
        assert_eq!(r.closed, ClosedEnd::Right);
        assert_eq!(r.endless, Endless::Forbid);
        assert_eq!(r.leader, NextLeader::Alternate);
        assert_eq!(r.empty_board, EmptyBoardLead::SameLeader);
        assert_eq!(r.to_string(), s);
        assert_eq!(r.to_string().parse::<Rules>().unwrap(), r);
    }

    #[test]
    fn presets_and_errors() {
        assert_eq!("".parse::<Rules>().unwrap(), Rules::CANONICAL);
        assert_eq!("pussa=chain".parse::<Rules>().unwrap().pussa, Pussa::Chain);
        let p: Rules = "pallankuli".parse().unwrap();
        assert_eq!((p.counters(), p.closed), (6, ClosedEnd::Right));
        assert_eq!(
            "chess".parse::<Rules>(),
            Err(RulesError::UnknownPreset {
                name: "chess".into(),
                known: vec!["canonical", "stoneshark", "walak-pussa", "pallankuli"]
            })
        );
        assert_eq!(
            "canonical/speed=fast".parse::<Rules>(),
            Err(RulesError::UnknownOption {
                key: "speed".into(),
                known: Rules::options().iter().map(|o| o.key()).collect()
            })
        );
        assert!(matches!(
            "canonical/fours=nobody".parse::<Rules>(),
            Err(RulesError::BadValue { .. })
        ));
        assert_eq!(
            "canonical/holes=20".parse::<Rules>(),
            Err(RulesError::BadSize {
                holes: 20,
                counters: 7
            })
        );
        assert_eq!(
            "canonical/pussa".parse::<Rules>(),
            Err(RulesError::MissingValue("pussa".into()))
        );
    }
}
