//! Searches as a bounded service: a fixed set of worker threads takes the computer's moves,
//! hints, analyses and the mistakes finder's proofs, the most urgent first, each on tables (a
//! searcher, or a proof solver) taken from a pool and cleared, within a memory budget.
//!
//! - Priorities ([`Priority`]): the computer's moves first, then hints, then analyses and the
//!   mistakes finder. A worker always takes the most urgent search waiting.
//! - The background searches (analyses, mistakes) run on at most `background` workers, one
//!   fewer than the pool has (when it has two or more): however many are asked for, a worker
//!   is left for the computer's moves and hints, which are short. So a computer's move waits
//!   at most for a hint to end, never for a long proof.
//! - The computer's moves are never refused: they wait their turn (one at most per game).
//! - Hints, analyses and mistakes wait in a queue of bounded length; when it is full they are
//!   refused with [`SearchError::Busy`] (503 with `Retry-After`).
//! - A game has one hint at a time: a newer hint request for it replaces the older one, which
//!   is taken from the queue or stopped, and answered [`SearchError::Replaced`].
//! - A request whose client went away is dropped from the queue, or its search stopped: the
//!   counters of [`PoolStats`] tell how many, and how long they ran after being given up.

use rajapasu_ai::search::Searcher;
use rajapasu_ai::solver::Solver;
use rajapasu_ai::Level;
use std::collections::{HashMap, VecDeque};
use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::task::{Context, Poll};
use std::time::Instant;
use tokio::sync::oneshot;

/// Size of the tables of hints and analyses (2^bits entries).
pub const HINT_TABLE_BITS: u32 = 20;

/// Size of a proof solver's table (2^bits entries, 24 MB), as the mistakes finder uses.
pub const PROOF_TABLE_BITS: u32 = 20;

/// The bytes of the largest search the server runs: the strongest level's, a hint's or a
/// proof's.
pub fn largest_search_bytes() -> usize {
    Level::ALL
        .iter()
        .map(|l| Want::Search(l.params().table_bits))
        .chain([Want::Search(HINT_TABLE_BITS), Want::Proof])
        .map(Want::bytes)
        .max()
        .unwrap_or(0)
}

/// Why a search gave no answer.
///
/// ```
/// use rajapasu_server::search_pool::SearchError;
/// assert_eq!(SearchError::Busy.to_string(), "every search worker is busy and the queue is full");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SearchError {
    /// The queue of hints, analyses and mistakes is full.
    Busy,
    /// A newer hint for the same game took this one's place.
    Replaced,
    /// The pool stopped (the server is shutting down) or the search failed.
    Stopped,
}

impl std::fmt::Display for SearchError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            SearchError::Busy => "every search worker is busy and the queue is full",
            SearchError::Replaced => "a newer hint request for this game replaced this one",
            SearchError::Stopped => "the search stopped before it answered",
        })
    }
}

impl std::error::Error for SearchError {}

/// Seconds a client refused for a full queue is asked to wait.
pub const BUSY_RETRY_SECONDS: u64 = 2;

/// Which searches a worker takes first.
///
/// ```
/// use rajapasu_server::search_pool::Priority;
/// assert!(Priority::Computer < Priority::Hint && Priority::Hint < Priority::Background);
/// assert_eq!(Priority::Background.name(), "background");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Priority {
    /// The computer's moves: a player waits for each, and they are never refused.
    Computer,
    /// Hints: short (well under a second), asked for by a player in a game.
    Hint,
    /// Analyses and the mistakes finder: seconds each, run on fewer workers than the pool has.
    Background,
}

impl Priority {
    /// Every priority, the most urgent first.
    pub const ALL: [Priority; 3] = [Priority::Computer, Priority::Hint, Priority::Background];

    /// Its name in the metrics.
    pub fn name(self) -> &'static str {
        match self {
            Priority::Computer => "computer",
            Priority::Hint => "hint",
            Priority::Background => "background",
        }
    }

    /// Its place in [`Priority::ALL`], and in the arrays of [`PoolStats`].
    pub fn index(self) -> usize {
        self as usize
    }
}

/// What a search works with: a searcher with a table of 2^bits entries, or a proof solver.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Want {
    Search(u32),
    Proof,
}

