//! The script sandbox's escape suite (SEC-3, issue 17; issue 16's attacks
//! 2 and 8): the real `skillworld serve` (as root where CI runs it), an
//! agent's own skill whose script tries to get out, called through the
//! agent's tool route with the agent's token. Each attempt must come back
//! as an error the script saw, never the data; the benign scripts work.

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// The attacker's script: one action per call, the target in the
/// arguments (so nothing in the file names what it goes after).
const PROBE: &str = r#"import json, os, socket, sys, time

args = json.loads(sys.argv[-1])
action, target = args["action"], args.get("target", "")
count = {"n": 0}

def read():
    with open(target, "rb") as f:
        return f.read(300).decode("latin-1")

def listing():
    return sorted(os.listdir(target))

def write():
    with open(target, "w") as f:
        f.write("x")
    return target

def connect():
    host, port = target.rsplit(":", 1)
    with socket.create_connection((host, int(port)), timeout=3) as s:
        return s.recv(100).decode()

def spawn():
    for _ in range(int(target)):
        if os.fork() == 0:
            time.sleep(20)
            os._exit(0)
        count["n"] += 1
    return count["n"]

def fill():
    with open(os.path.join(os.environ["TMPDIR"], "fill"), "wb") as f:
        for _ in range(int(target)):
            f.write(b"\0" * 65536)
            f.flush()
            count["n"] += 65536
    return count["n"]

def detach():
    if os.fork() == 0:
        os.setsid()
        if os.fork() == 0:
            os.execv("/bin/sleep", ["sleep", target])
        os._exit(0)
    os.wait()
    time.sleep(60)

def trace():
    import ctypes
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.ptrace(16, int(target), 0, 0) != 0:
        e = ctypes.get_errno()
        raise OSError(e, os.strerror(e))
    return "attached"

def environment():
    return dict(os.environ)

actions = {"read": read, "list": listing, "write": write, "connect": connect, "spawn": spawn,
           "fill": fill, "detach": detach, "trace": trace, "environment": environment}
try:
    print(json.dumps({"ok": True, "value": actions[action](), "count": count["n"]}))
except BaseException as e:
    print(json.dumps({"ok": False, "error": type(e).__name__ + ": " + str(e), "count": count["n"]}))
"#;

/// A benign Python script: its own references, scratch files, JSON out.
const BENIGN_PY: &str = r#"import json, os, tempfile
here = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(here, "..", "references", "data.json")) as f:
    data = json.load(f)
with open(os.path.join(os.environ["HOME"], "note.txt"), "w") as f:
    f.write("kept")
fd, path = tempfile.mkstemp()
os.write(fd, b"scratch")
os.close(fd)
print(json.dumps({"city": data["city"], "home": open(os.path.join(os.environ["HOME"], "note.txt")).read(), "tmp": os.path.getsize(path)}))
"#;

/// A benign bash script: the same with a shell.
const BENIGN_SH: &str = r#"set -e
city=$(cat ../references/city.txt)
echo "kept" > "$HOME/note.txt"
tmp=$(mktemp)
echo scratch > "$tmp"
printf '{"city":"%s","home":"%s","tmp":"%s"}\n' "$city" "$(cat "$HOME/note.txt")" "$(cat "$tmp")"
"#;

struct Served {
    child: Child,
    address: String,
    /// What the server printed before it listened.
    banner: Vec<String>,
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

// `Served` kills and waits for the child when dropped.
#[allow(clippy::zombie_processes)]
fn start(dir: &Path, config: &Path, home: &Path) -> Served {
    let mut child = Command::new(env!("CARGO_BIN_EXE_skillworld"))
        .args(["serve", "--port", "0", "--db"])
        .arg(dir.join("world.redb"))
        .arg("--config")
        .arg(config)
        .env_remove("SKILLWORLD_DB")
        .env_remove("SKILLWORLD_PORT")
        .env("HOME", home)
        .env("SKILLWORLD_TEST_SERVER_SECRET", "server-environment-leaked")
        .env("RUST_LOG", "warn")
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stderr = std::io::BufReader::new(child.stderr.take().unwrap());
    let mut banner = Vec::new();
    loop {
        let mut line = String::new();
        let read = std::io::BufRead::read_line(&mut stderr, &mut line).unwrap();
        assert_ne!(read, 0, "the server exited: {banner:?}");
        if let Some(rest) = line.split("listening on http://").nth(1) {
            let address = rest.split_whitespace().next().unwrap().to_owned();
            // Keep draining stderr so the server never blocks on it.
            std::thread::spawn(move || std::io::copy(&mut stderr, &mut std::io::sink()));
            return Served {
                child,
                address,
                banner,
            };
        }
        banner.push(line);
    }
}

/// One HTTP/1.1 request with an optional body; status and body.
fn http(
    address: &str,
    method: &str,
    path: &str,
    token: &str,
    body: Option<(&str, &[u8])>,
) -> (u16, String) {
    let mut stream = TcpStream::connect(address).unwrap();
    let (kind, bytes) = body.unwrap_or(("application/json", b""));
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: {address}\r\nAuthorization: Bearer {token}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        bytes.len()
    )
    .unwrap();
    stream.write_all(bytes).unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    let status = response[9..12].parse().unwrap();
    let body = response.split("\r\n\r\n").nth(1).unwrap_or_default();
    (status, body.to_owned())
}

