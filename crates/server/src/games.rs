//! The games in play: kept in memory, every change written to the store before it is shown.

use crate::computer;
use crate::error::ApiError;
use crate::meta::{Kind, Meta};
use crate::requests::{
    self, GameSetup, JoinRequest, MoveRequest, NameRequest, NewGame, RematchRequest, TokenRequest,
};
use crate::store::{Store, StoreError, StoredGame, Write};
use rajapasu_engine::record::{utc_date_time, Record};
use rajapasu_engine::rng::{stream_seed, Rng};
use rajapasu_engine::{BySide, Event, Game, GameView, Move, Position, Side};
use serde_json::{json, Value};
use std::collections::HashMap;
use std::sync::{Arc, RwLock};
use tokio::sync::{broadcast, Mutex};

struct Entry {
    game: Game,
    meta: Meta,
    /// A task is choosing the computer's moves.
    thinking: bool,
    /// How many live-update sockets have shown each seat's token: the seat's player is there.
    present: BySide<usize>,
    /// The player opened the round that a move just began (see [`between_rounds`]): the
    /// computer may make its first move. Not stored: after a restart the page asks again.
    round_opened: bool,
}

impl Entry {
    /// Over by the rules or by resignation.
    fn over(&self) -> bool {
        self.game.status().is_over() || self.meta.resigned.is_some()
    }

    /// The computer is to move and may: a round begun by a move waits until the player opens
    /// it, so that the round's summary stays on the player's page, even after a reload.
    fn computer_may_move(&self) -> bool {
        self.game.status() == rajapasu_engine::Status::Playing
            && self.meta.resigned.is_none()
            && self.meta.computer == Some(self.game.position().to_move())
            && (self.round_opened || !between_rounds(&self.game))
    }
}

/// The last move ended a round of a match and the next round has no move yet: the page shows
/// the round's summary until the player opens the next round.
fn between_rounds(game: &Game) -> bool {
    game.status() == rajapasu_engine::Status::Playing
        && game
            .plies()
            .last()
            .is_some_and(|p| p.round() != game.position().round())
}

/// One game with its lock and its live-update channel.
pub struct Slot {
    id: String,
    entry: Mutex<Entry>,
    tx: broadcast::Sender<Arc<str>>,
}

impl Slot {
    /// Live updates of this game, as JSON texts.
    pub fn subscribe(&self) -> broadcast::Receiver<Arc<str>> {
        self.tx.subscribe()
    }

    /// The current state message `{"type":"state","game":...}`.
    pub async fn state_message(&self) -> String {
        let e = self.entry.lock().await;
        json!({"type": "state", "game": info(&self.id, &e)}).to_string()
    }

    /// A socket showed `token`: the seats it holds count as connected until [`Slot::leave`].
    /// Returns those seats.
    pub async fn arrive(&self, token: &str) -> BySide<bool> {
        let mut e = self.entry.lock().await;
        let held = holds(&e.meta, Some(token));
        for side in [Side::South, Side::North] {
            if held[side] {
                e.present[side] += 1;
            }
        }
        if held.south || held.north {
            self.publish(&presence(&e));
        }
        held
    }

    /// A socket that showed a token for `held` closed.
    pub async fn leave(&self, held: BySide<bool>) {
        let mut e = self.entry.lock().await;
        for side in [Side::South, Side::North] {
            if held[side] {
                e.present[side] = e.present[side].saturating_sub(1);
            }
        }
        if held.south || held.north {
            self.publish(&presence(&e));
        }
    }

    fn publish(&self, msg: &Value) {
        if self.tx.receiver_count() > 0 {
            let _ = self.tx.send(Arc::from(msg.to_string()));
        }
    }
}

/// Every game, and the store behind them.
pub struct Hub {
    games: RwLock<HashMap<String, Arc<Slot>>>,
    store: Store,
}

fn now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0)
}

fn random_text(bytes: usize) -> String {
    const ALPHABET: &[u8] = b"abcdefghijkmnpqrstuvwxyz23456789";
    let mut buf = vec![0u8; bytes];
    if getrandom::fill(&mut buf).is_err() {
        // No system randomness: fall back to time and a counter, still unique.
        static COUNTER: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        let n = COUNTER.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let t = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos())
            .unwrap_or(0);
        let mut rng = Rng::new(stream_seed(t as u64, n));
        for b in buf.iter_mut() {
            *b = (rng.next_u64() >> 56) as u8;
        }
    }
    buf.iter()
        .map(|b| ALPHABET[(*b as usize) % ALPHABET.len()] as char)
        .collect()
}

