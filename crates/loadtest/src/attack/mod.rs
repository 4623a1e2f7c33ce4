//! `rajapasu loadtest --attack NAME`: each attack found against the server, reproduced as an
//! attacker would make it (HTTP and WebSocket from outside, with forged bodies, many
//! connections and several addresses' worth of identities), with what held and what did not.
//!
//! The same attacks run in two sizes:
//! - [`Size::Full`] from the command line, against a server the test starts with the server's
//!   default limits (only the flags of [`Attack::flags`] added), on SQLite or PostgreSQL
//!   (`--db`), with the figures docs/SERVER.md quotes;
//! - [`Size::Small`] in the server's tests (`crates/server/tests/attacks_*.rs`), against a
//!   server started in the test with small limits, so that each runs in seconds in CI.
//!
//! Each area's attacks live in its own module: `trust` (results, ratings and the store's
//! health), `pool` (the search workers), `quotas` (quotas per address and account) and `edges`
//! (the smaller findings); `report` holds what every attack reports.
//!
//! An attack never fails for what it finds: it reports each check as held or not, and the
//! caller decides (the tests assert that every check held; the command prints them and exits
//! non-zero when one did not).

use crate::error::LoadtestError;
use std::net::SocketAddr;

pub mod edges;
pub mod pool;
pub mod quotas;
pub mod report;
mod trust;

pub use report::{Check, Report, Size, Target};

/// The attacks, one or more for each finding of docs/SERVER.md's "Attacks and what holds".
// Each group's attacks live in the module named beside it.
#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum Attack {
    // -- trust (puzzle results and ratings, rated games, the store's worker) --
    /// A guest's puzzle attempt and a registration with a forged rating; then a move, a login,
    /// a new game and the player's page.
    ForgedRating,
    /// Puzzle results claimed rather than played: no moves, wrong moves, one puzzle again and
    /// again, guests' failures from five addresses.
    ForgedResult,
    /// Rated games resigned before any move by an alt account, to lift a booster's rating.
    #[value(name = "rated-at-ply-0")]
    RatedAtPly0,
    // -- pool (searches: computer moves, hints, analysis, mistakes) --
    /// 16 mistakes requests at once from one address, then from 16, abandoned after a second:
    /// the quota, the server's peak memory, the searches stopped.
    MistakesFlood,
    /// One address floods hints, analyses and mistakes while another plays a level-2
    /// computer: its replies stay quick.
    HintFlood,
    /// Mandiri hints from one address, then from one account on many addresses: refused by
    /// the search quotas.
    MandiriHints,
    // -- quotas (per address and account: lockout, lobby, unfinished games, sockets, events) --
    /// 12 tournaments created at once by one account: at most 5 succeed.
    EventRace,
    /// Lobby, game and event sockets sending 1-byte frames: one state a second each, and
    /// another player's moves stay quick.
    StateFlood,
    /// Many lobby sockets of one address x 3 seeks, and seeks on invented socket ids: a real
    /// player's seek stays listed and seen.
    LobbyFlood,
    /// Seeks whose socket closed or never was, taken by quick pairing: no game against nobody.
    GhostSeek,
    /// Wrong passwords to an owner's name from several addresses: the owner still logs in
    /// from a fresh address and from their known device.
    Lockout,
    /// One address creates games until refused, with the server's cap at 150: it is stopped at
    /// its own share, and another address still creates one.
    GameCap,
    // -- edges (lag, names, times, cookies, origins, seat tokens, backups) --
    /// Every move of a timed game claims a minute of lag over loopback: charged the time it
    /// took, not the time less the lag quota.
    ClaimedLag,
    /// Names hiding characters (U+202E, zero-width), piling up marks or mixing look-alike
    /// scripts, for an account, a player in a game and an event.
    Names,
    /// Times and durations without bounds: an event's start at u64::MAX, lag of u64::MAX ms.
    Times,
    /// Session cookies: `__Host-` over TLS, a plain one not read then, a stale one sent first.
    Cookies,
    /// Requests and WebSocket upgrades from another origin, the same host's other scheme too.
    Origin,
}

