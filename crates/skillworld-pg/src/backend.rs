//! The connection to the shared database: connecting (and migrating),
//! reconnecting after a loss, and the world's reads — the state as of the
//! head, journal entries after a sequence, blobs.

use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::{Mutex, OwnedMutexGuard};
use tokio_postgres::types::Type;
use tokio_postgres::{Client, Config, NoTls};

use crate::PgError;
use crate::state::Loaded;

/// How a node talks to the database.
#[derive(Clone, Debug)]
pub struct PgOptions {
    /// This node's name, kept on every journal entry it writes.
    pub node: String,
    /// How long connecting may take before the store is unavailable.
    pub connect_timeout: Duration,
    /// How long one operation may take before the store is unavailable
    /// (a write then fails fast instead of hanging on a dead peer).
    pub operation_timeout: Duration,
    /// Compact the shared journal once it holds more than this many bytes
    /// (to half of it): the write that crosses the limit drops the oldest
    /// entries, the row versions nothing sees and the blobs nothing refers to.
    pub journal_limit: u64,
}

/// The default of [`PgOptions::journal_limit`]: 64 MiB, as the redb store's.
pub const JOURNAL_LIMIT: u64 = 64 << 20;

impl PgOptions {
    /// Defaults for a node called `node`: 2 s to connect, 5 s per
    /// operation, [`JOURNAL_LIMIT`].
    pub fn new(node: impl Into<String>) -> Self {
        PgOptions {
            node: node.into(),
            connect_timeout: Duration::from_secs(2),
            operation_timeout: Duration::from_secs(5),
            journal_limit: JOURNAL_LIMIT,
        }
    }
}

/// One journal entry as stored: its global sequence, the entry's bytes
/// (the store's encoding), the node that wrote it and when the database
/// committed it (milliseconds since the epoch, the database's clock).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JournalRow {
    pub seq: u64,
    pub entry: Vec<u8>,
    pub node: String,
    pub at_ms: i64,
}

/// A node's handle on the shared database; cheap to clone. Journal writes
/// share one connection (a node's writes are serialised by its world
/// anyway), everything else another, so a write in progress never waits
/// for itself when it reads or writes a record; a lost connection is made
/// again on the next operation.
#[derive(Clone)]
pub struct PgBackend {
    pub(crate) config: Arc<Config>,
    pub(crate) options: Arc<PgOptions>,
    client: Arc<Mutex<Option<Client>>>,
    writer: Arc<Mutex<Option<Client>>>,
}

impl std::fmt::Debug for PgBackend {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PgBackend")
            .field("node", &self.options.node)
            .finish_non_exhaustive()
    }
}

/// The connection while an operation holds it; dropping a guard whose
/// operation failed for want of the database forgets the connection.
pub(crate) struct Held(OwnedMutexGuard<Option<Client>>);

impl Held {
    pub(crate) fn client(&mut self) -> &mut Client {
        self.0.as_mut().expect("a held connection is open")
    }

    /// Passes `result` on; an unreachable database drops the connection,
    /// so the next operation connects again.
    pub(crate) fn check<T>(&mut self, result: Result<T, PgError>) -> Result<T, PgError> {
        if let Err(error) = &result
            && error.is_unavailable()
        {
            *self.0 = None;
        }
        result
    }

    /// Like [`Held::check`], for work inside a transaction: any failure
    /// drops the connection, which rolls the transaction back, so the
    /// next operation never meets an aborted transaction.
    pub(crate) fn check_txn<T>(&mut self, result: Result<T, PgError>) -> Result<T, PgError> {
        if result.is_err() {
            *self.0 = None;
        }
        result
    }
}

