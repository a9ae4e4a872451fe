//! Deferred commits: a committer thread makes batches (journal entries
//! and the rows they changed) durable, in sequence order, many per
//! transaction, while the world goes on serving. A server applies a write
//! in memory under its lock, hands the batch here, lets go of the lock and
//! waits for the fsync; everyone who wrote meanwhile shares the next one
//! (group commit). Compaction, when due, runs here too, between commits.

use std::sync::mpsc;
use std::sync::{Arc, Condvar, Mutex};
use std::thread::JoinHandle;

use crate::StoreError;
use crate::backend::{Backend, Batch};

/// Called once the entries it came with are durable, or failed to be.
pub(crate) type Notify = Box<dyn FnOnce(Result<(), StoreError>) + Send>;

/// The most sends one transaction takes.
const MAX_SENDS: usize = 1_024;

struct Queued {
    batches: Vec<Batch>,
    notify: Option<Notify>,
}

/// The committer thread and how many batches it has not finished.
pub(crate) struct Committer {
    sender: Option<mpsc::Sender<Queued>>,
    thread: Option<JoinHandle<()>>,
    outstanding: Arc<(Mutex<usize>, Condvar)>,
}

impl Committer {
    /// Starts the thread.
    pub(crate) fn spawn(backend: Arc<dyn Backend>) -> Committer {
        let (sender, receiver) = mpsc::channel::<Queued>();
        let outstanding = Arc::new((Mutex::new(0usize), Condvar::new()));
        let counter = outstanding.clone();
        let thread = std::thread::Builder::new()
            .name("skillworld-commit".into())
            .spawn(move || {
                while let Ok(first) = receiver.recv() {
                    let mut sends = vec![first];
                    while sends.len() < MAX_SENDS {
                        match receiver.try_recv() {
                            Ok(send) => sends.push(send),
                            Err(_) => break,
                        }
                    }
                    let finished = sends.len();
                    let (batches, notifies): (Vec<Vec<Batch>>, Vec<Option<Notify>>) =
                        sends.into_iter().map(|s| (s.batches, s.notify)).unzip();
                    let batches: Vec<Batch> = batches.into_iter().flatten().collect();
                    let outcome = backend.commit(&batches).map_err(|e| e.to_string());
                    for notify in notifies.into_iter().flatten() {
                        notify(outcome.clone().map_err(StoreError::Commit));
                    }
                    // Everything is durable already; a failed compaction is
                    // tried again at the next commit.
                    if let Err(error) = backend.compact_if_due() {
                        tracing::warn!(%error, "compacting the journal failed");
                    }
                    let (count, idle) = &*counter;
                    let mut count = count.lock().unwrap_or_else(|p| p.into_inner());
                    *count -= finished;
                    idle.notify_all();
                }
            })
            .expect("the committer thread starts");
        Committer {
            sender: Some(sender),
            thread: Some(thread),
            outstanding,
        }
    }

    /// Queues batches (in sequence order after everything queued before).
    pub(crate) fn send(&self, batches: Vec<Batch>, notify: Option<Notify>) {
        let (count, _) = &*self.outstanding;
        *count.lock().unwrap_or_else(|p| p.into_inner()) += 1;
        let send = Queued { batches, notify };
        if let Err(mpsc::SendError(send)) = self
            .sender
            .as_ref()
            .expect("the sender lives as long as the committer")
            .send(send)
        {
            // The thread is gone only when it panicked: say so to the waiter.
            if let Some(notify) = send.notify {
                notify(Err(StoreError::WriterStopped));
            }
        }
    }

    /// Queues batches and waits until they are durable.
    pub(crate) fn commit(&self, batches: Vec<Batch>) -> Result<(), StoreError> {
        let (done, outcome) = mpsc::sync_channel(1);
        self.send(
            batches,
            Some(Box::new(move |result| {
                let _ = done.send(result);
            })),
        );
        outcome.recv().map_err(|_| StoreError::WriterStopped)?
    }

    /// Waits until everything queued is durable (or failed).
    pub(crate) fn wait_idle(&self) {
        let (count, idle) = &*self.outstanding;
        let mut count = count.lock().unwrap_or_else(|p| p.into_inner());
        while *count > 0 {
            count = idle.wait(count).unwrap_or_else(|p| p.into_inner());
        }
    }
}

impl Drop for Committer {
    fn drop(&mut self) {
        // Closing the channel lets the thread finish what is queued and end.
        self.sender.take();
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}
