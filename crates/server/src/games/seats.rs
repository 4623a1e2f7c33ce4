//! Seat tokens and invitation codes, and who holds which seat.

use crate::error::ApiError;
use crate::meta::{Online, Seats};
use rajapasu_ai::Level;
use rajapasu_engine::rng::{stream_seed, Rng};
use rajapasu_engine::{BySide, Side};

/// A random text of `len` letters and digits (no look-alikes such as `l` and `1`).
///
/// ```
/// let t = rajapasu_server::games::seats::random_text(24);
/// assert_eq!(t.len(), 24);
/// ```
pub fn random_text(len: usize) -> String {
    const ALPHABET: &[u8] = b"abcdefghijkmnpqrstuvwxyz23456789";
    let mut buf = vec![0u8; len];
    if getrandom::fill(&mut buf).is_err() {
        // No system randomness: fall back to time and a counter, still unique.
        static COUNTER: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        let n = COUNTER.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let t = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos())
            .unwrap_or(0);
        let mut rng = Rng::new(stream_seed(t as u64, n));
        for b in buf.iter_mut() {
            *b = (rng.next_u64() >> 56) as u8;
        }
    }
    buf.iter()
        .map(|b| ALPHABET[(*b as usize) % ALPHABET.len()] as char)
        .collect()
}

/// Length of a seat token.
const TOKEN_LEN: usize = 24;
/// Length of an invitation code.
const INVITE_LEN: usize = 16;

/// The seats of a new game against the computer; `player` is the player's side.
pub fn computer(level: Level, player: Side) -> Seats {
    Seats::Computer {
        level,
        side: !player,
        token: random_text(TOKEN_LEN),
    }
}

/// The seats of a new game on one device.
pub fn same_device() -> Seats {
    Seats::SameDevice {
        token: random_text(TOKEN_LEN),
    }
}

/// The seats of a new online game created by `creator`, with an invitation for the other seat
/// when `invite` is true (else both are taken: a rematch).
pub fn online(creator: Side, invite: bool, players: BySide<Option<String>>) -> Seats {
    Seats::Online(Online {
        creator,
        tokens: BySide::from_fn(|_| random_text(TOKEN_LEN)),
        invite: invite.then(|| random_text(INVITE_LEN)),
        players,
        rematch_offer: None,
        rematch: None,
    })
}

/// Which seats a token holds.
pub fn holds(seats: &Seats, token: Option<&str>) -> BySide<bool> {
    let Some(t) = token else {
        return BySide::default();
    };
    seats.tokens().map(|k| k == Some(t))
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
    fn random_texts_differ() {
        assert_ne!(random_text(16), random_text(16));
        assert_eq!(random_text(10).len(), 10);
    }

    #[test]
    fn the_computer_seat_has_no_token() {
        let seats = computer(Level::DEFAULT, Side::North);
        let tokens = seats.tokens();
        assert!(tokens.south.is_none());
        assert!(holds(&seats, tokens.north).north);
        assert!(require(&seats, Some("nope")).is_err());
        assert!(require(&seats, None).is_err());
    }
}
