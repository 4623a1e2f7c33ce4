//! Every game held in memory, of both games, and the store behind them: a game is loaded from
//! the store when first asked for, leaves memory when idle, and every change goes to the store
//! before it is taken; other instances' changes to a shared store are followed.

use super::entry::Entry;
use super::policy::Policy;
use super::registry::Registry;
use super::served::GameName;
use super::slot::Slot;
use super::sync::what_changed;
use super::view::ShownGame;
use crate::error::ApiError;
use crate::ratings::standing::RatedEnd;
use crate::search_pool::SearchPool;
pub use crate::store::quotas::Owner;
use crate::store::quotas::{OwnerCap, OwnerCaps, ACTIVE_SECS};
use crate::store::{Activity, Change, Notice, Store, StoreError, StoredGame};
use axum::http::StatusCode;
use rajapasu_engine::{mandiri, Game};
use std::sync::{Arc, Weak};
use std::time::Duration;
use tokio::sync::broadcast::{self, error::RecvError};

/// A game the hub holds: each game has its registry.
pub trait HeldGame: ShownGame {
    /// The hub's games of this kind.
    fn registry(hub: &Hub) -> &Registry<Self>;
}

impl HeldGame for Game {
    fn registry(hub: &Hub) -> &Registry<Game> {
        &hub.raja_pasu
    }
}

impl HeldGame for mandiri::Game {
    fn registry(hub: &Hub) -> &Registry<mandiri::Game> {
        &hub.mandiri
    }
}

/// Every game held, and the store behind them.
pub struct Hub {
    /// The Raja Pasu games held.
    raja_pasu: Registry<Game>,
    /// The Raja Pasu Mandiri games held.
    mandiri: Registry<mandiri::Game>,
    pub(crate) store: Arc<dyn Store>,
    pub(crate) policy: Policy,
    /// Other instances may change the stored games (the store sends notices).
    pub(crate) shared: bool,
    /// The search workers: the computer's moves and hints.
    pub(crate) search: SearchPool,
    /// The server has stopped: the clock tasks (flags, notes of being alive) end, though
    /// something may still hold the hub.
    pub(crate) halted: std::sync::atomic::AtomicBool,
    /// A deadline was stored here: the flag task looks again at once, rather than at the end
    /// of a wait set by the deadlines it saw before (which could be later than this one).
    pub(crate) deadline_stored: Arc<tokio::sync::Notify>,
}

impl Hub {
    /// A hub on `store`, with its periodic tasks started (expiry, eviction, other instances'
    /// changes). Needs a Tokio runtime. The computer's turns are resumed by
    /// [`Hub::resume_computers`].
    pub async fn start(
        store: Arc<dyn Store>,
        policy: Policy,
        search: SearchPool,
    ) -> Result<Arc<Hub>, StoreError> {
        let notices = store.notices();
        let hub = Arc::new(Hub {
            raja_pasu: Registry::default(),
            mandiri: Registry::default(),
            shared: notices.is_some(),
            store,
            policy,
            search,
            halted: std::sync::atomic::AtomicBool::new(false),
            deadline_stored: Arc::new(tokio::sync::Notify::new()),
        });
        hub.expire().await?;
        tokio::spawn(evict_task(Arc::downgrade(&hub)));
        tokio::spawn(expiry_task(Arc::downgrade(&hub)));
        if let Some(notices) = notices {
            tokio::spawn(follow(Arc::downgrade(&hub), notices));
        }
        Ok(hub)
    }

    /// Ends the clock tasks: the server has stopped (its games go on in the store, for the
    /// next start or another instance to time).
    pub fn halt(&self) {
        self.halted.store(true, std::sync::atomic::Ordering::SeqCst);
    }

    pub(crate) fn is_halted(&self) -> bool {
        self.halted.load(std::sync::atomic::Ordering::SeqCst)
    }

    /// Whether the store answers: a read of an id no game has (ids are never empty).
    pub async fn store_answers(&self) -> Result<(), StoreError> {
        self.store.load("").await.map(|_| ())
    }

    /// The store, for the tests that reach past the API (a store job made to fail).
    #[doc(hidden)]
    pub fn store(&self) -> &Arc<dyn Store> {
        &self.store
    }

    /// How many games are held in memory.
    pub fn len(&self) -> usize {
        self.raja_pasu.len() + self.mandiri.len()
    }

