//! Time-outs, and time not charged while the server was down.
//!
//! A game whose player to move has run out of time ends as if that player resigned, stored
//! as a loss on time ([`LostBy::Time`](super::seating::LostBy::Time); [`Seating::timed_out`]
//! tells the two apart, for games stored before, by the time left on the stopped clock). The
//! player who still has time wins; the counters are not recounted (docs/SERVER.md, "Game
//! clocks"). The flag is a change of the game's settings made on its stored version, so of two
//! instances that see the same fallen flag one stores it and the other finds the game over.

use super::changes::again;
use super::clock::At;
use super::entry::Entry;
use super::hub::{HeldGame, Hub};
use super::seating::Seating;
use super::served::GameName;
use super::slot::Slot;
use super::view::Told;
use crate::error::ApiError;
use crate::store::StoreError;
use rajapasu_engine::{mandiri, Game};
use std::sync::{Arc, Weak};
use std::time::Duration;

/// How often an instance notes in the store that it is alive.
pub const ALIVE_EVERY: Duration = Duration::from_secs(2);
/// Downtime shorter than this is charged (a restart takes a few seconds; a crash is noted
/// at most [`ALIVE_EVERY`] late), longer is given back, in milliseconds.
pub const DOWNTIME_GAP_MS: u64 = 10_000;

/// Games flagged in one look at the store; more wait for the next, at once.
const FLAGS_AT_ONCE: u32 = 64;
/// The least the flag task waits between two looks: a due game it could not flag (the store
/// failed) is not asked for in a busy loop.
const MIN_WAIT: Duration = Duration::from_millis(5);

impl Hub {
    /// Ends the game in `e` on time if the flag of its player to move has fallen, and tells the
    /// sockets; the player who ran out of time, when it did.
    pub(crate) async fn flagged_now<G: HeldGame>(
        &self,
        slot: &Slot<G>,
        e: &mut Entry<G>,
    ) -> Result<Option<G::Player>, ApiError> {
        let now = self.policy.now_ms();
        // Stored on the copy held, without reading the game first: when another instance
        // changed it meanwhile, the versioned write is refused, the copy read back, and the
        // flag looked at again on it (twice at most, as any change without a ply).
        let mut attempts = 0;
        loop {
            let Some(player) = e.settings.flagged(now).filter(|_| !e.over()) else {
                return Ok(None);
            };
            let mut settings = e.settings.clone();
            settings.run_out(player);
            settings.stop_clock(now);
            match self.store_settings_as(slot, e, settings, true).await {
                Err(err) if again(&err, None, &mut attempts) => continue,
                Err(err) => return Err(err),
                Ok(()) => {
                    slot.tell(e, Told::TimedOut(player));
                    return Ok(Some(player));
                }
            }
        }
    }

    /// [`Hub::flagged_now`], answering whether the game ended on time.
    pub(crate) async fn flag_if_due<G: HeldGame>(
        &self,
        slot: &Slot<G>,
        e: &mut Entry<G>,
    ) -> Result<bool, ApiError> {
        Ok(self.flagged_now(slot, e).await?.is_some())
    }
}

impl Hub {
    /// Ends the stored game `id` on time if its flag has fallen: loaded when not held.
    async fn flag_stored(&self, id: &str) -> Result<bool, ApiError> {
        async fn flag<G: HeldGame>(hub: &Hub, id: &str) -> Result<bool, ApiError> {
            let slot = hub.load::<G>(id).await?;
            let mut e = slot.entry.lock().await;
            // A copy held here may be behind another instance's change (its notice not yet
            // arrived): the flag's versioned write is then refused and the flag looked at
            // again on the game read back ([`Hub::flagged_now`]).
            hub.flag_if_due(&slot, &mut e).await
        }
        // A game held here says which game it is; only one that is not is read to learn it.
        if Game::registry(self).get(id).is_some() {
            return flag::<Game>(self, id).await;
        }
        if mandiri::Game::registry(self).get(id).is_some() {
            return flag::<mandiri::Game>(self, id).await;
        }
        let stored = self.store.load(id).await.map_err(ApiError::unavailable)?;
        match stored.map(|s| GameName::of_meta(&s.meta)) {
            Some(GameName::RajaPasu) => flag::<Game>(self, id).await,
            Some(GameName::Mandiri) => flag::<mandiri::Game>(self, id).await,
            None => Ok(false),
        }
    }

