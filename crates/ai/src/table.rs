//! Where the search finds the endgame table: a process-wide choice of the directory, made once
//! by the program (the command line's `--tablebase DIR`, `$RAJAPASU_TABLEBASE`, or the user's
//! data directory), and the tables opened from it, shared by every searcher.
//!
//! Nothing is looked up until [`set_root`] is called, so a library user, and every test, gets
//! the search without a table unless it asks for one.

use rajapasu_engine::Rules;
use rajapasu_tablebase::config::table_rules;
use rajapasu_tablebase::Tablebase;
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, OnceLock, RwLock};

fn root() -> &'static RwLock<Option<PathBuf>> {
    static ROOT: OnceLock<RwLock<Option<PathBuf>>> = OnceLock::new();
    ROOT.get_or_init(|| RwLock::new(None))
}

type Opened = HashMap<(PathBuf, Rules), Option<Arc<Tablebase>>>;

fn opened() -> &'static Mutex<Opened> {
    static OPENED: OnceLock<Mutex<Opened>> = OnceLock::new();
    OPENED.get_or_init(|| Mutex::new(HashMap::new()))
}

/// Uses the tables under `dir` (one directory per rule set), or none.
pub fn set_root(dir: Option<PathBuf>) {
    *root().write().expect("not poisoned") = dir;
}

/// The directory tables are taken from, if any.
pub fn current_root() -> Option<PathBuf> {
    root().read().expect("not poisoned").clone()
}

/// The table for `rules` under the chosen directory, opened once and shared; `None` without a
/// directory, for rule sets without tables, and when it is not built.
pub fn for_rules(rules: &Rules) -> Option<Arc<Tablebase>> {
    let dir = current_root()?;
    let key = table_rules(rules).ok()?;
    let mut opened = opened().lock().expect("not poisoned");
    opened
        .entry((dir.clone(), key))
        .or_insert_with(|| Tablebase::open(&dir, &key).ok().map(Arc::new))
        .clone()
}
