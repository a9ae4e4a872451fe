//! The host's side of a run: the run folder, the helper's command with its
//! report pipe, the endpoint proxy, and the verdict after the run.

use std::collections::BTreeMap;
use std::io::Read;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use thiserror::Error;
use tokio::process::{Child, Command};

use crate::SandboxConfig;
use crate::endpoint::{Endpoint, refused};
use crate::proxy;
use crate::spec::{Forward, HELPER_ARG, Layout, REPORT_FD, Spec};

/// Why a script could not be run confined. Nothing of the script ran.
#[derive(Debug, Error)]
pub enum SandboxError {
    /// A step of the confinement failed: the message names the kernel
    /// feature or call (fail closed).
    #[error(
        "the script sandbox could not be applied: {0} (the admin may turn the sandbox off with `sandbox: (enabled: false)` in the habitat's configuration)"
    )]
    Setup(String),
    /// The helper binary did not answer as a sandbox helper.
    #[error(
        "the script sandbox helper {0} did not answer as one (an embedding host sets `sandbox.helper` to a binary that calls skillworld_sandbox::run_helper_if_asked)"
    )]
    NotAHelper(PathBuf),
    /// The run folder could not be made.
    #[error("the script's scratch folder {path}: {source}")]
    Scratch {
        path: PathBuf,
        source: std::io::Error,
    },
}

/// One script run, as the host describes it.
pub struct Job {
    /// The skill's folder (read-only inside).
    pub bundle: PathBuf,
    /// The script, relative to the skill's folder.
    pub script: PathBuf,
    /// The interpreter (an absolute path), or `None` to execute the
    /// script itself.
    pub interpreter: Option<PathBuf>,
    pub args: Vec<String>,
    /// The environment besides `PATH`, `LANG`, `HOME` and `TMPDIR`.
    pub env: BTreeMap<String, String>,
    /// Declared endpoints (`requires.endpoints`).
    pub endpoints: Vec<String>,
}

/// A prepared run: spawn it, wait for it, then ask [`Launch::verdict`].
/// Dropping it stops the proxy and removes the run folder.
pub struct Launch {
    run_dir: RunDir,
    command: Command,
    /// The report pipe's read end, and its write end until the spawn.
    report: Option<OwnedFd>,
    report_writer: Option<OwnedFd>,
    helper: PathBuf,
    proxy: Option<tokio::task::JoinHandle<()>>,
}

/// The run folder, removed when dropped.
struct RunDir(PathBuf);

impl Drop for RunDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn scratch_error(path: &Path) -> impl FnOnce(std::io::Error) -> SandboxError + '_ {
    move |source| SandboxError::Scratch {
        path: path.to_owned(),
        source,
    }
}

fn make_run_dir(root: &Path) -> Result<PathBuf, SandboxError> {
    use std::os::unix::fs::DirBuilderExt;
    let mut random = [0u8; 12];
    getrandom::fill(&mut random).map_err(|e| SandboxError::Setup(format!("randomness: {e}")))?;
    let name: String = random.iter().map(|b| format!("{b:02x}")).collect();
    let path = root.join(format!("skillworld-run-{name}"));
    // Traversable (the script's uid needs to reach its scratch), not
    // listable; never an existing folder (or a link someone planted).
    std::fs::DirBuilder::new()
        .mode(0o711)
        .create(&path)
        .map_err(scratch_error(&path))?;
    Ok(path)
}

impl Launch {
    /// Makes the run folder and the command for `job` under `config`.
    pub fn prepare(config: &SandboxConfig, job: Job) -> Result<Launch, SandboxError> {
        let run_dir = RunDir(make_run_dir(&config.scratch_root())?);
        if config.enabled {
            Self::confined(config, job, run_dir)
        } else {
            Self::plain(config, job, run_dir)
        }
    }

