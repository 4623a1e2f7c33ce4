//! The server a test starts for itself: `rajapasu serve` (this same executable) on a free port
//! of loopback, with the per-address rate limits off, and what it announces when it is ready.

use crate::error::LoadtestError;
use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};

/// A server process started by a test. Dropping it leaves the process running: the tests kill
/// it ([`Server::kill`], or SIGTERM for `--abuse shutdown`) and wait for it themselves.
pub struct Server {
    /// The process.
    pub child: Child,
    /// The address it listens on, as it announced it.
    pub addr: SocketAddr,
    /// Its database, as it announced it (a password hidden).
    pub database: String,
}

impl Server {
    /// Kills the process (SIGKILL) and waits for it.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Removes a SQLite database's files (nothing is left of a test's own database).
pub(crate) fn remove_db_files(db: &str) {
    for ext in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{db}{ext}"));
    }
}

/// The flags the test's own server gets: one address sends everything, so the per-address
/// rate limits are off (they are not what a load test measures).
const NO_RATE_LIMITS: [&str; 10] = [
    "--games-per-minute",
    "0",
    "--unfinished-per-address",
    "0",
    "--unfinished-per-account",
    "0",
    "--moves-per-second",
    "0",
    "--hints-per-minute",
    "0",
];

/// Starts `rajapasu serve` on a free port with `db` and the rate limits off.
pub fn start(db: &str) -> Result<Server, LoadtestError> {
    start_with(db, &[])
}

/// Starts `rajapasu serve` on a free port with `db`, the rate limits off, no endgame table
/// built in the background (a build would take the cores a load test measures) and `extra`
/// flags, and waits until it announces its address.
pub fn start_with(db: &str, extra: &[&str]) -> Result<Server, LoadtestError> {
    spawn(db, &[&["--no-tablebase-build"], extra].concat())
}

/// Starts `rajapasu serve` as [`start_with`] does, but building the endgame table into
/// `table` in the background, as it does by default.
pub fn start_building(db: &str, table: &std::path::Path) -> Result<Server, LoadtestError> {
    spawn(db, &["--tablebase", &table.to_string_lossy()])
}

/// Starts `rajapasu serve` on a free port with `db`, every limit at its default (the rate
/// limits on), no endgame table built in the background, and `extra` flags: the server an
/// attack meets.
pub fn start_defaults(db: &str, extra: &[&str]) -> Result<Server, LoadtestError> {
    spawn_args(db, &[&["--no-tablebase-build"], extra].concat())
}

fn spawn(db: &str, extra: &[&str]) -> Result<Server, LoadtestError> {
    spawn_args(db, &[&NO_RATE_LIMITS[..], extra].concat())
}

fn spawn_args(db: &str, extra: &[&str]) -> Result<Server, LoadtestError> {
    let exe = std::env::current_exe().map_err(LoadtestError::Start)?;
    let mut child = Command::new(exe)
        .args(["serve", "--addr", "127.0.0.1:0", "--db", db])
        .args(extra)
        .stdout(Stdio::piped())
        .stdin(Stdio::null())
        .spawn()
        .map_err(LoadtestError::Start)?;
    let stdout = child.stdout.take().ok_or(LoadtestError::NoAddress)?;
    let mut lines = BufReader::new(stdout).lines();
    let ready = loop {
        let Some(Ok(line)) = lines.next() else {
            let _ = child.kill();
            return Err(LoadtestError::NoAddress);
        };
        if line.contains("http://") {
            break Ready::read(&line);
        }
    };
    // The server's later output is read and dropped, so that it never blocks on a full pipe.
    std::thread::spawn(move || for _ in lines {});
    match ready {
        Ok(Ready { addr, database }) => Ok(Server {
            child,
            addr,
            database,
        }),
        Err(e) => {
            let _ = child.kill();
            let _ = child.wait();
            Err(e)
        }
    }
}

/// What `rajapasu serve` says when it is ready: "… open http://ADDR/ in a browser (games in
/// DATABASE; Ctrl-C stops)".
///
/// ```
/// use rajapasu_loadtest::server::Ready;
/// let line = "Raja Pasu is ready: open http://127.0.0.1:41234/ in a browser \
///             (games in postgres://ann:***@db:5432/games; Ctrl-C stops)";
/// let ready = Ready::read(line).unwrap();
/// assert_eq!(ready.addr.port(), 41234);
/// assert_eq!(ready.database, "postgres://ann:***@db:5432/games");
/// assert!(Ready::read("open http://127.0.0.1:1/ and nothing more").is_err());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ready {
    /// The address it listens on.
    pub addr: SocketAddr,
    /// Its database as it shows it.
    pub database: String,
}

impl Ready {
    /// Reads the ready line.
    pub fn read(line: &str) -> Result<Ready, LoadtestError> {
        let after = line.split("http://").nth(1).unwrap_or_default();
        let text = after.split('/').next().unwrap_or_default();
        let addr = text
            .parse::<SocketAddr>()
            .map_err(|error| LoadtestError::BadAddress {
                text: text.to_string(),
                error,
            })?;
        let database = line
            .split_once("(games in ")
            .and_then(|(_, rest)| rest.rsplit_once("; "))
            .map(|(database, _)| database.to_string())
            .ok_or_else(|| LoadtestError::NoDatabase {
                line: line.to_string(),
            })?;
        Ok(Ready { addr, database })
    }
}
