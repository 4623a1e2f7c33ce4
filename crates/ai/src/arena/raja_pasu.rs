//! Two-player games: what one game shows ([`Outcome`]: result, margin, round lengths,
//! captures by kind) and what many show: standings with Elo against the field, head-to-head
//! pairs, openings played from both sides ([`tabulate`]), self-play summaries ([`summarize`]).

use crate::arena::{play_out, Scored, Seating, Stopped};
use crate::player::{Player, PlayerError};
use crate::stats::{mean_ci, wilson, Wdl};
use rajapasu_engine::{BySide, Event, Game, Move, RoundEnd, Rules, Side, Status};
use serde::Serialize;

/// Counters captured by kind over a game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Captures {
    /// Counters taken as fours.
    pub fours: u64,
    /// Of those, fours that went to the player who was sowing.
    pub fours_to_mover: u64,
    /// Counters taken by pussa captures.
    pub pussa: u64,
    /// Counters taken from the board at round ends.
    pub round_end: u64,
}

impl core::ops::AddAssign for Captures {
    fn add_assign(&mut self, other: Captures) {
        self.fours += other.fours;
        self.fours_to_mover += other.fours_to_mover;
        self.pussa += other.pussa;
        self.round_end += other.round_end;
    }
}

/// What happened in one game.
#[derive(Debug)]
pub struct Outcome {
    /// The finished game.
    pub game: Game,
    /// The winner, if not drawn.
    pub winner: Option<Side>,
    /// South's holdings minus North's at the end (single round: the capture difference).
    pub margin: i32,
    /// Moves in each round.
    pub round_plies: Vec<u32>,
    /// Counters captured by kind.
    pub captures: Captures,
    /// A player that failed (crashed, answered an illegal move) and so lost the game.
    pub forfeit: Option<(Side, PlayerError)>,
}

impl Outcome {
    /// Whether the match was drawn because a round start came a third time.
    pub fn drawn_by_match_repetition(&self) -> bool {
        self.forfeit.is_none() && self.game.status() == Status::MatchOver { winner: None }
    }
}

/// Plays `game` to its end, `players[0]` moving for South and `players[1]` for North.
pub fn play_game(mut game: Game, players: &mut [Box<dyn Player>]) -> Outcome {
    let mut captures = Captures::default();
    let mut round_plies = Vec::new();
    let mut plies = 0u32;
    let stopped = play_out(&mut game, players, usize::MAX, |_, mover, events| {
        let side = Side::ALL[mover];
        plies += 1;
        for ev in events {
            match ev {
                Event::Four { to, .. } => {
                    captures.fours += 4;
                    if *to == side {
                        captures.fours_to_mover += 4;
                    }
                }
                Event::Pussa { count, .. } => captures.pussa += u64::from(*count),
                Event::RoundEnd { award, .. } => {
                    captures.round_end += u64::from(award.total());
                    round_plies.push(plies);
                    plies = 0;
                }
                _ => {}
            }
        }
    });
    let forfeit = stopped
        .and_then(Stopped::forfeit)
        .map(|(participant, error)| (Side::ALL[participant], error));
    let p = game.position();
    let held = BySide::from_fn(|s| p.captured(s) + p.reserve(s));
    let margin = held.south as i32 - held.north as i32;
    let winner = match &forfeit {
        Some((side, _)) => Some(!*side),
        None => game.status().winner(),
    };
    Outcome {
        game,
        winner,
        margin,
        round_plies,
        captures,
        forfeit,
    }
}

impl Scored for Game {
    type Stat = Outcome;

    /// The opening's moves count in no statistic: they are not the players'.
    fn play_scored(
        mut game: Game,
        opening: &[Move],
        players: &mut [Box<dyn Player>],
        _cap: usize,
    ) -> Outcome {
        for &mv in opening {
            game.play(mv);
        }
        play_game(game, players)
    }

    fn unstarted(game: Game, k: usize, error: PlayerError) -> Outcome {
        let side = Side::ALL[k];
        Outcome {
            winner: Some(!side),
            margin: 0,
            round_plies: Vec::new(),
            captures: Captures::default(),
            forfeit: Some((side, error)),
            game,
        }
    }

