//! The registry of games held in memory: a game is loaded from the store when first asked for,
//! leaves memory when idle, and every change goes to the store before it is taken.

use super::held::{GameName, Held};
use super::policy::Policy;
use super::slot::{activity, Entry, Slot};
use crate::error::ApiError;
use crate::mandiri::MandiriEntry;
use crate::meta::Settings;
use crate::search_pool::SearchPool;
use crate::store::{Activity, Change, Store, StoreError, StoredGame};
use axum::http::StatusCode;
use rajapasu_engine::Game;
use std::collections::HashMap;
use std::sync::{Arc, RwLock, RwLockReadGuard, RwLockWriteGuard, Weak};
use std::time::Duration;

/// The games of one kind held in memory, by id.
pub struct Registry<E> {
    games: RwLock<HashMap<String, Arc<Slot<E>>>>,
}

impl<E: Held> Registry<E> {
    fn new() -> Registry<E> {
        Registry {
            games: RwLock::new(HashMap::new()),
        }
    }

    fn read(&self) -> RwLockReadGuard<'_, HashMap<String, Arc<Slot<E>>>> {
        self.games.read().unwrap_or_else(|e| e.into_inner())
    }

    fn write(&self) -> RwLockWriteGuard<'_, HashMap<String, Arc<Slot<E>>>> {
        self.games.write().unwrap_or_else(|e| e.into_inner())
    }

    /// The game `id` if held.
    pub(crate) fn get(&self, id: &str) -> Option<Arc<Slot<E>>> {
        self.read().get(id).cloned()
    }

    /// Holds `slot` unless another request loaded the same game meanwhile; returns the one held.
    fn insert(&self, slot: Slot<E>) -> Arc<Slot<E>> {
        self.write()
            .entry(slot.id.clone())
            .or_insert_with(|| Arc::new(slot))
            .clone()
    }

    pub(crate) fn ids(&self) -> Vec<String> {
        self.read().keys().cloned().collect()
    }

    fn len(&self) -> usize {
        self.read().len()
    }

    fn remove(&self, id: &str) {
        self.write().remove(id);
    }

    /// Lets go of the games unused since `cutoff` that no socket or task holds.
    fn evict(&self, cutoff: u64) -> usize {
        let mut games = self.write();
        let before = games.len();
        games.retain(|_, slot| {
            // The map's own reference is the only one: no request, socket or task has it.
            let unused = Arc::strong_count(slot) == 1 && slot.watchers() == 0;
            let thinking = slot.entry.try_lock().map(|e| e.thinking()).unwrap_or(true);
            !(unused && !thinking && slot.last_used() < cutoff)
        });
        before - games.len()
    }
}

/// Every game held, and the store behind them.
pub struct Hub {
    /// The Raja Pasu games held.
    pub(crate) pasu: Registry<Entry>,
    /// The Raja Pasu Mandiri games held.
    pub(crate) mandiri: Registry<MandiriEntry>,
    pub(crate) store: Arc<dyn Store>,
    pub(crate) policy: Policy,
    /// Other instances may change the stored games (the store sends notices).
    pub(crate) shared: bool,
    /// The search workers: the computer's moves and hints.
    pub(crate) search: SearchPool,
}

impl Hub {
    /// A hub on `store`, with its periodic tasks started (expiry, eviction, other instances'
    /// changes) and the computer resumed wherever it is to move. Needs a Tokio runtime.
    pub async fn start(
        store: Arc<dyn Store>,
        policy: Policy,
        search: SearchPool,
    ) -> Result<Arc<Hub>, StoreError> {
        let notices = store.notices();
        let hub = Arc::new(Hub {
            pasu: Registry::new(),
            mandiri: Registry::new(),
            shared: notices.is_some(),
            store,
            policy,
            search,
        });
        hub.expire().await?;
        tokio::spawn(evict_task(Arc::downgrade(&hub)));
        tokio::spawn(expiry_task(Arc::downgrade(&hub)));
        if let Some(notices) = notices {
            tokio::spawn(super::sync::follow(Arc::downgrade(&hub), notices));
        }
        hub.resume_computers().await?;
        Ok(hub)
    }

    /// Starts the computer wherever it is to move (after a restart).
    async fn resume_computers(self: &Arc<Hub>) -> Result<(), StoreError> {
        for id in self.store.computer_waiting().await? {
            if let Ok(slot) = self.slot(&id).await {
                self.clone().spawn_computer(slot);
            } else if let Ok(slot) = self.mandiri_slot(&id).await {
                self.clone().spawn_computer(slot);
            }
        }
        Ok(())
    }

    /// Whether the store answers: a read of an id no game has (ids are never empty).
    pub async fn store_answers(&self) -> Result<(), StoreError> {
        self.store.load("").await.map(|_| ())
    }

    /// How many games are held in memory.
    pub fn len(&self) -> usize {
        self.pasu.len() + self.mandiri.len()
    }

    /// True when no game is held in memory.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether the game `id` is held in memory now.
    pub fn holds(&self, id: &str) -> bool {
        self.pasu.get(id).is_some() || self.mandiri.get(id).is_some()
    }

    pub(crate) fn forget(&self, id: &str) {
        self.pasu.remove(id);
        self.mandiri.remove(id);
    }

