//! What the API asks of a game of either kind (docs/API.md), written once: create, state,
//! move, undo, hint, join, resign, name, next round, record; and a move traced from any
//! position. Each checks the request against the game held, stores the change, then takes it
//! and tells the game's sockets. The rematch is in [`super::rematch`], the computer's turn in
//! [`super::computer_task`].

use super::changes::{again, game_over};
use super::entry::Entry;
use super::hub::{HeldGame, Hub};
use super::seating::{Held, Kind, Player, SeatAccount, Seating};
use super::served::{ServedGame, Setup};
use super::slot::Slot;
use super::view::{json, update, Occasion, ShownGame, Told, Traced};
use crate::error::ApiError;
use crate::requests::{JoinRequest, MoveRequest, NameRequest, TokenRequest, TraceRequest};
use crate::tokens::{random_token, tokens_match, ID_LEN};
use serde_json::Value;
use std::sync::Arc;

impl Hub {
    /// Creates a game (or imports a record) and answers the creator's seat, token and links.
    /// `account` is the creator's, when signed in: it holds the creator's seat of an online
    /// game (a rated game needs one: 403 `rated_needs_account`).
    pub async fn create<G: HeldGame>(
        self: &Arc<Hub>,
        req: G::NewGame,
        account: Option<SeatAccount>,
    ) -> Result<Value, ApiError> {
        let Setup {
            game,
            mut settings,
            creator,
        } = G::new_game(req, self.policy.now())?;
        if settings.rated() && account.is_none() {
            return Err(needs_account());
        }
        if settings.kind() == Kind::Online {
            settings.set_account(creator, account.clone());
        }
        let token = settings.mint(creator)?.ok_or_else(computer_seat)?;
        let slot = self.open(game, settings).await?;
        let e = slot.entry.lock().await;
        if let Some(account) = account.filter(|_| e.settings.kind() == Kind::Online) {
            self.hold_seat::<G>(&account, &slot.id, &e.settings, creator)
                .await;
        }
        Ok(G::seated(&slot.id, &e, creator, Occasion::Created, &token))
    }

    /// A new token for `player`'s seat of the game `id`, its hash stored before it is handed
    /// out (to the player's other device, a lobby's seeker, an event's player): the token.
    pub(crate) async fn mint_seat<G: HeldGame>(
        &self,
        id: &str,
        player: G::Player,
    ) -> Result<String, ApiError> {
        let slot = self.load::<G>(id).await?;
        let mut e = slot.entry.lock().await;
        self.mint_in(&slot, &mut e, player).await
    }

    /// [`Hub::mint_seat`] in the game held in `e`.
    pub(crate) async fn mint_in<G: HeldGame>(
        &self,
        slot: &Slot<G>,
        e: &mut Entry<G>,
        player: G::Player,
    ) -> Result<String, ApiError> {
        self.change_settings(slot, e, None, |e| {
            let mut settings = e.settings.clone();
            let token = settings.mint(player)?.ok_or_else(computer_seat)?;
            Ok((settings, token))
        })
        .await
    }

    /// Notes that `account` holds `player`'s seat of the game `id` (the account's games list
    /// it, with the seat's first hash, which no device holds: the account's devices get
    /// tokens of their own through its session). The game is stored already: a failure here
    /// is logged, not answered.
    pub(crate) async fn hold_seat<G: HeldGame>(
        &self,
        account: &SeatAccount,
        id: &str,
        settings: &G::Settings,
        player: G::Player,
    ) {
        let Some(token) = settings.tokens()[player.index()].map(str::to_string) else {
            return;
        };
        let held = crate::store::accounts::HeldGame {
            game: G::GAME.word().to_string(),
            id: id.to_string(),
            token,
            since: self.policy.now(),
        };
        if let Err(e) = self.store.hold_game(&account.id, held).await {
            tracing::warn!(game = %id, "the account's seat was not noted: {e}");
        }
    }

    /// The opening of an action only a seated player may take (resign, offer a draw, ask for
    /// a takeback) on the game held in `e`: the token must hold a seat (403 otherwise), and a
    /// flag that has fallen ends the game first (stored and told; then 409 `game_over`). The
    /// players the token holds.
    pub(crate) async fn seated_player_acts<G: HeldGame>(
        &self,
        slot: &Slot<G>,
        e: &mut Entry<G>,
        token: Option<&str>,
    ) -> Result<Held, ApiError> {
        self.see_token(slot, e, token).await?;
        let held = e.require(token)?;
        if self.flag_if_due(slot, e).await? {
            return Err(game_over());
        }
        Ok(held)
    }

