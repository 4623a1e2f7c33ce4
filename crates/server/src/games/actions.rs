//! What the API asks of a game (docs/API.md): each checks the request against the game held,
//! stores the change, then takes it and tells the game's sockets.

use super::held::{Held, Settled};
use super::hub::Hub;
use super::seats;
use super::slot::{Entry, Slot};
use super::view::{json, AtPly, Offered, Seated, Update};
use crate::error::ApiError;
use crate::meta::{Kind, Seats, Settings};
use crate::requests::{
    self, GameSetup, JoinRequest, MoveRequest, NameRequest, NewGame, RematchRequest, TokenRequest,
};
use crate::store::Change;
use crate::tokens::{random_token, tokens_match, ID_LEN};
use rajapasu_engine::{BySide, Event, Game, GameView, Move, Position, Side};
use serde_json::Value;
use std::sync::Arc;

/// 409 `stale_ply` unless the request's `ply` (when it gives one) is the game's, `at`.
fn check_ply(at: usize, ply: Option<usize>) -> Result<(), ApiError> {
    match ply {
        Some(p) if p != at => Err(ApiError::conflict(format!(
            "the game has moved on: the request expects ply {p} but the game is at ply {at}"
        ))
        .code("stale_ply")),
        _ => Ok(()),
    }
}

/// Whether a request refused because the stored game had moved on is tried again, on the copy
/// just read back: when it gave no `ply`, it asked for a change of the game as it is, as it
/// would have got on a server of its own. Twice at most.
pub(crate) fn again(err: &ApiError, ply: Option<usize>, attempts: &mut u32) -> bool {
    *attempts += 1;
    ply.is_none() && err.code_word() == "stale_ply" && *attempts <= 2
}

pub(crate) fn game_over() -> ApiError {
    ApiError::conflict("the game is over").code("game_over")
}

/// The seat a caller is told: a side, or `both` on one device.
fn seat_name(seats: &Seats, side: Side) -> &'static str {
    match seats {
        Seats::SameDevice { .. } => "both",
        _ => side.name(),
    }
}

/// The names a new game's record gives the seats.
fn names_for(seats: &Seats) -> BySide<String> {
    let mut names = BySide::from_fn(|s| s.to_string());
    match seats {
        Seats::Computer { level, side, .. } => {
            names[!*side] = "Player".into();
            names[*side] = format!("Computer (level {level}: {})", level.name());
        }
        Seats::SameDevice { .. } => {}
        Seats::Online(o) => {
            for s in [Side::South, Side::North] {
                if let Some(name) = &o.players[s] {
                    names[s] = name.clone();
                }
            }
        }
    }
    names
}

impl Hub {
    /// [`check_ply`], on a copy brought up to date first when the ply differs and other
    /// instances share the store: the request may come after a change made on another
    /// instance whose notice has not arrived yet.
    pub(crate) async fn check_ply<E: Held>(
        &self,
        slot: &Slot<E>,
        e: &mut E,
        ply: Option<usize>,
    ) -> Result<(), ApiError> {
        if check_ply(e.ply(), ply).is_err()
            && self.shared
            && !self.reload(slot, e).await.map_err(ApiError::unavailable)?
        {
            return Err(
                ApiError::not_found(format!("no game with id `{}`", slot.id)).code("no_game"),
            );
        }
        check_ply(e.ply(), ply)
    }

    /// Creates a game (or imports a record) and returns its id, the creator's token and links.
    pub async fn create(self: &Arc<Hub>, req: NewGame) -> Result<Value, ApiError> {
        let GameSetup {
            kind,
            game,
            level,
            side,
        } = req.read()?;
        let seats = match kind {
            Kind::Computer => seats::computer(level.unwrap_or_default(), side)?,
            Kind::Local => seats::same_device()?,
            Kind::Online => seats::online(side, true, BySide::default())?,
        };
        let slot = self.open_game(game, seats).await?;
        let e = slot.entry.lock().await;
        let id = slot.id.clone();
        let invite = e.settings.seats.online().map(|o| {
            o.invite
                .as_ref()
                .map(|code| format!("/g/{id}?invite={code}"))
        });
        Ok(json(Seated {
            token: e.settings.seats.tokens()[side].map(str::to_string),
            seat: seat_name(&e.settings.seats, side),
            watch: Some(format!("/g/{id}")),
            invite: Some(invite.flatten()),
            game: slot.info(&e),
            id,
        }))
    }