impl PgBackend {
    /// Connects to `url` (`postgres://user@host:port/db`), creating or
    /// migrating the schema; a database with a newer schema is refused.
    pub async fn connect(url: &str, options: PgOptions) -> Result<PgBackend, PgError> {
        let mut config = Config::from_str(url).map_err(|e| PgError::Url {
            url: redact(url),
            reason: e.to_string(),
        })?;
        config.connect_timeout(options.connect_timeout);
        config.application_name(format!("skillworld {}", options.node));
        let backend = PgBackend {
            config: Arc::new(config),
            options: Arc::new(options),
            client: Arc::new(Mutex::new(None)),
            writer: Arc::new(Mutex::new(None)),
        };
        let mut held = backend.hold().await?;
        let migrated = crate::schema::migrate(held.client()).await;
        held.check(migrated)?;
        Ok(backend)
    }

    /// This node's name.
    pub fn node(&self) -> &str {
        &self.options.node
    }

    /// A new connection of its own (the follower's, a job lock's).
    pub(crate) async fn open(
        &self,
    ) -> Result<
        (
            Client,
            tokio_postgres::Connection<tokio_postgres::Socket, tokio_postgres::tls::NoTlsStream>,
        ),
        PgError,
    > {
        match tokio::time::timeout(
            self.options.connect_timeout + Duration::from_millis(500),
            self.config.connect(NoTls),
        )
        .await
        {
            // Whatever stops a connection (refused, unknown database,
            // authentication, a database not accepting connections) leaves
            // this node without its store; the reason says which.
            Ok(connected) => connected.map_err(|error| PgError::Unavailable {
                reason: match PgError::from(error) {
                    PgError::Unavailable { reason } => reason,
                    other => other.to_string(),
                },
            }),
            Err(_) => Err(PgError::timeout("connecting")),
        }
    }

    /// The connection for everything but journal writes, made again if
    /// it was lost.
    pub(crate) async fn hold(&self) -> Result<Held, PgError> {
        self.hold_slot(&self.client).await
    }

    /// The journal writers' connection.
    pub(crate) async fn hold_writer(&self) -> Result<Held, PgError> {
        self.hold_slot(&self.writer).await
    }

    async fn hold_slot(&self, slot: &Arc<Mutex<Option<Client>>>) -> Result<Held, PgError> {
        let mut guard = slot.clone().lock_owned().await;
        if guard.as_ref().is_none_or(Client::is_closed) {
            let (client, connection) = self.open().await?;
            tokio::spawn(async move {
                if let Err(error) = connection.await {
                    tracing::warn!(%error, "PostgreSQL connection lost");
                }
            });
            *guard = Some(client);
        }
        Ok(Held(guard))
    }

    /// Runs `operation` within the operation timeout.
    pub(crate) async fn timed<T>(
        &self,
        what: &str,
        operation: impl Future<Output = Result<T, PgError>>,
    ) -> Result<T, PgError> {
        tokio::time::timeout(self.options.operation_timeout, operation)
            .await
            .unwrap_or_else(|_| Err(PgError::timeout(what)))
    }

    /// Runs `operation` on the shared connection within the operation
    /// timeout; an unreachable database drops the connection (see
    /// [`Held::check`]).
    pub(crate) async fn on_client<T>(
        &self,
        what: &str,
        operation: impl AsyncFnOnce(&mut Client) -> Result<T, PgError>,
    ) -> Result<T, PgError> {
        let mut held = self.hold().await?;
        let result = self.timed(what, operation(held.client())).await;
        held.check(result)
    }

    /// The journal's head (the last sequence committed) and the records'.
    pub async fn heads(&self) -> Result<(u64, u64), PgError> {
        self.on_client("reading the head", async |client| heads(client).await)
            .await
    }

    /// The world's state as of the head, with the shared named
    /// snapshots', in one consistent read.
    pub async fn load(&self) -> Result<Loaded, PgError> {
        self.on_client("loading the world", async |client| {
            let txn = client
                .build_transaction()
                .isolation_level(tokio_postgres::IsolationLevel::RepeatableRead)
                .read_only(true)
                .start()
                .await?;
            let loaded = crate::state::load(&txn).await?;
            txn.commit().await?;
            Ok(loaded)
        })
        .await
    }

