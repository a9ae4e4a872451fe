//! STO-7: several real `skillworld serve` processes on one PostgreSQL
//! database (`SKILLWORLD_TEST_PG`; without it every test says so and
//! passes). Waits are conditions with deadlines, never fixed sleeps.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

// The fake model server of the evolve crate's tests; this file uses part.
#[allow(dead_code)]
#[path = "../../skillworld-evolve/tests/fake/mod.rs"]
mod fake;

use fake::{Canned, FakeServer};

const KEY: &str = "4b1d2c3e4f5061728394a5b6c7d8e9f00112233445566778899aabbccddeeff0";
const DEADLINE: Duration = Duration::from_secs(15);

fn server(test: &str) -> Option<String> {
    match std::env::var("SKILLWORLD_TEST_PG") {
        Ok(url) if !url.is_empty() => Some(url),
        _ => {
            eprintln!("{test}: skipped: SKILLWORLD_TEST_PG is not set (see docs/deploy.md)");
            None
        }
    }
}

/// A fresh database on the server; its URL.
fn fresh_database(url: &str, test: &str) -> String {
    let name = format!("sw_nodes_{test}_{}", std::process::id());
    sql(url, &format!("DROP DATABASE IF EXISTS {name}"));
    sql(url, &format!("CREATE DATABASE {name}"));
    let (base, query) = url
        .split_once('?')
        .map_or((url, String::new()), |(b, q)| (b, format!("?{q}")));
    let authority = base.find("://").map_or(0, |i| i + 3);
    let base = base[authority..]
        .find('/')
        .map_or(base, |slash| &base[..authority + slash]);
    format!("{base}/{name}{query}")
}

fn sql(url: &str, statement: &str) {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let (client, connection) = tokio_postgres::connect(url, tokio_postgres::NoTls)
            .await
            .unwrap();
        tokio::spawn(connection);
        client.batch_execute(statement).await.unwrap();
    });
}

struct Node {
    child: Child,
    address: String,
    dir: PathBuf,
    /// What it printed before it listened.
    startup: String,
}

impl Node {
    fn start(store: &str, dir: &Path) -> Node {
        Node::start_with(store, dir, &[])
    }

    // The child is killed and waited for on drop.
    #[allow(clippy::zombie_processes)]
    fn start_with(store: &str, dir: &Path, extra: &[&str]) -> Node {
        std::fs::create_dir_all(dir).unwrap();
        let mut child = Command::new(env!("CARGO_BIN_EXE_skillworld"))
            .args([
                "serve",
                "--port",
                "0",
                "--secret-key",
                KEY,
                "--store",
                store,
                "--db",
            ])
            .arg(dir.join("world.redb"))
            .args(extra)
            .env_remove("SKILLWORLD_DB")
            .env_remove("SKILLWORLD_MODEL_URL")
            .env_remove("SKILLWORLD_MODEL")
            .env("RUST_LOG", "warn")
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stderr = BufReader::new(child.stderr.take().unwrap());
        let mut seen = Vec::new();
        loop {
            let mut line = String::new();
            assert_ne!(
                stderr.read_line(&mut line).unwrap(),
                0,
                "the node exited: {seen:?}"
            );
            if let Some(rest) = line.split("listening on http://").nth(1) {
                let address = rest.split_whitespace().next().unwrap().to_owned();
                // Keep draining its log so it never blocks on a full pipe;
                // a failing test shows it.
                let node = address.clone();
                std::thread::spawn(move || {
                    for line in stderr.lines().map_while(Result::ok) {
                        eprintln!("[{node}] {line}");
                    }
                });
                return Node {
                    child,
                    address,
                    dir: dir.to_owned(),
                    startup: seen.concat(),
                };
            }
            seen.push(line);
        }
    }

    fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    fn call(
        &self,
        method: &str,
        path: &str,
        token: &str,
        headers: &[(&str, &str)],
        body: Option<&Value>,
    ) -> Answer {
        let mut stream = TcpStream::connect(&self.address).unwrap();
        let body = body.map(Value::to_string).unwrap_or_default();
        let mut request = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\nContent-Length: {}\r\n",
            self.address,
            body.len()
        );
        if !token.is_empty() {
            request.push_str(&format!("Authorization: Bearer {token}\r\n"));
        }
        if !body.is_empty() {
            request.push_str("Content-Type: application/json\r\n");
        }
        for (name, value) in headers {
            request.push_str(&format!("{name}: {value}\r\n"));
        }
        request.push_str("\r\n");
        request.push_str(&body);
        stream.write_all(request.as_bytes()).unwrap();
        let mut response = String::new();
        stream.read_to_string(&mut response).unwrap();
        let (head, body) = response.split_once("\r\n\r\n").unwrap_or((&response, ""));
        Answer {
            status: head[9..12].parse().unwrap(),
            head: head.to_ascii_lowercase(),
            body: body.to_owned(),
        }
    }

    fn get(&self, path: &str, token: &str) -> Answer {
        self.call("GET", path, token, &[], None)
    }

    fn post(&self, path: &str, token: &str, body: &Value) -> Answer {
        self.call("POST", path, token, &[], Some(body))
    }

    fn health(&self) -> Value {
        self.get("/healthz", "").json()
    }
}

impl Drop for Node {
    fn drop(&mut self) {
        self.kill();
    }
}

struct Answer {
    status: u16,
    head: String,
    body: String,
}

impl Answer {
    fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("{e}: {}", self.body))
    }
}

/// Waits until `ready` holds, up to the deadline; how long it took.
fn until(what: &str, mut ready: impl FnMut() -> bool) -> Duration {
    let started = Instant::now();
    while !ready() {
        assert!(started.elapsed() < DEADLINE, "never happened: {what}");
        std::thread::yield_now();
    }
    started.elapsed()
}

fn admin_token(first: &Node) -> String {
    std::fs::read_to_string(first.dir.join("admin.token"))
        .unwrap()
        .trim()
        .to_owned()
}

fn skill(name: &str, body: &str) -> Value {
    json!({"name": name, "description": format!("The {name} skill."), "body": body})
}

fn digests_agree(nodes: &[&Node], admin: &str) -> bool {
    let digests: Vec<Value> = nodes
        .iter()
        .map(|n| n.get("/api/v1/digest", admin).json())
        .collect();
    digests.windows(2).all(|pair| pair[0] == pair[1])
}

#[test]
fn three_nodes_share_writes_tokens_and_isolation() {
    let Some(server) = server("three_nodes") else {
        return;
    };
    let store = fresh_database(&server, "three");
    let dir = tempfile::tempdir().unwrap();
    let a = Node::start(&store, &dir.path().join("a"));
    let b = Node::start(&store, &dir.path().join("b"));
    let c = Node::start(&store, &dir.path().join("c"));
    let admin = admin_token(&a);
    // Only the first node made an admin token; it opens every node.
    assert!(!b.dir.join("admin.token").exists());
    for node in [&a, &b, &c] {
        let health = node.health();
        assert_eq!(health["backend"], "postgres", "{health}");
        assert_eq!(health["status"], "ok", "{health}");
    }

    // A write on A: its writer sees it at once, the others within the lag.
    let created = a.post(
        "/api/v1/commons/skills",
        &admin,
        &skill("greet", "Say hi.\n"),
    );
    assert_eq!(created.status, 201, "{}", created.body);
    assert_eq!(a.get("/api/v1/commons/skills/greet", &admin).status, 200);
    for node in [&b, &c] {
        let lag = until("greet reaches the other nodes", || {
            node.get("/api/v1/commons/skills/greet", &admin).status == 200
        });
        eprintln!("replication lag to {}: {lag:?}", node.address);
    }

    // Agents and tokens made on different nodes work on every node.
    let added = b.post("/api/v1/agents", &admin, &json!({"name": "ada"}));
    assert_eq!(added.status, 201, "{}", added.body);
    let added = b.post("/api/v1/agents", &admin, &json!({"name": "bob"}));
    assert_eq!(added.status, 201, "{}", added.body);
    let token = |node: &Node, agent: &str| {
        until("the agent reaches the node", || {
            node.get(&format!("/api/v1/agents/{agent}/catalog"), &admin)
                .status
                == 200
        });
        let made = node.post(
            "/api/v1/tokens",
            &admin,
            &json!({"kind": "agent", "agent": agent}),
        );
        assert_eq!(made.status, 201, "{}", made.body);
        made.json()
    };
    let ada = token(&c, "ada");
    let bob = token(&a, "bob");
    let ada_token = ada["token"].as_str().unwrap().to_owned();
    let bob_token = bob["token"].as_str().unwrap().to_owned();
    until("ada's token opens node A", || {
        a.get("/api/v1/agents/ada/catalog", &ada_token).status == 200
    });

    // Isolation across nodes: ada's private skill, written on A, is
    // nobody else's business on B.
    let private = a.post(
        "/api/v1/agents/ada/skills",
        &ada_token,
        &skill("diary", "Private.\n"),
    );
    assert_eq!(private.status, 201, "{}", private.body);
    until("ada's skill reaches B", || {
        b.get("/api/v1/agents/ada/skills/diary", &ada_token).status == 200
    });
    assert_eq!(
        b.get("/api/v1/agents/ada/skills/diary", &bob_token).status,
        404
    );
    assert_eq!(
        b.get("/api/v1/agents/bob/skills/diary", &bob_token).status,
        404
    );
    let wrote = c.post(
        "/api/v1/agents/ada/skills",
        &bob_token,
        &skill("planted", "x\n"),
    );
    assert!(
        wrote.status == 404 || wrote.status == 403,
        "{} {}",
        wrote.status,
        wrote.body
    );

    // A token revoked on A is refused on B within the lag.
    let revoked = a.call(
        "DELETE",
        &format!("/api/v1/tokens/{}", ada["id"].as_str().unwrap()),
        &admin,
        &[],
        None,
    );
    assert!(revoked.status < 300, "{} {}", revoked.status, revoked.body);
    let lag = until("the revocation reaches B", || {
        b.get("/api/v1/agents/ada/catalog", &ada_token).status == 401
    });
    eprintln!("revocation lag: {lag:?}");
    until("the revocation reaches C", || {
        c.get("/api/v1/agents/ada/catalog", &ada_token).status == 401
    });

    until("every node holds the same world", || {
        digests_agree(&[&a, &b, &c], &admin)
    });
}

