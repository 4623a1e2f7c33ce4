//! When each pair's next layer may start. A pair's layers need only its own lower layers, so
//! the pairs could run freely; they are held to at most one layer ahead of the slowest, so
//! that the layers become whole in order of counters (a table still building holds its small
//! positions everywhere, and a build's memory stays that of about one layer of each pair).

use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Mutex;

/// The layers' schedule.
pub(super) struct Gate {
    state: Mutex<State>,
    /// Every layer below this is whole in every pair.
    whole_below: AtomicU32,
}

struct State {
    /// Each pair's last layer.
    tops: Vec<u32>,
    /// Each pair's next layer to start (past its top: the pair is finished).
    next: Vec<u32>,
    /// Each pair's layers below this are finished.
    finished: Vec<u32>,
    /// Whether a layer of the pair is being solved.
    running: Vec<bool>,
}

impl State {
    /// The layers below which every pair is finished.
    fn whole_below(&self) -> u32 {
        (0..self.tops.len())
            .map(|p| {
                if self.finished[p] > self.tops[p] {
                    u32::MAX
                } else {
                    self.finished[p]
                }
            })
            .min()
            .unwrap_or(u32::MAX)
    }

    /// Marks as running, and returns, the pairs' next layers that may start: layer `s` once
    /// every layer below `s - 1` is whole.
    fn ready(&mut self) -> Vec<(usize, u32)> {
        let whole = self.whole_below();
        let mut ready = Vec::new();
        for p in 0..self.tops.len() {
            let s = self.next[p];
            if !self.running[p] && s <= self.tops[p] && s <= whole.saturating_add(1) {
                self.running[p] = true;
                self.next[p] = s + 1;
                ready.push((p, s));
            }
        }
        ready
    }
}

impl Gate {
    /// The schedule of pairs whose last layers are `tops`.
    pub(super) fn new(tops: Vec<u32>) -> Gate {
        let n = tops.len();
        Gate {
            state: Mutex::new(State {
                tops,
                next: vec![0; n],
                finished: vec![0; n],
                running: vec![false; n],
            }),
            whole_below: AtomicU32::new(0),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The layers that may start first.
    pub(super) fn start(&self) -> Vec<(usize, u32)> {
        self.lock().ready()
    }

    /// Records that layer `s` of pair `p` is finished; returns the layers that may start now.
    pub(super) fn finished(&self, p: usize, s: u32) -> Vec<(usize, u32)> {
        let mut state = self.lock();
        state.running[p] = false;
        state.finished[p] = s + 1;
        let whole = state.whole_below();
        self.whole_below.store(whole, Ordering::Relaxed);
        state.ready()
    }

    /// Pair `p`'s last layer.
    pub(super) fn top(&self, p: usize) -> u32 {
        self.lock().tops[p]
    }

    /// The lowest layer not yet whole in every pair.
    pub(super) fn whole_below(&self) -> u32 {
        self.whole_below.load(Ordering::Relaxed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_pair_runs_more_than_a_layer_ahead() {
        // Pair 0 is slow; pair 1 may finish layer 0 and run layer 1, but not layer 2 before
        // pair 0 has finished layer 0; pair 2 (one layer only) finishes at once.
        let gate = Gate::new(vec![3, 3, 0]);
        assert_eq!(gate.start(), vec![(0, 0), (1, 0), (2, 0)]);
        assert_eq!(gate.finished(1, 0), vec![(1, 1)]);
        assert_eq!(gate.finished(2, 0), vec![]);
        assert_eq!(gate.finished(1, 1), vec![]);
        assert_eq!(gate.whole_below(), 0);
        assert_eq!(gate.finished(0, 0), vec![(0, 1), (1, 2)]);
        assert_eq!(gate.whole_below(), 1);
        assert_eq!(gate.finished(0, 1), vec![(0, 2)]);
        assert_eq!(gate.finished(1, 2), vec![(1, 3)]);
        assert_eq!(gate.start(), vec![]);
    }
}
