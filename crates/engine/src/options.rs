//! Rule options by name (RULES.md section 6): one name table per option drives reading a rule
//! set, writing it, and the list of options that help texts show.

use crate::rules::{
    ClosedEnd, Endless, FinalFour, FourRecipient, Mode, NextLeader, Pussa, Rules, RulesError,
};

/// The values of one option with their names, the canonical value first. A value's first name
/// is the one written; a later name of the same value is read as well.
pub(crate) type Names<T> = &'static [(T, &'static str)];

const MODE: Names<Mode> = &[
    (Mode::Match, "match"),
    (Mode::SingleRound, "round"),
    (Mode::SingleRound, "single-round"),
];
/// `Rules::skip_origin`.
const ORIGIN: Names<bool> = &[(false, "sow"), (true, "skip")];
const FINAL_FOUR: Names<FinalFour> = &[
    (FinalFour::Capture, "capture"),
    (FinalFour::Exempt, "exempt"),
    (FinalFour::CaptureEndMove, "end"),
];
const FOURS: Names<FourRecipient> = &[
    (FourRecipient::RowOwner, "owner"),
    (FourRecipient::Sower, "sower"),
];
const PUSSA: Names<Pussa> = &[(Pussa::Single, "single"), (Pussa::Chain, "chain")];
const CLOSED: Names<ClosedEnd> = &[(ClosedEnd::Left, "left"), (ClosedEnd::Right, "right")];
const ENDLESS: Names<Endless> = &[(Endless::EndMove, "end"), (Endless::Forbid, "forbid")];
const LEADER: Names<NextLeader> = &[
    (NextLeader::TookRemaining, "remainder"),
    (NextLeader::Loser, "loser"),
    (NextLeader::Alternate, "alternate"),
];

pub(crate) fn name_of<T: PartialEq>(names: Names<T>, value: T) -> &'static str {
    names
        .iter()
        .find(|(v, _)| *v == value)
        .map(|(_, n)| *n)
        .expect("every value has a name")
}

pub(crate) fn value_of<T: Copy>(names: Names<T>, name: &str) -> Option<T> {
    names.iter().find(|(_, n)| *n == name).map(|(v, _)| *v)
}

/// The names written, one a value: the table without the names read only.
pub(crate) fn written<T: PartialEq>(names: Names<T>) -> Vec<&'static str> {
    names
        .iter()
        .enumerate()
        .filter(|(k, (v, _))| !names[..*k].iter().any(|(w, _)| w == v))
        .map(|(_, (_, n))| *n)
        .collect()
}

/// How an option's value sits in a rule set.
#[derive(Clone, Copy)]
enum Slot {
    /// A board size: a whole number, checked against the engine's limits.
    Size {
        get: fn(&Rules) -> u32,
        set: fn(Rules, u32) -> Result<Rules, RulesError>,
    },
    /// One of the named values of a table.
    Named {
        get: fn(&Rules) -> &'static str,
        /// False if the name is not in the table.
        set: fn(&mut Rules, &str) -> bool,
        written: fn() -> Vec<&'static str>,
    },
}

/// One rule option: its key, what it does, and where its value sits in a rule set.
///
/// ```
/// use rajapasu_engine::Rules;
/// let pussa = Rules::options().iter().find(|o| o.key() == "pussa").unwrap();
/// assert_eq!(pussa.values(), "single|chain");
/// assert_eq!(pussa.value(&"walak-pussa".parse().unwrap()), "chain");
/// let holes = &Rules::options()[0];
/// assert_eq!((holes.key(), holes.values()), ("holes", "7".to_string()));
/// ```
#[derive(Clone, Copy)]
pub struct RuleOption {
    key: &'static str,
    about: &'static str,
    slot: Slot,
}

impl core::fmt::Debug for RuleOption {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("RuleOption")
            .field("key", &self.key)
            .finish()
    }
}

/// A named option: reads and writes `Rules::$field` through the name table `$names`.
macro_rules! named {
    ($key:literal, $field:ident, $names:expr, $about:literal) => {
        RuleOption {
            key: $key,
            about: $about,
            slot: Slot::Named {
                get: |r| name_of($names, r.$field),
                set: |r, name| value_of($names, name).map(|v| r.$field = v).is_some(),
                written: || written($names),
            },
        }
    };
}

