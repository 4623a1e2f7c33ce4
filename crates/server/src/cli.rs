//! The `serve` and `loadtest` commands of `rajapasu`.

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
}

impl Default for ServeArgs {
    fn default() -> ServeArgs {
        ServeArgs {
            addr: "127.0.0.1:8080".into(),
            db: "rajapasu.db".into(),
            max_games: crate::games::policy::MAX_GAMES,
            expire_days: crate::games::policy::EXPIRE_DAYS,
        }
    }
}

fn runtime() -> io::Result<tokio::runtime::Runtime> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
}

/// Runs the web app until Ctrl-C.
pub fn serve(args: ServeArgs) -> io::Result<()> {
    runtime()?
        .block_on(crate::serve(
            &args.addr,
            &args.db,
            crate::games::Policy::from_flags(args.max_games, args.expire_days),
        ))
        .map_err(io::Error::other)
}

pub use crate::loadtest::LoadtestArgs;

/// Runs the load test and prints its figures.
pub fn loadtest(args: LoadtestArgs) -> io::Result<()> {
    runtime()?
        .block_on(crate::loadtest::run(args))
        .map_err(io::Error::other)
}