fn json_call(address: &str, method: &str, path: &str, token: &str, body: Value) -> Value {
    let text = body.to_string();
    let (status, answer) = http(
        address,
        method,
        path,
        token,
        Some(("application/json", text.as_bytes())),
    );
    assert!(status < 300, "{method} {path}: {status} {answer}");
    serde_json::from_str(&answer).unwrap_or(Value::Null)
}

fn skill_md(name: &str, endpoints: &[String], scripts: Value) -> String {
    let requires = json!({ "endpoints": endpoints }).to_string();
    format!(
        "---\nname: {name}\ndescription: Checks things. Use when asked.\nmetadata:\n  skillworld.scripts: '{scripts}'\n  skillworld.requires: '{requires}'\n---\nRun the tools.\n"
    )
}

fn script(id: &str, path: &str) -> Value {
    json!({"id": id, "path": path, "arg_style": "json", "parameters": [
        {"name": "action", "type": "string", "required": false},
        {"name": "target", "type": "string", "required": false}
    ]})
}

/// A listener on loopback that answers each connection with `greeting`
/// and counts them.
fn listener(greeting: &'static str) -> (u16, std::sync::Arc<std::sync::atomic::AtomicUsize>) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let count = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let seen = count.clone();
    std::thread::spawn(move || {
        for mut stream in listener.incoming().flatten() {
            seen.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            let _ = stream.write_all(greeting.as_bytes());
        }
    });
    (port, count)
}

struct World {
    served: Served,
    ada: String,
    dir: tempfile::TempDir,
    home: PathBuf,
    allowed: u16,
    declared: u16,
    undeclared: u16,
    counts: [std::sync::Arc<std::sync::atomic::AtomicUsize>; 3],
}

impl World {
    fn probe(&self, action: &str, target: &str) -> (Value, Duration) {
        let started = Instant::now();
        let answer = json_call(
            &self.served.address,
            "POST",
            "/api/v1/agents/ada/tools/skill_escape_probe",
            &self.ada,
            json!({"action": action, "target": target}),
        );
        let elapsed = started.elapsed();
        assert!(answer.get("error").is_none(), "{action}: {answer}");
        let stdout = answer["stdout"].as_str().unwrap_or_default();
        let result = serde_json::from_str(stdout.trim()).unwrap_or_else(
            |_| json!({"ok": false, "error": format!("no JSON: {answer}"), "raw": answer}),
        );
        (result, elapsed)
    }

    /// The attempt ran, and the script saw an error instead of the data.
    fn denied(&self, action: &str, target: &str) -> String {
        let (result, _) = self.probe(action, target);
        assert_eq!(result["ok"], json!(false), "{action} {target}: {result}");
        result["error"].as_str().unwrap_or_default().to_owned()
    }
}

