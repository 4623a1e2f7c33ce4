//! How many games the server keeps and for how long (docs/STORAGE.md), and the clock it reads.

use std::sync::Arc;
use std::time::Duration;

/// The clock: seconds since 1970. Tests move it forward to see games expire.
pub type Clock = Arc<dyn Fn() -> u64 + Send + Sync>;

/// The system clock.
pub fn system_clock() -> Clock {
    Arc::new(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_secs())
            .unwrap_or(0)
    })
}

/// The system clock in milliseconds since 1970: the game clocks' time.
pub fn system_clock_ms() -> Clock {
    Arc::new(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_millis() as u64)
            .unwrap_or(0)
    })
}

/// The server's storage policy.
///
/// ```
/// let p = rajapasu_server::games::Policy::default();
/// assert_eq!(p.max_games, Some(10_000));
/// assert_eq!(p.expire_after, Some(std::time::Duration::from_secs(30 * 86_400)));
/// ```
#[derive(Clone)]
pub struct Policy {
    /// Most unfinished games stored at once; creating one more answers 503 `too_many_games`.
    /// `None`: no cap.
    pub max_games: Option<u64>,
    /// Unfinished games with no change for this long are deleted. `None`: never.
    pub expire_after: Option<Duration>,
    /// How often expiry runs.
    pub expiry_every: Duration,
    /// A game nobody has used for this long, with no socket open on it, leaves memory (it
    /// stays stored and is loaded again when next asked for).
    pub evict_after: Duration,
    /// The clock.
    pub clock: Clock,
    /// The game clocks' clock, in milliseconds (tests drive it by hand).
    pub clock_ms: Clock,
    /// The longest the flag task waits before it looks at the stored deadlines again (it
    /// wakes at the earliest deadline when that is sooner).
    pub flag_poll: Duration,
    /// Every new game's clock runs this many times shorter ([`GameClock::scale`]): 1 but on
    /// a test server (`serve --clock-scale N`).
    ///
    /// [`GameClock::scale`]: crate::games::clock::GameClock::scale
    pub clock_scale: u32,
}

/// The default cap on unfinished games.
pub const MAX_GAMES: u64 = 10_000;
/// The default number of idle days after which an unfinished game is deleted.
pub const EXPIRE_DAYS: u64 = 30;

impl Default for Policy {
    fn default() -> Policy {
        Policy {
            max_games: Some(MAX_GAMES),
            expire_after: Some(Duration::from_secs(EXPIRE_DAYS * 86_400)),
            expiry_every: Duration::from_secs(3600),
            evict_after: Duration::from_secs(600),
            clock: system_clock(),
            clock_ms: system_clock_ms(),
            flag_poll: Duration::from_secs(1),
            clock_scale: 1,
        }
    }
}

impl Policy {
    /// The policy of `--max-games N` (0: no cap) and `--expire-days N` (0: never).
    pub fn from_flags(max_games: u64, expire_days: u64) -> Policy {
        Policy {
            max_games: (max_games > 0).then_some(max_games),
            expire_after: (expire_days > 0).then(|| Duration::from_secs(expire_days * 86_400)),
            ..Policy::default()
        }
    }

    /// Now, by the policy's clock.
    pub fn now(&self) -> u64 {
        (self.clock)()
    }

    /// Now, by the game clocks' clock.
    pub fn now_ms(&self) -> crate::games::clock::At {
        crate::games::clock::At((self.clock_ms)())
    }
}

impl std::fmt::Debug for Policy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Policy")
            .field("max_games", &self.max_games)
            .field("expire_after", &self.expire_after)
            .field("expiry_every", &self.expiry_every)
            .field("evict_after", &self.evict_after)
            .finish_non_exhaustive()
    }
}
