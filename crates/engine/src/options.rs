//! Rule options by name (RULES.md section 6): one name table per option drives reading a rule
//! set, writing it, and the list of options that help texts show. The mechanism
//! ([`RuleOption`], `named!`, reading and writing a rule set's text) serves both games; the
//! table of Raja Pasu's options and its rule sets' text are here too, Mandiri's in
//! `mandiri/rules.rs`.

use crate::rules::{
    ClosedEnd, EmptyBoardLead, Endless, FinalFour, FourRecipient, Mode, NextLeader, Pussa, Rules,
    RulesError,
};
use core::fmt;
use core::str::FromStr;

/// The values of one option with their names, the canonical value first. A value's first name
/// is the one written; a later name of the same value is read as well.
pub(crate) type Names<T> = &'static [(T, &'static str)];

/// The values of `mode` and `fours`, the same in both games.
pub(crate) const MODE: Names<Mode> = &[
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
pub(crate) const FOURS: Names<FourRecipient> = &[
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
const EMPTY_BOARD: Names<EmptyBoardLead> = &[
    (EmptyBoardLead::LastMover, "last-mover"),
    (EmptyBoardLead::SameLeader, "same-leader"),
    (EmptyBoardLead::OtherLeader, "other-leader"),
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

/// One rule option of a game's rule set `R`: its key, what it does, and how its value is read
/// and written. The same mechanism serves Raja Pasu's options (`RuleOption`, the default) and
/// Mandiri's (`RuleOption<mandiri::Rules>`, also named `mandiri::RuleOption`).
///
/// ```
/// use rajapasu_engine::Rules;
/// let pussa = Rules::options().iter().find(|o| o.key() == "pussa").unwrap();
/// assert_eq!(pussa.values(), "single|chain");
/// assert_eq!(pussa.value(&"walak-pussa".parse().unwrap()), "chain");
/// let holes = &Rules::options()[0];
/// assert_eq!((holes.key(), holes.values()), ("holes", "7".to_string()));
/// ```
pub struct RuleOption<R: 'static = Rules> {
    pub(crate) key: &'static str,
    pub(crate) about: &'static str,
    /// The values as help texts show them.
    pub(crate) values: fn() -> String,
    /// The value in a rule set, as the rule set writes it.
    pub(crate) get: fn(&R) -> String,
    /// Sets the value named; the error names the option, the value and what it takes.
    pub(crate) set: fn(&mut R, &str) -> Result<(), RulesError>,
}

// By hand: a derive would ask `R` itself to be `Clone` and `Copy`.
impl<R> Clone for RuleOption<R> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<R> Copy for RuleOption<R> {}

impl<R> core::fmt::Debug for RuleOption<R> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("RuleOption")
            .field("key", &self.key)
            .finish()
    }
}

impl<R> RuleOption<R> {
    /// The key, as in `KEY=VALUE`.
    pub fn key(&self) -> &'static str {
        self.key
    }

    /// What the option does, in a few words.
    pub fn about(&self) -> &'static str {
        self.about
    }

    /// The values as help texts show them: the names, the default first, joined by `|`; for a
    /// number, the default.
    pub fn values(&self) -> String {
        (self.values)()
    }

    /// The option's value in `rules`, as a rule set writes it.
    pub fn value(&self, rules: &R) -> String {
        (self.get)(rules)
    }
}

/// Sets the options `KEY=VALUE,KEY=VALUE` of a rule set's text on `rules`, from the table
/// `options`; keys and values are read without regard to case.
pub(crate) fn apply<R>(
    mut rules: R,
    text: &str,
    options: &[RuleOption<R>],
) -> Result<R, RulesError> {
    for opt in text.split(',').map(str::trim).filter(|o| !o.is_empty()) {
        let (k, v) = opt
            .split_once('=')
            .ok_or_else(|| RulesError::MissingValue(opt.to_string()))?;
        set(
            &mut rules,
            options,
            &k.trim().to_ascii_lowercase(),
            &v.trim().to_ascii_lowercase(),
        )?;
    }
    Ok(rules)
}

/// Sets one option of `rules`, found by `key` in `options`.
pub(crate) fn set<R>(
    rules: &mut R,
    options: &[RuleOption<R>],
    key: &str,
    value: &str,
) -> Result<(), RulesError> {
    let option =
        options
            .iter()
            .find(|o| o.key == key)
            .ok_or_else(|| RulesError::UnknownOption {
                key: key.to_string(),
                known: options.iter().map(|o| o.key).collect(),
            })?;
    (option.set)(rules, value)
}

/// The options whose value in `rules` is not the default's, as a rule set's text writes them:
/// `/KEY=VALUE,KEY=VALUE`, or nothing.
pub(crate) fn write_changed<R>(
    f: &mut core::fmt::Formatter<'_>,
    rules: &R,
    default: &R,
    options: &[RuleOption<R>],
) -> core::fmt::Result {
    let mut sep = '/';
    for o in options {
        let v = o.value(rules);
        if v != o.value(default) {
            write!(f, "{sep}{}={v}", o.key)?;
            sep = ',';
        }
    }
    Ok(())
}