    fn game(stat: &Outcome) -> &Game {
        &stat.game
    }

    fn forfeit(stat: &Outcome) -> Option<(usize, &PlayerError)> {
        stat.forfeit.as_ref().map(|(side, e)| (side.index(), e))
    }
}

/// A player's line in the standings.
#[derive(Clone, Debug, Serialize)]
pub struct Standing {
    /// The player's spec.
    pub player: String,
    /// Results against the field.
    #[serde(flatten)]
    pub wdl: Wdl,
    /// Games.
    pub games: u32,
    /// Points (a win 1, a draw 1/2).
    pub points: f64,
    /// Mean score, 0..=1.
    pub score: f64,
    /// Elo relative to the average opponent.
    #[serde(flatten)]
    pub elo: Elo,
}

/// An Elo figure with its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Elo {
    /// The figure.
    pub elo: f64,
    /// The low end of its interval.
    pub elo_low: f64,
    /// The high end of its interval.
    pub elo_high: f64,
}

impl Elo {
    /// The Elo figure that the results `wdl` imply ([`Wdl::elo`]).
    pub fn of(wdl: &Wdl) -> Elo {
        let (elo, elo_low, elo_high) = wdl.elo();
        Elo {
            elo,
            elo_low,
            elo_high,
        }
    }
}

/// The results of one pair of players, from the first's point of view.
#[derive(Clone, Debug, Serialize)]
pub struct Head {
    /// First player.
    pub player: String,
    /// Second player.
    pub opponent: String,
    /// Results of the first player.
    #[serde(flatten)]
    pub wdl: Wdl,
    /// Mean score of the first player.
    pub score: f64,
    /// Elo difference first minus second.
    #[serde(flatten)]
    pub elo: Elo,
}

/// Standings and head-to-head results of a tournament.
#[derive(Clone, Debug, Serialize)]
pub struct Table {
    /// Games played.
    pub games: usize,
    /// Games lost by a player's failure.
    pub forfeits: usize,
    /// Matches drawn because the start of a round occurred a third time.
    pub match_repetitions: usize,
    /// One line per player, best first.
    pub standings: Vec<Standing>,
    /// One line per pair of players that met.
    pub pairs: Vec<Head>,
    /// One line per pair of players that met: their openings, each played from both sides.
    pub opening_pairs: Vec<OpeningPairs>,
}

/// How a pair of players did over the openings they played from both sides, from the first
/// player's point of view.
///
/// With the same opening played once from each side, a perfect player never ends an opening
/// behind: whichever side the opening favours, it gets that side once and holds its value, and
/// the other side's value at worst costs it back (docs/STRENGTH.md). So "behind" counts real
/// mistakes, where win rates mostly count which side the openings favour.
#[derive(Clone, Debug, Default, Serialize)]
pub struct OpeningPairs {
    /// First player.
    pub player: String,
    /// Second player.
    pub opponent: String,
    /// Openings played from both sides.
    pub pairs: u32,
    /// Openings after which the first player held more counters over the two games.
    pub ahead: u32,
    /// Openings after which both held the same.
    pub level: u32,
    /// Openings after which the first player held fewer. A forfeit counts as behind for the
    /// player who forfeited, whatever the counters.
    pub behind: u32,
    /// The first player's counters minus the second's, summed over both games of every pair.
    pub counters: i64,
}

/// Tallies the results of the games of `seatings`.
pub fn tabulate(names: &[String], seatings: &[Seating], outcomes: &[Outcome]) -> Table {
    let n = names.len();
    let mut per = vec![Wdl::default(); n];
    let mut pair = vec![vec![Wdl::default(); n]; n];
    let mut forfeits = 0;
    let mut reps = 0;
    for (p, o) in seatings.iter().zip(outcomes) {
        forfeits += usize::from(o.forfeit.is_some());
        reps += usize::from(o.drawn_by_match_repetition());
        let (south, north) = (p.entrants[0], p.entrants[1]);
        for (side, me, them) in [(Side::South, south, north), (Side::North, north, south)] {
            tally(&mut per[me], o.winner, side);
            tally(&mut pair[me][them], o.winner, side);
        }
    }
    let mut standings: Vec<Standing> = (0..n)
        .map(|i| {
            let w = per[i];
            Standing {
                player: names[i].clone(),
                wdl: w,
                games: w.games(),
                points: w.points(),
                score: w.score(),
                elo: Elo::of(&w),
            }
        })
        .collect();
    standings.sort_by(|a, b| b.score.total_cmp(&a.score));
    let mut pairs = Vec::new();
    for a in 0..n {
        for b in a + 1..n {
            let w = pair[a][b];
            if w.games() == 0 {
                continue;
            }
            pairs.push(Head {
                player: names[a].clone(),
                opponent: names[b].clone(),
                wdl: w,
                score: w.score(),
                elo: Elo::of(&w),
            });
        }
    }
    Table {
        games: outcomes.len(),
        forfeits,
        match_repetitions: reps,
        standings,
        pairs,
        opening_pairs: opening_pairs(names, seatings, outcomes),
    }
}

