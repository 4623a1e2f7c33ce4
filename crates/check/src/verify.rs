//! The check itself: nodes in increasing id order, each position derived from its parents with
//! the engine, every edge pointing forward, every position once, every leaf's value recomputed
//! by the engine's own round end, and values that never fall along an edge.

use crate::error::CheckError;
use crate::format::{self, Claim, Header, Lines, Node};
use rajapasu_engine::{Game, Position, Side, MAX_HOLES};
use std::collections::hash_map::Entry;
use std::collections::HashMap;
use std::io::BufRead;

/// A position exactly, for the "every position once" rule: hole counts, captures and the side
/// to move. Closed holes, reserves and the round never change within a round.
type Key = [u8; 32];

const _: () = assert!(
    MAX_HOLES + 5 <= 32,
    "a key holds the holes, two captures and a side"
);

fn key_of(pos: &Position) -> Key {
    let mut k = [0u8; 32];
    let counts = pos.counts();
    k[..counts.len()].copy_from_slice(counts);
    let at = MAX_HOLES;
    for (i, side) in [Side::South, Side::North].into_iter().enumerate() {
        // Captures are at most the rule set's total, which fits in 16 bits (MAX_TOTAL).
        k[at + 2 * i..at + 2 * i + 2].copy_from_slice(&(pos.captured(side) as u16).to_le_bytes());
    }
    k[at + 4] = pos.to_move().index() as u8;
    k
}

/// A node whose position is known (from its first parent) but that is not checked yet.
struct Pending {
    pos: Position,
    /// The largest value among its parents so far, and that parent.
    needed: i32,
    parent: u64,
}

/// What a checked certificate proves.
#[derive(Clone, Debug)]
pub struct Accepted {
    /// The header: rules, root, prover and claim.
    pub header: Header,
    /// The root's value: the margin the prover's strategy guarantees (at least the claim).
    pub root_value: i32,
    /// Nodes checked.
    pub nodes: u64,
    /// Leaves among them.
    pub leaves: u64,
}

/// The prover's final margin at a leaf where the round is over: the engine ends the round
/// (rule 8(a): the other player takes what is left) and counts the captures.
fn final_margin(pos: &Position, prover: Side) -> i32 {
    let game = Game::from_position(*pos);
    let round = game
        .rounds()
        .first()
        .expect("a position without moves ends its round");
    i32::from(round.captured[prover]) - i32::from(round.captured[!prover])
}

/// Checks the certificate read from `input` (plain text; see [`crate::check_file`] for gzip).
pub fn check<R: BufRead>(input: R) -> Result<Accepted, CheckError> {
    let mut lines = Lines::new(input);
    let header = format::header(&mut lines)?;
    let Claim::Margin(claimed) = header.claim;
    let prover = header.prover;
    let total = header.nodes;
    let mut pending: HashMap<u64, Pending> = HashMap::new();
    let mut seen: HashMap<Key, u64> = HashMap::new();
    let mut root_value = 0;
    let mut leaves = 0;
    for id in 0..total {
        let (number, text) = lines.next_line()?.ok_or(CheckError::Truncated {
            expected: "a node line",
        })?;
        let line = format::node_line(text, number)?;
        if line.id != id {
            return Err(CheckError::OutOfOrder {
                line: lines.number(),
                expected: id,
                found: line.id,
            });
        }
        let pos = if id == 0 {
            if line.value < claimed {
                return Err(CheckError::ClaimTooHigh {
                    claimed,
                    root: line.value,
                });
            }
            root_value = line.value;
            header.root
        } else {
            let p = pending
                .remove(&id)
                .ok_or(CheckError::Unreachable { node: id })?;
            if line.value < p.needed {
                return Err(CheckError::BelowParent {
                    node: id,
                    value: line.value,
                    parent: p.parent,
                    needed: p.needed,
                });
            }
            p.pos
        };
        match seen.entry(key_of(&pos)) {
            Entry::Occupied(first) => {
                return Err(CheckError::RepeatedPosition {
                    node: id,
                    first: *first.get(),
                })
            }
            Entry::Vacant(v) => {
                v.insert(id);
            }
        }
        let legal = pos.legal_moves();
        let mut lead = |child: u64, after: Position| -> Result<(), CheckError> {
            if child <= id {
                return Err(CheckError::ChildNotAfterParent { node: id, child });
            }
            if child >= total {
                return Err(CheckError::ChildOutOfRange { node: id, child });
            }
            match pending.entry(child) {
                Entry::Occupied(mut o) => {
                    let p = o.get_mut();
                    if p.pos != after {
                        return Err(CheckError::ParentsDisagree {
                            node: child,
                            parent: id,
                        });
                    }
                    if line.value > p.needed {
                        p.needed = line.value;
                        p.parent = id;
                    }
                }
                Entry::Vacant(v) => {
                    v.insert(Pending {
                        pos: after,
                        needed: line.value,
                        parent: id,
                    });
                }
            }
            Ok(())
        };
        match &line.node {
            Node::End => {
                if !legal.is_empty() {
                    return Err(CheckError::NotOver { node: id });
                }
                let actual = final_margin(&pos, prover);
                if actual != line.value {
                    return Err(CheckError::WrongLeafValue {
                        node: id,
                        stated: line.value,
                        actual,
                    });
                }
                leaves += 1;
            }
            Node::Decided => {
                // Captures are final within a round, and the opponent can gain at most the
                // counters on the board, however the round ends (rule 8(a) or 8(b)).
                let actual = pos.lead(prover) - pos.on_board() as i32;
                if actual != line.value {
                    return Err(CheckError::WrongLeafValue {
                        node: id,
                        stated: line.value,
                        actual,
                    });
                }
                leaves += 1;
            }
            _ if legal.is_empty() => return Err(CheckError::Over { node: id }),
            Node::Prover { mv, child } => {
                if pos.to_move() != prover {
                    return Err(CheckError::WrongSide { node: id });
                }
                let mut after = pos;
                after.try_play(*mv).map_err(|why| CheckError::IllegalMove {
                    node: id,
                    mv: *mv,
                    why,
                })?;
                lead(*child, after)?;
            }
            Node::Opponent { children } => {
                if pos.to_move() == prover {
                    return Err(CheckError::WrongSide { node: id });
                }
                if children.len() > legal.len() {
                    return Err(CheckError::ExtraReply {
                        node: id,
                        legal: legal.len(),
                        listed: children.len(),
                    });
                }
                if let Some(&reply) = legal.get(children.len()) {
                    return Err(CheckError::MissingReply { node: id, reply });
                }
                for (&reply, &child) in legal.iter().zip(children) {
                    let mut after = pos;
                    after.play(reply);
                    lead(child, after)?;
                }
            }
        }
    }
    match lines.next_line()? {
        None => return Err(CheckError::Truncated { expected: "`end`" }),
        Some((_, "end")) => {}
        Some(_) => {
            return Err(CheckError::TrailingText {
                line: lines.number(),
            })
        }
    }
    if lines.next_line()?.is_some() {
        return Err(CheckError::TrailingText {
            line: lines.number(),
        });
    }
    Ok(Accepted {
        header,
        root_value,
        nodes: total,
        leaves,
    })
}
