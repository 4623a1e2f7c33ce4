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
    let tokens = seats.tokens();
    let bits = tokens_held(&[tokens.south, tokens.north], t);
    BySide::from_fn(|side| bits & 1 << side.index() != 0)
}

/// The seats (a bit each, in the order of `tokens`) whose token is `token`: the one comparison
/// of tokens for games of any kind.
///
/// ```
/// use rajapasu_server::games::seats::tokens_held;
/// assert_eq!(tokens_held(&[Some("a"), None, Some("a")], "a"), 0b101);
/// assert_eq!(tokens_held(&[Some("a"), None], "b"), 0);
/// ```
pub fn tokens_held(tokens: &[Option<&str>], token: &str) -> u8 {
    tokens
        .iter()
        .enumerate()
        .filter(|(_, k)| k.is_some_and(|k| tokens_match(token, k)))
        .fold(0, |bits, (i, _)| bits | 1 << i)
}

/// 403 `token_missing` or `token_wrong` unless `held` (the seats a request's token holds, a
/// bit each) has a seat.
pub fn require_held(token: Option<&str>, held: impl FnOnce(&str) -> u8) -> Result<u8, ApiError> {
    let Some(token) = token else {
        return Err(
            ApiError::forbidden("a seat token is required (field `token`)").code("token_missing"),
        );
    };
    match held(token) {
        0 => Err(
            ApiError::forbidden("wrong token: it holds no seat in this game").code("token_wrong"),
        ),
        bits => Ok(bits),
    }
}

/// The seats a token holds, or 403 when it holds none.
pub fn require(seats: &Seats, token: Option<&str>) -> Result<BySide<bool>, ApiError> {
    require_held(token, |t| {
        let tokens = seats.tokens();
        tokens_held(&[tokens.south, tokens.north], t)
    })?;
    Ok(holds(seats, token))
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
