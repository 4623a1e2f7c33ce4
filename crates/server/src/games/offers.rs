//! Draw offers and takebacks in online games, for both games: a player offers, and once every
//! player has offered the draw is agreed (the game is over, every pair drawn) or the last move
//! is taken back. Offers lapse with the next move. Takebacks follow the policy chosen at the
//! game's creation ([`Takebacks`]: never, casual games only, always).

use super::changes::{again, game_over};
use super::hub::{HeldGame, Hub};
use super::seating::{Kind, Seating, Takebacks};
use super::view::Told;
use crate::error::ApiError;
use crate::requests::TokenRequest;
use serde_json::Value;

/// 409 `not_online`: draws and takebacks are asked of another player.
fn not_online() -> ApiError {
    ApiError::conflict("draw offers and takebacks are for online games").code("not_online")
}

impl Hub {
    /// The token's player offers a draw (or accepts the offer waiting): once every player has
    /// offered, the game is drawn and its clock stops.
    pub async fn offer_draw<G: HeldGame>(
        &self,
        id: &str,
        req: TokenRequest,
    ) -> Result<Value, ApiError> {
        let slot = self.load::<G>(id).await?;
        let mut e = slot.entry.lock().await;
        self.seated_player_acts(&slot, &mut e, req.token.as_deref())
            .await?;
        let now = self.policy.now_ms();
        self.change_settings(&slot, &mut e, req.ply, |e| {
            if e.settings.kind() != Kind::Online {
                return Err(not_online());
            }
            let held = e.require(req.token.as_deref())?;
            if e.over() {
                return Err(game_over());
            }
            let mut settings = e.settings.clone();
            if let Some(o) = settings.seats_mut().online_mut() {
                for i in held.indices() {
                    o.draw_offers[i] = true;
                }
                if o.draw_offers.iter().all(|&b| b) {
                    o.drawn = true;
                    o.draw_offers.fill(false);
                    o.takeback_offers.fill(false);
                }
            }
            if settings.drawn() {
                settings.stop_clock(now);
            }
            Ok((settings, ()))
        })
        .await?;
        Ok(slot.tell(&e, Told::State))
    }

    /// The token's player asks to take back the last move (or agrees to the request waiting):
    /// once every player has asked, the last move is taken back and the clock runs for the
    /// player to move again. 409 `no_takeback` where the game's policy forbids it.
    pub async fn take_back<G: HeldGame>(
        &self,
        id: &str,
        req: TokenRequest,
    ) -> Result<Value, ApiError> {
        let slot = self.load::<G>(id).await?;
        let mut e = slot.entry.lock().await;
        self.seated_player_acts(&slot, &mut e, req.token.as_deref())
            .await?;
        let mut attempts = 0;
        let taken = loop {
            self.check_ply(&slot, &mut e, req.ply).await?;
            let s = &e.settings;
            let Some((_, _, policy)) = s.offers() else {
                return Err(not_online());
            };
            if !policy.allows(s.rated()) {
                let why = match policy {
                    Takebacks::Never => "this game takes no takebacks",
                    _ => "takebacks are for casual games: this game is rated",
                };
                return Err(ApiError::conflict(why).code("no_takeback"));
            }
            let held = e.require(req.token.as_deref())?;
            if e.over() {
                return Err(game_over());
            }
            if e.ply() == 0 {
                return Err(ApiError::conflict("there is no move to take back").code("no_undo"));
            }
            let mut settings = s.clone();
            let mut everyone = false;
            if let Some(o) = settings.seats_mut().online_mut() {
                for i in held.indices() {
                    o.takeback_offers[i] = true;
                }
                everyone = o.takeback_offers.iter().all(|&b| b);
            }
            let stored = if everyone {
                let mut game = e.game.clone();
                game.undo();
                settings.clear_offers();
                let now = self.policy.now_ms();
                let to_move = game.player_to_move();
                if let Some(clock) = settings.clock_mut().filter(|c| c.running().is_some()) {
                    clock.stop(now);
                    clock.start(now, to_move);
                }
                self.commit_undo(&slot, &mut e, game, Some(settings)).await
            } else {
                self.store_settings(&slot, &mut e, settings).await
            };
            match stored {
                Err(err) if again(&err, req.ply, &mut attempts) => continue,
                stored => break stored.map(|()| everyone)?,
            }
        };
        let ply = e.ply();
        Ok(slot.tell(
            &e,
            if taken {
                Told::Undo { ply }
            } else {
                Told::State
            },
        ))
    }
}

/// The players of a game who offered, by index, as the game object lists them.
pub fn offered(offers: &[bool]) -> Vec<usize> {
    offers
        .iter()
        .enumerate()
        .filter(|(_, &b)| b)
        .map(|(i, _)| i)
        .collect()
}

/// The offers part of a game object: who offered a draw or a takeback, the policy, and whether
/// a draw was agreed.
pub fn offers_json<S: Seating>(settings: &S) -> Value {
    match settings.offers() {
        Some((draw, takeback, policy)) => serde_json::json!({
            "draw": offered(draw),
            "takeback": offered(takeback),
            "takebacks": policy,
            "drawn": settings.drawn(),
        }),
        None => Value::Null,
    }
}