#[test]
fn an_if_match_race_between_nodes_has_one_winner_200_times() {
    let Some(server) = server("race") else { return };
    let store = fresh_database(&server, "race");
    let dir = tempfile::tempdir().unwrap();
    let a = Node::start(&store, &dir.path().join("a"));
    let b = Node::start(&store, &dir.path().join("b"));
    let admin = admin_token(&a);
    assert_eq!(
        a.post("/api/v1/commons/skills", &admin, &skill("count", "v0\n"))
            .status,
        201
    );
    until("the skill reaches B", || {
        b.get("/api/v1/commons/skills/count", &admin).status == 200
    });
    for round in 0..200u64 {
        let revision = (round + 1).to_string();
        let patch =
            json!({"old_string": format!("v{round}\n"), "new_string": format!("v{}\n", round + 1)});
        let statuses: Vec<u16> = std::thread::scope(|scope| {
            let racers: Vec<_> = [&a, &b]
                .into_iter()
                .map(|node| {
                    let (patch, revision, admin) = (&patch, &revision, &admin);
                    scope.spawn(move || {
                        node.call(
                            "PATCH",
                            "/api/v1/commons/skills/count",
                            admin,
                            &[("If-Match", revision)],
                            Some(patch),
                        )
                        .status
                    })
                })
                .collect();
            racers.into_iter().map(|r| r.join().unwrap()).collect()
        });
        let winners = statuses.iter().filter(|&&s| s == 200).count();
        assert_eq!(winners, 1, "round {round}: {statuses:?}");
        assert!(
            statuses.iter().any(|&s| s == 409 || s == 412),
            "round {round}: {statuses:?}"
        );
    }
    let text =
        |node: &Node| node.get("/api/v1/commons/skills/count", &admin).json()["body"].clone();
    assert_eq!(text(&a), json!("v200\n"));
    until("B agrees", || text(&b) == json!("v200\n"));
    until("the digests agree", || digests_agree(&[&a, &b], &admin));
}

