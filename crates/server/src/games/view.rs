//! What a game shows the page (docs/API.md): each game's own JSON, given by [`ShownGame`]
//! (`crate::raja_pasu::view`, `crate::mandiri::view`), from what happened told once for both
//! games ([`Told`]); the live updates, written once ([`Update`]); and the parts of the answers
//! both games share.

use super::entry::Entry;
use super::seating::Seating;
use super::served::ServedGame;
use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};

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

impl Seat {
    /// Who sits in `player`'s seat under `settings`.
    pub fn of<S: Seating>(settings: &S, player: S::Player) -> Seat {
        if settings.computer_plays(player) {
            Seat::Computer
        } else if settings.is_open(player) {
            Seat::Open
        } else {
            Seat::Taken
        }
    }
}

/// A timed game's clock as the page shows it: each player's time by player index (the player to
/// move's as it was when their time began to run), whose time runs until when, and who ran out
/// of time. The page counts down from `deadline` (milliseconds since 1970) with its own clock.
#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
pub struct ClockInfo {
    /// The time control: `"3+2"`, `"1d"`.
    pub control: String,
    /// Each player's time, in milliseconds, by player index.
    pub left_ms: Vec<u64>,
    /// The index of the player whose time runs, if any.
    pub running: Option<usize>,
    /// When the running time runs out, in milliseconds since 1970.
    pub deadline: Option<u64>,
    /// The index of the player who ran out of time.
    pub timed_out: Option<usize>,
}

impl ClockInfo {
    /// The clock of a timed game's settings; `None` for an untimed game.
    pub fn of<S: Seating>(settings: &S) -> Option<ClockInfo> {
        use super::seating::Player;
        let clock = settings.clock()?;
        let running = clock.running();
        let left_ms = S::Player::ALL
            .iter()
            .map(|&p| match running {
                Some(r) if r.player == p => clock.left(p, r.since),
                _ => clock.left(p, super::clock::At(0)),
            })
            .collect();
        Some(ClockInfo {
            control: clock.control().to_string(),
            left_ms,
            running: running.map(|r| r.player.index()),
            deadline: running.map(|r| r.deadline.0),
            timed_out: settings.timed_out().map(|p| p.index()),
        })
    }
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
    /// A player ran out of time: the game ended as if they resigned.
    TimedOut(G::Player),
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
/// writes them, its players as the engine names them).
pub trait ShownGame: ServedGame<Event: Serialize, Player: Serialize> {
    /// A position and what can be played, as the page draws it.
    type View: Serialize;
    /// Everything about a game that the page shows (`GET .../games/{id}`).
    type Info: Serialize;
    /// A move as a live update tells it, beside its ply and events: the move and who played it.
    type Mover: Serialize;
    /// Which players have a socket open.
    type Connected: Serialize;
    /// The key naming the player in a `joined` update.
    const JOINED: &'static str;
    /// The key naming the player in a `resigned` update.
    const RESIGNED: &'static str;

    /// The position of `game` and what can be played.
    fn view(game: &Self) -> Self::View;
    /// The info of the game `id` held in `e`.
    fn info(id: &str, e: &Entry<Self>) -> Self::Info;
    /// The move `mv`, played from `seat` by `player`, as an update tells it.
    fn mover(mv: Self::Move, seat: Self::Seat, player: Self::Player) -> Self::Mover;
    /// Which players of the game in `e` have a socket open.
    fn connected(e: &Entry<Self>) -> Self::Connected;
    /// The game `id` as it was after its first `at` moves, which `game` holds.
    fn at_ply(id: &str, at: usize, game: Self) -> serde_json::Value;
    /// The answer that seats `player` in the game `id` held in `e`, with `token`, the seat's
    /// token just handed out (`crate::games::seating::Seats::mint`: the game keeps only its
    /// hash).
    fn seated(
        id: &str,
        e: &Entry<Self>,
        player: Self::Player,
        occasion: Occasion,
        token: &str,
    ) -> serde_json::Value;
}

/// A live update, sent on the game's sockets (and the answer of the request that caused it):
/// the same for both games but for their words for a move, a player and the players present.
#[derive(Serialize)]
#[serde(tag = "type", rename_all = "lowercase", bound = "")]
pub enum Update<G: ShownGame> {
    /// The whole game.
    State {
        /// The game.
        game: G::Info,
    },
    /// A move was played.
    Move {
        /// The ply after it.
        ply: usize,
        /// The move and who played it.
        #[serde(flatten)]
        mover: G::Mover,
        /// What it did, for the page to animate.
        events: Vec<G::Event>,
        /// The game after it.
        game: G::Info,
    },
    /// Moves were taken back.
    Undo {
        /// The ply after.
        ply: usize,
        /// The game after.
        game: G::Info,
    },
    /// An invited player took their seat.
    Joined {
        /// The player, under [`ShownGame::JOINED`].
        #[serde(flatten)]
        player: Keyed<G::Player>,
        /// The game after.
        game: G::Info,
    },
    /// A player resigned.
    Resigned {
        /// The player, under [`ShownGame::RESIGNED`].
        #[serde(flatten)]
        player: Keyed<G::Player>,
        /// The game after.
        game: G::Info,
    },
    /// A player ran out of time (`"type": "timed_out"`).
    #[serde(rename = "timed_out")]
    TimedOut {
        /// The player, under [`ShownGame::RESIGNED`].
        #[serde(flatten)]
        player: Keyed<G::Player>,
        /// The game after.
        game: G::Info,
    },
    /// Every player offered the rematch: it is made.
    Rematch {
        /// The rematch's id.
        id: String,
        /// This game, with the rematch's id.
        game: G::Info,
    },
    /// Which players have a socket open.
    Presence {
        /// Each player.
        connected: G::Connected,
    },
}

/// A value under a key each game names: `{key: value}`.
pub struct Keyed<T> {
    key: &'static str,
    value: T,
}

impl<T: Serialize> Serialize for Keyed<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(1))?;
        map.serialize_entry(self.key, &self.value)?;
        map.end()
    }
}

/// The live update telling that `told` happened to the game `id`, now in `e`.
pub fn update<G: ShownGame>(id: &str, e: &Entry<G>, told: Told<G>) -> Update<G> {
    let game = || G::info(id, e);
    match told {
        Told::State => Update::State { game: game() },
        Told::Move {
            ply,
            mv,
            seat,
            player,
            events,
        } => Update::Move {
            ply,
            mover: G::mover(mv, seat, player),
            events,
            game: game(),
        },
        Told::Undo { ply } => Update::Undo { ply, game: game() },
        Told::Joined(value) => Update::Joined {
            player: Keyed {
                key: G::JOINED,
                value,
            },
            game: game(),
        },
        Told::Resigned(value) => Update::Resigned {
            player: Keyed {
                key: G::RESIGNED,
                value,
            },
            game: game(),
        },
        Told::TimedOut(value) => Update::TimedOut {
            player: Keyed {
                key: G::RESIGNED,
                value,
            },
            game: game(),
        },
        Told::Rematch(id) => Update::Rematch { id, game: game() },
        Told::Presence => Update::Presence {
            connected: G::connected(e),
        },
    }
}

/// A typed answer as the JSON value the routes send.
pub fn json(value: impl Serialize) -> serde_json::Value {
    serde_json::to_value(value).unwrap_or_else(|e| {
        // Serialising these structs cannot fail (string keys, no maps of other keys); were it
        // to, the answer says so rather than the server stopping.
        serde_json::json!({"error": format!("internal error: {e}"), "code": "internal"})
    })
}
