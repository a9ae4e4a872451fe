//! The database's schema: versioned migrations, applied in order at start
//! by whichever node gets there first, and a refusal of a database that a
//! newer skillworld migrated.

use tokio_postgres::Client;

use crate::PgError;

/// The schema version this build writes and reads.
pub const SCHEMA_VERSION: i32 = 3;

/// Migration N brings the schema from version N-1 to N. Never edit one
/// that has shipped: add the next.
const MIGRATIONS: &[&str] = &[
    // 1: the STO-5 tables, the journal's head and the habitat records.
    r#"
    -- The heads: 'journal' (the last journal sequence) and 'records' (the
    -- last record version). Every writer locks its row FOR UPDATE, so
    -- entries commit in one global order with no gaps and no lost updates.
    CREATE TABLE skillworld_head (
        name text PRIMARY KEY,
        value bigint NOT NULL
    );
    INSERT INTO skillworld_head (name, value) VALUES ('journal', 0), ('records', 0);
    -- Every applied command, by global sequence (1, 2, ...).
    CREATE TABLE skillworld_journal (
        seq bigint PRIMARY KEY,
        entry bytea NOT NULL,
        node text NOT NULL,
        at_ms bigint NOT NULL
    );
    -- The world every node starts from: its state (the store's encoding)
    -- as of journal position seq; the entries after seq apply to it.
    CREATE TABLE skillworld_checkpoint (
        id int PRIMARY KEY CHECK (id = 1),
        seq bigint NOT NULL,
        state bytea NOT NULL
    );
    -- The world's state as of the head: entities by stable id, the
    -- world's own row, bundle contents by SHA-256.
    CREATE TABLE skillworld_entities (
        id bigint PRIMARY KEY,
        row bytea NOT NULL,
        seq bigint NOT NULL
    );
    CREATE TABLE skillworld_world (
        id int PRIMARY KEY CHECK (id = 1),
        row bytea NOT NULL,
        seq bigint NOT NULL
    );
    CREATE TABLE skillworld_blobs (
        sha256 text PRIMARY KEY,
        bytes bytea NOT NULL
    );
    -- Habitat records (tokens by hash, sealed secrets, MCP registrations,
    -- curator state, jobs): outside the world state. A delete leaves a
    -- tombstone (value NULL) so followers see it by version.
    CREATE TABLE skillworld_records (
        kind text NOT NULL,
        key text NOT NULL,
        value bytea,
        version bigint NOT NULL,
        PRIMARY KEY (kind, key)
    );
    CREATE INDEX skillworld_records_version ON skillworld_records (version);
    -- Review runs (EVO-2); at most one running run per agent.
    CREATE TABLE skillworld_runs (
        id bigint PRIMARY KEY,
        agent text NOT NULL,
        kind text NOT NULL,
        status text NOT NULL,
        body bytea NOT NULL
    );
    CREATE SEQUENCE skillworld_run_ids;
    CREATE UNIQUE INDEX skillworld_runs_one_running ON skillworld_runs (agent)
        WHERE status = 'running';
    "#,
    // 2: the state by row versions (schema 1's entity and world tables
    // were never written), shared named snapshots over them, and the heads
    // that compaction and starting from the tables need.
    r#"
    DROP TABLE skillworld_entities;
    DROP TABLE skillworld_world;
    -- Every version of every row (the store's encoding; id 0 is the
    -- world's own row) from the journal position `seq` on; `row` NULL: the
    -- id was removed at `seq`. The state as of position P is, per id, the
    -- newest version with seq <= P. `blobs`: the SHA-256 digests (hex) of
    -- the bundle contents the row refers to.
    CREATE TABLE skillworld_rows (
        id bigint NOT NULL,
        seq bigint NOT NULL,
        row bytea,
        blobs text[] NOT NULL,
        PRIMARY KEY (id, seq)
    );
    -- Shared named snapshots: the state as of journal position `seq`,
    -- kept by keeping the row versions it sees.
    CREATE TABLE skillworld_snapshots (
        name text PRIMARY KEY,
        seq bigint NOT NULL,
        at_ms bigint NOT NULL
    );
    -- 'rows_from': the position at which the rows were first filled with
    -- the whole state (-1: not yet; a database of schema 1 is filled by
    -- the first node of this version that starts). 'journal_bytes': the
    -- bytes of the kept journal.
    INSERT INTO skillworld_head (name, value) VALUES
        ('rows_from', -1),
        ('journal_bytes', (SELECT coalesce(sum(octet_length(entry)), 0) FROM skillworld_journal));
    "#,
    // 3: rows in the store's schema-5 encoding (skills' and files' fields
    // binary, issue 19). The tables do not change: a node of this version
    // reads rows of either encoding and writes the new one, which a node
    // of version 2 cannot decode, so the version refuses it here, by name.
    r#"
    COMMENT ON COLUMN skillworld_rows.row IS
        'the store''s row encoding: schema 5 (binary fields) or, written before it, 4 (JSON)';
    "#,
];

/// Serialises migrations between nodes starting together.
const MIGRATION_LOCK: i64 = 0x736b_696c_6c77_0001;

/// Creates or migrates the schema, refusing one newer than this build's.
pub(crate) async fn migrate(client: &mut Client) -> Result<i32, PgError> {
    let txn = client.transaction().await?;
    txn.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK])
        .await?;
    txn.batch_execute(
        "CREATE TABLE IF NOT EXISTS skillworld_schema (
            id int PRIMARY KEY CHECK (id = 1),
            version int NOT NULL
        )",
    )
    .await?;
    let found: i32 = match txn
        .query_opt("SELECT version FROM skillworld_schema WHERE id = 1", &[])
        .await?
    {
        Some(row) => row.get(0),
        None => 0,
    };
    if found > SCHEMA_VERSION {
        return Err(PgError::NewerSchema {
            found,
            supported: SCHEMA_VERSION,
        });
    }
    for (index, migration) in MIGRATIONS.iter().enumerate().skip(found as usize) {
        txn.batch_execute(migration).await?;
        tracing::info!(version = index + 1, "PostgreSQL schema migrated");
    }
    txn.execute(
        "INSERT INTO skillworld_schema (id, version) VALUES (1, $1)
         ON CONFLICT (id) DO UPDATE SET version = EXCLUDED.version",
        &[&SCHEMA_VERSION],
    )
    .await?;
    txn.commit().await?;
    Ok(SCHEMA_VERSION)
}