#[test]
fn a_node_killed_mid_write_leaves_no_torn_state_and_catches_up_on_restart() {
    let Some(server) = server("kill") else { return };
    let store = fresh_database(&server, "kill");
    let dir = tempfile::tempdir().unwrap();
    let mut a = Node::start(&store, &dir.path().join("a"));
    let b = Node::start(&store, &dir.path().join("b"));
    let admin = admin_token(&a);
    let address = a.address.clone();
    // A writer hammers A until A dies under it. A refusal while A still
    // answers (a commit that timed out on a loaded machine) is not an
    // acknowledgement, and not A's death either: the writer goes on.
    let writer = {
        let admin = admin.clone();
        std::thread::spawn(move || {
            let mut acknowledged = Vec::new();
            for n in 0.. {
                let name = format!("s{n}");
                let Ok(mut stream) = TcpStream::connect(&address) else {
                    break;
                };
                let body = skill(&name, "x\n").to_string();
                let sent = write!(
                    stream,
                    "POST /api/v1/commons/skills HTTP/1.1\r\nHost: a\r\nConnection: close\r\nAuthorization: Bearer {admin}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
                    body.len()
                );
                let mut response = String::new();
                if sent.is_err()
                    || stream.read_to_string(&mut response).is_err()
                    || response.is_empty()
                {
                    break;
                }
                if response.starts_with("HTTP/1.1 201") {
                    acknowledged.push(name);
                }
            }
            acknowledged
        })
    };
    until("A has written a few", || {
        b.health()["journal_seq"].as_u64().unwrap() > 20
    });
    a.kill();
    let acknowledged = writer.join().unwrap();
    assert!(!acknowledged.is_empty());
    // B goes on: everything A acknowledged is there, and B still writes.
    for name in &acknowledged {
        until("an acknowledged write reaches B", || {
            b.get(&format!("/api/v1/commons/skills/{name}"), &admin)
                .status
                == 200
        });
    }
    assert_eq!(
        b.post("/api/v1/commons/skills", &admin, &skill("after", "y\n"))
            .status,
        201
    );
    // A restarts from the shared journal and catches up.
    let a = Node::start(&store, &dir.path().join("a"));
    assert_eq!(a.get("/api/v1/commons/skills/after", &admin).status, 200);
    until("the digests agree", || digests_agree(&[&a, &b], &admin));
    let health = a.health();
    assert_eq!(health["journal_seq"], b.health()["journal_seq"], "{health}");
}

#[test]
fn without_its_database_a_node_refuses_writes_and_serves_stale_reads() {
    let Some(server) = server("outage") else {
        return;
    };
    let store = fresh_database(&server, "outage");
    let database = store
        .rsplit('/')
        .next()
        .unwrap()
        .split('?')
        .next()
        .unwrap()
        .to_owned();
    let dir = tempfile::tempdir().unwrap();
    let a = Node::start(&store, &dir.path().join("a"));
    let admin = admin_token(&a);
    assert_eq!(
        a.post("/api/v1/commons/skills", &admin, &skill("kept", "k\n"))
            .status,
        201
    );
    // The jobs a node runs at start write; one cut mid-commit would leave
    // the node diverged, which is not this test's case.
    start_up_jobs_ran(&a, &admin);
    sql(
        &server,
        &format!("ALTER DATABASE {database} ALLOW_CONNECTIONS false"),
    );
    sql(
        &server,
        &format!(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{database}'"
        ),
    );
    until("the node reports itself stale", || {
        a.health()["status"] == "stale"
    });
    let read = a.get("/api/v1/commons/skills/kept", &admin);
    assert_eq!(read.status, 200, "{}", read.body);
    assert!(
        read.head.contains("x-skillworld-stale: true"),
        "{}",
        read.head
    );
    let write = a.post("/api/v1/commons/skills", &admin, &skill("lost", "l\n"));
    assert_eq!(write.status, 503, "{}", write.body);
    assert!(write.body.contains("store unavailable"), "{}", write.body);
    sql(
        &server,
        &format!("ALTER DATABASE {database} ALLOW_CONNECTIONS true"),
    );
    until("the node is current again", || a.health()["status"] == "ok");
    let fresh = a.post("/api/v1/commons/skills", &admin, &skill("later", "l\n"));
    assert_eq!(fresh.status, 201, "{}", fresh.body);
    assert!(!fresh.head.contains("x-skillworld-stale"), "{}", fresh.head);
}

/// Waits until the jobs `node` runs at start have each run and succeeded.
fn start_up_jobs_ran(node: &Node, admin: &str) {
    until("the start-up jobs ran", || {
        let jobs = node.get("/api/v1/jobs", admin).json();
        [
            "purge",
            "snapshot-retention",
            "mcp-refresh",
            "proposal-expiry",
        ]
        .iter()
        .all(|id| {
            jobs["jobs"].as_array().unwrap().iter().any(|job| {
                // A failed run is retried later, and that retry could
                // be the write a paused node holds the head in.
                job["id"] == *id
                    && job["outcome"]
                        .as_str()
                        .is_some_and(|outcome| !outcome.starts_with("failed"))
            })
        })
    });
}

