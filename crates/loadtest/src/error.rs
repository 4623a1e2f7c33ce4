//! Why a load or abuse test could not run, or what it found wrong.

/// Why the load test could not run, or found acknowledged moves lost.
///
/// ```
/// use rajapasu_loadtest::error::LoadtestError;
/// assert_eq!(LoadtestError::Lost(3).to_string(), "3 acknowledged moves were lost");
/// ```
#[derive(Debug)]
pub enum LoadtestError {
    /// `--crash` or `--clocks` with `--addr`: only a server the test started itself can be
    /// killed, or run with its clocks shorter.
    OwnServerOnly,
    /// The server to test could not be started.
    Start(std::io::Error),
    /// The server stopped before printing its address.
    NoAddress,
    /// The server printed an address that does not parse.
    BadAddress {
        /// What it printed.
        text: String,
        /// Why it does not parse.
        error: std::net::AddrParseError,
    },
    /// The server's ready line does not name its database.
    NoDatabase {
        /// The line.
        line: String,
    },
    /// The restarted server could not be reached or asked for a game.
    Restarted(std::io::Error),
    /// Acknowledged moves were missing after the restart.
    Lost(usize),
    /// `--instances` above 1 without a `postgres://` database, or above 4.
    Instances(usize),
    /// `--abuse` with `--addr`: the test reads the memory of a server it started itself.
    AbuseNeedsOwnServer,
    /// An attack could not open its connections.
    AbuseConnect(std::io::Error),
    /// An attack's request went unanswered.
    AbuseRequest(std::io::Error),
    /// The server was still running 30 s after the SIGTERM of `--abuse shutdown`.
    AbuseNoExit,
    /// The test's async runtime could not start.
    Runtime(std::io::Error),
    /// `--attack`: this many of the attack's checks did not hold.
    NotHeld(usize),
}

impl std::fmt::Display for LoadtestError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LoadtestError::OwnServerOnly => f.write_str(
                "--crash and --clocks need a server started by the test: leave out --addr",
            ),
            LoadtestError::Start(e) => write!(f, "cannot start the server: {e}"),
            LoadtestError::NoAddress => {
                f.write_str("the server stopped before printing its address")
            }
            LoadtestError::BadAddress { text, error } => write!(f, "bad address `{text}`: {error}"),
            LoadtestError::NoDatabase { line } => {
                write!(f, "the server's ready line names no database: `{line}`")
            }
            LoadtestError::Restarted(e) => write!(f, "restarted server: {e}"),
            LoadtestError::Lost(n) => write!(f, "{n} acknowledged moves were lost"),
            LoadtestError::Instances(n) => write!(
                f,
                "--instances {n}: 1 to 4, and more than 1 needs --db postgres://..."
            ),
            LoadtestError::AbuseNeedsOwnServer => {
                f.write_str("--abuse needs a server started by the test: leave out --addr")
            }
            LoadtestError::AbuseConnect(e) => write!(f, "abuse test: connect: {e}"),
            LoadtestError::AbuseRequest(e) => write!(f, "abuse test: {e}"),
            LoadtestError::AbuseNoExit => {
                f.write_str("abuse test: still running 30 s after SIGTERM")
            }
            LoadtestError::Runtime(e) => write!(f, "cannot start the async runtime: {e}"),
            LoadtestError::NotHeld(n) => write!(f, "the attack worked: {n} checks did not hold"),
        }
    }
}

impl std::error::Error for LoadtestError {}
