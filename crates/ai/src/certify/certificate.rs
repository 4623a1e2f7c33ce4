//! A round certificate as the recording search leaves it, and its text.

use rajapasu_engine::{Move, Position, Side};
use std::io::{self, Write};

/// A node of the strategy, as the search finished it: children always finish before their
/// parents, so a node's index is greater than its children's.
#[derive(Clone, Copy, Debug)]
pub(super) enum Rec {
    /// The prover plays `mv`, leading to node `child`.
    Prover { mv: u8, child: u32, value: i16 },
    /// The opponent's replies lead to `children[first..first + len]`, in hole order.
    Opponent { first: u32, len: u8, value: i16 },
    /// The round is over (rule 8(a)); `value` is the prover's final margin.
    End { value: i16 },
    /// The counters decide: the prover's lead less the counters left is `value`, at least the
    /// margin claimed, and no continuation can lower the final margin below it.
    Decided { value: i16 },
}

impl Rec {
    pub(super) fn value(self) -> i32 {
        match self {
            Rec::Prover { value, .. }
            | Rec::Opponent { value, .. }
            | Rec::End { value }
            | Rec::Decided { value } => value.into(),
        }
    }
}

/// The proof that `prover` ends the round from `root` at least `margin` counters ahead: the
/// prover's strategy as a graph of positions, each once, with no cycle. Written by
/// [`certify_round`](super::certify_round), checked by `rajapasu check`.
#[derive(Clone, Debug)]
pub struct RoundCertificate {
    pub(super) root: Position,
    pub(super) prover: Side,
    pub(super) margin: i32,
    /// In the order the search finished them: the root is last.
    pub(super) nodes: Vec<Rec>,
    pub(super) children: Vec<u32>,
}

impl RoundCertificate {
    /// The position the proof starts from.
    pub fn root(&self) -> &Position {
        &self.root
    }

    /// The player whose strategy it is.
    pub fn prover(&self) -> Side {
        self.prover
    }

    /// The margin claimed.
    pub fn margin(&self) -> i32 {
        self.margin
    }

    /// The margin the strategy guarantees: the least final margin among its leaves (at least
    /// the claim).
    pub fn root_value(&self) -> i32 {
        self.nodes.last().map_or(self.margin, |r| r.value())
    }

    /// Nodes (positions) in the strategy.
    pub fn nodes(&self) -> usize {
        self.nodes.len()
    }

    /// Leaves: positions where the round is over, or where the counters decide.
    pub fn leaves(&self) -> usize {
        self.nodes
            .iter()
            .filter(|r| matches!(r, Rec::End { .. } | Rec::Decided { .. }))
            .count()
    }

    /// The prover's move at each of its positions in the strategy, found by playing the
    /// strategy out from the root: every reply of the opponent, each position once. A player
    /// that plays these moves from the root reaches the claim, whatever the replies.
    ///
    /// ```
    /// use rajapasu_ai::certify::{certify_round, CertifyOptions};
    /// use rajapasu_ai::solver::Solver;
    /// use rajapasu_engine::{Position, Side};
    /// let rules = "canonical/holes=3,counters=2,mode=round".parse().unwrap();
    /// let root = Position::start(rules);
    /// let options = CertifyOptions::default();
    /// let cert = certify_round(&root, Side::South, 0, &mut Solver::new(16), &options, &mut |_| {})
    ///     .unwrap();
    /// let moves = cert.strategy();
    /// assert_eq!(moves[0].0, root);
    /// assert!(moves.iter().all(|(pos, mv)| pos.to_move() == Side::South && pos.legal_moves().contains(*mv)));
    /// ```
    pub fn strategy(&self) -> Vec<(Position, Move)> {
        let Some(last) = self.nodes.len().checked_sub(1) else {
            return Vec::new();
        };
        let mut seen = vec![false; self.nodes.len()];
        let mut stack = vec![(last, self.root)];
        let mut moves = Vec::new();
        while let Some((k, pos)) = stack.pop() {
            if std::mem::replace(&mut seen[k], true) {
                continue;
            }
            match self.nodes[k] {
                Rec::Prover { mv, child, .. } => {
                    let mv = Move::new(mv).expect("the search records legal moves");
                    let mut next = pos;
                    next.play(mv);
                    moves.push((pos, mv));
                    stack.push((child as usize, next));
                }
                Rec::Opponent { first, len, .. } => {
                    // The children are the replies in the order of the legal moves.
                    let replies = pos.legal_moves();
                    let kids = &self.children[first as usize..first as usize + len as usize];
                    for (&m, &c) in replies.iter().zip(kids) {
                        let mut next = pos;
                        next.play(m);
                        stack.push((c as usize, next));
                    }
                }
                Rec::End { .. } | Rec::Decided { .. } => {}
            }
        }
        moves
    }