#[test]
fn a_node_whose_commit_failed_after_its_world_changed_reloads_the_journals_world() {
    let Some(server) = server("diverged") else {
        return;
    };
    let store = fresh_database(&server, "diverged");
    let dir = tempfile::tempdir().unwrap();
    let a = Node::start(&store, &dir.path().join("a"));
    let admin = admin_token(&a);
    assert_eq!(
        a.post("/api/v1/commons/skills", &admin, &skill("kept", "k\n"))
            .status,
        201
    );
    start_up_jobs_ran(&a, &admin);
    // The database refuses the journal entry: the command already changed
    // A's world, and the commit fails.
    sql(
        &store,
        "ALTER TABLE skillworld_journal ADD CONSTRAINT refuse_entries CHECK (seq < 0) NOT VALID",
    );
    let cut = a.post("/api/v1/commons/skills", &admin, &skill("lost", "l\n"));
    assert_eq!(cut.status, 500, "{}", cut.body);
    assert!(cut.body.contains("the commit failed"), "{}", cut.body);
    assert_eq!(a.health()["status"], "stale");
    sql(
        &store,
        "ALTER TABLE skillworld_journal DROP CONSTRAINT refuse_entries",
    );
    // The next write reloads the journal's world first: the refused skill
    // is gone, and the write goes through.
    let later = a.post("/api/v1/commons/skills", &admin, &skill("later", "l\n"));
    assert_eq!(later.status, 201, "{}", later.body);
    assert_eq!(a.get("/api/v1/commons/skills/lost", &admin).status, 404);
    assert_eq!(a.get("/api/v1/commons/skills/kept", &admin).status, 200);
    assert_eq!(a.health()["status"], "ok");
    let b = Node::start(&store, &dir.path().join("b"));
    until("the digests agree", || digests_agree(&[&a, &b], &admin));
}

/// A skill's current revision on `node`, from its ETag.
fn revision(node: &Node, path: &str, admin: &str) -> u64 {
    let answer = node.get(path, admin);
    assert_eq!(answer.status, 200, "{}", answer.body);
    let etag = answer
        .head
        .lines()
        .find_map(|line| line.strip_prefix("etag:"))
        .unwrap();
    etag.trim().trim_matches('"').parse().unwrap()
}

fn live_skill(folder: &Path, body: &str) {
    std::fs::create_dir_all(folder).unwrap();
    std::fs::write(
        folder.join("SKILL.md"),
        format!("---\nname: tidy\ndescription: Tidies the desk.\n---\n{body}"),
    )
    .unwrap();
}

#[test]
fn a_watched_folder_is_imported_by_one_node_and_taken_over_when_it_goes() {
    let Some(server) = server("watch") else {
        return;
    };
    let store = fresh_database(&server, "watch");
    let dir = tempfile::tempdir().unwrap();
    let live = dir.path().join("live");
    live_skill(&live.join("tidy"), "v1\n");
    let watch = ["--watch", live.to_str().unwrap()];
    let mut a = Node::start_with(&store, &dir.path().join("a"), &watch);
    assert!(a.startup.contains("1 imported"), "{}", a.startup);
    let b = Node::start_with(&store, &dir.path().join("b"), &watch);
    assert!(b.startup.contains("standby"), "{}", b.startup);
    let admin = admin_token(&a);
    let path = "/api/v1/commons/skills/tidy";
    until("tidy reaches B", || b.get(path, &admin).status == 200);
    let first = revision(&a, path, &admin);

    // An edit is imported once, by the watching node, and reaches both.
    live_skill(&live.join("tidy"), "v2\n");
    let body = |node: &Node| node.get(path, &admin).json()["body"].clone();
    until("the edit reaches B", || body(&b) == json!("v2\n"));
    until("the digests agree", || digests_agree(&[&a, &b], &admin));
    assert_eq!(revision(&a, path, &admin), first + 1);
    assert_eq!(revision(&b, path, &admin), first + 1);

    // The watching node goes: the standby takes the folder over.
    a.kill();
    live_skill(&live.join("tidy"), "v3\n");
    let lag = until("B takes the folder over", || body(&b) == json!("v3\n"));
    eprintln!("take-over after {lag:?}");
}

