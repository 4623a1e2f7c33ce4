//! The shapes every format shares: who plays whom and who leads ([`Pairing`]), a round of
//! pairings and byes ([`Round`]), a game's result ([`Outcome`], [`GameResult`]) and a round as
//! played ([`PlayedRound`]).
//!
//! Players are numbers from 0, in the order of the event's seeding (0 is the top seed). In
//! Raja Pasu "colour" means who leads: the player who moves first.

use crate::error::PairingError;

/// One game of a round: `first` leads (moves first), `second` answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Pairing {
    /// The player who leads.
    pub first: usize,
    /// The other player.
    pub second: usize,
}

impl Pairing {
    /// The game of `first` (leading) against `second`.
    ///
    /// ```
    /// use rajapasu_pairing::Pairing;
    /// let p = Pairing::new(3, 0);
    /// assert_eq!(p.swapped(), Pairing::new(0, 3));
    /// assert!(p.has(0) && !p.has(1));
    /// assert_eq!(p.opponent(3), Some(0));
    /// ```
    pub fn new(first: usize, second: usize) -> Pairing {
        Pairing { first, second }
    }

    /// The same two players, the other one leading.
    pub fn swapped(self) -> Pairing {
        Pairing::new(self.second, self.first)
    }

    /// Whether `player` plays in this game.
    pub fn has(self, player: usize) -> bool {
        self.first == player || self.second == player
    }

    /// The opponent of `player`, if `player` plays in this game.
    pub fn opponent(self, player: usize) -> Option<usize> {
        if self.first == player {
            Some(self.second)
        } else if self.second == player {
            Some(self.first)
        } else {
            None
        }
    }
}

/// One round: its games, board by board, and the players who sit it out with a bye.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Round {
    /// The games, board 1 first.
    pub games: Vec<Pairing>,
    /// Players without a game this round.
    pub byes: Vec<usize>,
}

impl Round {
    /// Checks that every player is below `players` and appears at most once.
    ///
    /// ```
    /// use rajapasu_pairing::{Pairing, PairingError, Round};
    /// let round = Round { games: vec![Pairing::new(0, 1)], byes: vec![1] };
    /// assert_eq!(round.check(3, 0), Err(PairingError::TwiceInRound { player: 1, round: 0 }));
    /// ```
    pub fn check(&self, players: usize, index: usize) -> Result<(), PairingError> {
        let mut seen = vec![false; players];
        let everyone = self
            .games
            .iter()
            .flat_map(|g| [g.first, g.second])
            .chain(self.byes.iter().copied());
        for p in everyone {
            if p >= players {
                return Err(PairingError::UnknownPlayer { player: p, players });
            }
            if std::mem::replace(&mut seen[p], true) {
                return Err(PairingError::TwiceInRound {
                    player: p,
                    round: index,
                });
            }
        }
        if let Some(g) = self.games.iter().find(|g| g.first == g.second) {
            return Err(PairingError::SelfPairing { player: g.first });
        }
        Ok(())
    }
}

/// How a two-player game ended, seen from its pairing: played, or decided by a forfeit (a
/// player who never came, docs/TOURNAMENTS.md, "Forfeits").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Outcome {
    /// The leading player won.
    FirstWins,
    /// A draw.
    Draw,
    /// The answering player won.
    SecondWins,
    /// Not played: the answering player never came, and the leading player scores a win.
    FirstWinsByForfeit,
    /// Not played: the leading player never came, and the answering player scores a win.
    SecondWinsByForfeit,
    /// Not played: neither came, and both lose.
    DoubleForfeit,
}

impl Outcome {
    /// The score of the leading player and of the other, in half points (win 2, draw 1, loss 0;
    /// a forfeit as a win or a loss).
    ///
    /// ```
    /// use rajapasu_pairing::Outcome;
    /// assert_eq!(Outcome::FirstWins.half_points(), [2, 0]);
    /// assert_eq!(Outcome::Draw.half_points(), [1, 1]);
    /// assert_eq!(Outcome::DoubleForfeit.half_points(), [0, 0]);
    /// ```
    pub fn half_points(self) -> [u32; 2] {
        match self {
            Outcome::FirstWins | Outcome::FirstWinsByForfeit => [2, 0],
            Outcome::Draw => [1, 1],
            Outcome::SecondWins | Outcome::SecondWinsByForfeit => [0, 2],
            Outcome::DoubleForfeit => [0, 0],
        }
    }