impl Want {
    fn bytes(self) -> usize {
        match self {
            Want::Search(bits) => Searcher::memory_bound(bits),
            Want::Proof => Solver::table_bytes(PROOF_TABLE_BITS),
        }
    }

    fn make(self) -> Tables {
        match self {
            Want::Search(bits) => Tables::Search(Box::new(Searcher::new(bits))),
            Want::Proof => {
                let mut solver = Solver::new(PROOF_TABLE_BITS);
                let stop = Arc::new(AtomicBool::new(false));
                solver.set_stop_flag(stop.clone());
                Tables::Proof { solver, stop }
            }
        }
    }
}

/// Tables handed to a search, and kept for the next one.
enum Tables {
    /// Boxed: a searcher's fields are large, its tables are on the heap anyway.
    Search(Box<Searcher>),
    Proof {
        solver: Solver,
        /// The solver's stop flag.
        stop: Arc<AtomicBool>,
    },
}

impl Tables {
    fn clear(&mut self) {
        match self {
            Tables::Search(s) => s.clear(),
            Tables::Proof { solver, .. } => {
                solver.clear();
                solver.set_table(None);
            }
        }
    }

    fn stop_flag(&self) -> Arc<AtomicBool> {
        match self {
            Tables::Search(s) => s.stop_flag(),
            Tables::Proof { stop, .. } => stop.clone(),
        }
    }
}

/// Shared between a queued or running search and whoever waits for it.
#[derive(Default)]
struct Ticket {
    /// Given up: by its client, or replaced by a newer hint.
    cancelled: AtomicBool,
    /// Replaced by a newer hint.
    replaced: AtomicBool,
    /// When it was given up.
    cancelled_at: Mutex<Option<Instant>>,
    /// The stop flag of the tables running it, while it runs.
    running: Mutex<Option<Arc<AtomicBool>>>,
}

impl Ticket {
    fn cancel(&self) {
        if !self.cancelled.swap(true, Ordering::Relaxed) {
            *lock(&self.cancelled_at) = Some(Instant::now());
        }
        if let Some(stop) = &*lock(&self.running) {
            stop.store(true, Ordering::Relaxed);
        }
    }

    fn cancelled(&self) -> bool {
        self.cancelled.load(Ordering::Relaxed)
    }
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

type Work = Box<dyn FnOnce(&mut Tables) + Send>;

struct Job {
    want: Want,
    priority: Priority,
    /// A hint, analysis or mistakes search: counted against the queue's bound (the
    /// computer's moves never are, whatever their priority).
    optional: bool,
    /// The game whose hint this is.
    hint_of: Option<String>,
    ticket: Arc<Ticket>,
    work: Work,
}

struct Idle {
    want: Want,
    tables: Tables,
}

#[derive(Default)]
struct State {
    /// The searches waiting, one queue a priority.
    queues: [VecDeque<Job>; 3],
    optional_queued: usize,
    /// Background searches running.
    background_running: usize,
    /// The latest hint of each game, queued or running.
    hints: HashMap<String, Arc<Ticket>>,
    idle: Vec<Idle>,
    /// Bytes of all tables made, idle or in use.
    held: usize,
    stopping: bool,
}

impl State {
    fn queued(&self) -> usize {
        self.queues.iter().map(VecDeque::len).sum()
    }
}

/// What the pool has done since it started, by priority (index: [`Priority::ALL`]'s order).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct PoolStats {
    /// Searches that ran to their end.
    pub finished: [u64; 3],
    /// Searches stopped while they ran: their client went away or a newer hint replaced them.
    pub stopped: [u64; 3],
    /// Searches taken from the queue unrun: given up before a worker took them.
    pub dropped: [u64; 3],
    /// CPU seconds the workers spent on searches.
    pub cpu_seconds: [f64; 3],
    /// Seconds searches went on running after they were given up (what stopping costs).
    pub seconds_after_cancel: [f64; 3],
}

#[derive(Default)]
struct Counters {
    finished: [AtomicU64; 3],
    stopped: [AtomicU64; 3],
    dropped: [AtomicU64; 3],
    cpu_micros: [AtomicU64; 3],
    after_cancel_micros: [AtomicU64; 3],
}