    /// The Raja Pasu game `id`, loaded from the store if it is not held; 404 if there is none.
    pub async fn slot(&self, id: &str) -> Result<Arc<Slot>, ApiError> {
        self.load(id).await
    }

    /// The Raja Pasu Mandiri game `id`, as [`Hub::slot`].
    pub async fn mandiri_slot(&self, id: &str) -> Result<Arc<Slot<MandiriEntry>>, ApiError> {
        self.load(id).await
    }

    /// The game `id` of kind `E`, loaded from the store if it is not held; 404 if there is
    /// none, 404 `other_game` if it is a game of the other kind.
    pub(crate) async fn load<E: Held>(&self, id: &str) -> Result<Arc<Slot<E>>, ApiError> {
        let now = self.policy.now();
        let registry = E::registry(self);
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
        if game != E::GAME {
            return Err(ApiError::not_found(format!(
                "game `{id}` is a {} game: it is at {}/{id}",
                game.title(),
                game.api_path()
            ))
            .code("other_game"));
        }
        let entry = E::from_stored(&stored).map_err(|e| {
            eprintln!("warning: game {id}: {e}");
            ApiError::internal(format!("game `{id}` cannot be read back: {e}"))
        })?;
        Ok(registry.insert(Slot::new(id.to_string(), entry, now)))
    }

    /// Stores a new game; fails with 503 `too_many_games` at the cap.
    pub(crate) async fn store_new(
        &self,
        id: &str,
        game: &Game,
        settings: &Settings,
    ) -> Result<Slot, ApiError> {
        let now = self.policy.now();
        let meta = serde_json::to_string(settings).map_err(ApiError::internal)?;
        let moves = game.moves().iter().map(|m| m.number()).collect();
        let entry = Entry {
            game: game.clone(),
            settings: settings.clone(),
            version: 0,
            thinking: false,
            present: [0; 2],
            round_opened: false,
        };
        self.store_new_entry(id, meta, moves, activity(game, settings, now), entry)
            .await
    }

    /// Stores a new game of any kind: its settings' JSON, its moves and its activity; fails
    /// with 503 `too_many_games` at the cap. Returns its slot, to be held.
    pub(crate) async fn store_new_entry<E: Held>(
        &self,
        id: &str,
        meta: String,
        moves: Vec<u8>,
        act: Activity,
        entry: E,
    ) -> Result<Slot<E>, ApiError> {
        let stored = StoredGame {
            id: id.to_string(),
            meta,
            moves,
            version: 0,
        };
        match self.store.create(stored, act, self.policy.max_games).await {
            Ok(()) => {}
            Err(e @ StoreError::Full { .. }) => {
                return Err(
                    ApiError::new(StatusCode::SERVICE_UNAVAILABLE, e.to_string())
                        .code("too_many_games"),
                )
            }
            Err(e) => return Err(ApiError::unavailable(e)),
        }
        Ok(Slot::new(id.to_string(), entry, self.policy.now()))
    }

    /// Holds a game just stored.
    pub(crate) fn hold<E: Held>(&self, slot: Slot<E>) -> Arc<Slot<E>> {
        E::registry(self).insert(slot)
    }

    /// Stores `change`, made on the copy in `e`, which will be in the state of `game` and
    /// `settings` once it is taken. When the stored game had moved on (another instance changed
    /// it), the copy is reloaded, the sockets are told, and the answer is 409 `stale_ply`.
    pub(crate) async fn store_change(
        &self,
        slot: &Slot,
        e: &mut Entry,
        change: Change,
        game: &Game,
        settings: &Settings,
    ) -> Result<(), ApiError> {
        let act = activity(game, settings, self.policy.now());
        self.store_entry_change(slot, e, change, act).await
    }

    /// Stores `change`, made on the copy in `e` of a game of any kind, which will have the
    /// activity `act` once it is taken; as [`Hub::store_change`].
    pub(crate) async fn store_entry_change<E: Held>(
        &self,
        slot: &Slot<E>,
        e: &mut E,
        change: Change,
        act: Activity,
    ) -> Result<(), ApiError> {
        match self.store.change(&slot.id, e.version(), change, act).await {
            Ok(()) => {
                e.set_version(e.version() + 1);
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
    pub(crate) async fn reload<E: Held>(
        &self,
        slot: &Slot<E>,
        e: &mut E,
    ) -> Result<bool, StoreError> {
        let Some(stored) = self.store.load(&slot.id).await? else {
            self.forget(&slot.id);
            return Ok(false);
        };
        if stored.version == e.version() {
            return Ok(true);
        }
        let Ok(mut fresh) = E::from_stored(&stored) else {
            return Ok(true);
        };
        fresh.keep_memory_of(e);
        let old = std::mem::replace(e, fresh);
        slot.publish(&e.changes_since(&slot.id, &old));
        Ok(true)
    }

    /// Deletes the unfinished games idle for longer than the policy allows, and forgets those
    /// held. Returns how many.
    pub async fn expire(&self) -> Result<usize, StoreError> {
        let Some(after) = self.policy.expire_after else {
            return Ok(0);
        };
        let before = self.policy.now().saturating_sub(after.as_secs());
        let gone = self.store.expire(before).await?;
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
        self.pasu.evict(cutoff) + self.mandiri.evict(cutoff)
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
