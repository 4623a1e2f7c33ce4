//! Building a table in the background while a program serves: at the lowest priority, one
//! builder per directory ([`crate::lock`]), within the memory and disk there are
//! ([`crate::budget`]), with each finished layer handed to the program as it appears.
//!
//! [`start`] runs a coordinating thread at normal priority. It opens what is built, and then:
//! - the whole table is there: [`State::Done`];
//! - it takes the build lock: builds on a pool of its own whose threads run under
//!   `SCHED_IDLE` (nice 19 where that is refused), so the build uses only the time no other
//!   thread wants; [`State::Building`];
//! - another program holds the lock: watches the directory and takes over if that program
//!   stops; [`State::Waiting`].
//!
//! After each finished layer it opens the table again and gives it to `on_layer`, from the
//! coordinating thread: a thread that the scheduler may leave unrun for long never holds a
//! lock that a search or a request waits for.

use crate::budget::{build_memory, counters_within, free_disk, free_memory, table_bytes};
use crate::build::{build, plan, Progress};
use crate::config::Config;
use crate::lock::{BuildLock, Lock};
use crate::{table_dir, TableError, Tablebase};
use rajapasu_engine::Rules;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU32, AtomicU64, AtomicU8, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::time::{Duration, Instant};

/// Memory left to the rest of the machine when a build's size is chosen.
const RESERVE: u64 = 256 << 20;
/// Disk left free after the table.
const DISK_RESERVE: u64 = 64 << 20;
/// How long the build keeps off after [`Status::hold`].
pub const HOLD: Duration = Duration::from_millis(100);

/// How a background build goes about its work.
#[derive(Clone, Debug)]
pub struct Options {
    /// Build when no other program does; false only watches for the layers another one
    /// builds.
    pub build: bool,
    /// The most memory the build may take, in bytes: the table stops at the last layer that
    /// fits.
    pub memory: u64,
    /// Threads of the build (0: one a core).
    pub threads: usize,
    /// Build the layers up to this many counters only (at most 6 a hole).
    pub max_counters: u32,
    /// How often a program that does not build looks for new layers.
    pub poll: Duration,
    /// Run the build's threads at the lowest priority ([`lowest_priority`]). False lets
    /// them compete for the cores as any thread does: for a machine with nothing else to do,
    /// or a test that must not wait on whatever else the machine runs.
    pub idle: bool,
}

impl Options {
    /// The whole table of `rules`, within `memory_mb` MB, one thread a core.
    pub fn whole(rules: &Rules, memory_mb: u64) -> Options {
        Options {
            build: true,
            memory: memory_mb << 20,
            threads: 0,
            max_counters: 6 * rules.holes() as u32,
            poll: Duration::from_secs(5),
            idle: true,
        }
    }
}

/// Where a background build is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum State {
    /// Looking at what is built.
    Starting,
    /// This program builds.
    Building,
    /// Another program builds ([`Snapshot::builder`]); its layers are taken as they appear.
    Waiting,
    /// The whole table is built.
    Done,
    /// The build stopped before the whole table ([`Snapshot::message`] says why); the layers
    /// built are used.
    Stopped,
    /// No build: asked not to, and no other program builds.
    Off,
}

impl State {
    const ALL: [State; 6] = [
        State::Starting,
        State::Building,
        State::Waiting,
        State::Done,
        State::Stopped,
        State::Off,
    ];

    /// The state's name in the API and the metrics.
    pub fn name(self) -> &'static str {
        match self {
            State::Starting => "starting",
            State::Building => "building",
            State::Waiting => "waiting",
            State::Done => "done",
            State::Stopped => "stopped",
            State::Off => "off",
        }
    }

    /// Every state, for a metric that lists them all.
    pub fn all() -> &'static [State] {
        &Self::ALL
    }
}

/// A background build's progress, read by any thread.
#[derive(Debug)]
pub struct Status {
    state: AtomicU8,
    ready: AtomicU64,
    total: u64,
    layers_ready: AtomicU32,
    layers: u32,
    builder: AtomicU32,
    message: Mutex<Option<String>>,
    dir: PathBuf,
    /// When the program last asked the build to keep off (milliseconds since `epoch`).
    held: AtomicU64,
    epoch: Instant,
}

