//! Arena: players are paired as they become free, for as long as the event lasts, and scored
//! as lichess scores its arenas.
//!
//! Pairing: the players waiting are taken best score first (on equal scores, who has waited
//! longest). Each meets the next waiting player who was not their last opponent, as long as
//! the others can still make as many games as they could (so that one choice does not leave
//! two players waiting who could both have played); two players who have just played each
//! other meet again only when they are the only two waiting. Of the two, the one who has led
//! fewer games leads (on a tie, the one taken first).
//!
//! Scoring ([`Sheet`]): a win scores 2, a draw 1, a loss 0. A player whose last two games were
//! both wins is on a streak: the next game scores double (a win 4, a draw 2), and the streak
//! lasts as long as the wins do. Two wins and a draw score 2 + 2 + 2 = 6; three wins and a
//! loss 2 + 2 + 4 + 0 = 8.

use crate::error::PairingError;
use crate::matching::max_pairs;
use crate::round::{Outcome, Pairing};

/// How one game ended for one player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum PlayerResult {
    /// A win.
    Win,
    /// A draw.
    Draw,
    /// A loss.
    Loss,
}

/// A player's arena games: results and points, in the order played.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Sheet {
    /// Each game's result and the points it scored.
    pub games: Vec<(PlayerResult, u32)>,
}

impl Sheet {
    /// Whether the next game scores double: the last two games were wins.
    ///
    /// ```
    /// use rajapasu_pairing::arena::{PlayerResult::*, Sheet};
    /// let mut sheet = Sheet::default();
    /// assert_eq!([Win, Win, Draw].map(|r| sheet.add(r)), [2, 2, 2]);
    /// assert!(!sheet.on_streak());
    /// assert_eq!([Win, Win, Win, Loss].map(|r| sheet.add(r)), [2, 2, 4, 0]);
    /// assert_eq!(sheet.total(), 14);
    /// ```
    pub fn on_streak(&self) -> bool {
        let n = self.games.len();
        n >= 2
            && self.games[n - 2..]
                .iter()
                .all(|(r, _)| *r == PlayerResult::Win)
    }

    /// Records a game, and returns the points it scored.
    pub fn add(&mut self, result: PlayerResult) -> u32 {
        let base = match result {
            PlayerResult::Win => 2,
            PlayerResult::Draw => 1,
            PlayerResult::Loss => 0,
        };
        let points = if self.on_streak() { 2 * base } else { base };
        self.games.push((result, points));
        points
    }

    /// The points scored so far.
    pub fn total(&self) -> u32 {
        self.games.iter().map(|(_, p)| p).sum()
    }
}

/// An arena in progress: who is waiting, who last played whom, each player's sheet.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Arena {
    /// Players waiting for a game, longest waiting first.
    waiting: Vec<usize>,
    /// Each player's last opponent.
    last: Vec<Option<usize>>,
    /// Games each player has led.
    led: Vec<u32>,
    /// Games each player is playing now.
    playing: Vec<bool>,
    /// Each player's games.
    sheets: Vec<Sheet>,
}

impl Arena {
    /// An arena of `players` players, none waiting yet.
    ///
    /// ```
    /// use rajapasu_pairing::arena::Arena;
    /// use rajapasu_pairing::{Outcome, Pairing};
    /// let mut arena = Arena::new(3);
    /// for p in 0..3 {
    ///     arena.join(p).unwrap();
    /// }
    /// let games = arena.pair();
    /// assert_eq!(games, [Pairing::new(0, 1)]);
    /// arena.finish(games[0], Outcome::FirstWins).unwrap();
    /// // 0, best placed, meets 2, not 1 whom it has just played; 2 has led less, so leads.
    /// assert_eq!(arena.pair(), [Pairing::new(2, 0)]);
    /// assert_eq!(arena.sheet(0).total(), 2);
    /// ```
    pub fn new(players: usize) -> Arena {
        Arena {
            waiting: Vec::new(),
            last: vec![None; players],
            led: vec![0; players],
            playing: vec![false; players],
            sheets: vec![Sheet::default(); players],
        }
    }

    fn known(&self, player: usize) -> Result<(), PairingError> {
        if player < self.sheets.len() {
            Ok(())
        } else {
            Err(PairingError::UnknownPlayer {
                player,
                players: self.sheets.len(),
            })
        }
    }

    /// `player` is free and waits for a game (again). Joining twice changes nothing.
    pub fn join(&mut self, player: usize) -> Result<(), PairingError> {
        self.known(player)?;
        if !self.playing[player] && !self.waiting.contains(&player) {
            self.waiting.push(player);
        }
        Ok(())
    }

    /// A player who joins the arena after its start: numbered after the others (the number
    /// returned), waiting for a game at once, as lichess lets players join a running arena.
    ///
    /// ```
    /// use rajapasu_pairing::arena::Arena;
    /// use rajapasu_pairing::Pairing;
    /// let mut arena = Arena::new(1);
    /// arena.join(0).unwrap();
    /// assert!(arena.pair().is_empty());
    /// assert_eq!(arena.enter(), 1);
    /// assert_eq!(arena.pair(), [Pairing::new(0, 1)]);
    /// ```
    pub fn enter(&mut self) -> usize {
        let player = self.sheets.len();
        self.last.push(None);
        self.led.push(0);
        self.playing.push(false);
        self.sheets.push(Sheet::default());
        self.waiting.push(player);
        player
    }

