//! The endgame table by default: when the canonical table is not whole, the server builds it
//! in the background at the lowest priority ([`rajapasu_tablebase::background`]), one builder
//! per machine, and the searches use each layer as soon as it is finished. Its progress is on
//! `GET /api/tablebase`, `/metrics` and the analysis page.

use clap::Args;
use rajapasu_engine::Rules;
use rajapasu_tablebase::background::{self, Snapshot, State, Status};
use serde_json::{json, Value};
use std::fmt::Write as _;
use std::sync::Arc;

/// The options of the background build (flags of `rajapasu serve`).
#[derive(Args, Debug, Clone, PartialEq, Eq)]
pub struct TableFlags {
    /// Do not build the endgame table when it is missing (a table already built is used, and
    /// so are the layers another server builds).
    #[arg(long)]
    pub no_tablebase_build: bool,
    /// Memory the background build of the endgame table may take, in MB: the table stops at
    /// the last layer that fits, and says so.
    #[arg(long = "tablebase-memory", default_value_t = 2048, value_name = "MB")]
    pub tablebase_memory_mb: u64,
    /// Threads of the background build (default: one a core; they run only when nothing else
    /// wants the core).
    #[arg(long, value_name = "N")]
    pub tablebase_threads: Option<usize>,
    /// Build the table's layers up to this many counters on the board only (default: all,
    /// 42).
    #[arg(long, value_name = "N")]
    pub tablebase_counters: Option<u32>,
    /// Priority of the background build's threads: `idle` runs them only when nothing else
    /// wants a core; `normal` lets them share the cores with the server's own work (a machine
    /// that does nothing else, or a build wanted sooner).
    #[arg(long, value_enum, default_value_t = TablePriority::Idle, value_name = "PRIORITY")]
    pub tablebase_priority: TablePriority,
}

/// The priority of the background build's threads (`--tablebase-priority`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum TablePriority {
    /// Only the time no other thread wants (`SCHED_IDLE`, else nice 19).
    #[default]
    Idle,
    /// As any other thread.
    Normal,
}

impl Default for TableFlags {
    fn default() -> TableFlags {
        TableFlags {
            no_tablebase_build: false,
            tablebase_memory_mb: 2048,
            tablebase_threads: None,
            tablebase_counters: None,
            tablebase_priority: TablePriority::Idle,
        }
    }
}

/// The table the server builds: the canonical one, which serves both canonical modes.
fn canonical() -> Rules {
    Rules::default()
}

/// Starts the build (or the watch for another server's) of the table under the program's
/// table directory ([`rajapasu_ai::table::current_root`]); `None` when there is none, as in
/// tests, or when the table cannot be built there. Each layer is handed to the searches as
/// it is finished.
pub fn start(flags: &TableFlags) -> Option<Arc<Status>> {
    let root = rajapasu_ai::table::current_root()?;
    let rules = canonical();
    let mut options = background::Options::whole(&rules, flags.tablebase_memory_mb);
    options.build = !flags.no_tablebase_build;
    options.threads = flags.tablebase_threads.unwrap_or(0);
    options.idle = flags.tablebase_priority == TablePriority::Idle;
    if let Some(c) = flags.tablebase_counters {
        options.max_counters = options.max_counters.min(c);
    }
    let published = root.clone();
    let status = background::start(root, &rules, options, move |table| {
        rajapasu_ai::table::publish(&published, table);
    });
    match status {
        Ok(s) => Some(s),
        Err(e) => {
            tracing::warn!("endgame table: {e}");
            None
        }
    }
}

