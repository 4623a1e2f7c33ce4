//! Mandiri's rule set and its options (RULES.md 9.5), read and written through one name table
//! per option, as the two-player options are.

use crate::options::{name_of, named, value_of, written, Names, FOURS, MODE};
use crate::rules::{FourRecipient, Mode, Rules as TwoRules, RulesError};
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

/// A Mandiri rule set. `Rules::default()` is RULES.md section 9 without options.
///
/// ```
/// use rajapasu_engine::mandiri::{Rules, RoundEndRule};
/// let rules: Rules = "mandiri/round-end=below4,gift=2".parse().unwrap();
/// assert_eq!(rules.round_end, RoundEndRule::Below4);
/// assert_eq!(rules.gift, 2);
/// assert_eq!(rules.to_string(), "mandiri/round-end=below4,gift=2");
/// assert_eq!(Rules::default().to_string(), "mandiri");
/// assert!("mandiri/refill=choose".parse::<Rules>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
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

impl Rules {
    /// RULES.md section 9 without options.
    pub const DEFAULT: Rules = Rules {
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
    pub(crate) const fn sowing(&self) -> TwoRules {
        TwoRules {
            fours: self.fours,
            ..TwoRules::CANONICAL
        }
    }

    /// Every option, in the order rule sets are written.
    pub fn options() -> &'static [RuleOption] {
        &OPTIONS
    }

    /// These rules with one option set, as `KEY=VALUE` sets it.
    pub fn with_option(mut self, key: &str, value: &str) -> Result<Rules, RulesError> {
        crate::options::set(&mut self, &OPTIONS, key, value)?;
        Ok(self)
    }
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::DEFAULT
    }
}

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

/// One Mandiri option: its key, what it does, and how it is read and written.
///
/// ```
/// use rajapasu_engine::mandiri::Rules;
/// let keys: Vec<&str> = Rules::options().iter().map(|o| o.key()).collect();
/// assert_eq!(keys, ["fours", "order", "round-end", "gift", "term", "refill", "borrow", "mode"]);
/// ```
pub type RuleOption = crate::options::RuleOption<Rules>;

fn at_least(n: u8, least: u32) -> bool {
    u32::from(n) >= least
}

/// A number option with its least value.
macro_rules! number {
    ($key:literal, $field:ident, $least:literal, $about:literal) => {
        RuleOption {
            key: $key,
            about: $about,
            values: || Rules::DEFAULT.$field.to_string(),
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

const OPTIONS: [RuleOption; 8] = [
    named!(
        Rules,
        "fours",
        fours,
        FOURS,
        "who takes fours: the hole's owner or the sower"
    ),
    named!(
        Rules,
        "order",
        order,
        ORDER,
        "turn order: C, R, L or C, L, R"
    ),
    named!(
        Rules,
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
    RuleOption {
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
                crate::options::bad_value("refill", v, expected)
            })?;
            Ok(())
        },
    },
    named!(
        Rules,
        "borrow",
        borrow,
        BORROW,
        "borrowing the shortfall to fill one hole"
    ),
    named!(Rules, "mode", mode, MODE, "match play, or a single round"),
];

impl FromStr for Rules {
    type Err = RulesError;

    fn from_str(s: &str) -> Result<Rules, RulesError> {
        let s = s.trim();
        let (name, opts) = s.split_once('/').unwrap_or((s, ""));
        if !name.trim().eq_ignore_ascii_case(NAME) {
            return Err(RulesError::UnknownPreset {
                name: name.trim().to_string(),
                known: vec![NAME],
            });
        }
        crate::options::apply(Rules::DEFAULT, opts, &OPTIONS)
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(NAME)?;
        crate::options::write_changed(f, self, &Rules::DEFAULT, &OPTIONS)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_option_round_trips() {
        let s = "mandiri/fours=sower,order=clockwise,round-end=quiet,gift=0,term=2,borrow=on,mode=round";
        let r: Rules = s.parse().unwrap();
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
        let err = |s: &str| s.parse::<Rules>().unwrap_err();
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
            RulesError::UnknownOption {
                key: "speed".into(),
                known: Rules::options().iter().map(|o| o.key()).collect()
            }
        );
        assert_eq!(
            err("canonical"),
            RulesError::UnknownPreset {
                name: "canonical".into(),
                known: vec![NAME]
            }
        );
    }
}
