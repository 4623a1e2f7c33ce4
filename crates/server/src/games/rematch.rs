//! A rematch once a game is over, of either game (docs/API.md): against the computer and on
//! one device a new game at once; online, when every player has offered it (an offer, then
//! the others'), after which each player collects their seat in it. Every player is one lower
//! in the rematch ([`in_rematch`]): two players change sides, and Mandiri's office of Raja
//! comes round.

use super::actions::computer_seat;
use super::changes::again;
use super::entry::Entry;
use super::hub::{HeldGame, Hub};
use super::seating::{in_rematch, Kind, Player, Seating};
use super::served::RematchBody;
use super::slot::Slot;
use super::view::{json, Occasion, Offered, Told};
use crate::error::ApiError;
use serde_json::Value;
use std::sync::Arc;

/// What a rematch request does, decided on the game as it stands.
enum Step {
    /// A new game at once (against the computer, on one device).
    Open,
    /// An online offer, not the last: stored and told.
    Offer,
    /// The last of the offers: the rematch is made.
    Make,
    /// The rematch exists: the caller collects their seat.
    Collect(String),
}

impl Hub {
    /// A new game with the same rules and start once this one is over, for the token's player:
    /// answers the caller's seat and token in the new game, or `{"offered": true, ...}` for an
    /// online offer that is not the last.
    pub async fn rematch<G: HeldGame>(
        self: &Arc<Hub>,
        id: &str,
        req: G::RematchRequest,
    ) -> Result<Value, ApiError> {
        let slot = self.load::<G>(id).await?;
        let mut e = slot.entry.lock().await;
        self.see_token(&slot, &mut e, req.token()).await?;
        let mut attempts = 0;
        loop {
            let held = e.require(req.token())?;
            if !e.over() {
                return Err(
                    ApiError::conflict("a rematch comes once the game is over").code("not_over")
                );
            }
            let caller = held.first().unwrap_or(G::Player::ALL[0]);
            let s = &e.settings;
            let step = match s.rematch_id() {
                _ if s.kind() != Kind::Online => Step::Open,
                Some(new_id) => Step::Collect(new_id.to_string()),
                None if everyone_but(caller, |p| s.rematch_offered(p)) => Step::Make,
                None => Step::Offer,
            };
            match step {
                Step::Open => {
                    let swap = req.swap();
                    let mut settings = s.rematch(swap, self.policy.now())?;
                    let player = if swap { in_rematch(caller) } else { caller };
                    let token = settings.mint(player)?.ok_or_else(computer_seat)?;
                    drop(e);
                    let new = self.open(settings.start_game(), settings).await?;
                    let ne = new.entry.lock().await;
                    return Ok(G::seated(&new.id, &ne, player, Occasion::Rematch, &token));
                }
                Step::Collect(new_id) => {
                    drop(e);
                    return self.collect::<G>(caller, &new_id).await;
                }
                Step::Offer => {
                    let mut settings = s.clone();
                    settings.offer_rematch(caller);
                    match self.store_settings(&slot, &mut e, settings).await {
                        Err(err) if again(&err, None, &mut attempts) => continue,
                        stored => stored?,
                    }
                    slot.tell(&e, Told::State);
                    return Ok(json(Offered {
                        offered: true,
                        game: slot.info(&e),
                    }));
                }
                Step::Make => {
                    let new_id = match self.make_rematch(&slot, &mut e).await {
                        Err(err) if again(&err, None, &mut attempts) => continue,
                        made => made?,
                    };
                    drop(e);
                    return self.collect::<G>(caller, &new_id).await;
                }
            }
        }
    }

    /// Makes the online rematch of the game in `e`: a new game whose id the old one keeps,
    /// told to its sockets. Returns that id.
    async fn make_rematch<G: HeldGame>(
        self: &Arc<Hub>,
        slot: &Slot<G>,
        e: &mut Entry<G>,
    ) -> Result<String, ApiError> {
        let settings = e.settings.rematch(true, self.policy.now())?;
        let new = self.open(settings.start_game(), settings).await?;
        let mut made = e.settings.clone();
        made.rematch_made(new.id.clone());
        self.store_settings(slot, e, made).await?;
        slot.tell(e, Told::Rematch(new.id.clone()));
        Ok(new.id.clone())
    }

    /// The seat in the rematch `new_id` of the old game's `player`.
    async fn collect<G: HeldGame>(
        &self,
        player: G::Player,
        new_id: &str,
    ) -> Result<Value, ApiError> {
        let new = self.load::<G>(new_id).await?;
        let mut ne = new.entry.lock().await;
        let player = in_rematch(player);
        let token = self.mint_in(&new, &mut ne, player).await?;
        Ok(G::seated(new_id, &ne, player, Occasion::Rematch, &token))
    }
}

/// Whether every player but `caller` has `offered`.
fn everyone_but<P: Player>(caller: P, offered: impl Fn(P) -> bool) -> bool {
    P::ALL.iter().all(|&p| p == caller || offered(p))
}
