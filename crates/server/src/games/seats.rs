//! Seat tokens and invitation codes, and who holds which seat.

use crate::error::ApiError;
use crate::meta::{Online, Seats};
use crate::tokens::{random_token, tokens_match, NoRandomness, INVITE_LEN, TOKEN_LEN};
use rajapasu_ai::Level;
use rajapasu_engine::{BySide, Side};

/// The seats of a new game against the computer; `player` is the player's side.
pub fn computer(level: Level, player: Side) -> Result<Seats, NoRandomness> {
    Ok(Seats::Computer {
        level,
        side: !player,
        token: random_token(TOKEN_LEN)?,
    })
}

/// The seats of a new game on one device.
pub fn same_device() -> Result<Seats, NoRandomness> {
    Ok(Seats::SameDevice {
        token: random_token(TOKEN_LEN)?,
    })
}

/// The seats of a new online game created by `creator`, with an invitation for the other seat
/// when `invite` is true (else both are taken: a rematch).
pub fn online(
    creator: Side,
    invite: bool,
    players: BySide<Option<String>>,
) -> Result<Seats, NoRandomness> {
    Ok(Seats::Online(Online {
        creator,
        tokens: BySide {
            south: random_token(TOKEN_LEN)?,
            north: random_token(TOKEN_LEN)?,
        },
        invite: invite.then(|| random_token(INVITE_LEN)).transpose()?,
        players,
        rematch_offer: None,
        rematch: None,
    }))
}

/// Which seats a token holds.
pub fn holds(seats: &Seats, token: Option<&str>) -> BySide<bool> {
    let Some(t) = token else {
        return BySide::default();
    };
    seats
        .tokens()
        .map(|k| k.is_some_and(|k| tokens_match(t, k)))
}

/// The seats a token holds, or 403 when it holds none.
pub fn require(seats: &Seats, token: Option<&str>) -> Result<BySide<bool>, ApiError> {
    if token.is_none() {
        return Err(
            ApiError::forbidden("a seat token is required (field `token`)").code("token_missing"),
        );
    }
    let h = holds(seats, token);
    if !h.south && !h.north {
        return Err(
            ApiError::forbidden("wrong token: it holds no seat in this game").code("token_wrong"),
        );
    }
    Ok(h)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_computer_seat_has_no_token() {
        let seats = computer(Level::DEFAULT, Side::North).unwrap();
        let tokens = seats.tokens();
        assert!(tokens.south.is_none());
        assert!(holds(&seats, tokens.north).north);
        assert!(require(&seats, Some("nope")).is_err());
        assert!(require(&seats, None).is_err());
    }
}
