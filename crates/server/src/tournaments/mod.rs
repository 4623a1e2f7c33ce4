//! Tournaments (docs/TOURNAMENTS.md, "Events on the server"; docs/API.md, "Tournaments"):
//! round-robin, Swiss and arena events of Raja Pasu, made by registered players, paired by
//! `rajapasu_pairing` (one implementation with `rajapasu tournament`), played as ordinary
//! online games with a clock, each round within a window, and shown live.
//!
//! | Module | What it holds |
//! |---|---|
//! | [`event`] | an event as stored: settings, entrants, rounds, boards and their games |
//! | [`run`] | how an event moves on, without I/O: the start, results, forfeits at a window's close, the next round, the arena |
//! | [`games`] | an event's games: made as the lobby makes them, read back when they end |
//! | [`hall`] | one instance's tournaments: changes made on the version read (once across instances), the task that moves events on, live notices |
//! | [`view`] | the event as shown: standings, crosstable, rounds; the exports |
//! | [`records`] | the event's records: its games', and a record saying so of each board forfeited without a game |
//! | [`request`] | the request that makes an event, checked |
//! | [`routes`] | the API |
//! | [`socket`] | an event's live updates |
//!
//! An event is one document in the store, changed only on the version it was read at: of two
//! instances moving it on at once (a window closing, the last game of a round ending), one
//! stores the next round and the other reads it back, so each round is paired once.

pub mod event;
pub mod games;
pub mod hall;
pub mod records;
pub mod request;
pub mod routes;
pub mod run;
pub mod socket;
pub mod view;

pub use hall::Hall;