struct Shared {
    state: Mutex<State>,
    /// Signalled when a job is queued, tables come back, or the pool stops.
    changed: Condvar,
    queue_cap: usize,
    budget: usize,
    /// Background searches running at once, at most.
    background: usize,
    running: AtomicUsize,
    counters: Counters,
}

/// Stops the workers when the last handle goes.
struct Owner(Arc<Shared>);

impl Drop for Owner {
    fn drop(&mut self) {
        lock(&self.0.state).stopping = true;
        self.0.changed.notify_all();
    }
}

/// The search service. Cheap to clone; the workers stop when the last clone is dropped.
///
/// ```
/// # #[tokio::main(flavor = "current_thread")] async fn main() {
/// use rajapasu_server::search_pool::SearchPool;
/// use rajapasu_engine::{Game, Rules};
/// let pool = SearchPool::new(1, 64 << 20, 4).unwrap();
/// let game = Game::new(Rules::default());
/// let (searched, params) = (game.clone(), rajapasu_ai::Level::MIN.params());
/// let mv = pool
///     .computer_move(params.table_bits, move |searcher| {
///         rajapasu_ai::choose_with(searcher, &searched, &params, 1).map(|c| c.mv)
///     })
///     .await;
/// assert!(game.legal_moves().contains(mv.unwrap()));
/// # }
/// ```
#[derive(Clone)]
pub struct SearchPool {
    shared: Arc<Shared>,
    _owner: Arc<Owner>,
    /// The priority of the computer's moves asked for through this handle.
    computer: Priority,
}

/// A search waiting for its answer. Dropping it gives the search up.
struct Pending<T> {
    rx: oneshot::Receiver<T>,
    ticket: Arc<Ticket>,
    /// Answered (or told it never will be): nothing to give up any more.
    done: bool,
}

impl<T> Future for Pending<T> {
    type Output = Result<T, SearchError>;
    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let replaced = self.ticket.replaced.load(Ordering::Relaxed);
        let answer = Pin::new(&mut self.rx).poll(cx);
        if answer.is_ready() {
            self.done = true;
        }
        match answer {
            Poll::Pending => Poll::Pending,
            Poll::Ready(_) if replaced || self.ticket.replaced.load(Ordering::Relaxed) => {
                Poll::Ready(Err(SearchError::Replaced))
            }
            Poll::Ready(Ok(v)) => Poll::Ready(Ok(v)),
            Poll::Ready(Err(_)) => Poll::Ready(Err(SearchError::Stopped)),
        }
    }
}

impl<T> Drop for Pending<T> {
    fn drop(&mut self) {
        // Gone before its answer: nobody wants the search any more.
        if !self.done {
            self.ticket.cancel();
        }
    }
}

impl SearchPool {
    /// `threads` workers, tables within `budget` bytes, at most `queue_cap` hints, analyses
    /// and mistakes waiting; background searches on all workers but one. Fails when a worker
    /// thread cannot be started.
    pub fn new(threads: usize, budget: usize, queue_cap: usize) -> std::io::Result<SearchPool> {
        let threads = threads.max(1);
        SearchPool::with_background(threads, budget, queue_cap, threads - 1)
    }

    /// [`SearchPool::new`] with at most `background` analyses and mistakes searches running at
    /// once (at least one).
    pub fn with_background(
        threads: usize,
        budget: usize,
        queue_cap: usize,
        background: usize,
    ) -> std::io::Result<SearchPool> {
        let shared = Arc::new(Shared {
            state: Mutex::new(State::default()),
            changed: Condvar::new(),
            queue_cap: queue_cap.max(1),
            budget,
            background: background.max(1),
            running: AtomicUsize::new(0),
            counters: Counters::default(),
        });
        for k in 0..threads.max(1) {
            let s = shared.clone();
            std::thread::Builder::new()
                .name(format!("rajapasu-search-{k}"))
                .spawn(move || worker(&s))?;
        }
        Ok(SearchPool {
            _owner: Arc::new(Owner(shared.clone())),
            shared,
            computer: Priority::Computer,
        })
    }

