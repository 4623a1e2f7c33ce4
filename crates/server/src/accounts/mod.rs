//! Accounts, optional: a player may register a name and a password, and play as before
//! without one. docs/API.md lists the routes; docs/SERVER.md the limits.
//!
//! | Module | What it holds |
//! |---|---|
//! | [`name`] | names in any script: NFKC, no control characters, no confusables |
//! | [`password`] | Argon2id hashes, made on blocking threads a few at a time |
//! | [`session`] | session tokens in `HttpOnly`, `SameSite=Lax` cookies; the store keeps their hashes |
//! | [`cross_site`] | requests that change anything are refused when another site sends them |
//! | [`routes`] | register, log in and out (everywhere), change the password, the account's games |
//!
//! No answer tells whether a name has an account, except registration's "name taken", which
//! is rate-limited with logins; a login with an unknown name does the same hashing work as
//! one with a wrong password.

pub mod cross_site;
pub mod name;
pub mod password;
pub mod routes;
pub mod session;

use crate::error::ApiError;
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use std::num::NonZeroU32;

/// What the account routes share: the password hasher and the limit of logins per name.
pub struct Accounts {
    /// The password hasher.
    pub hasher: password::Hasher,
    per_name: Option<DefaultKeyedRateLimiter<String>>,
}

impl Accounts {
    /// The accounts' state, with at most `per_name_hour` logins an hour to one name (0: no
    /// limit), a burst of as many.
    pub fn new(per_name_hour: u32) -> Accounts {
        Accounts {
            hasher: password::Hasher::default(),
            per_name: NonZeroU32::new(per_name_hour)
                .map(|n| RateLimiter::keyed(Quota::per_hour(n))),
        }
    }

    /// Counts a login attempt against the name's key, whether the name has an account or not
    /// (so the limit tells nothing either): 429 when over.
    pub fn count_login(&self, key: &str) -> Result<(), ApiError> {
        let Some(limiter) = &self.per_name else {
            return Ok(());
        };
        limiter.check_key(&key.to_string()).map_err(|not_until| {
            let wait = not_until.wait_time_from(DefaultClock::default().now());
            ApiError::rate_limited(
                "too many logins to this name: try again later",
                wait.as_secs() + 1,
            )
            .code("login_rate_limited")
        })
    }

    /// Forgets names whose buckets are full again (called with the address limits' cleanup).
    pub fn forget_quiet(&self) {
        if let Some(l) = &self.per_name {
            l.retain_recent();
            l.shrink_to_fit();
        }
    }
}
