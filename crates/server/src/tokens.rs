//! Secrets: game ids, seat tokens and invitation codes drawn from the system's random source,
//! and compared in constant time; seat tokens kept only as their hashes ([`seat_hash`]). Without a random source no secret is made (an error answer,
//! never a guessable value).

use crate::error::ApiError;

/// Letters of the secrets: no `l`, `o`, `0` or `1`, which are read one for another.
const ALPHABET: &[u8] = b"abcdefghijkmnpqrstuvwxyz23456789";

/// Length of a seat token, in letters (5 bits each: 120 bits).
pub const TOKEN_LEN: usize = 24;
/// Length of an invitation code.
pub const INVITE_LEN: usize = 16;
/// Length of a game id.
pub const ID_LEN: usize = 10;

/// The system's random source failed.
///
/// ```
/// use rajapasu_server::tokens::NoRandomness;
/// assert_eq!(NoRandomness.to_string(), "the system's random source is unavailable");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NoRandomness;

impl std::fmt::Display for NoRandomness {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the system's random source is unavailable")
    }
}

impl std::error::Error for NoRandomness {}

impl From<NoRandomness> for ApiError {
    fn from(e: NoRandomness) -> ApiError {
        // The details are for the log; the client is told to try again.
        tracing::error!("{e}");
        ApiError::busy("no secret can be made now: try again", 1).code("no_random")
    }
}

/// `len` letters drawn uniformly from the alphabet with the system's random source.
///
/// ```
/// use rajapasu_server::tokens::random_token;
/// let a = random_token(24).unwrap();
/// assert_eq!(a.len(), 24);
/// assert_ne!(a, random_token(24).unwrap());
/// ```
pub fn random_token(len: usize) -> Result<String, NoRandomness> {
    let mut buf = vec![0u8; len];
    getrandom::fill(&mut buf).map_err(|_| NoRandomness)?;
    // 256 is a multiple of the alphabet's 32 letters: every letter is as likely.
    Ok(buf
        .iter()
        .map(|b| ALPHABET[usize::from(*b) % ALPHABET.len()] as char)
        .collect())
}

/// A number drawn uniformly below `n` (1 to 255) with the system's random source: a seat
/// drawn, a permutation of players.
///
/// ```
/// use rajapasu_server::tokens::random_below;
/// assert!((0..50).all(|_| random_below(6).unwrap() < 6));
/// assert_eq!(random_below(1).unwrap(), 0);
/// ```
pub fn random_below(n: u8) -> Result<u8, NoRandomness> {
    let n = n.max(1);
    // Bytes at or above the largest multiple of `n` are drawn again: every number is as likely.
    let limit = 256 - 256 % u16::from(n);
    loop {
        let mut b = [0u8; 1];
        getrandom::fill(&mut b).map_err(|_| NoRandomness)?;
        if u16::from(b[0]) < limit {
            return Ok(b[0] % n);
        }
    }
}

/// Whether a secret given by a client is the one expected, in time that does not depend on
/// where they differ.
///
/// ```
/// use rajapasu_server::tokens::tokens_match;
/// assert!(tokens_match("abc", "abc"));
/// assert!(!tokens_match("abc", "abd"));
/// assert!(!tokens_match("abc", "abcd"));
/// ```
pub fn tokens_match(given: &str, expected: &str) -> bool {
    use subtle::ConstantTimeEq;
    // Lengths are public (every token has the same), contents are not.
    given.len() == expected.len() && bool::from(given.as_bytes().ct_eq(expected.as_bytes()))
}

/// What the store keeps of a seat token: SHA-256 of the token, in hexadecimal (as of a
/// session's, `crate::accounts::session`), so that a copy of the database acts for no seat.
/// A token of 120 random bits needs no salt nor slow hash: no guess reaches it.
///
/// ```
/// use rajapasu_server::tokens::{is_seat_hash, seat_hash};
/// let h = seat_hash("abc");
/// assert_eq!(h, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
/// assert!(is_seat_hash(&h) && !is_seat_hash("abc"));
/// ```
pub fn seat_hash(token: &str) -> String {
    use sha2::{Digest, Sha256};
    Sha256::digest(token.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Whether a stored value is a seat token's hash ([`seat_hash`]) rather than a token kept in
/// clear by an earlier version: 64 lowercase hexadecimal digits, which no token is (tokens
/// are [`TOKEN_LEN`] letters).
pub fn is_seat_hash(stored: &str) -> bool {
    stored.len() == 64
        && stored
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// A stored value as it is kept from now on: a hash stays, a token in clear is hashed.
///
/// ```
/// use rajapasu_server::tokens::{hashed, seat_hash};
/// assert_eq!(hashed("abc"), seat_hash("abc"));
/// assert_eq!(hashed(&seat_hash("abc")), seat_hash("abc"));
/// ```
pub fn hashed(stored: &str) -> String {
    if is_seat_hash(stored) {
        stored.to_string()
    } else {
        seat_hash(stored)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_use_the_whole_alphabet_and_differ() {
        let many: String = (0..50).map(|_| random_token(TOKEN_LEN).unwrap()).collect();
        for &c in ALPHABET {
            assert!(many.contains(c as char), "{}", c as char);
        }
        assert_ne!(random_token(INVITE_LEN), random_token(INVITE_LEN));
        assert_eq!(random_token(ID_LEN).unwrap().len(), ID_LEN);
    }
}
