//! Pairing one score bracket: the candidates in the handbook's order, the criteria in order,
//! the completion test.

use super::card::{Card, Float};
use super::colour::{self, Strength};
use super::order;
use crate::matching::{can_pair, max_pairs};
use std::cell::RefCell;
use std::collections::HashMap;

/// How many candidate pairings of one bracket are looked at for each number of pairs and each
/// level of lead clashes, before the next level is tried: a bound so that a large bracket
/// never hangs.
const SEARCH_BUDGET: usize = 100_000;

/// The most pairs of each remainder met so far (its players, and how many are below it).
type MostPairs = RefCell<HashMap<(Vec<usize>, usize), Option<usize>>>;

/// The largest remainder weighed with the moved players' pairs; a larger one is paired on its
/// own, so that a large event stays quick.
const WEIGHED_REMAINDER: usize = 24;

/// A bracket's pairs (the higher-ranked player first) and the players who float down.
pub type BracketPairing = (Vec<(usize, usize)>, Vec<usize>);

/// What a bracket's search needs to know of the event.
pub struct Search<'a, F: Fn(usize, usize) -> bool> {
    /// The players' cards.
    pub cards: &'a [Card],
    /// Whether two players have not met.
    pub new_game: &'a F,
}

impl<F: Fn(usize, usize) -> bool> Search<'_, F> {
    /// Whether `a` and `b` may meet when lead clashes up to `allowed` are accepted.
    fn fits(&self, a: usize, b: usize, allowed: Option<Strength>) -> bool {
        let clash = colour::clash(self.cards[a].wish, self.cards[b].wish);
        (self.new_game)(a, b)
            && match clash {
                None => true,
                Some(s) => allowed.is_some_and(|most| s <= most),
            }
    }

    /// Whether `bracket` and everyone `below` can be paired without clashing absolute
    /// preferences: if not, the search goes straight to its last resort.
    fn strict(&self, bracket: &[usize], below: &[usize]) -> bool {
        let all: Vec<usize> = bracket.iter().chain(below).copied().collect();
        can_pair(&all, &|a, b| self.fits(a, b, Some(Strength::Strong)))
    }

    /// Pairs one score bracket (players in rank order, the first `movers` of them moved down
    /// from above). `below` are the players of the lower brackets; in the `last` bracket no
    /// one may float.
    pub fn bracket(
        &self,
        bracket: &[usize],
        movers: usize,
        below: &[usize],
        last: bool,
    ) -> Option<BracketPairing> {
        if movers > 0 && 2 * movers < bracket.len() {
            self.heterogeneous(bracket, movers, below, last)
        } else {
            self.homogeneous(bracket, below, last)
        }
    }

    /// A bracket of fewer players moved down than residents: the moved players (S1) meet
    /// residents (S2) first, then the residents left form a homogeneous remainder.
    fn heterogeneous(
        &self,
        bracket: &[usize],
        movers: usize,
        below: &[usize],
        last: bool,
    ) -> Option<BracketPairing> {
        let (moved, residents) = bracket.split_at(movers);
        let strict = self.strict(bracket, below);
        // The most pairs of each remainder, found once: every search meets the same ones.
        let most = RefCell::new(HashMap::new());
        for attempt in attempts(movers, |p| !last || p == movers, strict) {
            let (s1, floating) = moved.split_at(attempt.pairs);
            let lower: Vec<usize> = floating.iter().chain(below).copied().collect();
            // No candidate if the moved players cannot all meet residents.
            let mut both: Vec<usize> = s1.to_vec();
            both.extend(residents);
            let across = |a: usize, b: usize| {
                s1.contains(&a) != s1.contains(&b) && self.fits(a, b, attempt.clash)
            };
            if max_pairs(&both, &across) < s1.len() {
                continue;
            }
            let mut budget = SEARCH_BUDGET;
            // The residents who meet players moved down float up.
            let fits = |a: usize, b: usize| {
                self.fits(a, b, attempt.clash) && !attempt.floats.forbids(&self.cards[b], Float::Up)
            };
            let found = transpose(
                s1,
                residents,
                &fits,
                &mut |rest: &[usize]| self.remainder(rest, &lower, last, attempt, &most),
                &mut budget,
            );
            if let Some((chosen, (pairs, floaters))) = found {
                let mut all: Vec<(usize, usize)> = s1.iter().copied().zip(chosen).collect();
                all.extend(pairs);
                return Some((all, floating.iter().chain(&floaters).copied().collect()));
            }
        }
        None
    }

    /// A bracket of players of one score (or as many moved down as residents): its upper half
    /// (S1) meets its lower half (S2), transpositions and exchanges in the handbook's order.
    fn homogeneous(
        &self,
        bracket: &[usize],
        below: &[usize],
        last: bool,
    ) -> Option<BracketPairing> {
        let n = bracket.len();
        let strict = self.strict(bracket, below);
        self.homogeneous_by(
            bracket,
            below,
            attempts(n / 2, |p| !last || 2 * p == n, strict),
        )
    }

    /// The remainder of a heterogeneous bracket, paired so that the whole bracket meets the
    /// `outer` search's criteria: as many pairs as the remainder can make at all, no lead
    /// clash beyond those `outer` accepts and no repeated float it does not accept (the rules
    /// weigh a bracket with its remainder). A remainder of more than [`WEIGHED_REMAINDER`]
    /// players is paired on its own.
    fn remainder(
        &self,
        rest: &[usize],
        below: &[usize],
        last: bool,
        outer: Attempt,
        known: &MostPairs,
    ) -> Option<BracketPairing> {
        if rest.len() > WEIGHED_REMAINDER {
            return self.homogeneous(rest, below, last);
        }
        let key = (rest.to_vec(), below.len());
        let cached = known.borrow().get(&key).copied();
        let most = match cached {
            Some(most) => most,
            None => {
                let most = self
                    .homogeneous(rest, below, last)
                    .map(|(pairs, _)| pairs.len());
                known.borrow_mut().insert(key, most);
                most
            }
        }?;
        let n = rest.len();
        let strict = self.strict(rest, below);
        let within = attempts(most, |p| p == most && (!last || 2 * p == n), strict)
            .into_iter()
            .filter(|a| a.clash <= outer.clash && a.floats <= outer.floats)
            .collect();
        self.homogeneous_by(rest, below, within)
    }

    /// Pairs a homogeneous bracket by the first of `attempts` that finds a pairing.
    fn homogeneous_by(
        &self,
        bracket: &[usize],
        below: &[usize],
        attempts: Vec<Attempt>,
    ) -> Option<BracketPairing> {
        let n = bracket.len();
        for attempt in attempts {
            let (p, allowed) = (attempt.pairs, attempt.clash);
            // Everyone below must stay pairable without clashing absolute preferences, unless
            // this is already the last resort.
            let below_allowed = allowed.max(Some(Strength::Strong));
            // No candidate can make `p` pairs if the bracket cannot at all: skip the search.
            if max_pairs(bracket, &|a, b| self.fits(a, b, allowed)) < p {
                continue;
            }
            let mut budget = SEARCH_BUDGET;
            for ex in order::exchanges(p, n) {
                let in_s1 =
                    |i: &usize| (*i < p) != (ex.from_s1.contains(i) || ex.from_s2.contains(i));
                let s1: Vec<usize> = (0..n).filter(in_s1).map(|i| bracket[i]).collect();
                let s2: Vec<usize> = (0..n).filter(|i| !in_s1(i)).map(|i| bracket[i]).collect();
                let found = transpose(
                    &s1,
                    &s2,
                    &|a, b| self.fits(a, b, allowed),
                    &mut |floaters: &[usize]| {
                        let again =
                            |&f: &usize| attempt.floats.forbids(&self.cards[f], Float::Down);
                        if floaters.iter().any(again) {
                            return None;
                        }
                        let rest: Vec<usize> = floaters.iter().chain(below).copied().collect();
                        can_pair(&rest, &|a, b| self.fits(a, b, below_allowed))
                            .then(|| floaters.to_vec())
                    },
                    &mut budget,
                );
                if let Some((chosen, floaters)) = found {
                    return Some((s1.iter().copied().zip(chosen).collect(), floaters));
                }
                if budget == 0 {
                    break;
                }
            }
        }
        None
    }
}