    /// Whether the game was played (and not decided by a forfeit).
    ///
    /// ```
    /// use rajapasu_pairing::Outcome;
    /// assert!(Outcome::Draw.played() && !Outcome::DoubleForfeit.played());
    /// ```
    pub fn played(self) -> bool {
        matches!(
            self,
            Outcome::FirstWins | Outcome::Draw | Outcome::SecondWins
        )
    }

    /// The result as a crosstable writes it, the leading player's first: `1-0`, `½-½`, `0-1`,
    /// and for forfeits `+:-`, `-:+`, `-:-`.
    ///
    /// ```
    /// use rajapasu_pairing::Outcome;
    /// assert_eq!(Outcome::SecondWinsByForfeit.text(), "-:+");
    /// ```
    pub fn text(self) -> &'static str {
        match self {
            Outcome::FirstWins => "1-0",
            Outcome::Draw => "½-½",
            Outcome::SecondWins => "0-1",
            Outcome::FirstWinsByForfeit => "+:-",
            Outcome::SecondWinsByForfeit => "-:+",
            Outcome::DoubleForfeit => "-:-",
        }
    }
}

/// A game as played: the pairing, how it ended and the counters each player captured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GameResult {
    /// Who played, and who led.
    pub pairing: Pairing,
    /// How it ended.
    pub outcome: Outcome,
    /// Counters captured by the leading player and by the other (the game's own tie-break;
    /// none in a game not played).
    pub counters: [u32; 2],
}

/// A round as played: its games with their results, and its byes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PlayedRound {
    /// The games and their results.
    pub games: Vec<GameResult>,
    /// Players without a game this round.
    pub byes: Vec<usize>,
}

impl PlayedRound {
    /// The round's pairings, without the results.
    ///
    /// ```
    /// use rajapasu_pairing::{GameResult, Outcome, Pairing, PlayedRound};
    /// let game = GameResult { pairing: Pairing::new(1, 0), outcome: Outcome::Draw, counters: [35, 35] };
    /// let played = PlayedRound { games: vec![game], byes: vec![2] };
    /// assert_eq!(played.round().games, [Pairing::new(1, 0)]);
    /// assert_eq!(played.round().byes, [2]);
    /// ```
    pub fn round(&self) -> Round {
        Round {
            games: self.games.iter().map(|g| g.pairing).collect(),
            byes: self.byes.clone(),
        }
    }
}

/// Checks a history of played rounds for `players` players: every player below `players`, at
/// most once a round.
pub(crate) fn check_history(players: usize, rounds: &[PlayedRound]) -> Result<(), PairingError> {
    rounds
        .iter()
        .enumerate()
        .try_for_each(|(k, r)| r.round().check(players, k))
}

/// Each player's score after `rounds`, in half points: a game's from [`Outcome::half_points`],
/// a bye's `bye_half_points`.
///
/// ```
/// use rajapasu_pairing::round::scores;
/// use rajapasu_pairing::{GameResult, Outcome, Pairing, PlayedRound};
/// let r = PlayedRound {
///     games: vec![GameResult { pairing: Pairing::new(0, 1), outcome: Outcome::Draw, counters: [0, 0] }],
///     byes: vec![2],
/// };
/// assert_eq!(scores(3, &[r], 2), [1, 1, 2]);
/// ```
pub fn scores(players: usize, rounds: &[PlayedRound], bye_half_points: u32) -> Vec<u32> {
    let mut score = vec![0; players];
    for r in rounds {
        for g in &r.games {
            let [a, b] = g.outcome.half_points();
            score[g.pairing.first] += a;
            score[g.pairing.second] += b;
        }
        for &p in &r.byes {
            score[p] += bye_half_points;
        }
    }
    score
}