/// What [`Status::snapshot`] read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Snapshot {
    /// Where the build is.
    pub state: State,
    /// Positions solved so far (of the layers finished, and of the one being solved), a side
    /// to move (the other side's are mirrors).
    pub positions_ready: u64,
    /// Positions of the whole table.
    pub positions: u64,
    /// Layer files finished.
    pub layers_ready: u32,
    /// Layer files of the whole table.
    pub layers: u32,
    /// The process id of the program building, when another one is.
    pub builder: Option<u32>,
    /// Why the build stopped, or what it waits for.
    pub message: Option<String>,
}

impl Snapshot {
    /// Whole percents of the table's positions finished (100 only when whole).
    ///
    /// ```
    /// use rajapasu_tablebase::background::{Snapshot, State};
    /// let s = Snapshot { state: State::Building, positions_ready: 999, positions: 1000,
    ///     layers_ready: 9, layers: 10, builder: None, message: None };
    /// assert_eq!(s.percent(), 99);
    /// ```
    pub fn percent(&self) -> u32 {
        if self.positions == 0 {
            return 0;
        }
        (self.positions_ready * 100 / self.positions) as u32
    }
}

impl Status {
    fn new(dir: PathBuf, rules: &Rules) -> Status {
        let whole = plan(rules, 6 * rules.holes() as u32);
        Status {
            state: AtomicU8::new(0),
            ready: AtomicU64::new(0),
            total: whole.iter().map(|l| l.2).sum(),
            layers_ready: AtomicU32::new(0),
            layers: whole.len() as u32,
            builder: AtomicU32::new(0),
            message: Mutex::new(None),
            dir,
            held: AtomicU64::new(0),
            epoch: Instant::now(),
        }
    }

    /// Asks the build to keep off the machine for a moment ([`HOLD`]): a program calls it at
    /// each request it answers, so that the build works when nobody waits. Its threads
    /// already run only on idle cores; this also keeps them off the memory bus and the disk
    /// while a request is answered. They wait at their next progress report.
    pub fn hold(&self) {
        let now = self.epoch.elapsed().as_millis() as u64 + 1;
        self.held.fetch_max(now, Ordering::Relaxed);
    }

    /// Waits while a hold asked for is in force.
    fn wait_while_held(&self) {
        loop {
            let held = self.held.load(Ordering::Relaxed);
            let now = self.epoch.elapsed().as_millis() as u64;
            if held == 0 || now >= held + HOLD.as_millis() as u64 {
                return;
            }
            std::thread::sleep(HOLD / 4);
        }
    }

    /// The directory of the table's layer files.
    pub fn dir(&self) -> &std::path::Path {
        &self.dir
    }

    /// The progress now.
    pub fn snapshot(&self) -> Snapshot {
        let state = State::ALL[self.state.load(Ordering::Acquire) as usize];
        let builder = self.builder.load(Ordering::Relaxed);
        Snapshot {
            state,
            positions_ready: self.ready.load(Ordering::Relaxed).min(self.total),
            positions: self.total,
            layers_ready: self.layers_ready.load(Ordering::Relaxed),
            layers: self.layers,
            builder: (state == State::Waiting && builder != 0).then_some(builder),
            message: self
                .message
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .clone(),
        }
    }

    fn set(&self, state: State, message: Option<String>) {
        *self.message.lock().unwrap_or_else(|e| e.into_inner()) = message;
        let k = State::ALL.iter().position(|&s| s == state).unwrap_or(0);
        self.state.store(k as u8, Ordering::Release);
    }
}

/// Starts the background build (or the watch) of the table of `rules` under `root`; returns at
/// once. `on_layer` gets the table, opened again, each time more of it is ready (and once at
/// the start if any of it is).
///
/// ```
/// use rajapasu_tablebase::background::{start, Options, State};
/// let rules: rajapasu_engine::Rules = "canonical/holes=3".parse().unwrap();
/// let root = std::env::temp_dir().join(format!("rajapasu-bg-doc-{}", std::process::id()));
/// let status = start(root.clone(), &rules, Options::whole(&rules, 512), |_| {}).unwrap();
/// while !matches!(status.snapshot().state, State::Done | State::Stopped) {
///     std::thread::sleep(std::time::Duration::from_millis(10));
/// }
/// assert_eq!(status.snapshot().percent(), 100);
/// std::fs::remove_dir_all(&root).unwrap();
/// ```
pub fn start(
    root: PathBuf,
    rules: &Rules,
    options: Options,
    on_layer: impl Fn(Arc<Tablebase>) + Send + 'static,
) -> Result<Arc<Status>, TableError> {
    let rules = crate::config::table_rules(rules)?;
    let dir = table_dir(&root, &rules)?;
    let status = Arc::new(Status::new(dir, &rules));
    let shared = Arc::clone(&status);
    std::thread::Builder::new()
        .name("rajapasu-table".into())
        .spawn(move || Coordinator::new(root, rules, options, shared, on_layer).run())
        .map_err(|e| TableError::Io("a thread for the table build".into(), e.to_string()))?;
    Ok(status)
}

