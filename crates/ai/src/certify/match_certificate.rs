//! Match certificates: "the prover wins the match from this round start within `k` rounds",
//! as one round section for each round start the proof passes through, ranked by the rounds
//! the match lasts from it (docs/CERTIFICATES.md, "Match certificates").
//!
//! The section of a round start of rank `j` proves that the prover can force the round to end
//! in a match won or at a round start of a lower rank, which has its own section. Ranks fall at
//! every round, so no round start comes twice on any line and decision 11 never ends the match
//! (docs/SOLVING.md, section 7.3, the theorem). The ranks come from a solved match table; the
//! round sections are written by the same recording search as round certificates.

use super::certificate::{Counting, RoundCertificate};
use super::record::{record, Goal};
use super::{CertifyError, CertifyOptions, Progress};
use crate::match_solver::fixpoint::{MatchValue, Proven};
use rajapasu_engine::{BySide, Ending, Position, RoundOutcome, RoundStart, Side};
use std::collections::{BTreeMap, HashMap, HashSet};
use std::io::{self, Write};
use std::sync::Mutex;

/// What a match certificate proves from its round start (docs/CERTIFICATES.md, "Match
/// certificates").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MatchClaim {
    /// The prover wins within this many rounds, this one included (`claim rounds<=K`).
    Within(u32),
    /// The prover does not lose: a win, or a draw by decision 11 (`claim no-loss`).
    NoLoss,
    /// The other player does not win within fewer than this many rounds: the loser's hold-out
    /// (`claim rounds>=K`).
    HoldsOut(u32),
}

/// The proof that `prover` wins the match from a round start within a number of rounds, does
/// not lose it, or holds out against the winner for a number of rounds.
#[derive(Clone, Debug)]
pub struct MatchCertificate {
    pub(super) start: RoundStart,
    pub(super) prover: Side,
    pub(super) claim: MatchClaim,
    /// Each round start's section, with its rank (0 in a no-loss certificate), in the order
    /// written.
    pub(super) sections: Vec<(RoundStart, u32, RoundCertificate)>,
}

impl MatchCertificate {
    /// The rounds within which the prover wins; `None` for any other claim.
    pub fn rounds(&self) -> Option<u32> {
        match self.claim {
            MatchClaim::Within(k) => Some(k),
            MatchClaim::NoLoss | MatchClaim::HoldsOut(_) => None,
        }
    }

    /// What it proves.
    pub fn claim(&self) -> MatchClaim {
        self.claim
    }

    /// The round start it proves the win from.
    pub fn start(&self) -> RoundStart {
        self.start
    }

    /// The prover.
    pub fn prover(&self) -> Side {
        self.prover
    }

    /// The round sections.
    pub fn sections(&self) -> usize {
        self.sections.len()
    }

    /// Each round section: the round start, its rank (the most rounds the match lasts from
    /// it; 0 in a no-loss certificate) and the strategy for its round.
    ///
    /// ```
    /// use rajapasu_ai::certify::{certify_match, CertifyOptions};
    /// use rajapasu_ai::match_solver::fixpoint::{solve_match, MatchOptions};
    /// use rajapasu_engine::{RoundStart, Rules, Side};
    /// let rules: Rules = "canonical/holes=3,counters=1".parse().unwrap();
    /// let table = solve_match(rules, &MatchOptions::default(), &mut |_| {});
    /// let b = RoundStart::new(rules, 4, Side::South).unwrap();
    /// let cert = certify_match(table.iter(), b, &CertifyOptions::default(), &mut |_| {}).unwrap();
    /// let (start, rank, round) = cert.round_sections().next().unwrap();
    /// assert_eq!((start, rank), (b, 1));
    /// assert!(!round.strategy().is_empty());
    /// ```
    pub fn round_sections(&self) -> impl Iterator<Item = (RoundStart, u32, &RoundCertificate)> {
        self.sections.iter().map(|(r, k, c)| (*r, *k, c))
    }

    /// Nodes in all sections.
    pub fn nodes(&self) -> usize {
        self.sections.iter().map(|(_, _, c)| c.nodes()).sum()
    }

