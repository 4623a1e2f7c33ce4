//! Mandiri rounds: players seated in threes, the Raja's seat passed round fairly.
//!
//! A table lists its players by seat: the Raja (seat C, who moves first), then the right end
//! (R), then the left end (L). In each round:
//! - when the number of players is not a multiple of three, the one or two left over have a
//!   bye: those with the fewest byes so far, the lowest-ranked first;
//! - the Raja's seats go to the players who have held it least (on a tie, the higher-ranked
//!   first), one to a table, so that over the rounds no one holds it twice more than another
//!   who played as often;
//! - the others fill the tables so that as few pairs as can be sit together again: the round
//!   is searched whole for the seating with the fewest pairs who have sat at one table before,
//!   then the fewest such meetings in all (on a tie, the first in ranking order, the Rajas'
//!   tables in their ranking order); a round of more than six tables is filled table by
//!   table, each Raja in turn taking the two who cost least;
//! - at each table, the one of the two who has sat at the right end less often takes it.
//!
//! The Raja's seat is guaranteed to go round fairly; who sits with whom is only as varied as
//! one round at a time can make it. Nothing looks ahead to later rounds, and an event usually
//! has too few rounds for every pair to meet at all: six players over three rounds can meet
//! at most 14 of their 15 pairs (this meets 13), nine over three rounds 27 of 36 (this meets
//! 27).

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
    let others: Vec<usize> = seated
        .iter()
        .copied()
        .filter(|p| !heads.contains(p))
        .collect();
    let met = tablemates(n, past);
    let pairs = if others.len() <= EXACT_OTHERS {
        seat_whole_round(&heads, &others, &met)
    } else {
        seat_table_by_table(&heads, others, &met)
    };
    let tables = heads
        .iter()
        .zip(pairs)
        .map(|(&raja, (a, b))| {
            if rights[b] < rights[a] {
                [raja, b, a]
            } else {
                [raja, a, b]
            }
        })
        .collect();
    let mut byes_sorted = bye;
    byes_sorted.sort_by_key(|&p| rank_of[p]);
    Ok(MandiriRound {
        tables,
        byes: byes_sorted,
    })
}

/// Up to this many players to seat beside the Rajas (six tables), the whole round is searched
/// at once; beyond it, table by table. The search looks at every set of the players placed so
/// far (2^12 of them at most), about a millisecond; at eight tables it took a tenth of a
/// second, for little more than a club's event gains.
const EXACT_OTHERS: usize = 12;

/// What a table costs: how many of its three pairs have sat together before, then how many
/// times in all. Counting the pairs first makes the most pairs meet for the first time: by the
/// meetings alone, a table whose one pair has met twice costs as much as one whose two pairs
/// have met once, and six players over three rounds met 12 of their 15 pairs instead of 13.
fn table_cost(met: &[Vec<u32>], raja: usize, a: usize, b: usize) -> (u32, u32) {
    let pairs = [met[raja][a], met[raja][b], met[a][b]];
    (
        pairs.iter().filter(|&&m| m > 0).count() as u32,
        pairs.iter().sum(),
    )
}

/// The two players for each Raja's table (in `heads`' order) that make the round's cost least,
/// summed over its tables. Taking each table's best in turn can leave the last tables only
/// pairs that have met: twelve players over three rounds then meet 33 pairs, where this meets
/// 36, all new. On a tie the first choice in ranking order wins, as table by table.
fn seat_whole_round(heads: &[usize], others: &[usize], met: &[Vec<u32>]) -> Vec<(usize, usize)> {
    // best[mask]: the least cost of seating the tables after those filled by the players in
    // `mask`, and the pair (indices into `others`) of the next table that reaches it; UNSOLVED
    // until worked out (no round costs that much).
    const UNSOLVED: (u32, u32) = (u32::MAX, u32::MAX);
    type Best = ((u32, u32), usize, usize);
    fn solve(
        mask: usize,
        heads: &[usize],
        others: &[usize],
        met: &[Vec<u32>],
        best: &mut [Best],
    ) -> (u32, u32) {
        let table = mask.count_ones() as usize / 2;
        if table == heads.len() {
            return (0, 0);
        }
        if best[mask].0 != UNSOLVED {
            return best[mask].0;
        }
        let mut found: Best = (UNSOLVED, 0, 0);
        for i in 0..others.len() {
            if mask & (1 << i) != 0 {
                continue;
            }
            for j in i + 1..others.len() {
                if mask & (1 << j) != 0 {
                    continue;
                }
                let here = table_cost(met, heads[table], others[i], others[j]);
                let rest = solve(mask | 1 << i | 1 << j, heads, others, met, best);
                let cost = (here.0 + rest.0, here.1 + rest.1);
                // Strictly less: on a tie the first pair in ranking order stays.
                if cost < found.0 {
                    found = (cost, i, j);
                }
            }
        }
        best[mask] = found;
        found.0
    }
    let mut best: Vec<Best> = vec![(UNSOLVED, 0, 0); 1 << others.len()];
    solve(0, heads, others, met, &mut best);
    let mut mask = 0;
    let mut pairs = Vec::with_capacity(heads.len());
    for _ in heads {
        let (_, i, j) = best[mask];
        pairs.push((others[i], others[j]));
        mask |= 1 << i | 1 << j;
    }
    pairs
}

/// Each Raja's table in turn takes the two who have sat least with the Raja and with each
/// other (on a tie, the first two in ranking order): for rounds too large to search whole.
fn seat_table_by_table(
    heads: &[usize],
    mut others: Vec<usize>,
    met: &[Vec<u32>],
) -> Vec<(usize, usize)> {
    let mut pairs = Vec::with_capacity(heads.len());
    for &raja in heads {
        let cost = |a: usize, b: usize| table_cost(met, raja, a, b);
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
        pairs.push((a, b));
    }
    pairs
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
