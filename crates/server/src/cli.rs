//! The `serve` and `backup` commands of `rajapasu` (`rajapasu loadtest` is the crate rajapasu-loadtest).

use clap::Args;
use std::io;

/// Options of `rajapasu serve`.
#[derive(Args, Debug, Clone)]
pub struct ServeArgs {
    /// Address to listen on (port 0 picks a free port).
    #[arg(long, default_value = "127.0.0.1:8080", value_name = "HOST:PORT")]
    pub addr: String,
    /// Where the games are kept: a SQLite file (created if missing; `:memory:` keeps
    /// nothing), or a PostgreSQL database `postgres://user@host:port/db` (several servers may
    /// share one).
    #[arg(long, default_value = "rajapasu.db", value_name = "PATH|URL")]
    pub db: String,
    /// Most unfinished games kept at once (0: no cap); past it, new games are refused (503).
    #[arg(long, default_value_t = crate::games::policy::MAX_GAMES, value_name = "N")]
    pub max_games: u64,
    /// Unfinished games with no move or change for this many days are deleted (0: never).
    #[arg(long, default_value_t = crate::games::policy::EXPIRE_DAYS, value_name = "DAYS")]
    pub expire_days: u64,
    /// For tests only: every new game's clock runs N times shorter (at 60, a 1+0 game gives
    /// each player a second), so that a test sees a flag fall in seconds. Never on a site.
    #[arg(long, default_value_t = 1, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=3600))]
    pub clock_scale: u32,
    /// The server's limits.
    #[command(flatten)]
    pub limits: crate::limits::Limits,
}

impl Default for ServeArgs {
    fn default() -> ServeArgs {
        ServeArgs {
            addr: "127.0.0.1:8080".into(),
            db: "rajapasu.db".into(),
            max_games: crate::games::policy::MAX_GAMES,
            expire_days: crate::games::policy::EXPIRE_DAYS,
            clock_scale: 1,
            limits: crate::limits::Limits::default(),
        }
    }
}

/// Options of `rajapasu backup`.
#[derive(Args, Debug, Clone)]
pub struct BackupArgs {
    /// The new file to copy the store to (never overwritten).
    #[arg(value_name = "FILE")]
    pub file: std::path::PathBuf,
    /// The SQLite store to copy, as `serve --db` names it; it may be in use by a running
    /// server.
    #[arg(long, default_value = "rajapasu.db", value_name = "PATH")]
    pub db: String,
}

/// Copies a live SQLite store with SQLite's online backup and says what the copy holds.
pub fn backup(args: BackupArgs) -> Result<(), crate::store::backup::BackupError> {
    let c = crate::store::backup::backup(&args.db, &args.file)?;
    println!(
        "backed up {} to {}: {} games, {} moves, {} accounts",
        args.db,
        args.file.display(),
        c.games,
        c.moves,
        c.accounts
    );
    Ok(())
}

fn runtime() -> io::Result<tokio::runtime::Runtime> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
}

/// Runs the web app until Ctrl-C or SIGTERM. Logs go to standard error, filtered by
/// `RUST_LOG` (default: `info` for the server, `warn` for the rest).
pub fn serve(args: ServeArgs) -> io::Result<()> {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn,rajapasu_server=info"));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(io::stderr)
        .with_ansi(std::io::IsTerminal::is_terminal(&io::stderr()))
        .try_init();
    if args.clock_scale > 1 {
        tracing::warn!(
            "--clock-scale {}: every new game's clock runs {} times shorter (for tests only)",
            args.clock_scale,
            args.clock_scale
        );
    }
    let rt = runtime()?;
    let result = rt.block_on(crate::serve(
        &args.addr,
        &args.db,
        args.limits,
        crate::games::Policy {
            clock_scale: args.clock_scale,
            ..crate::games::Policy::from_flags(args.max_games, args.expire_days)
        },
    ));
    // Whatever is still running (a socket's last write) gets a moment, not a wait.
    rt.shutdown_timeout(std::time::Duration::from_millis(500));
    result.map_err(io::Error::other)
}
