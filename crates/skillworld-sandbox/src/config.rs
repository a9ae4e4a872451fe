//! What an admin configures: whether the sandbox is on, where the helper
//! is, what a script may read, which private addresses it may reach, and
//! the resource limits.

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

/// The `PATH` a script gets by default.
pub const DEFAULT_PATH: &str = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";

/// The folders and files a script may read (and run programs from) by
/// default: the program and library folders, and of `/etc` only what
/// programs need to start, resolve names and check certificates — not the
/// whole of it, where an admin's configuration (a habitat's `secret_key`)
/// may lie. `/etc/python3*` is added when present.
pub const DEFAULT_READ_ONLY: &[&str] = &[
    "/usr",
    "/bin",
    "/sbin",
    "/lib",
    "/lib64",
    "/lib32",
    "/libx32",
    "/etc/alternatives",
    "/etc/ld.so.cache",
    "/etc/ld.so.conf",
    "/etc/ld.so.conf.d",
    "/etc/localtime",
    "/etc/timezone",
    "/etc/passwd",
    "/etc/group",
    "/etc/nsswitch.conf",
    "/etc/host.conf",
    "/etc/gai.conf",
    "/etc/hosts",
    "/etc/resolv.conf",
    "/etc/protocols",
    "/etc/services",
    "/etc/mime.types",
    "/etc/os-release",
    "/etc/ssl",
    "/etc/ca-certificates",
    "/etc/pki",
    "/etc/crypto-policies",
    "/etc/bash.bashrc",
    "/etc/profile",
    "/etc/inputrc",
    "/etc/locale.alias",
    "/etc/magic",
    "/etc/magic.mime",
];

/// The default read-only list, with this host's `/etc/python3*` folders.
fn default_read_only() -> Vec<PathBuf> {
    let mut paths: Vec<PathBuf> = DEFAULT_READ_ONLY.iter().map(PathBuf::from).collect();
    if let Ok(entries) = std::fs::read_dir("/etc") {
        let mut python: Vec<PathBuf> = entries
            .flatten()
            .filter(|e| e.file_name().to_string_lossy().starts_with("python"))
            .map(|e| e.path())
            .collect();
        python.sort();
        paths.extend(python);
    }
    paths
}

/// The uid (and gid) a script runs as when the habitat runs as root.
pub const NOBODY: u32 = 65_534;

/// Resource limits of one run (SEC-3). Every field may be left out of the
/// configuration; zero means "no limit" nowhere: each is a real bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Limits {
    /// CPU seconds (`RLIMIT_CPU`).
    pub cpu_seconds: u64,
    /// Bytes of data segment and heap (`RLIMIT_DATA`; not `RLIMIT_AS`,
    /// which breaks runtimes that reserve address space, such as node).
    pub memory_bytes: u64,
    /// The largest file a script may write (`RLIMIT_FSIZE`).
    pub file_bytes: u64,
    /// Processes the sandbox's uid may have (`RLIMIT_NPROC`, binding
    /// because the script is never root), inside a PID namespace.
    pub processes: u64,
    /// Open files (`RLIMIT_NOFILE`).
    pub open_files: u64,
    /// Size of the scratch file system (`HOME` and `TMPDIR`, a tmpfs).
    pub scratch_bytes: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            cpu_seconds: 60,
            memory_bytes: 1 << 30,
            file_bytes: 64 << 20,
            processes: 256,
            open_files: 1024,
            scratch_bytes: 128 << 20,
        }
    }
}

/// The sandbox's configuration (the `sandbox:` section of the habitat's
/// RON configuration). Every field may be left out.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SandboxConfig {
    /// Whether scripts run confined. Turning it off is the admin's
    /// explicit choice: it is logged at start and shown to admins.
    pub enabled: bool,
    /// The helper binary re-executed as `HELPER __sandbox-exec`; by default
    /// the running executable (the `skillworld` binary dispatches it). An
    /// embedding host points it at a binary that calls
    /// [`crate::run_helper_if_asked`] first thing in `main`.
    pub helper: Option<PathBuf>,
    /// Folders a script may read and run programs from.
    pub read_only: Vec<PathBuf>,
    /// The `PATH` scripts get (interpreters are looked up on it).
    pub path: String,
    /// The `LANG` scripts get.
    pub lang: String,
    /// The unprivileged uid and gid scripts run as when the habitat runs
    /// as root.
    pub uid: u32,
    pub gid: u32,
    /// Destinations declared endpoints may reach although they are
    /// loopback, private, link-local or the habitat's own: `host:port`,
    /// or `host` for every port.
    pub allow: Vec<String>,
    /// Where per-run folders are made (default: the system's temporary
    /// folder). Must be traversable by the sandbox's uid.
    pub scratch_root: Option<PathBuf>,
    pub limits: Limits,
    /// The habitat's own port, set by the server (not configured): no
    /// declared endpoint reaches it unless the allow-list names it.
    #[serde(skip)]
    pub habitat_port: Option<u16>,
}

impl Default for SandboxConfig {
    fn default() -> Self {
        SandboxConfig {
            enabled: true,
            helper: None,
            read_only: default_read_only(),
            path: DEFAULT_PATH.to_owned(),
            lang: "C.UTF-8".to_owned(),
            uid: NOBODY,
            gid: NOBODY,
            allow: Vec::new(),
            scratch_root: None,
            limits: Limits::default(),
            habitat_port: None,
        }
    }
}

impl SandboxConfig {
    /// The configuration with the sandbox turned off (scripts still get a
    /// cleared environment and a scratch `HOME`).
    pub fn off() -> Self {
        SandboxConfig {
            enabled: false,
            ..SandboxConfig::default()
        }
    }

    /// The helper binary to re-execute.
    pub fn helper_path(&self) -> std::io::Result<PathBuf> {
        match &self.helper {
            Some(path) => Ok(path.clone()),
            None => std::env::current_exe(),
        }
    }

    /// Where per-run folders are made.
    pub fn scratch_root(&self) -> PathBuf {
        self.scratch_root.clone().unwrap_or_else(std::env::temp_dir)
    }

    /// `program` looked up on the scripts' `PATH` (absolute paths are
    /// kept as they are).
    pub fn find_program(&self, program: &str) -> Option<PathBuf> {
        if program.contains('/') {
            let path = PathBuf::from(program);
            return is_executable(&path).then_some(path);
        }
        std::env::split_paths(&self.path)
            .map(|dir| dir.join(program))
            .find(|path| is_executable(path))
    }

    /// Whether `program` (after following links) lies under a read-only
    /// folder, so a confined script can run it.
    pub fn reaches(&self, program: &std::path::Path) -> bool {
        let Ok(real) = program.canonicalize() else {
            return false;
        };
        self.read_only.iter().any(|root| {
            root.canonicalize()
                .is_ok_and(|root| real.starts_with(&root))
        })
    }
}

fn is_executable(path: &std::path::Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}
