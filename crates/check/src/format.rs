//! Reading a certificate (docs/CERTIFICATES.md): the header, then one line a node, then `end`.
//! Blank lines and lines starting with `#` are skipped anywhere.

use crate::error::CheckError;
use rajapasu_engine::{Move, Position, Rules, Side};
use std::io::BufRead;

/// What a certificate claims.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Claim {
    /// The prover ends the round at least this many counters ahead (captures in the round,
    /// the award of rule 8(a) included; negative: at most that many behind).
    Margin(i32),
}

/// A certificate's header.
#[derive(Clone, Debug)]
pub struct Header {
    /// The rule set.
    pub rules: Rules,
    /// The position play starts from, with no history (a round start or a set-up position).
    pub root: Position,
    /// The player whose strategy the certificate holds.
    pub prover: Side,
    /// What it proves.
    pub claim: Claim,
    /// How many nodes follow.
    pub nodes: u64,
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
    fn field(
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
    let root = Position::from_code(&lines.field("root", "`root POSITION-CODE`")?, rules)
        .map_err(CheckError::Root)?;
    let prover = lines.field("prover", "`prover S` or `prover N`")?;
    let line = lines.number();
    let prover = match prover.as_str() {
        "S" => Side::South,
        "N" => Side::North,
        _ => {
            return Err(CheckError::Header {
                line,
                expected: "`prover S` or `prover N`",
            })
        }
    };
    const CLAIM: &str = "`claim margin>=M`";
    let claim = lines.field("claim", CLAIM)?;
    let line = lines.number();
    let claim = claim
        .strip_prefix("margin>=")
        .and_then(|m| m.parse().ok())
        .map(Claim::Margin)
        .ok_or(CheckError::Header {
            line,
            expected: CLAIM,
        })?;
    const NODES: &str = "`nodes N`";
    let nodes = lines.field("nodes", NODES)?;
    let nodes = nodes
        .parse()
        .ok()
        .filter(|&n| n >= 1)
        .ok_or(CheckError::Header {
            line: lines.number(),
            expected: "`nodes N`, N at least 1",
        })?;
    Ok(Header {
        rules,
        root,
        prover,
        claim,
        nodes,
    })
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
