//! The script's own confinement, applied in the forked child just before
//! `exec`: resource limits, an unprivileged identity without capabilities,
//! Landlock over the file system (and TCP ports), and a seccomp filter.

use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};

use landlock::{
    ABI, Access, AccessFs, AccessNet, CompatLevel, Compatible, NetPort, Ruleset, RulesetAttr,
    RulesetCreatedAttr, RulesetStatus, Scope, path_beneath_rules,
};

use crate::child::{check, fail, report};
use crate::seccomp;
use crate::spec::{Layout, Spec};

/// Device files a script may read and write.
const DEVICES: &[&str] = &[
    "/dev/null",
    "/dev/zero",
    "/dev/full",
    "/dev/random",
    "/dev/urandom",
];

/// Confines this (forked, single-threaded) process and executes the
/// script; reports and exits on any failure.
pub(crate) fn exec_script(spec: &Spec, root: bool) -> ! {
    let layout = Layout(&spec.run_dir);
    let workdir = layout.skill().join(&spec.workdir);
    if let Err(e) = std::env::set_current_dir(&workdir) {
        fail(&format!("working directory {}: {e}", workdir.display()));
    }
    set_limits(spec).unwrap_or_else(|e| fail(&e));
    let ruleset = landlock_rules(spec).unwrap_or_else(|e| fail(&e));
    drop_identity(spec, root).unwrap_or_else(|e| fail(&e));
    match ruleset.restrict_self() {
        Ok(status) if status.ruleset != RulesetStatus::NotEnforced && status.no_new_privs => {}
        Ok(_) => fail(
            "Landlock: this kernel does not enforce it (needs Linux 5.13+ with Landlock enabled in the `lsm=` boot list)",
        ),
        Err(e) => fail(&format!("Landlock: {e}")),
    }
    seccomp::apply().unwrap_or_else(|e| fail(&e));
    report("ok\n");
    let error = std::process::Command::new(&spec.program)
        .args(&spec.args)
        .env_clear()
        .envs(spec.env.iter().map(|(k, v)| (k, v)))
        .exec();
    fail(&format!("exec {}: {error}", spec.program.display()))
}

fn set_limits(spec: &Spec) -> Result<(), String> {
    let limits = &spec.limits;
    for (resource, value, name) in [
        (libc::RLIMIT_CPU, limits.cpu_seconds, "RLIMIT_CPU"),
        (libc::RLIMIT_DATA, limits.memory_bytes, "RLIMIT_DATA"),
        (libc::RLIMIT_FSIZE, limits.file_bytes, "RLIMIT_FSIZE"),
        (libc::RLIMIT_NPROC, limits.processes, "RLIMIT_NPROC"),
        (libc::RLIMIT_NOFILE, limits.open_files, "RLIMIT_NOFILE"),
        (libc::RLIMIT_CORE, 0, "RLIMIT_CORE"),
    ] {
        let limit = libc::rlimit {
            rlim_cur: value,
            rlim_max: value,
        };
        check(unsafe { libc::setrlimit(resource, &limit) }, name)?;
    }
    Ok(())
}

