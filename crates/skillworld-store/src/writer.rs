//! Group commit for many writers (STO-2): one thread owns the store; callers
//! on any thread send work and wait for its acknowledgement. Work that
//! arrives while a commit is under way is applied together and made durable
//! by the next single commit.

use std::sync::mpsc;
use std::thread::JoinHandle;

use skillworld_world::SkillWorld;

use crate::{Store, StoreError};

type Job = Box<dyn FnOnce(&mut SkillWorld) + Send>;

/// The most jobs one commit takes.
const MAX_BATCH: usize = 1_000;

/// A handle to the writer thread; clone it for every writing thread.
#[derive(Clone)]
pub struct Writer {
    jobs: mpsc::Sender<(Job, mpsc::SyncSender<Result<(), String>>)>,
}

/// The writer thread, to stop and get the store back.
pub struct WriterThread {
    handle: JoinHandle<Store>,
}

impl WriterThread {
    /// Waits until every [`Writer`] handle is dropped and the last batch is
    /// committed, and returns the store.
    pub fn join(self) -> Store {
        self.handle
            .join()
            .expect("the writer thread does not panic")
    }
}

impl Writer {
    /// Starts the writer thread that owns `store`.
    pub fn spawn(mut store: Store) -> (Writer, WriterThread) {
        let (jobs, queue) = mpsc::channel::<(Job, mpsc::SyncSender<Result<(), String>>)>();
        let handle = std::thread::spawn(move || {
            while let Ok(first) = queue.recv() {
                let mut batch = vec![first];
                while batch.len() < MAX_BATCH {
                    match queue.try_recv() {
                        Ok(job) => batch.push(job),
                        Err(_) => break,
                    }
                }
                let (work, replies): (Vec<Job>, Vec<_>) = batch.into_iter().unzip();
                let outcome = store
                    .run(|world| {
                        for job in work {
                            job(world);
                        }
                    })
                    .map_err(|e| e.to_string());
                for reply in replies {
                    let _ = reply.send(outcome.clone());
                }
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
        let (ack_tx, ack_rx) = mpsc::sync_channel(1);
        let job: Job = Box::new(move |world| {
            let _ = result_tx.send(work(world));
        });
        self.jobs
            .send((job, ack_tx))
            .map_err(|_| StoreError::WriterStopped)?;
        let committed = ack_rx.recv().map_err(|_| StoreError::WriterStopped)?;
        committed.map_err(StoreError::Commit)?;
        result_rx.recv().map_err(|_| StoreError::WriterStopped)
    }
}
