//! Mandiri games between players, and what they show: who wins from which seat, how long
//! rounds and matches last, how they end.

use crate::mandiri::player::MandiriPlayer;
use crate::stats::mean_ci;
use rajapasu_engine::mandiri::{self, Player, Seat};
use rajapasu_engine::rng::Rng;
use serde::Serialize;

/// Moves a game may last before it is stopped and counted as capped. Rounds end by the rules
/// (the third repetition ends a cycling one), so only a very long match reaches it.
pub const DEFAULT_MOVE_CAP: usize = 20_000;

/// A finished round, as the statistics need it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoundStat {
    /// Who sat where: `seats[s]` is the player in seat `s`.
    pub seats: [Player; 3],
    /// What each seat captured.
    pub captured: [u16; 3],
    /// Whether each seat's player won (a tie shares the round).
    pub won: [bool; 3],
    /// How it ended.
    pub ended_by: mandiri::RoundEnd,
    /// Moves in the round.
    pub moves: usize,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum GameEnd {
    /// A single round was played out.
    Round,
    /// A player won the match: the others went out.
    MatchWon,
    /// A round's start came a third time: the match is shared.
    MatchDrawn,
    /// The move cap stopped it.
    Capped,
}

/// One game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameStat {
    /// The rounds finished.
    pub rounds: Vec<RoundStat>,
    /// How it ended.
    pub end: GameEnd,
    /// The players who won the match (or shared it), empty for a single round or a capped one.
    pub match_winners: Vec<Player>,
    /// Moves played.
    pub moves: usize,
}

/// Plays `game` to its end with `players[p]` choosing for player `p` (players 1, 2, 3 by
/// index) wherever they sit, first `opening` random moves from `seed`; at most `cap` moves.
/// A player that gives no move ends the game as capped (the players here always give one).
///
/// ```
/// use rajapasu_ai::mandiri::arena::{play, GameEnd};
/// use rajapasu_ai::mandiri::{MandiriPlayer, RandomPlayer};
/// use rajapasu_engine::mandiri;
/// let mut players: [Box<dyn MandiriPlayer>; 3] =
///     [1, 2, 3].map(|s| Box::new(RandomPlayer::new(s)) as Box<dyn MandiriPlayer>);
/// let rules = "mandiri/mode=round".parse::<mandiri::Rules>().unwrap();
/// let stat = play(mandiri::Game::new(rules), &mut players, 2, 9, 10_000);
/// assert_eq!((stat.end, stat.rounds.len()), (GameEnd::Round, 1));
/// ```
pub fn play(
    mut game: mandiri::Game,
    players: &mut [Box<dyn MandiriPlayer>; 3],
    opening: usize,
    seed: u64,
    cap: usize,
) -> GameStat {
    let mut rng = Rng::new(seed);
    let mut rounds = Vec::new();
    let mut round_start = 0;
    let mut played = 0;
    while !game.status().is_over() && played < cap {
        let pos = game.position();
        let mv = if played < opening {
            let ms = game.legal_moves();
            ms[rng.below(ms.len())]
        } else {
            let p = pos.player(pos.to_move());
            match players[p.index()].choose(&game) {
                Ok(mv) => mv,
                Err(_) => break,
            }
        };
        if game.try_play(mv).is_err() {
            break;
        }
        played += 1;
        if game.rounds().len() > rounds.len() {
            let r = game.rounds()[rounds.len()];
            rounds.push(RoundStat {
                seats: r.seats.0,
                captured: r.captured.0,
                won: r.seats.0.map(|p| r.winners.contains(p)),
                ended_by: r.ended_by,
                moves: played - round_start,
            });
            round_start = played;
        }
    }
    let (end, match_winners) = match game.status() {
        mandiri::Status::Playing => (GameEnd::Capped, Vec::new()),
        mandiri::Status::RoundOver { .. } => (GameEnd::Round, Vec::new()),
        mandiri::Status::MatchOver { winners } if winners.len() == 1 => {
            (GameEnd::MatchWon, winners.iter().collect())
        }
        mandiri::Status::MatchOver { winners } => (GameEnd::MatchDrawn, winners.iter().collect()),
    };
    GameStat {
        rounds,
        end,
        match_winners,
        moves: played,
    }
}

