//! One game held in memory, of either game, with its lock and its live-update channel.

use super::entry::Entry;
use super::seating::Held;
use super::served::ServedGame;
use super::view::{json, update, ShownGame, Told};
use serde::Serialize;
use serde_json::Value;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use tokio::sync::{broadcast, Mutex};

/// One game with its lock and its live-update channel.
pub struct Slot<G: ServedGame> {
    /// The game's id.
    pub id: String,
    /// The game, locked while a request reads or changes it.
    pub entry: Mutex<Entry<G>>,
    tx: broadcast::Sender<Arc<str>>,
    /// When the game was last asked for, by the hub's clock: idle games leave memory.
    pub(crate) used: AtomicU64,
}

impl<G: ServedGame> Slot<G> {
    /// A slot holding `entry`.
    pub fn new(id: String, entry: Entry<G>, now: u64) -> Slot<G> {
        let (tx, _) = broadcast::channel(64);
        Slot {
            id,
            entry: Mutex::new(entry),
            tx,
            used: AtomicU64::new(now),
        }
    }

    /// Live updates of this game, as JSON texts.
    pub fn subscribe(&self) -> broadcast::Receiver<Arc<str>> {
        self.tx.subscribe()
    }

    /// How many sockets watch this game.
    pub fn watchers(&self) -> usize {
        self.tx.receiver_count()
    }

    /// Sends `update` to the game's sockets; returns it as JSON, the answer of the request
    /// that caused it.
    pub fn publish(&self, update: &impl Serialize) -> Value {
        let value = json(update);
        if self.tx.receiver_count() > 0 {
            let _ = self.tx.send(Arc::from(value.to_string()));
        }
        value
    }

    pub(crate) fn touch(&self, now: u64) {
        self.used.store(now, Ordering::Relaxed);
    }

    pub(crate) fn last_used(&self) -> u64 {
        self.used.load(Ordering::Relaxed)
    }
}

impl<G: ShownGame> Slot<G> {
    /// The game's info.
    pub fn info(&self, e: &Entry<G>) -> G::Info {
        G::info(&self.id, e)
    }

    /// Sends the update telling that `told` happened to the game, now in `e`; returns it as
    /// JSON, the answer of the request that did it.
    pub fn tell(&self, e: &Entry<G>, told: Told<G>) -> Value {
        self.publish(&update(&self.id, e, told))
    }

    /// The current state message `{"type":"state","game":...}`.
    pub async fn state_message(&self) -> String {
        let e = self.entry.lock().await;
        json(update(&self.id, &e, Told::State)).to_string()
    }

    /// A socket showed `token`: the players it holds count as connected until
    /// [`Slot::leave`]. Returns those players.
    pub async fn arrive(&self, token: &str) -> Held {
        let mut e = self.entry.lock().await;
        let held = e.held_by(token);
        self.count_presence(&mut e, held, |n| n + 1);
        held
    }

    /// A round trip of `ms` was measured on a socket that showed a token for the players
    /// `held`.
    pub async fn note_round_trip(&self, held: Held, ms: u64) {
        let mut e = self.entry.lock().await;
        for k in held.indices() {
            if let Some(m) = e.round_trip_ms.get_mut(k) {
                *m = Some(ms);
            }
        }
    }

    /// A socket that showed a token for the players `held` closed.
    pub async fn leave(&self, held: Held) {
        let mut e = self.entry.lock().await;
        self.count_presence(&mut e, held, |n| n.saturating_sub(1));
    }

    fn count_presence(&self, e: &mut Entry<G>, held: Held, change: impl Fn(usize) -> usize) {
        if held.is_empty() {
            return;
        }
        for k in held.indices() {
            if let Some(n) = e.present.get_mut(k) {
                *n = change(*n);
            }
        }
        self.tell(e, Told::Presence);
    }
}
