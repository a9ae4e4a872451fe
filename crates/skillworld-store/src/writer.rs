//! Many writing threads, one store (STO-2): one thread owns the store and
//! applies each caller's work as it arrives; the store's group commit
//! makes it durable together with whatever else arrived meanwhile, and the
//! caller gets its result once its writes are on disk.

use std::sync::mpsc;
use std::thread::JoinHandle;

use skillworld_world::SkillWorld;

use crate::{Store, StoreError};

type Job = Box<dyn FnOnce(&mut SkillWorld) + Send>;
type Ack = mpsc::SyncSender<Result<(), StoreError>>;

/// A handle to the writer thread; clone it for every writing thread.
#[derive(Clone)]
pub struct Writer {
    jobs: mpsc::Sender<(Job, Ack)>,
}

/// The writer thread, to stop and get the store back.
pub struct WriterThread {
    handle: JoinHandle<Store>,
}

impl WriterThread {
    /// Waits until every [`Writer`] handle is dropped and the last write is
    /// applied, and returns the store.
    pub fn join(self) -> Store {
        self.handle
            .join()
            .expect("the writer thread does not panic")
    }
}

impl Writer {
    /// Starts the writer thread that owns `store`, with group commit on.
    pub fn spawn(mut store: Store) -> (Writer, WriterThread) {
        let (jobs, queue) = mpsc::channel::<(Job, Ack)>();
        let handle = std::thread::spawn(move || {
            store.group_commit();
            while let Ok((job, ack)) = queue.recv() {
                let durable = ack.clone();
                let applied = store.defer(
                    |store| store.run(job),
                    move |outcome| {
                        let _ = durable.send(outcome);
                    },
                );
                let _ = ack.send(applied);
            }
            store
        });
        (Writer { jobs }, WriterThread { handle })
    }

    /// Runs `work` on the world and returns its result once what it wrote
    /// is durable (committed with whatever else arrived meanwhile).
    pub fn write<T: Send + 'static>(
        &self,
        work: impl FnOnce(&mut SkillWorld) -> T + Send + 'static,
    ) -> Result<T, StoreError> {
        let (result_tx, result_rx) = mpsc::sync_channel(1);
        // Two answers, in either order: whether applying it succeeded (a
        // checkpoint it triggers can fail) and whether it became durable.
        let (ack_tx, ack_rx) = mpsc::sync_channel(2);
        let job: Job = Box::new(move |world| {
            let _ = result_tx.send(work(world));
        });
        self.jobs
            .send((job, ack_tx))
            .map_err(|_| StoreError::WriterStopped)?;
        let first = ack_rx.recv().map_err(|_| StoreError::WriterStopped)?;
        let second = ack_rx.recv().map_err(|_| StoreError::WriterStopped)?;
        first.and(second)?;
        result_rx.recv().map_err(|_| StoreError::WriterStopped)
    }
}
