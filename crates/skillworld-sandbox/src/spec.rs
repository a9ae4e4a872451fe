//! What the host tells the helper about one run (a JSON file only root,
//! or the server's user, may read, so secrets never show in a command
//! line), and the layout of a run's folder.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::Limits;

/// The argument that turns a binary into the sandbox helper.
pub const HELPER_ARG: &str = "__sandbox-exec";

/// The descriptor the helper reports on: `ok` just before the script is
/// executed, or `error: …` when a step of the confinement failed.
pub(crate) const REPORT_FD: i32 = 3;

/// Exit code of the helper when it could not confine the script.
pub(crate) const SETUP_FAILED: i32 = 125;

#[derive(Debug, Serialize, Deserialize)]
pub(crate) struct Spec {
    /// The program to execute (an interpreter or the script itself).
    pub program: PathBuf,
    /// Its arguments, the script's in-sandbox path first for interpreters.
    pub args: Vec<String>,
    pub env: Vec<(String, String)>,
    /// The skill's folder on the host, shown read-only at `Layout::skill`.
    pub bundle: PathBuf,
    pub run_dir: PathBuf,
    /// The working directory, relative to the skill's folder.
    pub workdir: PathBuf,
    pub read_only: Vec<PathBuf>,
    pub uid: u32,
    pub gid: u32,
    pub limits: Limits,
    /// Listeners inside the sandbox's network, each forwarded through the
    /// host's proxy socket to the declared endpoint of the same index.
    pub forwards: Vec<Forward>,
    /// Whether `Layout::hosts` replaces `/etc/hosts` (declared host names).
    pub hosts: bool,
}

#[derive(Debug, Serialize, Deserialize)]
pub(crate) struct Forward {
    pub listen: SocketAddr,
    pub index: u16,
}

/// The folders and files of one run, under its run folder.
pub(crate) struct Layout<'a>(pub &'a Path);

impl Layout<'_> {
    /// Where the skill's folder is mounted read-only.
    pub fn skill(&self) -> PathBuf {
        self.0.join("skill")
    }
    /// The size-bounded scratch file system (`HOME` and `TMPDIR` inside).
    pub fn scratch(&self) -> PathBuf {
        self.0.join("scratch")
    }
    pub fn home(&self) -> PathBuf {
        self.scratch().join("home")
    }
    pub fn tmp(&self) -> PathBuf {
        self.scratch().join("tmp")
    }
    /// The `/etc/hosts` that names declared hosts.
    pub fn hosts(&self) -> PathBuf {
        self.0.join("hosts")
    }
    /// The host's proxy socket.
    pub fn proxy(&self) -> PathBuf {
        self.0.join("net.sock")
    }
    /// The run's description, read and removed by the helper.
    pub fn spec(&self) -> PathBuf {
        self.0.join("spec.json")
    }
}
