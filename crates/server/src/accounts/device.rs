//! Known devices: a browser that logged in to an account (or registered it) gets a device
//! cookie, a random nonce signed with HMAC-SHA-256 under a key drawn from the account's
//! password hash. Its logins to that account skip the limits per name, so that strangers who
//! send wrong passwords to a name cannot lock its owner out of the devices they use. The store
//! keeps nothing: a new password (a new hash) voids every device cookie of the account, and a
//! copy of the cookie opens nothing without the password.

use crate::tokens::{random_token, NoRandomness};
use axum::http::{HeaderMap, HeaderValue};
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

/// The cookie's name.
pub const COOKIE: &str = "rajapasu_device";
/// Days a device is known after its last login.
pub const DEVICE_DAYS: u64 = 365;
/// The nonce's length in letters and digits.
const NONCE_LEN: usize = 24;
/// The signature's length in hexadecimal digits (128 bits).
const MAC_LEN: usize = 32;

/// HMAC-SHA-256 (RFC 2104) of `message` under `key`.
fn hmac(key: &[u8], message: &[u8]) -> [u8; 32] {
    let mut block = [0u8; 64];
    if key.len() > block.len() {
        block[..32].copy_from_slice(&Sha256::digest(key));
    } else {
        block[..key.len()].copy_from_slice(key);
    }
    let pad = |byte: u8| block.map(|b| b ^ byte);
    let inner = Sha256::new()
        .chain_update(pad(0x36))
        .chain_update(message)
        .finalize();
    Sha256::new()
        .chain_update(pad(0x5c))
        .chain_update(inner)
        .finalize()
        .into()
}

/// The signature of `nonce` for the account whose password hash is `password_hash`.
fn mac(password_hash: &str, nonce: &str) -> String {
    let key = Sha256::new()
        .chain_update(b"rajapasu known device\0")
        .chain_update(password_hash.as_bytes())
        .finalize();
    hmac(&key, nonce.as_bytes())
        .iter()
        .take(MAC_LEN / 2)
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// A new device cookie's value for the account whose password hash is `password_hash`.
///
/// ```
/// use rajapasu_server::accounts::device::{issue, signed_for};
/// let value = issue("$argon2id$v=19$…ann").unwrap();
/// assert!(signed_for(&value, "$argon2id$v=19$…ann"));
/// assert!(!signed_for(&value, "$argon2id$v=19$…ravi"));
/// assert!(!signed_for("forged.0123", "$argon2id$v=19$…ann"));
/// ```
pub fn issue(password_hash: &str) -> Result<String, NoRandomness> {
    let nonce = random_token(NONCE_LEN)?;
    let mac = mac(password_hash, &nonce);
    Ok(format!("{nonce}.{mac}"))
}

/// Whether `value` is a device cookie signed for the account whose password hash is
/// `password_hash` (compared in constant time).
pub fn signed_for(value: &str, password_hash: &str) -> bool {
    let Some((nonce, given)) = value.split_once('.') else {
        return false;
    };
    if nonce.len() != NONCE_LEN
        || !nonce.bytes().all(|b| b.is_ascii_alphanumeric())
        || given.len() != MAC_LEN
    {
        return false;
    }
    mac(password_hash, nonce)
        .as_bytes()
        .ct_eq(given.as_bytes())
        .into()
}

/// The device cookie a request carries, if any.
pub fn of(headers: &HeaderMap) -> Option<&str> {
    super::cookie::values(headers, COOKIE).next()
}

/// Whether the request comes from a device known to the account whose password hash is
/// `password_hash`.
pub fn known(headers: &HeaderMap, password_hash: &str) -> bool {
    of(headers).is_some_and(|v| signed_for(v, password_hash))
}

/// The `Set-Cookie` value that makes the browser a known device: sent only to the account's
/// routes, never to other sites' requests.
///
/// ```
/// use rajapasu_server::accounts::device::set_cookie;
/// let c = set_cookie("n.m", false);
/// assert_eq!(c.to_str().unwrap(),
///     "rajapasu_device=n.m; Path=/api/account; HttpOnly; SameSite=Strict; Max-Age=31536000");
/// ```
pub fn set_cookie(value: &str, secure: bool) -> HeaderValue {
    let secure = if secure { "; Secure" } else { "" };
    let age = DEVICE_DAYS * 86_400;
    HeaderValue::from_str(&format!(
        "{COOKIE}={value}; Path=/api/account; HttpOnly; SameSite=Strict; Max-Age={age}{secure}"
    ))
    .expect("a cookie of letters, digits and a dot is a valid header")
}

#[cfg(test)]
mod tests {
    use super::hmac;

    #[test]
    fn hmac_sha256_matches_rfc_4231() {
        // RFC 4231, test case 2.
        let mac = hmac(b"Jefe", b"what do ya want for nothing?");
        let hex: String = mac.iter().map(|b| format!("{b:02x}")).collect();
        assert_eq!(
            hex,
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
        );
    }
}
