//! The loser's hold-out certificates: "from this round start, the other player does not win
//! the match in fewer than `K` rounds" (docs/CERTIFICATES.md, "Hold-out certificates").
//!
//! A round start of rank `J` proves that the match lasts at least `J` rounds from it unless it
//! ends otherwise (a win for the prover, a draw by decision 11). Its section shows that the
//! prover can force its round to end in a match the prover wins, or, for `J` of 3 or more, at
//! a round start that has a section of rank at least `J - 1` (for `J = 2`, at any round
//! start; a section of rank 1 proves nothing, every match lasting at least one round). The
//! ranks come from the possible fixpoint's values, the fewest rounds the winner could need
//! (docs/SOLVING.md, section 7.3): where the winner cannot win within `q - 1` rounds even if
//! the repetitions go its way, the loser can force each round's outcome outside "the winner
//! wins, or a round start it wins within `q - 2`", by a strategy that never repeats a
//! position, and the recording search finds that strategy itself.

use super::certificate::RoundCertificate;
use super::match_certificate::{
    every_outcome, outcome_at_end, round_section, MatchCertificate, MatchClaim,
};
use super::record::Goal;
use super::{CertifyError, CertifyOptions, Progress};
use crate::match_solver::fixpoint::{MatchValue, Proven};
use rajapasu_engine::{Position, RoundOutcome, RoundStart, Side};
use std::collections::{BTreeMap, BinaryHeap, HashMap, HashSet};
use std::sync::Mutex;

/// The fewest rounds within which `winner` could win from a round start of value `v`, even if
/// every repetition went its way (the possible fixpoint's value); `None` if it cannot win at
/// all there.
fn fewest_rounds(v: Proven, winner: Side) -> Option<u32> {
    // The best for the winner: South's best, or the worst for South when North wins.
    let best = if winner == Side::South {
        v.best
    } else {
        v.worst
    };
    match best {
        MatchValue::Win { winner: w, rounds } if w == winner => Some(rounds),
        _ => None,
    }
}

/// Writes the proof that the loser of round start `start` (the player `values` prove the
/// other wins against) holds out: the winner does not win the match in fewer than `K` rounds,
/// `K` the fewest rounds the value there allows (the exact number where it is exact). With a
/// winner's certificate "within `K` rounds" this proves that the match lasts exactly `K`
/// rounds from `start` with best play. `Err(NoHoldOut)` if the value at `start` is not a
/// proven win, or a round on the way could not be proven (the search ran out of its limits).
///
/// ```
/// use rajapasu_ai::certify::{certify_hold_out, CertifyOptions, MatchClaim};
/// use rajapasu_ai::match_solver::fixpoint::{solve_match, MatchOptions};
/// use rajapasu_engine::{RoundStart, Rules, Side};
/// let rules: Rules = "canonical/holes=4,counters=1".parse().unwrap();
/// let table = solve_match(rules, &MatchOptions::default(), &mut |_| {});
/// // South holding 3 and leading: North wins in exactly 3 rounds, and South holds out.
/// let start = RoundStart::new(rules, 3, Side::South).unwrap();
/// let cert = certify_hold_out(table.iter(), start, &CertifyOptions::default(), &mut |_| {});
/// let cert = cert.unwrap();
/// assert_eq!((cert.prover(), cert.claim()), (Side::South, MatchClaim::HoldsOut(3)));
/// ```
pub fn certify_hold_out(
    values: impl IntoIterator<Item = (RoundStart, Proven)>,
    start: RoundStart,
    options: &CertifyOptions,
    progress: &mut (dyn FnMut(&Progress) + Send),
) -> Result<MatchCertificate, CertifyError> {
    let values: HashMap<RoundStart, Proven> = values.into_iter().collect();
    let value = *values.get(&start).ok_or(CertifyError::NoHoldOut)?;
    let winner = value.winner().ok_or(CertifyError::NoHoldOut)?;
    let claim = fewest_rounds(value, winner).ok_or(CertifyError::NoHoldOut)?;
    // What the values prove the loser holds out at each round start, no more than the claim
    // (no section ever needs more); where the winner cannot win at all, the claim. Round
    // starts go by their place, South's holdings and the leader: hashing one's rules for every
    // outcome of every leaf would cost more than the rest, and places have an order.
    let holds: HashMap<Place, (RoundStart, u32)> = values
        .iter()
        .map(|(&r, &v)| {
            let q = fewest_rounds(v, winner).map_or(claim, |q| q.min(claim));
            (place(r), (r, q))
        })
        .collect();
    let prover = !winner;
    let mut sections: BTreeMap<(u32, Place), (RoundStart, u32, RoundCertificate)> = BTreeMap::new();
    // Round starts by the rounds they must hold out, the most first: a section of rank `J`
    // needs only ranks `J - 1`, so when a round start comes out of the queue every section
    // that could need more of it is written, and its rank is the most any of them needs.
    let mut queue = BinaryHeap::from([(claim, place(start))]);
    let mut written: HashSet<Place> = HashSet::new();
    while let Some((rank, at)) = queue.pop() {
        if !written.insert(at) {
            continue;
        }
        let r = holds[&at].0;
        let goal = Holds {
            start: r,
            prover,
            rank,
            holds: &holds,
            used: Mutex::new(HashSet::new()),
        };
        let (cert, used) = round_section(
            r,
            prover,
            &goal,
            &goal.used,
            options,
            progress,
            CertifyError::NoHoldOut,
        )?;
        for next in used {
            if !written.contains(&next) {
                queue.push((rank - 1, next));
            }
        }
        sections.insert((rank, at), (r, rank, cert));
    }
    Ok(MatchCertificate {
        start,
        prover,
        claim: MatchClaim::HoldsOut(claim),
        sections: sections.into_values().collect(),
    })
}