    /// The same pool, whose computer's moves run as background searches: for a computer's
    /// reply to a client over its quota of them, which then waits behind everyone else's
    /// searches instead of going first.
    pub fn demoted(&self) -> SearchPool {
        SearchPool {
            computer: Priority::Background,
            ..self.clone()
        }
    }

    /// Searches waiting for a worker.
    pub fn queued(&self) -> usize {
        lock(&self.shared.state).queued()
    }

    /// Searches running now.
    pub fn running(&self) -> usize {
        self.shared.running.load(Ordering::Relaxed)
    }

    /// Bytes of the tables held now (idle or in use).
    pub fn memory_held(&self) -> usize {
        lock(&self.shared.state).held
    }

    /// The counters of what the pool has done.
    pub fn stats(&self) -> PoolStats {
        let c = &self.shared.counters;
        let read = |a: &[AtomicU64; 3]| a.each_ref().map(|v| v.load(Ordering::Relaxed));
        let seconds = |a: &[AtomicU64; 3]| read(a).map(|us| us as f64 / 1e6);
        PoolStats {
            finished: read(&c.finished),
            stopped: read(&c.stopped),
            dropped: read(&c.dropped),
            cpu_seconds: seconds(&c.cpu_micros),
            seconds_after_cancel: seconds(&c.after_cancel_micros),
        }
    }

    fn submit<T: Send + 'static>(
        &self,
        want: Want,
        (priority, optional): (Priority, bool),
        hint_of: Option<&str>,
        f: impl FnOnce(&mut Tables) -> Option<T> + Send + 'static,
    ) -> Result<Pending<T>, SearchError> {
        let (tx, rx) = oneshot::channel();
        let ticket = Arc::new(Ticket::default());
        let job = Job {
            want,
            priority,
            optional,
            hint_of: hint_of.map(str::to_string),
            ticket: ticket.clone(),
            work: Box::new(move |tables| {
                // Nothing sent (tables of another kind, which never happens): the waiter is
                // told the search stopped.
                if let Some(v) = f(tables) {
                    let _ = tx.send(v);
                }
            }),
        };
        {
            let mut st = lock(&self.shared.state);
            if st.stopping {
                return Err(SearchError::Stopped);
            }
            if let Some(id) = hint_of {
                if let Some(older) = st.hints.remove(id) {
                    older.replaced.store(true, Ordering::Relaxed);
                    older.cancel();
                    let queue = &mut st.queues[Priority::Hint.index()];
                    let before = queue.len();
                    queue.retain(|j| !Arc::ptr_eq(&j.ticket, &older));
                    let taken = before - queue.len();
                    st.optional_queued -= taken;
                    self.shared.counters.dropped[Priority::Hint.index()]
                        .fetch_add(taken as u64, Ordering::Relaxed);
                }
            }
            if job.optional {
                if st.optional_queued >= self.shared.queue_cap {
                    return Err(SearchError::Busy);
                }
                st.optional_queued += 1;
            }
            if let Some(id) = hint_of {
                st.hints.insert(id.to_string(), ticket.clone());
            }
            st.queues[priority.index()].push_back(job);
        }
        // Every worker looks: the one woken may not be allowed to take a background search.
        self.shared.changed.notify_all();
        Ok(Pending {
            rx,
            ticket,
            done: false,
        })
    }

    /// The computer's move, chosen by `choose` on a searcher whose table has 2^`bits` entries:
    /// first in the queue (unless the handle is [`SearchPool::demoted`]), never refused. `None` if `choose` finds none or the pool stopped.
    /// Each game's search is its own (`ServedGame::computer_move`); searches with tables of
    /// their own (Mandiri's) are counted here at the size they ask for.
    pub async fn computer_move<T: Send + 'static>(
        &self,
        bits: u32,
        choose: impl FnOnce(&mut Searcher) -> Option<T> + Send + 'static,
    ) -> Option<T> {
        let pending = self
            .submit(
                Want::Search(bits),
                (self.computer, false),
                None,
                |t| match t {
                    Tables::Search(s) => Some(choose(s)),
                    Tables::Proof { .. } => None,
                },
            )
            .ok()?;
        pending.await.ok().flatten()
    }

    /// A hint for game `id`, searched by `search` on a searcher with a hint-sized table (whose
    /// stop flag ends it early): after the computer's moves, refused when the queue is full,
    /// and replaces an older hint request of the same game.
    pub async fn hint<T: Send + 'static>(
        &self,
        id: &str,
        search: impl FnOnce(&mut Searcher) -> T + Send + 'static,
    ) -> Result<T, SearchError> {
        self.submit(
            Want::Search(HINT_TABLE_BITS),
            (Priority::Hint, true),
            Some(id),
            searching(search),
        )?
        .await
    }

    /// Runs `f` on a searcher with a hint-sized table, as a background search (after the
    /// computer's moves and hints, on fewer workers): refused when the queue is full.
    pub async fn analysis<T: Send + 'static>(
        &self,
        f: impl FnOnce(&mut Searcher) -> T + Send + 'static,
    ) -> Result<T, SearchError> {
        self.submit(
            Want::Search(HINT_TABLE_BITS),
            (Priority::Background, true),
            None,
            searching(f),
        )?
        .await
    }

    /// Runs `f` on a proof solver (a table of 2^[`PROOF_TABLE_BITS`] entries, cleared, no
    /// endgame table set) as a background search; the flag given with it is the solver's stop
    /// flag, set when the search is given up. Refused when the queue is full.
    pub async fn proof<T: Send + 'static>(
        &self,
        f: impl FnOnce(&mut Solver, &AtomicBool) -> T + Send + 'static,
    ) -> Result<T, SearchError> {
        self.submit(
            Want::Proof,
            (Priority::Background, true),
            None,
            |t| match t {
                Tables::Proof { solver, stop } => Some(f(solver, stop)),
                Tables::Search(_) => None,
            },
        )?
        .await
    }
}

