//! A solved match's values as a small text that programs ship and read: every round start's
//! proven value under one rule set, written by `rajapasu solve --match --values FILE`. The
//! canonical rules' table is embedded ([`canonical`]); the apps read from it the value of the
//! round being played and what its outcome means for the match ([`MatchValues::stakes`]).
//!
//! The format, one round start a word, South's holdings then its value for South:
//!
//! ```text
//! # comments
//! rules canonical
//! S 7:N2 8:N2 ... 49:S5 ... 91:S1
//! N 7:N1 ... 91:S2
//! ```
//!
//! `S3` South wins in 3 rounds, `N1` North wins in this round, `D` a draw by decision 11, and
//! `N6..S9` a value proven only between two (SOLVING.md §7): the worst for South first.

use super::fixpoint::{MatchTable, MatchValue, Proven};
use rajapasu_engine::{RoundStart, Rules, Side};
use std::fmt;
use std::str::FromStr;
use std::sync::LazyLock;

/// Every round start's proven value under one rule set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchValues {
    rules: Rules,
    /// By [`RoundStart::all`]'s order: South leading first, by South's holdings.
    values: Vec<Proven>,
}

/// What a round's outcome means for `side`, from the value of the round start it leads to:
/// the fewest counters the side must hold after the round to stay in the match (no loss), and
/// to win it, whoever leads the next round. Proven: a value known only between bounds counts
/// at its worst for the side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stakes {
    /// Fewest counters after the round with which the match is not lost (`None`: lost however
    /// the round ends, as far as is proven).
    pub stay_in: Option<u32>,
    /// Fewest counters after the round with which the match is won.
    pub win: Option<u32>,
}

impl MatchValues {
    /// The values of `table`'s round starts.
    pub fn new(rules: Rules, values: Vec<Proven>) -> Result<MatchValues, ValuesError> {
        let n = RoundStart::all(rules.match_play()).count();
        if values.len() != n {
            return Err(ValuesError::Count {
                found: values.len(),
                expected: n,
            });
        }
        Ok(MatchValues {
            rules: rules.match_play(),
            values,
        })
    }

    /// The rules solved (in match play).
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The value of `start`, if it is a round start of these rules.
    ///
    /// ```
    /// use rajapasu_ai::match_solver::values::canonical;
    /// use rajapasu_engine::{RoundStart, Rules, Side};
    /// let table = canonical();
    /// // South leading with 91 of the 98 counters: North holds 7, one hole, and loses it.
    /// let start = RoundStart::new(*table.rules(), 91, Side::South).unwrap();
    /// assert_eq!(table.value(start).unwrap().exact().unwrap().to_string(), "South wins in 1 round");
    /// ```
    pub fn value(&self, start: RoundStart) -> Option<Proven> {
        RoundStart::all(self.rules)
            .position(|s| s == start)
            .map(|i| self.values[i])
    }

