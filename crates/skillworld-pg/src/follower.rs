//! How a node hears of other nodes' writes: a task that LISTENs on its own
//! connection and publishes the heads (journal sequence, record version)
//! it hears of. It reads the heads again after every (re)connection and
//! on a slow tick, so a missed notification, a reconnect or a restart
//! costs at most one tick; the node catches up by sequence from its own
//! position, whatever it missed.

use std::time::Duration;

use futures_util::StreamExt;
use tokio::sync::{mpsc, watch};
use tokio::task::JoinHandle;
use tokio_postgres::AsyncMessage;

use crate::{PgBackend, PgError};

const JOURNAL_CHANNEL: &str = "skillworld_journal";
const RECORDS_CHANNEL: &str = "skillworld_records";
/// Reconnection backoff: from the first to the last, doubling.
const BACKOFF: (Duration, Duration) = (Duration::from_millis(50), Duration::from_secs(5));

/// What the follower knows of the database.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Heads {
    /// The last journal sequence committed (that the follower heard of).
    pub journal: u64,
    /// The last record version committed.
    pub records: u64,
    /// Whether the follower's connection is up; while it is not, a node's
    /// world may be behind (stale).
    pub connected: bool,
}

/// The follower task; it stops when dropped.
pub struct Follower {
    heads: watch::Receiver<Heads>,
    task: JoinHandle<()>,
}

impl Follower {
    /// Starts following; `tick` is the safety-net poll of the heads.
    pub fn spawn(backend: PgBackend, tick: Duration) -> Follower {
        let (sender, heads) = watch::channel(Heads::default());
        let task = tokio::spawn(async move {
            let mut backoff = BACKOFF.0;
            loop {
                let error = follow(&backend, &sender, tick, &mut backoff).await;
                sender.send_if_modified(|heads| std::mem::replace(&mut heads.connected, false));
                tracing::warn!(%error, ?backoff, "PostgreSQL follower disconnected; reconnecting");
                tokio::time::sleep(backoff).await;
                backoff = (backoff * 2).min(BACKOFF.1);
            }
        });
        Follower { heads, task }
    }

    /// The heads as they change: wait with `changed()`, read with `borrow()`.
    pub fn heads(&self) -> watch::Receiver<Heads> {
        self.heads.clone()
    }
}

impl Drop for Follower {
    fn drop(&mut self) {
        self.task.abort();
    }
}

/// Follows on one connection until it fails; returns why.
async fn follow(
    backend: &PgBackend,
    sender: &watch::Sender<Heads>,
    tick: Duration,
    backoff: &mut Duration,
) -> PgError {
    let (client, mut connection) = match backend.open().await {
        Ok(connected) => connected,
        Err(error) => return error,
    };
    let (notes, mut heard) = mpsc::unbounded_channel();
    let driver = tokio::spawn(async move {
        let mut messages = futures_util::stream::poll_fn(move |cx| connection.poll_message(cx));
        while let Some(Ok(message)) = messages.next().await {
            if let AsyncMessage::Notification(note) = message
                && notes.send(note).is_err()
            {
                break;
            }
        }
    });
    let _stop_driver = AbortOnDrop(driver);
    // LISTEN before reading the heads: nothing committed in between is lost.
    let listened = backend
        .timed("listening", async {
            client
                .batch_execute(&format!(
                    "LISTEN {JOURNAL_CHANNEL}; LISTEN {RECORDS_CHANNEL}"
                ))
                .await?;
            crate::backend::heads(&client).await
        })
        .await;
    let (journal, records) = match listened {
        Ok(heads) => heads,
        Err(error) => return error,
    };
    publish(sender, Some(journal), Some(records));
    *backoff = BACKOFF.0;
    let mut poll = tokio::time::interval(tick);
    poll.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            note = heard.recv() => {
                let Some(note) = note else {
                    return PgError::Unavailable { reason: "the follower's connection closed".into() };
                };
                let value = note.payload().parse::<u64>().ok();
                match note.channel() {
                    JOURNAL_CHANNEL => publish(sender, value, None),
                    RECORDS_CHANNEL => publish(sender, None, value),
                    _ => {}
                }
            }
            _ = poll.tick() => {
                match backend.timed("polling the heads", crate::backend::heads(&client)).await {
                    Ok((journal, records)) => publish(sender, Some(journal), Some(records)),
                    Err(error) => return error,
                }
            }
        }
    }
}

/// Heads only move forward; `connected` turns on.
fn publish(sender: &watch::Sender<Heads>, journal: Option<u64>, records: Option<u64>) {
    sender.send_if_modified(|heads| {
        let before = *heads;
        heads.journal = heads.journal.max(journal.unwrap_or(0));
        heads.records = heads.records.max(records.unwrap_or(0));
        heads.connected = true;
        *heads != before
    });
}

struct AbortOnDrop(JoinHandle<()>);

impl Drop for AbortOnDrop {
    fn drop(&mut self) {
        self.0.abort();
    }
}
