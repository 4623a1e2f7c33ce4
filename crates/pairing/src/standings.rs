//! Standings: score, then the tie-breaks the event names, in its order.
//!
//! A win is worth 1 point, a draw ½, a loss 0, a bye what the event says (a win by default).
//! - **Sonneborn-Berger** (round-robin): the scores of the opponents a player beat, plus half
//!   the scores of those they drew with; each game counts (in a double round-robin, twice).
//! - **Buchholz** (Swiss): the sum of the opponents' scores, one for each game; a bye adds 0.
//! - **Median Buchholz**: the Buchholz without the highest and the lowest of those numbers (a
//!   bye's 0 among them), when a player has three or more; 0 otherwise.
//! - **Counters**: the counters the player captured in all their games, the game's own
//!   tie-break.
//!
//! A game decided by a forfeit counts as the win or loss it was given, in the score and in
//! the tie-breaks (docs/TOURNAMENTS.md, "Forfeits"). Players equal on score and on every
//! tie-break share a rank.

use crate::error::PairingError;
use crate::round::{check_history, scores, Outcome, PlayedRound};

/// A tie-break.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum TieBreak {
    /// Beaten opponents' scores plus half the drawn opponents' scores.
    SonnebornBerger,
    /// The sum of the opponents' scores.
    Buchholz,
    /// The Buchholz without the highest and the lowest opponent.
    MedianBuchholz,
    /// Counters captured.
    Counters,
}

impl TieBreak {
    /// The tie-breaks of a round-robin: Sonneborn-Berger, then counters.
    pub const ROUND_ROBIN: [TieBreak; 2] = [TieBreak::SonnebornBerger, TieBreak::Counters];
    /// The tie-breaks of a Swiss event: Buchholz, median Buchholz, then counters.
    pub const SWISS: [TieBreak; 3] = [
        TieBreak::Buchholz,
        TieBreak::MedianBuchholz,
        TieBreak::Counters,
    ];

    /// A short name for a table's heading.
    ///
    /// ```
    /// use rajapasu_pairing::TieBreak;
    /// assert_eq!(TieBreak::MedianBuchholz.short_name(), "MBuch");
    /// ```
    pub fn short_name(self) -> &'static str {
        match self {
            TieBreak::SonnebornBerger => "SB",
            TieBreak::Buchholz => "Buch",
            TieBreak::MedianBuchholz => "MBuch",
            TieBreak::Counters => "Ctrs",
        }
    }
}

/// One player's line in the standings.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Standing {
    /// Rank, from 1; players tied on everything share one.
    pub rank: usize,
    /// The player.
    pub player: usize,
    /// Points: 1 a win, ½ a draw, byes as the event says.
    pub score: f64,
    /// Games, played or decided by a forfeit (byes not counted).
    pub games: u32,
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
    /// Of those games, the ones decided by a forfeit (won or lost).
    pub forfeits: u32,
    /// The tie-breaks' values, in the order asked for.
    pub tie_breaks: Vec<f64>,
}

/// The standings after `rounds` of an event of `players` players, byes scoring
/// `bye_half_points`, ties broken by `tie_breaks` in order.
///
/// ```
/// use rajapasu_pairing::{standings, GameResult, Outcome, Pairing, PlayedRound, TieBreak};
/// let won = |a, b| GameResult { pairing: Pairing::new(a, b), outcome: Outcome::FirstWins, counters: [40, 30] };
/// let rounds = [PlayedRound { games: vec![won(1, 0)], byes: vec![] }];
/// let table = standings(2, &rounds, 2, &TieBreak::ROUND_ROBIN).unwrap();
/// assert_eq!((table[0].player, table[0].score, table[0].tie_breaks[1]), (1, 1.0, 40.0));
/// ```
pub fn standings(
    players: usize,
    rounds: &[PlayedRound],
    bye_half_points: u32,
    tie_breaks: &[TieBreak],
) -> Result<Vec<Standing>, PairingError> {
    check_history(players, rounds)?;
    let half = scores(players, rounds, bye_half_points);
    let points = |p: usize| f64::from(half[p]) / 2.0;
    // Each player's games: (opponent, own half points, counters captured, played).
    let mut games: Vec<Vec<(usize, u32, u32, bool)>> = vec![Vec::new(); players];
    let mut byes = vec![0usize; players];
    for r in rounds {
        for g in &r.games {
            let [a, b] = g.outcome.half_points();
            let (f, s) = (g.pairing.first, g.pairing.second);
            let played = g.outcome.played();
            games[f].push((s, a, g.counters[0], played));
            games[s].push((f, b, g.counters[1], played));
        }
        for &p in &r.byes {
            byes[p] += 1;
        }
    }
    let tie_break = |p: usize, t: TieBreak| -> f64 {
        let mine = &games[p];
        match t {
            TieBreak::SonnebornBerger => mine
                .iter()
                .map(|&(o, h, _, _)| points(o) * f64::from(h) / 2.0)
                .sum(),
            TieBreak::Buchholz => mine.iter().map(|&(o, _, _, _)| points(o)).sum(),
            TieBreak::MedianBuchholz => {
                let mut each: Vec<f64> = mine.iter().map(|&(o, _, _, _)| points(o)).collect();
                each.extend(std::iter::repeat(0.0).take(byes[p]));
                if each.len() < 3 {
                    return 0.0;
                }
                each.sort_by(f64::total_cmp);
                each[1..each.len() - 1].iter().sum()
            }
            TieBreak::Counters => mine.iter().map(|&(_, _, c, _)| f64::from(c)).sum(),
        }
    };
    let mut table: Vec<Standing> = (0..players)
        .map(|p| {
            let count = |h: u32| games[p].iter().filter(|g| g.1 == h).count() as u32;
            Standing {
                rank: 0,
                player: p,
                score: points(p),
                games: games[p].len() as u32,
                wins: count(Outcome::FirstWins.half_points()[0]),
                draws: count(Outcome::Draw.half_points()[0]),
                losses: count(Outcome::SecondWins.half_points()[0]),
                forfeits: games[p].iter().filter(|g| !g.3).count() as u32,
                tie_breaks: tie_breaks.iter().map(|&t| tie_break(p, t)).collect(),
            }
        })
        .collect();
    let key = |s: &Standing| {
        std::iter::once(s.score)
            .chain(s.tie_breaks.iter().copied())
            .collect::<Vec<f64>>()
    };
    table.sort_by(|a, b| {
        key(b)
            .iter()
            .zip(key(a).iter())
            .map(|(x, y)| x.total_cmp(y))
            .find(|o| o.is_ne())
            .unwrap_or(std::cmp::Ordering::Equal)
            .then(a.player.cmp(&b.player))
    });
    for k in 0..table.len() {
        table[k].rank = if k > 0 && key(&table[k]) == key(&table[k - 1]) {
            table[k - 1].rank
        } else {
            k + 1
        };
    }
    Ok(table)
}