    /// Stores a new game and starts the computer if it is to move.
    async fn open_game(self: &Arc<Hub>, game: Game, seats: Seats) -> Result<Arc<Slot>, ApiError> {
        let start = *game.start();
        let settings = Settings {
            rules: *game.rules(),
            start: (start != Position::start(*game.rules())).then_some(start),
            names: names_for(&seats),
            seats,
            created: self.policy.now(),
            resigned: None,
        };
        let id = random_token(ID_LEN)?;
        let slot = self.hold(self.store_new(&id, &game, &settings).await?);
        if settings.seats.computer().is_some() {
            self.clone().spawn_computer(slot.clone());
        }
        Ok(slot)
    }

    /// The state of a game, or of the game as it was after its first `at` moves.
    pub async fn state(&self, id: &str, at: Option<usize>) -> Result<Value, ApiError> {
        let slot = self.slot(id).await?;
        let e = slot.entry.lock().await;
        let Some(at) = at else {
            return Ok(json(slot.info(&e)));
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
        Ok(json(AtPly {
            id: id.to_string(),
            at,
            view: GameView::new(&game),
        }))
    }

    /// Plays a move for the seat whose token is given.
    pub async fn play(self: &Arc<Hub>, id: &str, req: MoveRequest) -> Result<Value, ApiError> {
        let slot = self.slot(id).await?;
        let mut e = slot.entry.lock().await;
        let mut attempts = 0;
        let msg = loop {
            self.check_ply(&slot, &mut e, req.ply).await?;
            if e.over() {
                return Err(game_over());
            }
            let side = e.game.position().to_move();
            if e.settings.seats.computer() == Some(side) {
                return Err(ApiError::conflict("out of turn: it is the computer's move")
                    .code("out_of_turn"));
            }
            let h = seats::require(&e.settings.seats, req.token.as_deref())?;
            if !h[side] {
                return Err(
                    ApiError::conflict(format!("out of turn: it is {side}'s move"))
                        .code("out_of_turn"),
                );
            }
            let mv = requests::hole(req.mv, e.game.rules().holes())?;
            match self.commit_move(&slot, &mut e, side, mv).await {
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

    /// Plays `mv` for `side` on the game in `e`, stores it, then tells the sockets.
    pub(crate) async fn commit_move(
        &self,
        slot: &Slot,
        e: &mut Entry,
        side: Side,
        mv: Move,
    ) -> Result<Value, ApiError> {
        let mut game = e.game.clone();
        let mut events: Vec<Event> = Vec::new();
        game.play_traced(mv, &mut events)
            .map_err(|err| ApiError::unprocessable(err.to_string()).code("illegal_move"))?;
        let ply = game.moves().len();
        let change = Change::AddMove {
            ply: (ply - 1) as u32,
            mv: mv.number(),
        };
        let settings = e.settings.clone();
        self.store_change(slot, e, change, &game, &settings).await?;
        e.game = game;
        e.round_opened = false;
        Ok(slot.publish(&Update::Move {
            ply,
            mv: mv.number(),
            side,
            events,
            game: slot.info(e),
        }))
    }

    /// Stores new settings of a game of either kind, then takes them.
    pub(crate) async fn store_settings<E: Settled>(
        &self,
        slot: &Slot<E>,
        e: &mut E,
        settings: E::Settings,
    ) -> Result<(), ApiError> {
        let text = serde_json::to_string(&settings).map_err(ApiError::internal)?;
        let act = e.activity_with(&settings, self.policy.now());
        self.store_entry_change(slot, e, Change::Meta(text), act)
            .await?;
        e.set_settings(settings);
        Ok(())
    }

    /// A change of a game's settings: `plan` says, on the copy in `e`, what the settings
    /// become and what to answer; they are stored, then taken. When `ply` is given the
    /// request's ply is checked first; a change refused because the stored game had moved on
    /// is planned again on the copy read back, unless it gave a `ply` (see [`again`]).
    pub(crate) async fn change_settings<E: Settled, T>(
        &self,
        slot: &Slot<E>,
        e: &mut E,
        ply: Option<usize>,
        mut plan: impl FnMut(&E) -> Result<(E::Settings, T), ApiError>,
    ) -> Result<T, ApiError> {
        let mut attempts = 0;
        loop {
            self.check_ply(slot, e, ply).await?;
            let (settings, answer) = plan(e)?;
            match self.store_settings(slot, e, settings).await {
                Err(err) if again(&err, ply, &mut attempts) => continue,
                stored => return stored.map(|()| answer),
            }
        }
    }

    /// Takes back moves: against the computer, back to before the player's last move; between
    /// two players on one device, one move.
    pub async fn undo(self: &Arc<Hub>, id: &str, req: TokenRequest) -> Result<Value, ApiError> {
        let slot = self.slot(id).await?;
        let mut e = slot.entry.lock().await;
        let mut attempts = 0;
        let from_ply = loop {
            if e.settings.seats.kind() == Kind::Online {
                return Err(
                    ApiError::conflict("moves cannot be taken back in an online game")
                        .code("no_undo"),
                );
            }
            seats::require(&e.settings.seats, req.token.as_deref())?;
            self.check_ply(&slot, &mut e, req.ply).await?;
            if e.settings.resigned.is_some() {
                return Err(ApiError::conflict("the game was resigned").code("game_over"));
            }
            let mut game = e.game.clone();
            match e.settings.seats.computer() {
                Some(computer) => {
                    let mut undone_human = false;
                    while game.undo().is_some() {
                        if game.position().to_move() != computer {
                            undone_human = true;
                            break;
                        }
                    }
                    if !undone_human {
                        return Err(ApiError::conflict("there is no move of yours to take back")
                            .code("no_undo"));
                    }
                }
                None => {
                    if game.undo().is_none() {
                        return Err(
                            ApiError::conflict("there is no move to take back").code("no_undo")
                        );
                    }
                }
            }
            let from_ply = game.moves().len();
            let settings = e.settings.clone();
            let change = Change::Truncate {
                from_ply: from_ply as u32,
            };
            match self
                .store_change(&slot, &mut e, change, &game, &settings)
                .await
            {
                Err(err) if again(&err, req.ply, &mut attempts) => continue,
                answer => answer?,
            }
            e.game = game;
            e.round_opened = false;
            break from_ply;
        };
        Ok(slot.publish(&Update::Undo {
            ply: from_ply,
            game: slot.info(&e),
        }))
    }

    /// The computer's suggestion for the player to move, with its score.
    pub async fn hint(&self, id: &str, req: TokenRequest) -> Result<Value, ApiError> {
        let slot = self.slot(id).await?;
        let game = {
            let mut e = slot.entry.lock().await;
            if e.settings.seats.kind() == Kind::Online {
                return Err(
                    ApiError::conflict("hints are not given in online games").code("no_hint")
                );
            }
            seats::require(&e.settings.seats, req.token.as_deref())?;
            self.check_ply(&slot, &mut e, req.ply).await?;
            if e.over() {
                return Err(game_over());
            }
            e.game.clone()
        };
        let ply = game.moves().len();
        let hint = self.search.hint(id, game).await?;
        let mut hint =
            hint.ok_or_else(|| ApiError::conflict("there is no move to suggest").code("no_hint"))?;
        hint["ply"] = serde_json::json!(ply);
        Ok(hint)
    }

    /// Takes the open seat of an online game with its invitation code.
    pub async fn join(&self, id: &str, req: JoinRequest) -> Result<Value, ApiError> {
        let slot = self.slot(id).await?;
        let mut e = slot.entry.lock().await;
        let (seat, token) = self
            .change_settings(&slot, &mut e, None, |e| {
                let Some(online) = e.settings.seats.online() else {
                    return Err(
                        ApiError::conflict("only online games take invitations").code("not_online")
                    );
                };
                let Some(code) = &online.invite else {
                    return Err(ApiError::conflict(
                        "the invitation was already used: both seats are taken",
                    )
                    .code("invite_used"));
                };
                if !tokens_match(&req.invite, code) {
                    return Err(ApiError::forbidden("wrong invitation code").code("invite_wrong"));
                }
                let seat = !online.creator;
                let token = online.tokens[seat].clone();
                let mut settings = e.settings.clone();
                if let Some(o) = settings.seats.online_mut() {
                    o.invite = None;
                }
                Ok((settings, (seat, token)))
            })
            .await?;
        slot.publish(&Update::Joined {
            seat,
            game: slot.info(&e),
        });
        Ok(json(Seated {
            id: id.to_string(),
            token: Some(token),
            seat: seat.name(),
            watch: None,
            invite: None,
            game: slot.info(&e),
        }))
    }

    /// Resigns for the seat of the token (the side to move, where one token holds both).
    pub async fn resign(&self, id: &str, req: TokenRequest) -> Result<Value, ApiError> {
        let slot = self.slot(id).await?;
        let mut e = slot.entry.lock().await;
        let token = req.token.as_deref();
        seats::require(&e.settings.seats, token)?;
        let side = self
            .change_settings(&slot, &mut e, req.ply, |e| {
                let held = seats::require(&e.settings.seats, token)?;
                if e.over() {
                    return Err(game_over());
                }
                let to_move = e.game.position().to_move();
                let side = if held[to_move] { to_move } else { !to_move };
                let mut settings = e.settings.clone();
                settings.resigned = Some(side);
                Ok((settings, side))
            })
            .await?;
        Ok(slot.publish(&Update::Resigned {
            side,
            game: slot.info(&e),
        }))
    }

    /// Sets (or, with an empty name, takes away) the name of the token's player in an online
    /// game, of either game.
    pub async fn name<E: Settled>(&self, id: &str, req: NameRequest) -> Result<Value, ApiError> {
        let slot = self.load::<E>(id).await?;
        let mut e = slot.entry.lock().await;
        self.change_settings(&slot, &mut e, None, |e| {
            if !e.online() {
                return Err(
                    ApiError::conflict("only players of online games name themselves")
                        .code("not_online"),
                );
            }
            let held = seats::require_held(req.token.as_deref(), |t| e.seats_of(t))?;
            Ok((e.named(held, req.read()?), ()))
        })
        .await?;
        Ok(slot.publish(&e.state_update(id)))
    }

    /// A new game with the same rules and start once this one is over: against the computer or
    /// on one device at once (sides swapped unless `swap` is false); online, when the other
    /// player asks too (an offer, then its acceptance; sides always swapped). Answers the
    /// caller's seat and token in the new game, or `{"offered": true}` for an offer.
    pub async fn rematch(
        self: &Arc<Hub>,
        id: &str,
        req: RematchRequest,
    ) -> Result<Value, ApiError> {
        let slot = self.slot(id).await?;
        let mut e = slot.entry.lock().await;
        let held = seats::require(&e.settings.seats, req.token.as_deref())?;
        if !e.over() {
            return Err(
                ApiError::conflict("a rematch comes once the game is over").code("not_over")
            );
        }
        let start = e.settings.start_game();
        let settings = e.settings.clone();
        let Some(online) = settings.seats.online() else {
            let player = match settings.seats.computer() {
                Some(computer) => !computer,
                None => Side::South,
            };
            let side = if req.swap.unwrap_or(true) {
                !player
            } else {
                player
            };
            drop(e);
            let seats = match &settings.seats {
                Seats::Computer { level, .. } => seats::computer(*level, side)?,
                _ => seats::same_device()?,
            };
            let new_slot = self.open_game(start, seats).await?;
            let ne = new_slot.entry.lock().await;
            return Ok(json(Seated {
                id: new_slot.id.clone(),
                token: ne.settings.seats.tokens()[side].map(str::to_string),
                seat: seat_name(&ne.settings.seats, side),
                watch: None,
                invite: None,
                game: new_slot.info(&ne),
            }));
        };
        // Online: each seat's player takes the other seat in the rematch.
        let mine = if held.south { Side::South } else { Side::North };
        if online.rematch.is_none() && online.rematch_offer != Some(!mine) {
            // An offer (again, if this player already offered).
            let mut settings = settings.clone();
            if let Some(o) = settings.seats.online_mut() {
                o.rematch_offer = Some(mine);
            }
            self.store_settings(&slot, &mut e, settings).await?;
            slot.publish(&Update::State {
                game: slot.info(&e),
            });
            return Ok(json(Offered {
                offered: true,
                game: slot.info(&e),
            }));
        }
        let new_id = match &online.rematch {
            Some(new_id) => new_id.clone(),
            None => {
                let players = BySide::from_fn(|s| online.players[!s].clone());
                let seats = seats::online(!online.creator, false, players)?;
                let new_id = self.open_game(start, seats).await?.id.clone();
                let mut settings = settings.clone();
                if let Some(o) = settings.seats.online_mut() {
                    o.rematch = Some(new_id.clone());
                    o.rematch_offer = None;
                }
                self.store_settings(&slot, &mut e, settings).await?;
                slot.publish(&Update::Rematch {
                    id: new_id.clone(),
                    game: slot.info(&e),
                });
                new_id
            }
        };
        drop(e);
        let new_slot = self.slot(&new_id).await?;
        let ne = new_slot.entry.lock().await;
        let seat = !mine;
        Ok(json(Seated {
            id: new_id,
            token: ne.settings.seats.tokens()[seat].map(str::to_string),
            seat: seat.name(),
            watch: None,
            invite: None,
            game: new_slot.info(&ne),
        }))
    }

    /// The record of the game `id` of either kind, as plain text or JSON.
    pub async fn record<E: Held>(&self, id: &str, json_format: bool) -> Result<String, ApiError> {
        let slot = self.load::<E>(id).await?;
        let e = slot.entry.lock().await;
        Ok(e.record(id, json_format))
    }
}
