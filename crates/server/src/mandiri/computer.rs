//! The computers' turns in a Mandiri game: one task per game, started by the move (or
//! creation, or restart, or opened round) that made it a computer's move; it moves for every
//! computer in turn until a person is to move.

use super::entry::MandiriEntry;
use crate::games::{Hub, Slot};
use rajapasu_engine::rng::stream_seed;
use std::sync::Arc;

impl Hub {
    /// Starts the computers' task for `slot` (it returns at once unless a computer is to move
    /// and no task is choosing already).
    pub fn spawn_mandiri_computer(self: Arc<Hub>, slot: Arc<Slot<MandiriEntry>>) {
        tokio::spawn(async move { self.mandiri_computer_turn(slot).await });
    }

    /// Lets the computers move while it is their turn. Only one such task runs per game.
    pub async fn mandiri_computer_turn(self: Arc<Hub>, slot: Arc<Slot<MandiriEntry>>) {
        {
            let mut e = slot.entry.lock().await;
            if e.thinking || e.settings.seats.level().is_none() {
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
            let chosen = self.search.mandiri_move(game, level, seed).await;
            let mut e = slot.entry.lock().await;
            if e.game.moves().len() != ply {
                continue; // taken back meanwhile: look again
            }
            let Some(hole) = chosen.or_else(|| e.game.legal_moves().first().copied()) else {
                e.thinking = false;
                return;
            };
            match self.mandiri_commit(&slot, &mut e, hole).await {
                Ok(_) => {}
                Err(err) if err.status() == axum::http::StatusCode::CONFLICT => {}
                Err(err) if err.status() == axum::http::StatusCode::NOT_FOUND => {
                    e.thinking = false;
                    return;
                }
                Err(_) => {
                    drop(e);
                    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
                }
            }
        }
    }
}