    /// True when no game is held in memory.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether the game `id` is held in memory now.
    pub fn holds(&self, id: &str) -> bool {
        self.raja_pasu.get(id).is_some() || self.mandiri.get(id).is_some()
    }

    fn forget(&self, id: &str) {
        self.raja_pasu.remove(id);
        self.mandiri.remove(id);
    }

    /// The game `id` of kind `G`, loaded from the store if it is not held; 404 `no_game` if
    /// there is none, 404 `other_game` if it is a game of the other kind.
    pub async fn load<G: HeldGame>(&self, id: &str) -> Result<Arc<Slot<G>>, ApiError> {
        let now = self.policy.now();
        let registry = G::registry(self);
        if let Some(slot) = registry.get(id) {
            slot.touch(now);
            return Ok(slot);
        }
        let no_game = || ApiError::not_found(format!("no game with id `{id}`")).code("no_game");
        // Ids are made of letters and digits: anything else is not asked of the store.
        if id.is_empty() || id.len() > 64 || !id.bytes().all(|b| b.is_ascii_alphanumeric()) {
            return Err(no_game());
        }
        let stored = self
            .store
            .load(id)
            .await
            .map_err(ApiError::unavailable)?
            .ok_or_else(no_game)?;
        let game = GameName::of_meta(&stored.meta);
        if game != G::GAME {
            return Err(ApiError::not_found(format!(
                "game `{id}` is a {} game: it is at {}/{id}",
                game.title(),
                game.api_path()
            ))
            .code("other_game"));
        }
        let entry = Entry::from_stored(&stored).map_err(|e| {
            eprintln!("warning: game {id}: {e}");
            ApiError::internal(format!("game `{id}` cannot be read back: {e}"))
        })?;
        Ok(registry.insert(Slot::new(id.to_string(), entry, now)))
    }

    /// Stores the new game `id` held in `entry`; at the cap, the anonymous games left for a
    /// day are deleted to make room, and without any it fails with 503 `too_many_games`.
    /// Returns it held.
    pub(crate) async fn store_new<G: HeldGame>(
        &self,
        id: &str,
        entry: Entry<G>,
    ) -> Result<Arc<Slot<G>>, ApiError> {
        let now = self.policy.now();
        let activity = entry.activity(now);
        let stored = StoredGame {
            id: id.to_string(),
            meta: serde_json::to_string(&entry.settings).map_err(ApiError::internal)?,
            moves: entry.stored_moves(),
            version: 0,
        };
        let mut made_room = false;
        loop {
            match self
                .store
                .create(stored.clone(), activity, self.policy.max_games)
                .await
            {
                Ok(()) if activity.deadline.is_some() => self.deadline_stored.notify_one(),
                Ok(()) => {}
                Err(StoreError::Full { .. }) if !made_room => {
                    // At the cap, the anonymous games left for a day go first; once.
                    made_room = true;
                    if self.make_room(now).await > 0 {
                        continue;
                    }
                    return Err(full(self.policy.max_games));
                }
                Err(StoreError::Full { .. }) => return Err(full(self.policy.max_games)),
                Err(e) => return Err(ApiError::unavailable(e)),
            }
            break;
        }
        Ok(G::registry(self).insert(Slot::new(id.to_string(), entry, now)))
    }

    /// Deletes the anonymous games left for a day ([`ACTIVE_SECS`]), the longest idle first, a
    /// hundred at most, and forgets those held: room for new games at the cap. How many.
    async fn make_room(&self, now: u64) -> usize {
        let idle_before = now.saturating_sub(ACTIVE_SECS);
        match self.store.expire_anonymous(idle_before, ROOM_MADE).await {
            Ok(gone) => {
                for id in &gone {
                    self.forget(id);
                }
                if !gone.is_empty() {
                    tracing::info!("{} idle anonymous games deleted at the cap", gone.len());
                }
                gone.len()
            }
            Err(e) => {
                tracing::warn!("no room made at the cap: {e}");
                0
            }
        }
    }

