//! Round-robin schedules by the Berger tables (FIDE Handbook C.05, Annex 1).
//!
//! With an even number of players `n`, player `n` (the last) plays in every round on board 1,
//! alternately answering and leading; the others meet on boards whose sums of numbers (from 1)
//! are the same modulo `n - 1`. With an odd number a dummy player is added, and whoever meets
//! the dummy has a bye. A double round-robin plays the schedule twice, the second time with
//! every game's lead the other way round.

use crate::error::PairingError;
use crate::round::{Pairing, Round};

/// The most players a round-robin takes: enough for any club, small enough that a schedule
/// (`n - 1` rounds of `n / 2` games, twice) stays small.
pub const MAX_PLAYERS: usize = 1000;

/// How many times everyone meets everyone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Cycles {
    /// Each pair meets once.
    Single,
    /// Each pair meets twice, each player leading once.
    Double,
}

/// The rounds of a round-robin of `players` players (numbered from 0 here, from 1 in the
/// published tables), board by board.
///
/// ```
/// use rajapasu_pairing::berger::{round_robin, Cycles};
/// use rajapasu_pairing::Pairing;
/// // The Berger table for 4 players: 1-4 2-3 / 4-3 1-2 / 2-4 3-1.
/// let rounds = round_robin(4, Cycles::Single).unwrap();
/// assert_eq!(rounds.len(), 3);
/// assert_eq!(rounds[1].games, [Pairing::new(3, 2), Pairing::new(0, 1)]);
/// // Five players: whoever would meet the sixth has a bye.
/// let five = round_robin(5, Cycles::Double).unwrap();
/// assert_eq!(five.len(), 10);
/// assert_eq!(five[0].byes, [0]);
/// assert_eq!(five[5].games, five[0].games.iter().map(|g| g.swapped()).collect::<Vec<_>>());
/// ```
pub fn round_robin(players: usize, cycles: Cycles) -> Result<Vec<Round>, PairingError> {
    if players < 2 {
        return Err(PairingError::TooFewPlayers { players, needed: 2 });
    }
    if players > MAX_PLAYERS {
        return Err(PairingError::TooManyPlayers {
            players,
            most: MAX_PLAYERS,
        });
    }
    let n = players + players % 2;
    let first: Vec<Round> = (1..n).map(|r| berger_round(n, r, players)).collect();
    let second = match cycles {
        Cycles::Single => Vec::new(),
        Cycles::Double => first
            .iter()
            .map(|r| Round {
                games: r.games.iter().map(|g| g.swapped()).collect(),
                byes: r.byes.clone(),
            })
            .collect(),
    };
    Ok([first, second].concat())
}

/// Round `r` (from 1) of the Berger table for an even `n`, players numbered from 0; a player
/// numbered `real` or above is the dummy, whose opponent has a bye.
fn berger_round(n: usize, r: usize, real: usize) -> Round {
    let m = n - 1;
    // The opponent of player n in round r (numbers from 1): (r + 1) / 2 in odd rounds, where
    // n answers, n / 2 + r / 2 in even rounds, where n leads.
    let top = if r % 2 == 1 {
        r.div_ceil(2)
    } else {
        n / 2 + r / 2
    };
    // Numbers from 1 to m, wrapping around.
    let wrap = |k: isize| (k - 1).rem_euclid(m as isize) as usize + 1;
    let mut boards = vec![if r % 2 == 1 { (top, n) } else { (n, top) }];
    for i in 1..n / 2 {
        boards.push((wrap((top + i) as isize), wrap(top as isize - i as isize)));
    }
    let mut round = Round::default();
    for (a, b) in boards {
        let (a, b) = (a - 1, b - 1);
        if b >= real {
            round.byes.push(a);
        } else if a >= real {
            round.byes.push(b);
        } else {
            round.games.push(Pairing::new(a, b));
        }
    }
    round
}
