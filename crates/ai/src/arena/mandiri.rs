//! Three-player games: what one Mandiri game shows ([`GameStat`]: its rounds by seat, how it
//! ended) and what many show: who wins from which seat, how long rounds and matches last, how
//! they end ([`seat_report`]), and each entrant's standing ([`standings`]).

use crate::arena::{play_out, Scored, Seating, Stopped};
use crate::player::{Player as Chooser, PlayerError};
use crate::stats::{Lengths, Share};
use rajapasu_engine::mandiri::{self, Player, Seat};
use rajapasu_engine::Hole;
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
    /// A player gave no move, or an illegal one.
    Forfeit,
}

/// One game.
#[derive(Debug)]
pub struct GameStat {
    /// The game, as far as it was played.
    pub game: mandiri::Game,
    /// The rounds finished.
    pub rounds: Vec<RoundStat>,
    /// How it ended.
    pub end: GameEnd,
    /// The players who won the match (or shared it), empty for a single round or a capped one.
    pub match_winners: Vec<Player>,
    /// Moves played.
    pub moves: usize,
    /// The player (0 for player 1) who gave no move, or an illegal one, and why.
    pub forfeit: Option<(usize, PlayerError<mandiri::Game>)>,
}

/// Plays the `opening` moves on `game`, then plays it to its end with `players[p]` choosing
/// for player `p` (players 1, 2, 3 by index) wherever they sit; at most `cap` moves in all,
/// the opening's included (they count in the rounds' lengths too). A player that gives no
/// move, or an illegal one, ends the game as a forfeit.
///
/// ```
/// use rajapasu_ai::arena::mandiri::{play, GameEnd};
/// use rajapasu_ai::arena::random_line;
/// use rajapasu_ai::player::{Player, RandomPlayer};
/// use rajapasu_engine::{mandiri, rng::Rng};
/// let mut players: Vec<Box<dyn Player<mandiri::Game>>> =
///     (1..=3).map(|s| Box::new(RandomPlayer::new(s)) as Box<dyn Player<_>>).collect();
/// let game = mandiri::Game::new("mandiri/mode=round".parse().unwrap());
/// let opening = random_line(&game, 2, &mut Rng::new(9));
/// let stat = play(game, &mut players, &opening, 10_000);
/// assert_eq!((stat.end, stat.rounds.len()), (GameEnd::Round, 1));
/// ```
pub fn play(
    mut game: mandiri::Game,
    players: &mut [Box<dyn Chooser<mandiri::Game>>],
    opening: &[Hole],
    cap: usize,
) -> GameStat {
    let mut rounds = Vec::new();
    let mut round_start = 0;
    let mut played = 0;
    let mut watch = |game: &mandiri::Game| {
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
    };
    let mut opening_played = 0;
    for &mv in opening {
        if opening_played == cap || game.status().is_over() || game.try_play(mv).is_err() {
            break;
        }
        opening_played += 1;
        watch(&game);
    }
    let stopped = play_out(&mut game, players, cap - opening_played, |g, _, _| watch(g));
    let forfeit = stopped.and_then(Stopped::forfeit);
    let (end, match_winners) = match game.status() {
        _ if forfeit.is_some() => (GameEnd::Forfeit, Vec::new()),
        mandiri::Status::Playing => (GameEnd::Capped, Vec::new()),
        mandiri::Status::RoundOver { .. } => (GameEnd::Round, Vec::new()),
        mandiri::Status::MatchOver { winners } if winners.len() == 1 => {
            (GameEnd::MatchWon, winners.iter().collect())
        }
        mandiri::Status::MatchOver { winners } => (GameEnd::MatchDrawn, winners.iter().collect()),
    };
    GameStat {
        game,
        rounds,
        end,
        match_winners,
        moves: played,
        forfeit,
    }
}

impl Scored for mandiri::Game {
    type Stat = GameStat;

    fn play_scored(
        game: mandiri::Game,
        opening: &[Hole],
        players: &mut [Box<dyn Chooser<mandiri::Game>>],
        cap: usize,
    ) -> GameStat {
        play(game, players, opening, cap)
    }

    fn unstarted(game: mandiri::Game, k: usize, error: PlayerError<mandiri::Game>) -> GameStat {
        GameStat {
            game,
            rounds: Vec::new(),
            end: GameEnd::Forfeit,
            match_winners: Vec::new(),
            moves: 0,
            forfeit: Some((k, error)),
        }
    }

    fn game(stat: &GameStat) -> &mandiri::Game {
        &stat.game
    }

    fn forfeit(stat: &GameStat) -> Option<(usize, &PlayerError<mandiri::Game>)> {
        stat.forfeit.as_ref().map(|(k, e)| (*k, e))
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
        GameEnd::Forfeit,
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

/// Each entrant's standing: `games[k]` was played in `seatings[k]`.
pub fn standings(names: &[String], games: &[GameStat], seatings: &[Seating]) -> Vec<Standing> {
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
            for (g, seating) in games.iter().zip(seatings) {
                let map = &seating.entrants;
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
