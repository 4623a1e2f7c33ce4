//! What the pairing knows of each player from the rounds played: score, opponents, leads,
//! points without playing (byes, forfeit wins) and floats.

use super::colour::{preference, Lead, Preference};
use crate::round::{scores, Pairing, PlayedRound};

/// How a player was paired in a round, against their own score (A.4): down against a lower
/// score (a bye counts as one), up against a higher one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Float {
    /// Against an equal score, or no game.
    None,
    /// Against a lower score, or a bye.
    Down,
    /// Against a higher score.
    Up,
}

/// What the pairing knows of a player.
pub struct Card {
    /// Score in half points.
    pub score: u32,
    /// Whether the player has met each other player (a flag a player: looked up for every
    /// candidate pair).
    pub met: Vec<bool>,
    /// The lead in each round (`None`: no game).
    pub leads: Vec<Option<Lead>>,
    /// Points had without playing: byes, and wins by forfeit (C.04.1: neither may have a bye
    /// again).
    pub unplayed_points: usize,
    /// The lead wished for next, from `leads`.
    pub wish: Option<Preference>,
    /// The float in each round.
    pub floats: Vec<Float>,
}

impl Card {
    /// Whether the player had the float `kind` `ago` rounds ago (1: the last round).
    pub fn floated(&self, kind: Float, ago: usize) -> bool {
        self.floats.len() >= ago && self.floats[self.floats.len() - ago] == kind
    }
}

/// Every player's card after `played`, byes scoring `bye_half_points`.
pub fn cards(players: usize, played: &[PlayedRound], bye_half_points: u32) -> Vec<Card> {
    let mut cards: Vec<Card> = (0..players)
        .map(|_| Card {
            score: 0,
            met: vec![false; players],
            leads: vec![None; played.len()],
            unplayed_points: 0,
            wish: None,
            floats: vec![Float::None; played.len()],
        })
        .collect();
    for (k, r) in played.iter().enumerate() {
        let before = scores(players, &played[..k], bye_half_points);
        for g in &r.games {
            let Pairing { first, second } = g.pairing;
            if !g.outcome.played() {
                // A game not played gives no lead and no float, and the two may meet again
                // (F.2 of the 2012 text).
                let [a, b] = g.outcome.half_points();
                if a > b {
                    cards[first].unplayed_points += 1;
                } else if b > a {
                    cards[second].unplayed_points += 1;
                }
                continue;
            }
            cards[first].met[second] = true;
            cards[second].met[first] = true;
            cards[first].leads[k] = Some(Lead::First);
            cards[second].leads[k] = Some(Lead::Second);
            let (f, s) = (before[first], before[second]);
            if f != s {
                let (down, up) = if f > s {
                    (first, second)
                } else {
                    (second, first)
                };
                cards[down].floats[k] = Float::Down;
                cards[up].floats[k] = Float::Up;
            }
        }
        for &p in &r.byes {
            cards[p].unplayed_points += 1;
            cards[p].floats[k] = Float::Down;
        }
    }
    let score = scores(players, played, bye_half_points);
    for (c, s) in cards.iter_mut().zip(score) {
        c.score = s;
        c.wish = preference(&c.leads);
    }
    cards
}
