//! Reading a certificate (docs/CERTIFICATES.md): the header, then one line a node, then `end`.
//! Blank lines and lines starting with `#` are skipped anywhere.

use crate::error::CheckError;
use rajapasu_engine::{Mode, Move, Position, RoundStart, Rules, Side};
use std::io::BufRead;

/// What a certificate claims.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Claim {
    /// A round certificate: the prover ends the round at least this many counters ahead
    /// (captures in the round, the award of rule 8(a) included; negative: at most that many
    /// behind).
    Margin(i32),
    /// A match certificate: the prover wins the match from the round start `start` within
    /// `rounds` rounds, this one included.
    Rounds {
        /// The round start.
        start: RoundStart,
        /// The most rounds the match lasts.
        rounds: u32,
    },
    /// A match certificate: the loser's hold-out. The other player does not win the match from
    /// the round start `start` in fewer than `rounds` rounds, this one included: the match
    /// lasts at least that long, unless the prover wins it or decision 11 draws it first.
    HoldsOut {
        /// The round start.
        start: RoundStart,
        /// The fewest rounds within which the other player can win.
        rounds: u32,
    },
    /// A match certificate: the prover does not lose the match from the round start `start`:
    /// it wins, or the match never ends, or decision 11 draws it.
    NoLoss {
        /// The round start.
        start: RoundStart,
    },
}

/// A certificate's header.
#[derive(Clone, Debug)]
pub struct Header {
    /// The rule set.
    pub rules: Rules,
    /// The position play starts from, with no history (a round start or a set-up position);
    /// in a match certificate, the position of the round start the claim is about.
    pub root: Position,
    /// The player whose strategy the certificate holds.
    pub prover: Side,
    /// What it proves.
    pub claim: Claim,
}

/// A node line's kind and contents.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Node {
    /// The prover is to move and plays `mv`, leading to `child`.
    Prover {
        /// The move.
        mv: Move,
        /// The node it leads to.
        child: u64,
    },
    /// The opponent is to move: one child for each legal reply, in increasing hole order.
    Opponent {
        /// The children.
        children: Vec<u64>,
    },
    /// The round is over here by rule 8(a).
    End,
    /// The counters decide: the prover's lead, less every counter left on the board, is the
    /// node's value.
    Decided,
}

/// A node line: its id, the final margin it claims for the prover, and its kind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NodeLine {
    /// The id.
    pub id: u64,
    /// The claimed value: a lower bound on the prover's final margin from here on.
    pub value: i32,
    /// What the node holds.
    pub node: Node,
}

/// Lines of a certificate, numbered, with blank and comment lines skipped.
pub struct Lines<R> {
    input: R,
    buf: String,
    line: u64,
}

impl<R: BufRead> Lines<R> {
    /// Lines read from `input`.
    pub fn new(input: R) -> Lines<R> {
        Lines {
            input,
            buf: String::new(),
            line: 0,
        }
    }

    /// The number of the line returned last, from 1.
    pub fn number(&self) -> u64 {
        self.line
    }

    /// The next line, `keyword N` with `N` at least 1: `N`.
    pub(crate) fn count(
        &mut self,
        keyword: &'static str,
        expected: &'static str,
    ) -> Result<u64, CheckError> {
        let n = self.field(keyword, expected)?;
        n.parse()
            .ok()
            .filter(|&n| n >= 1)
            .ok_or(CheckError::Header {
                line: self.line,
                expected,
            })
    }

    /// The next line that is not blank or a comment, trimmed, with its number; `None` at the
    /// end of the input.
    pub fn next_line(&mut self) -> Result<Option<(u64, &str)>, CheckError> {
        loop {
            self.buf.clear();
            if self.input.read_line(&mut self.buf)? == 0 {
                return Ok(None);
            }
            self.line += 1;
            let t = self.buf.trim();
            if !t.is_empty() && !t.starts_with('#') {
                // Borrow again: the trimmed slice of the buffer.
                return Ok(Some((self.line, self.buf.trim())));
            }
        }
    }

