//! The Mandiri strength levels: one table says how each [`Level`] plays the three-player game.
//! The levels' numbers and names are the two-player game's ([`Level`]); what they search is
//! here. docs/STRENGTH.md's Mandiri section has the measurement that chose the searcher of the
//! top levels.

use crate::levels::Level;
use crate::mandiri::player::{GreedyPlayer, Searcher};
use crate::player::Player;
use crate::Limits;
use rajapasu_engine::mandiri;
use std::time::Duration;

/// How a Mandiri level plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MandiriLevelPlay {
    /// The greedy one-move player, with this many random moves in a hundred.
    Greedy {
        /// Random moves in a hundred.
        random_percent: u32,
    },
    /// A search with a depth cap (if any) and a time per move.
    Search {
        /// Which search.
        searcher: Searcher,
        /// Deepest iteration.
        depth: Option<u32>,
        /// Time per move.
        movetime: Duration,
    },
}

const fn search(searcher: Searcher, depth: Option<u32>, ms: u64) -> MandiriLevelPlay {
    MandiriLevelPlay::Search {
        searcher,
        depth,
        movetime: Duration::from_millis(ms),
    }
}

/// The searcher of the top levels: the strongest at equal time (docs/STRENGTH.md).
pub const STRONGEST: Searcher = Searcher::MaxN;

/// The levels, weakest first.
#[rustfmt::skip]
const TABLE: [MandiriLevelPlay; 6] = [
    MandiriLevelPlay::Greedy { random_percent: 50 },  // beginner: half its moves at random
    search(Searcher::Paranoid, Some(2), 100),         // novice
    search(Searcher::Paranoid, Some(4), 200),         // casual
    search(STRONGEST, Some(6), 250),                  // club
    search(STRONGEST, None, 500),                     // expert
    search(STRONGEST, None, 1000),                    // max: the strongest searcher, 1 s
];

/// How `level` plays Mandiri.
///
/// ```
/// use rajapasu_ai::mandiri::{mandiri_level, MandiriLevelPlay};
/// use rajapasu_ai::Level;
/// let max = mandiri_level(Level::MAX);
/// assert!(matches!(max, MandiriLevelPlay::Search { depth: None, .. }));
/// ```
pub fn mandiri_level(level: Level) -> MandiriLevelPlay {
    // Mandiri is not solved: level 7 plays as level 6.
    TABLE[usize::from(level.number()).min(TABLE.len()) - 1]
}

/// A player at `level`.
///
/// ```
/// use rajapasu_ai::mandiri::level_player;
/// use rajapasu_ai::Level;
/// use rajapasu_engine::mandiri;
/// let game = mandiri::Game::new(mandiri::Rules::default());
/// let mv = level_player(Level::MIN, 1).choose(&game).unwrap();
/// assert!(game.legal_moves().contains(&mv));
/// ```
pub fn level_player(level: Level, seed: u64) -> Box<dyn Player<mandiri::Game>> {
    level_player_with(level, Limits::default(), seed)
}

/// A player at `level`, its search's depth cap and time replaced by those `limits` give (as a
/// spec's `level:N,movetime=MS,depth=N` asks); the greedy levels search nothing and ignore
/// them.
pub fn level_player_with(
    level: Level,
    limits: Limits,
    seed: u64,
) -> Box<dyn Player<mandiri::Game>> {
    match mandiri_level(level) {
        MandiriLevelPlay::Greedy { random_percent } => {
            Box::new(GreedyPlayer::new(seed, random_percent))
        }
        MandiriLevelPlay::Search {
            searcher,
            depth,
            movetime,
        } => searcher.player(
            Limits {
                depth: limits.depth.or(depth),
                movetime: limits.movetime.or(Some(movetime)),
                nodes: None,
            },
            seed,
        ),
    }
}
