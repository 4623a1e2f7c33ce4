//! The possible fixpoint (docs/SOLVING.md 7.3) computed from the proven one downwards, one
//! backward pass per round start answering every iteration's test at once.
//!
//! Write `P(r)` for the number of rounds in which a side may win from round start `r` if
//! repetitions go its way (its rank in the possible fixpoint; none if it cannot). Iteration
//! `k`'s test at `r` asks whether the other player cannot force the round outside "a win, or
//! a round start of rank below `k`". Its answer grows with `k`, so `P(r)` is the least `k`
//! that passes, and the tests of every `k` are answered by one pass: the other player's
//! attractor of the goal's complement, grown from the largest `k` down (the goals shrink as
//! `k` falls, so their complements grow), until it holds the round start.
//!
//! The iterations' goals are not known in advance, so the ranks are found from above: start
//! from the proven ranks (a proven win in `k` rounds is a possible one in `k`), take at every
//! round start the least `k` that passes with the goals the current ranks give, and repeat
//! until nothing changes. Each pass can only lower a rank (the goals only grow), and the
//! result is the fixpoint the iterations find: any ranks that reproduce themselves are those,
//! since the test of `k` looks only at ranks below `k` (induction on `k`). A pass is needed
//! again only at round starts whose rounds can lead to a round start whose rank fell, so after
//! the first pass (the check of section 7.3: where nothing falls, no answer depended on
//! repetitions) few are made.

use super::rounds::{index, mirrors, Bound, Rounds};
use rajapasu_engine::{RoundOutcome, RoundStart, Rules, Side};
use rayon::prelude::*;

/// A side's ranks by round start (`None`: no win).
pub(super) type Ranks = Vec<Option<u32>>;

/// What the possible fixpoint found.
pub(super) struct Possible {
    /// South's ranks, then North's.
    pub ranks: [Ranks; 2],
    /// Round starts passed over (each a backward pass over its round, or the counter value's
    /// answers).
    pub passes: u64,
    /// Whether some rank is lower than the proven one: some round's answer depended on
    /// repetitions.
    pub open: bool,
}

/// What a round of passes found: its number (from 1), the round starts each side may win as
/// far as the passes know, and how many ranks fell in it.
pub(super) struct PassReport {
    /// Which round of passes.
    pub pass: u32,
    /// Round starts possibly won, for South and for North.
    pub won: [usize; 2],
    /// Ranks that fell: none in the last.
    pub fallen: usize,
}

/// The possible ranks of both sides, from the `proven` ranks (South's, then North's), with
/// `progress` told after each round of passes.
pub(super) fn possible_ranks(
    rules: &Rules,
    rounds: &Rounds,
    proven: &[Ranks; 2],
    progress: &mut dyn FnMut(PassReport),
) -> Possible {
    let starts: Vec<RoundStart> = RoundStart::all(*rules).collect();
    let mirror = mirrors(rules);
    let mut ranks = proven.clone();
    // Only South's ranks are looked for: North's are South's at the mirrored round starts
    // (`mirrors`). The round starts a pass must look at: at first every one whose rank is not
    // settled by the proven fixpoint alone. Where North wins even if repetitions go against
    // it, South cannot win even if they go its way; a rank of 1 cannot fall; and on a round
    // graph without cycles, the possible answers to the proven goals are the proven ones.
    let (south, north) = (Side::South.index(), Side::North.index());
    let mut dirty: Vec<usize> = (0..starts.len())
        .filter(|&i| {
            proven[north][i].is_none()
                && proven[south][i] != Some(1)
                && rounds
                    .graph(starts[i], Side::South)
                    .map_or(true, |asked| asked.cyclic())
        })
        .collect();
    let mut passes = 0;
    let mut open = false;
    let mut pass = 0;
    while !dirty.is_empty() {
        pass += 1;
        passes += dirty.len() as u64;
        let fallen: Vec<(usize, u32)> = dirty
            .par_iter()
            .filter_map(|&i| {
                let now = ranks[south][i];
                let rank = least_rank(rules, rounds, starts[i], Side::South, &ranks[south], now);
                (rank != now).then(|| (i, rank.expect("a rank only falls")))
            })
            .collect();
        open |= !fallen.is_empty();
        for &(i, rank) in &fallen {
            ranks[south][i] = Some(rank);
            ranks[north][mirror[i]] = Some(rank);
        }
        let count = |side: Side| ranks[side.index()].iter().flatten().count();
        progress(PassReport {
            pass,
            won: [count(Side::South), count(Side::North)],
            fallen: fallen.len(),
        });
        // Only a round that can end at a round start whose rank fell can answer otherwise, and
        // only if the rank fell below the tests still to ask there: the test of k looks at
        // ranks below k, and only those below the current rank are asked.
        let fell = |start: RoundStart, now: Option<u32>| {
            fallen
                .iter()
                .any(|&(i, rank)| now.map_or(true, |now| rank + 2 <= now) && starts[i] == start)
        };
        dirty = if fallen.is_empty() {
            Vec::new()
        } else {
            (0..starts.len())
                .filter(|&i| {
                    let now = ranks[south][i];
                    proven[north][i].is_none()
                        && now != Some(1)
                        && rounds.leads_to(starts[i], |o| match o {
                            RoundOutcome::MatchWon(_) => false,
                            RoundOutcome::Next(t) => fell(t, now),
                        })
                })
                .collect()
        };
    }
    Possible {
        ranks,
        passes,
        open,
    }
}

/// The least `k` for which `side` passes iteration `k`'s test at `start` in the possible game,
/// the goals taken from `ranks` (its current ranks, `now` at `start`); `None` if none does.
/// Every test at or above `now` passes (the ranks only fall), so those below it are asked,
/// from the top down, on one attractor grown as the goals shrink.
fn least_rank(
    rules: &Rules,
    rounds: &Rounds,
    start: RoundStart,
    side: Side,
    ranks: &Ranks,
    now: Option<u32>,
) -> Option<u32> {
    // Above the largest rank plus one, every goal is the same.
    let top = 1 + ranks.iter().flatten().max().copied().unwrap_or(0);
    let from = now.map_or(top, |r| (r - 1).min(top));
    // In iteration k the goal is a win now or a round start of rank below k.
    let wins = |k: u32| {
        move |o: RoundOutcome| match o {
            RoundOutcome::MatchWon(w) => w == side,
            RoundOutcome::Next(t) => ranks[index(rules, t)].is_some_and(|r| r < k),
        }
    };
    let mut other = rounds.graph(start, side).map(|asked| {
        let a = asked.empty_for_other();
        (asked, a)
    });
    for k in (1..=from).rev() {
        let passes = match &mut other {
            Some((asked, a)) => {
                let goal = wins(k);
                asked.grow(a, |o| !goal(o));
                !a.contains(0)
            }
            None => rounds.ask(start, side, &wins(k), Bound::Possible),
        };
        if !passes {
            // Iteration k fails and every one above it passes; failing at `top` fails them all.
            return if now.is_none() && k == top {
                None
            } else {
                Some(k + 1)
            };
        }
    }
    Some(1)
}