#[test]
fn an_agents_review_runs_on_one_node_at_a_time_and_its_writes_reach_every_node() {
    let Some(server) = server("review") else {
        return;
    };
    let store = fresh_database(&server, "review");
    let dir = tempfile::tempdir().unwrap();
    let (gate, opened) = std::sync::mpsc::channel();
    let created = Canned::calls(&[(
        "skill_create",
        r#"{"name":"rotate-logs","description":"Rotates logs.","content":"gzip *.log\n"}"#,
    )]);
    let model = FakeServer::start(vec![
        Canned::After(opened, Box::new(created)),
        Canned::text("created rotate-logs"),
        Canned::text("nothing to add"),
    ]);
    let with_model = ["--model-url", model.url.as_str(), "--model", "m"];
    let a = Node::start_with(&store, &dir.path().join("a"), &with_model);
    let b = Node::start_with(&store, &dir.path().join("b"), &with_model);
    let admin = admin_token(&a);
    let added = a.post("/api/v1/agents", &admin, &json!({"name": "ada"}));
    assert_eq!(added.status, 201, "{}", added.body);
    until("ada reaches B", || {
        b.get("/api/v1/agents/ada/catalog", &admin).status == 200
    });
    let review = json!({"mode": "evolve", "turn": [
        {"role": "user", "content": "rotate the logs"},
        {"role": "assistant", "content": "Rotated."}
    ]});
    let started = a.post("/api/v1/agents/ada/review", &admin, &review);
    assert_eq!(started.status, 202, "{}", started.body);
    until("the run asks the model", || !model.received().is_empty());

    // The run's record is the habitat's: B lists it running, by A's id.
    let runs = |node: &Node| -> Vec<Value> {
        let listed = node.get("/api/v1/agents/ada/runs", &admin);
        assert_eq!(listed.status, 200, "{}", listed.body);
        listed.json()["runs"].as_array().unwrap().clone()
    };
    let on_b = runs(&b);
    assert_eq!(on_b.len(), 1, "{on_b:?}");
    assert_eq!(on_b[0]["status"], "running");
    assert_eq!(on_b[0]["id"], runs(&a)[0]["id"]);
    // While it runs on A, B refuses a second run of the same agent.
    let second = b.post("/api/v1/agents/ada/review", &admin, &review);
    assert_eq!(second.status, 409, "{}", second.body);
    assert!(
        second.body.contains("review_in_progress"),
        "{}",
        second.body
    );

    // The run's write commits to the shared journal and reaches B.
    gate.send(()).unwrap();
    let skill = "/api/v1/agents/ada/skills/rotate-logs";
    until("the run's skill reaches B", || {
        b.get(skill, &admin).status == 200
    });
    until("the digests agree", || digests_agree(&[&a, &b], &admin));
    // Once it ended, another node may run the agent's next review; both
    // runs are listed on both nodes, the first one finished.
    until("B may start the next run", || {
        b.post("/api/v1/agents/ada/review", &admin, &review).status == 202
    });
    until("both nodes list both runs", || {
        runs(&a).len() == 2 && runs(&b).len() == 2
    });
    let listed = runs(&a);
    assert_ne!(listed[1]["status"], "running", "{listed:?}");
    assert_ne!(listed[0]["id"], listed[1]["id"]);
}

#[test]
fn a_run_left_running_by_a_dead_node_is_interrupted_by_the_next_one() {
    let Some(server) = server("stale_run") else {
        return;
    };
    let store = fresh_database(&server, "stale_run");
    let dir = tempfile::tempdir().unwrap();
    let (_gate, opened) = std::sync::mpsc::channel::<()>();
    let model = FakeServer::start(vec![
        // The first run waits for a gate that never opens: its node dies.
        Canned::After(opened, Box::new(Canned::text("never"))),
        Canned::text("nothing to add"),
        Canned::text("nothing to add"),
    ]);
    let with_model = ["--model-url", model.url.as_str(), "--model", "m"];
    let mut a = Node::start_with(&store, &dir.path().join("a"), &with_model);
    let b = Node::start_with(&store, &dir.path().join("b"), &with_model);
    let admin = admin_token(&a);
    assert_eq!(
        a.post("/api/v1/agents", &admin, &json!({"name": "ada"}))
            .status,
        201
    );
    until("ada reaches B", || {
        b.get("/api/v1/agents/ada/catalog", &admin).status == 200
    });
    let review = json!({"mode": "evolve", "turn": [
        {"role": "user", "content": "rotate the logs"},
        {"role": "assistant", "content": "Rotated."}
    ]});
    assert_eq!(
        a.post("/api/v1/agents/ada/review", &admin, &review).status,
        202
    );
    until("the run asks the model", || !model.received().is_empty());
    a.kill();
    // A's lock went with it; its run's record did not, until B starts the
    // agent's next run, which marks it interrupted.
    until("B starts the next run", || {
        b.post("/api/v1/agents/ada/review", &admin, &review).status == 202
    });
    let listed = b.get("/api/v1/agents/ada/runs", &admin).json()["runs"]
        .as_array()
        .unwrap()
        .clone();
    let first = listed
        .iter()
        .find(|run| run["status"] == "error")
        .unwrap_or_else(|| panic!("{listed:?}"));
    assert!(
        first["error"].as_str().unwrap().contains("interrupted"),
        "{first}"
    );
}