fn presence(e: &Entry) -> Value {
    json!({"type": "presence", "connected": e.present.map(|n| n > 0)})
}

fn info(id: &str, e: &Entry) -> Value {
    let m = &e.meta;
    let seat = |s: Side| -> &'static str {
        if m.computer == Some(s) {
            "computer"
        } else if m.kind == Kind::Online && m.creator != Some(s) && m.invite.is_some() {
            "open"
        } else {
            "taken"
        }
    };
    json!({
        "id": id,
        "kind": m.kind,
        "level": m.level,
        "computer": m.computer,
        "seats": BySide::from_fn(seat),
        "names": m.names,
        "players": m.players,
        "connected": e.present.map(|n| n > 0),
        "resigned": m.resigned,
        "rematch": {"offered_by": m.rematch_offer, "game": m.rematch},
        "ply": e.game.moves().len(),
        "line": e.game.plies().map(|p| p.side().letter()).collect::<String>(),
        "round_starts": round_starts(&e.game),
        "between_rounds": between_rounds(&e.game) && !e.round_opened,
        "created": m.created,
        "thinking": e.thinking,
        "view": GameView::new(&e.game),
    })
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

/// Which seats a token holds.
fn holds(meta: &Meta, token: Option<&str>) -> BySide<bool> {
    let Some(t) = token else {
        return BySide::default();
    };
    meta.tokens.as_ref().map(|k| k.as_deref() == Some(t))
}

fn require_seat(meta: &Meta, token: Option<&str>) -> Result<BySide<bool>, ApiError> {
    let h = holds(meta, token);
    if token.is_none() {
        return Err(
            ApiError::forbidden("a seat token is required (field `token`)").code("token_missing"),
        );
    }
    if !h.south && !h.north {
        return Err(
            ApiError::forbidden("wrong token: it holds no seat in this game").code("token_wrong"),
        );
    }
    Ok(h)
}

fn check_ply(game: &Game, ply: Option<usize>) -> Result<(), ApiError> {
    match ply {
        Some(p) if p != game.moves().len() => Err(ApiError::conflict(format!(
            "the game has moved on: the request expects ply {p} but the game is at ply {}",
            game.moves().len()
        ))
        .code("stale_ply")),
        _ => Ok(()),
    }
}

impl Hub {
    /// Opens the store and brings every stored game back by replaying its moves.
    pub fn open(db: &str) -> Result<Arc<Hub>, StoreError> {
        let (store, stored) = Store::open(db)?;
        let hub = Arc::new(Hub {
            games: RwLock::new(HashMap::new()),
            store,
        });
        for StoredGame { id, meta, moves } in stored {
            let Ok(meta) = serde_json::from_str::<Meta>(&meta) else {
                eprintln!("warning: game {id}: unreadable settings, skipped");
                continue;
            };
            let Some(mut game) = meta.start_game() else {
                eprintln!("warning: game {id}: unreadable rules or position, skipped");
                continue;
            };
            for (k, mv) in moves.iter().enumerate() {
                let ok = Move::new(*mv).is_some_and(|m| game.try_play(m).is_ok());
                if !ok {
                    eprintln!("warning: game {id}: move {} ({mv}) does not replay", k + 1);
                    break;
                }
            }
            hub.insert(id, game, meta);
        }
        Ok(hub)
    }

    /// Starts the computer wherever it is to move (after a restart). Needs a Tokio runtime.
    pub fn resume_computers(self: &Arc<Hub>) {
        let slots: Vec<Arc<Slot>> = self.read_games().values().cloned().collect();
        for slot in slots {
            let hub = self.clone();
            tokio::spawn(async move { hub.computer_turn(slot).await });
        }
    }

    /// How many games are held.
    pub fn len(&self) -> usize {
        self.read_games().len()
    }