    /// A token made by another instance sharing the store (an account's other device, a lobby
    /// seeker told there) is in the stored game before this copy hears of it: when `token`
    /// holds no seat in the copy held in `e`, the stored game is read once more (nothing when
    /// it has not moved on), so that such a token is not refused meanwhile.
    pub(crate) async fn see_token<G: HeldGame>(
        &self,
        slot: &Slot<G>,
        e: &mut Entry<G>,
        token: Option<&str>,
    ) -> Result<(), ApiError> {
        if self.shared && token.is_some_and(|t| e.held_by(t).is_empty()) {
            self.reload(slot, e).await.map_err(ApiError::unavailable)?;
        }
        Ok(())
    }

    /// Stores and holds a new game; the computer starts choosing if it is to move.
    pub(crate) async fn open<G: HeldGame>(
        self: &Arc<Hub>,
        game: G,
        settings: G::Settings,
    ) -> Result<Arc<Slot<G>>, ApiError> {
        let id = random_token(ID_LEN)?;
        self.open_as(&id, game, settings).await
    }

    /// [`Hub::open`] with the id `id`, chosen before (a lobby's game, promised to the seeker
    /// before it is stored).
    pub(crate) async fn open_as<G: HeldGame>(
        self: &Arc<Hub>,
        id: &str,
        game: G,
        settings: G::Settings,
    ) -> Result<Arc<Slot<G>>, ApiError> {
        let mut settings = settings;
        if self.policy.clock_scale > 1 {
            if let Some(clock) = settings.clock_mut() {
                clock.scale(self.policy.clock_scale);
            }
        }
        let entry = Entry::new(game, settings);
        let computer_next = entry.computer_may_move();
        let slot = self.store_new(id, entry).await?;
        if computer_next {
            self.clone().spawn_computer(slot.clone());
        }
        Ok(slot)
    }

    /// The state of a game, or of the game as it was after its first `at` moves.
    pub async fn state<G: HeldGame>(&self, id: &str, at: Option<usize>) -> Result<Value, ApiError> {
        let slot = self.load::<G>(id).await?;
        let e = slot.entry.lock().await;
        let Some(at) = at else {
            return Ok(json(slot.info(&e)));
        };
        let total = e.ply();
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
        Ok(G::at_ply(id, at, game))
    }

