//! Snapshot digests off the writer's path (STO-5). Taking a snapshot
//! writes its record at once with no digest; a thread of the store then
//! reads the rows as of the snapshot's position in a read transaction
//! (redb's readers see a fixed version and block no writer), hashes them
//! and fills the digest in. A record left without one (the process
//! stopped first) is digested again when the file is opened.

use std::sync::Arc;
use std::thread::JoinHandle;

use crate::StoreError;
use crate::backend::Backend;
use crate::layout::SnapshotRecord;

/// The digest threads a store started and has not waited for.
#[derive(Default)]
pub(crate) struct Digests {
    running: Vec<JoinHandle<()>>,
}

impl Digests {
    /// Computes `record`'s digest on a thread of its own, when it has none.
    pub(crate) fn start(&mut self, backend: &Arc<dyn Backend>, record: &SnapshotRecord) {
        if record.digest.is_some() || record.whole {
            return;
        }
        self.running.retain(|thread| !thread.is_finished());
        let backend = backend.clone();
        let (name, seq) = (record.name.clone(), record.seq);
        let thread = std::thread::Builder::new()
            .name("skillworld-digest".into())
            .spawn(move || {
                if let Err(error) = digest(&*backend, &name, seq) {
                    tracing::warn!(snapshot = %name.escape_debug(), %error, "computing a snapshot's digest failed; tried again on the next open");
                }
            });
        match thread {
            Ok(thread) => self.running.push(thread),
            Err(error) => tracing::warn!(%error, "no thread for a snapshot's digest"),
        }
    }

    /// Waits until every digest started is written.
    pub(crate) fn wait(&mut self) {
        for thread in self.running.drain(..) {
            let _ = thread.join();
        }
    }
}

impl Drop for Digests {
    fn drop(&mut self) {
        self.wait();
    }
}

/// The digest of the rows as of `seq`, written into `name`'s record.
fn digest(backend: &dyn Backend, name: &str, seq: u64) -> Result<(), StoreError> {
    let digest = backend.load(Some(seq))?.digest();
    backend.set_snapshot_digest(name, seq, &digest)
}