struct Coordinator<F> {
    root: PathBuf,
    rules: Rules,
    options: Options,
    status: Arc<Status>,
    on_layer: F,
    /// Positions of the table last handed to `on_layer`.
    published: std::cell::Cell<u64>,
}

/// What the build's threads tell the coordinator.
enum Event {
    LayerDone,
    Finished(Result<(), TableError>),
}

impl<F: Fn(Arc<Tablebase>)> Coordinator<F> {
    fn new(
        root: PathBuf,
        rules: Rules,
        options: Options,
        status: Arc<Status>,
        on_layer: F,
    ) -> Self {
        Coordinator {
            root,
            rules,
            options,
            status,
            on_layer,
            published: std::cell::Cell::new(0),
        }
    }

    fn run(self) {
        let top = 6 * self.rules.holes() as u32;
        loop {
            let ready = self.publish();
            if ready >= self.status.total {
                self.status.set(State::Done, None);
                return;
            }
            if !self.options.build {
                match BuildLock::holder(&self.status.dir) {
                    None => {
                        self.status.set(State::Off, None);
                        return;
                    }
                    Some(pid) => {
                        self.wait_for(pid);
                        continue;
                    }
                }
            }
            match BuildLock::try_take(&self.status.dir) {
                Ok(Lock::Held(lock)) => {
                    let (state, message) = self.build(&lock, top);
                    drop(lock);
                    self.publish();
                    self.status.set(state, message);
                    return;
                }
                Ok(Lock::Taken(pid)) => self.wait_for(pid),
                Err(e) => {
                    self.status.set(State::Stopped, Some(e.to_string()));
                    return;
                }
            }
        }
    }

    /// Another program builds (process `pid`): waits a while before looking again.
    fn wait_for(&self, pid: Option<u32>) {
        self.status
            .builder
            .store(pid.unwrap_or(0), Ordering::Relaxed);
        self.status.set(State::Waiting, None);
        std::thread::sleep(self.options.poll);
    }

    /// Opens what is built, and hands it on if it has grown: the positions ready.
    fn publish(&self) -> u64 {
        let Ok(table) = Tablebase::open(&self.root, &self.rules) else {
            return 0;
        };
        let ready = table.positions();
        let layers = plan(&self.rules, 6 * self.rules.holes() as u32)
            .iter()
            .filter(|&&(c, s, _)| table.has_layer(c, s))
            .count() as u32;
        self.status.layers_ready.store(layers, Ordering::Relaxed);
        self.status.ready.fetch_max(ready, Ordering::Relaxed);
        if ready != self.published.replace(ready) {
            (self.on_layer)(Arc::new(table));
        }
        ready
    }

    /// The most counters the build may go to, with why it stops short of `top`; or why it
    /// cannot start at all.
    fn counters(&self, top: u32) -> Result<(u32, Option<String>), String> {
        let want = self.options.max_counters.min(top);
        let rules = self.rules;
        let mb = |b: u64| b >> 20;
        // Each resource: the most counters it allows (`None`: not even the empty board), and
        // what it says of the first layer it refuses.
        type Why<'a> = Box<dyn Fn(u32) -> String + 'a>;
        let mut limits: Vec<(Option<u32>, Why)> = vec![(
            counters_within(&rules, self.options.memory),
            Box::new(|next| {
                format!(
                    "layer {next} needs {} MB, over --tablebase-memory {} MB",
                    mb(build_memory(&rules, next)),
                    mb(self.options.memory)
                )
            }),
        )];
        if let Some(free) = free_memory() {
            limits.push((
                counters_within(&rules, free.saturating_sub(RESERVE)),
                Box::new(move |next| {
                    format!(
                        "layer {next} needs {} MB and {} MB of memory are free",
                        mb(build_memory(&rules, next)),
                        mb(free)
                    )
                }),
            ));
        }
        if let Some(free) = free_disk(&self.status.dir) {
            // The layers already there take no more room.
            // Four bytes a position: its values and its rank.
            let have = table_bytes(&rules, top).min(self.status.ready.load(Ordering::Relaxed) * 4);
            let room = (free + have).saturating_sub(DISK_RESERVE);
            let fits = (0..=top)
                .take_while(|&c| table_bytes(&rules, c) <= room)
                .last();
            let dir = self.status.dir.display().to_string();
            limits.push((
                fits,
                Box::new(move |next| {
                    format!(
                        "{} MB free on {dir}, and layer {next} needs {} MB more",
                        mb(free),
                        mb(table_bytes(&rules, next).saturating_sub(have))
                    )
                }),
            ));
        }
        let (fits, why) = limits
            .iter()
            .min_by_key(|l| l.0.map_or(-1, i64::from))
            .expect("the memory limit at least");
        match *fits {
            Some(c) if c >= want => Ok((want, None)),
            Some(c) => Ok((
                c,
                Some(format!("the table stops at {c} counters: {}", why(c + 1))),
            )),
            None => Err(format!("the table is not built: {}", why(0))),
        }
    }

