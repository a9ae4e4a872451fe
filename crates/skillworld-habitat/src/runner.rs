use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::Serialize;
use std::sync::{Arc, Mutex};
use thiserror::Error;

use skillworld_sandbox::{Job, Launch, SandboxConfig, SandboxError};
use tokio::io::{AsyncRead, AsyncReadExt};

/// Default time a script may run (SCR-2).
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(30);
/// Bytes of stdout and of stderr kept (SCR-2).
pub const OUTPUT_CAP: usize = 50_000;
/// How long output is still read once the script has ended or been
/// killed (a process outside any sandbox may hold the pipes open).
const READ_GRACE: Duration = Duration::from_millis(250);

/// How scripts run: limits, the sandbox (SEC-3) and the server variables
/// an admin passes through (SEC-2). The default confines every run with
/// the running executable as the sandbox helper.
#[derive(Clone, Debug)]
pub struct RunLimits {
    pub timeout: Duration,
    pub output_cap: usize,
    pub sandbox: Arc<SandboxConfig>,
    /// Names of the server's environment variables scripts also get.
    pub env_passthrough: Arc<[String]>,
}

impl Default for RunLimits {
    fn default() -> Self {
        RunLimits {
            timeout: DEFAULT_TIMEOUT,
            output_cap: OUTPUT_CAP,
            sandbox: Arc::new(SandboxConfig::default()),
            env_passthrough: Arc::from([]),
        }
    }
}

/// What a script did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ScriptResult {
    /// `None` when it was killed (by the timeout or a signal).
    pub exit_code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
    pub timed_out: bool,
}

/// Why a script did not run. Nothing ran when one is returned.
#[derive(Debug, Error)]
pub enum RunError {
    #[error("script '{0}' is not under the skill's scripts/ folder")]
    OutsideScripts(String),
    #[error("script '{0}' is a symbolic link; scripts may not be links")]
    Symlink(String),
    #[error("script '{path}' cannot be read: {source}")]
    Missing {
        path: String,
        source: std::io::Error,
    },
    #[error("script '{0}' has no known interpreter (.py, .sh, .js) and is not executable")]
    NoInterpreter(String),
    #[error("script '{script}' needs '{interpreter}', which is not on the scripts' PATH ({path})")]
    InterpreterMissing {
        script: String,
        interpreter: &'static str,
        path: String,
    },
    #[error(
        "script '{0}' is not readable by the sandbox's unprivileged uid (the workspace was written under a restrictive umask; serve with umask 022)"
    )]
    Unreadable(String),
    /// The sandbox could not be applied (fail closed, SEC-3).
    #[error("script '{path}': {source}")]
    Sandbox { path: String, source: SandboxError },
    #[error("script '{path}' could not start: {source}")]
    Spawn {
        path: String,
        source: std::io::Error,
    },
}

/// Resolves `script` inside `skill_dir/scripts/`, refusing `..`, absolute
/// paths and symlinks, on the resolved path.
fn locate(skill_dir: &Path, script: &str) -> Result<PathBuf, RunError> {
    let relative = Path::new(script);
    if relative.is_absolute()
        || !script.starts_with("scripts/")
        || script.split('/').any(|p| p == "..")
    {
        return Err(RunError::OutsideScripts(script.to_owned()));
    }
    let path = skill_dir.join(relative);
    let meta = std::fs::symlink_metadata(&path).map_err(|source| RunError::Missing {
        path: script.to_owned(),
        source,
    })?;
    if meta.file_type().is_symlink() {
        return Err(RunError::Symlink(script.to_owned()));
    }
    let scripts = skill_dir
        .join("scripts")
        .canonicalize()
        .map_err(|source| RunError::Missing {
            path: script.to_owned(),
            source,
        })?;
    let resolved = path.canonicalize().map_err(|source| RunError::Missing {
        path: script.to_owned(),
        source,
    })?;
    if !resolved.starts_with(&scripts) || !resolved.is_file() {
        return Err(RunError::OutsideScripts(script.to_owned()));
    }
    Ok(resolved)
}

/// The interpreter a script runs with, by its extension (SCR-2).
pub(crate) fn interpreter(path: &Path) -> Option<&'static str> {
    match path.extension().and_then(|e| e.to_str()) {
        Some("py") => Some("python3"),
        Some("sh") => Some("bash"),
        Some("js") => Some("node"),
        _ => None,
    }
}

/// Whether a file is readable by any uid (a confined script runs as an
/// unprivileged one, not as the server's).
fn other_readable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path).is_ok_and(|m| m.permissions().mode() & 0o004 != 0)
}

fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path).is_ok_and(|m| m.permissions().mode() & 0o111 != 0)
}

/// A stream's first `cap` bytes and a count of the rest.
#[derive(Default)]
struct Capture {
    kept: Vec<u8>,
    dropped: usize,
}

impl Capture {
    fn text(&self) -> String {
        let mut text = String::from_utf8_lossy(&self.kept).into_owned();
        if self.dropped > 0 {
            text.push_str(&format!(
                "\n[output truncated: {} more bytes]",
                self.dropped
            ));
        }
        text
    }
}

/// Reads a stream to its end into `sink`, keeping the first `cap` bytes
/// and counting the rest, so a chatty child never blocks on a full pipe
/// and what was read survives the reader being stopped.
async fn capped(mut stream: impl AsyncRead + Unpin, cap: usize, sink: Arc<Mutex<Capture>>) {
    let mut buffer = [0u8; 16 * 1024];
    loop {
        match stream.read(&mut buffer).await {
            Ok(0) | Err(_) => break,
            Ok(n) => {
                let mut sink = sink.lock().unwrap_or_else(|p| p.into_inner());
                let room = cap.saturating_sub(sink.kept.len());
                sink.kept.extend_from_slice(&buffer[..n.min(room)]);
                sink.dropped += n.saturating_sub(room);
            }
        }
    }
}

