//! What the API asks of a Mandiri game (docs/API.md, "Raja Pasu Mandiri"): each checks the
//! request against the game held, stores the change, then takes it and tells the sockets, as
//! the two-player game's actions do ([`crate::games::actions`]).

use super::entry::{activity, player_to_move, stored_hole, traced, MandiriEntry};
use super::requests::{MandiriMoveRequest, NewMandiriGame};
use super::settings::{MandiriKind, MandiriSeats, MandiriSettings, MandiriTag};
use super::view::{hole_name, MandiriInfo, MandiriUpdate, MandiriView};
use crate::error::ApiError;
use crate::games::actions::{again, game_over};
use crate::games::seats::require_held;
use crate::games::view::json;
use crate::games::{Hub, Slot};
use crate::requests::{JoinRequest, TokenRequest};
use crate::store::Change;
use crate::tokens::{random_token, tokens_match, ID_LEN};
use rajapasu_engine::mandiri::{self, Player, Seat};
use rajapasu_engine::Hole;
use serde::Serialize;
use serde_json::Value;
use std::sync::Arc;

/// The answer to a creation or a join: the caller's token and players in the game.
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

/// A hint: the best move for the player to move, and what the search expects it is worth.
#[derive(Serialize, Debug)]
struct MandiriHint {
    /// The ply the hint is for.
    ply: usize,
    /// The hole to play.
    #[serde(rename = "move", serialize_with = "hole_name")]
    hole: Hole,
    /// The seat to move.
    seat: Seat,
    /// The player to move.
    player: Player,
    /// What the move is worth to the seat to move, in counters (see `values`).
    value: f64,
    /// What each seat, C, R and L, may expect: its captures this round (and its player's
    /// reserve, in a match) plus half the counters in its own holes, at the end of the line
    /// the search expects.
    values: Option<[f64; 3]>,
    /// The deepest search that finished, in moves.
    depth: u32,
}

fn counters(tenths: i32) -> f64 {
    f64::from(tenths) / 10.0
}

/// A move that was played, and what it did.
#[derive(Serialize, Debug)]
struct MandiriMoveInfo {
    /// The ply after it.
    ply: usize,
    /// The hole played.
    #[serde(rename = "move", serialize_with = "hole_name")]
    hole: Hole,
    /// The mover's seat.
    seat: Seat,
    /// The mover.
    player: Player,
    /// What it did.
    events: Vec<mandiri::Event>,
}

fn players_of(bits: u8) -> Vec<Player> {
    Player::ALL
        .into_iter()
        .filter(|p| bits & 1 << p.index() != 0)
        .collect()
}

/// The players a request's token holds (a bit each), or 403.
fn require(e: &MandiriEntry, token: Option<&str>) -> Result<u8, ApiError> {
    require_held(token, |t| e.settings.seats.held_by(t))
}

/// The answer that seats `token` in the game `e` (`id`): its players, the links to watch
/// and, while seats are open, to invite.
pub(crate) fn mandiri_seated(id: &str, e: &MandiriEntry, token: String) -> Value {
    let invites = match &e.settings.seats {
        MandiriSeats::Online { invites, .. } if invites.iter().any(Option::is_some) => Some(
            invites
                .iter()
                .flatten()
                .map(|code| format!("/m/{id}?invite={code}"))
                .collect(),
        ),
        _ => None,
    };
    json(MandiriSeated {
        id: id.to_string(),
        players: players_of(e.settings.seats.held_by(&token)),
        token,
        watch: Some(format!("/m/{id}")),
        invites,
        game: MandiriInfo::of(id, e),
    })
}

fn no_online(what: &str) -> ApiError {
    ApiError::conflict(format!("{what} in an online game")).code("no_undo")
}

impl Hub {
    /// Creates a Mandiri game and answers the creator's token, players and links.
    pub async fn mandiri_create(self: &Arc<Hub>, req: NewMandiriGame) -> Result<Value, ApiError> {
        let setup = req.read()?;
        let seats = match setup.kind {
            MandiriKind::Computer => {
                MandiriSeats::computer(setup.level.unwrap_or_default(), setup.player)?
            }
            MandiriKind::Local => MandiriSeats::local()?,
            MandiriKind::Online => MandiriSeats::online(setup.player)?,
        };
        let slot = self.mandiri_open(setup.rules, seats).await?;
        let e = slot.entry.lock().await;
        let token = match setup.kind {
            MandiriKind::Local => e.settings.seats.tokens()[0],
            _ => e.settings.seats.tokens()[setup.player.index()],
        }
        .unwrap_or_default()
        .to_string();
        Ok(mandiri_seated(&slot.id, &e, token))
    }

