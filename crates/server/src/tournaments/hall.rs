//! The tournaments of one instance ([`Hall`]): every change of an event made on the version
//! read and stored only if no other request or instance changed it meanwhile (else read and
//! made again), the games it promised made once it is stored, and the event's sockets told;
//! a task that moves every unfinished event on (windows closing, games ended, the arena's
//! pairing) every [`TICK`], on every instance.

use super::event::{Event, MAX_OPEN_PER_CREATOR};
use super::{games, run};
use crate::error::ApiError;
use crate::games::Hub;
use crate::store::tournaments::StoredTournament;
use crate::store::Notice;
use std::sync::{Arc, Weak};
use std::time::Duration;
use tokio::sync::broadcast;

/// How often every instance moves the unfinished events on.
pub const TICK: Duration = Duration::from_secs(1);
/// The change that stands for every event's (notices may have been missed).
pub const EVERY: &str = "*";
/// How many times a change is made again after losing a race to another.
const ATTEMPTS: usize = 16;

/// The tournaments of this instance.
pub struct Hall {
    hub: Arc<Hub>,
    /// The ids of the events that changed, here or on another instance.
    changes: broadcast::Sender<String>,
}

impl Hall {
    /// The hall of the games in `hub`, its task started (it ends with the hub).
    pub fn start(hub: Arc<Hub>) -> Arc<Hall> {
        let notices = hub.store.notices();
        let hall = Arc::new(Hall {
            hub,
            changes: broadcast::channel(256).0,
        });
        tokio::spawn(task(Arc::downgrade(&hall), notices));
        hall
    }

    /// The games, and the store behind them.
    pub fn hub(&self) -> &Arc<Hub> {
        &self.hub
    }

    /// The ids of the events that change from now on ([`EVERY`]: any may have).
    pub fn changes(&self) -> broadcast::Receiver<String> {
        self.changes.subscribe()
    }

    /// The event `id` as stored; 404 `no_tournament`.
    pub async fn read(&self, id: &str) -> Result<(StoredTournament, Event), ApiError> {
        let missing =
            || ApiError::not_found(format!("no tournament with id `{id}`")).code("no_tournament");
        if id.is_empty() || id.len() > 64 || !id.bytes().all(|b| b.is_ascii_alphanumeric()) {
            return Err(missing());
        }
        let stored = self
            .hub
            .store
            .tournament(id)
            .await
            .map_err(ApiError::unavailable)?
            .ok_or_else(missing)?;
        let mut ev: Event = serde_json::from_str(&stored.doc).map_err(ApiError::internal)?;
        ev.version = stored.version;
        Ok((stored, ev))
    }

    /// Applies `edit` to the event `id` at `now` and moves it on ([`run::step`]); its games to
    /// make are prepared. Stored if anything changed, on the version read: when another
    /// change came first, all of it is done again on the new version. Then the games
    /// promised are made and the sockets told. What `edit` returned, and the event after.
    pub async fn update<T>(
        &self,
        id: &str,
        mut edit: impl FnMut(&mut Event, u64) -> Result<T, ApiError>,
    ) -> Result<(T, Event), ApiError> {
        for _ in 0..ATTEMPTS {
            let (stored, mut ev) = self.read(id).await?;
            let ended = games::ended(&self.hub, &ev).await;
            let now = self.hub.policy.now();
            let before = ev.clone();
            let out = edit(&mut ev, now)?;
            run::step(&mut ev, now, &ended);
            let mut made = Vec::new();
            let shape = ev.clone();
            for pairing in run::need_games(&shape) {
                let Some(board) = ev
                    .boards_mut()
                    .find(|b| b.pairing == pairing && b.game.is_none() && b.result.is_none())
                else {
                    continue;
                };
                let mut board_copy = board.clone();
                games::prepare(id, &shape, &mut board_copy, now)?;
                *board = board_copy.clone();
                made.push(board_copy);
            }
            if ev == before {
                return Ok((out, ev));
            }
            let doc = serde_json::to_string(&ev).map_err(ApiError::internal)?;
            let next = StoredTournament {
                doc,
                active: ev.state != super::event::State::Finished,
                wake: ev.wake(),
                ..stored
            };
            let won = self
                .hub
                .store
                .update_tournament(next)
                .await
                .map_err(ApiError::unavailable)?;
            if !won {
                continue;
            }
            ev.version += 1;
            for board in &made {
                if let Err(e) = games::make(&self.hub, board).await {
                    tracing::warn!(tournament = %id, "a game not made, made later: {e}");
                }
            }
            let _ = self.changes.send(id.to_string());
            return Ok((out, ev));
        }
        Err(
            ApiError::conflict("the tournament changed too often meanwhile: try again")
                .code("tournament_busy"),
        )
    }

    /// Stores a new event of `creator`, unless they have [`MAX_OPEN_PER_CREATOR`] events not
    /// finished (409 `too_many_tournaments`): the store counts and inserts at once, so that
    /// creations sent together cannot pass the cap.
    pub async fn add(&self, t: StoredTournament, creator: &str) -> Result<(), ApiError> {
        let cap = MAX_OPEN_PER_CREATOR as u32;
        let added = self
            .hub
            .store
            .add_tournament(t, creator, cap)
            .await
            .map_err(ApiError::unavailable)?;
        if added {
            Ok(())
        } else {
            Err(ApiError::conflict(format!(
                "you have {MAX_OPEN_PER_CREATOR} events not finished: finish one first"
            ))
            .code("too_many_tournaments"))
        }
    }

    /// Moves every unfinished event on.
    async fn tick(&self) {
        let ids = match self.hub.store.active_tournaments().await {
            Ok(ids) => ids,
            Err(e) => {
                tracing::warn!("the tournaments not looked at: {e}");
                return;
            }
        };
        for id in ids {
            if let Err(e) = self.update(&id, |_, _| Ok(())).await {
                tracing::warn!(tournament = %id, "not moved on: {}", e.code_word());
            }
        }
    }
}

/// The hall's task: moves the events on every [`TICK`], and passes other instances' notices
/// of changed events on to this instance's sockets.
async fn task(hall: Weak<Hall>, mut notices: Option<broadcast::Receiver<Notice>>) {
    let mut tick = tokio::time::interval(TICK);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        let notice = async {
            match notices.as_mut() {
                Some(rx) => Some(rx.recv().await),
                None => std::future::pending().await,
            }
        };
        tokio::select! {
            _ = tick.tick() => {
                let Some(hall) = hall.upgrade() else { return };
                if hall.hub.is_halted() {
                    return;
                }
                hall.tick().await;
            }
            n = notice => {
                let Some(hall) = hall.upgrade() else { return };
                match n {
                    Some(Ok(Notice::Tournament(id))) => {
                        let _ = hall.changes.send(id);
                    }
                    // Notices may have been missed: every event's sockets are sent it again.
                    Some(Ok(Notice::Missed) | Err(broadcast::error::RecvError::Lagged(_))) => {
                        let _ = hall.changes.send(EVERY.to_string());
                    }
                    Some(Err(broadcast::error::RecvError::Closed)) => notices = None,
                    _ => {}
                }
            }
        }
    }
}
