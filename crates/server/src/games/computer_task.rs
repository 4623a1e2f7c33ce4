//! The computer's turn, in either game: a task per game, started by the move (or creation, or
//! restart, or opened round) that made it the computer's move. Across instances sharing a
//! store, the instance whose change made it the computer's move is the one that moves for it;
//! were two to try, the store's version check keeps one move and the other instance reloads.

use super::hub::{HeldGame, Hub};
use super::seating::Seating;
use super::slot::Slot;
use crate::search_pool::SearchPool;
use crate::store::StoreError;
use axum::http::StatusCode;
use rajapasu_engine::rng::stream_seed;
use rajapasu_engine::{mandiri, Game};
use std::sync::Arc;

impl Hub {
    /// Starts the computer wherever it is to move (after a restart).
    pub async fn resume_computers(self: &Arc<Hub>) -> Result<(), StoreError> {
        for id in self.store.computer_waiting().await? {
            if let Ok(slot) = self.load::<Game>(&id).await {
                self.clone().spawn_computer(slot);
            } else if let Ok(slot) = self.load::<mandiri::Game>(&id).await {
                self.clone().spawn_computer(slot);
            }
        }
        Ok(())
    }

    /// Starts the computer's task for `slot` (it returns at once unless the computer is to
    /// move and no task is choosing already). When a client's request set it off, its search
    /// counts against the client's quota of computer replies; over it, the computer's search
    /// runs after everyone else's ([`SearchPool::demoted`]).
    pub fn spawn_computer<G: HeldGame>(self: Arc<Hub>, slot: Arc<Slot<G>>) {
        let requester = crate::rate::Requester::current();
        tokio::spawn(async move {
            let pool = match requester {
                Some(r) if !r.count_reply() => self.search.demoted(),
                _ => self.search.clone(),
            };
            self.computer_turn(slot, &pool).await
        });
    }

    /// Lets the computer move while it is its turn, searching on `pool`. Only one such task
    /// runs per game.
    pub async fn computer_turn<G: HeldGame>(self: Arc<Hub>, slot: Arc<Slot<G>>, pool: &SearchPool) {
        {
            let mut e = slot.entry.lock().await;
            if e.thinking || e.settings.level().is_none() {
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
                let level = e.settings.level().unwrap_or_default();
                (e.game.clone(), level, e.ply())
            };
            let seed = stream_seed(self.policy.now(), ply as u64);
            let chosen = G::computer_move(pool, game, level, seed).await;
            let mut e = slot.entry.lock().await;
            if e.ply() != ply {
                continue; // taken back meanwhile: look again
            }
            let Some(mv) = chosen.or_else(|| e.game.legal_moves().first().copied()) else {
                e.thinking = false;
                return;
            };
            match self.commit(&slot, &mut e, mv, 0).await {
                Ok(_) => {}
                // The stored game moved on: the reloaded copy is looked at again.
                Err(err) if err.status() == StatusCode::CONFLICT => {}
                // The game is gone (expired).
                Err(err) if err.status() == StatusCode::NOT_FOUND => {
                    e.thinking = false;
                    return;
                }
                Err(_) => {
                    // The store failed; try again shortly rather than spin.
                    drop(e);
                    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
                }
            }
        }
    }
}