    /// Stores and holds a new Mandiri game with these rules and seats; the computers start
    /// choosing if one of them leads.
    pub(crate) async fn mandiri_open(
        self: &Arc<Hub>,
        rules: mandiri::Rules,
        seats: MandiriSeats,
    ) -> Result<Arc<Slot<MandiriEntry>>, ApiError> {
        let settings = MandiriSettings {
            game: MandiriTag::Mandiri,
            rules,
            seats,
            created: self.policy.now(),
            resigned: None,
        };
        let id = random_token(ID_LEN)?;
        let entry = MandiriEntry::new(settings.start_game(), settings);
        let meta = serde_json::to_string(&entry.settings).map_err(ApiError::internal)?;
        let act = entry.activity(self.policy.now());
        let slot = self.hold(self.store_new_entry(&id, meta, vec![], act, entry).await?);
        if slot.entry.lock().await.computer_may_move() {
            self.clone().spawn_computer(slot.clone());
        }
        Ok(slot)
    }

    /// The state of a Mandiri game, or of the game as it was after its first `at` moves.
    pub async fn mandiri_state(&self, id: &str, at: Option<usize>) -> Result<Value, ApiError> {
        let slot = self.mandiri_slot(id).await?;
        let e = slot.entry.lock().await;
        let Some(at) = at else {
            return Ok(json(MandiriInfo::of(id, &e)));
        };
        let total = e.game.moves().len();
        if at > total {
            return Err(ApiError::unprocessable(format!(
                "`at` is {at} but the game has only {total} moves"
            ))
            .code("bad_at"));
        }
        let mut game = e.game.clone();
        drop(e);
        while game.moves().len() > at {
            game.undo();
        }
        // The last move is taken back and played again, traced.
        let last_move = game.moves().last().copied().and_then(|hole| {
            game.undo();
            let (seat, player) = (game.position().to_move(), player_to_move(&game));
            let events = traced(&mut game, hole)?;
            Some(MandiriMoveInfo {
                ply: at,
                hole,
                seat,
                player,
                events,
            })
        });
        Ok(json(MandiriAtPly {
            id: id.to_string(),
            at,
            view: MandiriView::new(&game),
            last_move,
        }))
    }

    /// The best move for the player to move (not in online games).
    pub async fn mandiri_hint(&self, id: &str, req: TokenRequest) -> Result<Value, ApiError> {
        let slot = self.mandiri_slot(id).await?;
        let game = {
            let mut e = slot.entry.lock().await;
            if e.settings.seats.kind() == MandiriKind::Online {
                return Err(
                    ApiError::conflict("hints are not given in online games").code("no_hint")
                );
            }
            require(&e, req.token.as_deref())?;
            self.check_ply(&slot, &mut e, req.ply).await?;
            if e.over() {
                return Err(game_over());
            }
            e.game.clone()
        };
        let (ply, seat, player) = (
            game.moves().len(),
            game.position().to_move(),
            player_to_move(&game),
        );
        let a = self
            .search
            .mandiri_hint(id, game)
            .await?
            .ok_or_else(|| ApiError::conflict("there is no move to suggest").code("no_hint"))?;
        Ok(json(MandiriHint {
            ply,
            hole: a.best,
            seat,
            player,
            value: counters(a.value),
            values: a.values.map(|v| v.map(counters)),
            depth: a.depth,
        }))
    }

    /// Plays a move for the player to move, whose token is given.
    pub async fn mandiri_play(
        self: &Arc<Hub>,
        id: &str,
        req: MandiriMoveRequest,
    ) -> Result<Value, ApiError> {
        let slot = self.mandiri_slot(id).await?;
        let mut e = slot.entry.lock().await;
        let mut attempts = 0;
        let msg = loop {
            self.check_ply(&slot, &mut e, req.ply).await?;
            if e.over() {
                return Err(game_over());
            }
            let player = e.player_to_move();
            if e.settings.seats.is_computer(player) {
                return Err(ApiError::conflict(format!(
                    "out of turn: it is the computer's move (player {player})"
                ))
                .code("out_of_turn"));
            }
            let held = require(&e, req.token.as_deref())?;
            if held & 1 << player.index() == 0 {
                return Err(ApiError::conflict(format!(
                    "out of turn: it is player {player}'s move"
                ))
                .code("out_of_turn"));
            }
            let hole = req.hole()?;
            match self.mandiri_commit(&slot, &mut e, hole).await {
                Err(err) if again(&err, req.ply, &mut attempts) => continue,
                answer => break answer?,
            }
        };
        let computer_next = e.computer_may_move();
        drop(e);
        if computer_next {
            self.clone().spawn_computer(slot.clone());
        }
        Ok(msg)
    }

    /// Plays `hole` for the player to move, stores it, then tells the sockets.
    pub(crate) async fn mandiri_commit(
        &self,
        slot: &Slot<MandiriEntry>,
        e: &mut MandiriEntry,
        hole: rajapasu_engine::Hole,
    ) -> Result<Value, ApiError> {
        let mut after = e.game.clone();
        let (seat, player) = (e.game.position().to_move(), e.player_to_move());
        let events = traced(&mut after, hole).ok_or_else(|| {
            let why = e
                .game
                .position()
                .check_move(hole)
                .err()
                .map_or("the game is over".to_string(), |w| w.to_string());
            ApiError::unprocessable(format!("illegal move {hole}: {why}")).code("illegal_move")
        })?;
        let ply = after.moves().len();
        let change = Change::AddMove {
            ply: (ply - 1) as u32,
            mv: stored_hole(hole),
        };
        let act = activity(&after, &e.settings, self.policy.now());
        self.store_entry_change(slot, e, change, act).await?;
        e.game = after;
        e.round_opened = false;
        Ok(slot.publish(&MandiriUpdate::Move {
            ply,
            mv: hole,
            seat,
            player,
            events,
            game: MandiriInfo::of(&slot.id, e),
        }))
    }

