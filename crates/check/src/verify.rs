//! The check itself: nodes in increasing id order, each position derived from its parents with
//! the engine, every edge pointing forward, every position once, every leaf's value recomputed
//! by the engine's own round end, and values that never fall along an edge.

use crate::error::CheckError;
use crate::format::{self, Claim, Header, Lines, Node};
use rajapasu_engine::{BySide, Ending, Game, Position, RoundOutcome, RoundStart, Side, MAX_HOLES};
use std::cell::RefCell;
use std::collections::hash_map::Entry;
use std::collections::{HashMap, HashSet};
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
    /// What the strategy guarantees at the root: the margin (at least the claim) in a round
    /// certificate; in a match certificate, minus the rounds within which the prover wins (0
    /// for no loss); in a hold-out certificate, the rounds the other player cannot win in fewer
    /// than (the rank of the round start's section).
    pub root_value: i32,
    /// Nodes checked.
    pub nodes: u64,
    /// Leaves among them.
    pub leaves: u64,
    /// Round sections (a match certificate; 0 for a round certificate).
    pub sections: u64,
}

/// How a goal values the leaves: `None` for an outcome outside the goal.
trait Leaves {
    /// A position where the round is over by rule 8(a), at the leaf `node`.
    fn end(&self, pos: &Position, node: u64) -> Option<i32>;
    /// A position whose every continuation is covered, at the leaf `node`: the worst value
    /// among them.
    fn decided(&self, pos: &Position, node: u64) -> Option<i32>;
}

/// The counters the engine gives each player at the end of the round at `pos`, where the
/// player to move has no move (rule 8(a): the other player takes what is left).
fn round_end(pos: &Position) -> BySide<u32> {
    let game = Game::from_position(*pos);
    let round = game
        .rounds()
        .first()
        .expect("a position without moves ends its round");
    round.captured.map(u32::from)
}

/// How the round ends at `pos`, where the player to move has no move: rule 8(a), the counters
/// left (none, on an empty board) going to the other player.
fn stuck(pos: &Position) -> Ending {
    Ending::NoMoves {
        stuck: pos.to_move(),
        left: pos.on_board(),
    }
}

/// A round certificate's leaves: the prover's final margin.
struct Margins {
    prover: Side,
}

impl Leaves for Margins {
    fn end(&self, pos: &Position, _: u64) -> Option<i32> {
        let c = round_end(pos);
        Some(c[self.prover] as i32 - c[!self.prover] as i32)
    }

    fn decided(&self, pos: &Position, _: u64) -> Option<i32> {
        // Captures are final within a round, and the opponent can gain at most the counters
        // on the board, however the round ends (rule 8(a) or 8(b)).
        Some(pos.lead(self.prover) - pos.on_board() as i32)
    }
}

/// A match section's leaves: minus the rounds within which the prover wins after this round,
/// this one included (1 for a match won in this round); `None` for an outcome that is neither
/// a win for the prover nor a round start of a lower rank.
struct Outcomes<'a> {
    start: RoundStart,
    prover: Side,
    rank: u32,
    ranks: &'a HashMap<RoundStart, u32>,
}

impl Outcomes<'_> {
    fn value(&self, outcome: RoundOutcome) -> Option<i32> {
        match outcome {
            RoundOutcome::MatchWon(side) if side == self.prover => Some(-1),
            RoundOutcome::MatchWon(_) => None,
            RoundOutcome::Next(next) => {
                let rank = *self.ranks.get(&next)?;
                (rank < self.rank).then_some(-(rank as i32) - 1)
            }
        }
    }
}

impl Leaves for Outcomes<'_> {
    fn end(&self, pos: &Position, _: u64) -> Option<i32> {
        self.value(self.start.outcome(round_end(pos), stuck(pos)))
    }

    fn decided(&self, pos: &Position, _: u64) -> Option<i32> {
        every_end(self.start, pos, |o| self.value(o))
    }
}

/// A no-loss section's leaves: the round ends in a match won by the prover or at any round
/// start, which must then have a section too (value 0 for all). Matches that go on for ever,
/// or that decision 11 draws, are no loss.
struct Safe<'a> {
    start: RoundStart,
    prover: Side,
    reached: &'a RefCell<HashSet<RoundStart>>,
}

impl Safe<'_> {
    fn value(&self, outcome: RoundOutcome) -> Option<i32> {
        match outcome {
            RoundOutcome::MatchWon(side) => (side == self.prover).then_some(0),
            RoundOutcome::Next(next) => {
                self.reached.borrow_mut().insert(next);
                Some(0)
            }
        }
    }
}

impl Leaves for Safe<'_> {
    fn end(&self, pos: &Position, _: u64) -> Option<i32> {
        self.value(self.start.outcome(round_end(pos), stuck(pos)))
    }

    fn decided(&self, pos: &Position, _: u64) -> Option<i32> {
        every_end(self.start, pos, |o| self.value(o))
    }
}