    /// Every round start with its value, South leading first, by South's holdings.
    pub fn iter(&self) -> impl Iterator<Item = (RoundStart, Proven)> + '_ {
        RoundStart::all(self.rules).zip(self.values.iter().copied())
    }

    /// What both tables prove: at each round start, the value lies between the better of the
    /// two worsts and the worse of the two bests. Both prove the same values (of the same
    /// rules), so their meeting is proven too; an empty meeting means that one of them is wrong.
    ///
    /// ```
    /// use rajapasu_ai::match_solver::values::canonical;
    /// let table = canonical();
    /// assert_eq!(table.meet(table).unwrap(), *table);
    /// ```
    pub fn meet(&self, other: &MatchValues) -> Result<MatchValues, ValuesError> {
        if self.rules != other.rules {
            return Err(ValuesError::Rules(format!(
                "{} and {} are other rules",
                self.rules, other.rules
            )));
        }
        let values = (self.iter().zip(other.iter()))
            .map(|((start, a), (_, b))| {
                let worst = a.worst.max_by_score(b.worst);
                let best = a.best.min_by_score(b.best);
                if worst.score() > best.score() {
                    return Err(ValuesError::Disagree {
                        south: start.south(),
                        leader: start.leader(),
                    });
                }
                Ok(Proven { worst, best })
            })
            .collect::<Result<Vec<Proven>, ValuesError>>()?;
        MatchValues::new(self.rules, values)
    }

    /// What the outcome of a round means for `side` (see [`Stakes`]).
    ///
    /// ```
    /// use rajapasu_ai::match_solver::values::canonical;
    /// use rajapasu_engine::Side;
    /// let stakes = canonical().stakes(Side::South);
    /// // Holding all but 6 counters wins at once: North cannot fill a hole.
    /// assert!(stakes.win.unwrap() <= 92);
    /// assert!(stakes.stay_in.unwrap() <= stakes.win.unwrap());
    /// ```
    pub fn stakes(&self, side: Side) -> Stakes {
        let total = self.rules.total();
        // Holding more than this leaves the other player unable to fill a hole: a win.
        let outright = total - self.rules.counters() + 1;
        // At its worst for `side`, by `side`'s holdings, whoever leads next.
        let worst = |held: u32| -> Option<i64> {
            if held >= outright {
                return Some(i64::MAX);
            }
            if held < self.rules.counters() {
                return Some(i64::MIN);
            }
            let south = if side == Side::South {
                held
            } else {
                total - held
            };
            Side::ALL
                .iter()
                .map(|&leader| {
                    let start = RoundStart::new(self.rules, south, leader).ok()?;
                    let v = self.value(start)?;
                    Some(if side == Side::South {
                        v.worst.score()
                    } else {
                        -v.best.score()
                    })
                })
                .min()?
        };
        let first = |pred: &dyn Fn(i64) -> bool| {
            (0..=total).find(|&h| (h..=total).all(|k| worst(k).is_some_and(pred)))
        };
        Stakes {
            stay_in: first(&|s| s >= 0),
            win: first(&|s| s > 0),
        }
    }
}

impl From<&MatchTable> for MatchValues {
    fn from(table: &MatchTable) -> MatchValues {
        MatchValues::new(*table.rules(), table.iter().map(|(_, v)| v).collect())
            .expect("a solve gives a value to every round start")
    }
}

/// The values of the canonical match, as `rajapasu solve --match` proved them
/// (`crates/ai/data/match-canonical.txt`).
pub fn canonical() -> &'static MatchValues {
    static TABLE: LazyLock<MatchValues> = LazyLock::new(|| {
        include_str!("../../data/match-canonical.txt")
            .parse()
            .expect("the shipped match table reads")
    });
    &TABLE
}

/// The values of `rules`' match, when they are shipped (the canonical rules).
pub fn known(rules: &Rules) -> Option<&'static MatchValues> {
    let table = canonical();
    (rules.match_play() == *table.rules()).then_some(table)
}

/// A value in a few letters: `S3` South wins in 3 rounds, `N1`, `D` a draw, `N6..S9` bounds.
///
/// ```
/// use rajapasu_ai::match_solver::fixpoint::{MatchValue, Proven};
/// use rajapasu_ai::match_solver::values::{parse_short, short};
/// use rajapasu_engine::Side;
/// let p = Proven { worst: MatchValue::Draw, best: MatchValue::Win { winner: Side::South, rounds: 5 } };
/// assert_eq!(short(p), "D..S5");
/// assert_eq!(parse_short("D..S5"), Some(p));
/// ```
pub fn short(p: Proven) -> String {
    let one = |v: MatchValue| match v {
        MatchValue::Win { winner, rounds } => format!("{}{rounds}", winner.letter()),
        MatchValue::Draw => "D".to_string(),
    };
    match p.exact() {
        Some(v) => one(v),
        None => format!("{}..{}", one(p.worst), one(p.best)),
    }
}

