//! # rajapasu-ai
//!
//! The computer opponent for Raja Pasu: an alpha-beta search ([`search`]), strength levels
//! ([`levels`], [`choose_move`]), move analysis ([`analyze`]), baseline players and a Monte Carlo
//! tree search player ([`players`]), the engine line protocol ([`protocol`]), and tournaments and
//! self-play statistics ([`arena`], [`stats`]).
//!
//! Scores are in counters (capture difference) from the point of view of the player to move. A
//! decided game scores at least 1000 in absolute value: `±1000 + margin` for a single round that
//! is won or lost with best play (the margin is the final capture difference), `±(2000 - plies)`
//! for a match won or lost within that many moves. See [`search`] for the details.
//!
//! ```
//! use rajapasu_engine::{Game, Rules};
//! let game = Game::new(Rules::default().single_round());
//! let choice = rajapasu_ai::choose_move(&game, 2, 7).unwrap();
//! assert!(game.legal_moves().contains(choice.mv));
//! ```

#![warn(missing_docs)]

pub mod arena;
pub mod eval;
pub mod mcts;
pub mod players;
pub mod protocol;
pub mod search;
pub mod stats;

use rajapasu_engine::rng::Rng;
use rajapasu_engine::{Game, Move};
use search::{Limits, Searcher};
use std::time::Duration;

pub use search::{is_decided, to_public};

/// A strength level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level {
    /// 1..=6.
    pub number: u8,
    /// Short name, e.g. "beginner".
    pub name: &'static str,
    /// One sentence on how it plays.
    pub description: &'static str,
    /// Most time it takes for a move.
    pub movetime: Duration,
}

/// How a level searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LevelParams {
    /// Deepest iteration, if capped.
    pub depth: Option<u32>,
    /// Standard deviation of the noise added to each root move's score, tenths of a counter.
    pub noise: i32,
    /// Chooses at random among the moves scoring less than this below the best, tenths of a
    /// counter (0: always the best move). Near-equal moves differ only by the evaluation's
    /// board features; a decided game's scores are whole counters apart, so with a margin of at
    /// most a counter a won game is never thrown away.
    pub margin: i32,
    /// Time budget.
    pub movetime: Duration,
    /// Transposition table size (bits).
    pub table_bits: u32,
}

const fn ms(n: u64) -> Duration {
    Duration::from_millis(n)
}

static LEVELS: [Level; 6] = [
    Level {
        number: 1,
        name: "beginner",
        description: "looks one move ahead and often misjudges what it sees",
        movetime: ms(100),
    },
    Level {
        number: 2,
        name: "novice",
        description: "looks two moves ahead, with a loose judgement",
        movetime: ms(100),
    },
    Level {
        number: 3,
        name: "casual",
        description: "looks four moves ahead and sometimes prefers a slightly worse move",
        movetime: ms(200),
    },
    Level {
        number: 4,
        name: "club",
        description: "searches eight moves ahead and varies its play among near-equal moves",
        movetime: ms(250),
    },
    Level {
        number: 5,
        name: "expert",
        description: "searches twelve moves ahead and varies its play among near-equal moves",
        movetime: ms(250),
    },
    Level {
        number: 6,
        name: "max",
        description: "full search for one second a move: the strongest level",
        movetime: ms(1000),
    },
];

/// The strength levels 1..=6, weakest first.
pub fn levels() -> &'static [Level] {
    &LEVELS
}

/// The search settings of level `n` (clamped to 1..=6).
pub fn level_params(n: u8) -> LevelParams {
    let n = n.clamp(1, 6);
    let movetime = LEVELS[n as usize - 1].movetime;
    let (depth, noise, margin, table_bits) = match n {
        1 => (Some(1), 40, 0, 12),
        2 => (Some(2), 20, 0, 12),
        3 => (Some(4), 10, 0, 16),
        4 => (Some(8), 0, 10, 18),
        5 => (Some(12), 0, 5, 20),
        _ => (None, 0, 0, 21),
    };
    LevelParams {
        depth,
        noise,
        margin,
        movetime,
        table_bits,
    }
}

/// The computer's choice of a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The move.
    pub mv: Move,
    /// Its score in counters for the player to move.
    pub score: i32,
    /// Depth of the last completed iteration.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// The expected line, starting with `mv`.
    pub pv: Vec<Move>,
}

