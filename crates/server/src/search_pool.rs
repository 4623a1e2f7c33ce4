//! Searches as a bounded service: a fixed set of worker threads takes the computer's moves,
//! hints and analyses in the order they come, each on a searcher (its transposition table)
//! taken from a pool and cleared, within a memory budget.
//!
//! - The computer's moves are never refused: they wait their turn (one at most per game).
//! - Hints and analyses wait in a queue of bounded length; when it is full they are refused
//!   with [`SearchError::Busy`] (503 with `Retry-After`).
//! - A game has one hint at a time: a newer hint request for it replaces the older one, which
//!   is taken from the queue or stopped, and answered [`SearchError::Replaced`].
//! - A request whose client went away is dropped from the queue, or its search stopped.

use rajapasu_ai::search::Searcher;
use rajapasu_ai::Level;
use std::collections::{HashMap, VecDeque};
use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::task::{Context, Poll};
use tokio::sync::oneshot;

/// Size of the tables of hints and analyses (2^bits entries).
pub const HINT_TABLE_BITS: u32 = 20;

/// The bytes of the largest search the server runs: the strongest level's, or a hint's.
pub fn largest_search_bytes() -> usize {
    Level::ALL
        .iter()
        .map(|l| l.params().table_bits)
        .chain([HINT_TABLE_BITS])
        .map(Searcher::memory_bound)
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
    /// The queue of hints and analyses is full.
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

/// Shared between a queued or running search and whoever waits for it.
#[derive(Default)]
struct Ticket {
    /// Given up: by its client, or replaced by a newer hint.
    cancelled: AtomicBool,
    /// Replaced by a newer hint.
    replaced: AtomicBool,
    /// The stop flag of the searcher running it, while it runs.
    running: Mutex<Option<Arc<AtomicBool>>>,
}

impl Ticket {
    fn cancel(&self) {
        self.cancelled.store(true, Ordering::Relaxed);
        if let Some(stop) = &*lock(&self.running) {
            stop.store(true, Ordering::Relaxed);
        }
    }
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

type Work = Box<dyn FnOnce(&mut Searcher) + Send>;

struct Job {
    bits: u32,
    /// A hint or an analysis: counted against the queue's bound.
    optional: bool,
    /// The game whose hint this is.
    hint_of: Option<String>,
    ticket: Arc<Ticket>,
    work: Work,
}

struct Idle {
    bits: u32,
    searcher: Searcher,
}

#[derive(Default)]
struct State {
    queue: VecDeque<Job>,
    optional_queued: usize,
    /// The latest hint of each game, queued or running.
    hints: HashMap<String, Arc<Ticket>>,
    idle: Vec<Idle>,
    /// Bytes of every searcher made, idle or in use.
    held: usize,
    stopping: bool,
}

struct Shared {
    state: Mutex<State>,
    /// Signalled when a job is queued, a searcher comes back, or the pool stops.
    changed: Condvar,
    queue_cap: usize,
    budget: usize,
    running: AtomicUsize,
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
}

/// A search waiting for its answer. Dropping it gives the search up.
struct Pending<T> {
    rx: oneshot::Receiver<T>,
    ticket: Arc<Ticket>,
}

impl<T> Future for Pending<T> {
    type Output = Result<T, SearchError>;
    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let replaced = self.ticket.replaced.load(Ordering::Relaxed);
        match Pin::new(&mut self.rx).poll(cx) {
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
        self.ticket.cancel();
    }
}

impl SearchPool {
    /// `threads` workers, tables within `budget` bytes, at most `queue_cap` hints and analyses
    /// waiting. Fails when a worker thread cannot be started.
    pub fn new(threads: usize, budget: usize, queue_cap: usize) -> std::io::Result<SearchPool> {
        let shared = Arc::new(Shared {
            state: Mutex::new(State::default()),
            changed: Condvar::new(),
            queue_cap: queue_cap.max(1),
            budget,
            running: AtomicUsize::new(0),
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
        })
    }

    /// Searches waiting for a worker.
    pub fn queued(&self) -> usize {
        lock(&self.shared.state).queue.len()
    }

    /// Searches running now.
    pub fn running(&self) -> usize {
        self.shared.running.load(Ordering::Relaxed)
    }

    /// Bytes of the searchers' tables held now (idle or in use).
    pub fn memory_held(&self) -> usize {
        lock(&self.shared.state).held
    }

    fn submit<T: Send + 'static>(
        &self,
        bits: u32,
        optional: bool,
        hint_of: Option<&str>,
        f: impl FnOnce(&mut Searcher) -> T + Send + 'static,
    ) -> Result<Pending<T>, SearchError> {
        let (tx, rx) = oneshot::channel();
        let ticket = Arc::new(Ticket::default());
        let job = Job {
            bits,
            optional,
            hint_of: hint_of.map(str::to_string),
            ticket: ticket.clone(),
            work: Box::new(move |searcher| {
                let _ = tx.send(f(searcher));
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
                    let before = st.queue.len();
                    st.queue.retain(|j| !Arc::ptr_eq(&j.ticket, &older));
                    st.optional_queued -= before - st.queue.len();
                }
            }
            if optional {
                if st.optional_queued >= self.shared.queue_cap {
                    return Err(SearchError::Busy);
                }
                st.optional_queued += 1;
            }
            if let Some(id) = hint_of {
                st.hints.insert(id.to_string(), ticket.clone());
            }
            st.queue.push_back(job);
        }
        self.shared.changed.notify_one();
        Ok(Pending { rx, ticket })
    }

    /// The computer's move, chosen by `choose` on a searcher whose table has 2^`bits` entries:
    /// waits its turn, never refused. `None` if `choose` finds none or the pool stopped. Each
    /// game's search is its own (`ServedGame::computer_move`); searches with tables of their
    /// own (Mandiri's) are counted here at the size they ask for.
    pub async fn computer_move<T: Send + 'static>(
        &self,
        bits: u32,
        choose: impl FnOnce(&mut Searcher) -> Option<T> + Send + 'static,
    ) -> Option<T> {
        let pending = self.submit(bits, false, None, choose).ok()?;
        pending.await.ok().flatten()
    }

    /// A hint for game `id`, searched by `search` on a searcher with a hint-sized table (whose
    /// stop flag ends it early): queued, refused when the queue is full, and replaces an older
    /// hint request of the same game.
    pub async fn hint<T: Send + 'static>(
        &self,
        id: &str,
        search: impl FnOnce(&mut Searcher) -> T + Send + 'static,
    ) -> Result<T, SearchError> {
        self.submit(HINT_TABLE_BITS, true, Some(id), search)?.await
    }

    /// Runs `f` on a searcher with a hint-sized table, as a hint or analysis does: refused
    /// when the queue is full.
    pub async fn analysis<T: Send + 'static>(
        &self,
        f: impl FnOnce(&mut Searcher) -> T + Send + 'static,
    ) -> Result<T, SearchError> {
        self.submit(HINT_TABLE_BITS, true, None, f)?.await
    }
}