/// A search on a searcher, as a job of the pool.
fn searching<T>(
    f: impl FnOnce(&mut Searcher) -> T + Send + 'static,
) -> impl FnOnce(&mut Tables) -> Option<T> + Send + 'static {
    |t| match t {
        Tables::Search(s) => Some(f(s)),
        Tables::Proof { .. } => None,
    }
}

/// Tables for `want`, within the budget: idle ones of that kind, or new ones (idle ones of
/// other kinds give way). `None` while none can be had: every byte is in use.
fn take_tables(st: &mut State, budget: usize, want: Want) -> Option<Result<Tables, usize>> {
    if let Some(k) = st.idle.iter().position(|i| i.want == want) {
        let mut idle = st.idle.swap_remove(k);
        idle.tables.clear();
        return Some(Ok(idle.tables));
    }
    let need = want.bytes();
    while st.held + need > budget {
        match st.idle.pop() {
            Some(idle) => st.held -= idle.want.bytes(),
            // A budget smaller than one search still runs one at a time, rather than none.
            None if st.held == 0 => break,
            None => return None,
        }
    }
    st.held += need;
    // Made by the worker outside the lock: allocating a table takes a while.
    Some(Err(need))
}

/// How much lower than the server's other threads the search workers run (a `nice`
/// increment): a search waits a moment when a request is to be answered, not the other way
/// round, so moves stay quick however many computers are thinking.
const WORKER_NICENESS: i32 = 10;

fn lower_priority() {
    #[cfg(target_os = "linux")]
    // SAFETY: gettid and setpriority only read their arguments; on Linux a thread id names
    // just this thread for PRIO_PROCESS. A failure leaves the priority as it was.
    unsafe {
        let tid = libc::gettid();
        libc::setpriority(libc::PRIO_PROCESS, tid as libc::id_t, WORKER_NICENESS);
    }
}

/// The CPU time this thread has used, in microseconds (0 where it cannot be read).
fn thread_cpu_micros() -> u64 {
    #[cfg(target_os = "linux")]
    {
        let mut t = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: clock_gettime writes the timespec it is given, which lives on this stack.
        if unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) } == 0 {
            return t.tv_sec as u64 * 1_000_000 + t.tv_nsec as u64 / 1_000;
        }
    }
    0
}

/// What a worker found to do.
enum Next {
    Run(Job, Result<Tables, usize>),
    Wait,
    Stop,
}

