//! The searches that run beside the game, the computer's moves and hints, each on a thread of
//! its own and answering for the position it was started in.

use std::sync::mpsc::{channel, Receiver, Sender};

/// The searches beside the game, each answering for the position of its generation: every
/// move and undo starts a new generation, and the replies for an older one are dropped.
pub(crate) struct Searches<R> {
    /// Whether the computer is searching for its move.
    pub thinking: bool,
    /// Whether a hint search is running.
    pub hinting: bool,
    /// The generation of the position on the board.
    generation: u64,
    tx: Sender<(u64, R)>,
    rx: Receiver<(u64, R)>,
}

impl<R> Default for Searches<R> {
    fn default() -> Searches<R> {
        let (tx, rx) = channel();
        Searches {
            generation: 0,
            thinking: false,
            hinting: false,
            tx,
            rx,
        }
    }
}

impl<R: Send + 'static> Searches<R> {
    /// A new position: no search runs for it yet, and the replies still to come are for an
    /// older one.
    pub fn next(&mut self) {
        self.generation += 1;
        self.thinking = false;
        self.hinting = false;
    }

    /// Runs `search` on a thread of its own, for this generation; its reply comes back in
    /// [`Searches::reply`].
    pub fn spawn(&self, search: impl FnOnce() -> R + Send + 'static) {
        let (tx, generation) = (self.tx.clone(), self.generation);
        std::thread::spawn(move || {
            let _ = tx.send((generation, search()));
        });
    }

    /// A reply come in for the position on the board, if any; those for an older one are
    /// dropped.
    pub fn reply(&self) -> Option<R> {
        loop {
            let (generation, reply) = self.rx.try_recv().ok()?;
            if generation == self.generation {
                return Some(reply);
            }
        }
    }
}