    /// Takes back moves: against the computers, back to before the person's last move; on one
    /// device, one move.
    pub async fn mandiri_undo(&self, id: &str, req: TokenRequest) -> Result<Value, ApiError> {
        let slot = self.mandiri_slot(id).await?;
        let mut e = slot.entry.lock().await;
        let mut attempts = 0;
        let from_ply = loop {
            if e.settings.seats.kind() == MandiriKind::Online {
                return Err(no_online("moves cannot be taken back"));
            }
            require(&e, req.token.as_deref())?;
            self.check_ply(&slot, &mut e, req.ply).await?;
            if e.settings.resigned.is_some() {
                return Err(ApiError::conflict("the game was resigned").code("game_over"));
            }
            let mut game = e.game.clone();
            let computers = e.settings.seats.kind() == MandiriKind::Computer;
            let mut undone_person = false;
            while game.undo().is_some() {
                let pos = game.position();
                if !computers || !e.settings.seats.is_computer(pos.player(pos.to_move())) {
                    undone_person = true;
                    break;
                }
            }
            if !undone_person {
                return Err(
                    ApiError::conflict("there is no move of yours to take back").code("no_undo")
                );
            }
            let from_ply = game.moves().len();
            let change = Change::Truncate {
                from_ply: from_ply as u32,
            };
            let act = activity(&game, &e.settings, self.policy.now());
            match self.store_entry_change(&slot, &mut e, change, act).await {
                Err(err) if again(&err, req.ply, &mut attempts) => continue,
                answer => answer?,
            }
            e.game = game;
            e.round_opened = false;
            break from_ply;
        };
        Ok(slot.publish(&MandiriUpdate::Undo {
            ply: from_ply,
            game: MandiriInfo::of(id, &e),
        }))
    }

    /// Takes an open seat of an online Mandiri game with its invitation code.
    pub async fn mandiri_join(&self, id: &str, req: JoinRequest) -> Result<Value, ApiError> {
        let slot = self.mandiri_slot(id).await?;
        let mut e = slot.entry.lock().await;
        let (player, token) = self
            .change_settings(&slot, &mut e, None, |e| {
                let MandiriSeats::Online {
                    invites, tokens, ..
                } = &e.settings.seats
                else {
                    return Err(
                        ApiError::conflict("only online games take invitations").code("not_online")
                    );
                };
                if invites.iter().all(Option::is_none) {
                    return Err(ApiError::conflict(
                        "the invitations were used: every seat is taken",
                    )
                    .code("invite_used"));
                }
                let Some(player) = Player::ALL.into_iter().find(|p| {
                    invites[p.index()]
                        .as_deref()
                        .is_some_and(|code| tokens_match(&req.invite, code))
                }) else {
                    return Err(
                        ApiError::forbidden("wrong invitation code, or one already used")
                            .code("invite_wrong"),
                    );
                };
                let token = tokens[player.index()].clone();
                let mut settings = e.settings.clone();
                if let MandiriSeats::Online { invites, .. } = &mut settings.seats {
                    invites[player.index()] = None;
                }
                Ok((settings, (player, token)))
            })
            .await?;
        slot.publish(&MandiriUpdate::Joined {
            player,
            game: MandiriInfo::of(id, &e),
        });
        Ok(json(MandiriSeated {
            id: id.to_string(),
            token,
            players: vec![player],
            watch: None,
            invites: None,
            game: MandiriInfo::of(id, &e),
        }))
    }

    /// Resigns for the token's player (the player to move, where one token holds them all):
    /// the match ends, shared by the other two.
    pub async fn mandiri_resign(&self, id: &str, req: TokenRequest) -> Result<Value, ApiError> {
        let slot = self.mandiri_slot(id).await?;
        let mut e = slot.entry.lock().await;
        let token = req.token.as_deref();
        require(&e, token)?;
        let player = self
            .change_settings(&slot, &mut e, req.ply, |e| {
                let held = require(e, token)?;
                if e.over() {
                    return Err(game_over());
                }
                let to_move = e.player_to_move();
                let player = if held & 1 << to_move.index() != 0 {
                    to_move
                } else {
                    players_of(held)[0]
                };
                let mut settings = e.settings.clone();
                settings.resigned = Some(player);
                Ok((settings, player))
            })
            .await?;
        Ok(slot.publish(&MandiriUpdate::Resigned {
            player,
            game: MandiriInfo::of(id, &e),
        }))
    }
}