    /// True when no game is held.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn read_games(&self) -> std::sync::RwLockReadGuard<'_, HashMap<String, Arc<Slot>>> {
        self.games.read().unwrap_or_else(|e| e.into_inner())
    }

    fn insert(&self, id: String, game: Game, meta: Meta) -> Arc<Slot> {
        let (tx, _) = broadcast::channel(64);
        let slot = Arc::new(Slot {
            id: id.clone(),
            entry: Mutex::new(Entry {
                game,
                meta,
                thinking: false,
                present: BySide::default(),
                round_opened: false,
            }),
            tx,
        });
        self.games
            .write()
            .unwrap_or_else(|e| e.into_inner())
            .insert(id, slot.clone());
        slot
    }

    /// The game `id`, or 404.
    pub fn slot(&self, id: &str) -> Result<Arc<Slot>, ApiError> {
        self.read_games()
            .get(id)
            .cloned()
            .ok_or_else(|| ApiError::not_found(format!("no game with id `{id}`")).code("no_game"))
    }

    /// Creates a game (or imports a record) and returns its id, the creator's token and links.
    pub async fn create(self: &Arc<Hub>, req: NewGame) -> Result<Value, ApiError> {
        let GameSetup {
            kind,
            game,
            level,
            side,
        } = req.read()?;
        let (id, tokens, invite, slot) = self
            .open_game(kind, game, level, side, true, BySide::default())
            .await?;
        let game_info = {
            let e = slot.entry.lock().await;
            info(&id, &e)
        };
        let seat = match kind {
            Kind::Local => "both",
            _ => side.name(),
        };
        Ok(json!({
            "id": id,
            "token": tokens[side],
            "seat": seat,
            "watch": format!("/g/{id}"),
            "invite": invite.map(|code| format!("/g/{id}?invite={code}")),
            "game": game_info,
        }))
    }

    /// Stores a new game and starts the computer if it is to move. `side` is the creator's seat;
    /// an online game gets an invitation for the other when `invite` is true, else both seats
    /// are taken (a rematch). Returns the id, the seats' tokens, the invitation and the slot.
    async fn open_game(
        self: &Arc<Hub>,
        kind: Kind,
        game: Game,
        level: Option<rajapasu_ai::Level>,
        side: Side,
        invite_wanted: bool,
        players: BySide<Option<String>>,
    ) -> Result<(String, BySide<Option<String>>, Option<String>, Arc<Slot>), ApiError> {
        let token = random_text(24);
        let mut tokens: BySide<Option<String>> = BySide::default();
        let mut names = BySide::from_fn(|s| s.to_string());
        let (mut computer_side, mut creator, mut invite) = (None, None, None);
        match kind {
            Kind::Computer => {
                tokens[side] = Some(token.clone());
                computer_side = Some(!side);
                names[side] = "Player".into();
                let level = level.unwrap_or_default();
                names[!side] = format!("Computer (level {level}: {})", level.name());
            }
            Kind::Local => tokens = BySide::from_fn(|_| Some(token.clone())),
            Kind::Online => {
                tokens[side] = Some(token.clone());
                tokens[!side] = Some(random_text(24));
                creator = Some(side);
                invite = invite_wanted.then(|| random_text(16));
                for s in [Side::South, Side::North] {
                    if let Some(name) = &players[s] {
                        names[s] = name.clone();
                    }
                }
            }
        }
        let start = *game.start();
        let meta = Meta {
            kind,
            rules: game.rules().to_string(),
            start: (start != Position::start(*game.rules())).then(|| start.to_string()),
            level,
            computer: computer_side,
            tokens,
            creator,
            invite: invite.clone(),
            names,
            created: now(),
            players,
            resigned: None,
            rematch_offer: None,
            rematch: None,
        };
        let id = random_text(10);
        let meta_json = serde_json::to_string(&meta).map_err(ApiError::internal)?;
        self.store
            .write(Write::CreateGame {
                id: id.clone(),
                meta: meta_json,
                moves: game.moves().iter().map(|m| m.number()).collect(),
            })
            .await
            .map_err(ApiError::unavailable)?;
        let slot = self.insert(id.clone(), game, meta.clone());
        if kind == Kind::Computer {
            let hub = self.clone();
            let s = slot.clone();
            tokio::spawn(async move { hub.computer_turn(s).await });
        }
        Ok((id, meta.tokens, invite, slot))
    }

    /// The state of a game, or of the game as it was after its first `at` moves.
    pub async fn state(&self, id: &str, at: Option<usize>) -> Result<Value, ApiError> {
        let slot = self.slot(id)?;
        let e = slot.entry.lock().await;
        let Some(at) = at else {
            return Ok(info(id, &e));
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
        Ok(json!({"id": id, "at": at, "view": GameView::new(&game)}))
    }

    /// Plays a move for the seat whose token is given.
    pub async fn play(self: &Arc<Hub>, id: &str, req: MoveRequest) -> Result<Value, ApiError> {
        let slot = self.slot(id)?;
        let mut e = slot.entry.lock().await;
        check_ply(&e.game, req.ply)?;
        if e.over() {
            return Err(ApiError::conflict("the game is over").code("game_over"));
        }
        let side = e.game.position().to_move();
        if e.meta.computer == Some(side) {
            return Err(
                ApiError::conflict("out of turn: it is the computer's move").code("out_of_turn")
            );
        }
        let h = require_seat(&e.meta, req.token.as_deref())?;
        if !h[side] {
            return Err(
                ApiError::conflict(format!("out of turn: it is {side}'s move")).code("out_of_turn"),
            );
        }
        let mv = requests::hole(req.mv, e.game.rules().holes())?;
        let msg = self.commit_move(&slot, &mut e, side, mv).await?;
        let computer_next = e.computer_may_move();
        drop(e);
        if computer_next {
            let hub = self.clone();
            let s = slot.clone();
            tokio::spawn(async move { hub.computer_turn(s).await });
        }
        Ok(msg)
    }

    async fn commit_move(
        &self,
        slot: &Slot,
        e: &mut Entry,
        side: Side,
        mv: Move,
    ) -> Result<Value, ApiError> {
        let mut events: Vec<Event> = Vec::new();
        e.game
            .play_traced(mv, &mut events)
            .map_err(|err| ApiError::unprocessable(err.to_string()).code("illegal_move"))?;
        let ply = e.game.moves().len();
        e.round_opened = false;
        let stored = self
            .store
            .write(Write::AddMove {
                id: slot.id.clone(),
                ply: (ply - 1) as u32,
                mv: mv.number(),
            })
            .await;
        if let Err(err) = stored {
            e.game.undo();
            return Err(ApiError::unavailable(err));
        }
        let msg = json!({
            "type": "move",
            "ply": ply,
            "move": mv.number(),
            "side": side,
            "events": events,
            "game": info(&slot.id, e),
        });
        slot.publish(&msg);
        Ok(msg)
    }

    /// Lets the computer move while it is its turn. Only one such task runs per game.
    pub async fn computer_turn(self: Arc<Hub>, slot: Arc<Slot>) {
        {
            let mut e = slot.entry.lock().await;
            if e.thinking || e.meta.computer.is_none() {
                return;
            }
            e.thinking = true;
        }
        loop {
            let (game, level, ply) = {
                let mut e = slot.entry.lock().await;
                if !e.computer_may_move() {
                    e.thinking = false;
                    return;
                }
                (
                    e.game.clone(),
                    e.meta.level.unwrap_or_default(),
                    e.game.moves().len(),
                )
            };
            let seed = stream_seed(now(), ply as u64);
            let chosen = tokio::task::spawn_blocking(move || computer::choose(&game, level, seed))
                .await
                .ok()
                .flatten();
            let mut e = slot.entry.lock().await;
            if e.game.moves().len() != ply {
                continue; // taken back meanwhile: look again
            }
            let mv = match chosen {
                Some(mv) => mv,
                None => match e.game.legal_moves().as_slice().first() {
                    Some(&mv) => mv,
                    None => {
                        e.thinking = false;
                        return;
                    }
                },
            };
            let side = e.game.position().to_move();
            if self.commit_move(&slot, &mut e, side, mv).await.is_err() {
                // The store failed; try again shortly rather than spin.
                drop(e);
                tokio::time::sleep(std::time::Duration::from_millis(500)).await;
            }
        }
    }

    /// Takes back moves: against the computer, back to before the player's last move; between
    /// two players on one device, one move.
    pub async fn undo(self: &Arc<Hub>, id: &str, req: TokenRequest) -> Result<Value, ApiError> {
        let slot = self.slot(id)?;
        let mut e = slot.entry.lock().await;
        if e.meta.kind == Kind::Online {
            return Err(
                ApiError::conflict("moves cannot be taken back in an online game").code("no_undo"),
            );
        }
        require_seat(&e.meta, req.token.as_deref())?;
        check_ply(&e.game, req.ply)?;
        if e.meta.resigned.is_some() {
            return Err(ApiError::conflict("the game was resigned").code("game_over"));
        }
        let mut game = e.game.clone();
        match e.meta.computer {
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
                    return Err(ApiError::conflict("there is no move to take back").code("no_undo"));
                }
            }
        }
        let from_ply = game.moves().len() as u32;
        self.store
            .write(Write::Truncate {
                id: id.to_string(),
                from_ply,
            })
            .await
            .map_err(ApiError::unavailable)?;
        e.game = game;
        e.round_opened = false;
        let msg = json!({"type": "undo", "ply": from_ply, "game": info(id, &e)});
        slot.publish(&msg);
        Ok(msg)
    }

    /// The computer's suggestion for the player to move, with its score.
    pub async fn hint(&self, id: &str, req: TokenRequest) -> Result<Value, ApiError> {
        let slot = self.slot(id)?;
        let game = {
            let e = slot.entry.lock().await;
            if e.meta.kind == Kind::Online {
                return Err(
                    ApiError::conflict("hints are not given in online games").code("no_hint")
                );
            }
            require_seat(&e.meta, req.token.as_deref())?;
            check_ply(&e.game, req.ply)?;
            if e.over() {
                return Err(ApiError::conflict("the game is over").code("game_over"));
            }
            e.game.clone()
        };
        let ply = game.moves().len();
        let hint = tokio::task::spawn_blocking(move || computer::hint(&game))
            .await
            .map_err(ApiError::internal)?;
        let mut hint =
            hint.ok_or_else(|| ApiError::conflict("there is no move to suggest").code("no_hint"))?;
        hint["ply"] = json!(ply);
        Ok(hint)
    }

    /// Takes the open seat of an online game with its invitation code.
    pub async fn join(&self, id: &str, req: JoinRequest) -> Result<Value, ApiError> {
        let slot = self.slot(id)?;
        let mut e = slot.entry.lock().await;
        if e.meta.kind != Kind::Online {
            return Err(ApiError::conflict("only online games take invitations").code("not_online"));
        }
        let Some(code) = e.meta.invite.clone() else {
            return Err(ApiError::conflict(
                "the invitation was already used: both seats are taken",
            )
            .code("invite_used"));
        };
        if code != req.invite {
            return Err(ApiError::forbidden("wrong invitation code").code("invite_wrong"));
        }
        let seat = !e.meta.creator.unwrap_or(Side::South);
        let mut meta = e.meta.clone();
        meta.invite = None;
        let meta_json = serde_json::to_string(&meta).map_err(ApiError::internal)?;
        self.store
            .write(Write::UpdateMeta {
                id: id.to_string(),
                meta: meta_json,
            })
            .await
            .map_err(ApiError::unavailable)?;
        e.meta = meta;
        let token = e.meta.tokens[seat].clone();
        let game = info(id, &e);
        slot.publish(&json!({"type": "joined", "seat": seat, "game": game}));
        Ok(json!({"id": id, "token": token, "seat": seat, "game": game}))
    }

    /// Resigns for the seat of the token (the side to move, where one token holds both).
    pub async fn resign(&self, id: &str, req: TokenRequest) -> Result<Value, ApiError> {
        let slot = self.slot(id)?;
        let mut e = slot.entry.lock().await;
        let held = require_seat(&e.meta, req.token.as_deref())?;
        check_ply(&e.game, req.ply)?;
        if e.over() {
            return Err(ApiError::conflict("the game is over").code("game_over"));
        }
        let to_move = e.game.position().to_move();
        let side = if held[to_move] { to_move } else { !to_move };
        let mut meta = e.meta.clone();
        meta.resigned = Some(side);
        self.update_meta(id, &mut e, meta).await?;
        let msg = json!({"type": "resigned", "side": side, "game": info(id, &e)});
        slot.publish(&msg);
        Ok(msg)
    }

    /// The player opens the round that the last move began (`between_rounds` in the game
    /// object): the computer, when it leads that round, makes its first move. Anywhere else it
    /// changes nothing, so a page may send it whenever its player leaves a round's summary.
    pub async fn next_round(
        self: &Arc<Hub>,
        id: &str,
        req: TokenRequest,
    ) -> Result<Value, ApiError> {
        let slot = self.slot(id)?;
        let mut e = slot.entry.lock().await;
        require_seat(&e.meta, req.token.as_deref())?;
        check_ply(&e.game, req.ply)?;
        e.round_opened = true;
        let computer_next = e.computer_may_move();
        let msg = json!({"type": "state", "game": info(id, &e)});
        drop(e);
        if computer_next {
            let hub = self.clone();
            tokio::spawn(async move { hub.computer_turn(slot).await });
        }
        Ok(msg)
    }

    /// Sets (or, with an empty name, takes away) the name of the token's player in an online
    /// game.
    pub async fn name(&self, id: &str, req: NameRequest) -> Result<Value, ApiError> {
        let slot = self.slot(id)?;
        let mut e = slot.entry.lock().await;
        if e.meta.kind != Kind::Online {
            return Err(
                ApiError::conflict("only players of online games name themselves")
                    .code("not_online"),
            );
        }
        let held = require_seat(&e.meta, req.token.as_deref())?;
        let name = req.read()?;
        let side = if held.south { Side::South } else { Side::North };
        let mut meta = e.meta.clone();
        meta.names[side] = name.clone().unwrap_or_else(|| side.to_string());
        meta.players[side] = name;
        self.update_meta(id, &mut e, meta).await?;
        let msg = json!({"type": "state", "game": info(id, &e)});
        slot.publish(&msg);
        Ok(msg)
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
        let slot = self.slot(id)?;
        let mut e = slot.entry.lock().await;
        let held = require_seat(&e.meta, req.token.as_deref())?;
        if !e.over() {
            return Err(
                ApiError::conflict("a rematch comes once the game is over").code("not_over")
            );
        }
        let start = e
            .meta
            .start_game()
            .ok_or_else(|| ApiError::internal("the game's rules no longer read"))?;
        let meta = e.meta.clone();
        if meta.kind != Kind::Online {
            let player = match meta.computer {
                Some(computer) => !computer,
                None => Side::South,
            };
            let side = if req.swap.unwrap_or(true) {
                !player
            } else {
                player
            };
            drop(e);
            let (new_id, tokens, _, new_slot) = self
                .open_game(meta.kind, start, meta.level, side, false, BySide::default())
                .await?;
            let game = info(&new_id, &*new_slot.entry.lock().await);
            let seat = if meta.kind == Kind::Local {
                "both"
            } else {
                side.name()
            };
            return Ok(json!({"id": new_id, "token": tokens[side], "seat": seat, "game": game}));
        }
        // Online: each seat's player takes the other seat in the rematch.
        let mine = if held.south { Side::South } else { Side::North };
        if meta.rematch.is_none() && meta.rematch_offer != Some(!mine) {
            // An offer (again, if this player already offered).
            let mut meta = meta;
            meta.rematch_offer = Some(mine);
            self.update_meta(id, &mut e, meta).await?;
            let msg = json!({"type": "state", "game": info(id, &e)});
            slot.publish(&msg);
            return Ok(json!({"offered": true, "game": info(id, &e)}));
        }
        let new_id = match &meta.rematch {
            Some(new_id) => new_id.clone(),
            None => {
                let players = BySide::from_fn(|s| meta.players[!s].clone());
                let creator = !meta.creator.unwrap_or(Side::South);
                let (new_id, _, _, _) = self
                    .open_game(Kind::Online, start, None, creator, false, players)
                    .await?;
                let mut meta = meta;
                meta.rematch = Some(new_id.clone());
                meta.rematch_offer = None;
                self.update_meta(id, &mut e, meta).await?;
                slot.publish(&json!({"type": "rematch", "id": new_id, "game": info(id, &e)}));
                new_id
            }
        };
        drop(e);
        let new_slot = self.slot(&new_id)?;
        let ne = new_slot.entry.lock().await;
        let seat = !mine;
        Ok(json!({
            "id": new_id,
            "token": ne.meta.tokens[seat],
            "seat": seat,
            "game": info(&new_id, &ne),
        }))
    }

    /// Stores new settings of a game, then takes them.
    async fn update_meta(&self, id: &str, e: &mut Entry, meta: Meta) -> Result<(), ApiError> {
        let meta_json = serde_json::to_string(&meta).map_err(ApiError::internal)?;
        self.store
            .write(Write::UpdateMeta {
                id: id.to_string(),
                meta: meta_json,
            })
            .await
            .map_err(ApiError::unavailable)?;
        e.meta = meta;
        Ok(())
    }

    /// The game record, as plain text or JSON.
    pub async fn record(&self, id: &str, json_format: bool) -> Result<String, ApiError> {
        let slot = self.slot(id)?;
        let e = slot.entry.lock().await;
        let tags = vec![
            ("Event".to_string(), "Raja Pasu game".to_string()),
            ("Site".to_string(), format!("game {id}")),
            ("Date".to_string(), utc_date_time(e.meta.created).0),
            ("South".to_string(), e.meta.names.south.clone()),
            ("North".to_string(), e.meta.names.north.clone()),
        ];
        let mut tags = tags;
        if let Some(side) = e.meta.resigned {
            tags.push(("Termination".to_string(), format!("{side} resigned")));
        }
        let rec = Record::from_game(&e.game, tags);
        Ok(if json_format {
            rec.to_json()
        } else {
            rec.to_text()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_texts_differ() {
        assert_ne!(random_text(16), random_text(16));
        assert_eq!(random_text(10).len(), 10);
    }
}
