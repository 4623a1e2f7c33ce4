//! The server's limits: every bound on what clients can make it hold or do, with its default.
//! They are the flags of `rajapasu serve` (docs/SERVER.md explains each one); tests set small
//! ones to see them hold.

use clap::Args;
use std::time::Duration;

/// The limits of one server. [`Limits::default`] gives the documented defaults.
///
/// ```
/// use rajapasu_server::limits::Limits;
/// let l = Limits::default();
/// assert_eq!(l.search_memory_mb, 512);
/// assert!(l.check().is_ok());
/// let tiny = Limits { search_memory_mb: 1, ..Limits::default() };
/// assert!(tiny.check().is_err());
/// ```
#[derive(Args, Debug, Clone, PartialEq)]
pub struct Limits {
    /// Search workers: the computer's moves, hints and analyses run on these threads, no more
    /// at once (default: the number of cores).
    #[arg(long, value_name = "N")]
    pub search_threads: Option<usize>,
    /// Memory for the searches' tables, in MB: tables are kept and reused within it.
    #[arg(long = "search-memory", default_value_t = 512, value_name = "MB")]
    pub search_memory_mb: usize,
    /// Hints and analyses waiting for a search worker; when full they answer 503. The
    /// computer's moves always wait their turn.
    #[arg(long, default_value_t = 64, value_name = "N")]
    pub search_queue: usize,
    /// Analyses and mistakes searches running at once, at most (default: one fewer than the
    /// search workers, at least 1), so that a worker is left for the computer's moves and
    /// hints.
    #[arg(long, value_name = "N")]
    pub search_background: Option<usize>,
    /// Seconds the mistakes finder may prove one game's moves for.
    #[arg(long = "mistakes-time", default_value_t = 15.0, value_name = "SECONDS")]
    pub mistakes_time: f64,
    /// Nodes each of the mistakes finder's proofs may search, at most, however much of
    /// `--mistakes-time` is left: what is proven then depends on the position, not on the
    /// machine's speed, as the tests need. Unset: only the time bounds the proofs.
    #[arg(long = "mistakes-nodes", value_name = "N", hide = true)]
    pub mistakes_nodes: Option<u64>,
    /// Connections open at once (WebSockets included); a new one over the cap is closed at
    /// once.
    #[arg(long, default_value_t = 1024, value_name = "N")]
    pub max_connections: usize,
    /// Seconds a client has to send a request's headers.
    #[arg(long, default_value_t = 10.0, value_name = "SECONDS")]
    pub header_timeout: f64,
    /// Seconds a client has to send a request's body.
    #[arg(long, default_value_t = 10.0, value_name = "SECONDS")]
    pub body_timeout: f64,
    /// Seconds a kept-alive connection may wait for its next request.
    #[arg(long, default_value_t = 30.0, value_name = "SECONDS")]
    pub idle_timeout: f64,
    /// Seconds given to requests in flight at shutdown before their connections are closed
    /// (at most 10: a stop never waits longer for clients).
    #[arg(long, default_value_t = 5.0, value_name = "SECONDS")]
    pub shutdown_grace: f64,
    /// Live-update sockets open at once on one game.
    #[arg(long, default_value_t = 32, value_name = "N")]
    pub ws_per_game: usize,
    /// Live-update sockets open at once from one address.
    #[arg(long, default_value_t = 64, value_name = "N")]
    pub ws_per_address: usize,
    /// Seconds a live-update socket may stay silent (its pings unanswered) before it is closed.
    #[arg(long, default_value_t = 60.0, value_name = "SECONDS")]
    pub ws_idle_timeout: f64,
    /// Games an address may create a minute (a burst of as many is allowed); 0: no limit.
    #[arg(long, default_value_t = 120, value_name = "N")]
    pub games_per_minute: u32,
    /// Moves (and other game actions) an address may send a second; 0: no limit.
    #[arg(long, default_value_t = 50, value_name = "N")]
    pub moves_per_second: u32,
    /// Searches an address may ask for a minute: hints of both games, analyses, mistakes;
    /// 0: no limit.
    #[arg(long, default_value_t = 120, value_name = "N")]
    pub hints_per_minute: u32,
    /// Searches a signed-in account may ask for a minute, from whatever addresses; 0: no
    /// limit.
    #[arg(long, default_value_t = 120, value_name = "N")]
    pub account_searches_per_minute: u32,
    /// The computer's replies an address's moves may set off a minute at the computer's
    /// priority; beyond, they run after everyone else's searches (never refused); 0: no
    /// limit.
    #[arg(long, default_value_t = 120, value_name = "N")]
    pub computer_replies_per_minute: u32,
    /// Games an address may have searched for mistakes a minute (a burst of as many), on top
    /// of the search limit: each may take a worker for `--mistakes-time`; 0: no limit.
    #[arg(long, default_value_t = 4, value_name = "N")]
    pub mistakes_per_minute: u32,
    /// Logins, registrations and password changes an address may send a minute; 0: no limit.
    #[arg(long, default_value_t = 10, value_name = "N")]
    pub logins_per_minute: u32,
    /// Logins (and password changes) to one name an hour from one network (an IPv4 /24, an
    /// IPv6 /64), a burst of as many; a device that logged in to the name before is not
    /// counted. 0: no limit.
    #[arg(long, default_value_t = 20, value_name = "N")]
    pub logins_per_name_hour: u32,
    /// Logins to one name an hour from every network together, a burst of as many; a device
    /// that logged in to the name before is not counted. 0: no limit.
    #[arg(long, default_value_t = 200, value_name = "N")]
    pub logins_per_name_all_hour: u32,
    /// Open seeks in the lobby made on the sockets of one address (an IPv6 address's /64),
    /// whatever its sockets and accounts.
    #[arg(long, default_value_t = 10, value_name = "N")]
    pub seeks_per_address: u32,
    /// Open seeks in the lobby of one account, whatever its sockets and addresses.
    #[arg(long, default_value_t = 6, value_name = "N")]
    pub seeks_per_account: u32,
    /// Unfinished games made with `POST /api/games` (either game) from one address (an IPv6
    /// address's /64) that count at once: those changed within a day. Lobby and tournament
    /// games are not counted. 0: no cap.
    #[arg(long, default_value_t = 100, value_name = "N")]
    pub unfinished_per_address: u32,
    /// Unfinished games made by one account that count at once, as for an address. 0: no
    /// cap.
    #[arg(long, default_value_t = 30, value_name = "N")]
    pub unfinished_per_account: u32,
    /// Take the client's address from the last `X-Forwarded-For` entry (set this only behind a
    /// reverse proxy that writes it).
    #[arg(long)]
    pub trust_proxy: bool,
    /// The endgame table's background build.
    #[command(flatten)]
    pub tablebase: crate::tablebase::TableFlags,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            search_threads: None,
            search_memory_mb: 512,
            search_queue: 64,
            search_background: None,
            mistakes_time: 15.0,
            mistakes_nodes: None,
            max_connections: 1024,
            header_timeout: 10.0,
            body_timeout: 10.0,
            idle_timeout: 30.0,
            shutdown_grace: 5.0,
            ws_per_game: 32,
            ws_per_address: 64,
            ws_idle_timeout: 60.0,
            games_per_minute: 120,
            moves_per_second: 50,
            hints_per_minute: 120,
            account_searches_per_minute: 120,
            computer_replies_per_minute: 120,
            mistakes_per_minute: 4,
            logins_per_minute: 10,
            logins_per_name_hour: 20,
            logins_per_name_all_hour: 200,
            seeks_per_address: 10,
            seeks_per_account: 6,
            unfinished_per_address: 100,
            unfinished_per_account: 30,
            trust_proxy: false,
            tablebase: crate::tablebase::TableFlags::default(),
        }
    }
}