/// Counts a game won by `winner` (`None`: drawn) in the results of the player of `side`.
fn tally(results: &mut Wdl, winner: Option<Side>, side: Side) {
    match winner {
        Some(w) if w == side => results.wins += 1,
        Some(_) => results.losses += 1,
        None => results.draws += 1,
    }
}

/// The pairs of games with the same players and the same opening, the players' sides swapped.
fn opening_pairs(
    names: &[String],
    seatings: &[Seating],
    outcomes: &[Outcome],
) -> Vec<OpeningPairs> {
    use std::collections::BTreeMap;
    /// The first player's counters minus the second's over the games so far, who forfeited (if
    /// anyone), and how many games.
    #[derive(Default)]
    struct Sofar(i64, Option<usize>, u32);
    // Keyed by (first player, second player, opening).
    let mut games: BTreeMap<(usize, usize, usize), Sofar> = BTreeMap::new();
    for (p, o) in seatings.iter().zip(outcomes) {
        let (south, north) = (p.entrants[0], p.entrants[1]);
        let (a, b) = (south.min(north), south.max(north));
        let margin = i64::from(if south == a { o.margin } else { -o.margin });
        let entry = games.entry((a, b, p.opening)).or_default();
        entry.0 += margin;
        entry.2 += 1;
        if let Some((side, _)) = &o.forfeit {
            entry.1 = Some(p.entrants[side.index()]);
        }
    }
    let mut out: BTreeMap<(usize, usize), OpeningPairs> = BTreeMap::new();
    for (&(a, b, _), &Sofar(counters, forfeited, played)) in &games {
        if played != 2 {
            continue;
        }
        let line = out.entry((a, b)).or_insert_with(|| OpeningPairs {
            player: names[a].clone(),
            opponent: names[b].clone(),
            ..OpeningPairs::default()
        });
        line.pairs += 1;
        line.counters += counters;
        match (forfeited, counters.signum()) {
            (Some(f), _) if f == a => line.behind += 1,
            (Some(_), _) | (None, 1) => line.ahead += 1,
            (None, 0) => line.level += 1,
            (None, _) => line.behind += 1,
        }
    }
    out.into_values().collect()
}

/// A summary of many games under one rule set.
#[derive(Clone, Debug, Serialize)]
pub struct Summary {
    /// The rule set.
    pub rules: String,
    /// Games played.
    pub games: usize,
    /// South's (the first player's) results.
    pub south: Wdl,
    /// South's win rate.
    pub south_win_rate: f64,
    /// 95% Wilson interval of South's win rate.
    pub south_win_rate_ci: (f64, f64),
    /// South's mean score (a draw counts 1/2).
    pub south_score: f64,
    /// Mean final margin, South minus North, counters.
    pub margin_mean: f64,
    /// Half-width of its 95% interval.
    pub margin_ci: f64,
    /// Rounds played.
    pub rounds: usize,
    /// Mean moves per round.
    pub round_length_mean: f64,
    /// Shortest round.
    pub round_length_min: u32,
    /// Median round length.
    pub round_length_median: u32,
    /// Longest round.
    pub round_length_max: u32,
    /// Rounds ended because the player to move had no move (rule 8a).
    pub rounds_no_moves: usize,
    /// Rounds ended by repetition (rule 8b).
    pub rounds_repetition: usize,
    /// Mean rounds per game.
    pub rounds_per_game: f64,
    /// Longest game in rounds.
    pub rounds_per_game_max: usize,
    /// Counters captured by kind, summed over all games.
    pub captures: Captures,
    /// Games lost by a player's failure.
    pub forfeits: usize,
    /// Matches drawn because the start of a round occurred a third time.
    pub match_repetitions: usize,
}