/// The most urgent search a worker may take now, with its tables; given-up searches are
/// taken from the queues on the way.
fn next(st: &mut State, shared: &Shared) -> Next {
    if st.stopping {
        return Next::Stop;
    }
    for p in Priority::ALL {
        let queue = &mut st.queues[p.index()];
        let mut gone = Vec::new();
        queue.retain(|j| {
            if j.ticket.cancelled() {
                gone.push((j.optional, j.hint_of.clone(), j.ticket.clone()));
            }
            !j.ticket.cancelled()
        });
        shared.counters.dropped[p.index()].fetch_add(gone.len() as u64, Ordering::Relaxed);
        for (optional, hint_of, ticket) in gone {
            if optional {
                st.optional_queued -= 1;
            }
            if let Some(id) = hint_of {
                forget_hint(st, &id, &ticket);
            }
        }
    }
    for p in Priority::ALL {
        if p == Priority::Background && st.background_running >= shared.background {
            continue;
        }
        let Some(want) = st.queues[p.index()].front().map(|j| j.want) else {
            continue;
        };
        // Every byte is in a running search: wait for one to come back, rather than let a
        // less urgent search take what comes back first.
        let Some(tables) = take_tables(st, shared.budget, want) else {
            return Next::Wait;
        };
        let Some(job) = st.queues[p.index()].pop_front() else {
            return Next::Wait;
        };
        if job.optional {
            st.optional_queued -= 1;
        }
        if p == Priority::Background {
            st.background_running += 1;
        }
        return Next::Run(job, tables);
    }
    Next::Wait
}

fn forget_hint(st: &mut State, id: &str, ticket: &Arc<Ticket>) {
    if st.hints.get(id).is_some_and(|t| Arc::ptr_eq(t, ticket)) {
        st.hints.remove(id);
    }
}

fn worker(shared: &Shared) {
    lower_priority();
    loop {
        let mut st = lock(&shared.state);
        let (job, tables) = loop {
            match next(&mut st, shared) {
                Next::Stop => return,
                Next::Run(job, tables) => break (job, tables),
                Next::Wait => st = shared.changed.wait(st).unwrap_or_else(|e| e.into_inner()),
            }
        };
        drop(st);
        run(shared, job, tables);
        shared.changed.notify_all();
    }
}

