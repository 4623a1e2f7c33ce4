//! Games between players, for any number of seats: openings, seatings (who plays which seat,
//! every group of players in every order), one game played out move by move, many in
//! parallel. What a game shows and how many are summed up is each game's:
//!
//! | Module | What it holds |
//! |---|---|
//! | this one | [`Scored`], [`Seating`], [`round_robin`], [`ladder`], [`play_out`], [`play_seating`], [`run_parallel`], openings |
//! | [`raja_pasu`] | two players: results, margins and captures by kind, standings with Elo, head-to-head pairs, opening pairs, self-play summaries |
//! | [`mandiri`] | three players: rounds by seat, standings by capture and round wins, the seat report |
//!
//! Every game is played under the rules in full and ends by them: rule 8(b) ends rounds that
//! cycle, rule 6 ends endless sowings, and a match whose round start (holes, reserves, leader)
//! comes a third time is drawn (RULES.md, "endless matches"). Mandiri games also stop at a move
//! cap.

pub mod mandiri;
pub mod raja_pasu;

use crate::player::{Player, PlayerError};
use crate::spec::{Playable, PlayerSpec};
use rajapasu_engine::rng::Rng;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

/// What the arena records of each game of `G`, and how it plays one.
pub trait Scored: Playable {
    /// What one game shows: [`raja_pasu::Outcome`], [`mandiri::GameStat`].
    type Stat: Send;

    /// Plays `opening`, then plays `game` on with `players` (participant `k` plays
    /// `players[k]`) until it is over, at most `cap` moves from its start.
    fn play_scored(
        game: Self,
        opening: &[Self::Move],
        players: &mut [Box<dyn Player<Self>>],
        cap: usize,
    ) -> Self::Stat;

    /// What a game shows whose participant `k` could not even start (`error`).
    fn unstarted(game: Self, k: usize, error: PlayerError<Self>) -> Self::Stat;

    /// The game `stat` shows, as far as it was played (for its record).
    fn game(stat: &Self::Stat) -> &Self;

    /// The participant whose player failed in the game `stat` shows, and why, if one did.
    fn forfeit(stat: &Self::Stat) -> Option<(usize, &PlayerError<Self>)>;
}

/// `plies` random legal moves from `game` (fewer if it ends first), drawn from `rng`.
///
/// ```
/// use rajapasu_ai::arena::random_line;
/// use rajapasu_engine::{mandiri, rng::Rng};
/// let game = mandiri::Game::new(mandiri::Rules::default());
/// let line = random_line(&game, 4, &mut Rng::new(1));
/// assert_eq!(line, random_line(&game, 4, &mut Rng::new(1)));
/// assert_eq!(line.len(), 4);
/// ```
pub fn random_line<G: rajapasu_engine::SowingGame>(
    game: &G,
    plies: usize,
    rng: &mut Rng,
) -> Vec<G::Move> {
    let mut g = game.clone();
    let mut line = Vec::new();
    for _ in 0..plies {
        let ms = g.legal_moves();
        if ms.is_empty() {
            break;
        }
        let mv = ms[rng.below(ms.len())];
        g.try_play(mv).expect("a legal move");
        line.push(mv);
    }
    line
}

/// Up to `count` distinct openings of `plies` random moves from `start`, none of which ends the
/// game. Fewer come back if the game has fewer such openings.
pub fn openings<G: rajapasu_engine::SowingGame>(
    start: &G,
    count: usize,
    plies: usize,
    seed: u64,
) -> Vec<Vec<G::Move>> {
    let mut rng = Rng::new(seed);
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    let mut tries = 0;
    while out.len() < count && tries < count * 50 + 100 {
        tries += 1;
        let line = random_line(start, plies, &mut rng);
        let mut g = start.clone();
        for &mv in &line {
            g.try_play(mv).expect("a legal move");
        }
        if g.is_over() || !seen.insert(line.clone()) {
            continue;
        }
        out.push(line);
    }
    out
}

