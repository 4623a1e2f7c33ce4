//! Why a certificate is refused: one variant for each way a certificate can be wrong, each
//! naming the line or the node where the checker first found it.

use rajapasu_engine::{IllegalMove, Move, ParseError, RoundStart, RoundStartError, RulesError};
use std::fmt;

/// The first problem the checker found. Node numbers are the certificate's ids.
#[derive(Debug)]
pub enum CheckError {
    /// The file could not be read (or is not valid gzip).
    Io(std::io::Error),
    /// The file ended before the line the format requires next (a truncated certificate).
    Truncated {
        /// What was expected next.
        expected: &'static str,
    },
    /// A header line is missing or malformed.
    Header {
        /// The line number, from 1.
        line: u64,
        /// What the format requires there.
        expected: &'static str,
    },
    /// The format version is not one this checker knows.
    Version {
        /// The version the file names.
        found: String,
    },
    /// The `rules` line names no rule set.
    Rules(RulesError),
    /// The rule set's `mode` does not fit the kind of certificate: a round certificate (a
    /// `root` line) needs a single round (`mode=round`), a match certificate (a `match` line)
    /// a match.
    WrongMode {
        /// The line of `root` or `match`, from 1.
        line: u64,
        /// The rule set.
        rules: rajapasu_engine::Rules,
        /// Whether the certificate is a match certificate.
        match_certificate: bool,
    },
    /// The `root` line is not a valid position under the rules.
    Root(ParseError),
    /// A node line does not parse.
    Syntax {
        /// The line number, from 1.
        line: u64,
        /// What is wrong with it.
        problem: &'static str,
    },
    /// A node line's id is not the next id: ids run 0, 1, 2, ... in order.
    OutOfOrder {
        /// The line number, from 1.
        line: u64,
        /// The id expected.
        expected: u64,
        /// The id found.
        found: u64,
    },
    /// More node lines than the header's `nodes`, or text after `end`.
    TrailingText {
        /// The line number, from 1.
        line: u64,
    },
    /// A child id is not greater than its parent's: the only way a cycle could be written.
    ChildNotAfterParent {
        /// The parent.
        node: u64,
        /// The child it names.
        child: u64,
    },
    /// A child id beyond the last node.
    ChildOutOfRange {
        /// The parent.
        node: u64,
        /// The child it names.
        child: u64,
    },
    /// No earlier node names this one as a child (only the root, node 0, has no parent).
    Unreachable {
        /// The node.
        node: u64,
    },
    /// Two parents (or two moves) of a node lead to different positions.
    ParentsDisagree {
        /// The node.
        node: u64,
        /// The parent whose move gives another position than the first parent's.
        parent: u64,
    },
    /// The same position under two ids.
    RepeatedPosition {
        /// The second id.
        node: u64,
        /// The first id that holds it.
        first: u64,
    },
    /// A prover node where the opponent is to move, or an opponent node where the prover is.
    WrongSide {
        /// The node.
        node: u64,
    },
    /// A prover node's move is not legal.
    IllegalMove {
        /// The node.
        node: u64,
        /// The move.
        mv: Move,
        /// Why the engine refuses it.
        why: IllegalMove,
    },
    /// An opponent node lists fewer children than the opponent has legal moves.
    MissingReply {
        /// The node.
        node: u64,
        /// The first legal reply without a child.
        reply: Move,
    },
    /// An opponent node lists more children than the opponent has legal moves.
    ExtraReply {
        /// The node.
        node: u64,
        /// Legal replies.
        legal: usize,
        /// Children listed.
        listed: usize,
    },
    /// A leaf where the player to move still has a move: the round is not over there.
    NotOver {
        /// The node.
        node: u64,
    },
    /// A prover or opponent node where the player to move has no move: the round is over
    /// there, so it must be a leaf.
    Over {
        /// The node.
        node: u64,
    },
    /// A leaf states another value than the rules give: an E leaf's final margin, or a D
    /// leaf's lead less the counters left.
    WrongLeafValue {
        /// The node.
        node: u64,
        /// The margin stated.
        stated: i32,
        /// The margin the rules give.
        actual: i32,
    },
    /// A node states a value below one of its parents': the parent's move (or reply) leads
    /// to a position worth less than the parent claims.
    BelowParent {
        /// The node.
        node: u64,
        /// Its value.
        value: i32,
        /// The parent claiming more.
        parent: u64,
        /// The parent's value.
        needed: i32,
    },
    /// A leaf whose outcome is outside the goal: in a match section, a round that ends in
    /// neither a match won by the prover nor a round start of a lower rank (for an E leaf),
    /// or that could end so (for a D leaf).
    OutsideGoal {
        /// The node.
        node: u64,
    },
    /// Holdings and a leader that are no round start under the rules.
    NotARoundStart {
        /// The line number, from 1.
        line: u64,
        /// Why.
        error: RoundStartError,
    },
    /// A section of a win's certificate whose rank is below an earlier section's.
    SectionOrder {
        /// The line number of the section, from 1.
        line: u64,
    },
    /// A round start given a second section.
    SectionRepeated {
        /// The line number of the second section, from 1.
        line: u64,
    },
    /// A problem within the section of a match certificate that proves this round start.
    InSection {
        /// The section's round start.
        start: RoundStart,
        /// The problem, nodes numbered within the section.
        error: Box<CheckError>,
    },
    /// The match certificate's round start has no section, or one of a higher rank than the
    /// rounds claimed.
    StartNotProven {
        /// The rounds claimed.
        claimed: u32,
        /// The rank of its section, if it has one.
        found: Option<u32>,
    },
    /// A hold-out certificate's round start (the claim's, or one a leaf leads to) has no
    /// section, or one of a lower rank than it must hold out.
    HoldOutNotShown {
        /// The round start.
        start: RoundStart,
        /// The rounds it must hold out: the claim's, or one less than the rank of the section
        /// whose leaf leads to it.
        needed: u32,
        /// The rank of its section, if it has one.
        found: Option<u32>,
        /// The section and the node of the first leaf that needs it to hold out that long;
        /// `None` for the claim's round start.
        leaf: Option<(RoundStart, u64)>,
    },
    /// Two certificates given as a winner's and a loser's (`rajapasu check --exact`) that do
    /// not make a pair: other claims, rules, round starts, provers, or numbers of rounds.
    NotAPair {
        /// What does not match.
        problem: String,
    },
    /// A no-loss certificate whose rounds can lead to a round start that has no section (or
    /// whose own round start has none).
    NoSection {
        /// The round start.
        start: RoundStart,
    },
    /// The root's value is below the header's claim.
    ClaimTooHigh {
        /// The claimed margin.
        claimed: i32,
        /// The root's value.
        root: i32,
    },
}