/// Every option, in the order rule sets are written and help texts list them.
const OPTIONS: [RuleOption; 10] = [
    RuleOption {
        key: "holes",
        about: "holes per row (2 to 12)",
        slot: Slot::Size {
            get: |r| r.holes() as u32,
            set: |r, n| r.resized(n, r.counters()),
        },
    },
    RuleOption {
        key: "counters",
        about: "counters per hole (at most 255 counters in all)",
        slot: Slot::Size {
            get: |r| r.counters(),
            set: |r, n| r.resized(r.holes() as u32, n),
        },
    },
    named!("mode", mode, MODE, "match play, or a single round"),
    named!(
        "origin",
        skip_origin,
        ORIGIN,
        "whether a lap skips the hole it was lifted from"
    ),
    named!(
        "final-four",
        final_four,
        FINAL_FOUR,
        "a four made by a lap's last drop: taken / left on the board / taken, move ends"
    ),
    named!(
        "fours",
        fours,
        FOURS,
        "who takes fours: the row's owner or the sower"
    ),
    named!(
        "pussa",
        pussa,
        PUSSA,
        "one pussa capture, or a chain along empty/occupied holes"
    ),
    named!(
        "closed",
        closed,
        CLOSED,
        "which end of a row closes when its owner cannot fill it"
    ),
    named!(
        "endless",
        endless,
        ENDLESS,
        "an endless sowing ends the move, or makes it illegal"
    ),
    named!("leader", leader, LEADER, "who leads the next round"),
];

impl RuleOption {
    /// The key, as in `KEY=VALUE`.
    pub fn key(&self) -> &'static str {
        self.key
    }

    /// What the option does, in a few words.
    pub fn about(&self) -> &'static str {
        self.about
    }

    /// The values as help texts show them: the names, the canonical first, joined by `|`; for a
    /// board size, the canonical number.
    pub fn values(&self) -> String {
        match self.slot {
            Slot::Size { get, .. } => get(&Rules::CANONICAL).to_string(),
            Slot::Named { written, .. } => written().join("|"),
        }
    }

    /// The option's value in `rules`, as a rule set writes it.
    pub fn value(&self, rules: &Rules) -> String {
        match self.slot {
            Slot::Size { get, .. } => get(rules).to_string(),
            Slot::Named { get, .. } => get(rules).to_string(),
        }
    }

    fn set(&self, rules: Rules, value: &str) -> Result<Rules, RulesError> {
        match self.slot {
            Slot::Size { set, .. } => {
                let n = value.parse().map_err(|_| RulesError::NotANumber {
                    key: self.key.to_string(),
                    value: value.to_string(),
                })?;
                set(rules, n)
            }
            Slot::Named { set, written, .. } => {
                let mut rules = rules;
                if set(&mut rules, value) {
                    Ok(rules)
                } else {
                    Err(RulesError::BadValue {
                        key: self.key.to_string(),
                        value: value.to_string(),
                        expected: written(),
                    })
                }
            }
        }
    }
}

impl Rules {
    /// Every rule option, in the order rule sets are written.
    pub fn options() -> &'static [RuleOption] {
        &OPTIONS
    }

    /// These rules with one option set, as `KEY=VALUE` in a rule set sets it.
    ///
    /// ```
    /// use rajapasu_engine::{Mode, Rules, RulesError};
    /// let rules = Rules::default().with_option("mode", "round").unwrap();
    /// assert_eq!(rules.mode, Mode::SingleRound);
    /// assert!(matches!(
    ///     Rules::default().with_option("mode", "short"),
    ///     Err(RulesError::BadValue { .. })
    /// ));
    /// ```
    pub fn with_option(self, key: &str, value: &str) -> Result<Rules, RulesError> {
        OPTIONS
            .iter()
            .find(|o| o.key == key)
            .ok_or_else(|| RulesError::UnknownOption(key.to_string()))?
            .set(self, value)
    }

    /// Every option with its value, in a fixed order (for help texts and records).
    pub fn describe(&self) -> Vec<(&'static str, String)> {
        OPTIONS.iter().map(|o| (o.key, o.value(self))).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{MAX_ROW, MAX_TOTAL};

    #[test]
    fn every_value_has_one_written_name_and_reads_back() {
        for rules in Rules::presets().map(|(_, _, r)| r) {
            for o in &OPTIONS {
                let v = o.value(&rules);
                assert_eq!(o.set(rules, &v), Ok(rules), "{} = {v}", o.key);
            }
        }
        assert_eq!(written(MODE), ["match", "round"]);
        assert_eq!(value_of(MODE, "single-round"), Some(Mode::SingleRound));
    }

    #[test]
    fn the_help_states_the_limits() {
        assert!(OPTIONS[0].about.contains(&format!("2 to {MAX_ROW}")));
        assert!(OPTIONS[1].about.contains(&format!("at most {MAX_TOTAL}")));
    }
}