/// Read-only system folders and skill; read-write scratch; a few devices;
/// TCP connections only to the forwarded ports; no signals or abstract
/// sockets outside the sandbox.
fn landlock_rules(spec: &Spec) -> Result<landlock::RulesetCreated, String> {
    // The newest ABI this crate knows; best effort drops what the kernel
    // lacks (ABI 9 also confines connecting to Unix sockets by path).
    let abi = ABI::V9;
    let layout = Layout(&spec.run_dir);
    let error = |e: landlock::RulesetError| format!("Landlock: {e}");
    let read = AccessFs::from_read(abi);
    let mut ruleset = Ruleset::default()
        .set_compatibility(CompatLevel::BestEffort)
        .handle_access(AccessFs::from_all(abi))
        .map_err(error)?
        .handle_access(AccessNet::ConnectTcp)
        .map_err(error)?
        .scope(Scope::Signal | Scope::AbstractUnixSocket)
        .map_err(error)?
        .create()
        .map_err(error)?;
    let read_only: Vec<PathBuf> = spec
        .read_only
        .iter()
        .cloned()
        .chain([layout.skill()])
        .collect();
    ruleset = ruleset
        .add_rules(path_beneath_rules(&read_only, read))
        .map_err(error)?
        .add_rules(path_beneath_rules(
            [layout.home(), layout.tmp()],
            AccessFs::from_all(abi),
        ))
        .map_err(error)?
        .add_rules(path_beneath_rules(
            DEVICES.iter().map(Path::new),
            AccessFs::ReadFile | AccessFs::WriteFile,
        ))
        .map_err(error)?;
    for forward in &spec.forwards {
        ruleset = ruleset
            .add_rule(NetPort::new(forward.listen.port(), AccessNet::ConnectTcp))
            .map_err(error)?;
    }
    Ok(ruleset)
}

/// Root: no supplementary groups, the configured unprivileged gid and uid
/// (which clears every capability). In a user namespace (the habitat is
/// not root, and this process already has the configured uid inside): an
/// empty bounding set, no capabilities, and locked securebits.
fn drop_identity(spec: &Spec, root: bool) -> Result<(), String> {
    for cap in 0..=63 {
        // Fails with EINVAL past the kernel's last capability.
        unsafe { libc::prctl(libc::PR_CAPBSET_DROP, cap, 0, 0, 0) };
    }
    if root {
        // 0 is root; -1 means "unchanged" to setresuid.
        for (what, id) in [("uid", spec.uid), ("gid", spec.gid)] {
            if id == 0 || id == u32::MAX {
                return Err(format!(
                    "identity: {what} {id} is not an unprivileged {what} (sandbox.{what})"
                ));
            }
        }
        check(unsafe { libc::setgroups(0, std::ptr::null()) }, "setgroups")?;
        check(
            unsafe { libc::setresgid(spec.gid, spec.gid, spec.gid) },
            "setresgid",
        )?;
        check(
            unsafe { libc::setresuid(spec.uid, spec.uid, spec.uid) },
            "setresuid",
        )?;
        // Belt and braces: the switch took, and cannot be undone.
        if unsafe {
            libc::getuid() != spec.uid || libc::geteuid() != spec.uid || libc::setuid(0) == 0
        } {
            return Err("identity: the uid switch did not hold".into());
        }
    } else {
        // SECBIT_NOROOT | _LOCKED | SECBIT_NO_SETUID_FIXUP | _LOCKED.
        check(
            unsafe { libc::prctl(libc::PR_SET_SECUREBITS, 0x0f, 0, 0, 0) },
            "securebits",
        )?;
    }
    clear_capabilities()?;
    check(
        unsafe { libc::prctl(libc::PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) },
        "no_new_privs",
    )
}

/// Empties the permitted, effective and inheritable sets (and ambient).
fn clear_capabilities() -> Result<(), String> {
    #[repr(C)]
    struct Header {
        version: u32,
        pid: i32,
    }
    #[repr(C)]
    #[derive(Clone, Copy)]
    struct Data {
        effective: u32,
        permitted: u32,
        inheritable: u32,
    }
    let mut header = Header {
        version: 0x2008_0522, // _LINUX_CAPABILITY_VERSION_3
        pid: 0,
    };
    let data = [Data {
        effective: 0,
        permitted: 0,
        inheritable: 0,
    }; 2];
    unsafe {
        libc::prctl(
            libc::PR_CAP_AMBIENT,
            libc::PR_CAP_AMBIENT_CLEAR_ALL,
            0,
            0,
            0,
        );
    }
    check(
        unsafe { libc::syscall(libc::SYS_capset, &mut header, data.as_ptr()) as libc::c_int },
        "capset",
    )
}
