//! The habitat: skillworld served to the programs that host digital lives.
//! An HTTP + JSON server (HAB-1) over one world in a redb file, with bearer
//! tokens (HAB-2), encrypted per-skill secrets (HAB-3), preflight (HAB-4)
//! and the skill script runner (SCR-2).
//!
//! ```
//! # #[tokio::main(flavor = "current_thread")] async fn main() {
//! use std::sync::Arc;
//! use skillworld_habitat::{Habitat, HabitatOptions, router};
//! use skillworld_store::{OpenOptions, Store};
//!
//! let dir = tempfile::tempdir().unwrap();
//! let store = Store::open(&dir.path().join("world.redb"), OpenOptions::default()).unwrap();
//! let habitat = Arc::new(Habitat::new(store, HabitatOptions::new(dir.path())).unwrap());
//! let admin = habitat.first_admin_token().await.unwrap().expect("a first start");
//! assert!(dir.path().join("admin.token").exists());
//! // Mount it in your own axum app, or serve it as it is:
//! let app = router(habitat.clone());
//! # drop((app, admin));
//! # }
//! ```

pub use binding::BindingError;
pub use fetch::{
    FETCH_TIMEOUT, FetchError, Fetched, MAX_DOWNLOAD_BYTES, MAX_REDIRECTS, UrlFetch, bundle_of,
    fetch_url,
};
pub use habitat::{
    ADMIN_TOKEN_FILE, DEFAULT_MAX_BODY_BYTES, Habitat, HabitatError, HabitatOptions, RefreshHook,
    SECRET_KEY_FILE, ServeConfig, SharedStore,
};
pub use jobs::drive_jobs;
pub use metrics::Metrics;
pub use preflight::{Endpoints, Offer, host_platform, preflight};
pub use probe::{
    ENDPOINT_TIMEOUT, EndpointState, MAX_ENDPOINTS_PER_SKILL, MAX_PROBES_PER_ROUND, PROBE_BUDGET,
    PROBE_CONCURRENCY, PROBE_TTL, Prober,
};
pub use runner::{DEFAULT_TIMEOUT, OUTPUT_CAP, RunError, RunLimits, ScriptResult, run_script};
pub use schedule::{JOB_IDS, JobSettings, JobStatus, Jobs};
pub use secrets::{MaskedSecret, SecretBox, SecretError, SecretScope, mask, valid_secret_key};
pub use server::{ApiError, Need, Principal, router, router_with, serve};
pub use service::{configure_tool_sets, configure_trust_policy};
pub use shared::{Health, Replication, SharedRecords, Started};
pub use skillworld_sandbox::SandboxConfig;
pub use tokens::{RemoveAgentError, TokenKind, TokenRecord, Tokens, remove_agent};
pub use tools::{Dispatched, dispatch, run_script_call, run_tool};
pub use watch::{FolderWatch, QUIET, SyncReport};
pub use watch_spec::WatchSpec;

mod binding;
mod fetch;
mod follow;
mod habitat;
mod jobs;
mod metrics;
mod preflight;
mod probe;
mod runner;
mod schedule;
mod secrets;
mod server;
mod service;
mod shared;
mod tokens;
mod tools;
mod watch;
mod watch_spec;