    /// Takes a ticket for a new game of `owner` (`POST /api/games`), within `caps`: 429
    /// `too_many_games_here` when the owner holds as many unfinished games as they may. The
    /// game made is bound to it ([`GameTicket::bind`]); a creation that fails gives it back.
    pub async fn take_ticket(
        self: &Arc<Hub>,
        owner: Owner,
        caps: OwnerCaps,
    ) -> Result<GameTicket, ApiError> {
        let ticket = crate::tokens::random_token(crate::tokens::TOKEN_LEN)?;
        let taken = self
            .store
            .take_ticket(&ticket, &owner, caps, self.policy.now())
            .await
            .map_err(ApiError::unavailable)?;
        match taken {
            Ok(()) => Ok(GameTicket {
                hub: self.clone(),
                ticket,
            }),
            Err(cap) => {
                let (who, n) = match cap {
                    OwnerCap::Address => ("this address has", caps.per_address),
                    OwnerCap::Account => ("your account has", caps.per_account),
                };
                Err(ApiError::rate_limited(
                    format!(
                        "{who} {n} unfinished games played within a day: finish or resign one first"
                    ),
                    60,
                )
                .code("too_many_games_here"))
            }
        }
    }

    /// Stores `change`, made on the copy in `e`, which will have the activity `act` once it is
    /// taken; with `end`, the change ends a rated game, rated in the same transaction. When
    /// the stored game had moved on (another instance changed it), the copy is reloaded, the
    /// sockets are told, and the answer is 409 `stale_ply`.
    pub(crate) async fn store_change<G: HeldGame>(
        &self,
        slot: &Slot<G>,
        e: &mut Entry<G>,
        change: Change,
        act: Activity,
        end: Option<RatedEnd>,
    ) -> Result<(), ApiError> {
        let deadline = act.deadline.is_some();
        let stored = match end {
            Some(end) => {
                self.store
                    .change_rated(&slot.id, e.version, change, act, end)
                    .await
            }
            None => self.store.change(&slot.id, e.version, change, act).await,
        };
        match stored {
            Ok(()) => {
                e.version += 1;
                if deadline {
                    self.deadline_stored.notify_one();
                }
                Ok(())
            }
            Err(StoreError::Stale) => {
                let still_there = self.reload(slot, e).await.map_err(ApiError::unavailable)?;
                if !still_there {
                    return Err(
                        ApiError::not_found(format!("no game with id `{}`", slot.id))
                            .code("no_game"),
                    );
                }
                Err(ApiError::conflict(format!(
                    "the game has moved on meanwhile: it is now at ply {}",
                    e.ply()
                ))
                .code("stale_ply"))
            }
            Err(err) => Err(ApiError::unavailable(err)),
        }
    }

    /// Reads the game of `slot` again from the store into `e` and tells the sockets what
    /// changed. Returns false (and forgets the game) when it is no longer stored.
    pub(crate) async fn reload<G: HeldGame>(
        &self,
        slot: &Slot<G>,
        e: &mut Entry<G>,
    ) -> Result<bool, StoreError> {
        let Some(stored) = self.store.load(&slot.id).await? else {
            self.forget(&slot.id);
            return Ok(false);
        };
        if stored.version == e.version {
            return Ok(true);
        }
        let Ok(mut fresh) = Entry::from_stored(&stored) else {
            return Ok(true);
        };
        fresh.keep_memory_of(e);
        let old = std::mem::replace(e, fresh);
        slot.tell(e, what_changed(&old, e));
        Ok(true)
    }

    /// Deletes the unfinished games idle for longer than the policy allows, and forgets those
    /// held. Returns how many.
    pub async fn expire(&self) -> Result<usize, StoreError> {
        let Some(after) = self.policy.expire_after else {
            return Ok(0);
        };
        let now = self.policy.now();
        let before = now.saturating_sub(after.as_secs());
        let gone = self.store.expire(before).await?;
        self.store.forget_tickets(now).await?;
        for id in &gone {
            // A socket still open on it keeps its copy; requests answer 404 from now on.
            self.forget(id);
        }
        Ok(gone.len())
    }

    /// Lets go of the games that nobody used for the policy's time and that no socket or task
    /// holds. Returns how many.
    pub fn evict_idle(&self) -> usize {
        let cutoff = self
            .policy
            .now()
            .saturating_sub(self.policy.evict_after.as_secs());
        self.raja_pasu.evict(cutoff) + self.mandiri.evict(cutoff)
    }
}

/// Most idle anonymous games deleted at once when the cap is reached.
const ROOM_MADE: u32 = 100;