/// Chooses a move for the player to move at strength `level` (1..=6), within the level's time
/// budget. `seed` drives the deliberate mistakes of the weaker levels. `None` if the game is
/// over.
pub fn choose_move(game: &Game, level: u8, seed: u64) -> Option<Choice> {
    let p = level_params(level);
    let mut searcher = Searcher::new(p.table_bits);
    choose_with(&mut searcher, game, &p, seed)
}

/// [`choose_move`] with a searcher kept between moves and explicit settings.
pub fn choose_with(
    searcher: &mut Searcher,
    game: &Game,
    p: &LevelParams,
    seed: u64,
) -> Option<Choice> {
    let limits = Limits {
        depth: p.depth,
        movetime: Some(p.movetime),
        nodes: None,
    };
    let noisy = p.noise > 0;
    searcher.root_margin = if noisy { 0 } else { p.margin };
    let r = searcher.search(game, &limits, noisy, |_| {})?;
    let best = pick(&r, p, seed, game);
    let m = &r.moves[best];
    Some(Choice {
        mv: m.mv,
        score: to_public(m.score),
        depth: r.depth,
        nodes: r.nodes,
        pv: m.pv.clone(),
    })
}

/// The index of the root move a level plays in the result `r` of its search: with noise, the
/// noisy pick ([`pick_noisy`]); with a margin, a random one among the moves scoring less than the
/// margin below the best (their scores are exact when the searcher ran with that root margin);
/// otherwise the best.
pub fn pick(r: &search::SearchResult, p: &LevelParams, seed: u64, game: &Game) -> usize {
    if p.noise > 0 {
        return pick_noisy(r, p.noise, seed, game);
    }
    if p.margin <= 0 {
        return 0;
    }
    let top = r.moves[0].score;
    let near = r
        .moves
        .iter()
        .take_while(|m| m.score > top - p.margin)
        .count();
    if near <= 1 {
        return 0;
    }
    let mut rng = Rng::new(seed ^ game.position().hash() ^ 0x2545_F491_4F6C_DD1D);
    rng.below(near)
}

/// The index of the root move a noisy level plays: each move's score plus normal noise of
/// standard deviation `noise` (tenths of a counter), the highest wins.
pub fn pick_noisy(r: &search::SearchResult, noise: i32, seed: u64, game: &Game) -> usize {
    let mut rng = Rng::new(seed ^ game.position().hash() ^ 0x5851_F42D_4C95_7F2D);
    let mut best = 0;
    let mut top = i32::MIN;
    for (i, m) in r.moves.iter().enumerate() {
        let s = m.score.saturating_add(gaussian(&mut rng, noise));
        if s > top {
            top = s;
            best = i;
        }
    }
    best
}

/// An approximately normal number with standard deviation `sd` (sum of uniforms).
fn gaussian(rng: &mut Rng, sd: i32) -> i32 {
    let mut s = 0i64;
    for _ in 0..12 {
        s += (rng.next_u64() >> 48) as i64;
    }
    let unit = (s - 6 * 65536) as f64 / 65536.0;
    (unit * f64::from(sd)).round() as i32
}

/// A legal move with its score and line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveScore {
    /// The move.
    pub mv: Move,
    /// Its score in counters for the player to move.
    pub score: i32,
    /// The expected line, starting with `mv`.
    pub pv: Vec<Move>,
}

/// Scores every legal move with a search of about `movetime`, best first. Empty if the game is
/// over.
pub fn analyze(game: &Game, movetime: Duration) -> Vec<MoveScore> {
    let mut searcher = Searcher::new(20);
    analyze_with(
        &mut searcher,
        game,
        &Limits {
            movetime: Some(movetime),
            ..Limits::default()
        },
    )
}

/// [`analyze`] with a given searcher and limits.
pub fn analyze_with(searcher: &mut Searcher, game: &Game, limits: &Limits) -> Vec<MoveScore> {
    match searcher.search(game, limits, true, |_| {}) {
        None => Vec::new(),
        Some(r) => r
            .moves
            .into_iter()
            .map(|m| MoveScore {
                mv: m.mv,
                score: to_public(m.score),
                pv: m.pv,
            })
            .collect(),
    }
}