    /// The next line, which must start with `keyword` and a space: the rest of it.
    pub(crate) fn field(
        &mut self,
        keyword: &'static str,
        expected: &'static str,
    ) -> Result<String, CheckError> {
        let (_, line) = self
            .next_line()?
            .ok_or(CheckError::Truncated { expected })?;
        match line.split_once(' ') {
            Some((k, rest)) if k == keyword => Ok(rest.trim().to_string()),
            _ => Err(CheckError::Header {
                line: self.line,
                expected,
            }),
        }
    }
}

/// Reads the header.
pub fn header<R: BufRead>(lines: &mut Lines<R>) -> Result<Header, CheckError> {
    let version = lines.field("rajapasu-certificate", "`rajapasu-certificate 1`")?;
    if version != "1" {
        return Err(CheckError::Version { found: version });
    }
    let rules: Rules = lines
        .field("rules", "`rules NAME`")?
        .parse()
        .map_err(CheckError::Rules)?;
    const ROOT: &str = "`root POSITION-CODE` or `match HOLDINGS LEADER`";
    let (number, line) = lines
        .next_line()?
        .ok_or(CheckError::Truncated { expected: ROOT })?;
    let start = match line.split_once(' ') {
        Some(("root", code)) => {
            let root = Position::from_code(code.trim(), rules).map_err(CheckError::Root)?;
            Err(root)
        }
        Some(("match", start)) => Ok(round_start(start, rules, number)?),
        _ => {
            return Err(CheckError::Header {
                line: number,
                expected: ROOT,
            })
        }
    };
    // A round certificate's round is played alone, a match certificate's rounds as a match:
    // the other mode would give its leaves other outcomes than the claim is about.
    let match_certificate = start.is_ok();
    if match_certificate != (rules.mode == Mode::Match) {
        return Err(CheckError::WrongMode {
            line: number,
            rules,
            match_certificate,
        });
    }
    let prover = lines.field("prover", "`prover S` or `prover N`")?;
    let prover = side(&prover).ok_or(CheckError::Header {
        line: lines.number(),
        expected: "`prover S` or `prover N`",
    })?;
    let claim = lines.field(
        "claim",
        "`claim margin>=M`, `claim rounds<=K`, `claim rounds>=K` or `claim no-loss`",
    )?;
    let line = lines.number();
    let (root, claim) = match start {
        Err(root) => {
            const CLAIM: &str = "`claim margin>=M` (a round certificate)";
            let m = claim.strip_prefix("margin>=").and_then(|m| m.parse().ok());
            let m = m.ok_or(CheckError::Header {
                line,
                expected: CLAIM,
            })?;
            (root, Claim::Margin(m))
        }
        Ok(start) => {
            const CLAIM: &str = "`claim rounds<=K` or `claim rounds>=K`, K at least 1, or \
                                 `claim no-loss` (a match certificate)";
            let root = start.position(2).expect("round 2 is a round");
            let rounds = |prefix: &str| {
                let k = claim.strip_prefix(prefix).and_then(|k| k.parse().ok());
                k.filter(|&k| k >= 1).ok_or(CheckError::Header {
                    line,
                    expected: CLAIM,
                })
            };
            let claim = if claim == "no-loss" {
                Claim::NoLoss { start }
            } else if claim.starts_with("rounds>=") {
                Claim::HoldsOut {
                    start,
                    rounds: rounds("rounds>=")?,
                }
            } else {
                Claim::Rounds {
                    start,
                    rounds: rounds("rounds<=")?,
                }
            };
            (root, claim)
        }
    };
    Ok(Header {
        rules,
        root,
        prover,
        claim,
    })
}

fn side(s: &str) -> Option<Side> {
    match s {
        "S" => Some(Side::South),
        "N" => Some(Side::North),
        _ => None,
    }
}