    /// The sandbox off: a cleared environment and a scratch `HOME`, as the
    /// server's user.
    fn plain(config: &SandboxConfig, job: Job, run_dir: RunDir) -> Result<Launch, SandboxError> {
        let (home, tmp) = (run_dir.0.join("home"), run_dir.0.join("tmp"));
        for dir in [&home, &tmp] {
            std::fs::create_dir(dir).map_err(scratch_error(dir))?;
        }
        let script = job.bundle.join(&job.script);
        let mut command = match &job.interpreter {
            Some(interpreter) => {
                let mut command = Command::new(interpreter);
                command.arg(&script);
                command
            }
            None => Command::new(&script),
        };
        command
            .args(&job.args)
            .current_dir(script.parent().unwrap_or(&job.bundle))
            .env_clear()
            .envs(base_env(config, &home, &tmp))
            .envs(&job.env);
        Ok(Launch {
            run_dir,
            command,
            report: None,
            report_writer: None,
            helper: PathBuf::new(),
            proxy: None,
        })
    }

    fn confined(config: &SandboxConfig, job: Job, run_dir: RunDir) -> Result<Launch, SandboxError> {
        let layout = Layout(&run_dir.0);
        for dir in [layout.skill(), layout.scratch()] {
            std::fs::create_dir(&dir).map_err(scratch_error(&dir))?;
        }
        let (forwards, hosts, targets) = plan_network(config, &job.endpoints);
        if !hosts.is_empty() {
            let mut text = String::from("127.0.0.1 localhost\n::1 localhost\n");
            for (host, address) in &hosts {
                text.push_str(&format!("{address} {host}\n"));
            }
            std::fs::write(layout.hosts(), text).map_err(scratch_error(&layout.hosts()))?;
        }
        let proxy = if forwards.is_empty() {
            None
        } else {
            let listener = tokio::net::UnixListener::bind(layout.proxy())
                .map_err(scratch_error(&layout.proxy()))?;
            Some(tokio::spawn(proxy::serve(
                listener,
                Arc::new(targets),
                Arc::new(config.clone()),
            )))
        };
        let script = layout.skill().join(&job.script);
        let (program, mut args) = match &job.interpreter {
            Some(interpreter) => (interpreter.clone(), vec![script.display().to_string()]),
            None => (script.clone(), vec![]),
        };
        args.extend(job.args);
        let mut env: Vec<(String, String)> = base_env(config, &layout.home(), &layout.tmp());
        env.extend(job.env);
        let spec = Spec {
            program,
            args,
            env,
            workdir: job.script.parent().map(Path::to_owned).unwrap_or_default(),
            bundle: job.bundle,
            run_dir: run_dir.0.clone(),
            read_only: config.read_only.clone(),
            uid: config.uid,
            gid: config.gid,
            limits: config.limits,
            forwards,
            hosts: !hosts.is_empty(),
        };
        let helper = config
            .helper_path()
            .map_err(|e| SandboxError::Setup(format!("the helper binary: {e}")))?;
        let spec_path = layout.spec();
        write_private(
            &spec_path,
            &serde_json::to_vec(&spec).expect("a spec serialises"),
        )
        .map_err(scratch_error(&spec_path))?;
        let mut command = Command::new(&helper);
        command.arg(HELPER_ARG).arg(&spec_path).env_clear();
        let report = report_pipe().map_err(|e| SandboxError::Setup(format!("pipe: {e}")))?;
        let writer = report.1.as_raw_fd();
        // SAFETY: the closure only calls dup2 and fcntl, which are
        // async-signal-safe, in the forked child.
        unsafe {
            command.pre_exec(move || {
                if writer == REPORT_FD {
                    libc::fcntl(REPORT_FD, libc::F_SETFD, 0);
                } else if libc::dup2(writer, REPORT_FD) == -1 {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            });
        }
        Ok(Launch {
            run_dir,
            command,
            report: Some(report.0),
            report_writer: Some(report.1),
            helper,
            proxy,
        })
    }

    /// Starts the run with the given output pipes, in its own process
    /// group (`kill(-pid)` ends it, and with the helper, the sandbox).
    pub fn spawn(&mut self) -> std::io::Result<Child> {
        self.command
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .process_group(0)
            .kill_on_drop(true);
        let child = self.command.spawn()?;
        // The parent's copy of the write end goes, so the pipe ends with
        // the helper and its children.
        self.report_writer = None;
        Ok(child)
    }

    /// After the helper has exited: `Ok` when the script ran confined (or
    /// the sandbox is off), the failed step otherwise. `killed`: the host
    /// ended the run (its timeout), which may have cut the setup short.
    pub fn verdict(&mut self, killed: bool) -> Result<(), SandboxError> {
        let Some(reader) = self.report.take() else {
            return Ok(());
        };
        let text = read_available(reader);
        if let Some(error) = text.lines().find_map(|l| l.strip_prefix("error: ")) {
            return Err(SandboxError::Setup(error.to_owned()));
        }
        if text.lines().any(|l| l == "ok") || killed {
            return Ok(());
        }
        Err(SandboxError::NotAHelper(self.helper.clone()))
    }

    /// The run folder (removed when the launch is dropped).
    pub fn run_dir(&self) -> &Path {
        &self.run_dir.0
    }
}

impl Drop for Launch {
    fn drop(&mut self) {
        if let Some(proxy) = self.proxy.take() {
            proxy.abort();
        }
    }
}

/// `PATH`, `LANG`, `HOME` and `TMPDIR`: all a script inherits.
fn base_env(config: &SandboxConfig, home: &Path, tmp: &Path) -> Vec<(String, String)> {
    vec![
        ("PATH".into(), config.path.clone()),
        ("LANG".into(), config.lang.clone()),
        ("HOME".into(), home.display().to_string()),
        ("TMPDIR".into(), tmp.display().to_string()),
    ]
}

/// What the pipe holds now (every writer has exited or written already).
fn read_available(reader: OwnedFd) -> String {
    unsafe {
        let flags = libc::fcntl(reader.as_raw_fd(), libc::F_GETFL);
        libc::fcntl(reader.as_raw_fd(), libc::F_SETFL, flags | libc::O_NONBLOCK);
    }
    let mut file = std::fs::File::from(reader);
    let mut bytes = Vec::new();
    let _ = file.read_to_end(&mut bytes);
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Writes a file only its owner may read.
fn write_private(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    use std::os::unix::fs::OpenOptionsExt;
    std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(path)?
        .write_all(bytes)
}

/// A close-on-exec pipe: (read end, write end).
fn report_pipe() -> std::io::Result<(OwnedFd, OwnedFd)> {
    let mut fds = [0; 2];
    if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } == -1 {
        return Err(std::io::Error::last_os_error());
    }
    // SAFETY: both descriptors were just made and are owned here.
    Ok(unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) })
}

