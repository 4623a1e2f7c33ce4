//! The `serve` and `loadtest` commands of `rajapasu`.

use clap::Args;
use std::io;

/// Options of `rajapasu serve`.
#[derive(Args, Debug, Clone)]
pub struct ServeArgs {
    /// Address to listen on (port 0 picks a free port).
    #[arg(long, default_value = "127.0.0.1:8080", value_name = "HOST:PORT")]
    pub addr: String,
    /// SQLite database file holding the games (created if missing); `:memory:` keeps nothing.
    #[arg(long, default_value = "rajapasu.db", value_name = "PATH")]
    pub db: String,
}

impl Default for ServeArgs {
    fn default() -> ServeArgs {
        ServeArgs {
            addr: "127.0.0.1:8080".into(),
            db: "rajapasu.db".into(),
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
        .block_on(crate::serve(&args.addr, &args.db))
        .map_err(io::Error::other)
}

pub use crate::loadtest::LoadtestArgs;

/// Runs the load test and prints its figures.
pub fn loadtest(args: LoadtestArgs) -> io::Result<()> {
    runtime()?
        .block_on(crate::loadtest::run(args))
        .map_err(io::Error::other)
}