    /// `player` stops waiting (withdraws, or pauses).
    ///
    /// ```
    /// use rajapasu_pairing::arena::Arena;
    /// let mut arena = Arena::new(2);
    /// arena.join(0).unwrap();
    /// arena.join(1).unwrap();
    /// arena.leave(0).unwrap();
    /// assert_eq!(arena.waiting(), [1]);
    /// assert!(arena.pair().is_empty());
    /// ```
    pub fn leave(&mut self, player: usize) -> Result<(), PairingError> {
        self.known(player)?;
        self.waiting.retain(|&p| p != player);
        Ok(())
    }

    /// The players waiting, longest waiting first.
    pub fn waiting(&self) -> &[usize] {
        &self.waiting
    }

    /// A player's sheet.
    pub fn sheet(&self, player: usize) -> &Sheet {
        &self.sheets[player]
    }

    /// Pairs the waiting players; whoever is left waits on.
    pub fn pair(&mut self) -> Vec<Pairing> {
        let mut queue = self.waiting.clone();
        // Stable: on equal scores the longest waiting stays first.
        queue.sort_by_key(|&p| std::cmp::Reverse(self.sheets[p].total()));
        let pairs = if queue.len() == 2 {
            // The only two waiting: they play, even if they have just played each other.
            vec![(queue[0], queue[1])]
        } else {
            let last = &self.last;
            let fresh = |a: usize, b: usize| last[a] != Some(b) && last[b] != Some(a);
            fresh_pairs(&queue, &fresh)
        };
        let games: Vec<Pairing> = pairs
            .into_iter()
            .map(|(a, b)| {
                if self.led[b] < self.led[a] {
                    Pairing::new(b, a)
                } else {
                    Pairing::new(a, b)
                }
            })
            .collect();
        for g in &games {
            self.led[g.first] += 1;
            for p in [g.first, g.second] {
                self.playing[p] = true;
                self.last[p] = g.opponent(p);
            }
        }
        self.waiting.retain(|p| !games.iter().any(|g| g.has(*p)));
        games
    }

    /// Records the end of `game`: both players score and wait again. The points each scored
    /// come back, the leading player's first. A forfeit scores as a win or a loss.
    pub fn finish(&mut self, game: Pairing, outcome: Outcome) -> Result<[u32; 2], PairingError> {
        self.known(game.first)?;
        self.known(game.second)?;
        let (a, b) = match outcome {
            Outcome::FirstWins | Outcome::FirstWinsByForfeit => {
                (PlayerResult::Win, PlayerResult::Loss)
            }
            Outcome::Draw => (PlayerResult::Draw, PlayerResult::Draw),
            Outcome::SecondWins | Outcome::SecondWinsByForfeit => {
                (PlayerResult::Loss, PlayerResult::Win)
            }
            Outcome::DoubleForfeit => (PlayerResult::Loss, PlayerResult::Loss),
        };
        let points = [
            self.sheets[game.first].add(a),
            self.sheets[game.second].add(b),
        ];
        for p in [game.first, game.second] {
            self.playing[p] = false;
            self.join(p)?;
        }
        Ok(points)
    }
}

/// The most pairs of `queue` that are `fresh`, the players taken in order: each meets the first
/// later player with whom the rest can still make the most pairs. (Taking the first fresh
/// partner each time usually makes the most pairs; when it does not, the search looks ahead
/// with an exact maximum matching, for queues of up to [`EXACT_QUEUE`] players.)
fn fresh_pairs(queue: &[usize], fresh: &impl Fn(usize, usize) -> bool) -> Vec<(usize, usize)> {
    let greedy = first_fresh(queue, fresh, |_, _| true);
    if queue.len() > EXACT_QUEUE {
        return greedy;
    }
    let most = max_pairs(queue, fresh);
    if greedy.len() == most {
        return greedy;
    }
    let mut left = most;
    first_fresh(queue, fresh, |rest: &[usize], pair: (usize, usize)| {
        let others: Vec<usize> = rest
            .iter()
            .copied()
            .filter(|&p| p != pair.0 && p != pair.1)
            .collect();
        let keeps = left > 0 && max_pairs(&others, fresh) == left - 1;
        if keeps {
            left -= 1;
        }
        keeps
    })
}

/// The largest queue the arena pairs with the exact look-ahead: beyond it the look-ahead's
/// cost (a maximum matching for each candidate) is not worth one more game.
pub const EXACT_QUEUE: usize = 64;

/// Pairs `queue` in order: each player not yet paired meets the first later one, not yet
/// paired, who is `fresh` and whom `accept` takes (given the players not yet paired).
fn first_fresh(
    queue: &[usize],
    fresh: &impl Fn(usize, usize) -> bool,
    mut accept: impl FnMut(&[usize], (usize, usize)) -> bool,
) -> Vec<(usize, usize)> {
    let mut rest: Vec<usize> = queue.to_vec();
    let mut pairs = Vec::new();
    while let Some((&a, later)) = rest.split_first() {
        let found = later
            .iter()
            .copied()
            .find(|&b| fresh(a, b) && accept(&rest, (a, b)));
        match found {
            Some(b) => {
                pairs.push((a, b));
                rest.retain(|&p| p != a && p != b);
            }
            None => {
                rest.remove(0);
            }
        }
    }
    pairs
}
