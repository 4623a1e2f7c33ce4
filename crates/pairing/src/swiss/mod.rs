//! Swiss pairings by the basic rules of the FIDE Dutch system (FIDE Handbook C.04.3).
//!
//! - Players are ranked by score, then by pairing number (their seed).
//! - With an odd number of players, the bye goes to the lowest-ranked player who has had the
//!   fewest byes (none, in any event of fewer rounds than players) and whose absence leaves
//!   the others pairable.
//! - Score brackets are paired from the top. A bracket's upper half (S1) meets its lower half
//!   (S2); transpositions of S2 and exchanges between the halves are tried in the handbook's
//!   order ([`order`]) until every pair is new to each other, the leads can be given
//!   ([`colour`]) and everyone below can still be paired. Players who cannot be paired in
//!   their bracket float down to the next one, where, having the higher score, they rank
//!   first.
//! - Criteria, in order: no repeat game (never broken); the most pairs in the bracket; then no
//!   clash of lead preferences, else only mild ones, else only strong ones.
//! - Who leads: rules E.1 to E.5 ([`colour::high_leads`]).
//! - Boards (F.1): the higher score of the two first, then the higher sum of their scores,
//!   then the higher-ranked player.
//!
//! - A bracket with fewer players moved down than residents is heterogeneous: the moved
//!   players meet residents first, and the residents left are paired as a homogeneous
//!   remainder (exchanges are tried in homogeneous brackets only).
//!
//! Left out of the full Dutch rules: floats are not remembered from round to round (a player
//! may float down two rounds running), and no rule is relaxed for the last round.

pub mod colour;
pub mod order;

pub use colour::{preference, Lead, Preference, Strength};

use crate::error::PairingError;
use crate::matching::can_pair;
use crate::round::{check_history, scores, Pairing, PlayedRound, Round};
use std::collections::HashSet;

/// The most players a Swiss event takes: a round of a thousand is paired in about a second
/// (an optimised build; the completion test is a maximum matching, cubic in the players).
pub const MAX_PLAYERS: usize = 1000;

/// How many candidate pairings of one bracket are looked at for each number of pairs and each
/// level of lead clashes, before the next level is tried: a bound so that a large bracket
/// never hangs.
const SEARCH_BUDGET: usize = 100_000;

/// A Swiss event's pairing rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Swiss {
    players: usize,
    /// Half points a bye scores: 2 (a win) by default.
    pub bye_half_points: u32,
    /// The lead of the top seed in round 1 (FIDE draws it by lot): [`Lead::First`] by default.
    pub initial: Lead,
}

/// What the pairing knows of a player.
struct Card {
    score: u32,
    met: HashSet<usize>,
    leads: Vec<Option<Lead>>,
    byes: usize,
    /// The lead wished for next, from `leads`.
    wish: Option<Preference>,
}

impl Swiss {
    /// The rules for an event of `players` players (2 or more).
    ///
    /// ```
    /// use rajapasu_pairing::swiss::Swiss;
    /// use rajapasu_pairing::Pairing;
    /// // Round 1 of eight players (numbers from 0): 1-5, 6-2, 3-7, 8-4 in the handbook's numbers.
    /// let round = Swiss::new(8).unwrap().pair(&[]).unwrap();
    /// assert_eq!(
    ///     round.games,
    ///     [Pairing::new(0, 4), Pairing::new(5, 1), Pairing::new(2, 6), Pairing::new(7, 3)]
    /// );
    /// assert!(Swiss::new(1).is_err());
    /// ```
    pub fn new(players: usize) -> Result<Swiss, PairingError> {
        if players < 2 {
            return Err(PairingError::TooFewPlayers { players, needed: 2 });
        }
        if players > MAX_PLAYERS {
            return Err(PairingError::TooManyPlayers {
                players,
                most: MAX_PLAYERS,
            });
        }
        Ok(Swiss {
            players,
            bye_half_points: 2,
            initial: Lead::First,
        })
    }

    /// The number of players.
    pub fn players(&self) -> usize {
        self.players
    }

