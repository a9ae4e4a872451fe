//! The habitat's state: the store with its world, the tokens, the secret
//! cipher and the options, shared by every request.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock, RwLock, RwLockReadGuard, RwLockWriteGuard};

use serde::Deserialize;
use skillworld_core::{Preflight, Skill};
use skillworld_evolve::{ReviewModel, Reviewer, StoreAccess};
use skillworld_sandbox::SandboxConfig;
use skillworld_store::{Store, StoreError};
use skillworld_world::{Layer, Switches, WorldError};
use thiserror::Error;
use tokio::sync::Mutex;

use crate::RunLimits;
use crate::binding::BindingError;
use crate::preflight::{Endpoints, Offer, preflight};
use crate::probe::{MAX_ENDPOINTS_PER_SKILL, Prober};
use crate::secrets::{MaskedSecret, SecretBox, SecretError, write_private};
use crate::tokens::{TokenKind, Tokens};

/// The largest request body by default (a bundle upload).
pub const DEFAULT_MAX_BODY_BYTES: usize = 16 * 1024 * 1024;
/// The admin token's file in the data directory.
pub const ADMIN_TOKEN_FILE: &str = "admin.token";
/// The secret key's file in the data directory, when none is configured.
pub const SECRET_KEY_FILE: &str = "secret.key";