/// Reads what [`short`] writes.
pub fn parse_short(text: &str) -> Option<Proven> {
    let one = |t: &str| -> Option<MatchValue> {
        if t == "D" {
            return Some(MatchValue::Draw);
        }
        let winner = match t.get(..1)? {
            "S" => Side::South,
            "N" => Side::North,
            _ => return None,
        };
        let rounds: u32 = t[1..].parse().ok().filter(|&r| r >= 1)?;
        Some(MatchValue::Win { winner, rounds })
    };
    let (worst, best) = match text.split_once("..") {
        Some((w, b)) => (one(w)?, one(b)?),
        None => (one(text)?, one(text)?),
    };
    (worst.score() <= best.score()).then_some(Proven { worst, best })
}

/// Why a text is not a match table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ValuesError {
    /// The `rules` line is missing or names no rule set.
    Rules(String),
    /// A line is not `S` or `N` followed by `holdings:value` words.
    Line(usize),
    /// A word is not `holdings:value`, or names a round start twice or out of range.
    Word(usize, String),
    /// Two tables met give a round start no value: one of them is wrong.
    Disagree {
        /// South's holdings.
        south: u32,
        /// The leader.
        leader: Side,
    },
    /// Not every round start has a value.
    Count {
        /// Values read.
        found: usize,
        /// Round starts of the rules.
        expected: usize,
    },
}

impl fmt::Display for ValuesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ValuesError::Rules(why) => write!(f, "the rules line: {why}"),
            ValuesError::Line(n) => write!(f, "line {n}: not `S` or `N` and values"),
            ValuesError::Word(n, w) => {
                write!(
                    f,
                    "line {n}: `{w}` is not a round start's value (holdings:value)"
                )
            }
            ValuesError::Disagree { south, leader } => write!(
                f,
                "the tables contradict each other where South holds {south} and {leader} leads"
            ),
            ValuesError::Count { found, expected } => {
                write!(f, "{found} values for the {expected} round starts")
            }
        }
    }
}

impl std::error::Error for ValuesError {}

impl FromStr for MatchValues {
    type Err = ValuesError;

    fn from_str(text: &str) -> Result<MatchValues, ValuesError> {
        let mut rules: Option<Rules> = None;
        let mut read: Vec<(RoundStart, Proven)> = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let n = i + 1;
            let line = line.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let mut words = line.split_whitespace();
            let head = words.next().unwrap_or("");
            if head == "rules" {
                let name = words
                    .next()
                    .ok_or(ValuesError::Rules("no rule set".into()))?;
                let r: Rules = name
                    .parse()
                    .map_err(|e| ValuesError::Rules(format!("{e}")))?;
                rules = Some(r.match_play());
                continue;
            }
            let leader = match head {
                "S" => Side::South,
                "N" => Side::North,
                _ => return Err(ValuesError::Line(n)),
            };
            let r = rules.ok_or(ValuesError::Rules("missing before the values".into()))?;
            for word in words {
                let bad = || ValuesError::Word(n, word.to_string());
                let (h, v) = word.split_once(':').ok_or_else(bad)?;
                let south: u32 = h.parse().map_err(|_| bad())?;
                let start = RoundStart::new(r, south, leader).map_err(|_| bad())?;
                let value = parse_short(v).ok_or_else(bad)?;
                if read.iter().any(|(s, _)| *s == start) {
                    return Err(bad());
                }
                read.push((start, value));
            }
        }
        let rules = rules.ok_or(ValuesError::Rules("no `rules` line".into()))?;
        let values: Option<Vec<Proven>> = RoundStart::all(rules)
            .map(|s| read.iter().find(|(t, _)| *t == s).map(|(_, v)| *v))
            .collect();
        let expected = RoundStart::all(rules).count();
        match values {
            Some(values) if read.len() == expected => MatchValues::new(rules, values),
            _ => Err(ValuesError::Count {
                found: read.len(),
                expected,
            }),
        }
    }
}