/// A share with its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Share {
    /// The mean.
    pub mean: f64,
    /// Lower end of the 95% interval.
    pub low: f64,
    /// Upper end.
    pub high: f64,
}

impl Share {
    /// The mean of `xs` and its 95% interval (normal approximation).
    pub fn of(xs: &[f64]) -> Share {
        let (mean, half) = mean_ci(xs);
        Share {
            mean,
            low: mean - half,
            high: mean + half,
        }
    }

    /// As [`Share::of`] for values in 0..1, the interval kept within 0..1.
    pub fn of_fraction(xs: &[f64]) -> Share {
        let s = Share::of(xs);
        Share {
            low: s.low.max(0.0),
            high: s.high.min(1.0),
            ..s
        }
    }
}

/// Mean, median and longest of some lengths.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Lengths {
    /// Mean.
    pub mean: f64,
    /// Median.
    pub median: f64,
    /// Longest.
    pub max: usize,
}

impl Lengths {
    /// The lengths' mean, median and maximum (zeros for none).
    pub fn of(xs: &[usize]) -> Lengths {
        let mut v = xs.to_vec();
        v.sort_unstable();
        let n = v.len();
        if n == 0 {
            return Lengths {
                mean: 0.0,
                median: 0.0,
                max: 0,
            };
        }
        let median = if n % 2 == 1 {
            v[n / 2] as f64
        } else {
            (v[n / 2 - 1] + v[n / 2]) as f64 / 2.0
        };
        Lengths {
            mean: v.iter().sum::<usize>() as f64 / n as f64,
            median,
            max: v[n - 1],
        }
    }
}

/// What many games show about the seats.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SeatReport {
    /// Games played.
    pub games: usize,
    /// Rounds finished.
    pub rounds: usize,
    /// Each seat's (C, R, L) share of the round wins (a tie shares the round), 95% intervals.
    pub seat_wins: [Share; 3],
    /// Each seat's mean capture in a round.
    pub seat_captures: [Share; 3],
    /// Whether being the Raja pays: seat C's win share minus 1/3, with its interval.
    pub raja_edge: Share,
    /// Moves per round.
    pub round_moves: Lengths,
    /// Rounds ended because no capture was left (rule M5, or `quiet`/`below4`).
    pub no_capture: usize,
    /// Rounds ended by a third repetition.
    pub repetition: usize,
    /// Rounds per game (matches).
    pub match_rounds: Lengths,
    /// Games by how they ended: single rounds, matches won, matches drawn, capped.
    pub ends: Vec<(GameEnd, usize)>,
}

/// Each seat's share of a round's win: 1/k for each of k winners.
fn win_shares(r: &RoundStat) -> [f64; 3] {
    let k = r.won.iter().filter(|&&w| w).count().max(1) as f64;
    r.won.map(|w| if w { 1.0 / k } else { 0.0 })
}