fn setup() -> World {
    let dir = tempfile::tempdir().unwrap();
    let home = dir.path().join("server-home");
    std::fs::create_dir_all(home.join(".ssh")).unwrap();
    std::fs::write(home.join(".ssh/id_ed25519"), "PRIVATE KEY OF THE SERVER").unwrap();
    let (allowed, allowed_count) = listener("hello-from-allowed");
    let (declared, declared_count) = listener("declared-but-not-allowed");
    let (undeclared, undeclared_count) = listener("undeclared");
    let config = dir.path().join("habitat.ron");
    std::fs::write(
        &config,
        format!(
            "(script_timeout_seconds: Some(3), probe_endpoints: Some(false), sandbox: (allow: [\"127.0.0.1:{allowed}\"], limits: (processes: 64, file_bytes: 1048576)))"
        ),
    )
    .unwrap();
    let served = start(dir.path(), &config, &home);
    let admin = std::fs::read_to_string(dir.path().join("admin.token"))
        .unwrap()
        .trim()
        .to_owned();
    let address = served.address.clone();
    let mut tokens = Vec::new();
    for agent in ["ada", "bob"] {
        json_call(
            &address,
            "POST",
            "/api/v1/agents",
            &admin,
            json!({"name": agent}),
        );
        let made = json_call(
            &address,
            "POST",
            "/api/v1/tokens",
            &admin,
            json!({"kind": "agent", "agent": agent}),
        );
        tokens.push(made["token"].as_str().unwrap().to_owned());
    }
    let endpoints = vec![
        format!("127.0.0.1:{allowed}"),
        format!("http://127.0.0.1:{declared}/"),
    ];
    let scripts = json!([
        script("probe", "scripts/probe.py"),
        script("benign_py", "scripts/benign.py"),
        script("benign_sh", "scripts/benign.sh"),
    ]);
    let put = |agent: &str, token: &str, skill: &str, path: &str, bytes: &[u8]| {
        let (status, answer) = http(
            &address,
            "PUT",
            &format!("/api/v1/agents/{agent}/skills/{skill}/files/{path}"),
            token,
            Some(("application/octet-stream", bytes)),
        );
        assert!(status < 300, "{path}: {status} {answer}");
    };
    let md = skill_md("escape", &endpoints, scripts);
    let (status, answer) = http(
        &address,
        "POST",
        "/api/v1/agents/ada/skills",
        &tokens[0],
        Some(("text/markdown", md.as_bytes())),
    );
    assert_eq!(status, 201, "{answer}");
    put(
        "ada",
        &tokens[0],
        "escape",
        "scripts/probe.py",
        PROBE.as_bytes(),
    );
    put(
        "ada",
        &tokens[0],
        "escape",
        "scripts/benign.py",
        BENIGN_PY.as_bytes(),
    );
    put(
        "ada",
        &tokens[0],
        "escape",
        "scripts/benign.sh",
        BENIGN_SH.as_bytes(),
    );
    put(
        "ada",
        &tokens[0],
        "escape",
        "references/data.json",
        br#"{"city": "Oslo"}"#,
    );
    put(
        "ada",
        &tokens[0],
        "escape",
        "references/city.txt",
        b"Bergen\n",
    );
    // Bob's own skill, with something private in it.
    let bob_md = skill_md("bob-notes", &[], json!([]));
    let (status, answer) = http(
        &address,
        "POST",
        "/api/v1/agents/bob/skills",
        &tokens[1],
        Some(("text/markdown", bob_md.as_bytes())),
    );
    assert_eq!(status, 201, "{answer}");
    put(
        "bob",
        &tokens[1],
        "bob-notes",
        "references/private.md",
        b"BOB'S PRIVATE NOTES",
    );
    World {
        served,
        ada: tokens.swap_remove(0),
        dir,
        home,
        allowed,
        declared,
        undeclared,
        counts: [allowed_count, declared_count, undeclared_count],
    }
}

fn find(root: &Path, name: &str) -> Option<PathBuf> {
    for entry in std::fs::read_dir(root).ok()?.flatten() {
        let path = entry.path();
        if path.file_name().is_some_and(|n| n == name) {
            return Some(path);
        }
        if path.is_dir()
            && let Some(found) = find(&path, name)
        {
            return Some(found);
        }
    }
    None
}