impl fmt::Display for MatchValues {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "rules {}", self.rules)?;
        for leader in Side::ALL {
            let words: Vec<String> = self
                .iter()
                .filter(|(s, _)| s.leader() == leader)
                .map(|(s, v)| format!("{}:{}", s.south(), short(v)))
                .collect();
            writeln!(f, "{} {}", leader.letter(), words.join(" "))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_reads_back_what_it_writes_and_bad_texts_are_named() {
        let rules: Rules = "canonical/holes=3,counters=1".parse().unwrap();
        let table = super::super::fixpoint::solve_match(
            rules.match_play(),
            &super::super::fixpoint::MatchOptions::default(),
            &mut |_| {},
        );
        let values = MatchValues::new(rules, table.iter().map(|(_, v)| v).collect()).unwrap();
        let text = values.to_string();
        assert_eq!(text.parse::<MatchValues>().unwrap(), values);
        let first = text
            .lines()
            .nth(1)
            .unwrap()
            .split_whitespace()
            .nth(1)
            .unwrap();
        assert!(matches!(
            text.replacen(first, "", 1).parse::<MatchValues>(),
            Err(ValuesError::Count { .. })
        ));
        assert!(matches!(
            text.replacen(first, &format!("{first} {first}"), 1)
                .parse::<MatchValues>(),
            Err(ValuesError::Word(2, _))
        ));
        assert!(matches!(
            text.replace("rules ", "rules nonsense")
                .parse::<MatchValues>(),
            Err(ValuesError::Rules(_))
        ));
        assert_eq!(parse_short("S0"), None);
        assert_eq!(parse_short("S2..N1"), None, "the worst first");
    }

    #[test]
    fn two_proofs_meet_in_their_common_values_and_a_contradiction_is_named() {
        let rules: Rules = "canonical/holes=3,counters=1".parse().unwrap();
        let table = super::super::fixpoint::solve_match(
            rules.match_play(),
            &super::super::fixpoint::MatchOptions::default(),
            &mut |_| {},
        );
        let exact = MatchValues::from(&table);
        // A looser table: every value widened to "anything from a North win in 9 rounds to a
        // South win in 1".
        let loose = MatchValues::new(
            rules,
            exact
                .iter()
                .map(|_| Proven {
                    worst: MatchValue::Win {
                        winner: Side::North,
                        rounds: 1,
                    },
                    best: MatchValue::Win {
                        winner: Side::South,
                        rounds: 1,
                    },
                })
                .collect(),
        )
        .unwrap();
        assert_eq!(loose.meet(&exact).unwrap(), exact);
        assert_eq!(exact.meet(&loose).unwrap(), exact);
        // A table that says South wins everywhere in one round contradicts one where North wins.
        let (start, _) = exact
            .iter()
            .find(|(_, v)| v.winner() == Some(Side::North))
            .unwrap();
        let south = MatchValue::Win {
            winner: Side::South,
            rounds: 1,
        };
        let wrong = MatchValues::new(
            rules,
            exact
                .iter()
                .map(|_| Proven {
                    worst: south,
                    best: south,
                })
                .collect(),
        )
        .unwrap();
        assert_eq!(
            exact.meet(&wrong),
            Err(ValuesError::Disagree {
                south: start.south(),
                leader: start.leader()
            })
        );
    }

    #[test]
    fn the_canonical_table_has_the_value_of_the_start_and_sensible_stakes() {
        let table = canonical();
        assert_eq!(table.iter().count(), 170);
        let start = RoundStart::new(*table.rules(), 49, Side::South).unwrap();
        let v = table.value(start).unwrap();
        // South, leading the first round, wins the match (SOLVING.md §7.5).
        assert_eq!(v.winner(), Some(Side::South), "{v}");
        for side in Side::ALL {
            let s = table.stakes(side);
            let (stay, win) = (s.stay_in.unwrap(), s.win.unwrap());
            assert!(
                (7..=92).contains(&stay) && stay <= win && win <= 92,
                "{s:?}"
            );
        }
    }
}