/// Summarises finished games.
pub fn summarize(rules: &Rules, outcomes: &[Outcome]) -> Summary {
    let mut south = Wdl::default();
    let mut margins = Vec::new();
    let mut lengths = Vec::new();
    let (mut no_moves, mut repetition) = (0, 0);
    let mut captures = Captures::default();
    let mut per_game = Vec::new();
    let mut forfeits = 0;
    for o in outcomes {
        tally(&mut south, o.winner, Side::South);
        forfeits += usize::from(o.forfeit.is_some());
        margins.push(f64::from(o.margin));
        lengths.extend_from_slice(&o.round_plies);
        for r in o.game.rounds() {
            match r.ended_by {
                RoundEnd::NoMoves => no_moves += 1,
                RoundEnd::Repetition => repetition += 1,
            }
        }
        per_game.push(o.game.rounds().len());
        captures += o.captures;
    }
    let (margin_mean, margin_ci) = mean_ci(&margins);
    lengths.sort_unstable();
    let n = outcomes.len();
    let rate = f64::from(south.wins) / (n.max(1) as f64);
    Summary {
        rules: rules.to_string(),
        games: n,
        south,
        south_win_rate: rate,
        south_win_rate_ci: wilson(f64::from(south.wins), n as f64),
        south_score: south.score(),
        margin_mean,
        margin_ci,
        rounds: lengths.len(),
        round_length_mean: lengths.iter().map(|&x| f64::from(x)).sum::<f64>()
            / (lengths.len().max(1) as f64),
        round_length_min: lengths.first().copied().unwrap_or(0),
        round_length_median: lengths.get(lengths.len() / 2).copied().unwrap_or(0),
        round_length_max: lengths.last().copied().unwrap_or(0),
        rounds_no_moves: no_moves,
        rounds_repetition: repetition,
        rounds_per_game: per_game.iter().sum::<usize>() as f64 / (n.max(1) as f64),
        rounds_per_game_max: per_game.iter().copied().max().unwrap_or(0),
        captures,
        forfeits,
        match_repetitions: outcomes
            .iter()
            .filter(|o| o.drawn_by_match_repetition())
            .count(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn outcome(margin: i32, forfeit: Option<Side>) -> Outcome {
        Outcome {
            game: Game::new(Rules::default()),
            winner: None,
            margin,
            round_plies: Vec::new(),
            captures: Captures::default(),
            forfeit: forfeit.map(|s| {
                let limit = std::time::Duration::from_secs(1);
                (
                    s,
                    PlayerError::Timeout {
                        program: "x".into(),
                        limit,
                    },
                )
            }),
        }
    }

    #[test]
    fn opening_pairs_sum_both_games_from_the_first_players_side() {
        let names = vec!["a".to_string(), "b".to_string()];
        let pairings = crate::arena::round_robin::<Game>(2, 4, 1);
        // Games come as (a South, b North), (b South, a North) for each opening. Margins are
        // South minus North.
        let outcomes = vec![
            outcome(10, None), // opening 0: a +10, then a -4: ahead by 6
            outcome(4, None),
            outcome(-2, None), // opening 1: a -2, then a +2: level
            outcome(-2, None),
            outcome(6, None), // opening 2: a +6, then a -8: behind by 2
            outcome(8, None),
            outcome(20, Some(Side::South)), // opening 3: a forfeits as South: behind
            outcome(-20, None),
        ];
        let t = tabulate(&names, &pairings, &outcomes);
        assert_eq!(t.opening_pairs.len(), 1);
        let o = &t.opening_pairs[0];
        assert_eq!((o.player.as_str(), o.opponent.as_str()), ("a", "b"));
        assert_eq!((o.pairs, o.ahead, o.level, o.behind), (4, 1, 1, 2));
        assert_eq!(o.counters, 6 - 2 + 40);
    }
}