#[test]
fn scripts_cannot_get_out_of_the_sandbox_and_benign_ones_still_work() {
    let world = setup();
    let data = world.dir.path();

    // The benign path first: references read, scratch written, JSON out.
    for (tool, city) in [("benign_py", "Oslo"), ("benign_sh", "Bergen")] {
        let answer = json_call(
            &world.served.address,
            "POST",
            &format!("/api/v1/agents/ada/tools/skill_escape_{tool}"),
            &world.ada,
            json!({}),
        );
        assert_eq!(answer["exit_code"], json!(0), "{tool}: {answer}");
        let out: Value = serde_json::from_str(answer["stdout"].as_str().unwrap().trim())
            .unwrap_or_else(|_| panic!("{tool}: {answer}"));
        assert_eq!(out["city"], json!(city), "{tool}: {out}");
        assert_eq!(out["home"], json!("kept"), "{tool}: {out}");
    }

    // Files of the server, other agents and the server's HOME.
    let bob = find(&data.join("workspace"), "bob-notes").expect("bob's skill is in the workspace");
    for target in [
        data.join("admin.token"),
        data.join("secret.key"),
        data.join("world.redb"),
        bob.join("references/private.md"),
        world.home.join(".ssh/id_ed25519"),
        PathBuf::from("/proc/1/environ"),
        PathBuf::from(format!("/proc/{}/environ", world.served.child.id())),
        PathBuf::from("/etc/shadow"),
    ] {
        let error = world.denied("read", &target.display().to_string());
        assert!(
            error.contains("Permission denied") || error.contains("No such file"),
            "{}: {error}",
            target.display()
        );
    }
    for target in [data.to_path_buf(), bob.clone(), world.home.clone()] {
        world.denied("list", &target.display().to_string());
    }

    // Writes outside the scratch folder, the skill's own folder included.
    let skill = find(&data.join("workspace"), "escape").unwrap();
    for target in [
        data.join("planted"),
        std::env::temp_dir().join("skillworld-planted"),
        skill.join("scripts/planted.py"),
        PathBuf::from("/etc/planted"),
    ] {
        world.denied("write", &target.display().to_string());
        assert!(!target.exists(), "{} was written", target.display());
    }

    // The server's environment is not the script's.
    let (env, _) = world.probe("environment", "");
    assert_eq!(env["ok"], json!(true), "{env}");
    let names: Vec<&String> = env["value"].as_object().unwrap().keys().collect();
    assert!(
        !env.to_string().contains("server-environment-leaked"),
        "{names:?}"
    );
    for name in [
        "SKILLWORLD_TEST_SERVER_SECRET",
        "SKILLWORLD_SECRET_KEY",
        "RUST_LOG",
    ] {
        assert!(!names.iter().any(|n| *n == name), "{name} in {names:?}");
    }

    // The network (preflight does not probe here, so every connection
    // counted is the script's; only loopback is ever a target here): the
    // habitat itself, an undeclared port, a declared port
    // the admin has not allowed — refused; the declared, allowed one works.
    let habitat_port = world.served.address.rsplit(':').next().unwrap();
    for target in [
        format!("127.0.0.1:{habitat_port}"),
        format!("127.0.0.1:{}", world.undeclared),
        format!("127.0.0.1:{}", world.declared),
    ] {
        world.denied("connect", &target);
    }
    let (reached, _) = world.probe("connect", &format!("127.0.0.1:{}", world.allowed));
    assert_eq!(reached["value"], json!("hello-from-allowed"), "{reached}");
    let seen = |i: usize| world.counts[i].load(std::sync::atomic::Ordering::SeqCst);
    assert_eq!((seen(0), seen(1), seen(2)), (1, 0, 0));

    // A fork bomb stops at the process limit.
    let (bomb, _) = world.probe("spawn", "5000");
    assert_eq!(bomb["ok"], json!(false), "{bomb}");
    assert!(bomb["count"].as_u64().unwrap() < 64, "{bomb}");

    // Filling the disk stops at the file-size limit (1 MiB here).
    let (fill, _) = world.probe("fill", "1000");
    assert_eq!(fill["ok"], json!(false), "{fill}");
    assert!(
        fill["error"].as_str().unwrap().contains("File too large"),
        "{fill}"
    );
    assert!(fill["count"].as_u64().unwrap() <= 1 << 20, "{fill}");

    // ptrace of the sandbox's init and of the server: denied.
    for pid in [1, world.served.child.id()] {
        let error = world.denied("trace", &pid.to_string());
        assert!(error.contains("not permitted"), "{pid}: {error}");
    }

    // A detached grandchild does not outlive the call's timeout (3 s).
    let marker = "31.4159";
    let (detached, elapsed) = world.probe("detach", marker);
    assert!(elapsed < Duration::from_secs(6), "{elapsed:?} {detached}");
    let alive = || {
        std::fs::read_dir("/proc").unwrap().flatten().any(|entry| {
            std::fs::read(entry.path().join("cmdline"))
                .is_ok_and(|cmdline| String::from_utf8_lossy(&cmdline).contains(marker))
        })
    };
    let deadline = Instant::now() + Duration::from_secs(2);
    while alive() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(!alive(), "the detached sleep outlived the call");
}

/// A tiny skill with one script tool, made by agent ada; her token.
fn ada_with_a_script(served: &Served, data: &Path) -> String {
    let admin = std::fs::read_to_string(data.join("admin.token"))
        .unwrap()
        .trim()
        .to_owned();
    let address = &served.address;
    json_call(
        address,
        "POST",
        "/api/v1/agents",
        &admin,
        json!({"name": "ada"}),
    );
    let ada = json_call(
        address,
        "POST",
        "/api/v1/tokens",
        &admin,
        json!({"kind": "agent", "agent": "ada"}),
    )["token"]
        .as_str()
        .unwrap()
        .to_owned();
    let md = skill_md("escape", &[], json!([script("probe", "scripts/probe.py")]));
    let (status, answer) = http(
        address,
        "POST",
        "/api/v1/agents/ada/skills",
        &ada,
        Some(("text/markdown", md.as_bytes())),
    );
    assert_eq!(status, 201, "{answer}");
    let (status, answer) = http(
        address,
        "PUT",
        "/api/v1/agents/ada/skills/escape/files/scripts/probe.py",
        &ada,
        Some(("application/octet-stream", PROBE.as_bytes())),
    );
    assert!(status < 300, "{answer}");
    ada
}

