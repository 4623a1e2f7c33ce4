//! Writing finished layers on a thread of their own, so that the next layers are solved while
//! the files are written, checksummed and synced.

use crate::file::{self, LayerId};
use crate::TableError;
use std::path::PathBuf;
use std::sync::mpsc::{sync_channel, SyncSender};
use std::sync::Arc;
use std::thread::JoinHandle;

/// Layers waiting to be written, at most (each holds its ranks).
const QUEUE: usize = 32;

struct Job {
    id: LayerId,
    values: Arc<Vec<[i8; 2]>>,
    ranks: Vec<u16>,
}

/// The writer thread and its queue.
pub(super) struct Writer {
    queue: SyncSender<Job>,
    thread: JoinHandle<Result<usize, TableError>>,
}

impl Writer {
    /// Starts a writer into `dir`.
    pub(super) fn start(dir: PathBuf) -> Writer {
        let (queue, jobs) = sync_channel::<Job>(QUEUE);
        let thread = std::thread::Builder::new()
            .name("tablebase writer".into())
            .spawn(move || {
                let mut files = 0;
                for job in jobs {
                    // The ranks first: a layer counts as built once its values file is there.
                    file::write_ranks(&dir, &job.id, &job.ranks)?;
                    file::write_pairs(&dir, &job.id, &job.values)?;
                    files += 1;
                }
                Ok(files)
            })
            .expect("a thread can be started");
        Writer { queue, thread }
    }

    /// Queues a layer; `false` if the thread has stopped (on an error, which
    /// [`Writer::finish`] returns).
    pub(super) fn send(&self, id: LayerId, values: Arc<Vec<[i8; 2]>>, ranks: Vec<u16>) -> bool {
        self.queue.send(Job { id, values, ranks }).is_ok()
    }

    /// Waits for every queued layer; the values files written.
    pub(super) fn finish(self) -> Result<usize, TableError> {
        drop(self.queue);
        self.thread.join().unwrap_or_else(|_| {
            Err(TableError::Io(
                "the table's writer".into(),
                "stopped unexpectedly".into(),
            ))
        })
    }
}
