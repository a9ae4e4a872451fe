use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;

use serde::Serialize;
use thiserror::Error;
use tokio::io::{AsyncRead, AsyncReadExt};
use tokio::process::Command;

/// Default time a script may run (SCR-2).
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(30);
/// Bytes of stdout and of stderr kept (SCR-2).
pub const OUTPUT_CAP: usize = 50_000;

#[derive(Clone, Copy, Debug)]
pub struct RunLimits {
    pub timeout: Duration,
    pub output_cap: usize,
}

impl Default for RunLimits {
    fn default() -> Self {
        RunLimits {
            timeout: DEFAULT_TIMEOUT,
            output_cap: OUTPUT_CAP,
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

fn interpreter(path: &Path) -> Option<&'static str> {
    match path.extension().and_then(|e| e.to_str()) {
        Some("py") => Some("python3"),
        Some("sh") => Some("bash"),
        Some("js") => Some("node"),
        _ => None,
    }
}

#[cfg(unix)]
fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path).is_ok_and(|m| m.permissions().mode() & 0o111 != 0)
}

/// Reads a stream to its end, keeping the first `cap` bytes and counting
/// the rest, so a chatty child never blocks on a full pipe.
async fn capped(mut stream: impl AsyncRead + Unpin, cap: usize) -> String {
    let mut kept = Vec::with_capacity(cap.min(64 * 1024));
    let mut dropped = 0usize;
    let mut buffer = [0u8; 16 * 1024];
    loop {
        match stream.read(&mut buffer).await {
            Ok(0) | Err(_) => break,
            Ok(n) => {
                let room = cap.saturating_sub(kept.len());
                kept.extend_from_slice(&buffer[..n.min(room)]);
                dropped += n.saturating_sub(room);
            }
        }
    }
    let mut text = String::from_utf8_lossy(&kept).into_owned();
    if dropped > 0 {
        text.push_str(&format!("\n[output truncated: {dropped} more bytes]"));
    }
    text
}

/// Kills a whole process group.
#[cfg(unix)]
fn kill_group(pgid: u32) {
    // SAFETY: `kill` with a negative pid signals a process group; it touches
    // no memory of ours.
    unsafe {
        libc::kill(-(pgid as i32), libc::SIGKILL);
    }
}

/// Runs a skill script (SCR-2): only files under the skill's `scripts/`,
/// interpreter by extension or the executable bit, working directory the
/// script's folder, `secrets` over the inherited environment, a timeout
/// that kills the whole process group, and capped output.
pub async fn run_script(
    skill_dir: &Path,
    script: &str,
    args: &[String],
    secrets: &BTreeMap<String, String>,
    limits: RunLimits,
) -> Result<ScriptResult, RunError> {
    let path = locate(skill_dir, script)?;
    let mut command = match interpreter(&path) {
        Some(program) => {
            let mut command = Command::new(program);
            command.arg(&path);
            command
        }
        None if is_executable(&path) => Command::new(&path),
        None => return Err(RunError::NoInterpreter(script.to_owned())),
    };
    command
        .args(args)
        .current_dir(path.parent().expect("scripts live in a folder"))
        .envs(secrets)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0)
        .kill_on_drop(true);
    let mut child = command.spawn().map_err(|source| RunError::Spawn {
        path: script.to_owned(),
        source,
    })?;
    let pgid = child.id();
    let stdout = tokio::spawn(capped(
        child.stdout.take().expect("piped"),
        limits.output_cap,
    ));
    let stderr = tokio::spawn(capped(
        child.stderr.take().expect("piped"),
        limits.output_cap,
    ));
    let (exit_code, timed_out) = match tokio::time::timeout(limits.timeout, child.wait()).await {
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
    let stdout = stdout.await.unwrap_or_default();
    let mut stderr = stderr.await.unwrap_or_default();
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
