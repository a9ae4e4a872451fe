use thiserror::Error;

/// Why an operation on the PostgreSQL backend failed.
#[derive(Debug, Error)]
pub enum PgError {
    /// The database cannot be reached (refused, timed out, the connection
    /// dropped). Writes fail fast with it; a habitat answers 503 and keeps
    /// serving reads from its own world, marked stale.
    #[error("store unavailable: the PostgreSQL database cannot be reached ({reason})")]
    Unavailable { reason: String },
    /// The URL does not parse as a PostgreSQL connection string.
    #[error("store URL {url:?}: {reason}")]
    Url { url: String, reason: String },
    /// The database was migrated by a newer skillworld.
    #[error(
        "PostgreSQL store: schema version {found} is newer than this skillworld supports ({supported}); upgrade skillworld"
    )]
    NewerSchema { found: i32, supported: i32 },
    /// The database answered with an error (a constraint, a permission,
    /// a malformed statement).
    #[error("PostgreSQL store: {0}")]
    Database(String),
    /// A stored value is not what this version expects.
    #[error("PostgreSQL store: stored {what} is malformed: {reason}")]
    Corrupt { what: String, reason: String },
    /// The journal after this node's position was compacted away: the
    /// node starts again from the state rows ([`crate::PgBackend::load`]).
    #[error(
        "the shared journal was compacted past this node's position {applied} (it starts at {kept_from}); reload from the state tables"
    )]
    Compacted { applied: u64, kept_from: u64 },
    /// The agent already has a review run in progress (EVO-2: one at a time).
    #[error("agent '{agent}' already has a review run in progress; one at a time")]
    RunInProgress { agent: String },
}

impl From<tokio_postgres::Error> for PgError {
    fn from(error: tokio_postgres::Error) -> Self {
        // A database error carries an SQLSTATE; anything else (closed
        // connection, I/O, timeout, protocol) means the database is out of
        // reach, except the few SQLSTATEs that also say so.
        match error.code() {
            Some(code) if !unavailable_state(code.code()) => {
                let detail = error
                    .as_db_error()
                    .map(|db| db.message().to_owned())
                    .unwrap_or_else(|| error.to_string());
                PgError::Database(format!("{detail} (SQLSTATE {})", code.code()))
            }
            _ => PgError::Unavailable {
                reason: source_chain(&error),
            },
        }
    }
}

/// Connection exceptions (08…), operator intervention (57P…: shutdown,
/// terminated backend) and too many connections (53300).
fn unavailable_state(code: &str) -> bool {
    code.starts_with("08") || code.starts_with("57P") || code == "53300"
}

fn source_chain(error: &dyn std::error::Error) -> String {
    let mut text = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        let next = cause.to_string();
        if !text.contains(&next) {
            text.push_str(": ");
            text.push_str(&next);
        }
        source = cause.source();
    }
    text
}

impl PgError {
    /// Whether the database was out of reach (503 territory), as opposed
    /// to refusing what was asked.
    pub fn is_unavailable(&self) -> bool {
        matches!(self, PgError::Unavailable { .. })
    }

    pub(crate) fn timeout(what: &str) -> PgError {
        PgError::Unavailable {
            reason: format!("{what} timed out"),
        }
    }
}
