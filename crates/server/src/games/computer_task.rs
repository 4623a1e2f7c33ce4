//! The computer's turn: a task per game, started by the move (or creation, or restart) that
//! made it the computer's move. Across instances sharing a store, the instance whose change
//! made it the computer's move is the one that moves for it; were two to try, the store's
//! version check keeps one move and the other instance reloads. One loop serves both games,
//! over [`ComputerTurn`].

use super::held::Held;
use super::hub::Hub;
use super::seats::require_held;
use super::slot::{Entry, Slot};
use crate::error::ApiError;
use crate::mandiri::MandiriEntry;
use crate::requests::TokenRequest;
use crate::search_pool::SearchPool;
use rajapasu_ai::Level;
use rajapasu_engine::mandiri;
use rajapasu_engine::rng::stream_seed;
use rajapasu_engine::{Game, Hole, Move};
use serde_json::Value;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

/// A boxed future that may move between threads.
pub type Boxed<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// What the computer's task needs of a game: whether a computer is to move, the search, and
/// how a move is committed.
pub trait ComputerTurn: Held {
    /// The game as the search takes it.
    type Game: Send + 'static;
    /// A move.
    type Move: Copy + Send + 'static;

    /// Whether the game has a computer at all.
    fn has_computer(&self) -> bool;
    /// Whether a task is choosing; set by the task.
    fn thinking_mut(&mut self) -> &mut bool;
    /// A computer is to move and may.
    fn computer_may_move(&self) -> bool;
    /// A player opened the round that the last move began: a computer leading it may move.
    fn open_round(&mut self);
    /// The game to search and the computer's level.
    fn to_search(&self) -> (Self::Game, Level);
    /// The move played when the search gives none: the first legal one.
    fn first_legal(&self) -> Option<Self::Move>;
    /// The search.
    fn search(
        pool: &SearchPool,
        game: Self::Game,
        level: Level,
        seed: u64,
    ) -> Boxed<'_, Option<Self::Move>>;
    /// Plays `mv` for the side to move, stores it and tells the sockets.
    fn commit<'a>(
        hub: &'a Hub,
        slot: &'a Slot<Self>,
        e: &'a mut Self,
        mv: Self::Move,
    ) -> Boxed<'a, Result<Value, ApiError>>;
}

impl ComputerTurn for Entry {
    type Game = Game;
    type Move = Move;

    fn has_computer(&self) -> bool {
        self.settings.seats.computer().is_some()
    }
    fn thinking_mut(&mut self) -> &mut bool {
        &mut self.thinking
    }
    fn computer_may_move(&self) -> bool {
        Entry::computer_may_move(self)
    }
    fn open_round(&mut self) {
        self.round_opened = true;
    }
    fn to_search(&self) -> (Game, Level) {
        (
            self.game.clone(),
            self.settings.seats.level().unwrap_or_default(),
        )
    }
    fn first_legal(&self) -> Option<Move> {
        self.game.legal_moves().as_slice().first().copied()
    }
    fn search(pool: &SearchPool, game: Game, level: Level, seed: u64) -> Boxed<'_, Option<Move>> {
        Box::pin(pool.computer_move(game, level, seed))
    }
    fn commit<'a>(
        hub: &'a Hub,
        slot: &'a Slot<Entry>,
        e: &'a mut Entry,
        mv: Move,
    ) -> Boxed<'a, Result<Value, ApiError>> {
        Box::pin(async move {
            let side = e.game.position().to_move();
            hub.commit_move(slot, e, side, mv).await
        })
    }
}

impl ComputerTurn for MandiriEntry {
    type Game = mandiri::Game;
    type Move = Hole;

    fn has_computer(&self) -> bool {
        self.settings.seats.level().is_some()
    }
    fn thinking_mut(&mut self) -> &mut bool {
        &mut self.thinking
    }
    fn computer_may_move(&self) -> bool {
        MandiriEntry::computer_may_move(self)
    }
    fn open_round(&mut self) {
        self.round_opened = true;
    }
    fn to_search(&self) -> (mandiri::Game, Level) {
        (
            self.game.clone(),
            self.settings.seats.level().unwrap_or_default(),
        )
    }
    fn first_legal(&self) -> Option<Hole> {
        self.game.legal_moves().first().copied()
    }
    fn search(
        pool: &SearchPool,
        game: mandiri::Game,
        level: Level,
        seed: u64,
    ) -> Boxed<'_, Option<Hole>> {
        Box::pin(pool.mandiri_move(game, level, seed))
    }
    fn commit<'a>(
        hub: &'a Hub,
        slot: &'a Slot<MandiriEntry>,
        e: &'a mut MandiriEntry,
        hole: Hole,
    ) -> Boxed<'a, Result<Value, ApiError>> {
        Box::pin(hub.mandiri_commit(slot, e, hole))
    }
}

impl Hub {
    /// A player opens the round that the last move began (`between_rounds` in the game
    /// object): a computer leading that round makes its first move. Anywhere else it changes
    /// nothing, so a page may send it whenever its player leaves a round's summary. Answers
    /// the state. The same for both games.
    pub async fn next_round<E: ComputerTurn>(
        self: &Arc<Hub>,
        id: &str,
        req: TokenRequest,
    ) -> Result<Value, ApiError> {
        let slot = self.load::<E>(id).await?;
        let mut e = slot.entry.lock().await;
        require_held(req.token.as_deref(), |t| e.seats_of(t))?;
        self.check_ply(&slot, &mut e, req.ply).await?;
        e.open_round();
        let computer_next = e.computer_may_move();
        let msg = e.state_update(&slot.id);
        drop(e);
        if computer_next {
            self.clone().spawn_computer(slot);
        }
        Ok(msg)
    }

    /// Starts the computer's task for `slot` (it returns at once unless the computer is to
    /// move and no task is choosing already).
    pub fn spawn_computer<E: ComputerTurn>(self: Arc<Hub>, slot: Arc<Slot<E>>) {
        tokio::spawn(async move { self.computer_turn(slot).await });
    }

    /// Lets the computer move while it is its turn. Only one such task runs per game.
    pub async fn computer_turn<E: ComputerTurn>(self: Arc<Hub>, slot: Arc<Slot<E>>) {
        {
            let mut e = slot.entry.lock().await;
            if e.thinking() || !e.has_computer() {
                return;
            }
            *e.thinking_mut() = true;
        }
        loop {
            let (game, level, ply) = {
                let mut e = slot.entry.lock().await;
                if !e.computer_may_move() {
                    *e.thinking_mut() = false;
                    return;
                }
                let (game, level) = e.to_search();
                (game, level, e.ply())
            };
            let seed = stream_seed(self.policy.now(), ply as u64);
            let chosen = E::search(&self.search, game, level, seed).await;
            let mut e = slot.entry.lock().await;
            if e.ply() != ply {
                continue; // taken back meanwhile: look again
            }
            let Some(mv) = chosen.or_else(|| e.first_legal()) else {
                *e.thinking_mut() = false;
                return;
            };
            match E::commit(&self, &slot, &mut e, mv).await {
                Ok(_) => {}
                // The stored game moved on: the reloaded copy is looked at again.
                Err(err) if err.status() == axum::http::StatusCode::CONFLICT => {}
                // The game is gone (expired).
                Err(err) if err.status() == axum::http::StatusCode::NOT_FOUND => {
                    *e.thinking_mut() = false;
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
