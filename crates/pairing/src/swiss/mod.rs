//! Swiss pairings by the basic rules of the FIDE Dutch system (FIDE Handbook C.04.3).
//!
//! - Players are ranked by score, then by pairing number (their seed).
//! - With an odd number of players, the bye goes to the lowest-ranked player who has had the
//!   fewest points without playing (byes and forfeit wins; none, in an event of fewer rounds
//!   than players) and whose absence leaves the others pairable.
//! - A game lost by forfeit was not played: it gives no lead and no float, and its two
//!   players may be paired again.
//! - Score brackets are paired from the top. A bracket's upper half (S1) meets its lower half
//!   (S2); transpositions of S2 and exchanges between the halves are tried in the handbook's
//!   order ([`order`]) until every pair is new to each other, the leads can be given
//!   ([`colour`]) and everyone below can still be paired. Players who cannot be paired in
//!   their bracket float down to the next one, where, having the higher score, they rank
//!   first.
//! - What the pairing knows of each player from the rounds played (score, opponents, leads,
//!   byes, floats) is their `card`.
//! - Criteria, in order (the `bracket` module): no repeat game (never broken); no clash of absolute
//!   lead preferences; everyone below can still be paired; the most pairs in the bracket;
//!   then no clash of lead preferences, else only mild ones, else mild and strong ones; within
//!   each, no one floating down (or up) as they did in either of the last two rounds, else in
//!   the last round, else anyhow. A bye counts as a float down.
//! - Who leads: rules E.1 to E.5 ([`colour::high_leads`]).
//! - Boards (F.1): the higher score of the two first, then the higher sum of their scores,
//!   then the higher-ranked player.
//!
//! - A bracket with fewer players moved down than residents is heterogeneous: the moved
//!   players meet residents first, and the residents left are paired as a homogeneous
//!   remainder, weighed with them: the whole bracket meets each level of the criteria
//!   (exchanges are tried in homogeneous brackets only).
//!
//! Left out of the full Dutch rules: the criteria are met in the order above, candidate by
//! candidate, rather than by counting violations across the whole bracket; the bye is chosen
//! before the brackets are paired; and no rule is relaxed for the last round.

mod bracket;
mod card;
pub mod colour;
pub mod order;

pub use colour::{clash, high_leads, preference, Lead, Preference, Strength};

use crate::error::PairingError;
use crate::matching::can_pair;
use crate::round::{check_history, Pairing, PlayedRound, Round};
use bracket::Search;
use card::cards;

/// The most players a Swiss event takes: a round of a thousand is paired in about a second
/// (an optimised build; the completion test is a maximum matching, cubic in the players).
pub const MAX_PLAYERS: usize = 1000;

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
    ///
    /// ```
    /// use rajapasu_pairing::swiss::Swiss;
    /// use rajapasu_pairing::{GameResult, Outcome, Pairing, PlayedRound};
    /// let swiss = Swiss::new(4).unwrap();
    /// let first = swiss.pair(&[]).unwrap();
    /// assert_eq!(first.games, [Pairing::new(0, 2), Pairing::new(3, 1)]);
    /// // The leaders win: 0 and 3 on 1 point meet, and so do 1 and 2. Both winners led and
    /// // would answer: the higher-ranked, 0, gets its wish (E.4); so does 1 against 2.
    /// let results = first.games.iter().map(|&pairing| GameResult {
    ///     pairing, outcome: Outcome::FirstWins, counters: [0, 0],
    /// }).collect();
    /// let played = [PlayedRound { games: results, byes: vec![] }];
    /// let second = swiss.pair(&played).unwrap();
    /// assert_eq!(second.games, [Pairing::new(3, 0), Pairing::new(1, 2)]);
    /// ```
    pub fn pair(&self, played: &[PlayedRound]) -> Result<Round, PairingError> {
        self.pair_without(played, &[])
    }

    /// The pairing of the round after `played` without the players in `absent`: withdrawn
    /// (F.5 of the 2012 text: no longer paired), or excused from this round (not paired, no
    /// bye). An absent player keeps their score and their history.
    ///
    /// ```
    /// use rajapasu_pairing::swiss::Swiss;
    /// use rajapasu_pairing::{Pairing, PairingError};
    /// let swiss = Swiss::new(4).unwrap();
    /// // 3 (numbered from 0) withdrew before round 1: three play, and the lowest has a bye.
    /// let round = swiss.pair_without(&[], &[3]).unwrap();
    /// assert_eq!(round.games, [Pairing::new(0, 1)]);
    /// assert_eq!(round.byes, [2]);
    /// assert!(matches!(swiss.pair_without(&[], &[4]), Err(PairingError::UnknownPlayer { .. })));
    /// ```
    pub fn pair_without(
        &self,
        played: &[PlayedRound],
        absent: &[usize],
    ) -> Result<Round, PairingError> {
        check_history(self.players, played)?;
        if let Some(&player) = absent.iter().find(|&&p| p >= self.players) {
            return Err(PairingError::UnknownPlayer {
                player,
                players: self.players,
            });
        }
        let round = played.len();
        let cards = cards(self.players, played, self.bye_half_points);
        let mut ranked: Vec<usize> = (0..self.players).filter(|p| !absent.contains(p)).collect();
        ranked.sort_by_key(|&p| (std::cmp::Reverse(cards[p].score), p));
        let rank_of = {
            let mut r = vec![0; self.players];
            for (k, &p) in ranked.iter().enumerate() {
                r[p] = k;
            }
            r
        };
        let new_game = |a: usize, b: usize| !cards[a].met[b];

        let mut byes = Vec::new();
        let mut active = ranked.clone();
        if active.len() % 2 == 1 {
            let mut candidates = ranked.clone();
            candidates.sort_by_key(|&p| (cards[p].unplayed_points, std::cmp::Reverse(rank_of[p])));
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
}
