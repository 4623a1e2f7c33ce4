//! How a change of a game is made, whichever game and whatever change: the request's ply
//! checked, the change stored, tried again when another instance changed the game first, then
//! taken and told to the game's sockets.

use super::entry::{activity, Entry};
use super::hub::{HeldGame, Hub};
use super::seating::Seating;
use super::served::ServedGame;
use super::slot::Slot;
use super::view::Told;
use crate::error::ApiError;
use crate::ratings::standing::RatedEnd;
use crate::store::Change;
use rajapasu_rating::Pool;
use serde_json::Value;

/// 409 `stale_ply` unless the request's `ply` (when it gives one) is the game's, `at`.
fn check_ply(at: usize, ply: Option<usize>) -> Result<(), ApiError> {
    match ply {
        Some(p) if p != at => Err(ApiError::conflict(format!(
            "the game has moved on: the request expects ply {p} but the game is at ply {at}"
        ))
        .code("stale_ply")),
        _ => Ok(()),
    }
}

/// The end of a rated game, when a change takes the game `id` from not over (`was_over`
/// false) to over, as `game` under `settings` at `at` (seconds since 1970): rated, timed, and
/// every seat held by an account, every player having moved. `None` for any other change.
pub(crate) fn rated_end<G: ServedGame>(
    id: &str,
    was_over: bool,
    game: &G,
    settings: &G::Settings,
    at: u64,
) -> Option<RatedEnd> {
    use super::seating::Player;
    let over = super::entry::over(game, settings);
    if was_over || !over || !settings.rated() {
        return None;
    }
    // Ended before every player moved: not rated (docs/RATINGS.md).
    if !crate::ratings::standing::every_seat_moved(game) {
        return None;
    }
    let speed = settings.clock()?.control().speed();
    let accounts = G::Player::ALL
        .iter()
        .map(|&p| settings.account(p).map(|a| a.id.clone()))
        .collect::<Option<Vec<_>>>()?;
    Some(RatedEnd {
        game: id.to_string(),
        pool: Pool {
            variant: game.rating_variant(),
            speed,
        },
        accounts,
        pairs: super::entry::end_results(game, settings),
        at,
    })
}

/// Whether a request refused because the stored game had moved on is tried again, on the copy
/// just read back: when it gave no `ply`, it asked for a change of the game as it is, as it
/// would have got on a server of its own. Twice at most.
pub(crate) fn again(err: &ApiError, ply: Option<usize>, attempts: &mut u32) -> bool {
    *attempts += 1;
    ply.is_none() && err.code_word() == "stale_ply" && *attempts <= 2
}

/// 409 `game_over`.
pub(crate) fn game_over() -> ApiError {
    ApiError::conflict("the game is over").code("game_over")
}

impl Hub {
    /// [`check_ply`], on a copy brought up to date first when the ply differs and other
    /// instances share the store: the request may come after a change made on another
    /// instance whose notice has not arrived yet.
    pub(crate) async fn check_ply<G: HeldGame>(
        &self,
        slot: &Slot<G>,
        e: &mut Entry<G>,
        ply: Option<usize>,
    ) -> Result<(), ApiError> {
        if check_ply(e.ply(), ply).is_err()
            && self.shared
            && !self.reload(slot, e).await.map_err(ApiError::unavailable)?
        {
            return Err(
                ApiError::not_found(format!("no game with id `{}`", slot.id)).code("no_game"),
            );
        }
        check_ply(e.ply(), ply)
    }