    /// Writes the certificate as text. Returns the bytes written.
    pub fn write(&self, out: impl Write) -> io::Result<u64> {
        let mut out = Counting {
            inner: out,
            bytes: 0,
        };
        let letter = |s: Side| s.letter();
        writeln!(out, "rajapasu-certificate 1")?;
        writeln!(out, "rules {}", self.start.rules())?;
        writeln!(
            out,
            "match {} {}",
            self.start.south(),
            letter(self.start.leader())
        )?;
        writeln!(out, "prover {}", letter(self.prover))?;
        match self.claim {
            MatchClaim::Within(k) => writeln!(out, "claim rounds<={k}")?,
            MatchClaim::NoLoss => writeln!(out, "claim no-loss")?,
            MatchClaim::HoldsOut(k) => writeln!(out, "claim rounds>={k}")?,
        }
        writeln!(out, "sections {}", self.sections.len())?;
        for (start, rank, cert) in &self.sections {
            write!(out, "section {} {}", start.south(), letter(start.leader()))?;
            if self.claim != MatchClaim::NoLoss {
                write!(out, " rank {rank}")?;
            }
            writeln!(out)?;
            cert.write_nodes(&mut out)?;
        }
        out.flush()?;
        Ok(out.bytes)
    }
}

/// Writes the proof that the winner of round start `start` wins within the rounds `values`
/// (every round start's proven value, from a solved match table or the values a program ships)
/// give: the most rounds, where only bounds on them are proven. `Err(NoMatchWin)` if the value
/// there is not a proven win.
///
/// ```
/// use rajapasu_ai::certify::{certify_match, CertifyOptions};
/// use rajapasu_ai::match_solver::fixpoint::{solve_match, MatchOptions};
/// use rajapasu_engine::{RoundStart, Rules, Side};
/// let rules: Rules = "canonical/holes=3,counters=1".parse().unwrap();
/// let table = solve_match(rules, &MatchOptions::default(), &mut |_| {});
/// // Decision 11's round start B: South holds 4, leads, and wins in this round.
/// let b = RoundStart::new(rules, 4, Side::South).unwrap();
/// let cert = certify_match(table.iter(), b, &CertifyOptions::default(), &mut |_| {}).unwrap();
/// assert_eq!((cert.rounds(), cert.sections()), (Some(1), 1));
/// ```
pub fn certify_match(
    values: impl IntoIterator<Item = (RoundStart, Proven)>,
    start: RoundStart,
    options: &CertifyOptions,
    progress: &mut (dyn FnMut(&Progress) + Send),
) -> Result<MatchCertificate, CertifyError> {
    let values: HashMap<RoundStart, Proven> = values.into_iter().collect();
    let Some((winner, rounds)) = values.get(&start).and_then(|&v| proven_win(v)) else {
        return Err(CertifyError::NoMatchWin);
    };
    // The most rounds each of the winner's proven wins takes: its rank.
    let ranks: HashMap<RoundStart, u32> = values
        .iter()
        .filter_map(|(&r, &v)| match proven_win(v) {
            Some((w, rounds)) if w == winner => Some((r, rounds)),
            _ => None,
        })
        .collect();
    let mut sections: BTreeMap<(u32, u32, usize), (RoundStart, u32, RoundCertificate)> =
        BTreeMap::new();
    let mut queued: HashSet<RoundStart> = HashSet::from([start]);
    let mut queue = vec![start];
    while let Some(r) = queue.pop() {
        let rank = ranks[&r];
        let goal = Outcomes {
            start: r,
            prover: winner,
            rank,
            ranks: &ranks,
            used: Mutex::new(HashSet::new()),
        };
        let (cert, used) = round_section(
            r,
            winner,
            &goal,
            &goal.used,
            options,
            progress,
            CertifyError::NoMatchWin,
        )?;
        for next in used {
            if queued.insert(next) {
                queue.push(next);
            }
        }
        let key = (rank, r.south(), r.leader().index());
        sections.insert(key, (r, rank, cert));
    }
    Ok(MatchCertificate {
        start,
        prover: winner,
        claim: MatchClaim::Within(rounds),
        sections: sections.into_values().collect(),
    })
}

