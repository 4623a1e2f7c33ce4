//! The JSON the Raja Pasu page reads (docs/API.md), as typed structs: a game's info and what
//! its live updates say of a move, and [`ShownGame`] for Raja Pasu.

use crate::games::entry::Entry;
use crate::games::seating::{Kind, Seating, Seats};
use crate::games::view::{json, ClockInfo, Occasion, Seat, ShownGame};
use rajapasu_ai::Level;
use rajapasu_engine::{BySide, Game, GameView, Move, Side};
use serde::Serialize;
use serde_json::Value;

/// A rematch: offered by a side, or agreed with the new game's id.
#[derive(Serialize, Debug)]
pub struct RematchInfo {
    /// The side that offered it, until it is taken up.
    pub offered_by: Option<Side>,
    /// The rematch's id, once agreed.
    pub game: Option<String>,
}

/// Everything about a game that the page shows (`GET /api/games/{id}`).
#[derive(Serialize, Debug)]
pub struct GameInfo {
    /// The id.
    pub id: String,
    /// The kind.
    pub kind: Kind,
    /// Rated (true) or casual.
    pub rated: bool,
    /// The tournament the game belongs to, if any.
    pub event: Option<String>,
    /// An online game's draw and takeback offers, its takeback policy, a draw agreed.
    pub offers: Value,
    /// The account holding each seat, when its player was signed in.
    pub accounts: BySide<Option<String>>,
    /// The computer's level.
    pub level: Option<Level>,
    /// The computer's side.
    pub computer: Option<Side>,
    /// Who sits in each seat.
    pub seats: BySide<Seat>,
    /// The names the record gives.
    pub names: BySide<String>,
    /// The names online players gave themselves.
    pub players: BySide<Option<String>>,
    /// Whether each seat's player has a socket open.
    pub connected: BySide<bool>,
    /// The side that resigned (or ran out of time: `clock.timed_out`).
    pub resigned: Option<Side>,
    /// A timed game's clock.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clock: Option<ClockInfo>,
    /// The rematch.
    pub rematch: RematchInfo,
    /// How many moves were played.
    pub ply: usize,
    /// The side of each move, `S` or `N`.
    pub line: String,
    /// The ply at which each round began.
    pub round_starts: Vec<usize>,
    /// The last move ended a round of a match, and no player has opened the next one yet.
    pub between_rounds: bool,
    /// Creation time, seconds since 1970.
    pub created: u64,
    /// The computer is choosing its move.
    pub thinking: bool,
    /// The position and what can be played.
    pub view: GameView,
}

impl GameInfo {
    /// The info of the game held in `e`.
    pub fn of(id: &str, e: &Entry<Game>) -> GameInfo {
        let s = &e.settings;
        let online = s.seats.online();
        GameInfo {
            id: id.to_string(),
            kind: s.seats.kind(),
            rated: s.rated(),
            event: s.event().map(str::to_string),
            offers: crate::games::offers::offers_json(s),
            accounts: BySide::from_fn(|side| s.account(side).map(|a| a.name.clone())),
            level: s.seats.level(),
            computer: Side::ALL
                .into_iter()
                .find(|&side| s.seats.is_computer(side)),
            seats: BySide::from_fn(|side| Seat::of(s, side)),
            names: s.names.clone(),
            players: BySide::from_fn(|side| s.seats.chosen_name(side).map(str::to_string)),
            connected: Game::connected(e),
            resigned: s.resigned,
            clock: ClockInfo::of(s),
            rematch: RematchInfo {
                offered_by: online.and_then(|o| o.offered().next()),
                game: online.and_then(|o| o.rematch.clone()),
            },
            ply: e.game.moves().len(),
            line: e.game.plies().map(|p| p.side().letter()).collect(),
            round_starts: round_starts(&e.game),
            between_rounds: e.waits_between_rounds(),
            created: s.created,
            thinking: e.thinking,
            view: GameView::new(&e.game),
        }
    }
}

/// The ply at which each round began: 0, then every move that opened a new round.
fn round_starts(game: &Game) -> Vec<usize> {
    let mut out = vec![0];
    let mut plies = game.plies().peekable();
    while let Some(p) = plies.next() {
        if plies.peek().is_some_and(|next| next.round() != p.round()) {
            out.push(p.number);
        }
    }
    out
}

/// A move as a live update tells it: the hole and the side that played it.
#[derive(Serialize, Debug)]
pub struct Mover {
    /// The hole played.
    #[serde(rename = "move")]
    pub mv: u8,
    /// Who played it.
    pub side: Side,
}

/// The answer to a creation, a join or a rematch: the caller's seat and token in the game.
#[derive(Serialize, Debug)]
pub struct Seated {
    /// The game's id.
    pub id: String,
    /// The caller's token.
    pub token: Option<String>,
    /// The caller's seat: `south`, `north`, or `both` on one device.
    pub seat: &'static str,
    /// The watching link (creation only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub watch: Option<String>,
    /// The invitation link (creation only; `null` but for a new online game).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub invite: Option<Option<String>>,
    /// The game.
    pub game: GameInfo,
}

/// The game after its first `at` moves (`GET /api/games/{id}?at=PLY`).
#[derive(Serialize, Debug)]
pub struct AtPly {
    /// The id.
    pub id: String,
    /// The ply asked for.
    pub at: usize,
    /// The position then.
    pub view: GameView,
}

impl ShownGame for Game {
    type View = GameView;
    type Info = GameInfo;
    type Mover = Mover;
    type Connected = BySide<bool>;
    const JOINED: &'static str = "seat";
    const RESIGNED: &'static str = "side";

    fn view(game: &Game) -> GameView {
        GameView::new(game)
    }

    fn info(id: &str, e: &Entry<Game>) -> GameInfo {
        GameInfo::of(id, e)
    }

    fn mover(mv: Move, side: Side, _: Side) -> Mover {
        Mover {
            mv: mv.number(),
            side,
        }
    }

    fn connected(e: &Entry<Game>) -> BySide<bool> {
        BySide::from_fn(|side| e.connected(side))
    }

    fn at_ply(id: &str, at: usize, game: Game) -> Value {
        json(AtPly {
            id: id.to_string(),
            at,
            view: GameView::new(&game),
        })
    }

    fn seated(id: &str, e: &Entry<Game>, side: Side, occasion: Occasion, token: &str) -> Value {
        let seats = &e.settings.seats;
        let created = occasion == Occasion::Created;
        let invite = seats.online().map(|o| {
            let code = o.invites.iter().flatten().next();
            code.map(|code| format!("/g/{id}?invite={code}"))
        });
        json(Seated {
            id: id.to_string(),
            token: Some(token.to_string()),
            seat: match seats {
                Seats::Local { .. } => "both",
                _ => side.name(),
            },
            watch: created.then(|| format!("/g/{id}")),
            invite: created.then(|| invite.flatten()),
            game: GameInfo::of(id, e),
        })
    }
}