/// One search of a bracket: how many pairs, which lead clashes and which repeated floats it
/// accepts.
#[derive(Clone, Copy, Debug)]
struct Attempt {
    pairs: usize,
    clash: Option<Strength>,
    floats: FloatRule,
}

/// How far a search keeps a player from floating the same way again (the 2012 text's B5 and
/// B6, the 2017 text's C.14 to C.17).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum FloatRule {
    /// Not the float the player had in either of the last two rounds.
    TwoRounds,
    /// Not the float the player had in the last round.
    LastRound,
    /// Any float.
    Any,
}

impl FloatRule {
    /// Whether this rule keeps `card`'s player from floating `kind` this round.
    fn forbids(self, card: &Card, kind: Float) -> bool {
        match self {
            FloatRule::TwoRounds => card.floated(kind, 1) || card.floated(kind, 2),
            FloatRule::LastRound => card.floated(kind, 1),
            FloatRule::Any => false,
        }
    }
}

/// The searches of a bracket, in order: the number of pairs (up to `most`, those `allowed`),
/// the lead clashes and the repeated floats accepted. The rules' order: first no repeat game
/// and no clash of absolute preferences (absolute criteria), then the most pairs, then no
/// clash at all, else only mild ones, else mild and strong ones; within each, no float
/// repeated from the last two rounds, else from the last round, else any. Clashing absolute
/// preferences come only as the last resort rather than no pairing, and at once when the
/// bracket and those below cannot be paired otherwise (not `strict`).
fn attempts(most: usize, allowed: impl Fn(usize) -> bool, strict: bool) -> Vec<Attempt> {
    let counts: Vec<usize> = (0..=most).rev().filter(|&p| allowed(p)).collect();
    let gentle = [None, Some(Strength::Mild), Some(Strength::Strong)];
    let floats = [FloatRule::TwoRounds, FloatRule::LastRound, FloatRule::Any];
    let first = counts.iter().filter(|_| strict).flat_map(|&pairs| {
        gentle.into_iter().flat_map(move |clash| {
            floats.map(|floats| Attempt {
                pairs,
                clash,
                floats,
            })
        })
    });
    let last = counts.iter().map(|&pairs| Attempt {
        pairs,
        clash: Some(Strength::Absolute),
        floats: FloatRule::Any,
    });
    first.chain(last).collect()
}