/// 503 `too_many_games`: the server holds its cap of unfinished games.
fn full(cap: Option<u64>) -> ApiError {
    let e = StoreError::Full {
        cap: cap.unwrap_or(0),
    };
    ApiError::new(StatusCode::SERVICE_UNAVAILABLE, e.to_string()).code("too_many_games")
}

/// A new game's place within its owner's cap ([`Hub::take_ticket`]).
pub struct GameTicket {
    hub: Arc<Hub>,
    ticket: String,
}

impl GameTicket {
    /// The game `game` was made: it counts against its owner while unfinished.
    pub async fn bind(self, game: &str) {
        if let Err(e) = self.hub.store.bind_ticket(&self.ticket, game).await {
            // Unbound, the ticket stops counting within a minute: the cap is lenient, not
            // broken.
            tracing::warn!(game, "a game's owner not noted: {e}");
        }
    }

    /// No game was made: the place is free again.
    pub async fn give_back(self) {
        if let Err(e) = self.hub.store.drop_ticket(&self.ticket).await {
            tracing::warn!("a game's ticket not given back (it lapses within a minute): {e}");
        }
    }
}

async fn evict_task(hub: Weak<Hub>) {
    loop {
        let every = match hub.upgrade() {
            Some(hub) => (hub.policy.evict_after / 2).max(Duration::from_secs(1)),
            None => return,
        };
        tokio::time::sleep(every).await;
        match hub.upgrade() {
            Some(hub) => {
                hub.evict_idle();
            }
            None => return,
        }
    }
}

async fn expiry_task(hub: Weak<Hub>) {
    loop {
        let every = match hub.upgrade() {
            Some(hub) => hub.policy.expiry_every.max(Duration::from_secs(1)),
            None => return,
        };
        tokio::time::sleep(every).await;
        let Some(hub) = hub.upgrade() else { return };
        if let Err(e) = hub.expire().await {
            eprintln!("warning: expiry failed, tried again later: {e}");
        }
    }
}

/// How many other instances' notices an instance follows at once (each a read of a game).
const FOLLOWED_AT_ONCE: usize = 4;

/// Follows the store's notices of changes made by other instances that share it (PostgreSQL)
/// until the hub is gone: each one's notice makes this instance reload the game, if it holds
/// it, and tell its sockets as it would of a change of its own. Each game's notice is followed
/// on a task of its own, so that one game's read waits for no other's (a flag's notice behind
/// a queue of moves' was told tens of milliseconds late); the game's lock and the version in
/// the notice keep one game's reloads in order.
async fn follow(hub: Weak<Hub>, mut notices: broadcast::Receiver<Notice>) {
    // A few at once: a burst of notices does not take every pooled connection from the
    // requests and the flags.
    let reading = Arc::new(tokio::sync::Semaphore::new(FOLLOWED_AT_ONCE));
    loop {
        let notice = notices.recv().await;
        let Some(hub) = hub.upgrade() else { return };
        match notice {
            Ok(Notice::Changed { id, version }) => {
                if hub.holds(&id) {
                    let reading = reading.clone();
                    tokio::spawn(async move {
                        let Ok(_permit) = reading.acquire().await else {
                            return;
                        };
                        refresh::<Game>(&hub, &id, Some(version)).await;
                        refresh::<mandiri::Game>(&hub, &id, Some(version)).await;
                    });
                }
            }
            Ok(Notice::Missed) | Err(RecvError::Lagged(_)) => {
                for id in hub.raja_pasu.ids() {
                    refresh::<Game>(&hub, &id, None).await;
                }
                for id in hub.mandiri.ids() {
                    refresh::<mandiri::Game>(&hub, &id, None).await;
                }
            }
            Ok(Notice::Lobby | Notice::Tournament(_)) => {}
            Err(RecvError::Closed) => return,
        }
    }
}

/// Reloads the game `id` if it is held and its copy is older than `version` (any copy,
/// without a version).
async fn refresh<G: HeldGame>(hub: &Hub, id: &str, version: Option<u64>) {
    if let Some(slot) = G::registry(hub).get(id) {
        let mut e = slot.entry.lock().await;
        // A notice of this instance's own change finds the copy at its version.
        if version.map_or(true, |v| e.version < v) {
            let _ = hub.reload(&slot, &mut e).await;
        }
    }
}
