//! Solving the match: the value of every round start (docs/SOLVING.md). A round start (South's
//! holdings and the leader, [`RoundStart`](rajapasu_engine::RoundStart)) leads, through a
//! round, to another round start or to the end of the match, so the match is a game over round
//! starts whose moves are whole rounds.
//!
//! | Module | What it holds |
//! |---|---|
//! | `climb` | a walk up a round graph from its leaves, wave by wave, each read asked for a few steps ahead so that they overlap (the attractors' time) |
//! | `counter_round` | a round game with no graph: what its counter value decides, and a search of the real round where that cannot tell ([`Searched`]) |
//! | `node_table` | the hash table that numbers a round graph's positions as it is built, whose lookups can be fetched ahead |
//! | `prefetch` | asking the processor for memory before it is read |
//! | [`exact_rounds`] | round tests answered exactly where repetitions decide them, searched with the history of the current layer, and the match's values from them |
//! | [`fixpoint`] | the match's value at every round start: who wins, in how many rounds, or a draw |
//! | [`possible`] | the possible fixpoint (where repetitions go the winner's way), from the proven ranks down, one backward pass a round start for all its iterations |
//! | [`rounds`] | the round games ready to answer the match's questions, on their graphs or from their counter values, each stored once with its mirror |
//! | [`round_graph`] | the whole graph of a round, and which outcomes a player can force in it |
//! | [`values`] | a solved match's values as a small text to ship and read, the canonical one embedded, and what a round's outcome means for the match |
//! | [`round_games`] | the round games (the boards round starts set up, reserves aside), their counter values proven by the [`Solver`](crate::solver::Solver), and what those alone decide: bounds on South's holdings after a round, so whether a round can end the match |

mod climb;
mod counter_round;
pub mod exact_rounds;
pub mod fixpoint;
mod node_table;
pub mod possible;
mod prefetch;
pub mod round_games;
pub mod round_graph;
pub mod rounds;
pub mod values;

pub use counter_round::{Searched, SearchedTest};
