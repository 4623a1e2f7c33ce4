//! # rajapasu-tablebase
//!
//! Endgame tables for Raja Pasu: for every position of a single round whose open holes hold at
//! most 3 counters each, in every closed-hole configuration of a match, the two values that
//! bound its true value under the repetition rule (docs/SOLVING.md):
//!
//! - `lower`: the counters the player to move captures from now on minus the opponent's, when
//!   a line that never leaves its layer (never captures again) gives every counter left to the
//!   opponent;
//! - `upper`: the same when such a line gives them to the player to move.
//!
//! Whenever no position of the current layer other than the current one has occurred twice in
//! the round, the true value lies between the two, and it is exact where they meet (almost
//! everywhere). A capture always leads to a lower layer, so every position reached by a
//! capture, the start of a round and a set-up position meet that condition.
//!
//! [`build::build`] makes a table layer by layer, each layer across every closed-hole
//! configuration ([`index`] numbers a layer's positions, [`file`](mod@file) stores their values
//! and, beside them, the ranks that prove the values are reached); [`Tablebase`] probes one;
//! [`verify`] checks one completely (equations and ranks).
//! [`background`] builds one while a program serves, at the lowest priority, one builder per
//! directory ([`lock`]), within the memory and disk there are ([`budget`]).
//! [`config`] holds the closed-hole configurations and the rule sets a table serves, [`stats`]
//! a built table's figures, `error.rs` why a table could not be built, opened or used
//! ([`TableError`]), and `huge_pages.rs` the arrays read at random, on huge pages where the
//! system gives them.
//!
//! ```
//! use rajapasu_engine::{Position, Rules};
//! use rajapasu_tablebase::{build, Tablebase, Values};
//! let rules: Rules = "canonical/holes=3".parse().unwrap();
//! let root = std::env::temp_dir().join(format!("rajapasu-doc-{}", std::process::id()));
//! let dir = rajapasu_tablebase::table_dir(&root, &rules).unwrap();
//! build::build(&rules, &dir, 6, &|_| {}).unwrap();
//! let table = Tablebase::open(&root, &rules).unwrap();
//! // South sows S3 into N1; N2 is empty and N3 holds 1: South captures it. North sows N1
//! // into N2, South has no move left, and North takes that counter: even.
//! let pos = Position::from_code("0,0,1/0,0,1 S 20 20", rules).unwrap();
//! assert_eq!(table.probe(&pos), Some(Values { lower: 0, upper: 0 }));
//! std::fs::remove_dir_all(&root).unwrap();
//! ```

#![warn(missing_docs)]

pub mod background;
pub mod budget;
pub mod build;
pub mod config;
mod error;
pub mod file;
mod huge_pages;
pub mod index;
pub mod lock;
mod probe;
pub mod stats;
mod values;
pub mod verify;

pub use error::TableError;
pub use probe::Tablebase;
pub use values::Values;

use rajapasu_engine::Rules;
use std::path::{Path, PathBuf};

/// The directory under `root` that holds the table of `rules`.
pub fn table_dir(root: &Path, rules: &Rules) -> Result<PathBuf, TableError> {
    Ok(root.join(config::rules_dir_name(&config::table_rules(rules)?)))
}

/// The default root of the tables: `$RAJAPASU_TABLEBASE` if set, else the user's data
/// directory (`$XDG_DATA_HOME/rajapasu/tablebase`, by default
/// `~/.local/share/rajapasu/tablebase`; `%APPDATA%\rajapasu\tablebase` on Windows).
pub fn default_root() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("RAJAPASU_TABLEBASE").filter(|d| !d.is_empty()) {
        return Some(PathBuf::from(dir));
    }
    let data = std::env::var_os("XDG_DATA_HOME")
        .filter(|d| !d.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("APPDATA").map(PathBuf::from))
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local/share")))?;
    Some(data.join("rajapasu").join("tablebase"))
}
