//! Accounts, optional: a player may register a name and a password, and play as before
//! without one. docs/API.md lists the routes; docs/SERVER.md the limits.
//!
//! | Module | What it holds |
//! |---|---|
//! | [`name`] | names in any script: NFKC, no control characters, no confusables |
//! | [`password`] | Argon2id hashes, made on blocking threads a few at a time |
//! | [`session`] | session tokens in `HttpOnly`, `SameSite=Lax` cookies; the store keeps their hashes |
//! | [`cross_site`] | requests that change anything are refused when another site sends them |
//! | [`cookie`] | the one reader of a request's cookies, by name |
//! | [`device`] | known devices: a signed cookie set at a login, whose logins skip the limits per name |
//! | [`routes`] | register, log in and out (everywhere), change the password, the account's games |
//!
//! No answer tells whether a name has an account, except registration's "name taken", which
//! is rate-limited with logins; a login with an unknown name does the same hashing work as
//! one with a wrong password.

pub mod cookie;
pub mod cross_site;
pub mod device;
pub mod name;
pub mod password;
pub mod routes;
pub mod session;

use crate::error::ApiError;
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use std::net::IpAddr;
use std::num::NonZeroU32;

/// What the account routes share: the password hasher and the limits of logins per name.
pub struct Accounts {
    /// The password hasher.
    pub hasher: password::Hasher,
    /// Logins to one name from one network.
    per_name_network: Option<DefaultKeyedRateLimiter<(String, IpAddr)>>,
    /// Logins to one name from every network together.
    per_name: Option<DefaultKeyedRateLimiter<String>>,
}

/// The network a login counts against with its name: an IPv4 address's /24, an IPv6
/// address's /64 (what one household or one machine usually holds).
///
/// ```
/// use rajapasu_server::accounts::network;
/// assert_eq!(network("198.51.100.7".parse().unwrap()).to_string(), "198.51.100.0");
/// assert_eq!(network("2001:db8:1:2:3:4:5:6".parse().unwrap()).to_string(), "2001:db8:1:2::");
/// ```
pub fn network(ip: IpAddr) -> IpAddr {
    match crate::rate::key(ip) {
        IpAddr::V4(v4) => {
            let [a, b, c, _] = v4.octets();
            IpAddr::V4(std::net::Ipv4Addr::new(a, b, c, 0))
        }
        v6 => v6,
    }
}

fn limiter<K: std::hash::Hash + Eq + Clone>(per_hour: u32) -> Option<DefaultKeyedRateLimiter<K>> {
    NonZeroU32::new(per_hour).map(|n| RateLimiter::keyed(Quota::per_hour(n)))
}

impl Accounts {
    /// The accounts' state, with at most `per_name_network_hour` logins an hour to one name
    /// from one network, and `per_name_hour` from all of them together (0: no limit), a burst
    /// of as many; known devices count against neither.
    pub fn new(per_name_network_hour: u32, per_name_hour: u32) -> Accounts {
        Accounts {
            hasher: password::Hasher::default(),
            per_name_network: limiter(per_name_network_hour),
            per_name: limiter(per_name_hour),
        }
    }

    /// Counts a login attempt to the name's key from `ip`, whether the name has an account or
    /// not (so the limits tell nothing either): 429 when over. A device the account knows
    /// ([`device`]) is not counted: strangers' wrong passwords cannot lock its owner out of it.
    pub fn count_login(&self, key: &str, ip: IpAddr, known_device: bool) -> Result<(), ApiError> {
        if known_device {
            return Ok(());
        }
        let over = |not_until: governor::NotUntil<_>| {
            let wait = not_until.wait_time_from(DefaultClock::default().now());
            ApiError::rate_limited(
                "too many logins to this name: try again later, or from a device that logged in to it before",
                wait.as_secs() + 1,
            )
            .code("login_rate_limited")
        };
        if let Some(l) = &self.per_name_network {
            l.check_key(&(key.to_string(), network(ip))).map_err(over)?;
        }
        if let Some(l) = &self.per_name {
            l.check_key(&key.to_string()).map_err(over)?;
        }
        Ok(())
    }

    /// Forgets names whose buckets are full again (called with the address limits' cleanup).
    pub fn forget_quiet(&self) {
        if let Some(l) = &self.per_name_network {
            l.retain_recent();
            l.shrink_to_fit();
        }
        if let Some(l) = &self.per_name {
            l.retain_recent();
            l.shrink_to_fit();
        }
    }
}
