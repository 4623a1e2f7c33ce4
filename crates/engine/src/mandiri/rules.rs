//! Mandiri's rule set and its options (RULES.md 9.5), read and written through one name table
//! per option, as the two-player options are.

use crate::options::{name_of, value_of, written, Names};
use crate::rules::{FourRecipient, Mode, Rules, RulesError};
use core::fmt;
use core::str::FromStr;

/// The name of the rule set, as `--rules mandiri` and records write it.
pub const NAME: &str = "mandiri";

/// The order in which the seats move (rule M2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TurnOrder {
    /// C, R, L: the way a lap leaves the Raja's near holes (the default).
    Anticlockwise,
    /// C, L, R.
    Clockwise,
}

/// When a round ends (rule M5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RoundEndRule {
    /// When no sequence of moves can make a capture any more (the default).
    Unreachable,
    /// When a whole circle of turns, one for each seat still playing, makes no capture.
    Quiet,
    /// When fewer than 4 counters are on the board (Ludii's encoding).
    Below4,
}

/// Which holes a player fills between rounds (rule M8.4).
///
/// Only the fixed order is played; `refill=choose` is read and refused with
/// [`RulesError::NotSupported`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Refill {
    /// The fixed order of RULES.md 9.2, rule M8.4.
    Fixed,
}

/// A Mandiri rule set. `MandiriRules::default()` is RULES.md section 9 without options.
///
/// ```
/// use rajapasu_engine::mandiri::{MandiriRules, RoundEndRule};
/// let rules: MandiriRules = "mandiri/round-end=below4,gift=2".parse().unwrap();
/// assert_eq!(rules.round_end, RoundEndRule::Below4);
/// assert_eq!(rules.gift, 2);
/// assert_eq!(rules.to_string(), "mandiri/round-end=below4,gift=2");
/// assert_eq!(MandiriRules::default().to_string(), "mandiri");
/// assert!("mandiri/refill=choose".parse::<MandiriRules>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MandiriRules {
    /// Who receives a four: the hole's owner (`RowOwner`, read as the seat owning the hole) or
    /// the mover.
    pub fours: FourRecipient,
    /// The turn order.
    pub order: TurnOrder,
    /// When a round ends.
    pub round_end: RoundEndRule,
    /// Counters the Raja gives each other player between rounds.
    pub gift: u8,
    /// Rounds in the Raja's office, at least 1.
    pub term: u8,
    /// Which holes are filled.
    pub refill: Refill,
    /// Borrowing to fill a hole (rule M11).
    pub borrow: bool,
    /// A match, or a single round.
    pub mode: Mode,
}

impl MandiriRules {
    /// RULES.md section 9 without options.
    pub const DEFAULT: MandiriRules = MandiriRules {
        fours: FourRecipient::RowOwner,
        order: TurnOrder::Anticlockwise,
        round_end: RoundEndRule::Unreachable,
        gift: 1,
        term: 3,
        refill: Refill::Fixed,
        borrow: false,
        mode: Mode::Match,
    };

    /// The two-player rules whose sowing Mandiri shares: rules 3 to 6 with the fours option.
    pub(crate) const fn sowing(&self) -> Rules {
        Rules {
            fours: self.fours,
            ..Rules::CANONICAL
        }
    }

    /// Every option, in the order rule sets are written.
    pub fn options() -> &'static [MandiriOption] {
        &OPTIONS
    }

    /// These rules with one option set, as `KEY=VALUE` sets it.
    pub fn with_option(mut self, key: &str, value: &str) -> Result<MandiriRules, RulesError> {
        let o = OPTIONS
            .iter()
            .find(|o| o.key == key)
            .ok_or_else(|| RulesError::UnknownOption(key.to_string()))?;
        (o.set)(&mut self, value)?;
        Ok(self)
    }
}

impl Default for MandiriRules {
    fn default() -> MandiriRules {
        MandiriRules::DEFAULT
    }
}

const FOURS: Names<FourRecipient> = &[
    (FourRecipient::RowOwner, "owner"),
    (FourRecipient::Sower, "sower"),
];
const ORDER: Names<TurnOrder> = &[
    (TurnOrder::Anticlockwise, "anticlockwise"),
    (TurnOrder::Clockwise, "clockwise"),
];
const ROUND_END: Names<RoundEndRule> = &[
    (RoundEndRule::Unreachable, "unreachable"),
    (RoundEndRule::Quiet, "quiet"),
    (RoundEndRule::Below4, "below4"),
];
const REFILL: Names<Refill> = &[(Refill::Fixed, "fixed")];
/// Values of `refill` that are named by RULES.md but not played yet.
const REFILL_NOT_YET: &[&str] = &["choose"];
const BORROW: Names<bool> = &[(false, "off"), (true, "on")];
const MODE: Names<Mode> = &[
    (Mode::Match, "match"),
    (Mode::SingleRound, "round"),
    (Mode::SingleRound, "single-round"),
];

