//! The helper: a fresh, single-threaded process (the host re-executes a
//! binary with [`HELPER_ARG`]) that enters new namespaces, becomes the
//! parent of a PID namespace's init, and has init run the confined script.
//!
//! ```text
//! helper (host PID ns; new mount, net, IPC, UTS ns; user ns unless root)
//!  └─ init (PID 1): mounts, loopback, forwarders; reaps; reports status
//!      └─ script: rlimits, identity, Landlock, seccomp, then exec
//! ```
//! When the helper dies (the host's timeout kills its process group), init
//! gets `SIGKILL` (parent-death signal), and the kernel ends every process
//! of the PID namespace with it, however it detached.

use std::ffi::CString;
use std::io::{Read, Write};
use std::os::fd::{FromRawFd, RawFd};

use crate::child::{check, fail};
use crate::confine;
use crate::netns;
use crate::spec::{HELPER_ARG, Layout, REPORT_FD, SETUP_FAILED, Spec};

/// Becomes the sandbox helper when the process was started as one
/// (`BINARY __sandbox-exec`), and never returns then; otherwise returns at
/// once. A binary named as the sandbox's helper calls this first thing in
/// `main`, before it starts threads.
pub fn run_helper_if_asked() {
    if std::env::args_os()
        .nth(1)
        .is_some_and(|arg| arg == HELPER_ARG)
    {
        helper_main()
    }
}

fn helper_main() -> ! {
    // SAFETY: fcntl on a descriptor number; fails harmlessly if not open.
    if unsafe { libc::fcntl(REPORT_FD, libc::F_SETFD, libc::FD_CLOEXEC) } == -1 {
        eprintln!("skillworld sandbox helper: descriptor 3 is not open (started by hand?)");
        std::process::exit(SETUP_FAILED);
    }
    let spec = read_spec().unwrap_or_else(|e| fail(&e));
    let root = unsafe { libc::geteuid() } == 0;
    enter_namespaces(&spec, root).unwrap_or_else(|e| fail(&e));
    let mut status_pipe = [0; 2];
    check(
        unsafe { libc::pipe2(status_pipe.as_mut_ptr(), libc::O_CLOEXEC) },
        "pipe",
    )
    .unwrap_or_else(|e| fail(&e));
    match unsafe { libc::fork() } {
        -1 => fail(&format!("fork: {}", std::io::Error::last_os_error())),
        0 => {
            unsafe { libc::close(status_pipe[0]) };
            init_main(&spec, root, status_pipe[1])
        }
        init => {
            unsafe { libc::close(status_pipe[1]) };
            wait_for_init(init, status_pipe[0])
        }
    }
}

/// Reads the run's description from the file named after [`HELPER_ARG`]
/// (mode 0600 in the run folder) and removes it, so the secrets in it do
/// not stay on disk for the run.
fn read_spec() -> Result<Spec, String> {
    let path = std::env::args_os()
        .nth(2)
        .ok_or("no run description named on the command line")?;
    let text = std::fs::read(&path).map_err(|e| format!("reading the run's description: {e}"))?;
    let _ = std::fs::remove_file(&path);
    serde_json::from_slice(&text).map_err(|e| format!("the run's description is not valid: {e}"))
}

/// New mount, network, IPC, UTS and PID namespaces (the PID one for the
/// next child); a user namespace too when not root, mapping the
/// configured unprivileged uid and gid inside to the caller's (this
/// process keeps the namespace's capabilities for the setup; the script
/// drops them all).
fn enter_namespaces(spec: &Spec, root: bool) -> Result<(), String> {
    let mut flags = libc::CLONE_NEWNS
        | libc::CLONE_NEWNET
        | libc::CLONE_NEWPID
        | libc::CLONE_NEWIPC
        | libc::CLONE_NEWUTS;
    if !root {
        flags |= libc::CLONE_NEWUSER;
    }
    let (uid, gid) = unsafe { (libc::geteuid(), libc::getegid()) };
    check(
        unsafe { libc::unshare(flags) },
        "namespaces (unshare of mount, network, PID, IPC, UTS and, when not root, user namespaces)",
    )?;
    if !root {
        let write = |path: &str, text: String| {
            std::fs::write(path, text).map_err(|e| format!("user namespace: {path}: {e}"))
        };
        write("/proc/self/setgroups", "deny".into())?;
        write("/proc/self/uid_map", format!("{} {uid} 1", spec.uid))?;
        write("/proc/self/gid_map", format!("{} {gid} 1", spec.gid))?;
    }
    Ok(())
}

/// Waits for init, then leaves as the script did: its exit code, or the
/// same signal.
fn wait_for_init(init: libc::pid_t, status_pipe: RawFd) -> ! {
    let mut status = 0;
    while unsafe { libc::waitpid(init, &mut status, 0) } == -1 {
        if std::io::Error::last_os_error().raw_os_error() != Some(libc::EINTR) {
            break;
        }
    }
    let mut bytes = [0u8; 4];
    // SAFETY: the read end of the status pipe, owned here.
    let mut pipe = unsafe { std::fs::File::from_raw_fd(status_pipe) };
    if pipe.read_exact(&mut bytes).is_err() {
        // Init died before the script finished: setup failed (init has
        // reported why) or it was killed.
        std::process::exit(SETUP_FAILED);
    }
    let status = i32::from_ne_bytes(bytes);
    if libc::WIFSIGNALED(status) {
        let signal = libc::WTERMSIG(status);
        unsafe {
            libc::signal(signal, libc::SIG_DFL);
            libc::kill(libc::getpid(), signal);
        }
        std::process::exit(128 + signal);
    }
    std::process::exit(libc::WEXITSTATUS(status))
}