/// A limit that cannot work.
///
/// ```
/// use rajapasu_server::limits::LimitError;
/// let e = LimitError::Zero("--max-connections");
/// assert_eq!(e.to_string(), "--max-connections: give at least 1");
/// ```
#[derive(Debug, Clone, PartialEq)]
pub enum LimitError {
    /// A count that must be at least one.
    Zero(&'static str),
    /// A time that is not a positive number of seconds (at most a day).
    Time(&'static str, f64),
    /// A shutdown grace longer than the longest wait a stop allows.
    Grace(f64),
    /// The search memory cannot hold one table of the strongest level.
    SearchMemory {
        /// What was given, in MB.
        given_mb: usize,
        /// The least that works, in MB.
        least_mb: usize,
    },
}

impl std::fmt::Display for LimitError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LimitError::Zero(flag) => write!(f, "{flag}: give at least 1"),
            LimitError::Time(flag, t) => {
                write!(f, "{flag} {t}: give a number of seconds above 0, at most 86400")
            }
            LimitError::Grace(t) => write!(
                f,
                "--shutdown-grace {t}: give at most {MAX_GRACE_SECONDS} seconds"
            ),
            LimitError::SearchMemory { given_mb, least_mb } => write!(
                f,
                "--search-memory {given_mb}: the strongest level's search needs at least {least_mb} MB"
            ),
        }
    }
}