/// Kills a whole process group (with the sandbox's helper in it, the
/// whole sandbox).
fn kill_group(pgid: u32) {
    // SAFETY: `kill` with a negative pid signals a process group; it touches
    // no memory of ours.
    unsafe {
        libc::kill(-(pgid as i32), libc::SIGKILL);
    }
}

/// The skill's declared endpoints (`requires.endpoints` of the SKILL.md
/// in its folder), which the sandbox lets the script reach.
fn declared_endpoints(skill_dir: &Path) -> Vec<String> {
    let Ok(bytes) = std::fs::read(skill_dir.join("SKILL.md")) else {
        return Vec::new();
    };
    skillworld_format::import_skill_md(&bytes, &skillworld_format::Source::default())
        .map(|imported| imported.document.skill.requires.into_inner().endpoints)
        .unwrap_or_default()
}

/// The environment a script gets besides `PATH`, `LANG`, `HOME` and
/// `TMPDIR`: the pass-through variables the server has, then the
/// skill's secrets over them.
fn script_env(
    secrets: &BTreeMap<String, String>,
    passthrough: &[String],
) -> BTreeMap<String, String> {
    let mut env: BTreeMap<String, String> = passthrough
        .iter()
        .filter_map(|name| Some((name.clone(), std::env::var(name).ok()?)))
        .collect();
    env.extend(secrets.iter().map(|(k, v)| (k.clone(), v.clone())));
    env
}

/// Runs a skill script (SCR-2, SEC-2, SEC-3): only files under the skill's
/// `scripts/`, interpreter by extension (found on the scripts' `PATH`) or
/// the executable bit, working directory the script's folder, a cleared
/// environment (`PATH`, `LANG`, a scratch `HOME` and `TMPDIR`, the
/// pass-through variables, `secrets` over them), confined by the sandbox
/// unless the configuration turns it off, a timeout after which the whole
/// sandbox (or process group) is killed and the output no longer waited
/// for, and capped output.
pub async fn run_script(
    skill_dir: &Path,
    script: &str,
    args: &[String],
    secrets: &BTreeMap<String, String>,
    limits: RunLimits,
) -> Result<ScriptResult, RunError> {
    let path = locate(skill_dir, script)?;
    let interpreter =
        match interpreter(&path) {
            Some(name) => Some(limits.sandbox.find_program(name).ok_or_else(|| {
                RunError::InterpreterMissing {
                    script: script.to_owned(),
                    interpreter: name,
                    path: limits.sandbox.path.clone(),
                }
            })?),
            None if is_executable(&path) => None,
            None => return Err(RunError::NoInterpreter(script.to_owned())),
        };
    if limits.sandbox.enabled && unsafe { libc::geteuid() } == 0 && !other_readable(&path) {
        return Err(RunError::Unreadable(script.to_owned()));
    }
    let bundle = skill_dir
        .canonicalize()
        .map_err(|source| RunError::Missing {
            path: script.to_owned(),
            source,
        })?;
    let job = Job {
        script: path
            .strip_prefix(&bundle)
            .map_err(|_| RunError::OutsideScripts(script.to_owned()))?
            .to_owned(),
        bundle,
        interpreter,
        args: args.to_vec(),
        env: script_env(secrets, &limits.env_passthrough),
        endpoints: declared_endpoints(skill_dir),
    };
    let sandbox_error = |source| RunError::Sandbox {
        path: script.to_owned(),
        source,
    };
    let mut launch = Launch::prepare(&limits.sandbox, job).map_err(sandbox_error)?;
    let mut child = launch.spawn().map_err(|source| RunError::Spawn {
        path: script.to_owned(),
        source,
    })?;
    let deadline = tokio::time::Instant::now() + limits.timeout;
    let pgid = child.id();
    let (out, err) = (Arc::default(), Arc::default());
    let mut readers = [
        tokio::spawn(capped(
            child.stdout.take().expect("piped"),
            limits.output_cap,
            Arc::clone(&out),
        )),
        tokio::spawn(capped(
            child.stderr.take().expect("piped"),
            limits.output_cap,
            Arc::clone(&err),
        )),
    ];
    let (exit_code, timed_out) = match tokio::time::timeout_at(deadline, child.wait()).await {
        Ok(status) => (status.ok().and_then(|s| s.code()), false),
        Err(_) => {
            if let Some(pgid) = pgid {
                kill_group(pgid);
            }
            let _ = child.wait().await;
            (None, true)
        }
    };
    // Descendants that outlived the script itself still hold the pipes.
    if let Some(pgid) = pgid {
        kill_group(pgid);
    }
    let _ = tokio::time::timeout(READ_GRACE, async {
        for reader in readers.iter_mut() {
            let _ = reader.await;
        }
    })
    .await;
    for reader in &readers {
        reader.abort();
    }
    if let Err(error) = launch.verdict(timed_out) {
        tracing::error!(script, %error, "a script was refused: the sandbox could not be applied");
        return Err(sandbox_error(error));
    }
    let stdout = out.lock().unwrap_or_else(|p| p.into_inner()).text();
    let mut stderr = err.lock().unwrap_or_else(|p| p.into_inner()).text();
    if timed_out {
        stderr.push_str(&format!("\n[killed after {:?}]", limits.timeout));
    }
    Ok(ScriptResult {
        exit_code,
        stdout,
        stderr,
        timed_out,
    })
}