/// Which declared endpoints get a listener inside and where: a loopback
/// address as it is, another address as a loopback alias, a host name at
/// a loopback address of its own named in the run's `/etc/hosts`. An
/// address the admin has not allowed gets no listener at all (the
/// connection is refused inside); a host name is checked by the proxy
/// once resolved.
fn plan_network(
    config: &SandboxConfig,
    declared: &[String],
) -> (Vec<Forward>, Vec<(String, Ipv4Addr)>, Vec<Endpoint>) {
    let mut forwards = Vec::new();
    let mut hosts = Vec::new();
    let mut targets = Vec::new();
    for endpoint in declared.iter().filter_map(|e| Endpoint::parse(e)) {
        if targets.contains(&endpoint) {
            continue;
        }
        let listen = match endpoint.address() {
            Some(address) if refused(&endpoint, address, &config.allow, config.habitat_port) => {
                continue;
            }
            Some(IpAddr::V6(v6)) if !v6.is_loopback() => continue,
            Some(address) => address,
            None => {
                let n = hosts.len() as u32 + 2;
                let address = Ipv4Addr::from(0x7f00_0000 + (n / 250) * 256 + n % 250 + 1);
                hosts.push((endpoint.host.clone(), address));
                IpAddr::V4(address)
            }
        };
        forwards.push(Forward {
            listen: SocketAddr::new(listen, endpoint.port),
            index: targets.len() as u16,
        });
        targets.push(endpoint);
    }
    (forwards, hosts, targets)
}