/// The seat statistics of `games`.
pub fn seat_report(games: &[GameStat]) -> SeatReport {
    let rounds: Vec<&RoundStat> = games.iter().flat_map(|g| &g.rounds).collect();
    let wins: Vec<[f64; 3]> = rounds.iter().map(|r| win_shares(r)).collect();
    let seat = |i: usize| Share::of_fraction(&wins.iter().map(|w| w[i]).collect::<Vec<_>>());
    let caps = |i: usize| {
        Share::of(
            &rounds
                .iter()
                .map(|r| f64::from(r.captured[i]))
                .collect::<Vec<_>>(),
        )
    };
    let edge = Share::of(&wins.iter().map(|w| w[0] - 1.0 / 3.0).collect::<Vec<_>>());
    let ends = [
        GameEnd::Round,
        GameEnd::MatchWon,
        GameEnd::MatchDrawn,
        GameEnd::Capped,
    ]
    .into_iter()
    .map(|e| (e, games.iter().filter(|g| g.end == e).count()))
    .filter(|&(_, n)| n > 0)
    .collect();
    SeatReport {
        games: games.len(),
        rounds: rounds.len(),
        seat_wins: [seat(0), seat(1), seat(2)],
        seat_captures: [caps(0), caps(1), caps(2)],
        raja_edge: edge,
        round_moves: Lengths::of(&rounds.iter().map(|r| r.moves).collect::<Vec<_>>()),
        no_capture: rounds
            .iter()
            .filter(|r| r.ended_by == mandiri::RoundEnd::NoCapture)
            .count(),
        repetition: rounds
            .iter()
            .filter(|r| r.ended_by == mandiri::RoundEnd::Repetition)
            .count(),
        match_rounds: Lengths::of(&games.iter().map(|g| g.rounds.len()).collect::<Vec<_>>()),
        ends,
    }
}

/// One player's results in a tournament.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Standing {
    /// The player's spec.
    pub name: String,
    /// Rounds played.
    pub rounds: usize,
    /// Mean capture in a round, with its interval.
    pub round_score: Share,
    /// Mean capture in a round above the mean of the seat it was made from, with its
    /// interval: the seat's large effect taken out, so that players compare more sharply.
    pub above_seat: Share,
    /// Share of the round wins (1/3 is even), with its interval.
    pub win_share: Share,
    /// Matches won outright (shared ones count as a share).
    pub match_wins: f64,
}

/// The seatings of a three-player tournament: every permutation of the players over the
/// seats C, R, L, so that no seat favours anyone. `seatings()[k][s]` is the player (0..3) of
/// seat `s`.
///
/// ```
/// use rajapasu_ai::mandiri::arena::seatings;
/// let all = seatings();
/// assert_eq!(all.len(), 6);
/// for s in 0..3 {
///     assert_eq!(all.iter().filter(|p| p[0] == s).count(), 2);
/// }
/// ```
pub fn seatings() -> [[usize; 3]; 6] {
    [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ]
}

/// Each entrant's standing: `games[k]` was played with `entrant_of[k][p]` as the entrant of
/// player `p`.
pub fn standings(names: &[String], games: &[GameStat], entrant_of: &[[usize; 3]]) -> Vec<Standing> {
    let rounds = games.iter().flat_map(|g| &g.rounds);
    let n = rounds.clone().count().max(1) as f64;
    let seat_mean: [f64; 3] = core::array::from_fn(|i| {
        rounds
            .clone()
            .map(|r| f64::from(r.captured[i]))
            .sum::<f64>()
            / n
    });
    names
        .iter()
        .enumerate()
        .map(|(e, name)| {
            let mut above = Vec::new();
            let mut scores = Vec::new();
            let mut wins = Vec::new();
            let mut match_wins = 0.0;
            for (g, map) in games.iter().zip(entrant_of) {
                for r in &g.rounds {
                    let shares = win_shares(r);
                    for s in Seat::ALL {
                        if map[r.seats[s.index()].index()] == e {
                            scores.push(f64::from(r.captured[s.index()]));
                            above.push(f64::from(r.captured[s.index()]) - seat_mean[s.index()]);
                            wins.push(shares[s.index()]);
                        }
                    }
                }
                let mine = g
                    .match_winners
                    .iter()
                    .filter(|p| map[p.index()] == e)
                    .count();
                if mine > 0 {
                    match_wins += mine as f64 / g.match_winners.len() as f64;
                }
            }
            Standing {
                name: name.clone(),
                rounds: scores.len(),
                round_score: Share::of(&scores),
                above_seat: Share::of(&above),
                win_share: Share::of_fraction(&wins),
                match_wins,
            }
        })
        .collect()
}
