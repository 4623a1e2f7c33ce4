//! The games of one kind held in memory, by id.

use super::served::ServedGame;
use super::slot::Slot;
use std::collections::HashMap;
use std::sync::{Arc, RwLock, RwLockReadGuard, RwLockWriteGuard};

/// The games of one kind held in memory, by id.
pub struct Registry<G: ServedGame> {
    games: RwLock<HashMap<String, Arc<Slot<G>>>>,
}

impl<G: ServedGame> Default for Registry<G> {
    fn default() -> Registry<G> {
        Registry {
            games: RwLock::new(HashMap::new()),
        }
    }
}

impl<G: ServedGame> Registry<G> {
    fn read(&self) -> RwLockReadGuard<'_, HashMap<String, Arc<Slot<G>>>> {
        self.games.read().unwrap_or_else(|e| e.into_inner())
    }

    fn write(&self) -> RwLockWriteGuard<'_, HashMap<String, Arc<Slot<G>>>> {
        self.games.write().unwrap_or_else(|e| e.into_inner())
    }

    /// The game `id` if held.
    pub(crate) fn get(&self, id: &str) -> Option<Arc<Slot<G>>> {
        self.read().get(id).cloned()
    }

    /// Holds `slot` unless another request loaded the same game meanwhile; returns the one held.
    pub(crate) fn insert(&self, slot: Slot<G>) -> Arc<Slot<G>> {
        self.write()
            .entry(slot.id.clone())
            .or_insert_with(|| Arc::new(slot))
            .clone()
    }

    /// The ids of the games held.
    pub(crate) fn ids(&self) -> Vec<String> {
        self.read().keys().cloned().collect()
    }

    /// How many games are held.
    pub(crate) fn len(&self) -> usize {
        self.read().len()
    }

    /// Lets go of the game `id`.
    pub(crate) fn remove(&self, id: &str) {
        self.write().remove(id);
    }

    /// Lets go of the games unused since `cutoff` that no socket or task holds; returns how
    /// many.
    pub(crate) fn evict(&self, cutoff: u64) -> usize {
        let mut games = self.write();
        let before = games.len();
        games.retain(|_, slot| {
            // The map's own reference is the only one: no request, socket or task has it.
            let unused = Arc::strong_count(slot) == 1 && slot.watchers() == 0;
            let thinking = slot.entry.try_lock().map(|e| e.thinking).unwrap_or(true);
            !(unused && !thinking && slot.last_used() < cutoff)
        });
        before - games.len()
    }
}