    /// The pairing of the round after `played`.
    pub fn pair(&self, played: &[PlayedRound]) -> Result<Round, PairingError> {
        check_history(self.players, played)?;
        let round = played.len();
        let cards = self.cards(played);
        let mut ranked: Vec<usize> = (0..self.players).collect();
        ranked.sort_by_key(|&p| (std::cmp::Reverse(cards[p].score), p));
        let rank_of = {
            let mut r = vec![0; self.players];
            for (k, &p) in ranked.iter().enumerate() {
                r[p] = k;
            }
            r
        };
        let new_game = |a: usize, b: usize| !cards[a].met.contains(&b);

        let mut byes = Vec::new();
        let mut active = ranked.clone();
        if active.len() % 2 == 1 {
            let mut candidates = ranked.clone();
            candidates.sort_by_key(|&p| (cards[p].byes, std::cmp::Reverse(rank_of[p])));
            let bye = candidates
                .into_iter()
                .find(|&c| {
                    let rest: Vec<usize> = ranked.iter().copied().filter(|&p| p != c).collect();
                    can_pair(&rest, &new_game)
                })
                .ok_or(PairingError::NoPairing { round })?;
            byes.push(bye);
            active.retain(|&p| p != bye);
        } else if !can_pair(&active, &new_game) {
            return Err(PairingError::NoPairing { round });
        }

        let mut groups: Vec<u32> = active.iter().map(|&p| cards[p].score).collect();
        groups.dedup();
        let mut movers: Vec<usize> = Vec::new();
        let mut pairs: Vec<(usize, usize)> = Vec::new();
        let search = Search {
            cards: &cards,
            new_game: &new_game,
        };
        for (k, &score) in groups.iter().enumerate() {
            let moved = movers.len();
            let mut bracket = std::mem::take(&mut movers);
            bracket.extend(active.iter().filter(|&&p| cards[p].score == score));
            bracket.sort_by_key(|&p| rank_of[p]);
            let below: Vec<usize> = active
                .iter()
                .copied()
                .filter(|&p| cards[p].score < score)
                .collect();
            let last = k + 1 == groups.len();
            let (found, floaters) = search
                .bracket(&bracket, moved, &below, last)
                .ok_or(PairingError::NoPairing { round })?;
            pairs.extend(found);
            movers = floaters;
        }
        // Boards (F.1): the higher score of the two first, then the higher sum of their
        // scores, then the higher-ranked player.
        pairs.sort_by_key(|&(h, l)| {
            let (a, b) = (cards[h].score, cards[l].score);
            (std::cmp::Reverse((a.max(b), a + b)), rank_of[h])
        });
        let games = pairs
            .into_iter()
            .map(|(h, l)| {
                if colour::high_leads(h, &cards[h].leads, &cards[l].leads, self.initial) {
                    Pairing::new(h, l)
                } else {
                    Pairing::new(l, h)
                }
            })
            .collect();
        Ok(Round { games, byes })
    }

    fn cards(&self, played: &[PlayedRound]) -> Vec<Card> {
        let score = scores(self.players, played, self.bye_half_points);
        let mut cards: Vec<Card> = score
            .into_iter()
            .map(|score| Card {
                score,
                met: HashSet::new(),
                leads: vec![None; played.len()],
                byes: 0,
                wish: None,
            })
            .collect();
        for (k, r) in played.iter().enumerate() {
            for g in &r.games {
                let Pairing { first, second } = g.pairing;
                cards[first].met.insert(second);
                cards[second].met.insert(first);
                cards[first].leads[k] = Some(Lead::First);
                cards[second].leads[k] = Some(Lead::Second);
            }
            for &p in &r.byes {
                cards[p].byes += 1;
            }
        }
        for c in &mut cards {
            c.wish = preference(&c.leads);
        }
        cards
    }
}

/// A bracket's pairs (the higher-ranked player first) and the players who float down.
type BracketPairing = (Vec<(usize, usize)>, Vec<usize>);

/// What a bracket's search needs to know of the event.
struct Search<'a, F: Fn(usize, usize) -> bool> {
    cards: &'a [Card],
    new_game: &'a F,
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
    fn bracket(
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
        for (p, allowed) in attempts(movers, |p| !last || p == movers, strict) {
            let (s1, floating) = moved.split_at(p);
            let lower: Vec<usize> = floating.iter().chain(below).copied().collect();
            let mut budget = SEARCH_BUDGET;
            let found = transpose(
                s1,
                residents,
                &|a, b| self.fits(a, b, allowed),
                &mut |rest: &[usize]| self.homogeneous(rest, &lower, last),
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
        for (p, allowed) in attempts(n / 2, |p| !last || 2 * p == n, strict) {
            // Everyone below must stay pairable without clashing absolute preferences, unless
            // this is already the last resort.
            let below_allowed = allowed.max(Some(Strength::Strong));
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

/// The searches of a bracket, in order: the number of pairs (up to `most`, those `allowed`)
/// and the lead clashes accepted. The rules' order: first no repeat game and no clash of
/// absolute preferences (absolute criteria), then the most pairs, then no clash at all, else
/// only mild ones, else mild and strong ones. Clashing absolute preferences come only as the
/// last resort rather than no pairing, and at once when the bracket and those below cannot
/// be paired otherwise (not `strict`).
fn attempts(
    most: usize,
    allowed: impl Fn(usize) -> bool,
    strict: bool,
) -> Vec<(usize, Option<Strength>)> {
    let counts: Vec<usize> = (0..=most).rev().filter(|&p| allowed(p)).collect();
    let gentle = [None, Some(Strength::Mild), Some(Strength::Strong)];
    let first = counts
        .iter()
        .filter(|_| strict)
        .flat_map(|&p| gentle.map(|level| (p, level)));
    let last = counts.iter().map(|&p| (p, Some(Strength::Absolute)));
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