/// `HOLDINGS LEADER`, South's holdings and `S` or `N`: a round start.
fn round_start(text: &str, rules: Rules, line: u64) -> Result<RoundStart, CheckError> {
    const START: &str = "a round start: South's holdings and the leader, `S` or `N`";
    let mut words = text.split_ascii_whitespace();
    let south = words.next().and_then(|w| w.parse().ok());
    let leader = words.next().and_then(side);
    let (Some(south), Some(leader), None) = (south, leader, words.next()) else {
        return Err(CheckError::Header {
            line,
            expected: START,
        });
    };
    RoundStart::new(rules, south, leader)
        .map_err(|error| CheckError::NotARoundStart { line, error })
}

/// A section line of a match certificate, `section HOLDINGS LEADER rank J` (J at least 1), or
/// `section HOLDINGS LEADER` in a `no-loss` certificate: the round start and its rank.
pub(crate) fn section<R: BufRead>(
    lines: &mut Lines<R>,
    rules: Rules,
) -> Result<(RoundStart, Option<u32>), CheckError> {
    const SECTION: &str =
        "`section HOLDINGS LEADER rank J`, J at least 1, or `section HOLDINGS LEADER`";
    let rest = lines.field("section", SECTION)?;
    let line = lines.number();
    let Some((start, rank)) = rest.rsplit_once(" rank ") else {
        return Ok((round_start(&rest, rules, line)?, None));
    };
    let rank = rank
        .trim()
        .parse()
        .ok()
        .filter(|&j| j >= 1)
        .ok_or(CheckError::Header {
            line,
            expected: SECTION,
        })?;
    Ok((round_start(start, rules, line)?, Some(rank)))
}

/// A section line that must carry a rank, as in a win's or a hold-out's certificate: the round
/// start, its rank, and the line's number.
pub(crate) fn ranked_section<R: BufRead>(
    lines: &mut Lines<R>,
    rules: Rules,
) -> Result<(RoundStart, u32, u64), CheckError> {
    let (start, rank) = section(lines, rules)?;
    let line = lines.number();
    let rank = rank.ok_or(CheckError::Header {
        line,
        expected: "`section HOLDINGS LEADER rank J`: sections have ranks here",
    })?;
    Ok((start, rank, line))
}

/// Parses one node line.
pub fn node_line(text: &str, line: u64) -> Result<NodeLine, CheckError> {
    let syntax = |problem| CheckError::Syntax { line, problem };
    let mut words = text.split_ascii_whitespace();
    let id = words
        .next()
        .and_then(|w| w.parse().ok())
        .ok_or(syntax("a node line starts with its id"))?;
    let kind = words
        .next()
        .ok_or(syntax("a node line needs a kind: P, O, E or D"))?;
    let value = words.next().and_then(|w| w.parse().ok()).ok_or(syntax(
        "after the kind comes the node's value, a whole number",
    ))?;
    let node = match kind {
        "P" => {
            let mv = words
                .next()
                .and_then(|w| w.parse().ok())
                .and_then(Move::new)
                .ok_or(syntax("a P node needs a move: a hole number from 1"))?;
            let child = words
                .next()
                .and_then(|w| w.parse().ok())
                .ok_or(syntax("a P node needs a child id after its move"))?;
            Node::Prover { mv, child }
        }
        "O" => {
            let children = words
                .by_ref()
                .map(|w| {
                    w.parse()
                        .map_err(|_| syntax("an O node's children are ids"))
                })
                .collect::<Result<Vec<u64>, _>>()?;
            Node::Opponent { children }
        }
        "E" => Node::End,
        "D" => Node::Decided,
        _ => return Err(syntax("the kind of a node is P, O, E or D")),
    };
    if words.next().is_some() {
        return Err(syntax("more fields than the node's kind has"));
    }
    Ok(NodeLine { id, value, node })
}