/// The strategy by which `prover` forces the round begun at round start `start` to end, from
/// `pos` (a position of that round, its history such that no line without repetitions can be
/// ended by rule 8(b): see `Game::repeated_in_layer`), in a match it wins or at a round start
/// that `values` prove it wins, in any number of rounds: a round section whose root is not
/// the round start. `Err(NoMatchWin)` if there is none; `Err(TooLarge)` if the search ran
/// out of [`CertifyOptions::max_visits`] or `max_nodes` first.
///
/// ```
/// use rajapasu_ai::certify::{certify_round_goal, CertifyOptions};
/// use rajapasu_ai::match_solver::fixpoint::{solve_match, MatchOptions};
/// use rajapasu_engine::{RoundStart, Rules, Side};
/// let rules: Rules = "canonical/holes=3,counters=1".parse().unwrap();
/// let table = solve_match(rules, &MatchOptions::default(), &mut |_| {});
/// // Decision 11's round start B: South holds 4, leads, and wins in this round.
/// let b = RoundStart::new(rules, 4, Side::South).unwrap();
/// let pos = b.position(3).unwrap();
/// let options = CertifyOptions::default();
/// let cert = certify_round_goal(table.iter(), b, &pos, Side::South, &options).unwrap();
/// assert_eq!(cert.strategy()[0].0, pos);
/// assert!(certify_round_goal(table.iter(), b, &pos, Side::North, &options).is_err());
/// ```
pub fn certify_round_goal(
    values: impl IntoIterator<Item = (RoundStart, Proven)>,
    start: RoundStart,
    pos: &Position,
    prover: Side,
    options: &CertifyOptions,
) -> Result<RoundCertificate, CertifyError> {
    let ranks: HashMap<RoundStart, u32> = values
        .into_iter()
        .filter_map(|(r, v)| match proven_win(v) {
            Some((w, rounds)) if w == prover => Some((r, rounds)),
            _ => None,
        })
        .collect();
    // Above every rank: any round start the prover wins is in the goal.
    let rank = ranks.values().copied().max().unwrap_or(0) + 1;
    let goal = Outcomes {
        start,
        prover,
        rank,
        ranks: &ranks,
        used: Mutex::new(HashSet::new()),
    };
    record(pos, prover, &goal, None, options, &mut |_| {})
        .0
        .map_err(|e| e.unwrap_or(CertifyError::NoMatchWin))
}

/// Writes the proof that `prover` does not lose the match from round start `start`: for every
/// round start the strategy reaches, a section proving that its round ends in a match won or
/// at a round start whose value in `values` is at worst a draw for the prover. A match that
/// keeps coming back to such round starts is drawn by decision 11, whatever the history.
/// `Err(NoMatchWin)` if the value at `start` is not at worst a draw, or a round cannot be
/// proven.
///
/// ```
/// use rajapasu_ai::certify::{certify_no_loss, CertifyOptions};
/// use rajapasu_ai::match_solver::fixpoint::{solve_match, MatchOptions};
/// use rajapasu_engine::{RoundStart, Rules, Side};
/// let rules: Rules = "canonical/holes=3,counters=2".parse().unwrap();
/// let table = solve_match(rules, &MatchOptions::default(), &mut |_| {});
/// // South holding 4 and leading: a draw by decision 11 (docs/SOLVING.md, section 7.4).
/// let start = RoundStart::new(rules, 4, Side::South).unwrap();
/// let options = CertifyOptions::default();
/// let cert = certify_no_loss(table.iter(), start, Side::South, &options, &mut |_| {}).unwrap();
/// assert_eq!(cert.rounds(), None);
/// ```
pub fn certify_no_loss(
    values: impl IntoIterator<Item = (RoundStart, Proven)>,
    start: RoundStart,
    prover: Side,
    options: &CertifyOptions,
    progress: &mut (dyn FnMut(&Progress) + Send),
) -> Result<MatchCertificate, CertifyError> {
    // At worst a draw for the prover: a prover's win or a draw.
    let safe: HashSet<RoundStart> = values
        .into_iter()
        .filter(|(_, v)| {
            match if prover == Side::South {
                v.worst
            } else {
                v.best
            } {
                MatchValue::Win { winner, .. } => winner == prover,
                MatchValue::Draw => true,
            }
        })
        .map(|(r, _)| r)
        .collect();
    if !safe.contains(&start) {
        return Err(CertifyError::NoMatchWin);
    }
    let mut sections: BTreeMap<(u32, u32, usize), (RoundStart, u32, RoundCertificate)> =
        BTreeMap::new();
    let mut queued: HashSet<RoundStart> = HashSet::from([start]);
    let mut queue = vec![start];
    while let Some(r) = queue.pop() {
        let goal = Safe {
            start: r,
            prover,
            safe: &safe,
            used: Mutex::new(HashSet::new()),
        };
        let root = r.position(2).expect("round 2 is a round");
        let cert = record(&root, prover, &goal, None, options, progress)
            .0
            .map_err(|e| e.unwrap_or(CertifyError::NoMatchWin))?;
        for next in goal.used.into_inner().expect("not poisoned") {
            if queued.insert(next) {
                queue.push(next);
            }
        }
        sections.insert((0, r.south(), r.leader().index()), (r, 0, cert));
    }
    Ok(MatchCertificate {
        start,
        prover,
        claim: MatchClaim::NoLoss,
        sections: sections.into_values().collect(),
    })
}