/// A node's named snapshots as (name, digest, at); its automatic ones.
fn snapshots(node: &Node, admin: &str) -> (Vec<Value>, Vec<String>) {
    let listed = node.get("/api/v1/snapshots", admin).json()["snapshots"]
        .as_array()
        .unwrap()
        .clone();
    let named = listed
        .iter()
        .filter(|s| s["kind"] == "named")
        .map(|s| json!([s["name"], s["digest"], s["at"]]))
        .collect();
    let automatic = listed
        .iter()
        .filter(|s| s["kind"] != "named")
        .map(|s| s["name"].as_str().unwrap().to_owned())
        .collect();
    (named, automatic)
}

#[test]
fn named_snapshots_are_shared_and_a_restore_is_one_step_every_node_takes() {
    let Some(server) = server("snapshots") else {
        return;
    };
    let store = fresh_database(&server, "snapshots");
    let dir = tempfile::tempdir().unwrap();
    let a = Node::start(&store, &dir.path().join("a"));
    let b = Node::start(&store, &dir.path().join("b"));
    let admin = admin_token(&a);
    let create = |node: &Node, name: &str| {
        let created = node.post("/api/v1/commons/skills", &admin, &skill(name, "x\n"));
        assert_eq!(created.status, 201, "{}", created.body);
    };
    create(&a, "keep");
    let saved = a.post("/api/v1/snapshots", &admin, &json!({"name": "before"}));
    assert_eq!(saved.status, 201, "{}", saved.body);
    let saved = saved.json();
    create(&a, "later");

    // Saved on A, listed on B: same name, digest and time. The digest is
    // computed off the writer's path, so A lists it once it is ready.
    let mut expected = Vec::new();
    until("A lists its snapshot's digest", || {
        expected = snapshots(&a, &admin).0;
        expected.len() == 1 && expected[0][1].is_string()
    });
    assert_eq!(expected[0][0], saved["name"]);
    assert_eq!(expected[0][2], saved["at"]);
    until("B lists A's snapshot", || {
        snapshots(&b, &admin).0 == expected
    });
    let again = b.post("/api/v1/snapshots", &admin, &json!({"name": "before"}));
    assert_eq!(again.status, 409, "{}", again.body);

    // Restored on B: every node's world becomes the snapshot's.
    until("later reaches B", || {
        b.get("/api/v1/commons/skills/later", &admin).status == 200
    });
    let restored = b.post("/api/v1/snapshots/before/restore", &admin, &json!({}));
    assert_eq!(restored.status, 200, "{}", restored.body);
    assert_eq!(b.get("/api/v1/commons/skills/later", &admin).status, 404);
    until("the restore reaches A", || {
        a.get("/api/v1/commons/skills/later", &admin).status == 404
    });
    assert_eq!(a.get("/api/v1/commons/skills/keep", &admin).status, 200);
    until("the digests agree", || digests_agree(&[&a, &b], &admin));

    // A node started later replays the same snapshots and restore.
    let c = Node::start(&store, &dir.path().join("c"));
    assert_eq!(snapshots(&c, &admin).0, expected);
    assert_eq!(c.get("/api/v1/commons/skills/later", &admin).status, 404);
    until("the digests agree", || digests_agree(&[&a, &b, &c], &admin));

    // Automatic snapshots are each node's own: not restorable here.
    let automatic = snapshots(&a, &admin).1;
    assert!(
        !automatic.is_empty(),
        "a restore saves a pre-restore snapshot"
    );
    let refused = a.post(
        &format!("/api/v1/snapshots/{}/restore", automatic[0]),
        &admin,
        &json!({}),
    );
    assert_eq!(refused.status, 409, "{}", refused.body);

    // Deleted on A, gone on every node.
    let deleted = a.call("DELETE", "/api/v1/snapshots/before", &admin, &[], None);
    assert_eq!(deleted.status, 200, "{}", deleted.body);
    for node in [&b, &c] {
        until("the delete reaches every node", || {
            snapshots(node, &admin).0.is_empty()
        });
    }
}

/// The rows a query answers.
fn query(url: &str, statement: &str) -> Vec<tokio_postgres::Row> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let (client, connection) = tokio_postgres::connect(url, tokio_postgres::NoTls)
            .await
            .unwrap();
        tokio::spawn(connection);
        client.query(statement, &[]).await.unwrap()
    })
}