/// A round start that a hold-out section's leaf needs to hold out for some rounds: the most
/// any leaf needs, and the first leaf that needed that much.
#[derive(Clone, Copy)]
struct Need {
    /// The round start.
    start: RoundStart,
    rounds: u32,
    section: RoundStart,
    node: u64,
    /// The order the needs were found in, so that the first unmet one is the one reported.
    order: usize,
}

/// A hold-out section's leaves, every value the section's rank `J`: the round ends in a match
/// won by the prover, or at a round start that must then hold out `J - 1` rounds (any round
/// start when `J` is 2, as every match lasts at least the round it is in; anything at all when
/// `J` is 1). A round start's need is met at the end of the file, by a section of a rank at
/// least that, before or after this one: the proof is by induction on the rounds held out, not
/// on the sections, so sections may lead to each other in any order.
struct HoldOut<'a> {
    start: RoundStart,
    prover: Side,
    rank: u32,
    /// By South's holdings and the leader's index: every round start of a certificate has its
    /// rules, and hashing those for every outcome of every leaf would cost more than the rest.
    needs: &'a RefCell<HashMap<(u32, usize), Need>>,
}

impl HoldOut<'_> {
    fn value(&self, outcome: RoundOutcome, node: u64) -> Option<i32> {
        let rank = self.rank;
        match outcome {
            _ if rank == 1 => {}
            RoundOutcome::MatchWon(side) if side == self.prover => {}
            RoundOutcome::MatchWon(_) => return None,
            RoundOutcome::Next(_) if rank == 2 => {}
            RoundOutcome::Next(next) => {
                let mut needs = self.needs.borrow_mut();
                let order = needs.len();
                let need = needs
                    .entry((next.south(), next.leader().index()))
                    .or_insert(Need {
                        start: next,
                        rounds: 0,
                        section: self.start,
                        node,
                        order,
                    });
                if need.rounds < rank - 1 {
                    *need = Need {
                        rounds: rank - 1,
                        section: self.start,
                        node,
                        ..*need
                    };
                }
            }
        }
        Some(rank as i32)
    }
}

impl Leaves for HoldOut<'_> {
    fn end(&self, pos: &Position, node: u64) -> Option<i32> {
        self.value(self.start.outcome(round_end(pos), stuck(pos)), node)
    }

    fn decided(&self, pos: &Position, node: u64) -> Option<i32> {
        every_end(self.start, pos, |o| self.value(o, node))
    }
}

/// The worst value among every way the round can end from `pos`: every split of the counters
/// left, and rule 8(a) with either player to move, or rule 8(b). `None` if one is outside the
/// goal.
fn every_end(
    start: RoundStart,
    pos: &Position,
    value: impl Fn(RoundOutcome) -> Option<i32>,
) -> Option<i32> {
    let t = pos.on_board();
    let mut worst = i32::MAX;
    for south in 0..=t {
        let captured = BySide::new(
            pos.captured(Side::South) + south,
            pos.captured(Side::North) + t - south,
        );
        // Rule 8(a) with counters left, either player stuck: either player leads next, which
        // covers whatever the `empty-board` option says of a board emptied before the end.
        for ending in [
            Ending::NoMoves {
                stuck: Side::South,
                left: t,
            },
            Ending::NoMoves {
                stuck: Side::North,
                left: t,
            },
            Ending::Repetition,
        ] {
            worst = worst.min(value(start.outcome(captured, ending))?);
        }
    }
    Some(worst)
}

/// A section's graph, its errors named by its round start.
fn section_nodes<R: BufRead>(
    lines: &mut Lines<R>,
    section: RoundStart,
    prover: Side,
    claimed: i32,
    goal: &dyn Leaves,
) -> Result<Body, CheckError> {
    let root = section.position(2).expect("round 2 is a round");
    nodes(lines, &root, prover, claimed, goal).map_err(|error| CheckError::InSection {
        start: section,
        error: Box::new(error),
    })
}

/// What one graph of nodes proved.
struct Body {
    root_value: i32,
    nodes: u64,
    leaves: u64,
}

