//! `skillworld doctor`: what the sandbox can enforce on this host, found
//! by asking the kernel and by confining a probe script for real.

use std::collections::BTreeMap;
use std::time::Duration;

use serde::Serialize;

use crate::{Job, Launch, SandboxConfig};

/// What this host offers the sandbox, and whether a confined run works.
#[derive(Clone, Debug, Serialize)]
pub struct Doctor {
    /// Whether the configuration turns the sandbox on.
    pub enabled: bool,
    /// The helper binary re-executed for each run.
    pub helper: String,
    /// Whether the habitat runs as root (scripts then switch to `uid`).
    pub root: bool,
    /// The kernel's Landlock ABI version; `None` when it has none.
    pub landlock_abi: Option<u32>,
    /// Whether seccomp filters are available.
    pub seccomp: bool,
    /// Whether unprivileged user namespaces are allowed (needed when the
    /// habitat does not run as root).
    pub user_namespaces: bool,
    /// Whether a probe script ran confined.
    pub confined: bool,
    /// Why the probe could not run confined.
    pub error: Option<String>,
    /// What the sandbox enforces on this host, one line each.
    pub enforces: Vec<String>,
    /// What it does not enforce, one line each.
    pub gaps: Vec<String>,
}

/// The kernel's Landlock ABI version.
pub fn landlock_abi() -> Option<u32> {
    // landlock_create_ruleset(NULL, 0, LANDLOCK_CREATE_RULESET_VERSION)
    let version = unsafe {
        libc::syscall(
            libc::SYS_landlock_create_ruleset,
            std::ptr::null::<u8>(),
            0usize,
            1u32,
        )
    };
    (version > 0).then_some(version as u32)
}

fn user_namespaces() -> bool {
    let read = |path: &str| std::fs::read_to_string(path).ok();
    let max = read("/proc/sys/user/max_user_namespaces")
        .and_then(|v| v.trim().parse::<u64>().ok())
        .unwrap_or(0);
    let unprivileged =
        read("/proc/sys/kernel/unprivileged_userns_clone").is_none_or(|v| v.trim() != "0");
    let apparmor = read("/proc/sys/kernel/apparmor_restrict_unprivileged_userns")
        .is_none_or(|v| v.trim() != "1");
    max > 0 && unprivileged && apparmor
}

/// Checks the host and runs a probe script confined under `config`.
pub async fn doctor(config: &SandboxConfig) -> Doctor {
    let root = unsafe { libc::geteuid() } == 0;
    let landlock_abi = landlock_abi();
    let probe = probe(&SandboxConfig {
        enabled: true,
        ..config.clone()
    })
    .await;
    let confined = probe.is_ok();
    let mut enforces = Vec::new();
    let mut gaps = vec![
        "UDP and DNS to the outside: none at all (declared endpoints are TCP only)".to_owned(),
        "IPv6 endpoints other than ::1 get no listener".to_owned(),
        "memory is bounded per process (RLIMIT_DATA), not per sandbox".to_owned(),
        "the process limit is per uid (RLIMIT_NPROC), shared by concurrent runs".to_owned(),
    ];
    if confined {
        enforces.extend([
            "file system: read-only system folders and the skill's own folder; a fresh scratch HOME/TMPDIR per run (Landlock)".to_owned(),
            format!(
                "identity: uid {} with no capabilities and no_new_privs{}",
                if root { config.uid.to_string() } else { format!("{} in a user namespace", config.uid) },
                if root { "" } else { ", the server's uid outside" }
            ),
            "network: own namespace, only declared endpoints through the habitat's proxy".to_owned(),
            "processes: own PID namespace, ended with the run; rlimits on CPU, data, file size, processes, open files".to_owned(),
            "seccomp: ptrace, process_vm_*, mount, namespaces, kernel modules, bpf, keyrings, io_uring denied".to_owned(),
        ]);
        if landlock_abi.is_some_and(|abi| abi < 4) {
            gaps.push(
                "Landlock below ABI 4: no TCP port rules (the network namespace still confines)"
                    .into(),
            );
        }
        if landlock_abi.is_some_and(|abi| abi < 6) {
            gaps.push("Landlock below ABI 6: signals and abstract sockets are not scoped".into());
        }
    }
    if !root {
        gaps.push(
            "not root: the script's files belong to the server's uid outside its user namespace"
                .into(),
        );
    }
    Doctor {
        enabled: config.enabled,
        helper: config
            .helper_path()
            .map(|p| p.display().to_string())
            .unwrap_or_default(),
        root,
        landlock_abi,
        seccomp: crate::seccomp::available(),
        user_namespaces: user_namespaces(),
        confined,
        error: probe.err(),
        enforces,
        gaps,
    }
}

/// Runs `sh probe.sh` (which checks it is not root and cannot read
/// `/proc/1/environ`) confined; `Err` says why not.
async fn probe(config: &SandboxConfig) -> Result<(), String> {
    let bundle = config
        .scratch_root()
        .join(format!("skillworld-doctor-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&bundle);
    let made = (|| {
        use std::os::unix::fs::PermissionsExt;
        std::fs::create_dir(&bundle)?;
        std::fs::set_permissions(&bundle, std::fs::Permissions::from_mode(0o755))?;
        std::fs::write(
            bundle.join("probe.sh"),
            "test \"$(id -u)\" != 0 || exit 3\n! cat /proc/1/environ >/dev/null 2>&1 || exit 4\n",
        )
    })();
    let result = match made {
        Ok(()) => run_probe(config, &bundle).await,
        Err(e) => Err(format!("{}: {e}", bundle.display())),
    };
    let _ = std::fs::remove_dir_all(&bundle);
    result
}

async fn run_probe(config: &SandboxConfig, bundle: &std::path::Path) -> Result<(), String> {
    let shell = config
        .find_program("sh")
        .ok_or("no `sh` on the sandbox's PATH")?;
    let job = Job {
        bundle: bundle.to_owned(),
        script: "probe.sh".into(),
        interpreter: Some(shell),
        args: vec![],
        env: BTreeMap::new(),
        endpoints: vec![],
    };
    let mut launch = Launch::prepare(config, job).map_err(|e| e.to_string())?;
    let mut child = launch.spawn().map_err(|e| format!("the helper: {e}"))?;
    let status = tokio::time::timeout(Duration::from_secs(10), child.wait()).await;
    let killed = status.is_err();
    launch.verdict(killed).map_err(|e| e.to_string())?;
    match status {
        Ok(Ok(status)) if status.success() => Ok(()),
        Ok(Ok(status)) => Err(format!(
            "the probe script ran but was not confined as expected ({status})"
        )),
        Ok(Err(e)) => Err(format!("the helper: {e}")),
        Err(_) => Err("the probe did not finish within 10 s".into()),
    }
}