/// One game of a tournament: who plays each participant, the opening, the players' seed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seating {
    /// The entrant (index into the tournament's players) playing each participant: in Raja
    /// Pasu South then North, in Mandiri players 1, 2 and 3 (who start in seats C, R and L).
    pub entrants: Vec<usize>,
    /// Index of the opening.
    pub opening: usize,
    /// Seed of the players' random choices ([`Playable::player_seed`]).
    pub seed: u64,
}

/// The games of a round robin: every group of `G::SEATS` players, every opening, every seating
/// of the group (for two players, both colours).
///
/// ```
/// use rajapasu_ai::arena::round_robin;
/// use rajapasu_engine::{mandiri, Game};
/// assert_eq!(round_robin::<Game>(4, 3, 1).len(), 6 * 3 * 2);
/// let three = round_robin::<mandiri::Game>(3, 2, 1);
/// assert_eq!(three.len(), 2 * 6);
/// assert_eq!(three[1].entrants, [0, 2, 1]);
/// ```
pub fn round_robin<G: Playable>(players: usize, openings: usize, seed: u64) -> Vec<Seating> {
    seatings::<G>(&groups(0, players, G::SEATS), openings, seed)
}

/// The games of a ladder: each player with the next ones only (for two players 1-2, 2-3, ...),
/// every opening, every seating.
pub fn ladder<G: Playable>(players: usize, openings: usize, seed: u64) -> Vec<Seating> {
    let groups: Vec<Vec<usize>> = (G::SEATS..=players)
        .map(|end| (end - G::SEATS..end).collect())
        .collect();
    seatings::<G>(&groups, openings, seed)
}

/// Every group of `size` of the players `from..players`, in lexicographic order.
fn groups(from: usize, players: usize, size: usize) -> Vec<Vec<usize>> {
    if size == 0 {
        return vec![Vec::new()];
    }
    (from..players)
        .flat_map(|first| {
            let rest = groups(first + 1, players, size - 1);
            rest.into_iter()
                .map(move |tail| [vec![first], tail].concat())
        })
        .collect()
}

/// Every order of `group`, in lexicographic order of positions.
fn orders(group: &[usize]) -> Vec<Vec<usize>> {
    if group.len() <= 1 {
        return vec![group.to_vec()];
    }
    (0..group.len())
        .flat_map(|k| {
            let mut rest = group.to_vec();
            let first = rest.remove(k);
            orders(&rest)
                .into_iter()
                .map(move |tail| [vec![first], tail].concat())
        })
        .collect()
}

fn seatings<G: Playable>(groups: &[Vec<usize>], openings: usize, seed: u64) -> Vec<Seating> {
    let mut out = Vec::new();
    for group in groups {
        for opening in 0..openings {
            for (order, entrants) in orders(group).into_iter().enumerate() {
                out.push(Seating {
                    seed: G::seating_seed(seed, out.len(), opening, order),
                    entrants,
                    opening,
                });
            }
        }
    }
    out
}

/// How [`play_out`] stopped, other than by the end of the game.
pub enum Stopped<G: Playable> {
    /// The move cap was reached.
    Capped,
    /// A player gave no move, or an illegal one.
    Forfeit {
        /// The participant whose player failed.
        participant: usize,
        /// Why.
        error: PlayerError<G>,
    },
}

impl<G: Playable> Stopped<G> {
    /// The participant who forfeited, and why; `None` for a capped game.
    pub fn forfeit(self) -> Option<(usize, PlayerError<G>)> {
        match self {
            Stopped::Forfeit { participant, error } => Some((participant, error)),
            Stopped::Capped => None,
        }
    }
}

