//! Why a table could not be built, opened or used.

use std::fmt;

/// Why a table could not be built, opened or used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TableError {
    /// The rule set has no table (the message says why).
    UnsupportedRules(String),
    /// No layer of the table is built in this directory.
    NotBuilt(String),
    /// A file could not be read or written: the path and the system's message.
    Io(String, String),
    /// A layer needs a rank above what its ranks file holds (65,534): the position.
    RankOverflow(String),
    /// The complete check needs a layer's ranks file, and it is missing or damaged: the file
    /// and what to do.
    NoRanks(String),
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableError::UnsupportedRules(why) => {
                write!(f, "no endgame table for these rules: {why}")
            }
            TableError::NotBuilt(dir) => write!(
                f,
                "no endgame table in {dir}: build one with `rajapasu tablebase build`"
            ),
            TableError::Io(path, e) => write!(f, "{path}: {e}"),
            TableError::NoRanks(what) => write!(f, "complete check impossible: no ranks: {what}"),
            TableError::RankOverflow(at) => write!(
                f,
                "{at}: its lower value needs a line of more than 65,534 moves to an exit, \
                 more than a ranks file holds"
            ),
        }
    }
}

impl std::error::Error for TableError {}
