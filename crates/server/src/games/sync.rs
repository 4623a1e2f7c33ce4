//! Changes made by other instances that share the store (PostgreSQL): each one's notice makes
//! this instance reload the game, if it holds it, and tell its sockets as it would of a change
//! of its own.

use super::held::Held;
use super::hub::{Hub, Registry};
use super::slot::Entry;
use super::view::{GameInfo, Update};
use crate::store::Notice;
use rajapasu_engine::Event;
use std::sync::Weak;
use tokio::sync::broadcast::{self, error::RecvError};

/// Follows the store's notices until the hub is gone.
pub async fn follow(hub: Weak<Hub>, mut notices: broadcast::Receiver<Notice>) {
    loop {
        let notice = notices.recv().await;
        let Some(hub) = hub.upgrade() else { return };
        match notice {
            Ok(Notice::Changed { id, version }) => {
                refresh(&hub, &hub.pasu, &id, Some(version)).await;
                refresh(&hub, &hub.mandiri, &id, Some(version)).await;
            }
            Ok(Notice::Missed) | Err(RecvError::Lagged(_)) => {
                for id in hub.pasu.ids() {
                    refresh(&hub, &hub.pasu, &id, None).await;
                }
                for id in hub.mandiri.ids() {
                    refresh(&hub, &hub.mandiri, &id, None).await;
                }
            }
            Err(RecvError::Closed) => return,
        }
    }
}

/// Reloads the game `id` if `registry` holds it and its copy is older than `version` (any
/// copy, without a version).
async fn refresh<E: Held>(hub: &Hub, registry: &Registry<E>, id: &str, version: Option<u64>) {
    if let Some(slot) = registry.get(id) {
        let mut e = slot.entry.lock().await;
        // A notice of this instance's own change finds the copy at its version.
        if version.map_or(true, |v| e.version() < v) {
            let _ = hub.reload(&slot, &mut e).await;
        }
    }
}

/// The update that tells sockets how `old` became `new`: a move (with its events, replayed
/// here so that the page animates it as it would a move made on this instance), an undo, a
/// seat taken, a resignation, a rematch, or else the whole state.
pub fn what_changed(id: &str, old: &Entry, new: &Entry) -> Update {
    let game = GameInfo::of(id, new);
    let (before, after) = (old.game.moves(), new.game.moves());
    if after.len() == before.len() + 1 && after.starts_with(before) {
        let mv = after[before.len()];
        let mut replay = old.game.clone();
        let side = replay.position().to_move();
        let mut events: Vec<Event> = Vec::new();
        if replay.play_traced(mv, &mut events).is_ok() {
            return Update::Move {
                ply: after.len(),
                mv: mv.number(),
                side,
                events,
                game,
            };
        }
    }
    if after.len() < before.len() && before.starts_with(after) {
        return Update::Undo {
            ply: after.len(),
            game,
        };
    }
    let (was, is) = (old.settings.seats.online(), new.settings.seats.online());
    if let (Some(was), Some(is)) = (was, is) {
        if was.rematch.is_none() {
            if let Some(id) = &is.rematch {
                return Update::Rematch {
                    id: id.clone(),
                    game,
                };
            }
        }
        if was.invite.is_some() && is.invite.is_none() {
            return Update::Joined {
                seat: !is.creator,
                game,
            };
        }
    }
    if old.settings.resigned.is_none() {
        if let Some(side) = new.settings.resigned {
            return Update::Resigned { side, game };
        }
    }
    Update::State { game }
}
