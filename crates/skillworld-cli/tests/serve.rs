//! `skillworld serve` as a process: first start, the admin token file, a
//! database the server holds, a graceful stop on SIGTERM.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};

struct Served {
    child: Child,
    address: String,
    /// What the server printed before it listened.
    banner: Vec<String>,
    stderr: BufReader<std::process::ChildStderr>,
}

// The test waits for the child through `Served` once it has signalled it.
#[allow(clippy::zombie_processes)]
fn start(db: &Path) -> Served {
    let mut child = Command::new(env!("CARGO_BIN_EXE_skillworld"))
        .args(["serve", "--port", "0", "--db"])
        .arg(db)
        .env_remove("SKILLWORLD_DB")
        .env_remove("SKILLWORLD_PORT")
        .env("RUST_LOG", "warn")
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stderr = BufReader::new(child.stderr.take().unwrap());
    let mut banner = Vec::new();
    loop {
        let mut line = String::new();
        assert_ne!(
            stderr.read_line(&mut line).unwrap(),
            0,
            "exited: {banner:?}"
        );
        if let Some(rest) = line.split("listening on http://").nth(1) {
            let address = rest.split_whitespace().next().unwrap().to_owned();
            return Served {
                child,
                address,
                banner,
                stderr,
            };
        }
        banner.push(line.trim_end().to_owned());
    }
}

/// One HTTP/1.1 request; the status code and body.
fn http(address: &str, method: &str, path: &str, token: Option<&str>) -> (u16, String) {
    let mut stream = TcpStream::connect(address).unwrap();
    let auth = token.map_or(String::new(), |t| format!("Authorization: Bearer {t}\r\n"));
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: {address}\r\n{auth}Content-Length: 0\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    let status = response[9..12].parse().unwrap();
    let body = response
        .split("\r\n\r\n")
        .nth(1)
        .unwrap_or_default()
        .to_owned();
    (status, body)
}

#[test]
fn serve_starts_guards_its_database_and_stops_gracefully() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("world.redb");
    let mut served = start(&db);

    // First start: the admin token is shown once and kept in a 0600 file.
    let token_file = dir.path().join("admin.token");
    let token = std::fs::read_to_string(&token_file)
        .unwrap()
        .trim()
        .to_owned();
    assert!(
        served.banner.iter().any(|line| line == &token),
        "{:?}",
        served.banner
    );
    use std::os::unix::fs::PermissionsExt;
    let mode = std::fs::metadata(&token_file).unwrap().permissions().mode();
    assert_eq!(mode & 0o777, 0o600);
    let key_mode = std::fs::metadata(dir.path().join("secret.key"))
        .unwrap()
        .permissions()
        .mode();
    assert_eq!(key_mode & 0o777, 0o600);

    assert_eq!(http(&served.address, "GET", "/healthz", None).0, 200);
    let (status, body) = http(
        &served.address,
        "GET",
        "/api/v1/commons/skills",
        Some(&token),
    );
    assert_eq!(status, 200);
    assert!(body.contains("skill-curation"), "{body}");
    assert_eq!(
        http(&served.address, "GET", "/api/v1/commons/skills", None).0,
        401
    );

    // Another command on the held database fails at once, naming the server.
    let busy = Command::new(env!("CARGO_BIN_EXE_skillworld"))
        .args(["list", "--commons", "--db"])
        .arg(&db)
        .output()
        .unwrap();
    assert_eq!(busy.status.code(), Some(2));
    let message = String::from_utf8_lossy(&busy.stderr);
    assert!(
        message.contains(&format!(
            "in use by skillworld serve (pid {})",
            served.child.id()
        )),
        "{message}"
    );
    assert!(message.contains(&served.address), "{message}");

    // SIGTERM: the server finishes and says so; the database is free again.
    unsafe { libc::kill(served.child.id() as i32, libc::SIGTERM) };
    let status = served.child.wait().unwrap();
    assert!(status.success(), "{status:?}");
    let mut rest = String::new();
    served.stderr.read_to_string(&mut rest).unwrap();
    assert!(rest.contains("stopped"), "{rest}");
    let free = Command::new(env!("CARGO_BIN_EXE_skillworld"))
        .args(["list", "--commons", "--db"])
        .arg(&db)
        .output()
        .unwrap();
    assert_eq!(free.status.code(), Some(0));

    // A second start makes no new admin token.
    let mut again = start(&db);
    assert!(
        !again.banner.iter().any(|line| line.starts_with("swt_")),
        "{:?}",
        again.banner
    );
    assert_eq!(std::fs::read_to_string(&token_file).unwrap().trim(), token);
    let (status, _) = http(&again.address, "GET", "/api/v1/tokens", Some(&token));
    assert_eq!(status, 200);
    unsafe { libc::kill(again.child.id() as i32, libc::SIGTERM) };
    assert!(again.child.wait().unwrap().success());
}

