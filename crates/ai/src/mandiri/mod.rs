//! The computer opponent for Raja Pasu Mandiri, the three-player game (RULES.md section 9).
//!
//! | Module | What it holds |
//! |---|---|
//! | [`eval`] | each seat's value, the exact key of a position within a round, captures first |
//! | `clock` | the node count, budget and stop flag of a search |
//! | `table` | the transposition table |
//! | `deepen` | the iterative deepening of paranoid and max^n, what they answer ([`Analysis`]) |
//! | [`paranoid`] | paranoid alpha-beta ([`Paranoid`]) |
//! | [`maxn`] | max^n ([`MaxN`]) |
//! | [`mcts`] | Monte Carlo tree search with a reward for each seat ([`Mcts`]) |
//! | [`hint`](mod@hint) | the hint for the seat to move ([`hint()`]) |
//! | [`player`] | greedy and the searchers as players |
//! | [`levels`] | levels 1 to 6 for the three-player game, one table |
//! | `specs` | the players Mandiri specs name, built and seeded |
//!
//! What both games share is outside: the budget ([`crate::Limits`]), the player trait and the
//! random player ([`crate::player`]), specs ([`crate::spec`]), the arena ([`crate::arena`],
//! whose [`crate::arena::mandiri`] has the three-player statistics) and the engine protocol.
//!
//! Every search stops at the end of the round it starts in and values positions for all three
//! seats in tenths of a counter.
//!
//! ```
//! use rajapasu_ai::spec::MandiriSpec;
//! use rajapasu_engine::mandiri;
//! let game = mandiri::Game::new(mandiri::Rules::default());
//! let spec = "paranoid:3".parse::<MandiriSpec>().unwrap();
//! let mut player = spec.build(mandiri::Rules::default(), 1).unwrap();
//! assert!(game.legal_moves().contains(&player.choose(&game).unwrap()));
//! ```

mod clock;
pub(crate) mod deepen;
pub mod eval;
pub mod hint;
pub mod levels;
pub mod maxn;
pub mod mcts;
pub mod paranoid;
pub mod player;
mod specs;
mod table;

pub use deepen::Analysis;
pub use hint::{hint, HINT_TIME};
pub use levels::{level_player, level_player_with, mandiri_level, MandiriLevelPlay, STRONGEST};
pub use maxn::MaxN;
pub use mcts::Mcts;
pub use paranoid::Paranoid;
pub use player::{GreedyPlayer, Searcher};