#[test]
fn a_sandbox_that_cannot_confine_fails_closed_and_one_turned_off_is_shown() {
    // A helper that is no sandbox helper stands for a host that cannot
    // confine: the start says so, and script tools answer the error.
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("habitat.ron");
    std::fs::write(&config, "(sandbox: (helper: Some(\"/bin/true\")))").unwrap();
    let served = start(dir.path(), &config, dir.path());
    assert!(
        served
            .banner
            .iter()
            .any(|l| l.contains("cannot confine scripts")),
        "{:?}",
        served.banner
    );
    let ada = ada_with_a_script(&served, dir.path());
    let answer = json_call(
        &served.address,
        "POST",
        "/api/v1/agents/ada/tools/skill_escape_probe",
        &ada,
        json!({"action": "read", "target": dir.path().join("admin.token")}),
    );
    let error = answer["error"].as_str().unwrap_or_default();
    assert!(
        error.contains("sandbox helper /bin/true did not answer"),
        "{answer}"
    );
    assert!(!answer.to_string().contains("swt_"), "{answer}");
    drop(served);

    // Turned off by the admin: loud at start, shown to admins only.
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("habitat.ron");
    std::fs::write(
        &config,
        "(sandbox: (enabled: false), env_passthrough: [\"SKILLWORLD_TEST_SERVER_SECRET\"])",
    )
    .unwrap();
    let served = start(dir.path(), &config, dir.path());
    assert!(
        served
            .banner
            .iter()
            .any(|l| l.contains("script sandbox is off")),
        "{:?}",
        served.banner
    );
    let admin = std::fs::read_to_string(dir.path().join("admin.token"))
        .unwrap()
        .trim()
        .to_owned();
    let ada = ada_with_a_script(&served, dir.path());
    let whoami = |token: &str| {
        let (status, body) = http(&served.address, "GET", "/api/v1/whoami", token, None);
        assert_eq!(status, 200);
        serde_json::from_str::<Value>(&body).unwrap()
    };
    let seen = whoami(&admin);
    assert_eq!(seen["sandbox"]["enabled"], json!(false), "{seen}");
    assert!(
        seen["sandbox"]["warning"]
            .as_str()
            .unwrap()
            .contains("unconfined")
    );
    assert!(whoami(&ada).get("sandbox").is_none());
    let (status, body) = http(
        &served.address,
        "GET",
        "/api/v1/agents/ada/preflight",
        &admin,
        None,
    );
    assert_eq!(status, 200);
    assert!(body.contains("\"sandbox\":{\"enabled\":false"), "{body}");
    // Off, scripts still get only the listed server variables.
    let env = json_call(
        &served.address,
        "POST",
        "/api/v1/agents/ada/tools/skill_escape_probe",
        &ada,
        json!({"action": "environment"}),
    );
    let out: Value = serde_json::from_str(env["stdout"].as_str().unwrap().trim()).unwrap();
    assert_eq!(
        out["value"]["SKILLWORLD_TEST_SERVER_SECRET"],
        json!("server-environment-leaked")
    );
    assert!(out["value"].get("RUST_LOG").is_none(), "{out}");
}

#[test]
fn doctor_tells_what_the_sandbox_enforces() {
    let output = Command::new(env!("CARGO_BIN_EXE_skillworld"))
        .args(["doctor", "--json"])
        .env_remove("SKILLWORLD_CONFIG")
        .output()
        .unwrap();
    let report: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(report["enabled"], json!(true));
    assert_eq!(report["confined"], json!(true), "{report}");
    assert_eq!(output.status.code(), Some(0));
    assert!(
        report["enforces"].as_array().unwrap().len() >= 4,
        "{report}"
    );
    assert!(!report["gaps"].as_array().unwrap().is_empty());
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("habitat.ron");
    std::fs::write(&config, "(sandbox: (helper: Some(\"/bin/true\")))").unwrap();
    let broken = Command::new(env!("CARGO_BIN_EXE_skillworld"))
        .args(["doctor", "--config"])
        .arg(&config)
        .output()
        .unwrap();
    assert_eq!(broken.status.code(), Some(1));
    let text = String::from_utf8_lossy(&broken.stdout);
    assert!(text.contains("confined probe: FAILED"), "{text}");
}