/// A no-loss section's goal: the round ends in a match won by the prover or at a round start
/// that is at worst a draw for the prover (value 0 for all).
struct Safe<'a> {
    start: RoundStart,
    prover: Side,
    safe: &'a HashSet<RoundStart>,
    /// The round starts the leaves lead to: they need sections of their own.
    used: Mutex<HashSet<RoundStart>>,
}

impl Safe<'_> {
    fn value(&self, outcome: RoundOutcome, used: &mut Vec<RoundStart>) -> Option<i32> {
        match outcome {
            RoundOutcome::MatchWon(side) => (side == self.prover).then_some(0),
            RoundOutcome::Next(next) => {
                used.push(next);
                self.safe.contains(&next).then_some(0)
            }
        }
    }

    fn leaf(&self, value: impl FnOnce(&mut Vec<RoundStart>) -> Option<i32>) -> Option<i32> {
        let mut used = Vec::new();
        let v = value(&mut used)?;
        self.used.lock().expect("not poisoned").extend(used);
        Some(v)
    }
}

impl Goal for Safe<'_> {
    fn target(&self) -> i32 {
        0
    }

    fn end(&self, pos: &Position) -> Option<i32> {
        let outcome = outcome_at_end(self.start, pos);
        self.leaf(|used| self.value(outcome, used))
    }

    fn decided(&self, pos: &Position) -> Option<i32> {
        self.leaf(|used| {
            for outcome in every_outcome(self.start, pos, self.prover) {
                self.value(outcome, used)?;
            }
            Some(0)
        })
    }

    fn hopeless(&self, _: &Position) -> bool {
        false
    }

    fn refuted_at(&self, _: &Position) -> Option<i32> {
        None
    }
}

/// Every outcome the round begun at `start` can still have from `pos`: every split of the
/// counters left, and every way the round can end. The splits come from the worst for
/// `prover` (every counter left to the other player) to the best, so that a goal the worst
/// misses fails at once: a position is asked this at every visit of the search.
pub(super) fn every_outcome(
    start: RoundStart,
    pos: &Position,
    prover: Side,
) -> impl Iterator<Item = RoundOutcome> + '_ {
    let t = pos.on_board();
    (0..=t).flat_map(move |to_prover| {
        let mut captured = captured(pos);
        captured[prover] += to_prover;
        captured[!prover] += t - to_prover;
        every_ending(t).map(|ending| start.outcome(captured, ending))
    })
}

/// Every way a round with `t` counters on the board can end, as far as who leads the next
/// round goes: rule 8(a) with either player stuck (so either player leading, whatever the
/// `empty-board` option says of a board emptied before the end), or rule 8(b).
fn every_ending(t: u32) -> [Ending; 3] {
    [
        Ending::NoMoves {
            stuck: Side::South,
            left: t,
        },
        Ending::NoMoves {
            stuck: Side::North,
            left: t,
        },
        Ending::Repetition,
    ]
}

