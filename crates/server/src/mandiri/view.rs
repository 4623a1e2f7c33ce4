//! The JSON the Mandiri page reads (docs/API.md, "Raja Pasu Mandiri"), as typed structs: a
//! game's info, its position, and what its live updates say of a move, and [`ShownGame`] for
//! Mandiri. Values by
//! seat are arrays in the order C, R, L; values by player arrays in the order of players 1, 2,
//! 3.

use crate::games::entry::Entry;
use crate::games::seating::{Held, Kind, Seating};
use crate::games::served::ServedGame;
use crate::games::view::Seat as Who;
use crate::games::view::{json, ClockInfo, Occasion, ShownGame};
use rajapasu_ai::Level;
use rajapasu_engine::mandiri::{self, Player, Players, Seat};
use rajapasu_engine::{Hole, SowingGame};
use serde::{Serialize, Serializer};
use serde_json::Value;

pub(super) fn hole_name<S: Serializer>(hole: &Hole, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(hole)
}

fn hole_names<S: Serializer>(holes: &[Hole], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(holes.iter().map(|h| h.to_string()))
}

/// A player as the page shows them.
#[derive(Serialize, Debug)]
pub struct PlayerInfo {
    /// 1, 2 or 3.
    pub number: Player,
    /// The seat the player has this round.
    pub seat: Seat,
    /// A computer's, an invited friend's still open, or a person's.
    pub who: Who,
    /// The name the player goes by.
    pub name: String,
    /// A socket shows the player's token.
    pub connected: bool,
    /// Out of the match (rule M8.3).
    pub out: bool,
    /// The account holding the seat, when its player was signed in.
    pub account: Option<String>,
}

/// A debt under `borrow=on`.
#[derive(Serialize, Debug)]
pub struct DebtInfo {
    /// The lender.
    pub lender: Player,
    /// Counters still owed.
    pub count: u16,
}

/// Where a game stands, in one word.
#[derive(Serialize, Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum StatusWord {
    /// The game goes on.
    Playing,
    /// A single round is over.
    RoundOver,
    /// The match is over.
    MatchOver,
}

/// An online rematch: the players who offered it, then the new game's id once all three did.
#[derive(Serialize, Debug, Default)]
pub struct MandiriRematchInfo {
    /// The players who offered it, until the rematch is made.
    pub offered_by: Vec<Player>,
    /// The rematch's id, once all three offered.
    pub game: Option<String>,
}

/// A finished round.
#[derive(Serialize, Debug)]
pub struct RoundInfo {
    /// Its number.
    pub round: u32,
    /// The player in C, R and L.
    pub seats: [Player; 3],
    /// Counters each seat captured, the end award included.
    pub captured: [u16; 3],
    /// The players who captured the most.
    pub winners: Players,
    /// How it ended.
    pub ended_by: mandiri::RoundEnd,
}

/// A Mandiri position and what can be played.
#[derive(Serialize, Debug)]
pub struct MandiriView {
    /// S1..S7 then N1..N7: a count, or `null` for a closed hole.
    pub counts: Vec<Option<u8>>,
    /// Each hole's owner, in the order of `counts`.
    pub owners: Vec<Seat>,
    /// The seat to move.
    pub to_move: Seat,
    /// The player in C, R and L.
    pub seats: [Player; 3],
    /// This round's captures, by seat.
    pub captured: [u32; 3],
    /// Counters each player keeps from earlier rounds, by player.
    pub reserve: [u32; 3],
    /// What each player owes, by player.
    pub debts: [Option<DebtInfo>; 3],
    /// Rounds the Raja has been in office, this one included.
    pub office: u32,
    /// Rounds a Raja serves before the office passes (rule M9, option `term`).
    pub term: u8,
    /// The round's number.
    pub round: u32,
    /// The holes that may be played.
    #[serde(serialize_with = "hole_names")]
    pub legal: Vec<Hole>,
    /// Where the game stands.
    pub status: StatusWord,
    /// The winners of the round (single rounds) or match, once over.
    pub winners: Players,
    /// The rounds finished so far.
    pub rounds: Vec<RoundInfo>,
    /// The position's code (RULES.md 9.7).
    pub code: String,
}