/// The error for a value of option `key` that is not one of `expected`.
pub(crate) fn bad_value(key: &str, value: &str, expected: Vec<&'static str>) -> RulesError {
    RulesError::BadValue {
        key: key.to_string(),
        value: value.to_string(),
        expected,
    }
}

/// A named option of rule set `$rules`: reads and writes `$field` through the name table
/// `$names`.
macro_rules! named {
    ($rules:ty, $key:literal, $field:ident, $names:expr, $about:literal) => {
        $crate::options::RuleOption::<$rules> {
            key: $key,
            about: $about,
            values: || $crate::options::written($names).join("|"),
            get: |r| $crate::options::name_of($names, r.$field).to_string(),
            set: |r, v| {
                r.$field = $crate::options::value_of($names, v).ok_or_else(|| {
                    $crate::options::bad_value($key, v, $crate::options::written($names))
                })?;
                Ok(())
            },
        }
    };
}
pub(crate) use named;

/// A board size of two-player rules: a whole number, read with `$get` and set with
/// `$resize`, which checks it against the engine's limits.
macro_rules! size {
    ($key:literal, $about:literal, $get:expr, $resize:expr) => {
        RuleOption {
            key: $key,
            about: $about,
            values: || $get(&Rules::CANONICAL).to_string(),
            get: |r| $get(r).to_string(),
            set: |r, v| {
                let n = v.parse().map_err(|_| RulesError::NotANumber {
                    key: $key.to_string(),
                    value: v.to_string(),
                })?;
                *r = $resize(*r, n)?;
                Ok(())
            },
        }
    };
}

/// Every option, in the order rule sets are written and help texts list them.
const OPTIONS: [RuleOption; 11] = [
    size!(
        "holes",
        "holes per row (2 to 12)",
        |r: &Rules| r.holes() as u32,
        |r: Rules, n| r.resized(n, r.counters())
    ),
    size!(
        "counters",
        "counters per hole (at most 255 counters in all)",
        |r: &Rules| r.counters(),
        |r: Rules, n| r.resized(r.holes() as u32, n)
    ),
    named!(Rules, "mode", mode, MODE, "match play, or a single round"),
    named!(
        Rules,
        "origin",
        skip_origin,
        ORIGIN,
        "whether a lap skips the hole it was lifted from"
    ),
    named!(
        Rules,
        "final-four",
        final_four,
        FINAL_FOUR,
        "a four made by a lap's last drop: taken / left on the board / taken, move ends"
    ),
    named!(
        Rules,
        "fours",
        fours,
        FOURS,
        "who takes fours: the row's owner or the sower"
    ),
    named!(
        Rules,
        "pussa",
        pussa,
        PUSSA,
        "one pussa capture, or a chain along empty/occupied holes"
    ),
    named!(
        Rules,
        "closed",
        closed,
        CLOSED,
        "which end of a row closes when its owner cannot fill it"
    ),
    named!(
        Rules,
        "endless",
        endless,
        ENDLESS,
        "an endless sowing ends the move, or makes it illegal"
    ),
    named!(Rules, "leader", leader, LEADER, "who leads the next round"),
    named!(
        Rules,
        "empty-board",
        empty_board,
        EMPTY_BOARD,
        "who leads after a round ends on an empty board: the last mover / the same leader / the other"
    ),
];

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
    pub fn with_option(mut self, key: &str, value: &str) -> Result<Rules, RulesError> {
        set(&mut self, &OPTIONS, key, value)?;
        Ok(self)
    }

    /// Every option with its value, in a fixed order (for help texts and records).
    pub fn describe(&self) -> Vec<(&'static str, String)> {
        OPTIONS.iter().map(|o| (o.key, o.value(self))).collect()
    }
}

/// A rule set's text: a preset's name, then `/` and the options that differ from it
/// (RULES.md section 6).
impl FromStr for Rules {
    type Err = RulesError;

    fn from_str(s: &str) -> Result<Rules, RulesError> {
        let s = s.trim();
        let (name, opts) = match s.split_once('/') {
            Some((n, o)) => (n.trim(), o),
            None if s.contains('=') => ("", s),
            None => (s, ""),
        };
        let rules = if name.is_empty() {
            Rules::CANONICAL
        } else {
            Rules::presets()
                .find(|(n, _, _)| n.eq_ignore_ascii_case(name))
                .map(|p| p.2)
                .ok_or_else(|| RulesError::UnknownPreset {
                    name: name.to_string(),
                    known: Rules::presets().map(|p| p.0).collect(),
                })?
        };
        apply(rules, opts, Rules::options())
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some((name, _, _)) = Rules::presets().find(|p| p.2 == *self) {
            return f.write_str(name);
        }
        f.write_str("canonical")?;
        write_changed(f, self, &Rules::CANONICAL, Rules::options())
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
                let mut set = rules;
                assert_eq!((o.set)(&mut set, &v), Ok(()), "{} = {v}", o.key);
                assert_eq!(set, rules, "{} = {v}", o.key);
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