    /// Plays `mv` for the player to move on the game in `e`, stores it, then tells the
    /// sockets; answers the move's update. In a timed game the mover is charged the time since
    /// their time began to run, less `lag` milliseconds of network delay within their quota.
    pub(crate) async fn commit<G: HeldGame>(
        &self,
        slot: &Slot<G>,
        e: &mut Entry<G>,
        mv: G::Move,
        lag: u64,
    ) -> Result<Value, ApiError> {
        let mut after = e.game.clone();
        let (seat, player) = (after.to_move(), after.player_to_move());
        let mut events = Vec::new();
        after
            .play_traced(mv, &mut events)
            .map_err(|err| ApiError::unprocessable(err.to_string()).code("illegal_move"))?;
        let ply = after.moves().len();
        // A running clock charges the mover and runs for the next player; the game's end stops
        // it. The settings are stored with the move, in one change.
        let now = self.policy.now_ms();
        let mut clocked = None;
        if e.settings.clock().is_some_and(|c| c.running().is_some()) || e.settings.has_offers() {
            let mut settings = e.settings.clone();
            // The offers made before the move lapse with it.
            settings.clear_offers();
            let next = after.player_to_move();
            if let Some(clock) = settings.clock_mut().filter(|c| c.running().is_some()) {
                clock
                    .play(now, lag, next)
                    .map_err(|err| ApiError::conflict(err.to_string()).code("flagged"))?;
            }
            if after.is_over() {
                settings.stop_clock(now);
            }
            clocked = Some(settings);
        }
        let meta = clocked
            .as_ref()
            .map(serde_json::to_string)
            .transpose()
            .map_err(ApiError::internal)?;
        let change = Change::AddMove {
            ply: (ply - 1) as u32,
            mv: G::stored_move(mv),
            meta,
        };
        let settings_after = clocked.as_ref().unwrap_or(&e.settings);
        let act = activity(&after, settings_after, self.policy.now());
        let end = rated_end(
            &slot.id,
            e.over(),
            &after,
            settings_after,
            self.policy.now(),
        );
        self.store_change(slot, e, change, act, end).await?;
        e.game = after;
        if let Some(settings) = clocked {
            e.settings = settings;
        }
        e.round_opened = false;
        Ok(slot.tell(
            e,
            Told::Move {
                ply,
                mv,
                seat,
                player,
                events,
            },
        ))
    }

    /// Takes back moves: the game in `e` becomes `game`, the same game with fewer moves, and
    /// its settings `settings` when the takeback changed them. Stores it, then takes it.
    pub(crate) async fn commit_undo<G: HeldGame>(
        &self,
        slot: &Slot<G>,
        e: &mut Entry<G>,
        game: G,
        settings: Option<G::Settings>,
    ) -> Result<(), ApiError> {
        let change = Change::Truncate {
            from_ply: game.moves().len() as u32,
            meta: settings
                .as_ref()
                .map(serde_json::to_string)
                .transpose()
                .map_err(ApiError::internal)?,
        };
        let act = activity(
            &game,
            settings.as_ref().unwrap_or(&e.settings),
            self.policy.now(),
        );
        self.store_change(slot, e, change, act, None).await?;
        e.game = game;
        if let Some(settings) = settings {
            e.settings = settings;
        }
        e.round_opened = false;
        Ok(())
    }

    /// Stores new settings of the game in `e`, then takes them.
    pub(crate) async fn store_settings<G: HeldGame>(
        &self,
        slot: &Slot<G>,
        e: &mut Entry<G>,
        settings: G::Settings,
    ) -> Result<(), ApiError> {
        self.store_settings_as(slot, e, settings, false).await
    }

    /// [`Hub::store_settings`], the change a flag (`time_out`, see [`crate::store::Activity`])
    /// or not.
    pub(crate) async fn store_settings_as<G: HeldGame>(
        &self,
        slot: &Slot<G>,
        e: &mut Entry<G>,
        settings: G::Settings,
        time_out: bool,
    ) -> Result<(), ApiError> {
        let text = serde_json::to_string(&settings).map_err(ApiError::internal)?;
        let act = crate::store::Activity {
            time_out,
            ..activity(&e.game, &settings, self.policy.now())
        };
        let end = rated_end(&slot.id, e.over(), &e.game, &settings, self.policy.now());
        self.store_change(slot, e, Change::Meta(text), act, end)
            .await?;
        e.settings = settings;
        Ok(())
    }

    /// A change of a game's settings: `plan` says, on the copy in `e`, what the settings
    /// become and what to answer; they are stored, then taken. When `ply` is given the
    /// request's ply is checked first; a change refused because the stored game had moved on
    /// is planned again on the copy read back, unless it gave a `ply` (see [`again`]).
    pub(crate) async fn change_settings<G: HeldGame, T>(
        &self,
        slot: &Slot<G>,
        e: &mut Entry<G>,
        ply: Option<usize>,
        mut plan: impl FnMut(&Entry<G>) -> Result<(G::Settings, T), ApiError>,
    ) -> Result<T, ApiError> {
        let mut attempts = 0;
        loop {
            self.check_ply(slot, e, ply).await?;
            let (settings, answer) = plan(e)?;
            match self.store_settings(slot, e, settings).await {
                Err(err) if again(&err, ply, &mut attempts) => continue,
                stored => return stored.map(|()| answer),
            }
        }
    }
}