/// One Mandiri option: its key, what it does, and how it is read and written.
///
/// ```
/// use rajapasu_engine::mandiri::MandiriRules;
/// let keys: Vec<&str> = MandiriRules::options().iter().map(|o| o.key()).collect();
/// assert_eq!(keys, ["fours", "order", "round-end", "gift", "term", "refill", "borrow", "mode"]);
/// ```
#[derive(Clone, Copy)]
pub struct MandiriOption {
    key: &'static str,
    about: &'static str,
    values: fn() -> String,
    get: fn(&MandiriRules) -> String,
    set: fn(&mut MandiriRules, &str) -> Result<(), RulesError>,
}

impl fmt::Debug for MandiriOption {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("MandiriOption")
            .field("key", &self.key)
            .finish()
    }
}

impl MandiriOption {
    /// The key, as in `KEY=VALUE`.
    pub fn key(&self) -> &'static str {
        self.key
    }
    /// What the option does, in a few words.
    pub fn about(&self) -> &'static str {
        self.about
    }
    /// The values as help texts show them, the default first.
    pub fn values(&self) -> String {
        (self.values)()
    }
    /// The option's value in `rules`.
    pub fn value(&self, rules: &MandiriRules) -> String {
        (self.get)(rules)
    }
}

fn bad_value(key: &str, value: &str, expected: Vec<&'static str>) -> RulesError {
    RulesError::BadValue {
        key: key.to_string(),
        value: value.to_string(),
        expected,
    }
}

/// A named option: reads and writes `MandiriRules::$field` through the table `$names`.
macro_rules! named {
    ($key:literal, $field:ident, $names:expr, $about:literal) => {
        MandiriOption {
            key: $key,
            about: $about,
            values: || written($names).join("|"),
            get: |r| name_of($names, r.$field).to_string(),
            set: |r, v| {
                r.$field =
                    value_of($names, v).ok_or_else(|| bad_value($key, v, written($names)))?;
                Ok(())
            },
        }
    };
}

fn at_least(n: u8, least: u32) -> bool {
    u32::from(n) >= least
}

/// A number option with its least value.
macro_rules! number {
    ($key:literal, $field:ident, $least:literal, $about:literal) => {
        MandiriOption {
            key: $key,
            about: $about,
            values: || MandiriRules::DEFAULT.$field.to_string(),
            get: |r| r.$field.to_string(),
            set: |r, v| {
                let not_a_number = || RulesError::NotANumber {
                    key: $key.to_string(),
                    value: v.to_string(),
                };
                let n: u8 = v.parse().map_err(|_| not_a_number())?;
                if !at_least(n, $least) {
                    return Err(RulesError::TooSmall {
                        key: $key.to_string(),
                        least: $least,
                    });
                }
                r.$field = n;
                Ok(())
            },
        }
    };
}

const OPTIONS: [MandiriOption; 8] = [
    named!(
        "fours",
        fours,
        FOURS,
        "who takes fours: the hole's owner or the sower"
    ),
    named!("order", order, ORDER, "turn order: C, R, L or C, L, R"),
    named!(
        "round-end",
        round_end,
        ROUND_END,
        "a round ends when no capture is reachable / after a quiet circle / below 4 counters"
    ),
    number!(
        "gift",
        gift,
        0,
        "counters the Raja gives each other player between rounds"
    ),
    number!("term", term, 1, "rounds in the Raja's office"),
    MandiriOption {
        key: "refill",
        about: "which holes are filled: the fixed order (choose: not supported yet)",
        values: || written(REFILL).join("|"),
        get: |r| name_of(REFILL, r.refill).to_string(),
        set: |r, v| {
            if REFILL_NOT_YET.contains(&v) {
                return Err(RulesError::NotSupported {
                    key: "refill".to_string(),
                    value: v.to_string(),
                });
            }
            r.refill = value_of(REFILL, v).ok_or_else(|| {
                let mut expected = written(REFILL);
                expected.extend_from_slice(REFILL_NOT_YET);
                bad_value("refill", v, expected)
            })?;
            Ok(())
        },
    },
    named!(
        "borrow",
        borrow,
        BORROW,
        "borrowing the shortfall to fill one hole"
    ),
    named!("mode", mode, MODE, "match play, or a single round"),
];

