//! SCR-2: the script runner's fences and bounds.

use std::collections::BTreeMap;
use std::path::Path;
use std::time::Duration;

use skillworld_habitat::{RunError, RunLimits, SandboxConfig, run_script};

/// These tests run scripts in this (test) binary's process, which is no
/// sandbox helper: the sandbox is turned off explicitly (the escape suite
/// of skillworld-cli runs the real, confined thing).
fn plain() -> RunLimits {
    RunLimits {
        sandbox: std::sync::Arc::new(SandboxConfig::off()),
        ..RunLimits::default()
    }
}

fn skill(scripts: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("scripts")).unwrap();
    for (name, text) in scripts {
        std::fs::write(dir.path().join("scripts").join(name), text).unwrap();
    }
    dir
}

async fn run(
    dir: &Path,
    script: &str,
    secrets: &[(&str, &str)],
    limits: RunLimits,
) -> Result<skillworld_habitat::ScriptResult, RunError> {
    let secrets: BTreeMap<String, String> = secrets
        .iter()
        .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
        .collect();
    run_script(dir, script, &[], &secrets, limits).await
}

#[tokio::test]
async fn only_files_under_scripts_run() {
    let dir = skill(&[("ok.sh", "echo ok\n")]);
    std::fs::write(dir.path().join("outside.sh"), "echo escaped\n").unwrap();
    for script in [
        "scripts/../outside.sh",
        "/bin/echo",
        "outside.sh",
        "../x.sh",
    ] {
        let error = run(dir.path(), script, &[], plain()).await.unwrap_err();
        assert!(
            matches!(error, RunError::OutsideScripts(_)),
            "{script}: {error}"
        );
    }
    std::os::unix::fs::symlink("/etc/passwd", dir.path().join("scripts/link.sh")).unwrap();
    let error = run(dir.path(), "scripts/link.sh", &[], plain())
        .await
        .unwrap_err();
    assert_eq!(
        error.to_string(),
        "script 'scripts/link.sh' is a symbolic link; scripts may not be links"
    );
    std::fs::write(dir.path().join("scripts/data.txt"), "x").unwrap();
    assert!(matches!(
        run(dir.path(), "scripts/data.txt", &[], plain()).await,
        Err(RunError::NoInterpreter(_))
    ));
}

#[tokio::test]
async fn the_working_directory_is_the_scripts_folder_and_exit_codes_pass_through() {
    let dir = skill(&[("where.sh", "pwd\nexit 3\n")]);
    let result = run(dir.path(), "scripts/where.sh", &[], plain())
        .await
        .unwrap();
    assert_eq!(result.exit_code, Some(3));
    assert_eq!(
        Path::new(result.stdout.trim()).canonicalize().unwrap(),
        dir.path().join("scripts").canonicalize().unwrap()
    );
}

#[tokio::test]
async fn the_environment_is_cleared_but_for_pass_through_and_secrets() {
    // SAFETY: tests in this binary read these variables only through
    // children.
    unsafe {
        std::env::set_var("SKILLWORLD_TEST_TOKEN", "from-parent");
        std::env::set_var("SKILLWORLD_TEST_OTHER", "server-only");
    }
    let dir = skill(&[(
        "env.sh",
        "echo \"$SKILLWORLD_TEST_TOKEN|$SKILLWORLD_TEST_OTHER\"\ntest -d \"$HOME\" && test -d \"$TMPDIR\" && echo scratch\nenv | cut -d= -f1 | sort | tr '\\n' ' '\n",
    )]);
    let cleared = run(dir.path(), "scripts/env.sh", &[], plain())
        .await
        .unwrap();
    assert_eq!(
        cleared.stdout, "|\nscratch\nHOME LANG PATH PWD SHLVL TMPDIR _ ",
        "only PATH, LANG, HOME and TMPDIR (and what bash adds itself)"
    );
    let passed = RunLimits {
        env_passthrough: std::sync::Arc::from(["SKILLWORLD_TEST_TOKEN".to_owned()]),
        ..plain()
    };
    let inherited = run(dir.path(), "scripts/env.sh", &[], passed.clone())
        .await
        .unwrap();
    assert!(
        inherited.stdout.starts_with("from-parent|\n"),
        "{}",
        inherited.stdout
    );
    let secret = run(
        dir.path(),
        "scripts/env.sh",
        &[("SKILLWORLD_TEST_TOKEN", "from-secret")],
        passed,
    )
    .await
    .unwrap();
    assert!(
        secret.stdout.starts_with("from-secret|\n"),
        "{}",
        secret.stdout
    );
}

#[tokio::test]
async fn output_is_capped_with_a_marker() {
    let dir = skill(&[(
        "loud.py",
        "import sys\nsys.stdout.write('x' * 10_000_000)\n",
    )]);
    let result = run(dir.path(), "scripts/loud.py", &[], plain())
        .await
        .unwrap();
    assert_eq!(result.exit_code, Some(0));
    assert!(result.stdout.starts_with(&"x".repeat(50_000)));
    assert!(
        result
            .stdout
            .ends_with("\n[output truncated: 9950000 more bytes]"),
        "{}",
        &result.stdout[50_000..]
    );
}

#[tokio::test]
async fn a_script_past_its_timeout_is_killed_with_its_children() {
    let marker = tempfile::tempdir().unwrap();
    let pid_file = marker.path().join("child.pid");
    let text = format!("sleep 30 &\necho $! > {}\nwait\n", pid_file.display());
    let dir = skill(&[("slow.sh", &text)]);
    let limits = RunLimits {
        timeout: Duration::from_millis(500),
        ..plain()
    };
    let result = run(dir.path(), "scripts/slow.sh", &[], limits)
        .await
        .unwrap();
    assert!(result.timed_out);
    assert_eq!(result.exit_code, None);
    assert!(result.stderr.ends_with("[killed after 500ms]"));
    let child: i32 = std::fs::read_to_string(&pid_file)
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    // The background child was in the script's process group. SIGKILL is
    // delivered asynchronously: poll (bounded) until it is gone or a zombie
    // awaiting its reaped parent.
    let state = |pid: i32| {
        let status = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
        status
            .split_whitespace()
            .nth(2)
            .unwrap_or("gone")
            .to_owned()
    };
    let deadline = std::time::Instant::now() + Duration::from_secs(5);
    while !matches!(state(child).as_str(), "gone" | "Z") && std::time::Instant::now() < deadline {
        std::thread::yield_now();
    }
    let last = state(child);
    assert!(
        matches!(last.as_str(), "gone" | "Z"),
        "the child is still running: state {last}"
    );
}

#[tokio::test]
async fn a_detached_descendant_does_not_hold_the_call() {
    // Issue 16, attack 8, with the sandbox off (the sandbox ends such a
    // descendant with its PID namespace): the call still answers once the
    // script is done, although the descendant holds the output pipes.
    let marker = tempfile::tempdir().unwrap();
    let pid_file = marker.path().join("sleep.pid");
    let text = format!(
        "setsid sleep 30 &\necho $! > {}\necho started\n",
        pid_file.display()
    );
    let dir = skill(&[("detach.sh", &text)]);
    let started = std::time::Instant::now();
    let result = run(dir.path(), "scripts/detach.sh", &[], plain())
        .await
        .unwrap();
    let elapsed = started.elapsed();
    let pid: i32 = std::fs::read_to_string(&pid_file)
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    // SAFETY: signals the sleep this test started.
    unsafe { libc::kill(pid, libc::SIGKILL) };
    assert_eq!(result.stdout, "started\n");
    assert!(!result.timed_out);
    assert!(elapsed < Duration::from_secs(10), "held for {elapsed:?}");
}