    /// The certificate of the nodes reachable from the root, the last of `nodes` (the search
    /// leaves behind nodes that a parent proved and then did not use).
    pub(super) fn reachable(
        root: Position,
        prover: Side,
        margin: i32,
        nodes: &[Rec],
        children: &[u32],
    ) -> RoundCertificate {
        let kids = |rec: &Rec| -> Vec<u32> {
            match *rec {
                Rec::Prover { child, .. } => vec![child],
                Rec::Opponent { first, len, .. } => {
                    children[first as usize..first as usize + len as usize].to_vec()
                }
                Rec::End { .. } | Rec::Decided { .. } => Vec::new(),
            }
        };
        // Children come before their parents, so one pass from the root down marks them all.
        let mut used = vec![false; nodes.len()];
        if let Some(last) = used.last_mut() {
            *last = true;
        }
        for k in (0..nodes.len()).rev() {
            if used[k] {
                for c in kids(&nodes[k]) {
                    used[c as usize] = true;
                }
            }
        }
        let mut index = vec![u32::MAX; nodes.len()];
        let mut cert = RoundCertificate {
            root,
            prover,
            margin,
            nodes: Vec::new(),
            children: Vec::new(),
        };
        for (k, rec) in nodes.iter().enumerate().filter(|(k, _)| used[*k]) {
            index[k] = cert.nodes.len() as u32;
            cert.nodes.push(match *rec {
                Rec::Prover { mv, child, value } => Rec::Prover {
                    mv,
                    child: index[child as usize],
                    value,
                },
                Rec::Opponent { len, value, .. } => {
                    let first = cert.children.len() as u32;
                    for c in kids(rec) {
                        cert.children.push(index[c as usize]);
                    }
                    Rec::Opponent { first, len, value }
                }
                leaf => leaf,
            });
        }
        cert
    }

    /// Writes the certificate as text (docs/CERTIFICATES.md): the header, then node 0 (the
    /// root) onwards, each node's children after it. Returns the bytes written.
    pub fn write(&self, out: impl Write) -> io::Result<u64> {
        let mut out = Counting {
            inner: out,
            bytes: 0,
        };
        writeln!(out, "rajapasu-certificate 1")?;
        writeln!(out, "rules {}", self.root.rules())?;
        writeln!(out, "root {}", self.root)?;
        writeln!(out, "prover {}", self.prover.letter())?;
        writeln!(out, "claim margin>={}", self.margin)?;
        self.write_nodes(&mut out)?;
        out.flush()?;
        Ok(out.bytes)
    }

    /// Writes `nodes N`, the node lines and `end`.
    pub(super) fn write_nodes(&self, out: &mut impl Write) -> io::Result<()> {
        let n = self.nodes.len() as u32;
        writeln!(out, "nodes {n}")?;
        // Ids are the finishing order reversed, so every child's id is greater than its
        // parent's.
        let id = |k: u32| n - 1 - k;
        for (i, rec) in self.nodes.iter().rev().enumerate() {
            match *rec {
                Rec::Prover { mv, child, value } => {
                    writeln!(out, "{i} P {value} {mv} {}", id(child))?
                }
                Rec::Opponent { first, len, value } => {
                    write!(out, "{i} O {value}")?;
                    for &c in &self.children[first as usize..first as usize + len as usize] {
                        write!(out, " {}", id(c))?;
                    }
                    writeln!(out)?;
                }
                Rec::End { value } => writeln!(out, "{i} E {value}")?,
                Rec::Decided { value } => writeln!(out, "{i} D {value}")?,
            }
        }
        writeln!(out, "end")
    }
}

/// A writer that counts what passes through it.
pub(super) struct Counting<W> {
    pub(super) inner: W,
    pub(super) bytes: u64,
}

impl<W: Write> Write for Counting<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.bytes += n as u64;
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}