    fn build(&self, lock: &BuildLock, top: u32) -> (State, Option<String>) {
        self.status.set(State::Building, None);
        let _ = lock.remove_partial_files();
        let (counters, cut) = match self.counters(top) {
            Ok(c) => c,
            Err(why) => return (State::Stopped, Some(why)),
        };
        let cut = cut.or_else(|| {
            (counters < top).then(|| format!("the table stops at {counters} counters, as asked"))
        });
        self.status.set(State::Building, cut.clone());
        let idle = self.options.idle;
        let pool = match rayon::ThreadPoolBuilder::new()
            .num_threads(self.options.threads)
            .thread_name(|k| format!("rajapasu-table-{k}"))
            .start_handler(move |_| {
                if idle {
                    lowest_priority();
                }
            })
            .build()
        {
            Ok(p) => p,
            Err(e) => {
                return (
                    State::Stopped,
                    Some(format!("no threads for the build: {e}")),
                )
            }
        };
        let (tx, rx) = mpsc::channel();
        let (rules, dir) = (self.rules, self.status.dir.clone());
        let status = Arc::clone(&self.status);
        pool.spawn(move || {
            let last: Mutex<Option<(Config, u32)>> = Mutex::new(None);
            let layer_tx = Mutex::new(tx.clone());
            let progress = |p: &Progress| {
                status.wait_while_held();
                status.ready.fetch_max(p.done, Ordering::Relaxed);
                let mut last = last.lock().unwrap_or_else(|e| e.into_inner());
                if last.is_some_and(|l| l != (p.config, p.layer)) {
                    let _ = layer_tx
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .send(Event::LayerDone);
                }
                *last = Some((p.config, p.layer));
            };
            let result = build(&rules, &dir, counters, &progress).map(|_| ());
            let _ = tx.send(Event::Finished(result));
        });
        for event in rx {
            match event {
                Event::LayerDone => {
                    self.publish();
                }
                Event::Finished(Ok(())) => {
                    return if cut.is_some() {
                        (State::Stopped, cut)
                    } else {
                        (State::Done, None)
                    };
                }
                Event::Finished(Err(e)) => {
                    return (State::Stopped, Some(format!("the build failed: {e}")));
                }
            }
        }
        (
            State::Stopped,
            Some("the build's threads ended early".into()),
        )
    }
}

/// Lowers the calling thread to the lowest priority there is: `SCHED_IDLE`, which runs only
/// when no other thread wants the core, else nice 19; and idle disk priority. True if
/// `SCHED_IDLE` was granted.
pub fn lowest_priority() -> bool {
    #[cfg(target_os = "linux")]
    // SAFETY: the calls only read their arguments; 0 names the calling thread. A refusal
    // leaves the priority as it was, and the fall-back is tried.
    unsafe {
        // ioprio_set(IOPRIO_WHO_PROCESS, this thread, IOPRIO_CLASS_IDLE << 13).
        libc::syscall(libc::SYS_ioprio_set, 1, 0, 3 << 13);
        let param = libc::sched_param { sched_priority: 0 };
        if libc::sched_setscheduler(0, libc::SCHED_IDLE, &param) == 0 {
            return true;
        }
        libc::setpriority(libc::PRIO_PROCESS, libc::gettid() as libc::id_t, 19);
    }
    false
}
