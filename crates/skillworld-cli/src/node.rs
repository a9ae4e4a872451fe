//! `serve --store postgres://…` (STO-7): this process as one node of a
//! habitat on a shared PostgreSQL database. The node's world is a replica
//! of the shared journal, rebuilt at every start in a local file; the
//! habitat records live in the database; every node needs the same
//! secret key (it seals the shared secrets).

use std::path::Path;
use std::sync::Arc;

use skillworld_habitat::{Habitat, HabitatError, HabitatOptions, Replication, configure_tool_sets};
use skillworld_store::{OpenOptions, Store, shipped_commons, sync_shipped};

use crate::Failure;
use crate::open::{Global, clock, data_dir};

/// The node's replica of the shared world, beside `--db`.
const REPLICA_FILE: &str = "node-replica.redb";

/// A habitat that is one node on the shared store at `url`, its replica
/// in `db`'s folder, not yet caught up (see [`start`]).
pub(crate) fn habitat(
    global: &Global,
    url: &str,
    db: &Path,
    node: &str,
    journal_limit: Option<u64>,
    options: HabitatOptions,
) -> Result<Habitat, Failure> {
    if options.secret_key.is_none() {
        return Err(Failure::usage(
            "a shared store needs the same secret key on every node: set --secret-key, SKILLWORLD_SECRET_KEY or the configuration's secret_key",
        ));
    }
    let replica = data_dir(db).join(REPLICA_FILE);
    // Rebuilt from the shared journal at every start: nothing in it is
    // the node's own.
    if replica.exists() {
        std::fs::remove_file(&replica)
            .map_err(|e| Failure::usage(format!("{}: {e}", replica.display())))?;
    }
    let options_open = OpenOptions {
        clock: Some(clock(global)?),
        ..OpenOptions::default()
    };
    let mut store = Store::open(&replica, options_open)
        .map_err(|e| Failure::usage(format!("{}: {e}", replica.display())))?;
    let pg = skillworld_pg::PgOptions {
        journal_limit: journal_limit.unwrap_or(skillworld_pg::JOURNAL_LIMIT),
        ..skillworld_pg::PgOptions::new(node)
    };
    let (replication, records) =
        Replication::connect(url, pg).map_err(|e| Failure::usage(e.to_string()))?;
    replication
        .start(&mut store)
        .map_err(|e| Failure::usage(e.to_string()))?;
    let records = Arc::new(records);
    store.set_record_backend(records.clone());
    store.set_run_backend(records);
    let habitat = Habitat::new(store, options).map_err(|e| Failure::usage(e.to_string()))?;
    Ok(habitat.with_replication(replication))
}

/// Catches the node up with the shared journal, syncs the shipped Commons,
/// the configured tool sets and trust policy through it (the first node seeds the
/// habitat; the others find it done), and starts following.
pub(crate) async fn start(
    habitat: &Arc<Habitat>,
    tool_sets: &std::collections::BTreeMap<String, Vec<String>>,
    needs_approval: Option<Vec<skillworld_core::Trust>>,
) -> Result<(), Failure> {
    habitat
        .catch_up()
        .await
        .map_err(|e| Failure::usage(e.to_string()))?;
    let tool_sets = tool_sets.clone();
    habitat
        .write(move |store| {
            store.run(|world| sync_shipped(world, shipped_commons()))??;
            configure_tool_sets(store, &tool_sets)?;
            skillworld_habitat::configure_trust_policy(store, needs_approval.as_deref())?;
            Ok::<(), HabitatError>(())
        })
        .await
        .map_err(|e| Failure::usage(e.to_string()))?;
    tokio::spawn(habitat.clone().follow());
    Ok(())
}
