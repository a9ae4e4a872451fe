//! The sandbox through its library API, with the crate's own helper
//! binary: what a confined script is, and failing closed.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use skillworld_sandbox::{Job, Launch, SandboxConfig, SandboxError};

fn config() -> SandboxConfig {
    SandboxConfig {
        helper: Some(PathBuf::from(env!("CARGO_BIN_EXE_skillworld-sandbox"))),
        ..SandboxConfig::default()
    }
}

/// A skill folder with `scripts/run.sh`, readable by the sandbox's uid.
fn bundle(script: &str) -> tempfile::TempDir {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    std::fs::create_dir(dir.path().join("scripts")).unwrap();
    std::fs::write(dir.path().join("scripts/run.sh"), script).unwrap();
    dir
}

async fn run(config: &SandboxConfig, bundle: &Path) -> (Result<(), SandboxError>, String, String) {
    let job = Job {
        bundle: bundle.to_owned(),
        script: "scripts/run.sh".into(),
        interpreter: config.find_program("sh"),
        args: vec![],
        env: BTreeMap::from([("GIVEN".to_owned(), "yes".to_owned())]),
        endpoints: vec![],
    };
    let mut launch = Launch::prepare(config, job).unwrap();
    let run_dir = launch.run_dir().to_owned();
    let output = launch.spawn().unwrap().wait_with_output().await.unwrap();
    let verdict = launch.verdict(false);
    drop(launch);
    assert!(!run_dir.exists(), "the run folder is removed");
    (
        verdict,
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[tokio::test]
async fn a_confined_script_is_nobody_with_limits_and_no_way_back() {
    let dir = bundle(
        "id -u\nulimit -n\nulimit -f\necho \"$GIVEN $HOME\"\nunshare -r true 2>/dev/null && echo unshared\nls / >/dev/null 2>&1 && echo listed-root\ncat /etc/hostname >/dev/null 2>&1 && echo read-etc\ntouch \"$(dirname \"$0\")/planted\" 2>/dev/null && echo wrote-skill\nexit 0\n",
    );
    let (verdict, stdout, stderr) = run(&config(), dir.path()).await;
    verdict.unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    // As root: switched to it; otherwise: mapped to it in a user namespace.
    assert_eq!(lines[0], "65534", "{stdout}{stderr}");
    assert_eq!(lines[1], "1024");
    // dash counts 512-byte blocks, bash KiB: 64 MiB either way.
    assert!(
        [(64 << 20) / 512, (64 << 20) / 1024].contains(&lines[2].parse::<u64>().unwrap()),
        "{stdout}"
    );
    assert!(lines[3].starts_with("yes /"), "{stdout}");
    assert!(lines[3].ends_with("/scratch/home"), "{stdout}");
    assert_eq!(
        lines.len(),
        4,
        "no namespace, no listing of /, no /etc beyond what programs need, no write to the skill: {stdout}"
    );
}

#[tokio::test]
async fn a_binary_that_is_no_helper_fails_closed() {
    let dir = bundle("echo ran\n");
    let config = SandboxConfig {
        helper: Some(PathBuf::from("/bin/true")),
        ..SandboxConfig::default()
    };
    let (verdict, stdout, _) = run(&config, dir.path()).await;
    assert!(
        matches!(verdict, Err(SandboxError::NotAHelper(ref path)) if path == Path::new("/bin/true")),
        "{verdict:?}"
    );
    assert_eq!(stdout, "");
}

#[tokio::test]
async fn a_step_that_fails_is_named_and_nothing_runs() {
    let dir = bundle("echo ran\n");
    if unsafe { libc::geteuid() } != 0 {
        return; // the uid checks below are the root path's
    }
    // Root, or -1 (which setresuid reads as "unchanged"), is no
    // unprivileged identity: the identity step refuses.
    for uid in [0, u32::MAX] {
        let config = SandboxConfig { uid, ..config() };
        let (verdict, stdout, _) = run(&config, dir.path()).await;
        let error = verdict.unwrap_err().to_string();
        assert!(
            error.contains(&format!("uid {uid} is not an unprivileged uid")),
            "{error}"
        );
        assert!(
            error.contains("enabled: false"),
            "says how to turn it off: {error}"
        );
        assert_eq!(stdout, "");
    }
}

#[tokio::test]
async fn the_doctor_confines_its_probe() {
    let report = skillworld_sandbox::doctor(&config()).await;
    assert!(report.confined, "{:?}", report.error);
    assert_eq!(report.landlock_abi, skillworld_sandbox::landlock_abi());
    let broken = skillworld_sandbox::doctor(&SandboxConfig {
        helper: Some(PathBuf::from("/bin/true")),
        ..config()
    })
    .await;
    assert!(!broken.confined);
    assert!(broken.error.unwrap().contains("did not answer"));
}

/// This machine's name when it resolves to loopback (then a declared
/// host name can be tested without any outside network).
fn loopback_hostname() -> Option<String> {
    use std::net::ToSocketAddrs;
    let name = std::fs::read_to_string("/proc/sys/kernel/hostname").ok()?;
    let name = name.trim().to_owned();
    let loopback = (name.as_str(), 80)
        .to_socket_addrs()
        .ok()?
        .all(|address| address.ip().is_loopback());
    loopback.then_some(name)
}

#[tokio::test]
async fn a_declared_host_name_is_reached_through_the_proxy_and_only_if_allowed() {
    use std::io::Write;
    let Some(host) = loopback_hostname() else {
        eprintln!("skipped: this machine's name does not resolve to loopback");
        return;
    };
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    std::thread::spawn(move || {
        for mut stream in listener.incoming().flatten() {
            let _ = stream.write_all(b"hello-by-name");
        }
    });
    let dir = bundle("");
    std::fs::write(
        dir.path().join("scripts/run.py"),
        format!(
            "import socket\ntry:\n    with socket.create_connection(('{host}', {port}), timeout=3) as s:\n        print('got', s.recv(100).decode())\nexcept OSError as e:\n    print('error', e)\n"
        ),
    )
    .unwrap();
    let endpoint = format!("http://{host}:{port}/");
    for (allow, expected) in [
        (vec![format!("{host}:{port}")], "got hello-by-name"),
        (vec![], "error"),
    ] {
        let config = SandboxConfig { allow, ..config() };
        let job = Job {
            bundle: dir.path().to_owned(),
            script: "scripts/run.py".into(),
            interpreter: config.find_program("python3"),
            args: vec![],
            env: BTreeMap::new(),
            endpoints: vec![endpoint.clone()],
        };
        let mut launch = Launch::prepare(&config, job).unwrap();
        let output = launch.spawn().unwrap().wait_with_output().await.unwrap();
        launch.verdict(false).unwrap();
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert!(
            stdout.starts_with(expected),
            "{expected}: {stdout}{}",
            String::from_utf8_lossy(&output.stderr)
        );
    }
}

#[tokio::test]
async fn node_runs_confined() {
    let config = config();
    let Some(node) = config.find_program("node") else {
        eprintln!("skipped: no node on the sandbox's PATH");
        return;
    };
    let dir = bundle("");
    std::fs::write(
        dir.path().join("scripts/run.js"),
        "const fs = require('fs');\nfs.writeFileSync(process.env.HOME + '/x', 'kept');\nconsole.log(JSON.stringify({home: fs.readFileSync(process.env.HOME + '/x', 'utf8')}));\n",
    )
    .unwrap();
    let job = Job {
        bundle: dir.path().to_owned(),
        script: "scripts/run.js".into(),
        interpreter: Some(node),
        args: vec![],
        env: BTreeMap::new(),
        endpoints: vec![],
    };
    let mut launch = Launch::prepare(&config, job).unwrap();
    let output = launch.spawn().unwrap().wait_with_output().await.unwrap();
    launch.verdict(false).unwrap();
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        "{\"home\":\"kept\"}\n",
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}