impl Attack {
    /// The `rajapasu serve` flags the attack needs beside the defaults (for example a small
    /// cap, so that filling it takes seconds).
    pub fn flags(self) -> &'static [&'static str] {
        match self {
            Attack::ForgedRating | Attack::ForgedResult | Attack::RatedAtPly0 => &[],
            Attack::MistakesFlood | Attack::HintFlood | Attack::MandiriHints => pool::FLAGS,
            Attack::ClaimedLag | Attack::Names | Attack::Times => &[],
            // TLS is known behind a trusted proxy only.
            Attack::Cookies | Attack::Origin => &["--trust-proxy"],
            Attack::EventRace
            | Attack::StateFlood
            | Attack::LobbyFlood
            | Attack::GhostSeek
            | Attack::Lockout => &["--trust-proxy"],
            Attack::GameCap => &["--trust-proxy", "--max-games", "150"],
        }
    }
}

/// Runs `attack` against `target`.
pub async fn run(attack: Attack, target: &Target) -> Result<Report, LoadtestError> {
    match attack {
        Attack::ForgedRating => trust::forged_rating(target).await,
        Attack::ForgedResult => trust::forged_result(target).await,
        Attack::RatedAtPly0 => trust::rated_at_ply_0(target).await,
        Attack::MistakesFlood => pool::mistakes_flood(target).await,
        Attack::HintFlood => pool::hint_flood(target).await,
        Attack::MandiriHints => pool::mandiri_hints_quota(target).await,
        Attack::ClaimedLag => edges::claimed_lag(target).await,
        Attack::Names => edges::names(target).await,
        Attack::Times => edges::times(target).await,
        Attack::Cookies => edges::cookies(target).await,
        Attack::Origin => edges::origin(target).await,
        Attack::EventRace => quotas::event_race(target).await,
        Attack::StateFlood => quotas::state_flood(target).await,
        Attack::LobbyFlood => quotas::lobby_flood(target).await,
        Attack::GhostSeek => quotas::ghost_seek(target).await,
        Attack::Lockout => quotas::lockout(target).await,
        Attack::GameCap => quotas::game_cap(target).await,
    }
}

/// `rajapasu loadtest --attack NAME`: starts a server with the default limits and the
/// attack's flags on `db` (a new SQLite file when `None`), or takes the one at `addr`; makes the
/// attack at full size and prints the report.
pub async fn command(
    attack: Attack,
    addr: Option<SocketAddr>,
    db: Option<&str>,
) -> Result<(), LoadtestError> {
    let temp = std::env::temp_dir().join(format!("rajapasu-attack-{}.db", std::process::id()));
    let db_name = db
        .map(str::to_string)
        .unwrap_or_else(|| temp.to_string_lossy().into_owned());
    let mut own = match addr {
        Some(_) => None,
        None => Some(crate::server::start_defaults(&db_name, attack.flags())?),
    };
    let addr = addr
        .or(own.as_ref().map(|s| s.addr))
        .ok_or(LoadtestError::NoAddress)?;
    let name = clap::ValueEnum::to_possible_value(&attack)
        .map(|v| v.get_name().to_string())
        .unwrap_or_default();
    println!("attack {name} against http://{addr}/");
    let report = run(
        attack,
        &Target {
            addr,
            size: Size::Full,
        },
    )
    .await;
    if let Some(server) = own.as_mut() {
        server.kill();
        if db.is_none() {
            crate::server::remove_db_files(&db_name);
        }
    }
    let report = report?;
    print!("{report}");
    if report.held() {
        println!("the server held");
        Ok(())
    } else {
        Err(LoadtestError::NotHeld(
            report.checks.iter().filter(|c| !c.held).count(),
        ))
    }
}
