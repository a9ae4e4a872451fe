//! Opening the world: the global options, where the database is, the
//! store over it (with the shipped Commons synced in) and the habitat over
//! that store, and the failures opening it can end in.

use std::path::{Path, PathBuf};

use skillworld_core::Timestamp;
use skillworld_habitat::{Habitat, HabitatOptions};
use skillworld_store::{
    OpenOptions, Store, StoreError, Unpublished, create_with_shipped, open_with_shipped,
};
use skillworld_world::{Clock, SkillWorld, WorldError};

use crate::{Failure, person};

/// Beside the database while a server holds it: who holds it and where it
/// answers, for the message other commands print.
const HOLDER_SUFFIX: &str = "serve";

/// The global options.
pub struct Global {
    pub json: bool,
    pub db: Option<PathBuf>,
    /// `--store URL` / `SKILLWORLD_STORE` (STO-7).
    pub store: Option<String>,
    pub now: Option<String>,
}

/// `world.redb` in the data directory (`$XDG_DATA_HOME/skillworld`, else
/// `~/.local/share/skillworld`).
fn default_db() -> Result<PathBuf, Failure> {
    let base = std::env::var_os("XDG_DATA_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|home| PathBuf::from(home).join(".local/share")))
        .ok_or_else(|| Failure::usage("no data directory: set --db, SKILLWORLD_DB or HOME"))?;
    let dir = base.join("skillworld");
    std::fs::create_dir_all(&dir).map_err(|e| Failure::usage(format!("{}: {e}", dir.display())))?;
    Ok(dir.join("world.redb"))
}

pub(crate) fn clock(global: &Global) -> Result<Clock, Failure> {
    match &global.now {
        None => Ok(Clock::Wall),
        Some(text) => {
            let at: jiff::Timestamp = text.parse().map_err(|e| {
                Failure::usage(format!("--now '{text}' is not an RFC 3339 time: {e}"))
            })?;
            Ok(Clock::Simulated(Timestamp::from_millis(
                at.as_millisecond(),
            )))
        }
    }
}

/// The database the global options name.
pub fn db_path(global: &Global) -> Result<PathBuf, Failure> {
    match &global.db {
        Some(path) => Ok(path.clone()),
        None => default_db(),
    }
}

/// Opens (or creates, seeded with the shipped Commons) the database, and
/// syncs the shipped Commons into it, for a command that ends with the
/// store: the memory it frees stays the process's (no page handed back to
/// the kernel and faulted in again), and the world is left for the exit
/// to take back rather than freed entity by entity.
pub(crate) fn open(global: &Global) -> Result<Store, Failure> {
    crate::keep_freed_memory();
    let mut store = open_with(global, &db_path(global)?, Some(COMMAND_CACHE_BYTES))?;
    store.leave_world_to_exit();
    Ok(store)
}

/// The pages redb keeps in memory for a command (a server keeps the
/// store's default): opening reads every row once, and a larger cache only
/// filled fresh memory with pages nothing reads again (issue 19: with
/// 64 MiB, a 100,000-skill open took 30 ms more CPU and 51 MB more).
const COMMAND_CACHE_BYTES: usize = 16 << 20;

/// [`open`] at `path`; a database a server holds is refused at once,
/// naming the server.
pub fn open_at(global: &Global, path: &Path) -> Result<Store, Failure> {
    open_with(global, path, None)
}

/// [`open_at`] with redb's cache of `cache_bytes` (`None`: the store's
/// default).
fn open_with(global: &Global, path: &Path, cache_bytes: Option<usize>) -> Result<Store, Failure> {
    if let Some(url) = shared_store(global)? {
        return Err(Failure::usage(format!(
            "--store {}: only `serve` runs on a shared PostgreSQL store; use a node's HTTP API, or --db for a local file",
            skillworld_pg::redact(&url)
        )));
    }
    let options = OpenOptions {
        clock: Some(clock(global)?),
        cache_bytes,
        ..OpenOptions::default()
    };
    open_with_shipped(path, options).map_err(|error| match error {
        StoreError::InUse { .. } => match holder_of(path) {
            Some(holder) => Failure::usage(format!(
                "{}: in use by {holder}; use its HTTP API meanwhile",
                path.display()
            )),
            None => Failure::usage(error.to_string()),
        },
        StoreError::World(error) => world_failure(error),
        other => Failure::usage(other.to_string()),
    })
}

/// A database that does not exist yet, for a command that fills it all at
/// once (a bulk import): built at a private path with no fsync until
/// [`Unpublished::publish`]. `None` when the database exists (or the
/// options name a shared store, which [`open`] refuses).
pub(crate) fn create_unpublished(global: &Global) -> Result<Option<(Store, Unpublished)>, Failure> {
    let path = db_path(global)?;
    if shared_store(global)?.is_some() || path.exists() {
        return Ok(None);
    }
    let options = OpenOptions {
        clock: Some(clock(global)?),
        ..OpenOptions::default()
    };
    let (mut store, unpublished) = create_with_shipped(&path, options).map_err(store_failure)?;
    // The import ends with the store (see `open`).
    store.leave_world_to_exit();
    Ok(Some((store, unpublished)))
}

/// Runs `work` on the world and commits what it wrote.
pub(crate) fn with_world<T>(
    global: &Global,
    work: impl FnOnce(&mut SkillWorld) -> Result<T, WorldError>,
) -> Result<T, Failure> {
    run_world(global, work, world_failure)
}

/// [`with_world`] with its own wording of the world's errors.
pub(crate) fn run_world<T>(
    global: &Global,
    work: impl FnOnce(&mut SkillWorld) -> Result<T, WorldError>,
    failure: impl Fn(WorldError) -> Failure,
) -> Result<T, Failure> {
    let mut store = open(global)?;
    store.run(work).map_err(store_failure)?.map_err(failure)
}

pub(crate) fn store_failure(error: StoreError) -> Failure {
    Failure::usage(person::store_error(&error))
}

pub(crate) fn world_failure(error: WorldError) -> Failure {
    Failure::failed(person::world_error(&error, None))
}

pub(crate) fn holder_file(db: &Path) -> PathBuf {
    let mut name = db.file_name().unwrap_or_default().to_os_string();
    name.push(format!(".{HOLDER_SUFFIX}"));
    db.with_file_name(name)
}

/// Who holds `db`, as a sentence, when a server said so.
pub fn holder_of(db: &Path) -> Option<String> {
    std::fs::read_to_string(holder_file(db))
        .ok()
        .map(|text| text.trim().to_owned())
}

pub(crate) fn data_dir(db: &Path) -> PathBuf {
    db.parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
        .to_owned()
}

/// A habitat over the database, not serving (the secret key from
/// `SKILLWORLD_SECRET_KEY`, else the key file beside the database).
pub fn open_habitat(global: &Global) -> Result<Habitat, Failure> {
    let db = db_path(global)?;
    let store = open_at(global, &db)?;
    let options = HabitatOptions {
        secret_key: std::env::var("SKILLWORLD_SECRET_KEY").ok(),
        ..HabitatOptions::new(data_dir(&db))
    };
    Habitat::new(store, options).map_err(|e| Failure::usage(e.to_string()))
}

/// The shared store's URL, when `--store` (or `SKILLWORLD_STORE`) names one.
pub(crate) fn shared_store(global: &Global) -> Result<Option<String>, Failure> {
    match global.store.as_deref().map(str::trim) {
        None | Some("") => Ok(None),
        Some(url) if url.starts_with("postgres://") || url.starts_with("postgresql://") => {
            Ok(Some(url.to_owned()))
        }
        Some(other) => Err(Failure::usage(format!(
            "--store {}: not a store URL; give postgres://USER@HOST:PORT/DATABASE (or leave it out for the local file --db names)",
            skillworld_pg::redact(other)
        ))),
    }
}
