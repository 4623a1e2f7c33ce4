//! The lobby (docs/API.md, "The lobby"): open challenges (seeks) listed live to everyone on it,
//! across every instance sharing the store, and accepted with one click, which starts the game
//! for both players.
//!
//! | Module | What it holds |
//! |---|---|
//! | [`seek`] | a seek as asked for and kept: single round or match, time control, rated or casual, rating range |
//! | [`hall`] | one instance's lobby: its sockets, the list sent at every change, seekers told of their games |
//! | [`routes`] | the socket, and the seeks listed, made, cancelled and accepted |
//!
//! Seeks are kept in the store, held by the lobby socket that made them: a socket that closes
//! takes its seeks along, and an instance notes its sockets open every few seconds, so that
//! the seeks of an instance that stopped go too. Of two players accepting one seek, on one
//! instance or two, one gets it: the store marks it taken once.

pub mod hall;
pub mod routes;
pub mod seek;

pub use hall::Lobby;