/// Checks the certificate read from `input` (plain text; see [`crate::check_file`] for gzip).
pub fn check<R: BufRead>(input: R) -> Result<Accepted, CheckError> {
    let mut lines = Lines::new(input);
    let header = format::header(&mut lines)?;
    let prover = header.prover;
    let accepted = match header.claim {
        Claim::Margin(claimed) => {
            let body = nodes(
                &mut lines,
                &header.root,
                prover,
                claimed,
                &Margins { prover },
            )?;
            Accepted {
                header,
                root_value: body.root_value,
                nodes: body.nodes,
                leaves: body.leaves,
                sections: 0,
            }
        }
        Claim::Rounds { start, rounds } => {
            let sections = lines.count("sections", "`sections N`, N at least 1")?;
            let mut ranks: HashMap<RoundStart, u32> = HashMap::new();
            let (mut last, mut total, mut leaves) = (0, 0, 0);
            for _ in 0..sections {
                let (section, rank, line) = format::ranked_section(&mut lines, header.rules)?;
                if ranks.contains_key(&section) {
                    return Err(CheckError::SectionRepeated { line });
                }
                if rank < last {
                    return Err(CheckError::SectionOrder { line });
                }
                let goal = Outcomes {
                    start: section,
                    prover,
                    rank,
                    ranks: &ranks,
                };
                let body = section_nodes(&mut lines, section, prover, -(rank as i32), &goal)?;
                ranks.insert(section, rank);
                last = rank;
                total += body.nodes;
                leaves += body.leaves;
            }
            let rank = ranks.get(&start).copied();
            if !rank.is_some_and(|k| k <= rounds) {
                return Err(CheckError::StartNotProven {
                    claimed: rounds,
                    found: rank,
                });
            }
            Accepted {
                header,
                root_value: -(rank.expect("checked above") as i32),
                nodes: total,
                leaves,
                sections,
            }
        }
        Claim::HoldsOut { start, rounds } => {
            let sections = lines.count("sections", "`sections N`, N at least 1")?;
            let mut ranks: HashMap<RoundStart, u32> = HashMap::new();
            let needs = RefCell::new(HashMap::new());
            let (mut total, mut leaves) = (0, 0);
            for _ in 0..sections {
                let (section, rank, line) = format::ranked_section(&mut lines, header.rules)?;
                if ranks.insert(section, rank).is_some() {
                    return Err(CheckError::SectionRepeated { line });
                }
                let goal = HoldOut {
                    start: section,
                    prover,
                    rank,
                    needs: &needs,
                };
                let body = section_nodes(&mut lines, section, prover, rank as i32, &goal)?;
                total += body.nodes;
                leaves += body.leaves;
            }
            let found = ranks.get(&start).copied();
            if !found.is_some_and(|j| j >= rounds) {
                return Err(CheckError::HoldOutNotShown {
                    start,
                    needed: rounds,
                    found,
                    leaf: None,
                });
            }
            // Every round start a leaf leads to holds out as long as the leaf needs.
            let mut needs: Vec<Need> = needs.into_inner().into_values().collect();
            needs.sort_by_key(|need| need.order);
            for need in needs {
                let reached = need.start;
                let found = ranks.get(&reached).copied();
                if !found.is_some_and(|j| j >= need.rounds) {
                    return Err(CheckError::HoldOutNotShown {
                        start: reached,
                        needed: need.rounds,
                        found,
                        leaf: Some((need.section, need.node)),
                    });
                }
            }
            Accepted {
                header,
                root_value: found.expect("checked above") as i32,
                nodes: total,
                leaves,
                sections,
            }
        }
        Claim::NoLoss { start } => {
            let sections = lines.count("sections", "`sections N`, N at least 1")?;
            let mut listed: HashSet<RoundStart> = HashSet::new();
            let reached = RefCell::new(HashSet::from([start]));
            let (mut total, mut leaves) = (0, 0);
            for _ in 0..sections {
                let (section, rank) = format::section(&mut lines, header.rules)?;
                let line = lines.number();
                if rank.is_some() {
                    return Err(CheckError::Header {
                        line,
                        expected: "`section HOLDINGS LEADER`: no ranks in a no-loss certificate",
                    });
                }
                if !listed.insert(section) {
                    return Err(CheckError::SectionRepeated { line });
                }
                let goal = Safe {
                    start: section,
                    prover,
                    reached: &reached,
                };
                let body = section_nodes(&mut lines, section, prover, 0, &goal)?;
                total += body.nodes;
                leaves += body.leaves;
            }
            // Every round start a round can lead to has a section of its own.
            let reached = reached.into_inner();
            if let Some(&missing) = reached.iter().find(|r| !listed.contains(r)) {
                return Err(CheckError::NoSection { start: missing });
            }
            Accepted {
                header,
                root_value: 0,
                nodes: total,
                leaves,
                sections,
            }
        }
    };
    if let Some((line, _)) = lines.next_line()? {
        return Err(CheckError::TrailingText { line });
    }
    Ok(accepted)
}

/// Checks one graph: `nodes N`, the node lines, `end`. The root's value must be at least
/// `claimed`; `goal` values the leaves.
fn nodes<R: BufRead>(
    lines: &mut Lines<R>,
    root: &Position,
    prover: Side,
    claimed: i32,
    goal: &dyn Leaves,
) -> Result<Body, CheckError> {
    let total = lines.count("nodes", "`nodes N`, N at least 1")?;
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
            *root
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
            Node::End | Node::Decided => {
                let actual = if line.node == Node::End {
                    if !legal.is_empty() {
                        return Err(CheckError::NotOver { node: id });
                    }
                    goal.end(&pos, id)
                } else {
                    goal.decided(&pos, id)
                };
                let actual = actual.ok_or(CheckError::OutsideGoal { node: id })?;
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
        None => Err(CheckError::Truncated { expected: "`end`" }),
        Some((_, "end")) => Ok(Body {
            root_value,
            nodes: total,
            leaves,
        }),
        Some((line, _)) => Err(CheckError::TrailingText { line }),
    }
}