/// Finds, in lexicographic order of `s2` (the handbook's order of transpositions), an opponent
/// in `s2` for every player of `s1`, each pair `fits`, such that `finish` accepts the players
/// of `s2` left over; the opponents chosen and what `finish` gave.
fn transpose<T>(
    s1: &[usize],
    s2: &[usize],
    fits: &impl Fn(usize, usize) -> bool,
    finish: &mut impl FnMut(&[usize]) -> Option<T>,
    budget: &mut usize,
) -> Option<(Vec<usize>, T)> {
    let mut used = vec![false; s2.len()];
    let mut chosen = Vec::with_capacity(s1.len());
    let t = step(s1, s2, &mut used, &mut chosen, fits, finish, budget)?;
    Some((chosen, t))
}

fn step<T>(
    s1: &[usize],
    s2: &[usize],
    used: &mut [bool],
    chosen: &mut Vec<usize>,
    fits: &impl Fn(usize, usize) -> bool,
    finish: &mut impl FnMut(&[usize]) -> Option<T>,
    budget: &mut usize,
) -> Option<T> {
    let i = chosen.len();
    if i == s1.len() {
        let left: Vec<usize> = s2
            .iter()
            .zip(used.iter())
            .filter(|(_, &u)| !u)
            .map(|(&q, _)| q)
            .collect();
        return finish(&left);
    }
    for j in 0..s2.len() {
        if used[j] {
            continue;
        }
        if *budget == 0 {
            return None;
        }
        *budget -= 1;
        if !fits(s1[i], s2[j]) {
            continue;
        }
        used[j] = true;
        chosen.push(s2[j]);
        if let Some(t) = step(s1, s2, used, chosen, fits, finish, budget) {
            return Some(t);
        }
        chosen.pop();
        used[j] = false;
    }
    None
}