impl MandiriView {
    /// The view of `game` as it stands.
    pub fn new(game: &mandiri::Game) -> MandiriView {
        let pos = game.position();
        let holes: Vec<Hole> = Seat::board_holes().collect();
        let (status, winners) = match game.status() {
            mandiri::Status::Playing => (StatusWord::Playing, Players::EMPTY),
            mandiri::Status::RoundOver { winners } => (StatusWord::RoundOver, winners),
            mandiri::Status::MatchOver { winners } => (StatusWord::MatchOver, winners),
        };
        MandiriView {
            counts: holes.iter().map(|&h| pos.count(h)).collect(),
            owners: holes.iter().map(|&h| Seat::owner(h)).collect(),
            to_move: pos.to_move(),
            seats: Seat::ALL.map(|s| pos.player(s)),
            captured: Seat::ALL.map(|s| pos.captured(s)),
            reserve: Player::ALL.map(|p| pos.reserve(p)),
            debts: Player::ALL.map(|p| {
                pos.debt(p).map(|d| DebtInfo {
                    lender: d.lender,
                    count: d.amount,
                })
            }),
            office: pos.office(),
            term: pos.rules().term,
            round: pos.round(),
            legal: game.legal_moves(),
            status,
            winners,
            rounds: game
                .rounds()
                .iter()
                .map(|r| RoundInfo {
                    round: r.round,
                    seats: r.seats.0,
                    captured: r.captured.0,
                    winners: r.winners,
                    ended_by: r.ended_by,
                })
                .collect(),
            code: pos.to_string(),
        }
    }
}

/// Everything about a Mandiri game that the page shows (`GET /api/mandiri/games/{id}`).
#[derive(Serialize, Debug)]
pub struct MandiriInfo {
    /// The id.
    pub id: String,
    /// Always `"mandiri"`.
    pub game: &'static str,
    /// The kind.
    pub kind: Kind,
    /// Rated (true) or casual.
    pub rated: bool,
    /// The tournament the game belongs to, if any.
    pub event: Option<String>,
    /// An online game's draw and takeback offers, its takeback policy, a draw agreed.
    pub offers: Value,
    /// The rule set.
    pub rules: String,
    /// The computers' level.
    pub level: Option<Level>,
    /// The players, 1 to 3.
    pub players: Vec<PlayerInfo>,
    /// Moves played.
    pub ply: usize,
    /// The seat letter of each move's mover.
    pub line: String,
    /// The ply at which each round began.
    pub round_starts: Vec<usize>,
    /// The last move ended a round of a match, and nobody has opened the next one yet.
    pub between_rounds: bool,
    /// A computer is choosing its move.
    pub thinking: bool,
    /// The player who resigned (or ran out of time: `clock.timed_out`).
    pub resigned: Option<Player>,
    /// A timed game's clock.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clock: Option<ClockInfo>,
    /// Over by the rules or by a resignation.
    pub over: bool,
    /// The winners, once over.
    pub winners: Players,
    /// Creation time, seconds since 1970.
    pub created: u64,
    /// An online rematch (empty otherwise).
    pub rematch: MandiriRematchInfo,
    /// The position.
    pub view: MandiriView,
}

impl MandiriInfo {
    /// The info of the game held in `e`.
    pub fn of(id: &str, e: &Entry<mandiri::Game>) -> MandiriInfo {
        let s = &e.settings;
        let pos = e.game.position();
        let names = s.names();
        let players = Player::ALL
            .into_iter()
            .map(|p| PlayerInfo {
                number: p,
                seat: pos.seat_of(p),
                who: Who::of(s, p),
                name: names[p.index()].clone(),
                connected: e.present[p.index()] > 0,
                out: pos.is_out(p),
                account: s.account(p).map(|a| a.name.clone()),
            })
            .collect();
        MandiriInfo {
            id: id.to_string(),
            game: "mandiri",
            kind: s.seats.kind(),
            rated: s.rated(),
            event: s.event().map(str::to_string),
            offers: crate::games::offers::offers_json(s),
            rules: s.rules.to_string(),
            level: s.seats.level(),
            players,
            ply: e.game.moves().len(),
            line: e
                .game
                .before_moves()
                .map(|p| p.to_move().letter())
                .collect(),
            round_starts: e.game.round_start_plies(),
            between_rounds: e.waits_between_rounds(),
            thinking: e.thinking,
            resigned: s.resigned,
            clock: ClockInfo::of(s),
            over: e.over(),
            winners: winners(e),
            created: s.created,
            rematch: match s.seats.online() {
                Some(o) => MandiriRematchInfo {
                    offered_by: o.offered().collect(),
                    game: o.rematch.clone(),
                },
                None => MandiriRematchInfo::default(),
            },
            view: MandiriView::new(&e.game),
        }
    }
}

