//! Where the search finds the endgame table: a process-wide choice of the directory, made once
//! by the program (the command line's `--tablebase DIR`, `$RAJAPASU_TABLEBASE`, or the user's
//! data directory), and the tables opened from it, shared by every searcher.
//!
//! Nothing is looked up until [`set_root`] is called, so a library user, and every test, gets
//! the search without a table unless it asks for one.
//!
//! A table built while the program runs ([`rajapasu_tablebase::background`]) is handed in
//! with [`publish`] after each finished layer; [`generation`] counts the changes, so that a
//! searcher looks the table up again when it has grown. A search keeps the table it started
//! with: a table only grows, so an older one is still right.

use rajapasu_engine::Rules;
use rajapasu_tablebase::config::table_rules;
use rajapasu_tablebase::Tablebase;
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
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

/// Changes of the tables: the root, or a table published.
static GENERATION: AtomicU64 = AtomicU64::new(0);

/// Uses the tables under `dir` (one directory per rule set), or none.
pub fn set_root(dir: Option<PathBuf>) {
    *root().write().expect("not poisoned") = dir;
    GENERATION.fetch_add(1, Ordering::Release);
}

/// A number that changes whenever a table may have changed ([`set_root`], [`publish`]).
pub fn generation() -> u64 {
    GENERATION.load(Ordering::Acquire)
}

/// Uses `table`, opened under `root` for its table rule set, from now on: a table that has
/// grown since it was last opened.
pub fn publish(root: &std::path::Path, table: Arc<Tablebase>) {
    let key = (root.to_path_buf(), *table.rules());
    opened()
        .lock()
        .expect("not poisoned")
        .insert(key, Some(table));
    GENERATION.fetch_add(1, Ordering::Release);
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