/// PID 1 of the sandbox: prepares the mounts and the network, starts the
/// script, forwards connections, reaps orphans, and reports the script's
/// status to the helper.
fn init_main(spec: &Spec, root: bool, status_pipe: RawFd) -> ! {
    // Should the helper die before this line, the host's kill of the
    // process group (which init is in) still ends init.
    unsafe {
        libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
        // Nothing in the sandbox may read this process's memory or files.
        libc::prctl(libc::PR_SET_DUMPABLE, 0);
    }
    prepare_mounts(spec).unwrap_or_else(|e| fail(&e));
    let listeners = netns::prepare(spec).unwrap_or_else(|e| fail(&e));
    let script = match unsafe { libc::fork() } {
        -1 => fail(&format!("fork: {}", std::io::Error::last_os_error())),
        0 => confine::exec_script(spec, root),
        pid => pid,
    };
    netns::forward(listeners, Layout(&spec.run_dir).proxy());
    let status = reap_until(script);
    // SAFETY: the write end of the status pipe, owned here.
    let mut pipe = unsafe { std::fs::File::from_raw_fd(status_pipe) };
    let _ = pipe.write_all(&status.to_ne_bytes());
    // Init leaving ends every other process of the namespace.
    unsafe { libc::_exit(0) }
}

/// Reaps every child until `script` ends; its wait status.
fn reap_until(script: libc::pid_t) -> i32 {
    loop {
        let mut status = 0;
        let pid = unsafe { libc::waitpid(-1, &mut status, 0) };
        if pid == script {
            return status;
        }
        if pid == -1 && std::io::Error::last_os_error().raw_os_error() != Some(libc::EINTR) {
            return status;
        }
    }
}

fn c_path(path: &std::path::Path) -> Result<CString, String> {
    use std::os::unix::ffi::OsStrExt;
    CString::new(path.as_os_str().as_bytes())
        .map_err(|_| format!("{}: a path with a NUL byte", path.display()))
}

fn mount(
    source: Option<&std::path::Path>,
    target: &std::path::Path,
    fstype: Option<&str>,
    flags: libc::c_ulong,
    data: Option<&str>,
) -> Result<(), String> {
    let source = source.map(c_path).transpose()?;
    let target_c = c_path(target)?;
    let fstype = fstype.map(|t| CString::new(t).expect("no NUL"));
    let data = data.map(|d| CString::new(d).expect("no NUL"));
    let ptr = |c: &Option<CString>| c.as_ref().map_or(std::ptr::null(), |c| c.as_ptr());
    check(
        unsafe {
            libc::mount(
                ptr(&source),
                target_c.as_ptr(),
                ptr(&fstype),
                flags,
                ptr(&data).cast(),
            )
        },
        &format!("mount on {}", target.display()),
    )
}

/// The skill's folder read-only at its place in the run folder, a
/// size-bounded tmpfs for `HOME` and `TMPDIR` owned by the script's uid,
/// and the run's `/etc/hosts` when it names declared hosts.
fn prepare_mounts(spec: &Spec) -> Result<(), String> {
    let layout = Layout(&spec.run_dir);
    let root_dir = std::path::Path::new("/");
    mount(None, root_dir, None, libc::MS_REC | libc::MS_PRIVATE, None)?;
    let (uid, gid) = (spec.uid, spec.gid);
    mount(
        Some(std::path::Path::new("tmpfs")),
        &layout.scratch(),
        Some("tmpfs"),
        libc::MS_NOSUID | libc::MS_NODEV,
        Some(&format!(
            "size={},mode=0755",
            spec.limits.scratch_bytes.max(4096)
        )),
    )?;
    for dir in [layout.home(), layout.tmp()] {
        std::fs::create_dir(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let path = c_path(&dir)?;
        check(
            unsafe { libc::chown(path.as_ptr(), uid, gid) },
            &format!("chown {}", dir.display()),
        )?;
    }
    read_only_bind(&spec.bundle, &layout.skill())?;
    if spec.hosts {
        read_only_bind(&layout.hosts(), std::path::Path::new("/etc/hosts"))?;
    }
    Ok(())
}

/// Not recursive: a read-only remount covers one mount only, so a mount
/// beneath `source` would stay writable; without MS_REC none comes along.
fn read_only_bind(source: &std::path::Path, target: &std::path::Path) -> Result<(), String> {
    mount(Some(source), target, None, libc::MS_BIND, None)?;
    mount(
        None,
        target,
        None,
        libc::MS_BIND | libc::MS_REMOUNT | libc::MS_RDONLY | libc::MS_NOSUID | libc::MS_NODEV,
        None,
    )
}