#[test]
fn tokens_secrets_and_preflight_on_the_database() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("world.redb");
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_skillworld"))
            .args(args)
            .arg("--db")
            .arg(&db)
            .env_remove("SKILLWORLD_SECRET_KEY")
            .output()
            .unwrap()
    };
    let skill = dir.path().join("skills/mailer");
    std::fs::create_dir_all(&skill).unwrap();
    std::fs::write(
        skill.join("SKILL.md"),
        "---\nname: mailer\ndescription: Sends mail. Use to email people.\nmetadata:\n  openclaw:\n    requires:\n      env: [MAILER_TOKEN]\n---\nSend it.\n",
    )
    .unwrap();
    assert!(run(&["agent", "add", "ada"]).status.success());
    assert!(run(&["agent", "add", "bob"]).status.success());
    let granted = run(&["agent", "grant", "ada", "bob", "read", "--json"]);
    assert!(granted.status.success());
    assert!(String::from_utf8_lossy(&granted.stdout).contains("\"access\":\"read\""));
    assert_eq!(
        run(&["agent", "grant", "ada", "ada", "write"])
            .status
            .code(),
        Some(1)
    );
    assert_eq!(
        run(&["agent", "grant", "ada", "nobody", "read"])
            .status
            .code(),
        Some(1)
    );
    assert!(
        run(&["import", "--commons", skill.to_str().unwrap()])
            .status
            .success()
    );
    let before = run(&["preflight", "--json", "mailer"]);
    assert_eq!(before.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&before.stdout).contains("\"setup-needed\""));

    let set = run(&[
        "secret",
        "set",
        "mailer",
        "MAILER_TOKEN",
        "tok-123456",
        "--agent",
        "ada",
    ]);
    assert!(
        set.status.success(),
        "{}",
        String::from_utf8_lossy(&set.stderr)
    );
    let listed = run(&["secret", "list", "mailer", "--agent", "ada"]);
    assert_eq!(
        String::from_utf8_lossy(&listed.stdout),
        "KEY           PREVIEW\nMAILER_TOKEN  to••••56\n"
    );
    let for_ada = run(&["preflight", "--agent", "ada", "mailer"]);
    assert!(for_ada.status.success());
    assert_eq!(
        String::from_utf8_lossy(&for_ada.stdout),
        "SKILL   READINESS  MISSING\nmailer  ready\n"
    );
    // At host level the Commons has no value yet.
    assert_eq!(run(&["preflight", "mailer"]).status.code(), Some(1));

    let created = run(&["token", "create", "--agent", "ada", "--read-only"]);
    assert!(created.status.success());
    let token = String::from_utf8(created.stdout).unwrap();
    assert!(token.starts_with("swt_") && token.lines().count() == 1);
    let listed = String::from_utf8(run(&["token", "list", "--json"]).stdout).unwrap();
    assert!(listed.contains("\"agent_read_only\"") && !listed.contains(token.trim()));
    let id = listed
        .split("\"id\":\"")
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap();
    assert!(run(&["token", "revoke", id]).status.success());
    assert_eq!(run(&["token", "revoke", id]).status.code(), Some(1));
    assert_eq!(
        run(&["token", "create", "--agent", "nobody"]).status.code(),
        Some(1)
    );
}

/// Attack 7: `agent remove` left the agent's tokens valid, and after `agent
/// add` under the same name the old token worked again. Removing through
/// the CLI revokes them in the store: a server started afterwards refuses
/// the token, and still does once an agent of that name is added again.
#[test]
fn a_removed_agents_token_stays_dead_after_the_name_returns() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("world.redb");
    let run = |args: &[&str]| {
        let output = Command::new(env!("CARGO_BIN_EXE_skillworld"))
            .args(args)
            .arg("--db")
            .arg(&db)
            .env_remove("SKILLWORLD_DB")
            .output()
            .unwrap();
        assert!(
            output.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        String::from_utf8(output.stdout).unwrap()
    };
    run(&["agent", "add", "bob"]);
    let token = run(&["token", "create", "--agent", "bob"])
        .trim()
        .to_owned();
    let whoami = |served: &Served| http(&served.address, "GET", "/api/v1/whoami", Some(&token)).0;

    // Benign: the token works while bob exists.
    let mut served = start(&db);
    assert_eq!(whoami(&served), 200);
    unsafe { libc::kill(served.child.id() as i32, libc::SIGTERM) };
    assert!(served.child.wait().unwrap().success());

    run(&["agent", "remove", "bob"]);
    assert!(!run(&["token", "list"]).contains("\tbob"));
    let mut served = start(&db);
    assert_eq!(whoami(&served), 401);
    unsafe { libc::kill(served.child.id() as i32, libc::SIGTERM) };
    assert!(served.child.wait().unwrap().success());

    run(&["agent", "add", "bob"]);
    let mut served = start(&db);
    assert_eq!(whoami(&served), 401);
    unsafe { libc::kill(served.child.id() as i32, libc::SIGTERM) };
    assert!(served.child.wait().unwrap().success());
}
