//! Deferred commits: a committer thread makes journal entries durable, in
//! sequence order, many per transaction, while the world goes on serving.
//! A server applies a write in memory under its lock, hands the entries
//! here, lets go of the lock and waits for the fsync; everyone who wrote
//! meanwhile shares the next one (group commit). Checkpoints captured in
//! between are encoded and written here too, after the entries before them.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Condvar, Mutex};
use std::thread::JoinHandle;

use redb::{Database, Durability};

use crate::StoreError;
use crate::layout::{JOURNAL, StoredSnapshot, write_checkpoint};

/// Called once the entries it came with are durable, or failed to be.
pub(crate) type Notify = Box<dyn FnOnce(Result<(), StoreError>) + Send>;

/// Encoded journal entries with their sequence numbers, in order.
pub(crate) type Entries = Vec<(u64, Vec<u8>)>;

/// The most batches one transaction takes.
const MAX_BATCHES: usize = 1_024;

struct Batch {
    entries: Entries,
    notify: Option<Notify>,
    /// The world as of the end of these entries, to write as the opening
    /// checkpoint once they are durable.
    checkpoint: Option<StoredSnapshot>,
}

/// The committer thread and how many batches it has not finished.
pub(crate) struct Committer {
    sender: Option<mpsc::Sender<Batch>>,
    thread: Option<JoinHandle<()>>,
    outstanding: Arc<(Mutex<usize>, Condvar)>,
}

impl Committer {
    /// Starts the thread; it records each checkpoint's size in
    /// `checkpoint_bytes`.
    pub(crate) fn spawn(db: Arc<Database>, checkpoint_bytes: Arc<AtomicU64>) -> Committer {
        let (sender, receiver) = mpsc::channel::<Batch>();
        let outstanding = Arc::new((Mutex::new(0usize), Condvar::new()));
        let counter = outstanding.clone();
        let thread = std::thread::Builder::new()
            .name("skillworld-commit".into())
            .spawn(move || {
                while let Ok(first) = receiver.recv() {
                    let mut batches = vec![first];
                    while batches.len() < MAX_BATCHES {
                        match receiver.try_recv() {
                            Ok(batch) => batches.push(batch),
                            Err(_) => break,
                        }
                    }
                    let outcome = write(&db, &batches).map_err(|e| e.to_string());
                    let finished = batches.len();
                    let mut checkpoint = None;
                    for batch in batches {
                        if let Some(notify) = batch.notify {
                            notify(outcome.clone().map_err(StoreError::Commit));
                        }
                        checkpoint = batch.checkpoint.or(checkpoint);
                    }
                    // Only after its entries are durable: a checkpoint must
                    // never be ahead of the journal.
                    if let Some(snapshot) = checkpoint.filter(|_| outcome.is_ok()) {
                        match write_checkpoint(&db, snapshot) {
                            Ok(bytes) => checkpoint_bytes.store(bytes, Ordering::Relaxed),
                            // The journal still holds everything; the next
                            // checkpoint tries again.
                            Err(error) => tracing::warn!(%error, "writing a checkpoint failed"),
                        }
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

    /// Queues entries (in sequence order after everything queued before),
    /// and a checkpoint to write after them.
    pub(crate) fn send(
        &self,
        entries: Entries,
        notify: Option<Notify>,
        checkpoint: Option<StoredSnapshot>,
    ) {
        let (count, _) = &*self.outstanding;
        *count.lock().unwrap_or_else(|p| p.into_inner()) += 1;
        let batch = Batch {
            entries,
            notify,
            checkpoint,
        };
        if let Err(mpsc::SendError(batch)) = self
            .sender
            .as_ref()
            .expect("the sender lives as long as the committer")
            .send(batch)
        {
            // The thread is gone only when it panicked: say so to the waiter.
            if let Some(notify) = batch.notify {
                notify(Err(StoreError::WriterStopped));
            }
        }
    }

    /// Queues entries and waits until they are durable.
    pub(crate) fn commit(&self, entries: Entries) -> Result<(), StoreError> {
        let (done, outcome) = mpsc::sync_channel(1);
        self.send(
            entries,
            Some(Box::new(move |result| {
                let _ = done.send(result);
            })),
            None,
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

fn write(db: &Database, batches: &[Batch]) -> Result<(), StoreError> {
    if batches.iter().all(|batch| batch.entries.is_empty()) {
        return Ok(());
    }
    let mut txn = db.begin_write()?;
    txn.set_durability(Durability::Immediate)?;
    {
        let mut journal = txn.open_table(JOURNAL)?;
        for batch in batches {
            for (seq, bytes) in &batch.entries {
                journal.insert(*seq, bytes.as_slice())?;
            }
        }
    }
    txn.commit()?;
    Ok(())
}