/// Why the habitat could not start or do what it was asked.
#[derive(Debug, Error)]
pub enum HabitatError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error(transparent)]
    Secret(#[from] SecretError),
    #[error(transparent)]
    World(#[from] WorldError),
    #[error(transparent)]
    Binding(#[from] BindingError),
    #[error("{path}: {reason}")]
    File { path: PathBuf, reason: String },
    #[error("configuration {path}: {reason}")]
    Config { path: PathBuf, reason: String },
    /// The workspace scripts run from could not be brought up to date.
    #[error(transparent)]
    Workspace(#[from] skillworld_store::WorkspaceError),
}

/// The server's configuration file (RON); every field may be left out.
/// Command-line options and environment variables override it.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ServeConfig {
    /// Address to listen on (default 127.0.0.1).
    pub listen: Option<std::net::IpAddr>,
    /// Port (default 4780).
    pub port: Option<u16>,
    /// The world database.
    pub db: Option<PathBuf>,
    /// The secret key as 64 hexadecimal characters; without it, the key
    /// file `secret.key` in the data directory (made on first start).
    pub secret_key: Option<String>,
    /// Configuration flags skills may require (HAB-4).
    pub flags: Vec<String>,
    /// The largest request body in bytes.
    pub max_body_bytes: Option<usize>,
    /// Whether preflight connects to Commons skills' endpoints (never to
    /// private skills').
    pub probe_endpoints: Option<bool>,
    /// The script sandbox (SEC-3): on unless `sandbox: (enabled: false)`.
    pub sandbox: SandboxConfig,
    /// Names of the server's environment variables scripts also get
    /// (SEC-2); nothing else of the server's environment reaches them.
    pub env_passthrough: Vec<String>,
    /// Seconds a script tool may run (default 30, SCR-2).
    pub script_timeout_seconds: Option<u64>,
    /// On a shared PostgreSQL store: compact the shared journal once it
    /// holds more than this many bytes (default 64 MiB, STO-5/STO-7).
    pub shared_journal_limit: Option<u64>,
    /// Named tool sets (`@name` in pools and skills), made so at start as
    /// journaled commands: `{"files": ["read_file", "write_file"]}`.
    pub tool_sets: BTreeMap<String, Vec<String>>,
    /// Scheduled jobs' settings (HAB-6, docs/habitat.md).
    pub jobs: crate::schedule::JobSettings,
    /// Live folders (HAB-7) as `"DIR"` or `"DIR=LAYER"`, like `--watch`.
    pub watch: Vec<crate::watch_spec::WatchSpec>,
    /// Installs from URLs may reach loopback, private and link-local
    /// addresses (GOV-3; `import URL --allow-private` for one import).
    pub allow_private_urls: bool,
    /// Trust levels whose skills need an admin's approval (GOV-2), e.g.
    /// `["community", "agent"]`; made so at start as a journaled command.
    pub needs_approval: Option<Vec<skillworld_core::Trust>>,
}

impl ServeConfig {
    /// Reads a configuration file.
    pub fn read(path: &Path) -> Result<ServeConfig, HabitatError> {
        let failure = |reason: String| HabitatError::Config {
            path: path.to_owned(),
            reason,
        };
        let text = std::fs::read_to_string(path).map_err(|e| failure(e.to_string()))?;
        ron::from_str(&text).map_err(|e| failure(e.to_string()))
    }
}

/// How a habitat runs, once the configuration is settled.
#[derive(Clone)]
pub struct HabitatOptions {
    /// Where `admin.token`, `secret.key` and `workspace/` live.
    pub data_dir: PathBuf,
    pub secret_key: Option<String>,
    pub flags: BTreeSet<String>,
    pub max_body_bytes: usize,
    pub probe_endpoints: bool,
    /// The model review runs talk to (`POST …/review`); none, no reviews.
    pub review_model: Option<Arc<dyn ReviewModel>>,
    /// The script sandbox (SEC-3). Tests that run scripts in-process set
    /// it [`SandboxConfig::off`] (their binary is no sandbox helper) or
    /// point `helper` at one.
    pub sandbox: Arc<SandboxConfig>,
    /// Server environment variables scripts also get (SEC-2).
    pub env_passthrough: Arc<[String]>,
    /// How long a script tool may run (SCR-2).
    pub script_timeout: std::time::Duration,
    /// Installs from URLs (`POST …/bundles/url`) may reach loopback,
    /// private and link-local addresses (GOV-3).
    pub allow_private_urls: bool,
}

impl HabitatOptions {
    /// Defaults for a data directory.
    pub fn new(data_dir: impl Into<PathBuf>) -> Self {
        HabitatOptions {
            data_dir: data_dir.into(),
            secret_key: None,
            flags: BTreeSet::new(),
            max_body_bytes: DEFAULT_MAX_BODY_BYTES,
            probe_endpoints: true,
            review_model: None,
            sandbox: Arc::new(SandboxConfig::default()),
            env_passthrough: Arc::from([]),
            script_timeout: crate::DEFAULT_TIMEOUT,
            allow_private_urls: false,
        }
    }
}

/// The habitat's store as review runs borrow it: briefly, between model
/// calls, from their own tasks. On a node of a shared store (STO-7) a
/// run's writes commit through the shared journal like any other write.
pub struct SharedStore {
    store: Arc<Mutex<Store>>,
    replication: Option<Arc<crate::shared::Replication>>,
}

impl SharedStore {
    /// Runs this worker's `work` holding the store: runs are tasks of a
    /// multi-threaded runtime, so the worker steps aside while it waits
    /// for the lock and works on the store.
    fn holding<T>(&self, work: impl FnOnce(&mut Store) -> T) -> T {
        tokio::task::block_in_place(|| {
            let handle = tokio::runtime::Handle::current();
            work(&mut handle.block_on(self.store.lock()))
        })
    }
}

impl StoreAccess for SharedStore {
    fn with_store<T>(&self, work: impl FnOnce(&mut Store) -> T) -> T {
        self.holding(work)
    }

    fn write_store<T, E: From<StoreError>>(
        &self,
        work: impl FnOnce(&mut Store) -> Result<T, E>,
    ) -> Result<T, E> {
        self.holding(|store| match &self.replication {
            Some(replication) => replication.write(store, work),
            None => work(store),
        })
    }
}

/// The MCP refresh as the server's crate supplies it (the habitat cannot
/// depend on skillworld-mcp): rebuilds every registered server's virtual
/// skill and answers how many were refreshed, or why not.
pub type RefreshHook = Arc<
    dyn Fn(
            Arc<Habitat>,
        )
            -> std::pin::Pin<Box<dyn std::future::Future<Output = Result<String, String>> + Send>>
        + Send
        + Sync,
>;

/// A served world. Requests share it behind an `Arc`; the world is behind
/// one lock (a bevy world has one writer), which reads hold for
/// microseconds and writes while they change the world in memory, not
/// while their commit reaches the disk.
pub struct Habitat {
    store: Arc<Mutex<Store>>,
    tokens: RwLock<Tokens>,
    secrets: SecretBox,
    /// Endpoint probes and their cache (HAB-4), used off the lock.
    prober: Prober,
    options: HabitatOptions,
    /// Made on the first review request, inside the server's runtime.
    reviewer: OnceLock<Reviewer<SharedStore>>,
    /// Scheduled jobs (HAB-6, jobs.rs) and metrics (metrics.rs).
    jobs: crate::schedule::Jobs,
    /// The MCP refresh job's work, supplied by the server's crate.
    mcp_refresh: std::sync::Mutex<Option<RefreshHook>>,
    metrics: crate::metrics::Metrics,
    /// A node on a shared PostgreSQL store (STO-7, shared.rs); `None`:
    /// the embedded redb store.
    replication: Option<Arc<crate::shared::Replication>>,
    /// The store's journal position when it was last seen free, for what
    /// must not wait on the store (`GET /healthz`).
    last_position: AtomicU64,
}

impl Habitat {
    /// A habitat over an open store; makes the secret key file on first
    /// start when no key is configured.
    pub fn new(store: Store, options: HabitatOptions) -> Result<Habitat, HabitatError> {
        std::fs::create_dir_all(&options.data_dir).map_err(|e| HabitatError::File {
            path: options.data_dir.clone(),
            reason: e.to_string(),
        })?;
        let secrets = match &options.secret_key {
            Some(key) => SecretBox::from_hex(key)?,
            None => SecretBox::from_key_file(&options.data_dir.join(SECRET_KEY_FILE))?,
        };
        let tokens = Tokens::load(&store)?;
        let moved = crate::binding::migrate(&secrets, &store)?;
        if moved > 0 {
            tracing::info!(
                moved,
                "secrets keyed by skill name now bind to the skill's identity"
            );
        }
        let mut store = store;
        store.group_commit();
        // Opening leaves the relevance index to its first ranked query
        // (issue 19: opening stays cheap); a server builds it before it
        // answers, so no request waits seconds for it under the lock.
        store.run(|world| {
            world.term_index();
        })?;
        Ok(Habitat {
            store: Arc::new(Mutex::new(store)),
            tokens: RwLock::new(tokens),
            secrets,
            prober: Prober::default(),
            options,
            reviewer: OnceLock::new(),
            jobs: Default::default(),
            mcp_refresh: Default::default(),
            metrics: Default::default(),
            replication: None,
            last_position: AtomicU64::new(0),
        })
    }

    /// The journal position: the store's own when no one holds it, else
    /// the last one seen; never waits.
    pub(crate) fn journal_position(&self) -> u64 {
        if let Ok(store) = self.store.try_lock() {
            self.last_position
                .store(store.journal_seq(), Ordering::Relaxed);
        }
        self.last_position.load(Ordering::Relaxed)
    }

    /// Makes this habitat a node on a shared store (STO-7): writes commit
    /// through `replication`, whose records the store must already keep.
    pub fn with_replication(mut self, replication: crate::shared::Replication) -> Habitat {
        self.replication = Some(Arc::new(replication));
        self
    }

    /// The link to the shared store, on a node (STO-7).
    pub(crate) fn replication(&self) -> Option<&Arc<crate::shared::Replication>> {
        self.replication.as_ref()
    }

    /// Runs `work` holding the store, on a blocking thread, outside the
    /// write path: catching up with the shared journal.
    pub(crate) async fn write_locked<T: Send + 'static>(
        &self,
        work: impl FnOnce(&mut Store) -> T + Send + 'static,
    ) -> T {
        let mut store = self.store.clone().lock_owned().await;
        tokio::task::spawn_blocking(move || work(&mut store))
            .await
            .expect("store work does not panic")
    }

    /// The scheduled jobs' settings and statuses.
    pub fn jobs(&self) -> &crate::schedule::Jobs {
        &self.jobs
    }

    /// Registers the MCP refresh; without one, `mcp-refresh` is skipped.
    pub fn set_mcp_refresh(&self, hook: RefreshHook) {
        *self.mcp_refresh.lock().unwrap_or_else(|p| p.into_inner()) = Some(hook);
    }

    /// The registered MCP refresh, if any.
    pub fn mcp_refresh(&self) -> Option<RefreshHook> {
        self.mcp_refresh
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
    }

    pub fn metrics(&self) -> &crate::metrics::Metrics {
        &self.metrics
    }

    pub fn options(&self) -> &HabitatOptions {
        &self.options
    }

    /// How this habitat runs scripts: the default limits, its sandbox and
    /// its pass-through list. Every front door that runs a script tool
    /// passes this to the runner.
    pub fn run_limits(&self) -> RunLimits {
        RunLimits {
            sandbox: self.options.sandbox.clone(),
            env_passthrough: self.options.env_passthrough.clone(),
            timeout: self.options.script_timeout,
            ..RunLimits::default()
        }
    }

    /// The sandbox's state for admins (`whoami`, preflight): whether it is
    /// on, and when it is off, that it was turned off by configuration.
    pub fn sandbox_state(&self) -> serde_json::Value {
        let sandbox = &self.options.sandbox;
        if sandbox.enabled {
            serde_json::json!({"enabled": true, "helper": sandbox.helper_path().ok()})
        } else {
            serde_json::json!({
                "enabled": false,
                "warning": "the script sandbox is turned off in the configuration: scripts run unconfined as the server's user",
            })
        }
    }

    pub fn secrets(&self) -> &SecretBox {
        &self.secrets
    }

    pub fn tokens(&self) -> RwLockReadGuard<'_, Tokens> {
        self.tokens
            .read()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    pub fn tokens_mut(&self) -> RwLockWriteGuard<'_, Tokens> {
        self.tokens
            .write()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Removes an agent and revokes its tokens (see [`remove_agent`]).
    ///
    /// [`remove_agent`]: crate::remove_agent
    pub fn remove_agent(&self, store: &mut Store, name: &str) -> Result<(), HabitatError> {
        crate::tokens::remove_agent(store, &mut self.tokens_mut(), name).map_err(|e| match e {
            crate::tokens::RemoveAgentError::World(e) => HabitatError::World(e),
            crate::tokens::RemoveAgentError::Store(e) => HabitatError::Store(e),
        })
    }

    /// The workspace scripts run from and the curator moves bundles in.
    pub fn workspace(&self) -> PathBuf {
        self.options.data_dir.join("workspace")
    }

    /// On first start (no admin token yet): makes one, writes it to
    /// `admin.token` (mode 0600) in the data directory and returns it, to
    /// be shown once.
    pub async fn first_admin_token(&self) -> Result<Option<String>, HabitatError> {
        if self.tokens().has_admin() {
            return Ok(None);
        }
        let path = self.options.data_dir.join(ADMIN_TOKEN_FILE);
        let token = self
            .read(|store| {
                let now = store.world().now();
                self.tokens_mut().create(store, TokenKind::Admin, None, now)
            })
            .await?
            .1;
        // A stale file from an earlier database would otherwise block the
        // new token from being written.
        let _ = std::fs::remove_file(&path);
        write_private(&path, format!("{token}\n").as_bytes()).map_err(|e| HabitatError::File {
            path,
            reason: e.to_string(),
        })?;
        Ok(Some(token))
    }

    /// Runs quick work on the store on this task: reads, and writes that
    /// commit nothing. Waiting for the lock is asynchronous, so a worker
    /// thread serves other connections meanwhile.
    pub async fn read<T>(&self, work: impl FnOnce(&mut Store) -> T) -> T {
        let mut store = self.store.lock().await;
        let Some(replication) = &self.replication else {
            return work(&mut store);
        };
        store.start_tap();
        let result = work(&mut store);
        replication.commit_late(store.take_tapped());
        result
    }

    /// Runs work that writes. The world changes under the lock, on a
    /// blocking thread (some writes, such as snapshots, touch the disk
    /// themselves); the journal's fsync happens after the lock is let go,
    /// shared with every write made meanwhile (group commit), and this
    /// returns once what `work` wrote is durable.
    pub async fn write<T, E>(
        &self,
        work: impl FnOnce(&mut Store) -> Result<T, E> + Send + 'static,
    ) -> Result<T, E>
    where
        T: Send + 'static,
        E: From<StoreError> + Send + 'static,
    {
        let mut store = self.store.clone().lock_owned().await;
        let started = std::time::Instant::now();
        if let Some(replication) = self.replication.clone() {
            let result = tokio::task::spawn_blocking(move || replication.write(&mut store, work))
                .await
                .expect("store work does not panic");
            self.metrics.commit(started.elapsed());
            return result;
        }
        let (durable, written) = tokio::sync::oneshot::channel();
        let result = tokio::task::spawn_blocking(move || {
            store.defer(work, move |outcome| {
                let _ = durable.send(outcome);
            })
        })
        .await
        .expect("store work does not panic")?;
        written.await.map_err(|_| StoreError::WriterStopped)??;
        self.metrics.commit(started.elapsed());
        Ok(result)
    }

    /// The scheduler of review runs, when a model is configured. Call it
    /// inside the server's (multi-threaded) runtime.
    pub fn reviewer(&self) -> Option<&Reviewer<SharedStore>> {
        let model = self.options.review_model.clone()?;
        Some(self.reviewer.get_or_init(|| {
            Reviewer::new(
                Arc::new(SharedStore {
                    store: self.store.clone(),
                    replication: self.replication.clone(),
                }),
                model,
                tokio::runtime::Handle::current(),
            )
        }))
    }

    /// The preflight of skill `name` (living in `home`) for an agent (its
    /// tools and secrets), or at host level (the layer's own secrets) when
    /// `agent` is `None`.
    pub fn preflight_of(
        &self,
        store: &Store,
        skill: &Skill,
        home: &Layer,
        name: &str,
        agent: Option<(&str, &[String])>,
    ) -> Result<Preflight, HabitatError> {
        let owner = match (agent, home) {
            (Some((agent, _)), _) => Some(agent),
            (None, Layer::Agent(owner)) => Some(owner.as_str()),
            (None, Layer::Commons) => None,
        };
        self.check(store, skill, home, name, owner, agent.map(|(_, t)| t))
    }

    /// Preflight with the secrets a run by `secrets_of` gets and, given a
    /// tool pool, its tools. A private skill standing for a Commons skill
    /// is told to set its own values for the keys the Commons sets.
    fn check(
        &self,
        store: &Store,
        skill: &Skill,
        home: &Layer,
        name: &str,
        secrets_of: Option<&str>,
        tools: Option<&[String]>,
    ) -> Result<Preflight, HabitatError> {
        let secrets: BTreeSet<String> = self
            .run_secrets(store, secrets_of, home, name)?
            .into_keys()
            .collect();
        // A pool names sets (`@skill`, `@files`); expanded as the catalog
        // expands them (POL-1), so a skill needing a set's tool is ready.
        let tools: Option<Vec<String>> =
            tools.map(|pool| store.world().tool_sets().expand(pool).into_iter().collect());
        let tools = tools.as_deref();
        let scripts = self.tool_scripts(store, skill, home, name);
        let mut checked = preflight(
            &skill.requires,
            &Offer {
                tools,
                secrets: &secrets,
                flags: &self.options.flags,
                endpoints: match home {
                    _ if !self.options.probe_endpoints => Endpoints::Off,
                    Layer::Agent(_) => Endpoints::Private,
                    Layer::Commons => Endpoints::Cached(&self.prober),
                },
                env_passthrough: &self.options.env_passthrough,
                sandbox: &self.options.sandbox,
                scripts: &scripts,
            },
        );
        let withheld = crate::binding::withheld_commons_keys(&self.secrets, store, home, name)?;
        for missing in &mut checked.missing {
            let key = missing.rsplit(": ").next().unwrap_or_default();
            if (missing.starts_with("env or secret: ") || missing.starts_with("secret: "))
                && withheld.contains(key)
            {
                missing
                    .push_str(" (set your own: the Commons value does not reach a private skill)");
            }
        }
        Ok(checked)
    }

    /// The skill's script-tool files as (path, text), for preflight to
    /// check their interpreters and the endpoints they use.
    fn tool_scripts(
        &self,
        store: &Store,
        skill: &Skill,
        home: &Layer,
        name: &str,
    ) -> Vec<(String, String)> {
        if skill.scripts.is_empty() {
            return Vec::new();
        }
        let Ok((_, files)) = store.world().skill_bundle_in(home, name) else {
            return Vec::new();
        };
        files
            .into_iter()
            .filter(|file| skill.scripts.iter().any(|s| s.path == file.path))
            .map(|file| {
                let text = String::from_utf8_lossy(&file.bytes).into_owned();
                (file.path, text)
            })
            .collect()
    }

    /// Re-checks one skill's host-level readiness and stores it when it
    /// changed (a journaled switch, so the catalog's status column and
    /// replays agree).
    pub fn refresh_preflight(
        &self,
        store: &mut Store,
        layer: &Layer,
        name: &str,
    ) -> Result<Preflight, HabitatError> {
        let document = store.world().skill_document(layer, name)?;
        let owner = match layer {
            Layer::Agent(agent) => Some(agent.as_str()),
            Layer::Commons => None,
        };
        // Host level: the layer's secrets, no agent's tool pool.
        let checked = self.check(store, &document.skill, layer, name, owner, None)?;
        if checked != document.skill.preflight {
            let switches = Switches {
                preflight: Some(checked.clone()),
                ..Switches::default()
            };
            store.run(|world| world.set(layer, name, switches))??;
        }
        Ok(checked)
    }

    /// The endpoints preflight would look at for the Commons skills
    /// `names` (those a reader sees; unknown names are skipped): what a
    /// probe round before that preflight should cover.
    pub fn commons_endpoints<'a>(
        &self,
        store: &Store,
        names: impl IntoIterator<Item = &'a str>,
    ) -> Vec<String> {
        if !self.options.probe_endpoints {
            return Vec::new();
        }
        names
            .into_iter()
            .filter_map(|name| store.world().skill_document(&Layer::Commons, name).ok())
            .flat_map(|document| {
                document
                    .skill
                    .requires
                    .into_inner()
                    .endpoints
                    .into_iter()
                    .take(MAX_ENDPOINTS_PER_SKILL)
            })
            .collect()
    }

    /// Probes `endpoints` (a bounded, concurrent round; see
    /// [`Prober::probe`]) into the cache preflight reads. Never call it
    /// holding the store.
    pub async fn probe_endpoints(&self, endpoints: Vec<String>) -> usize {
        if endpoints.is_empty() {
            return 0;
        }
        self.prober.probe(endpoints).await
    }

    /// Probes every Commons skill's endpoints (one bounded round), off
    /// the lock: before `serve` stores readiness at start, and before the
    /// CLI's preflight.
    pub async fn probe_commons(&self) -> usize {
        let endpoints = self
            .read(|store| {
                let names = store
                    .world()
                    .layer_skill_names(&Layer::Commons)
                    .unwrap_or_default();
                self.commons_endpoints(store, names.iter().map(String::as_str))
            })
            .await;
        self.probe_endpoints(endpoints).await
    }

    /// Probes the endpoints of the Commons skills `names` off the lock,
    /// then re-checks and stores those skills' readiness: after a Commons
    /// skill with endpoints is written.
    pub async fn refresh_commons_endpoints(
        self: Arc<Self>,
        names: Vec<String>,
    ) -> Result<(), HabitatError> {
        let endpoints = self
            .read(|store| self.commons_endpoints(store, names.iter().map(String::as_str)))
            .await;
        if self.probe_endpoints(endpoints).await == 0 {
            return Ok(());
        }
        let habitat = self.clone();
        self.write(move |store| {
            for name in names {
                // Skills deleted meanwhile have nothing to refresh.
                if store.world().skill_document(&Layer::Commons, &name).is_ok() {
                    habitat.refresh_preflight(store, &Layer::Commons, &name)?;
                }
            }
            Ok(())
        })
        .await
    }

    /// Refreshes every skill's host-level readiness (at start).
    pub fn refresh_all_preflight(&self, store: &mut Store) -> Result<usize, HabitatError> {
        let mut checked = 0;
        for layer in store.world().layers() {
            for name in store.world().layer_skill_names(&layer)? {
                self.refresh_preflight(store, &layer, &name)?;
                checked += 1;
            }
        }
        Ok(checked)
    }

    /// Secrets for a run of skill `name`, living in `home`, by `agent`
    /// (SEC-2): a Commons skill's Commons values overridden by the agent's
    /// own; a private skill's own agent's values only.
    pub fn run_secrets(
        &self,
        store: &Store,
        agent: Option<&str>,
        home: &Layer,
        name: &str,
    ) -> Result<BTreeMap<String, String>, HabitatError> {
        Ok(crate::binding::run_values(
            &self.secrets,
            store,
            agent,
            home,
            name,
        )?)
    }

    /// The masked secrets of the skill a reader of `layer` means by
    /// `name`: the layer's own values, and with `with_commons` the Commons
    /// values the skill gets beneath them. An unknown skill has none.
    pub fn list_secrets(
        &self,
        store: &Store,
        layer: &Layer,
        name: &str,
        with_commons: bool,
    ) -> Result<Vec<MaskedSecret>, HabitatError> {
        Ok(crate::binding::listed(
            &self.secrets,
            store,
            layer,
            name,
            with_commons,
        )?)
    }

    /// Sets or (empty value) deletes `layer`'s value of the skill a reader
    /// of `layer` means by `skill` (bound to that skill's identity), and
    /// re-checks the skill.
    pub fn set_secret(
        &self,
        store: &mut Store,
        layer: &Layer,
        skill: &str,
        key: &str,
        value: &str,
    ) -> Result<(), HabitatError> {
        crate::binding::set(&self.secrets, store, layer, skill, key, value)?;
        if store.world().skill_document(layer, skill).is_ok() {
            self.refresh_preflight(store, layer, skill)?;
        }
        Ok(())
    }
}