impl std::error::Error for LimitError {}

/// The longest shutdown grace: a stop is over within this whatever clients do.
pub const MAX_GRACE_SECONDS: f64 = 10.0;

fn seconds(flag: &'static str, t: f64) -> Result<Duration, LimitError> {
    if t > 0.0 && t <= 86_400.0 {
        Ok(Duration::from_secs_f64(t))
    } else {
        Err(LimitError::Time(flag, t))
    }
}

impl Limits {
    /// Checks that every limit can work: counts at least one, times positive, the search
    /// memory enough for the largest table.
    pub fn check(&self) -> Result<(), LimitError> {
        for (flag, n) in [
            ("--search-threads", self.search_threads.unwrap_or(1)),
            ("--search-queue", self.search_queue),
            ("--search-background", self.search_background.unwrap_or(1)),
            ("--max-connections", self.max_connections),
            ("--ws-per-game", self.ws_per_game),
            ("--ws-per-address", self.ws_per_address),
            ("--seeks-per-address", self.seeks_per_address as usize),
            ("--seeks-per-account", self.seeks_per_account as usize),
        ] {
            if n == 0 {
                return Err(LimitError::Zero(flag));
            }
        }
        self.header_timeout()?;
        self.body_timeout()?;
        self.idle_timeout()?;
        if self.shutdown_grace()?.as_secs_f64() > MAX_GRACE_SECONDS {
            return Err(LimitError::Grace(self.shutdown_grace));
        }
        self.ws_idle_timeout()?;
        self.mistakes_time()?;
        let least = crate::search_pool::largest_search_bytes();
        if self.search_memory_bytes() < least {
            return Err(LimitError::SearchMemory {
                given_mb: self.search_memory_mb,
                least_mb: least.div_ceil(1 << 20),
            });
        }
        Ok(())
    }

    /// The search workers: as given, or one a core.
    pub fn search_threads(&self) -> usize {
        self.search_threads.unwrap_or_else(|| {
            std::thread::available_parallelism()
                .map(usize::from)
                .unwrap_or(1)
        })
    }

    /// The background searches (analyses, mistakes) running at once: as given, or one fewer
    /// than the search workers, at least 1.
    pub fn search_background(&self) -> usize {
        self.search_background
            .unwrap_or_else(|| self.search_threads().saturating_sub(1))
            .max(1)
    }

    /// The mistakes finder's time for one game.
    pub fn mistakes_time(&self) -> Result<Duration, LimitError> {
        seconds("--mistakes-time", self.mistakes_time)
    }

    /// The search memory in bytes.
    pub fn search_memory_bytes(&self) -> usize {
        self.search_memory_mb.saturating_mul(1 << 20)
    }

    /// The header timeout.
    pub fn header_timeout(&self) -> Result<Duration, LimitError> {
        seconds("--header-timeout", self.header_timeout)
    }

    /// The body timeout.
    pub fn body_timeout(&self) -> Result<Duration, LimitError> {
        seconds("--body-timeout", self.body_timeout)
    }

    /// The keep-alive idle timeout.
    pub fn idle_timeout(&self) -> Result<Duration, LimitError> {
        seconds("--idle-timeout", self.idle_timeout)
    }

    /// The shutdown grace period.
    pub fn shutdown_grace(&self) -> Result<Duration, LimitError> {
        seconds("--shutdown-grace", self.shutdown_grace)
    }

    /// The WebSocket idle timeout.
    pub fn ws_idle_timeout(&self) -> Result<Duration, LimitError> {
        seconds("--ws-idle-timeout", self.ws_idle_timeout)
    }
}
