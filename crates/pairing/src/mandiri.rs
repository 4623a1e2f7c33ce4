//! Mandiri rounds: players seated in threes, the Raja's seat passed round fairly.
//!
//! A table lists its players by seat: the Raja (seat C, who moves first), then the right end
//! (R), then the left end (L). In each round:
//! - when the number of players is not a multiple of three, the one or two left over have a
//!   bye: those with the fewest byes so far, the lowest-ranked first;
//! - the Raja's seats go to the players who have held it least (on a tie, the higher-ranked
//!   first), one to a table, so that over the rounds no one holds it twice more than another
//!   who played as often;
//! - the others fill the tables, table by table in the Rajas' ranking order: the two who have
//!   sat least often with the Raja and with each other (on a tie, the first in ranking order),
//!   the one of the two who has sat at the right end less often taking it.

use crate::error::PairingError;

/// One Mandiri table: its players by seat, the Raja first, then the right end, then the left.
pub type Table = [usize; 3];

/// One Mandiri round: its tables and its byes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MandiriRound {
    /// The tables, table 1 first.
    pub tables: Vec<Table>,
    /// Players without a table this round.
    pub byes: Vec<usize>,
}

/// Seats the round after `past` of an event of `players` players (numbered from 0): those
/// listed in `ranking`, best first. A player left out of the ranking (withdrawn, or excused
/// from this round) is not seated and has no bye.
///
/// ```
/// use rajapasu_pairing::mandiri::seat_round;
/// let mut past = Vec::new();
/// for _ in 0..3 {
///     let round = seat_round(3, &[0, 1, 2], &past).unwrap();
///     past.push(round);
/// }
/// // Each of the three is Raja once.
/// let rajas: Vec<usize> = past.iter().map(|r| r.tables[0][0]).collect();
/// assert_eq!(rajas, [0, 1, 2]);
/// // Four players, one of whom has withdrawn: one table, no bye.
/// let round = seat_round(4, &[3, 0, 1], &past).unwrap();
/// assert!(round.byes.is_empty() && round.tables[0].contains(&3));
/// assert!(seat_round(3, &[0, 1], &[]).is_err());
/// ```
pub fn seat_round(
    players: usize,
    ranking: &[usize],
    past: &[MandiriRound],
) -> Result<MandiriRound, PairingError> {
    let n = players;
    let seated_count = ranking.len();
    if seated_count < 3 {
        return Err(PairingError::TooFewPlayers {
            players: seated_count,
            needed: 3,
        });
    }
    let mut seen = vec![false; n];
    for &p in ranking {
        if p >= n {
            return Err(PairingError::UnknownPlayer {
                player: p,
                players: n,
            });
        }
        if std::mem::replace(&mut seen[p], true) {
            return Err(PairingError::NotARanking);
        }
    }
    for (k, r) in past.iter().enumerate() {
        check_round(n, k, r)?;
    }
    let (mut byes, mut rajas, mut rights) = (vec![0; n], vec![0; n], vec![0; n]);
    for r in past {
        for &p in &r.byes {
            byes[p] += 1;
        }
        for t in &r.tables {
            rajas[t[0]] += 1;
            rights[t[1]] += 1;
        }
    }
    let rank_of = {
        let mut r = vec![0; n];
        for (k, &p) in ranking.iter().enumerate() {
            r[p] = k;
        }
        r
    };
    let mut by_bye = ranking.to_vec();
    by_bye.sort_by_key(|&p| (byes[p], std::cmp::Reverse(rank_of[p])));
    let bye: Vec<usize> = by_bye[..seated_count % 3].to_vec();
    let seated: Vec<usize> = ranking
        .iter()
        .copied()
        .filter(|p| !bye.contains(p))
        .collect();
    let tables = seated.len() / 3;
    let mut by_raja = seated.clone();
    by_raja.sort_by_key(|&p| (rajas[p], rank_of[p]));
    let mut heads: Vec<usize> = by_raja[..tables].to_vec();
    heads.sort_by_key(|&p| rank_of[p]);
    let mut others: Vec<usize> = seated
        .iter()
        .copied()
        .filter(|p| !heads.contains(p))
        .collect();
    let met = tablemates(n, past);
    let mut tables = Vec::with_capacity(heads.len());
    for &raja in &heads {
        // The two who have sat least with the Raja and with each other; on a tie, the
        // first two in ranking order.
        let cost = |a: usize, b: usize| met[raja][a] + met[raja][b] + met[a][b];
        let mut best = (0, 1);
        for i in 0..others.len() {
            for j in i + 1..others.len() {
                if cost(others[i], others[j]) < cost(others[best.0], others[best.1]) {
                    best = (i, j);
                }
            }
        }
        let (a, b) = (others[best.0], others[best.1]);
        others.retain(|&p| p != a && p != b);
        tables.push(if rights[b] < rights[a] {
            [raja, b, a]
        } else {
            [raja, a, b]
        });
    }
    let mut byes_sorted = bye;
    byes_sorted.sort_by_key(|&p| rank_of[p]);
    Ok(MandiriRound {
        tables,
        byes: byes_sorted,
    })
}

/// How many times each two players have sat at one table.
fn tablemates(players: usize, past: &[MandiriRound]) -> Vec<Vec<u32>> {
    let mut met = vec![vec![0; players]; players];
    for t in past.iter().flat_map(|r| &r.tables) {
        for (i, &a) in t.iter().enumerate() {
            for &b in &t[i + 1..] {
                met[a][b] += 1;
                met[b][a] += 1;
            }
        }
    }
    met
}

fn check_round(players: usize, index: usize, round: &MandiriRound) -> Result<(), PairingError> {
    let mut seen = vec![false; players];
    for p in round.tables.iter().flatten().chain(&round.byes).copied() {
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
    Ok(())
}
