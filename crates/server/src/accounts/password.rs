//! Passwords: checked for length, hashed with Argon2id (the `argon2` crate, with its
//! defaults: 19 MiB, 2 passes, 1 lane, as OWASP recommends) on blocking threads, a few at a
//! time, and never kept or logged in the clear.

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;
use std::sync::{Arc, OnceLock};
use tokio::sync::Semaphore;

/// Fewest characters in a password.
pub const MIN_CHARS: usize = 8;
/// Most bytes in a password: longer ones are refused before any work.
pub const MAX_BYTES: usize = 1024;
/// Passwords hashed or checked at once; more wait their turn (each takes 19 MiB).
pub const HASHING_AT_ONCE: usize = 4;

/// A password as a player typed it. Its `Debug` does not show it.
#[derive(Clone, serde::Deserialize)]
#[serde(transparent)]
pub struct Password(String);

impl std::fmt::Debug for Password {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Password(***)")
    }
}

/// Why a new password was refused.
///
/// ```
/// use rajapasu_server::accounts::password::PasswordError;
/// assert_eq!(PasswordError::TooShort.to_string(), "a password has at least 8 characters");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PasswordError {
    /// Fewer than [`MIN_CHARS`] characters.
    TooShort,
    /// More than [`MAX_BYTES`] bytes.
    TooLong,
}

impl std::fmt::Display for PasswordError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PasswordError::TooShort => write!(f, "a password has at least {MIN_CHARS} characters"),
            PasswordError::TooLong => write!(f, "a password has at most {MAX_BYTES} bytes"),
        }
    }
}

impl std::error::Error for PasswordError {}

/// The hashing could not be done (no random salt, or the hasher failed).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HashError(pub String);

impl std::fmt::Display for HashError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "password hashing failed: {}", self.0)
    }
}

impl std::error::Error for HashError {}

impl Password {
    /// A password, for tests and tools.
    pub fn new(text: impl Into<String>) -> Password {
        Password(text.into())
    }

    /// Whether it may be a new password.
    ///
    /// ```
    /// use rajapasu_server::accounts::password::{Password, PasswordError};
    /// assert_eq!(Password::new("short").check(), Err(PasswordError::TooShort));
    /// assert!(Password::new("long enough").check().is_ok());
    /// ```
    pub fn check(&self) -> Result<(), PasswordError> {
        if self.0.len() > MAX_BYTES {
            Err(PasswordError::TooLong)
        } else if self.0.chars().count() < MIN_CHARS {
            Err(PasswordError::TooShort)
        } else {
            Ok(())
        }
    }
}

/// The password hasher: Argon2id on blocking threads, [`HASHING_AT_ONCE`] at a time.
#[derive(Clone)]
pub struct Hasher {
    permits: Arc<Semaphore>,
}

impl Default for Hasher {
    fn default() -> Hasher {
        Hasher {
            permits: Arc::new(Semaphore::new(HASHING_AT_ONCE)),
        }
    }
}

/// The PHC string of `password` with a new random salt.
fn hash_now(password: &[u8]) -> Result<String, HashError> {
    let mut salt = [0u8; 16];
    getrandom::fill(&mut salt).map_err(|e| HashError(e.to_string()))?;
    let salt = SaltString::encode_b64(&salt).map_err(|e| HashError(e.to_string()))?;
    Argon2::default()
        .hash_password(password, &salt)
        .map(|h| h.to_string())
        .map_err(|e| HashError(e.to_string()))
}

/// Whether `password` has the hash `phc`; a hash that does not parse matches nothing.
fn verify_now(password: &[u8], phc: &str) -> bool {
    PasswordHash::new(phc).is_ok_and(|h| Argon2::default().verify_password(password, &h).is_ok())
}

/// A hash of a password nobody knows, checked against when a name has no account, so that an
/// unknown name takes as long to refuse as a wrong password.
fn decoy() -> &'static str {
    static DECOY: OnceLock<String> = OnceLock::new();
    DECOY.get_or_init(|| {
        let mut secret = [0u8; 32];
        let _ = getrandom::fill(&mut secret);
        hash_now(&secret).unwrap_or_default()
    })
}

impl Hasher {
    async fn blocking<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, HashError> {
        let _permit = self
            .permits
            .acquire()
            .await
            .map_err(|e| HashError(e.to_string()))?;
        tokio::task::spawn_blocking(work)
            .await
            .map_err(|e| HashError(e.to_string()))
    }

    /// The Argon2id hash of `password` (PHC string format, salt included).
    pub async fn hash(&self, password: &Password) -> Result<String, HashError> {
        let bytes = password.0.clone().into_bytes();
        self.blocking(move || hash_now(&bytes)).await?
    }

    /// Whether `password` matches the stored hash; with `None` (no such account) the same work
    /// is done against a decoy, and the answer is no.
    pub async fn verify(&self, password: &Password, phc: Option<&str>) -> Result<bool, HashError> {
        let bytes = password.0.clone().into_bytes();
        let known = phc.is_some();
        let phc = phc.map(str::to_string);
        self.blocking(move || {
            let against: &str = match &phc {
                Some(p) => p,
                None => decoy(),
            };
            verify_now(&bytes, against) && known
        })
        .await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_hash_is_argon2id_salted_and_checks_its_password_only() {
        let hasher = Hasher::default();
        let pw = Password::new("correct horse");
        let a = hasher.hash(&pw).await.unwrap();
        let b = hasher.hash(&pw).await.unwrap();
        assert!(a.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{a}");
        assert!(!a.contains("correct horse"));
        assert_ne!(a, b, "each hash has its own salt");
        assert!(hasher.verify(&pw, Some(&a)).await.unwrap());
        assert!(!hasher
            .verify(&Password::new("correct horsE"), Some(&a))
            .await
            .unwrap());
        assert!(!hasher.verify(&pw, None).await.unwrap());
        assert!(!hasher.verify(&pw, Some("not a hash")).await.unwrap());
        assert_eq!(format!("{pw:?}"), "Password(***)");
    }
}