/// Plays `game` on until it is over, `players[k]` choosing for participant `k`, at most `cap`
/// more moves; `watch` sees the game, the participant who moved and the events of each move
/// played. `None` when the game ended by its rules.
///
/// ```
/// use rajapasu_ai::arena::play_out;
/// use rajapasu_ai::player::{Player, RandomPlayer};
/// use rajapasu_engine::{mandiri, SowingGame};
/// let mut game = mandiri::Game::new("mandiri/mode=round".parse().unwrap());
/// let mut players: Vec<Box<dyn Player<mandiri::Game>>> =
///     (1..=3).map(|s| Box::new(RandomPlayer::new(s)) as Box<dyn Player<_>>).collect();
/// let mut moves = 0;
/// assert!(play_out(&mut game, &mut players, 10_000, |_, _, _| moves += 1).is_none());
/// assert!(game.is_over() && moves == game.moves().len());
/// ```
pub fn play_out<G: Playable>(
    game: &mut G,
    players: &mut [Box<dyn Player<G>>],
    cap: usize,
    mut watch: impl FnMut(&G, usize, &[G::Event]),
) -> Option<Stopped<G>> {
    let mut events = Vec::new();
    for _ in 0..cap {
        if game.is_over() {
            return None;
        }
        let participant = game.participant();
        let mv = match players[participant].choose(game) {
            Ok(mv) => mv,
            Err(error) => return Some(Stopped::Forfeit { participant, error }),
        };
        events.clear();
        if let Err(error) = game.play_traced(mv, &mut events) {
            let error = PlayerError::Illegal { mv, error };
            return Some(Stopped::Forfeit { participant, error });
        }
        watch(game, participant, &events);
    }
    (!game.is_over()).then_some(Stopped::Capped)
}

/// Plays one seating of a tournament: from `start`, the opening, then `specs[entrants[k]]`
/// playing participant `k` (a player that cannot start loses by forfeit), at most `cap` moves.
pub fn play_seating<G: Scored>(
    specs: &[PlayerSpec<G>],
    rules: G::Rules,
    start: &G::Position,
    opening: &[G::Move],
    seating: &Seating,
    cap: usize,
) -> G::Stat {
    let game = G::from_position(*start);
    let mut players = Vec::with_capacity(seating.entrants.len());
    for (k, &e) in seating.entrants.iter().enumerate() {
        match specs[e].build(rules, G::player_seed(seating.seed, k)) {
            Ok(p) => players.push(p),
            Err(error) => return G::unstarted(game, k, error),
        }
    }
    G::play_scored(game, opening, &mut players, cap)
}

/// Runs `jobs` on `threads` threads; `done` is called on the calling thread as each finishes
/// (with the number finished so far). Results come back in job order.
pub fn run_parallel<J, R, F, D>(jobs: Vec<J>, threads: usize, work: F, mut done: D) -> Vec<R>
where
    J: Sync,
    R: Send,
    F: Fn(&J) -> R + Sync,
    D: FnMut(usize, &R),
{
    let n = jobs.len();
    let next = AtomicUsize::new(0);
    let (tx, rx) = mpsc::channel();
    let mut out: Vec<Option<R>> = (0..n).map(|_| None).collect();
    std::thread::scope(|s| {
        for _ in 0..threads.clamp(1, n.max(1)) {
            let tx = tx.clone();
            let (next, jobs, work) = (&next, &jobs, &work);
            s.spawn(move || loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= n {
                    break;
                }
                let r = work(&jobs[i]);
                if tx.send((i, r)).is_err() {
                    break;
                }
            });
        }
        drop(tx);
        let mut finished = 0;
        for (i, r) in rx {
            finished += 1;
            done(finished, &r);
            out[i] = Some(r);
        }
    });
    out.into_iter().map(|r| r.expect("every job ran")).collect()
}

/// The number of threads to use by default: every core.
pub fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_and_orders_come_in_lexicographic_order() {
        assert_eq!(groups(0, 3, 2), [[0, 1], [0, 2], [1, 2]]);
        assert_eq!(groups(0, 4, 2)[2..4], [[0, 3], [1, 2]]);
        assert_eq!(groups(0, 3, 3), [[0, 1, 2]]);
        assert_eq!(orders(&[4, 7]), [[4, 7], [7, 4]]);
        assert_eq!(
            orders(&[0, 1, 2]),
            [
                [0, 1, 2],
                [0, 2, 1],
                [1, 0, 2],
                [1, 2, 0],
                [2, 0, 1],
                [2, 1, 0]
            ]
        );
    }
}