    /// Flags every stored game whose deadline has passed; how many it ended on time.
    pub async fn flag_due(self: &Arc<Self>) -> Result<usize, ApiError> {
        let now = self.policy.now_ms();
        let due = self
            .store
            .due(now.0, FLAGS_AT_ONCE)
            .await
            .map_err(ApiError::unavailable)?;
        // All at once: flags due together are not told one after another's commit.
        let mut flags = tokio::task::JoinSet::new();
        for id in due {
            let hub = self.clone();
            flags.spawn(async move {
                let flagged = hub.flag_stored(&id).await;
                (id, flagged)
            });
        }
        let mut flagged = 0;
        while let Some(done) = flags.join_next().await {
            match done {
                Ok((_, Ok(true))) => flagged += 1,
                Ok((_, Ok(false))) => {}
                Ok((id, Err(e))) => tracing::warn!(game = %id, "flag not stored, tried again: {e}"),
                Err(e) => tracing::warn!("a flag's task failed: {e}"),
            }
        }
        Ok(flagged)
    }
}

impl Hub {
    /// At the start, before any flag falls: when every instance sharing the store was down
    /// for longer than [`DOWNTIME_GAP_MS`], every running clock moves on by that time
    /// (`GameClock::resume`), stored as a change of each game. How many moved.
    pub async fn resume_clocks(&self) -> Result<usize, StoreError> {
        async fn resume<G: HeldGame>(
            hub: &Hub,
            id: &str,
            stopped: At,
            now: At,
        ) -> Result<(), ApiError> {
            let slot = hub.load::<G>(id).await?;
            let mut e = slot.entry.lock().await;
            hub.change_settings(&slot, &mut e, None, |e| {
                let mut settings = e.settings.clone();
                if let Some(clock) = settings.clock_mut() {
                    clock.resume(stopped, now);
                }
                Ok((settings, ()))
            })
            .await
        }
        let now = self.policy.now_ms();
        let Some(stopped) = self.store.downtime(now.0, DOWNTIME_GAP_MS).await? else {
            return Ok(0);
        };
        let running = self.store.due(i64::MAX as u64, u32::MAX).await?;
        let mut moved = 0;
        for id in running {
            let Some(stored) = self.store.load(&id).await? else {
                continue;
            };
            let resumed = match GameName::of_meta(&stored.meta) {
                GameName::RajaPasu => resume::<Game>(self, &id, At(stopped), now).await,
                GameName::Mandiri => resume::<mandiri::Game>(self, &id, At(stopped), now).await,
            };
            match resumed {
                Ok(()) => moved += 1,
                Err(e) => tracing::warn!(game = %id, "clock not moved on after the downtime: {e}"),
            }
        }
        tracing::info!(
            games = moved,
            down_ms = now.since(At(stopped)),
            "clocks moved on by the time the server was down"
        );
        Ok(moved)
    }
}

/// Starts the clocks of a hub just started, before it serves: when every instance was down,
/// the running clocks move on by that time ([`Hub::resume_clocks`]); then this instance notes
/// that it is alive, and flags games as their time runs out, until the hub halts.
pub async fn start_clocks(hub: &Arc<Hub>) -> Result<(), StoreError> {
    hub.resume_clocks().await?;
    tokio::spawn(alive_task(Arc::downgrade(hub)));
    tokio::spawn(flag_task(Arc::downgrade(hub)));
    Ok(())
}

/// Notes in the store, every [`ALIVE_EVERY`], that this instance is alive.
async fn alive_task(hub: Weak<Hub>) {
    loop {
        let Some(strong) = hub.upgrade() else { return };
        if strong.is_halted() {
            return;
        }
        if let Err(e) = strong.store.alive(strong.policy.now_ms().0).await {
            tracing::warn!("cannot note being alive: {e}");
        }
        drop(strong);
        tokio::time::sleep(ALIVE_EVERY).await;
    }
}

/// Flags games as their clocks run out, whether anybody is connected or not, on every
/// instance: it sleeps until the earliest stored deadline (at most the policy's `flag_poll`,
/// so that deadlines set by other instances are seen), or until this instance stores a
/// deadline (which may be earlier), then flags what is due. Of two
/// instances that flag one game, one stores it ([`Hub::flagged_now`]).
async fn flag_task(hub: Weak<Hub>) {
    loop {
        let Some(strong) = hub.upgrade() else { return };
        if strong.is_halted() {
            return;
        }
        if let Err(e) = strong.flag_due().await {
            tracing::warn!("flagging failed, tried again: {e}");
        }
        let poll = strong.policy.flag_poll.max(MIN_WAIT);
        let now = strong.policy.now_ms().0;
        let wait = match strong.store.next_deadline().await {
            Ok(Some(next)) => Duration::from_millis(next.saturating_sub(now)).min(poll),
            _ => poll,
        }
        .max(MIN_WAIT);
        let stored = strong.deadline_stored.clone();
        drop(strong);
        tokio::select! {
            _ = tokio::time::sleep(wait) => {}
            _ = stored.notified() => {}
        }
    }
}