/// One number a query answers.
fn sql_number(url: &str, statement: &str) -> i64 {
    query(url, statement)[0].get(0)
}

/// The database's sessions, one per line (which node, its state, since
/// when its transaction runs, its last statement): says who held a lock
/// when a write timed out.
fn sessions(url: &str) -> String {
    query(
        url,
        "SELECT concat_ws(' | ', application_name, state, wait_event_type,
                xact_start::text, left(query, 120))
         FROM pg_stat_activity
         WHERE datname = current_database() AND pid <> pg_backend_pid()",
    )
    .iter()
    .map(|row| format!("\n  {}", row.get::<_, String>(0)))
    .collect()
}

/// Pauses (`STOP`) or resumes (`CONT`) a node's process.
fn signal(node: &Node, name: &str) {
    let status = Command::new("kill")
        .args([&format!("-{name}"), &node.child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
}

#[test]
fn a_compacted_journal_is_followed_from_the_state_tables_with_its_snapshots() {
    let Some(server) = server("compacted") else {
        return;
    };
    let store = fresh_database(&server, "compacted");
    let dir = tempfile::tempdir().unwrap();
    // A journal of more than 4 kB is compacted to 2 kB.
    let config = dir.path().join("node.ron");
    std::fs::write(&config, "(shared_journal_limit: Some(4000))").unwrap();
    let config = config.to_str().unwrap();
    let a = Node::start_with(&store, &dir.path().join("a"), &["--config", config]);
    let b = Node::start_with(&store, &dir.path().join("b"), &["--config", config]);
    let admin = admin_token(&a);
    let create = |node: &Node, name: &str| {
        let body = format!("{name}\n{}\n", "text ".repeat(100));
        let created = node.post("/api/v1/commons/skills", &admin, &skill(name, &body));
        assert_eq!(
            created.status,
            201,
            "{}\nsessions then: {}",
            created.body,
            sessions(&store)
        );
    };
    create(&a, "early");
    let saved = a.post("/api/v1/snapshots", &admin, &json!({"name": "early"}));
    assert_eq!(saved.status, 201, "{}", saved.body);
    until("B has everything", || digests_agree(&[&a, &b], &admin));
    // B's start-up jobs write; paused inside one, B would hold the
    // journal's head and A's writes would wait for it (docs/deploy.md).
    start_up_jobs_ran(&b, &admin);
    let paused_at = b.health()["journal_seq"].as_u64().unwrap() as i64;

    // B is paused while A writes past the limit: the journal B would
    // follow from is compacted away.
    signal(&b, "STOP");
    for n in 0..30 {
        create(&a, &format!("s{n}"));
    }
    let kept_from = sql_number(&store, "SELECT min(seq) FROM skillworld_journal");
    signal(&b, "CONT");
    assert!(
        kept_from > paused_at + 1,
        "the journal kept from {kept_from} still holds B's next entry {}",
        paused_at + 1
    );
    // B reloads from the state tables, and its world is A's.
    until("B reloads and agrees", || digests_agree(&[&a, &b], &admin));
    assert_eq!(b.get("/api/v1/commons/skills/s29", &admin).status, 200);

    // C starts from the tables (no replay could reach back to the start)
    // with the shared snapshot, whose digest is A's.
    let c = Node::start_with(&store, &dir.path().join("c"), &["--config", config]);
    until("the digests agree", || digests_agree(&[&a, &b, &c], &admin));
    let mut expected = Vec::new();
    until("A lists its snapshot's digest", || {
        expected = snapshots(&a, &admin).0;
        expected.len() == 1 && expected[0][1].is_string()
    });
    for node in [&b, &c] {
        until("every node lists the snapshot", || {
            snapshots(node, &admin).0 == expected
        });
    }
    // Restored on C: the snapshot's rows outlived the compaction.
    let restored = c.post("/api/v1/snapshots/early/restore", &admin, &json!({}));
    assert_eq!(restored.status, 200, "{}", restored.body);
    assert_eq!(c.get("/api/v1/commons/skills/s0", &admin).status, 404);
    assert_eq!(c.get("/api/v1/commons/skills/early", &admin).status, 200);
    until("the restore reaches every node", || {
        digests_agree(&[&a, &b, &c], &admin)
    });
    assert_eq!(a.get("/api/v1/commons/skills/s0", &admin).status, 404);
}