    /// Plays a move for the player to move, whose token is given.
    pub async fn play<G: HeldGame>(
        self: &Arc<Hub>,
        id: &str,
        req: MoveRequest<G::MoveText>,
    ) -> Result<Value, ApiError> {
        let slot = self.load::<G>(id).await?;
        let mut e = slot.entry.lock().await;
        self.see_token(&slot, &mut e, req.token.as_deref()).await?;
        let mut attempts = 0;
        let mut read_back = false;
        let msg = loop {
            self.check_ply(&slot, &mut e, req.ply).await?;
            if let Some(player) = self.flagged_now(&slot, &mut e).await? {
                return Err(ApiError::conflict(format!(
                    "time is up: {} ran out of time",
                    G::who(player)
                ))
                .code("flagged"));
            }
            if e.over() {
                return Err(game_over());
            }
            let player = e.player_to_move();
            if e.settings.computer_plays(player) {
                return Err(ApiError::conflict(format!(
                    "out of turn: it is the computer's move ({})",
                    G::who(player)
                ))
                .code("out_of_turn"));
            }
            if !e.require(req.token.as_deref())?.contains(player) {
                // The copy here may be behind a move made through another instance whose
                // notice has not arrived yet (its player asked this instance for the game
                // meanwhile, and sent its ply): the stored game is read once before the move
                // is refused.
                if self.shared && !read_back {
                    read_back = true;
                    self.reload(&slot, &mut e)
                        .await
                        .map_err(ApiError::unavailable)?;
                    continue;
                }
                return Err(ApiError::conflict(format!(
                    "out of turn: it is {}'s move",
                    G::who(player)
                ))
                .code("out_of_turn"));
            }
            let mv = e.game.read_move(&req.mv)?;
            let lag = crate::requests::bounded(
                "lag_ms",
                req.lag_ms.unwrap_or(0),
                0..=crate::requests::MAX_LAG_MS,
                "milliseconds",
                "bad_lag",
            )?
            // Never more than the round trip the server measured: the claim alone is the
            // client's word.
            .min(e.measured_lag(player));
            match self.commit(&slot, &mut e, mv, lag).await {
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

    /// Takes back moves: against the computer, back to before the player's last move; on one
    /// device, one move. Not in online games.
    pub async fn undo<G: HeldGame>(&self, id: &str, req: TokenRequest) -> Result<Value, ApiError> {
        let slot = self.load::<G>(id).await?;
        let mut e = slot.entry.lock().await;
        self.see_token(&slot, &mut e, req.token.as_deref()).await?;
        let mut attempts = 0;
        loop {
            if e.settings.kind() == Kind::Online {
                return Err(
                    ApiError::conflict("moves cannot be taken back in an online game")
                        .code("no_undo"),
                );
            }
            e.require(req.token.as_deref())?;
            self.check_ply(&slot, &mut e, req.ply).await?;
            if e.settings.resigned().is_some() {
                return Err(ApiError::conflict("the game was resigned").code("game_over"));
            }
            let game = taken_back(&e)?;
            match self.commit_undo(&slot, &mut e, game, None).await {
                Err(err) if again(&err, req.ply, &mut attempts) => continue,
                answer => break answer?,
            }
        }
        let ply = e.ply();
        Ok(slot.tell(&e, Told::Undo { ply }))
    }

    /// The computer's suggestion for the player to move (not in online games).
    pub async fn hint<G: HeldGame>(&self, id: &str, req: TokenRequest) -> Result<Value, ApiError> {
        let slot = self.load::<G>(id).await?;
        let game = {
            let mut e = slot.entry.lock().await;
            self.see_token(&slot, &mut e, req.token.as_deref()).await?;
            if e.settings.kind() == Kind::Online {
                return Err(
                    ApiError::conflict("hints are not given in online games").code("no_hint")
                );
            }
            e.require(req.token.as_deref())?;
            self.check_ply(&slot, &mut e, req.ply).await?;
            if e.over() {
                return Err(game_over());
            }
            e.game.clone()
        };
        G::hint(&self.search, id, game)
            .await?
            .ok_or_else(|| ApiError::conflict("there is no move to suggest").code("no_hint"))
    }

    /// Takes an open seat of an online game with its invitation code; `account` is the
    /// player's, when signed in (a rated game needs one, not already seated in it).
    pub async fn join<G: HeldGame>(
        &self,
        id: &str,
        req: JoinRequest,
        account: Option<SeatAccount>,
    ) -> Result<Value, ApiError> {
        let slot = self.load::<G>(id).await?;
        let mut e = slot.entry.lock().await;
        let now = self.policy.now_ms();
        let player = self
            .change_settings(&slot, &mut e, None, |e| {
                let s = &e.settings;
                if s.kind() != Kind::Online {
                    return Err(
                        ApiError::conflict("only online games take invitations").code("not_online")
                    );
                }
                if !G::Player::ALL.iter().any(|&p| s.is_open(p)) {
                    return Err(ApiError::conflict(
                        "the invitation was already used: every seat is taken",
                    )
                    .code("invite_used"));
                }
                let invited = |p: &G::Player| {
                    s.invite(*p)
                        .is_some_and(|code| tokens_match(&req.invite, code))
                };
                let Some(player) = G::Player::ALL.iter().copied().find(invited) else {
                    return Err(
                        ApiError::forbidden("wrong invitation code, or one already used")
                            .code("invite_wrong"),
                    );
                };
                if s.rated() {
                    let Some(account) = &account else {
                        return Err(needs_account());
                    };
                    let seated = G::Player::ALL
                        .iter()
                        .any(|&p| s.account(p).is_some_and(|a| a.id == account.id));
                    if seated {
                        return Err(ApiError::conflict(
                            "this account already plays in this rated game: \
                             invite another player",
                        )
                        .code("same_account"));
                    }
                }
                let mut settings = s.clone();
                settings.seat_taken(player);
                settings.set_account(player, account.clone());
                let token = settings.mint(player)?.ok_or_else(computer_seat)?;
                // Every seat taken: the player to move's time starts to run.
                let everyone = !G::Player::ALL.iter().any(|&p| settings.is_open(p));
                if everyone && !e.over() {
                    let to_move = e.player_to_move();
                    if let Some(clock) = settings.clock_mut() {
                        clock.start(now, to_move);
                    }
                }
                Ok((settings, (player, token)))
            })
            .await?;
        let (player, token) = player;
        slot.tell(&e, Told::Joined(player));
        if let Some(account) = &account {
            self.hold_seat::<G>(account, id, &e.settings, player).await;
        }
        Ok(G::seated(id, &e, player, Occasion::Joined, &token))
    }

    /// Resigns for the token's player (the player to move, where one token holds several):
    /// the game is over.
    pub async fn resign<G: HeldGame>(
        &self,
        id: &str,
        req: TokenRequest,
    ) -> Result<Value, ApiError> {
        let slot = self.load::<G>(id).await?;
        let mut e = slot.entry.lock().await;
        let token = req.token.as_deref();
        self.seated_player_acts(&slot, &mut e, token).await?;
        let now = self.policy.now_ms();
        let player = self
            .change_settings(&slot, &mut e, req.ply, |e| {
                let held = e.require(token)?;
                if e.over() {
                    return Err(game_over());
                }
                let to_move = e.player_to_move();
                let player = if held.contains(to_move) {
                    to_move
                } else {
                    held.first().unwrap_or(to_move)
                };
                let mut settings = e.settings.clone();
                settings.resign(player);
                settings.stop_clock(now);
                Ok((settings, player))
            })
            .await?;
        Ok(slot.tell(&e, Told::Resigned(player)))
    }

    /// Sets (or, with an empty name, takes away) the name of the token's player in an online
    /// game.
    pub async fn name<G: HeldGame>(&self, id: &str, req: NameRequest) -> Result<Value, ApiError> {
        let slot = self.load::<G>(id).await?;
        let mut e = slot.entry.lock().await;
        self.see_token(&slot, &mut e, req.token.as_deref()).await?;
        self.change_settings(&slot, &mut e, None, |e| {
            if e.settings.kind() != Kind::Online {
                return Err(
                    ApiError::conflict("only players of online games name themselves")
                        .code("not_online"),
                );
            }
            let held = e.require(req.token.as_deref())?;
            let mut settings = e.settings.clone();
            if let Some(player) = held.first() {
                settings.rename(player, req.read()?);
            }
            Ok((settings, ()))
        })
        .await?;
        Ok(slot.tell(&e, Told::State))
    }

    /// A player opens the round that the last move began (`between_rounds` in the game
    /// object): a computer leading that round makes its first move. Anywhere else it changes
    /// nothing, so a page may send it whenever its player leaves a round's summary. Answers
    /// the state.
    pub async fn next_round<G: HeldGame>(
        self: &Arc<Hub>,
        id: &str,
        req: TokenRequest,
    ) -> Result<Value, ApiError> {
        let slot = self.load::<G>(id).await?;
        let mut e = slot.entry.lock().await;
        self.see_token(&slot, &mut e, req.token.as_deref()).await?;
        e.require(req.token.as_deref())?;
        self.check_ply(&slot, &mut e, req.ply).await?;
        e.round_opened = true;
        let computer_next = e.computer_may_move();
        let msg = json(update(&slot.id, &e, Told::State));
        drop(e);
        if computer_next {
            self.clone().spawn_computer(slot);
        }
        Ok(msg)
    }

    /// The record of the game `id`, as plain text or JSON.
    pub async fn record<G: HeldGame>(
        &self,
        id: &str,
        json_format: bool,
    ) -> Result<String, ApiError> {
        let slot = self.load::<G>(id).await?;
        let e = slot.entry.lock().await;
        Ok(e.record(id, json_format))
    }
}

/// 403 `not_seated`: a token was asked for the computer's seat, which has none.
pub(crate) fn computer_seat() -> ApiError {
    ApiError::forbidden("the computer plays this seat: it has no token").code("not_seated")
}

/// 403 `rated_needs_account`: a guest asked to play a rated game.
fn needs_account() -> ApiError {
    ApiError::forbidden("rated games are for registered players: log in, or play a casual game")
        .code("rated_needs_account")
}

/// Plays the move of a trace request from its position, storing nothing: the position before,
/// the move's events, the position after. 422 `illegal_move`, naming why, when it cannot be
/// played.
pub fn trace<G: ShownGame>(req: &TraceRequest<G::MoveText>) -> Result<Value, ApiError> {
    let (mut game, mv) = G::read_trace(req)?;
    let before = G::view(&game);
    let mut events = Vec::new();
    game.play_traced(mv, &mut events)
        .map_err(|e| ApiError::unprocessable(e.to_string()).code("illegal_move"))?;
    Ok(json(Traced {
        before,
        events,
        after: G::view(&game),
    }))
}

/// The game in `e` with moves taken back: against the computer, back to before its player's
/// last move; otherwise one move. 409 `no_undo` when there is none to take back.
fn taken_back<G: ServedGame>(e: &Entry<G>) -> Result<G, ApiError> {
    let mut game = e.game.clone();
    let computer = e.settings.kind() == Kind::Computer;
    while game.undo().is_some() {
        if !computer || !e.settings.computer_plays(game.player_to_move()) {
            return Ok(game);
        }
    }
    let what = if computer {
        "there is no move of yours to take back"
    } else {
        "there is no move to take back"
    };
    Err(ApiError::conflict(what).code("no_undo"))
}