/// A move as a live update tells it: the hole, and the seat and player that played it.
#[derive(Serialize, Debug)]
pub struct MandiriMover {
    /// The hole played.
    #[serde(rename = "move", serialize_with = "hole_name")]
    pub hole: Hole,
    /// The mover's seat.
    pub seat: Seat,
    /// The mover.
    pub player: Player,
}

/// The winners: of the match, or the two who did not resign (empty while it goes on).
fn winners(e: &Entry<mandiri::Game>) -> Players {
    if let Some(quitter) = e.settings.resigned {
        return Player::ALL
            .into_iter()
            .filter(|&p| p != quitter)
            .fold(Players::EMPTY, Players::with);
    }
    match e.game.status() {
        mandiri::Status::Playing => Players::EMPTY,
        mandiri::Status::RoundOver { winners } | mandiri::Status::MatchOver { winners } => winners,
    }
}

/// The answer to a creation, a join or a rematch: the caller's token and players in the game.
#[derive(Serialize, Debug)]
struct MandiriSeated {
    id: String,
    token: String,
    /// The players the token holds.
    players: Vec<Player>,
    #[serde(skip_serializing_if = "Option::is_none")]
    watch: Option<String>,
    /// The invitation links of an online game, one per friend.
    #[serde(skip_serializing_if = "Option::is_none")]
    invites: Option<Vec<String>>,
    game: MandiriInfo,
}

/// The game after its first `at` moves.
#[derive(Serialize, Debug)]
struct MandiriAtPly {
    id: String,
    at: usize,
    view: MandiriView,
    /// The move that led there (none at 0), for the page to tell it in words.
    #[serde(skip_serializing_if = "Option::is_none")]
    last_move: Option<MandiriMoveInfo>,
}

/// A move that was played, and what it did.
#[derive(Serialize, Debug)]
struct MandiriMoveInfo {
    /// The ply after it.
    ply: usize,
    /// The move and who played it.
    #[serde(flatten)]
    mover: MandiriMover,
    /// What it did.
    events: Vec<mandiri::Event>,
}

fn players_of(held: Held) -> Vec<Player> {
    Player::ALL
        .into_iter()
        .filter(|&p| held.contains(p))
        .collect()
}

impl ShownGame for mandiri::Game {
    type View = MandiriView;
    type Info = MandiriInfo;
    type Mover = MandiriMover;
    type Connected = [bool; 3];
    const JOINED: &'static str = "player";
    const RESIGNED: &'static str = "player";

    fn view(game: &mandiri::Game) -> MandiriView {
        MandiriView::new(game)
    }

    fn info(id: &str, e: &Entry<mandiri::Game>) -> MandiriInfo {
        MandiriInfo::of(id, e)
    }

    fn mover(hole: Hole, seat: Seat, player: Player) -> MandiriMover {
        MandiriMover { hole, seat, player }
    }

    fn connected(e: &Entry<mandiri::Game>) -> [bool; 3] {
        Player::ALL.map(|p| e.connected(p))
    }

    fn at_ply(id: &str, at: usize, mut game: mandiri::Game) -> Value {
        // The last move is taken back and played again, traced.
        let last_move = game.moves().last().copied().and_then(|hole| {
            game.undo();
            let (seat, player) = (game.to_move(), game.player_to_move());
            let mut events = Vec::new();
            game.play_traced(hole, &mut events).ok()?;
            Some(MandiriMoveInfo {
                ply: at,
                mover: mandiri::Game::mover(hole, seat, player),
                events,
            })
        });
        json(MandiriAtPly {
            id: id.to_string(),
            at,
            view: MandiriView::new(&game),
            last_move,
        })
    }

    fn seated(
        id: &str,
        e: &Entry<mandiri::Game>,
        // The players are the token's: all three on one device.
        _player: Player,
        occasion: Occasion,
        token: &str,
    ) -> Value {
        let invites = match e.settings.seats.online() {
            Some(o) if o.invites.iter().any(Option::is_some) => Some(
                o.invites
                    .iter()
                    .flatten()
                    .map(|code| format!("/m/{id}?invite={code}"))
                    .collect(),
            ),
            _ => None,
        };
        let joined = occasion == Occasion::Joined;
        json(MandiriSeated {
            id: id.to_string(),
            players: players_of(e.held_by(token)),
            token: token.to_string(),
            watch: (!joined).then(|| format!("/m/{id}")),
            invites: invites.filter(|_| !joined),
            game: MandiriInfo::of(id, e),
        })
    }
}
