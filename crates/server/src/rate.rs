//! Per-address rate limits on creating games, on game actions, on searches (hints of both
//! games, analyses, the mistakes finder) and on logins and registrations, with the `governor`
//! crate's token buckets: a burst of the limit, refilled evenly. Searches are also counted per
//! signed-in account, whatever address it comes from, and the mistakes finder, whose search
//! takes a worker for seconds, has a smaller quota of its own on top.

use crate::error::ApiError;
use crate::limits::Limits;
use axum::http::Method;
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::Arc;

/// What a request counts against.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bucket {
    /// `POST /api/games`, and the lobby's seeks made and accepted (an accepted seek makes a
    /// game).
    Games,
    /// Moves, undo, resign, names, joins, rematches, traces.
    Moves,
    /// Hints (of both games) and analyses.
    Searches,
    /// The mistakes finder: counted as a search, and against its own smaller quota.
    Mistakes,
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
    /// assert_eq!(Bucket::of(&Method::POST, "/api/mandiri/games/abc/hint"), Some(Bucket::Searches));
    /// assert_eq!(Bucket::of(&Method::POST, "/api/analysis"), Some(Bucket::Searches));
    /// assert_eq!(Bucket::of(&Method::POST, "/api/puzzles/mistakes"), Some(Bucket::Mistakes));
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
            "/api/puzzles/mistakes" => Some(Bucket::Mistakes),
            "/api/account/register" | "/api/account/login" | "/api/account/password" => {
                Some(Bucket::Logins)
            }
            p if (p.starts_with("/api/games/") || p.starts_with("/api/mandiri/games/"))
                && p.ends_with("/hint") =>
            {
                Some(Bucket::Searches)
            }
            p if p.starts_with("/api/") => Some(Bucket::Moves),
            _ => None,
        }
    }

    /// The bucket's requests run a search: they are counted per signed-in account too.
    ///
    /// ```
    /// use rajapasu_server::rate::Bucket;
    /// assert!(Bucket::Mistakes.searches() && Bucket::Searches.searches());
    /// assert!(!Bucket::Moves.searches());
    /// ```
    pub fn searches(self) -> bool {
        matches!(self, Bucket::Searches | Bucket::Mistakes)
    }
}

/// The limiters of one server.
pub struct RateLimits {
    games: Option<DefaultKeyedRateLimiter<IpAddr>>,
    moves: Option<DefaultKeyedRateLimiter<IpAddr>>,
    searches: Option<DefaultKeyedRateLimiter<IpAddr>>,
    mistakes: Option<DefaultKeyedRateLimiter<IpAddr>>,
    /// The computer's replies set off by an address's moves.
    replies: Option<DefaultKeyedRateLimiter<IpAddr>>,
    logins: Option<DefaultKeyedRateLimiter<IpAddr>>,
    /// Searches by account id.
    account_searches: Option<DefaultKeyedRateLimiter<String>>,
}

fn limiter<K: std::hash::Hash + Eq + Clone>(
    quota: Option<Quota>,
) -> Option<DefaultKeyedRateLimiter<K>> {
    quota.map(RateLimiter::keyed)
}

/// Counts one request of `key` against `limiter` (none: no limit): 429 with the seconds to
/// wait when over, saying `what` is counted and by whom.
fn count<K: std::hash::Hash + Eq + Clone>(
    limiter: &Option<DefaultKeyedRateLimiter<K>>,
    key: &K,
    what: &str,
) -> Result<(), ApiError> {
    let Some(limiter) = limiter else {
        return Ok(());
    };
    limiter.check_key(key).map_err(|not_until| {
        let wait = not_until.wait_time_from(DefaultClock::default().now());
        ApiError::rate_limited(
            format!("too many {what}: try again shortly"),
            wait.as_secs() + 1,
        )
    })
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
            mistakes: limiter(NonZeroU32::new(limits.mistakes_per_minute).map(Quota::per_minute)),
            replies: limiter(
                NonZeroU32::new(limits.computer_replies_per_minute).map(Quota::per_minute),
            ),
            logins: limiter(NonZeroU32::new(limits.logins_per_minute).map(Quota::per_minute)),
            account_searches: limiter(
                NonZeroU32::new(limits.account_searches_per_minute).map(Quota::per_minute),
            ),
        }
    }

    /// Counts a search of the signed-in account `account` (its id): 429 when over.
    pub fn check_account(&self, account: &str) -> Result<(), ApiError> {
        count(
            &self.account_searches,
            &account.to_string(),
            "searches (hints, analyses, mistakes) from this account",
        )
    }

    /// Counts a request of `ip` against `bucket`: 429 with the seconds to wait when over.
    /// A mistakes request counts against the mistakes quota first, then as a search.
    pub fn check(&self, bucket: Bucket, ip: IpAddr) -> Result<(), ApiError> {
        let ip = key(ip);
        let searches = "searches (hints, analyses, mistakes) from this address";
        match bucket {
            Bucket::Games => count(&self.games, &ip, "games created from this address"),
            Bucket::Moves => count(&self.moves, &ip, "game actions from this address"),
            Bucket::Searches => count(&self.searches, &ip, searches),
            Bucket::Mistakes => {
                count(&self.mistakes, &ip, "mistakes searches from this address")?;
                count(&self.searches, &ip, searches)
            }
            Bucket::Logins => count(
                &self.logins,
                &ip,
                "logins and registrations from this address",
            ),
        }
    }

    /// Forgets addresses whose buckets are full again, so that many addresses do not keep
    /// memory (called every minute).
    pub fn forget_quiet(&self) {
        for l in [
            &self.games,
            &self.moves,
            &self.searches,
            &self.mistakes,
            &self.replies,
            &self.logins,
        ]
        .into_iter()
        .flatten()
        {
            l.retain_recent();
            l.shrink_to_fit();
        }
        if let Some(l) = &self.account_searches {
            l.retain_recent();
            l.shrink_to_fit();
        }
    }
}

tokio::task_local! {
    /// The client whose request is being answered, set around every handler.
    static REQUESTER: Requester;
}

/// The client whose request is being answered, for the searches it sets off without asking
/// for them: a move against the computer makes the computer search. Such a search is
/// counted against the address's quota of computer replies (`--computer-replies-per-minute`,
/// apart from the hints' and analyses' quota, so that playing never uses up a player's hints);
/// over it, the computer still replies, but after everyone else's searches
/// ([`crate::search_pool::SearchPool::demoted`]).
#[derive(Clone)]
pub struct Requester {
    ip: IpAddr,
    rate: Arc<RateLimits>,
}

impl Requester {
    /// The client at `ip`, counted against `rate`.
    pub fn new(ip: IpAddr, rate: Arc<RateLimits>) -> Requester {
        Requester { ip, rate }
    }

    /// Runs `f` (a request's handler) as this client's.
    pub async fn scope<F: std::future::Future>(self, f: F) -> F::Output {
        REQUESTER.scope(self, f).await
    }

    /// The client of the request being answered by this task, if any (none in the server's
    /// own tasks, such as the games resumed at start).
    pub fn current() -> Option<Requester> {
        REQUESTER.try_with(Requester::clone).ok()
    }

    /// Counts a computer's reply the client set off against its address's quota of them:
    /// false when over it.
    pub fn count_reply(&self) -> bool {
        count(&self.rate.replies, &key(self.ip), "computer replies").is_ok()
    }
}
