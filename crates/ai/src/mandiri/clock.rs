//! The clock of the Mandiri searches: nodes counted, the budget of their [`Limits`] and the
//! stop flag read every few hundred nodes.

use crate::Limits;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

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
