//! Per-address rate limits on creating games, on game actions, on searches (hints and
//! analyses) and on logins and registrations, with the `governor` crate's token buckets: a burst of the limit, refilled evenly.

use crate::error::ApiError;
use crate::limits::Limits;
use axum::http::Method;
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use std::net::IpAddr;
use std::num::NonZeroU32;

/// What a request counts against.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bucket {
    /// `POST /api/games`, and the lobby's seeks made and accepted (an accepted seek makes a
    /// game).
    Games,
    /// Moves, undo, resign, names, joins, rematches, traces.
    Moves,
    /// Hints and analyses.
    Searches,
    /// Registrations, logins and password changes.
    Logins,
}

impl Bucket {
    /// The bucket of a request, if it counts against one.
    ///
    /// ```
    /// use axum::http::Method;
    /// use rajapasu_server::rate::Bucket;
    /// assert_eq!(Bucket::of(&Method::POST, "/api/games"), Some(Bucket::Games));
    /// assert_eq!(Bucket::of(&Method::POST, "/api/games/abc/hint"), Some(Bucket::Searches));
    /// assert_eq!(Bucket::of(&Method::POST, "/api/games/abc/moves"), Some(Bucket::Moves));
    /// assert_eq!(Bucket::of(&Method::GET, "/api/games/abc"), None);
    /// assert_eq!(Bucket::of(&Method::POST, "/api/mandiri/games"), Some(Bucket::Games));
    /// assert_eq!(Bucket::of(&Method::POST, "/api/mandiri/games/abc/moves"), Some(Bucket::Moves));
    /// assert_eq!(Bucket::of(&Method::POST, "/api/account/login"), Some(Bucket::Logins));
    /// assert_eq!(Bucket::of(&Method::POST, "/api/lobby/seeks"), Some(Bucket::Games));
    /// assert_eq!(Bucket::of(&Method::POST, "/api/lobby/seeks/q1/accept"), Some(Bucket::Games));
    /// assert_eq!(Bucket::of(&Method::POST, "/api/lobby/seeks/q1/cancel"), Some(Bucket::Moves));
    /// ```
    pub fn of(method: &Method, path: &str) -> Option<Bucket> {
        if method != Method::POST {
            return None;
        }
        match path {
            "/api/games" | "/api/mandiri/games" | "/api/lobby/seeks" => Some(Bucket::Games),
            p if p.starts_with("/api/lobby/seeks/") && p.ends_with("/accept") => {
                Some(Bucket::Games)
            }
            "/api/analysis" => Some(Bucket::Searches),
            "/api/account/register" | "/api/account/login" | "/api/account/password" => {
                Some(Bucket::Logins)
            }
            p if p.starts_with("/api/games/") && p.ends_with("/hint") => Some(Bucket::Searches),
            p if p.starts_with("/api/") => Some(Bucket::Moves),
            _ => None,
        }
    }
}

/// The limiters of one server.
pub struct RateLimits {
    games: Option<DefaultKeyedRateLimiter<IpAddr>>,
    moves: Option<DefaultKeyedRateLimiter<IpAddr>>,
    searches: Option<DefaultKeyedRateLimiter<IpAddr>>,
    logins: Option<DefaultKeyedRateLimiter<IpAddr>>,
}

fn limiter(quota: Option<Quota>) -> Option<DefaultKeyedRateLimiter<IpAddr>> {
    quota.map(RateLimiter::keyed)
}

/// The key of an address: IPv6 addresses count by their /64 network, which one machine
/// usually holds whole. The lobby's caps per address count by it too.
pub(crate) fn key(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(_) => ip,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let s = v6.segments();
                IpAddr::V6(std::net::Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0))
            }
        },
    }
}

impl RateLimits {
    /// The limiters `limits` ask for (a limit of 0 is none).
    pub fn new(limits: &Limits) -> RateLimits {
        RateLimits {
            games: limiter(NonZeroU32::new(limits.games_per_minute).map(Quota::per_minute)),
            moves: limiter(NonZeroU32::new(limits.moves_per_second).map(Quota::per_second)),
            searches: limiter(NonZeroU32::new(limits.hints_per_minute).map(Quota::per_minute)),
            logins: limiter(NonZeroU32::new(limits.logins_per_minute).map(Quota::per_minute)),
        }
    }

    /// Counts a request of `ip` against `bucket`: 429 with the seconds to wait when over.
    pub fn check(&self, bucket: Bucket, ip: IpAddr) -> Result<(), ApiError> {
        let (limiter, what) = match bucket {
            Bucket::Games => (&self.games, "games created"),
            Bucket::Moves => (&self.moves, "game actions"),
            Bucket::Searches => (&self.searches, "hints and analyses"),
            Bucket::Logins => (&self.logins, "logins and registrations"),
        };
        let Some(limiter) = limiter else {
            return Ok(());
        };
        limiter.check_key(&key(ip)).map_err(|not_until| {
            let wait = not_until.wait_time_from(DefaultClock::default().now());
            ApiError::rate_limited(
                format!("too many {what} from this address: try again shortly"),
                wait.as_secs() + 1,
            )
        })
    }

    /// Forgets addresses whose buckets are full again, so that many addresses do not keep
    /// memory (called every minute).
    pub fn forget_quiet(&self) {
        for l in [&self.games, &self.moves, &self.searches, &self.logins]
            .into_iter()
            .flatten()
        {
            l.retain_recent();
            l.shrink_to_fit();
        }
    }
}