impl FromStr for MandiriRules {
    type Err = RulesError;

    fn from_str(s: &str) -> Result<MandiriRules, RulesError> {
        let s = s.trim();
        let (name, opts) = s.split_once('/').unwrap_or((s, ""));
        if !name.trim().eq_ignore_ascii_case(NAME) {
            return Err(RulesError::UnknownPreset(name.trim().to_string()));
        }
        let mut rules = MandiriRules::DEFAULT;
        for opt in opts.split(',').map(str::trim).filter(|o| !o.is_empty()) {
            let (k, v) = opt
                .split_once('=')
                .ok_or_else(|| RulesError::MissingValue(opt.to_string()))?;
            rules = rules.with_option(
                &k.trim().to_ascii_lowercase(),
                &v.trim().to_ascii_lowercase(),
            )?;
        }
        Ok(rules)
    }
}

impl fmt::Display for MandiriRules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(NAME)?;
        let mut sep = '/';
        for o in &OPTIONS {
            let v = o.value(self);
            if v != o.value(&MandiriRules::DEFAULT) {
                write!(f, "{sep}{}={v}", o.key)?;
                sep = ',';
            }
        }
        Ok(())
    }
}

/// Either game's rule set, as `--rules` names it: `mandiri[/...]` is the three-player game,
/// anything else a two-player rule set.
///
/// ```
/// use rajapasu_engine::mandiri::RuleSet;
/// assert!(matches!("mandiri/fours=sower".parse(), Ok(RuleSet::Mandiri(_))));
/// assert!(matches!("walak-pussa".parse(), Ok(RuleSet::RajaPasu(_))));
/// assert_eq!("mandiri".parse::<RuleSet>().unwrap().to_string(), "mandiri");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RuleSet {
    /// The two-player game.
    RajaPasu(Rules),
    /// Raja Pasu Mandiri.
    Mandiri(MandiriRules),
}

impl FromStr for RuleSet {
    type Err = RulesError;
    fn from_str(s: &str) -> Result<RuleSet, RulesError> {
        let name = s.trim().split('/').next().unwrap_or("").trim();
        if name.eq_ignore_ascii_case(NAME) {
            s.parse().map(RuleSet::Mandiri)
        } else {
            s.parse().map(RuleSet::RajaPasu)
        }
    }
}

impl fmt::Display for RuleSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RuleSet::RajaPasu(r) => r.fmt(f),
            RuleSet::Mandiri(r) => r.fmt(f),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_option_round_trips() {
        let s = "mandiri/fours=sower,order=clockwise,round-end=quiet,gift=0,term=2,borrow=on,mode=round";
        let r: MandiriRules = s.parse().unwrap();
        assert_eq!(r.fours, FourRecipient::Sower);
        assert_eq!(r.order, TurnOrder::Clockwise);
        assert_eq!(r.round_end, RoundEndRule::Quiet);
        assert_eq!((r.gift, r.term, r.borrow), (0, 2, true));
        assert_eq!(r.mode, Mode::SingleRound);
        assert_eq!(r.to_string(), s);
        for o in &OPTIONS {
            let mut back = r;
            (o.set)(&mut back, &o.value(&r)).unwrap();
            assert_eq!(back, r, "{}", o.key);
        }
    }

    #[test]
    fn bad_options_are_named() {
        let err = |s: &str| s.parse::<MandiriRules>().unwrap_err();
        assert_eq!(
            err("mandiri/refill=choose"),
            RulesError::NotSupported {
                key: "refill".into(),
                value: "choose".into()
            }
        );
        assert_eq!(
            err("mandiri/term=0"),
            RulesError::TooSmall {
                key: "term".into(),
                least: 1
            }
        );
        assert!(matches!(
            err("mandiri/gift=a"),
            RulesError::NotANumber { .. }
        ));
        assert!(matches!(
            err("mandiri/order=up"),
            RulesError::BadValue { .. }
        ));
        assert_eq!(
            err("mandiri/speed=1"),
            RulesError::UnknownOption("speed".into())
        );
        assert_eq!(
            err("canonical"),
            RulesError::UnknownPreset("canonical".into())
        );
    }
}