/// A hold-out section's goal, every value the rank `J`: the round ends in a match the prover
/// wins, or at a round start that holds out at least `J - 1` rounds (any round start when `J`
/// is 2; anything at all when `J` is 1).
struct Holds<'a> {
    start: RoundStart,
    prover: Side,
    rank: u32,
    /// What each round start holds out, by the values.
    holds: &'a HashMap<Place, (RoundStart, u32)>,
    /// The round starts the leaves lead to that need sections of their own, of rank `J - 1`.
    used: Mutex<HashSet<Place>>,
}

/// A round start's place among those of its rules: South's holdings and the leader's index.
type Place = (u32, usize);

fn place(r: RoundStart) -> Place {
    (r.south(), r.leader().index())
}

impl Holds<'_> {
    /// Whether an outcome is in the goal, noting in `used` the round start it leads to when
    /// that needs a section.
    fn holds(&self, outcome: RoundOutcome, used: &mut Vec<Place>) -> bool {
        match outcome {
            _ if self.rank == 1 => true,
            RoundOutcome::MatchWon(side) => side == self.prover,
            RoundOutcome::Next(_) if self.rank == 2 => true,
            RoundOutcome::Next(next) => {
                let at = place(next);
                let holds = self
                    .holds
                    .get(&at)
                    .is_some_and(|&(_, j)| j + 1 >= self.rank);
                if holds {
                    used.push(at);
                }
                holds
            }
        }
    }

    /// The rank, for a leaf all of whose outcomes are in the goal (their round starts then
    /// noted as used).
    fn leaf(&self, outcomes: impl IntoIterator<Item = RoundOutcome>) -> Option<i32> {
        let mut used = Vec::new();
        for outcome in outcomes {
            if !self.holds(outcome, &mut used) {
                return None;
            }
        }
        self.used.lock().expect("not poisoned").extend(used);
        Some(self.rank as i32)
    }
}

impl Goal for Holds<'_> {
    fn target(&self) -> i32 {
        self.rank as i32
    }

    fn end(&self, pos: &Position) -> Option<i32> {
        self.leaf([outcome_at_end(self.start, pos)])
    }

    fn decided(&self, pos: &Position) -> Option<i32> {
        self.leaf(every_outcome(self.start, pos, self.prover))
    }

    fn hopeless(&self, _: &Position) -> bool {
        false
    }

    fn refuted_at(&self, _: &Position) -> Option<i32> {
        None
    }
}
