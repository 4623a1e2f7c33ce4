//! What a game shows the page (docs/API.md): each game's own JSON, given by [`ShownGame`]
//! (`crate::raja_pasu::view`, `crate::mandiri::view`), from what happened told once for both
//! games ([`Told`]); and the parts of the answers both games share.

use super::entry::Entry;
use super::served::ServedGame;
use serde::Serialize;

/// Who sits in a seat, as the page shows it.
#[derive(Serialize, Clone, Copy, Debug, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Seat {
    /// The computer.
    Computer,
    /// An online game's seat waiting for the invited player.
    Open,
    /// A player's.
    Taken,
}

/// What happened to a game, for its sockets and for the answer of the request that did it.
#[derive(Debug)]
pub enum Told<G: ServedGame> {
    /// Anything: the whole game is sent.
    State,
    /// A move was played.
    Move {
        /// The ply after it.
        ply: usize,
        /// The move.
        mv: G::Move,
        /// The mover's seat.
        seat: G::Seat,
        /// The mover.
        player: G::Player,
        /// What it did, for the page to animate.
        events: Vec<G::Event>,
    },
    /// Moves were taken back.
    Undo {
        /// The ply after.
        ply: usize,
    },
    /// An invited player took their seat.
    Joined(G::Player),
    /// A player resigned.
    Resigned(G::Player),
    /// The online rematch was made, with this id.
    Rematch(String),
    /// Which players have a socket open.
    Presence,
}

/// Why a caller is told their seat in a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Occasion {
    /// They created it.
    Created,
    /// They joined it with an invitation.
    Joined,
    /// It is the rematch of their game.
    Rematch,
}

/// The answer to an online rematch offer that is not the last.
#[derive(Serialize, Debug)]
pub struct Offered<I> {
    /// Always true.
    pub offered: bool,
    /// The game, with the offer.
    pub game: I,
}

/// A move played from a position, storing nothing: the position before it, its events, the
/// position after it.
#[derive(Serialize, Debug)]
pub struct Traced<V, E> {
    /// The position the move was played from.
    pub before: V,
    /// Its events, as a live move's.
    pub events: Vec<E>,
    /// The position it left.
    pub after: V,
}

/// What the page reads of a game of this kind: its JSON (the events of its moves as the engine
/// writes them).
pub trait ShownGame: ServedGame<Event: Serialize> {
    /// A position and what can be played, as the page draws it.
    type View: Serialize;
    /// Everything about a game that the page shows (`GET .../games/{id}`).
    type Info: Serialize;
    /// A live update.
    type Update: Serialize;

    /// The position of `game` and what can be played.
    fn view(game: &Self) -> Self::View;
    /// The info of the game `id` held in `e`.
    fn info(id: &str, e: &Entry<Self>) -> Self::Info;
    /// The live update telling that `told` happened to the game `id`, now in `e`.
    fn update(id: &str, e: &Entry<Self>, told: Told<Self>) -> Self::Update;
    /// The game `id` as it was after its first `at` moves, which `game` holds.
    fn at_ply(id: &str, at: usize, game: Self) -> serde_json::Value;
    /// The answer that seats `player` in the game `id` held in `e`, with their token.
    fn seated(
        id: &str,
        e: &Entry<Self>,
        player: Self::Player,
        occasion: Occasion,
    ) -> serde_json::Value;
}

/// A typed answer as the JSON value the routes send.
pub fn json(value: impl Serialize) -> serde_json::Value {
    serde_json::to_value(value).unwrap_or_else(|e| {
        // Serialising these structs cannot fail (string keys, no maps of other keys); were it
        // to, the answer says so rather than the server stopping.
        serde_json::json!({"error": format!("internal error: {e}"), "code": "internal"})
    })
}
