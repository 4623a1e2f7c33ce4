//! A Mandiri rematch once the match is over (docs/API.md, "Raja Pasu Mandiri"): against the
//! computers and on one device a new game at once; online, when all three players have
//! offered. Every player's number in the rematch is one lower ([`rematch_player`]), so that
//! the office of Raja comes round.

use super::actions::mandiri_seated;
use super::settings::{rematch_player, MandiriSeats};
use super::view::{MandiriInfo, MandiriUpdate};
use crate::error::ApiError;
use crate::games::seats::require_held;
use crate::games::view::json;
use crate::games::Hub;
use crate::requests::TokenRequest;
use rajapasu_engine::mandiri::Player;
use serde::Serialize;
use serde_json::Value;
use std::sync::Arc;

/// The answer to an online offer that is not yet the third.
#[derive(Serialize, Debug)]
struct MandiriOffered {
    offered: bool,
    game: MandiriInfo,
}

/// What a rematch request does, decided on the game as it stands.
enum Step {
    /// A new game at once (against the computers, on one device).
    Open,
    /// An online offer, not the last: stored and told.
    Offer,
    /// The last of the three offers: the rematch is made.
    Make(Player),
    /// The rematch exists: the caller collects their seat.
    Collect(Player, String),
}

impl Hub {
    /// A rematch of a finished Mandiri game, for the token's player.
    pub async fn mandiri_rematch(
        self: &Arc<Hub>,
        id: &str,
        req: TokenRequest,
    ) -> Result<Value, ApiError> {
        let slot = self.mandiri_slot(id).await?;
        let mut e = slot.entry.lock().await;
        let step = self
            .change_settings(&slot, &mut e, None, |e| {
                let held = require_held(req.token.as_deref(), |t| e.settings.seats.held_by(t))?;
                if !e.over() {
                    return Err(ApiError::conflict("a rematch comes once the match is over")
                        .code("not_over"));
                }
                let mut settings = e.settings.clone();
                let player = Player::ALL
                    .into_iter()
                    .find(|p| held & 1 << p.index() != 0)
                    .unwrap_or(Player::ALL[0]);
                let step = match &mut settings.seats {
                    MandiriSeats::Online {
                        rematch: Some(new_id),
                        ..
                    } => Step::Collect(player, new_id.clone()),
                    MandiriSeats::Online { rematch_offers, .. } => {
                        rematch_offers[player.index()] = true;
                        if rematch_offers.iter().all(|&offered| offered) {
                            Step::Make(player)
                        } else {
                            Step::Offer
                        }
                    }
                    _ => Step::Open,
                };
                Ok((settings, step))
            })
            .await?;
        match step {
            Step::Open => {
                let (rules, seats) = (e.settings.rules, e.settings.seats.rematch()?);
                drop(e);
                let new = self.mandiri_open(rules, seats).await?;
                let ne = new.entry.lock().await;
                let token = ne.settings.seats.tokens().into_iter().flatten().next();
                Ok(mandiri_seated(
                    &new.id,
                    &ne,
                    token.unwrap_or_default().to_string(),
                ))
            }
            Step::Offer => {
                slot.publish(&MandiriUpdate::State {
                    game: MandiriInfo::of(id, &e),
                });
                Ok(json(MandiriOffered {
                    offered: true,
                    game: MandiriInfo::of(id, &e),
                }))
            }
            Step::Make(player) => {
                let new = self
                    .mandiri_open(e.settings.rules, e.settings.seats.rematch()?)
                    .await?;
                let new_id = new.id.clone();
                self.change_settings(&slot, &mut e, None, |e| {
                    let mut settings = e.settings.clone();
                    if let MandiriSeats::Online {
                        rematch_offers,
                        rematch,
                        ..
                    } = &mut settings.seats
                    {
                        *rematch_offers = [false; 3];
                        *rematch = Some(new_id.clone());
                    }
                    Ok((settings, ()))
                })
                .await?;
                slot.publish(&MandiriUpdate::Rematch {
                    id: new_id.clone(),
                    game: MandiriInfo::of(id, &e),
                });
                drop(e);
                self.collect(player, &new_id).await
            }
            Step::Collect(player, new_id) => {
                drop(e);
                self.collect(player, &new_id).await
            }
        }
    }

    /// The seat of the old game's `player` in the rematch `new_id`.
    async fn collect(&self, player: Player, new_id: &str) -> Result<Value, ApiError> {
        let new = self.mandiri_slot(new_id).await?;
        let ne = new.entry.lock().await;
        let token = ne.settings.seats.tokens()[rematch_player(player).index()];
        Ok(mandiri_seated(
            new_id,
            &ne,
            token.unwrap_or_default().to_string(),
        ))
    }
}