    /// The world every node starts from, as (journal position, state):
    /// the stored one, or — for the first node of a new database — `ours`
    /// at position 0. Nodes starting together all get the same one.
    pub async fn checkpoint_or(&self, ours: Vec<u8>) -> Result<(u64, Vec<u8>), PgError> {
        self.on_client("reading the checkpoint", async |client| {
            client
                .execute(
                    "INSERT INTO skillworld_checkpoint (id, seq, state) VALUES (1, 0, $1)
                         ON CONFLICT (id) DO NOTHING",
                    &[&ours],
                )
                .await?;
            let row = client
                .query_one(
                    "SELECT seq, state FROM skillworld_checkpoint WHERE id = 1",
                    &[],
                )
                .await?;
            Ok((row.get::<_, i64>(0) as u64, row.get(1)))
        })
        .await
    }

    /// Journal entries after `seq`, in order, at most `limit`.
    pub async fn entries_after(&self, seq: u64, limit: u32) -> Result<Vec<JournalRow>, PgError> {
        self.on_client("reading the journal", async |client| {
            rows_after(client, seq, Some(limit)).await
        })
        .await
    }

    /// The bundle contents stored under these SHA-256 digests (hex); a
    /// digest not stored is left out.
    pub async fn blobs(&self, digests: &[String]) -> Result<Vec<(String, Vec<u8>)>, PgError> {
        self.on_client("reading blobs", async |client| {
            let rows = client
                .query(
                    "SELECT sha256, bytes FROM skillworld_blobs WHERE sha256 = ANY($1)",
                    &[&digests],
                )
                .await?;
            Ok(rows.iter().map(|r| (r.get(0), r.get(1))).collect())
        })
        .await
    }
}

/// Journal rows after `seq` (at most `limit`), in one round trip; the
/// journal compacted past `seq` is an error (compaction always keeps the
/// newest entry, so a gap shows).
pub(crate) async fn rows_after(
    client: &Client,
    seq: u64,
    limit: Option<u32>,
) -> Result<Vec<JournalRow>, PgError> {
    let limit = limit.map(i64::from);
    let rows = client
        .query_typed(
            "SELECT seq, entry, node, at_ms FROM skillworld_journal
             WHERE seq > $1 ORDER BY seq LIMIT $2",
            &[(&(seq as i64), Type::INT8), (&limit, Type::INT8)],
        )
        .await?;
    let rows: Vec<JournalRow> = rows.iter().map(journal_row).collect();
    match rows.first() {
        Some(first) if first.seq != seq + 1 => Err(PgError::Compacted {
            applied: seq,
            kept_from: first.seq,
        }),
        _ => Ok(rows),
    }
}

fn journal_row(row: &tokio_postgres::Row) -> JournalRow {
    JournalRow {
        seq: row.get::<_, i64>(0) as u64,
        entry: row.get(1),
        node: row.get(2),
        at_ms: row.get(3),
    }
}

pub(crate) async fn heads(client: &Client) -> Result<(u64, u64), PgError> {
    let rows = client
        .query_typed("SELECT name, value FROM skillworld_head", &[])
        .await?;
    let (mut journal, mut records) = (0, 0);
    for row in rows {
        match row.get::<_, &str>(0) {
            "journal" => journal = row.get::<_, i64>(1) as u64,
            "records" => records = row.get::<_, i64>(1) as u64,
            _ => {}
        }
    }
    Ok((journal, records))
}

/// The URL without its password, for messages.
pub fn redact(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(scheme), Some(at)) if at > scheme => {
            let credentials = &url[scheme + 3..at];
            match credentials.find(':') {
                Some(colon) => format!(
                    "{}{}:***{}",
                    &url[..scheme + 3],
                    &credentials[..colon],
                    &url[at..]
                ),
                None => url.to_owned(),
            }
        }
        _ => url.to_owned(),
    }
}
