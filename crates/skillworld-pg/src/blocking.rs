//! The backend for synchronous callers (a store's hooks, a habitat's
//! writes on blocking threads): the connection and the follower run on a
//! small runtime of their own, and a call waits for its answer on a plain
//! channel, so it works from any thread, inside another runtime or not.

use std::sync::Arc;
use std::time::Duration;

use tokio::runtime::Handle;
use tokio::sync::oneshot;

use crate::{Follower, PgBackend, PgError, PgOptions};

/// A backend with its own runtime; cheap to clone.
#[derive(Clone)]
pub struct PgSync {
    backend: PgBackend,
    handle: Handle,
    _runtime: Arc<RuntimeThread>,
}

/// The runtime's thread; it ends when the last handle goes.
struct RuntimeThread {
    stop: Option<oneshot::Sender<()>>,
}

impl Drop for RuntimeThread {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
    }
}

impl PgSync {
    /// Starts the runtime and connects (migrating the schema).
    pub fn connect(url: &str, options: PgOptions) -> Result<PgSync, PgError> {
        let (handles, started) = std::sync::mpsc::sync_channel(1);
        let (stop, stopped) = oneshot::channel::<()>();
        std::thread::Builder::new()
            .name("skillworld-pg".into())
            .spawn(move || {
                let runtime = tokio::runtime::Builder::new_multi_thread()
                    .worker_threads(1)
                    .thread_name("skillworld-pg")
                    .enable_all()
                    .build()
                    .expect("the PostgreSQL runtime starts");
                let _ = handles.send(runtime.handle().clone());
                runtime.block_on(async {
                    let _ = stopped.await;
                });
            })
            .map_err(|e| PgError::Unavailable {
                reason: format!("cannot start the PostgreSQL thread: {e}"),
            })?;
        let handle = started.recv().map_err(|_| PgError::Unavailable {
            reason: "the PostgreSQL thread did not start".into(),
        })?;
        let runtime = Arc::new(RuntimeThread { stop: Some(stop) });
        let url = url.to_owned();
        let backend = run(
            &handle,
            async move { PgBackend::connect(&url, options).await },
        )?;
        Ok(PgSync {
            backend,
            handle,
            _runtime: runtime,
        })
    }

    pub fn backend(&self) -> &PgBackend {
        &self.backend
    }

    /// Runs `work` on the backend's runtime and waits for its answer.
    pub fn call<T, F>(&self, work: impl FnOnce(PgBackend) -> F) -> T
    where
        F: Future<Output = T> + Send + 'static,
        T: Send + 'static,
    {
        run(&self.handle, work(self.backend.clone()))
    }

    /// Runs `work` on the backend's runtime; await the answer from any
    /// runtime.
    pub async fn call_async<T, F>(&self, work: impl FnOnce(PgBackend) -> F) -> T
    where
        F: Future<Output = T> + Send + 'static,
        T: Send + 'static,
    {
        self.handle
            .spawn(work(self.backend.clone()))
            .await
            .expect("PostgreSQL work does not panic")
    }

    /// A follower on the backend's runtime.
    pub fn follow(&self, tick: Duration) -> Follower {
        let _entered = self.handle.enter();
        Follower::spawn(self.backend.clone(), tick)
    }
}

fn run<T: Send + 'static>(handle: &Handle, work: impl Future<Output = T> + Send + 'static) -> T {
    let (answer, answered) = std::sync::mpsc::sync_channel(1);
    handle.spawn(async move {
        let _ = answer.send(work.await);
    });
    answered.recv().expect("PostgreSQL work does not panic")
}