/// The counters each player has captured in the round at `pos`.
fn captured(pos: &Position) -> BySide<u32> {
    BySide::new(pos.captured(Side::South), pos.captured(Side::North))
}

/// The outcome of the round begun at `start` where it is over at `pos` by rule 8(a): the
/// player who cannot move loses the counters left.
pub(super) fn outcome_at_end(start: RoundStart, pos: &Position) -> RoundOutcome {
    let mut captured = captured(pos);
    captured[!pos.to_move()] += pos.on_board();
    start.outcome(
        captured,
        Ending::NoMoves {
            stuck: pos.to_move(),
            left: pos.on_board(),
        },
    )
}

/// The winner of a value proven to be a win, with the most rounds it can take: the worst
/// case for the winner, whatever the bounds on the rounds.
fn proven_win(v: Proven) -> Option<(Side, u32)> {
    match (v.worst, v.best) {
        (MatchValue::Win { winner, rounds }, _) if winner == Side::South => Some((winner, rounds)),
        (_, MatchValue::Win { winner, rounds }) if winner == Side::North => Some((winner, rounds)),
        _ => None,
    }
}

/// Writes `prover`'s section of round start `r` for `goal` (from the position that starts a round
/// after the first, where the holdings are those of `r`), and takes the round starts its leaves
/// lead to from `used`, which `goal` fills as it is asked. `missing` is the error when no
/// strategy reaches the goal.
pub(super) fn round_section<T>(
    r: RoundStart,
    prover: Side,
    goal: &dyn Goal,
    used: &Mutex<HashSet<T>>,
    options: &CertifyOptions,
    progress: &mut (dyn FnMut(&Progress) + Send),
    missing: CertifyError,
) -> Result<(RoundCertificate, HashSet<T>), CertifyError> {
    let root = r.position(2).expect("round 2 is a round");
    let cert = record(&root, prover, goal, None, options, progress)
        .0
        .map_err(|e| e.unwrap_or(missing))?;
    let used = std::mem::take(&mut *used.lock().expect("not poisoned"));
    Ok((cert, used))
}

/// A round section's goal: the round ends in a match won by the prover (value -1) or at a
/// round start of a lower rank `k` (value `-(k + 1)`: the rounds the match lasts at most).
struct Outcomes<'a> {
    start: RoundStart,
    prover: Side,
    rank: u32,
    ranks: &'a HashMap<RoundStart, u32>,
    /// The round starts the leaves lead to: they need sections of their own.
    used: Mutex<HashSet<RoundStart>>,
}

impl Outcomes<'_> {
    /// The value of an outcome in the goal, noting the round start it leads to in `used`.
    fn value(&self, outcome: RoundOutcome, used: &mut Vec<RoundStart>) -> Option<i32> {
        match outcome {
            RoundOutcome::MatchWon(side) => (side == self.prover).then_some(-1),
            RoundOutcome::Next(next) => {
                let rank = *self.ranks.get(&next)?;
                used.push(next);
                (rank < self.rank).then_some(-(rank as i32) - 1)
            }
        }
    }

    /// A leaf's value, its round starts noted as used when it is in the goal.
    fn leaf(&self, value: impl FnOnce(&mut Vec<RoundStart>) -> Option<i32>) -> Option<i32> {
        let mut used = Vec::new();
        let v = value(&mut used)?;
        self.used.lock().expect("not poisoned").extend(used);
        Some(v)
    }
}

impl Goal for Outcomes<'_> {
    fn target(&self) -> i32 {
        -(self.rank as i32)
    }

    fn end(&self, pos: &Position) -> Option<i32> {
        let outcome = outcome_at_end(self.start, pos);
        self.leaf(|used| self.value(outcome, used))
    }

    fn decided(&self, pos: &Position) -> Option<i32> {
        self.leaf(|used| {
            let mut worst = i32::MAX;
            for outcome in every_outcome(self.start, pos, self.prover) {
                worst = worst.min(self.value(outcome, used)?);
            }
            Some(worst)
        })
    }

    fn hopeless(&self, _: &Position) -> bool {
        false
    }

    fn refuted_at(&self, _: &Position) -> Option<i32> {
        None
    }
}
