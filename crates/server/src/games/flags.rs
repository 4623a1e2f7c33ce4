//! Time-outs: a game whose player to move has run out of time ends as if that player resigned,
//! with no time left on a stopped clock ([`Seating::timed_out`] tells the two apart). The
//! player who still has time wins; the counters are not recounted (docs/SERVER.md, "Game
//! clocks"). The flag is a change of the game's settings made on its stored version, so of two
//! instances that see the same fallen flag one stores it and the other finds the game over.

use super::entry::Entry;
use super::hub::{HeldGame, Hub};
use super::seating::Seating;
use super::slot::Slot;
use super::view::Told;
use crate::error::ApiError;

impl Hub {
    /// Ends the game in `e` on time if the flag of its player to move has fallen, and tells the
    /// sockets; the player who ran out of time, when it did.
    pub(crate) async fn flagged_now<G: HeldGame>(
        &self,
        slot: &Slot<G>,
        e: &mut Entry<G>,
    ) -> Result<Option<G::Player>, ApiError> {
        let now = self.policy.now_ms();
        if e.over() || e.settings.flagged(now).is_none() {
            return Ok(None);
        }
        let flagged = self
            .change_settings(slot, e, None, |e| {
                // Read again on the copy the change is made on: another instance may have
                // ended the game meanwhile.
                let player = e
                    .settings
                    .flagged(now)
                    .filter(|_| !e.over())
                    .ok_or_else(|| ApiError::conflict("no flag has fallen").code("not_flagged"))?;
                let mut settings = e.settings.clone();
                settings.resign(player);
                settings.stop_clock(now);
                Ok((settings, player))
            })
            .await;
        match flagged {
            Ok(player) => {
                slot.tell(e, Told::Resigned(player));
                Ok(Some(player))
            }
            Err(err) if err.code_word() == "not_flagged" => Ok(None),
            Err(err) => Err(err),
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
