//! The script sandbox (SEC-3). A host that runs untrusted scripts
//! re-executes a small helper (any binary that calls
//! [`run_helper_if_asked`] first thing in `main`; `skillworld` does) which
//! enters new mount, network, PID, IPC and UTS namespaces, mounts the
//! skill's folder read-only and a size-bounded scratch `HOME`, and runs
//! the script as an unprivileged uid without capabilities, under
//! `no_new_privs`, rlimits, Landlock and a seccomp filter. Declared
//! endpoints are reached through a proxy the host runs per run; nothing
//! else is reachable. Where the host cannot confine, the run fails with
//! the missing feature named; nothing of the script runs.
//!
//! ```no_run
//! # async fn run() -> Result<(), Box<dyn std::error::Error>> {
//! use skillworld_sandbox::{Job, Launch, SandboxConfig};
//!
//! // In the helper binary's `main`, before anything else:
//! skillworld_sandbox::run_helper_if_asked();
//!
//! let config = SandboxConfig::default();
//! let job = Job {
//!     bundle: "/srv/skills/weather".into(),
//!     script: "scripts/fetch.py".into(),
//!     interpreter: config.find_program("python3"),
//!     args: vec!["--city".into(), "Oslo".into()],
//!     env: [("API_KEY".to_owned(), "…".to_owned())].into(),
//!     endpoints: vec!["https://api.weather.example".into()],
//! };
//! let mut launch = Launch::prepare(&config, job)?;
//! let child = launch.spawn()?;
//! let output = child.wait_with_output().await?;
//! launch.verdict(false)?; // Err: the sandbox could not be applied
//! println!("{}", String::from_utf8_lossy(&output.stdout));
//! # Ok(()) }
//! ```

pub use config::{DEFAULT_PATH, DEFAULT_READ_ONLY, Limits, NOBODY, SandboxConfig};
pub use doctor::{Doctor, doctor, landlock_abi};
pub use endpoint::{Endpoint, refused, restricted};
pub use helper::run_helper_if_asked;
pub use launch::{Job, Launch, SandboxError};
pub use spec::HELPER_ARG;

mod child;
mod config;
mod confine;
mod doctor;
mod endpoint;
mod helper;
mod launch;
mod netns;
mod proxy;
mod seccomp;
mod spec;