/// The line `serve` prints about the table once the build has looked at what is there.
pub fn describe(status: &Status) -> String {
    let s = status.snapshot();
    let dir = status.dir().display();
    match s.state {
        State::Done => format!("Endgame table: {dir} (whole; every small position is proven)"),
        State::Building => format!(
            "Endgame table: building into {dir} in the background at low priority ({}% built); \
             proven values arrive as it goes (--no-tablebase-build to skip){}",
            s.percent(),
            s.message.map(|m| format!("; {m}")).unwrap_or_default()
        ),
        State::Waiting => format!(
            "Endgame table: another rajapasu{} is building it in {dir}; its layers are used as \
             they appear",
            s.builder.map(|p| format!(" (pid {p})")).unwrap_or_default()
        ),
        State::Stopped => format!(
            "Endgame table: {}% built in {dir}; {}",
            s.percent(),
            s.message.unwrap_or_default()
        ),
        State::Off => format!(
            "Endgame table: not built ({dir}; without --no-tablebase-build it builds in the \
             background)"
        ),
        State::Starting => format!("Endgame table: looking at {dir}"),
    }
}

/// The progress as `GET /api/tablebase` gives it.
///
/// ```
/// use rajapasu_server::tablebase::to_json;
/// use rajapasu_tablebase::background::{Snapshot, State};
/// let s = Snapshot { state: State::Building, positions_ready: 43, positions: 100,
///     layers_ready: 3, layers: 9, builder: None, message: None };
/// let v = to_json(Some(&s));
/// assert_eq!((v["state"].as_str(), v["percent"].as_u64()), (Some("building"), Some(43)));
/// assert_eq!(to_json(None)["state"], "none");
/// ```
pub fn to_json(snapshot: Option<&Snapshot>) -> Value {
    let Some(s) = snapshot else {
        return json!({"state": "none", "percent": 0, "positions_ready": 0, "positions": 0,
            "layers_ready": 0, "layers": 0, "builder_pid": null, "message": null});
    };
    json!({
        "state": s.state.name(),
        "percent": s.percent(),
        "positions_ready": s.positions_ready,
        "positions": s.positions,
        "layers_ready": s.layers_ready,
        "layers": s.layers,
        "builder_pid": s.builder,
        "message": s.message,
    })
}

/// The table's lines of `/metrics`.
///
/// ```
/// use rajapasu_server::tablebase::metrics;
/// use rajapasu_tablebase::background::{Snapshot, State};
/// let s = Snapshot { state: State::Waiting, positions_ready: 43, positions: 100,
///     layers_ready: 3, layers: 9, builder: Some(7), message: None };
/// let text = metrics(Some(&s));
/// assert!(text.contains("rajapasu_tablebase_positions_ready 43\n"));
/// assert!(text.contains("rajapasu_tablebase_state{state=\"waiting\"} 1\n"));
/// assert!(text.contains("rajapasu_tablebase_state{state=\"building\"} 0\n"));
/// ```
pub fn metrics(snapshot: Option<&Snapshot>) -> String {
    let mut out = String::new();
    let (ready, total, layers, state) = snapshot.map_or((0, 0, 0, None), |s| {
        (
            s.positions_ready,
            s.positions,
            s.layers_ready,
            Some(s.state),
        )
    });
    for (name, help, value) in [
        (
            "positions_ready",
            "Positions of the endgame table solved so far.",
            ready,
        ),
        (
            "positions_total",
            "Positions of the whole endgame table.",
            total,
        ),
        (
            "layers_ready",
            "Layer files of the endgame table finished.",
            u64::from(layers),
        ),
    ] {
        let _ = writeln!(out, "# HELP rajapasu_tablebase_{name} {help}");
        let _ = writeln!(out, "# TYPE rajapasu_tablebase_{name} gauge");
        let _ = writeln!(out, "rajapasu_tablebase_{name} {value}");
    }
    out.push_str(
        "# HELP rajapasu_tablebase_state Where the endgame table's background build is.\n",
    );
    out.push_str("# TYPE rajapasu_tablebase_state gauge\n");
    for s in State::all() {
        let on = u8::from(state == Some(*s));
        let _ = writeln!(
            out,
            "rajapasu_tablebase_state{{state=\"{}\"}} {on}",
            s.name()
        );
    }
    out
}
