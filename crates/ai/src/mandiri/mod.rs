//! The computer opponent for Raja Pasu Mandiri, the three-player game (RULES.md section 9).
//!
//! | Module | What it holds |
//! |---|---|
//! | [`eval`] | each seat's value, the exact key of a position within a round, captures first |
//! | [`limits`] | depth, time and node budgets ([`Limits`]) |
//! | `table` | the transposition table |
//! | `deepen` | the iterative deepening of paranoid and max^n, their stop flag |
//! | [`paranoid`] | paranoid alpha-beta ([`Paranoid`]) |
//! | [`maxn`] | max^n ([`MaxN`]) |
//! | [`mcts`] | Monte Carlo tree search with a reward for each seat ([`Mcts`]) |
//! | [`hint`](mod@hint) | the hint for the seat to move ([`hint()`]) |
//! | [`player`] | the [`MandiriPlayer`] trait; random, greedy and searching players |
//! | [`levels`] | levels 1 to 6 for the three-player game, one table |
//! | [`spec`] | player specs such as `level:4`, `paranoid:6`, `mcts:2000` |
//! | [`arena`] | games between three players, seatings, seat and player statistics |
//!
//! Every search stops at the end of the round it starts in and values positions for all three
//! seats in tenths of a counter.
//!
//! ```
//! use rajapasu_ai::mandiri::MandiriSpec;
//! use rajapasu_engine::mandiri;
//! let game = mandiri::Game::new(mandiri::Rules::default());
//! let mut player = "paranoid:3".parse::<MandiriSpec>().unwrap().build(1);
//! assert!(game.legal_moves().contains(&player.choose(&game).unwrap()));
//! ```

pub mod arena;
pub(crate) mod deepen;
pub mod eval;
pub mod hint;
pub mod levels;
pub mod limits;
pub mod maxn;
pub mod mcts;
pub mod paranoid;
pub mod player;
pub mod spec;
mod table;

pub use hint::{hint, HINT_TIME};
pub use levels::{level_player, mandiri_level, MandiriLevelPlay, STRONGEST};
pub use limits::Limits;
pub use maxn::MaxN;
pub use mcts::Mcts;
pub use paranoid::{Analysis, Paranoid};
pub use player::{GreedyPlayer, MandiriPlayer, MandiriPlayerError, RandomPlayer, Searcher};
pub use spec::{MandiriKind, MandiriSpec, MandiriSpecError, MandiriSpecProblem};
