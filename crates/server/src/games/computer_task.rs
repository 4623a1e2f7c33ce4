//! The computer's turn: a task per game, started by the move (or creation, or restart) that
//! made it the computer's move. Across instances sharing a store, the instance whose change
//! made it the computer's move is the one that moves for it; were two to try, the store's
//! version check keeps one move and the other instance reloads.

use super::hub::Hub;
use super::slot::Slot;
use rajapasu_engine::rng::stream_seed;
use std::sync::Arc;

impl Hub {
    /// Starts the computer's task for `slot` (it returns at once unless the computer is to
    /// move and no task is choosing already).
    pub fn spawn_computer(self: Arc<Hub>, slot: Arc<Slot>) {
        tokio::spawn(async move { self.computer_turn(slot).await });
    }

    /// Lets the computer move while it is its turn. Only one such task runs per game.
    pub async fn computer_turn(self: Arc<Hub>, slot: Arc<Slot>) {
        {
            let mut e = slot.entry.lock().await;
            if e.thinking || e.settings.seats.computer().is_none() {
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
                    e.settings.seats.level().unwrap_or_default(),
                    e.game.moves().len(),
                )
            };
            let seed = stream_seed(self.policy.now(), ply as u64);
            let chosen = self.search.computer_move(game, level, seed).await;
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
            match self.commit_move(&slot, &mut e, side, mv).await {
                Ok(_) => {}
                // The stored game moved on: the reloaded copy is looked at again.
                Err(err) if err.status() == axum::http::StatusCode::CONFLICT => {}
                // The game is gone (expired).
                Err(err) if err.status() == axum::http::StatusCode::NOT_FOUND => {
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