/// Runs one job on its tables and puts them back.
fn run(shared: &Shared, job: Job, tables: Result<Tables, usize>) {
    let mut tables = tables.unwrap_or_else(|_| job.want.make());
    let stop = tables.stop_flag();
    stop.store(false, Ordering::Relaxed);
    *lock(&job.ticket.running) = Some(stop.clone());
    // Cancelled between the queue and here: the flag set now stops the search at once.
    if job.ticket.cancelled() {
        stop.store(true, Ordering::Relaxed);
    }
    shared.running.fetch_add(1, Ordering::Relaxed);
    let (want, priority, ticket, hint_of) = (job.want, job.priority, job.ticket, job.hint_of);
    let cpu = thread_cpu_micros();
    // A search that panics loses its tables (they may be half written) but not the worker:
    // its waiter is told the search stopped.
    let work = job.work;
    let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        work(&mut tables);
    }));
    let ended = Instant::now();
    let k = priority.index();
    let c = &shared.counters;
    c.cpu_micros[k].fetch_add(thread_cpu_micros().saturating_sub(cpu), Ordering::Relaxed);
    shared.running.fetch_sub(1, Ordering::Relaxed);
    *lock(&ticket.running) = None;
    stop.store(false, Ordering::Relaxed);
    match *lock(&ticket.cancelled_at) {
        Some(at) => {
            c.stopped[k].fetch_add(1, Ordering::Relaxed);
            let after = ended.saturating_duration_since(at).as_micros() as u64;
            c.after_cancel_micros[k].fetch_add(after, Ordering::Relaxed);
        }
        None => {
            c.finished[k].fetch_add(1, Ordering::Relaxed);
        }
    }
    let mut st = lock(&shared.state);
    if priority == Priority::Background {
        st.background_running -= 1;
    }
    if let Some(id) = &hint_of {
        forget_hint(&mut st, id, &ticket);
    }
    match outcome {
        Ok(()) => st.idle.push(Idle { want, tables }),
        Err(_) => st.held -= want.bytes(),
    }
}
#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::served::ServedGame;
    use rajapasu_engine::{Game, Rules};
    use serde_json::Value;
    use std::time::Duration;

    fn game() -> Game {
        Game::new(Rules::default())
    }

    /// Keeps the pool's worker busy with a search that lasts until the sender sends (or 30
    /// seconds pass); returns once it runs, with the sender and the search's task.
    async fn hold_the_worker(
        pool: &SearchPool,
    ) -> (
        std::sync::mpsc::Sender<()>,
        tokio::task::JoinHandle<Result<(), SearchError>>,
    ) {
        let (hold_tx, hold_rx) = std::sync::mpsc::channel::<()>();
        let busy = tokio::spawn({
            let pool = pool.clone();
            async move {
                pool.analysis(move |_| {
                    let _ = hold_rx.recv_timeout(Duration::from_secs(30));
                })
                .await
            }
        });
        while pool.running() == 0 {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        (hold_tx, busy)
    }

    /// A hint for game `id` from the start, returned once it waits in the queue.
    async fn queued_hint(
        pool: &SearchPool,
        id: &'static str,
    ) -> tokio::task::JoinHandle<Result<Option<Value>, SearchError>> {
        let hint = tokio::spawn({
            let pool = pool.clone();
            async move { Game::hint(&pool, id, game()).await }
        });
        while pool.queued() == 0 {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        hint
    }

    #[tokio::test]
    async fn a_full_queue_refuses_hints_but_not_the_computer() {
        let pool = SearchPool::new(1, 256 << 20, 1).unwrap();
        // The worker is kept busy, one hint waits: the next is refused.
        let (hold_tx, busy) = hold_the_worker(&pool).await;
        let waiting = queued_hint(&pool, "a").await;
        assert_eq!(Game::hint(&pool, "b", game()).await, Err(SearchError::Busy));
        let computer = tokio::spawn({
            let pool = pool.clone();
            async move { Game::computer_move(&pool, game(), Level::MIN, 3).await }
        });
        hold_tx.send(()).unwrap();
        assert!(busy.await.unwrap().is_ok());
        assert!(waiting.await.unwrap().unwrap().is_some());
        assert!(computer.await.unwrap().is_some());
        assert!(pool.memory_held() <= 256 << 20);
    }

    #[tokio::test]
    async fn a_newer_hint_replaces_the_older() {
        let pool = SearchPool::new(1, 256 << 20, 8).unwrap();
        let (hold_tx, busy) = hold_the_worker(&pool).await;
        let older = queued_hint(&pool, "g").await;
        let newer = tokio::spawn({
            let pool = pool.clone();
            async move { Game::hint(&pool, "g", game()).await }
        });
        assert_eq!(older.await.unwrap(), Err(SearchError::Replaced));
        assert_eq!(pool.queued(), 1);
        hold_tx.send(()).unwrap();
        busy.await.unwrap().unwrap();
        assert!(newer.await.unwrap().unwrap().is_some());
    }

    /// Waits (30 s at most) until `done` holds of the pool.
    async fn until(pool: &SearchPool, done: impl Fn(&SearchPool) -> bool) {
        let deadline = std::time::Instant::now() + Duration::from_secs(30);
        while !done(pool) {
            assert!(std::time::Instant::now() < deadline, "waited in vain");
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    }

    #[tokio::test]
    async fn the_computer_goes_first_then_hints_then_the_background() {
        let pool = SearchPool::new(1, 256 << 20, 8).unwrap();
        let (hold_tx, busy) = hold_the_worker(&pool).await;
        let order = Arc::new(Mutex::new(Vec::new()));
        let note = |what: &'static str| {
            let order = order.clone();
            move |_: &mut Searcher| lock(&order).push(what)
        };
        let background = tokio::spawn({
            let (pool, f) = (pool.clone(), note("background"));
            async move { pool.analysis(f).await }
        });
        until(&pool, |p| p.queued() == 1).await;
        let hint = tokio::spawn({
            let (pool, f) = (pool.clone(), note("hint"));
            async move { pool.hint("g", f).await }
        });
        until(&pool, |p| p.queued() == 2).await;
        let computer = tokio::spawn({
            let (pool, f) = (pool.clone(), note("computer"));
            async move {
                pool.computer_move(HINT_TABLE_BITS, move |s| {
                    f(s);
                    Some(())
                })
                .await
            }
        });
        until(&pool, |p| p.queued() == 3).await;
        hold_tx.send(()).unwrap();
        busy.await.unwrap().unwrap();
        computer.await.unwrap().unwrap();
        hint.await.unwrap().unwrap();
        background.await.unwrap().unwrap();
        assert_eq!(*lock(&order), ["computer", "hint", "background"]);
    }

    #[tokio::test]
    async fn a_background_search_leaves_a_worker_for_the_computer() {
        let pool = SearchPool::new(2, 256 << 20, 8).unwrap();
        let (hold_tx, busy) = hold_the_worker(&pool).await;
        // A second background search waits: the other worker is kept for the computer.
        let second = tokio::spawn({
            let pool = pool.clone();
            async move { pool.analysis(|_| ()).await }
        });
        until(&pool, |p| p.queued() == 1).await;
        let mv = Game::computer_move(&pool, game(), Level::MIN, 3).await;
        assert!(mv.is_some());
        // The computer's worker is free again (its counters follow its answer).
        until(&pool, |p| p.running() == 1).await;
        assert_eq!(pool.queued(), 1);
        hold_tx.send(()).unwrap();
        busy.await.unwrap().unwrap();
        second.await.unwrap().unwrap();
        until(&pool, |p| p.stats().finished == [1, 0, 2]).await;
    }

    #[tokio::test]
    async fn a_proof_given_up_is_stopped_and_counted() {
        let pool = SearchPool::new(2, 256 << 20, 8).unwrap();
        let proof = tokio::spawn({
            let pool = pool.clone();
            async move {
                pool.proof(|_, stop| {
                    // Runs until stopped (30 s at most), as a long proof does.
                    let deadline = std::time::Instant::now() + Duration::from_secs(30);
                    while !stop.load(Ordering::Relaxed) && std::time::Instant::now() < deadline {
                        std::thread::sleep(Duration::from_millis(1));
                    }
                })
                .await
            }
        });
        until(&pool, |p| p.running() == 1).await;
        proof.abort();
        until(&pool, |p| {
            p.stats().stopped[Priority::Background.index()] == 1
        })
        .await;
        let stats = pool.stats();
        assert_eq!(stats.finished, [0, 0, 0]);
        assert!(stats.seconds_after_cancel[2] < 10.0, "{stats:?}");
        // Its table is kept for the next proof, within the budget.
        assert_eq!(pool.memory_held(), Want::Proof.bytes());
    }

    #[tokio::test]
    async fn a_demoted_computer_move_waits_behind_hints_and_is_never_refused() {
        let pool = SearchPool::new(1, 256 << 20, 1).unwrap();
        let (hold_tx, busy) = hold_the_worker(&pool).await;
        let order = Arc::new(Mutex::new(Vec::new()));
        let note = |what: &'static str| {
            let order = order.clone();
            move |_: &mut Searcher| lock(&order).push(what)
        };
        let hint = tokio::spawn({
            let (pool, f) = (pool.clone(), note("hint"));
            async move { pool.hint("g", f).await }
        });
        until(&pool, |p| p.queued() == 1).await;
        // The queue of hints and analyses is full, but a computer's move is still taken.
        let computer = tokio::spawn({
            let (pool, f) = (pool.demoted(), note("computer"));
            async move {
                pool.computer_move(HINT_TABLE_BITS, move |s| {
                    f(s);
                    Some(())
                })
                .await
            }
        });
        until(&pool, |p| p.queued() == 2).await;
        hold_tx.send(()).unwrap();
        busy.await.unwrap().unwrap();
        hint.await.unwrap().unwrap();
        computer.await.unwrap().unwrap();
        assert_eq!(*lock(&order), ["hint", "computer"]);
        // Counted as a background search.
        until(&pool, |p| p.stats().finished == [0, 1, 2]).await;
    }
}