/// A searcher for `bits`, within the budget: an idle one of that size, or a new one (idle ones
/// of other sizes give way). `None` while none can be had: every byte is in use.
fn take_searcher(st: &mut State, budget: usize, bits: u32) -> Option<Result<Searcher, usize>> {
    if let Some(k) = st.idle.iter().position(|i| i.bits == bits) {
        let mut idle = st.idle.swap_remove(k);
        idle.searcher.clear();
        return Some(Ok(idle.searcher));
    }
    let need = Searcher::memory_bound(bits);
    while st.held + need > budget {
        match st.idle.pop() {
            Some(idle) => st.held -= Searcher::memory_bound(idle.bits),
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

fn worker(shared: &Shared) {
    lower_priority();
    loop {
        let mut st = lock(&shared.state);
        let (job, searcher) = loop {
            if st.stopping {
                return;
            }
            let Some(bits) = st.queue.front().map(|j| j.bits) else {
                st = shared.changed.wait(st).unwrap_or_else(|e| e.into_inner());
                continue;
            };
            if st
                .queue
                .front()
                .is_some_and(|j| j.ticket.cancelled.load(Ordering::Relaxed))
            {
                let job = st.queue.pop_front();
                forget(&mut st, job.as_ref());
                continue;
            }
            match take_searcher(&mut st, shared.budget, bits) {
                Some(s) => {
                    let job = st.queue.pop_front();
                    if let Some(j) = &job {
                        if j.optional {
                            st.optional_queued -= 1;
                        }
                    }
                    break (job, s);
                }
                // Every byte is in a running search: wait for one to come back.
                None => st = shared.changed.wait(st).unwrap_or_else(|e| e.into_inner()),
            }
        };
        drop(st);
        let Some(job) = job else { continue };
        let mut searcher = match searcher {
            Ok(s) => s,
            Err(_) => Searcher::new(job.bits),
        };
        let stop = searcher.stop_flag();
        stop.store(false, Ordering::Relaxed);
        *lock(&job.ticket.running) = Some(stop.clone());
        // Cancelled between the queue and here: the flag set now stops the search at once.
        if job.ticket.cancelled.load(Ordering::Relaxed) {
            stop.store(true, Ordering::Relaxed);
        }
        shared.running.fetch_add(1, Ordering::Relaxed);
        let ticket = job.ticket.clone();
        let hint_of = job.hint_of.clone();
        // A search that panics loses its searcher (its table may be half written) but not
        // the worker: its waiter is told the search stopped.
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            (job.work)(&mut searcher);
        }));
        shared.running.fetch_sub(1, Ordering::Relaxed);
        *lock(&ticket.running) = None;
        stop.store(false, Ordering::Relaxed);
        let mut st = lock(&shared.state);
        if let Some(id) = &hint_of {
            if st.hints.get(id).is_some_and(|t| Arc::ptr_eq(t, &ticket)) {
                st.hints.remove(id);
            }
        }
        match outcome {
            Ok(()) => st.idle.push(Idle {
                bits: job.bits,
                searcher,
            }),
            Err(_) => st.held -= Searcher::memory_bound(job.bits),
        }
        drop(st);
        shared.changed.notify_all();
    }
}

/// A job taken from the queue unrun: its count and its hint entry go.
fn forget(st: &mut State, job: Option<&Job>) {
    let Some(job) = job else { return };
    if job.optional {
        st.optional_queued -= 1;
    }
    if let Some(id) = &job.hint_of {
        if st
            .hints
            .get(id)
            .is_some_and(|t| Arc::ptr_eq(t, &job.ticket))
        {
            st.hints.remove(id);
        }
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
}
