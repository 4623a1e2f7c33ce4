//! How long a Mandiri search may run: a depth, a time and a node budget, any of them.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A search's budget. The first iteration (depth 1) always completes, so a search given any
/// budget still returns a move; deeper iterations stop when a limit is reached.
///
/// ```
/// use rajapasu_ai::mandiri::Limits;
/// use std::time::Duration;
/// let l = Limits::depth(4).with_movetime(Duration::from_millis(50));
/// assert_eq!((l.depth, l.movetime), (Some(4), Some(Duration::from_millis(50))));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Limits {
    /// Deepest iteration (moves, or MCTS iterations for [`crate::mandiri::Mcts`]).
    pub depth: Option<u32>,
    /// Time for the move.
    pub movetime: Option<Duration>,
    /// Nodes (MCTS: playouts).
    pub nodes: Option<u64>,
}

impl Limits {
    /// Deepest iteration `d`, no other limit.
    pub const fn depth(d: u32) -> Limits {
        Limits {
            depth: Some(d),
            movetime: None,
            nodes: None,
        }
    }

    /// `ms` milliseconds a move, no other limit.
    pub const fn movetime_ms(ms: u64) -> Limits {
        Limits {
            depth: None,
            movetime: Some(Duration::from_millis(ms)),
            nodes: None,
        }
    }

    /// These limits with a time budget.
    pub const fn with_movetime(mut self, t: Duration) -> Limits {
        self.movetime = Some(t);
        self
    }

    /// These limits, or 200 ms a move if they set none: an unlimited search of a long round
    /// would not end in any useful time.
    ///
    /// ```
    /// use rajapasu_ai::mandiri::Limits;
    /// assert_eq!(Limits::default().or_default(), Limits::movetime_ms(200));
    /// assert_eq!(Limits::depth(3).or_default(), Limits::depth(3));
    /// ```
    pub const fn or_default(self) -> Limits {
        match self {
            Limits {
                depth: None,
                movetime: None,
                nodes: None,
            } => Limits::movetime_ms(200),
            l => l,
        }
    }

    /// These limits with a node budget.
    pub const fn with_nodes(mut self, n: u64) -> Limits {
        self.nodes = Some(n);
        self
    }
}

/// Counts nodes and says when the budget is spent or the search is stopped from outside. The
/// clock and the stop flag are read every 256 nodes: reading the clock costs more than a node
/// of the cheapest searches.
#[derive(Debug)]
pub(crate) struct Clock {
    start: Instant,
    limits: Limits,
    stop: Option<Arc<AtomicBool>>,
    pub(crate) nodes: u64,
    stopped: bool,
    /// While false (the first iteration) the budget is not enforced.
    pub(crate) armed: bool,
}

impl Clock {
    pub(crate) fn new(limits: Limits, stop: Option<Arc<AtomicBool>>) -> Clock {
        Clock {
            start: Instant::now(),
            limits,
            stop,
            nodes: 0,
            stopped: false,
            armed: false,
        }
    }

    /// Counts a node; true once the budget is spent.
    #[inline]
    pub(crate) fn tick(&mut self) -> bool {
        self.nodes += 1;
        if !self.armed {
            return false;
        }
        if !self.stopped && (self.nodes & 255 == 0 || self.limits.nodes.is_some()) {
            self.stopped = self.spent();
        }
        self.stopped
    }

    /// Whether the budget is spent now, or the stop flag set.
    pub(crate) fn spent(&self) -> bool {
        self.stop
            .as_ref()
            .is_some_and(|f| f.load(Ordering::Relaxed))
            || self.limits.nodes.is_some_and(|n| self.nodes >= n)
            || self
                .limits
                .movetime
                .is_some_and(|t| self.start.elapsed() >= t)
    }

    pub(crate) fn stopped(&self) -> bool {
        self.stopped
    }
}