impl fmt::Display for CheckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use CheckError::*;
        match self {
            Io(e) => write!(f, "cannot read the certificate: {e}"),
            Truncated { expected } => {
                write!(
                    f,
                    "the certificate is truncated: it ends where {expected} should be"
                )
            }
            Header { line, expected } => write!(f, "line {line}: expected {expected}"),
            Version { found } => write!(
                f,
                "certificate format version {found} is not known (this checker reads version 1)"
            ),
            Rules(e) => write!(f, "the rules line: {e}"),
            WrongMode {
                line,
                rules,
                match_certificate: true,
            } => write!(
                f,
                "line {line}: a match certificate (`match`) needs rules played as a match, but \
                 `{rules}` plays a single round (mode=round)"
            ),
            WrongMode {
                line,
                rules,
                match_certificate: false,
            } => write!(
                f,
                "line {line}: a round certificate (`root`) needs rules played as a single round \
                 (mode=round), but `{rules}` plays a match"
            ),
            Root(e) => write!(f, "the root position: {e}"),
            Syntax { line, problem } => write!(f, "line {line}: {problem}"),
            OutOfOrder {
                line,
                expected,
                found,
            } => write!(
                f,
                "line {line}: node {found} where node {expected} should come"
            ),
            TrailingText { line } => write!(f, "line {line}: text after the last node"),
            ChildNotAfterParent { node, child } => write!(
                f,
                "node {node}: child {child} does not come after it (child ids must be greater, \
                 so that no cycle can be written)"
            ),
            ChildOutOfRange { node, child } => {
                write!(f, "node {node}: child {child} is beyond the last node")
            }
            Unreachable { node } => write!(f, "node {node}: no node before it leads to it"),
            ParentsDisagree { node, parent } => write!(
                f,
                "node {node}: node {parent} leads to another position than its first parent"
            ),
            RepeatedPosition { node, first } => {
                write!(f, "node {node}: the same position as node {first}")
            }
            WrongSide { node } => write!(
                f,
                "node {node}: the node's kind does not match the player to move (P: the prover, \
                 O: the opponent)"
            ),
            IllegalMove { node, mv, why } => write!(f, "node {node}: move {mv} is illegal: {why}"),
            MissingReply { node, reply } => {
                write!(f, "node {node}: the opponent's reply {reply} has no child")
            }
            ExtraReply {
                node,
                legal,
                listed,
            } => write!(
                f,
                "node {node}: {listed} children for {legal} legal replies"
            ),
            NotOver { node } => write!(
                f,
                "node {node}: a leaf, but the player to move has a move (the round is not over)"
            ),
            Over { node } => write!(
                f,
                "node {node}: the player to move has no move, so the round is over: it must be \
                 a leaf (E)"
            ),
            WrongLeafValue {
                node,
                stated,
                actual,
            } => write!(
                f,
                "node {node}: the leaf states the value {stated}, the rules give {actual}"
            ),
            BelowParent {
                node,
                value,
                parent,
                needed,
            } => write!(
                f,
                "node {node}: its value {value} is below its parent {parent}'s value {needed}"
            ),
            ClaimTooHigh { claimed, root } => {
                write!(f, "the root's value {root} is below the claim {claimed}")
            }
            OutsideGoal { node } => write!(
                f,
                "node {node}: the round can end here in an outcome outside the goal"
            ),
            NotARoundStart { line, error } => write!(f, "line {line}: {error}"),
            NoSection { start } => write!(
                f,
                "the round start where South holds {} and {} leads has no section",
                start.south(),
                start.leader()
            ),
            SectionOrder { line } => write!(
                f,
                "line {line}: a win's sections come in non-decreasing rank, and this one's is \
                 below an earlier section's"
            ),
            SectionRepeated { line } => write!(
                f,
                "line {line}: this round start already has a section; each has one"
            ),
            InSection { start, error } => write!(
                f,
                "the section of round start {} {}: {error}",
                start.south(),
                start.leader().letter()
            ),
            HoldOutNotShown {
                start,
                needed,
                found,
                leaf,
            } => {
                write!(
                    f,
                    "the round start where South holds {} and {} leads must hold out {needed} \
                     rounds (",
                    start.south(),
                    start.leader()
                )?;
                match leaf {
                    None => write!(f, "the claim")?,
                    Some((section, node)) => write!(
                        f,
                        "the section of round start {} {}, node {node}, leads to it",
                        section.south(),
                        section.leader().letter()
                    )?,
                }
                match found {
                    Some(rank) => write!(f, "), but its section has rank {rank}"),
                    None => write!(f, "), but it has no section"),
                }
            }
            NotAPair { problem } => write!(f, "the two certificates are no pair: {problem}"),
            StartNotProven { claimed, found } => match found {
                Some(rank) => write!(
                    f,
                    "the round start's section has rank {rank}, above the {claimed} rounds claimed"
                ),
                None => write!(f, "the round start the claim is about has no section"),
            },
        }
    }
}

impl std::error::Error for CheckError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            CheckError::Io(e) => Some(e),
            CheckError::Rules(e) => Some(e),
            CheckError::Root(e) => Some(e),
            CheckError::IllegalMove { why, .. } => Some(why),
            CheckError::NotARoundStart { error, .. } => Some(error),
            CheckError::InSection { error, .. } => Some(error.as_ref()),
            _ => None,
        }
    }
}

impl From<std::io::Error> for CheckError {
    fn from(e: std::io::Error) -> CheckError {
        CheckError::Io(e)
    }
}
