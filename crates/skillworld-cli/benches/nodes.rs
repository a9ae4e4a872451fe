//! STO-7 on one machine (loopback): catalog reads served by 1, 2 and 3
//! `skillworld serve` nodes on one PostgreSQL (per node and in
//! aggregate — the nodes, the clients and PostgreSQL share the same
//! cores, so the aggregate shows contention, not a cluster's scaling),
//! write latency p50/p99 on PostgreSQL against the embedded redb store,
//! the replication lag p50/p99 from a write acknowledged on node A
//! to its visibility on node B, and a node's start (spawned → listening)
//! from the state tables against the old way — the first node's
//! checkpoint and the whole journal — paired, on one database.
//!
//! `SKILLWORLD_TEST_PG=postgres://… cargo bench -p skillworld-cli --bench nodes`
//! (`SECONDS=N` per read measurement, default 3; `WRITES=N`, default 300;
//! `START_WRITES=N` more creates before the start measurement, default
//! 2000; `SKILLWORLD_BIN=PATH` runs the nodes from another build of
//! `skillworld`).

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const KEY: &str = "4b1d2c3e4f5061728394a5b6c7d8e9f00112233445566778899aabbccddeeff0";
/// Commons skills in the catalog the readers fetch.
const SKILLS: usize = 200;
/// Reading clients per node.
const CLIENTS_PER_NODE: usize = 2;

fn main() {
    let Ok(server) = std::env::var("SKILLWORLD_TEST_PG") else {
        println!("nodes: skipped: SKILLWORLD_TEST_PG is not set");
        return;
    };
    let seconds: u64 = env_number("SECONDS", 3);
    let writes: usize = env_number("WRITES", 300) as usize;
    let dir = tempfile::tempdir().expect("a temporary folder");

    // Writes: PostgreSQL against redb, one writer, one node each.
    let store = fresh_database(&server, "bench_writes");
    let pg = Node::start(Some(&store), &dir.path().join("w-pg"));
    let local = Node::start(None, &dir.path().join("w-redb"));
    for (label, node) in [("postgres", &pg), ("redb", &local)] {
        let admin = node.admin_token();
        let mut client = Client::new(&node.address);
        let mut latencies = Vec::with_capacity(writes);
        for n in 0..writes {
            let body = skill(&format!("w{n}"));
            let started = Instant::now();
            let status = client
                .request("POST", "/api/v1/commons/skills", &admin, Some(&body))
                .0;
            latencies.push(started.elapsed());
            assert_eq!(status, 201);
        }
        report(
            &format!("write latency ({label}, {writes} creates)"),
            &mut latencies,
        );
    }
    drop((pg, local));

    // Reads with 1, 2 and 3 nodes, and the lag between two of them.
    let store = fresh_database(&server, "bench_reads");
    let nodes: Vec<Node> = (0..3)
        .map(|i| Node::start(Some(&store), &dir.path().join(format!("r{i}"))))
        .collect();
    let admin = nodes[0].admin_token();
    let mut seed = Client::new(&nodes[0].address);
    seed.request("POST", "/api/v1/agents", &admin, Some(r#"{"name":"ada"}"#));
    for n in 0..SKILLS {
        seed.request(
            "POST",
            "/api/v1/commons/skills",
            &admin,
            Some(&skill(&format!("s{n}"))),
        );
    }
    let last = format!("/api/v1/commons/skills/s{}", SKILLS - 1);
    for node in &nodes {
        let mut client = Client::new(&node.address);
        while client.request("GET", &last, &admin, None).0 != 200 {}
    }
    for count in 1..=3 {
        let per_node = read_load(&nodes[..count], &admin, Duration::from_secs(seconds));
        let total: f64 = per_node.iter().sum();
        let shown: Vec<String> = per_node.iter().map(|r| format!("{r:.0}")).collect();
        println!(
            "catalog reads, {count} node(s), {CLIENTS_PER_NODE} clients each: {total:.0} req/s in aggregate; per node {}",
            shown.join(", ")
        );
    }

    let (a, b) = (&nodes[0], &nodes[1]);
    let (mut writer, mut reader) = (Client::new(&a.address), Client::new(&b.address));
    let mut lags = Vec::with_capacity(writes);
    for n in 0..writes {
        let name = format!("lag{n}");
        assert_eq!(
            writer
                .request(
                    "POST",
                    "/api/v1/commons/skills",
                    &admin,
                    Some(&skill(&name))
                )
                .0,
            201
        );
        let acknowledged = Instant::now();
        let path = format!("/api/v1/commons/skills/{name}");
        while reader.request("GET", &path, &admin, None).0 != 200 {}
        lags.push(acknowledged.elapsed());
    }
    report(
        &format!("replication lag A→B ({writes} writes, acknowledged on A → visible on B)"),
        &mut lags,
    );
    for n in 0..env_number("START_WRITES", 2000) {
        seed.request(
            "POST",
            "/api/v1/commons/skills",
            &admin,
            Some(&skill(&format!("start{n}"))),
        );
    }
    drop(nodes);
    node_starts(&store, dir.path());
}

/// A node's start from the state tables against a replay of the whole
/// journal (forced by marking the tables unfilled; the replaying node
/// fills them again), paired, three rounds.
fn node_starts(store: &str, dir: &Path) {
    let head = sql_number(
        store,
        "SELECT value FROM skillworld_head WHERE name = 'journal'",
    );
    let rows = sql_number(store, "SELECT count(DISTINCT id) FROM skillworld_rows");
    let (mut tables, mut replay) = (Vec::new(), Vec::new());
    for round in 0..3 {
        let started = Instant::now();
        drop(Node::start(Some(store), &dir.join(format!("t{round}"))));
        tables.push(started.elapsed());
        sql_number(
            store,
            "WITH marked AS (UPDATE skillworld_head SET value = -1 WHERE name = 'rows_from' RETURNING 1) SELECT count(*) FROM marked",
        );
        let started = Instant::now();
        drop(Node::start(Some(store), &dir.join(format!("p{round}"))));
        replay.push(started.elapsed());
    }
    report(
        &format!(
            "node start from the state tables ({rows} rows at journal {head}; spawned → listening, 3 runs)"
        ),
        &mut tables,
    );
    report(
        &format!(
            "node start by replay (checkpoint + {head} journal entries, then filling the tables; 3 runs)"
        ),
        &mut replay,
    );
}

/// One number a query answers.
fn sql_number(url: &str, query: &str) -> i64 {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    runtime.block_on(async {
        let (client, connection) = tokio_postgres::connect(url, tokio_postgres::NoTls)
            .await
            .expect("SKILLWORLD_TEST_PG is reachable");
        tokio::spawn(connection);
        client
            .query_one(query, &[])
            .await
            .expect("the query answers")
            .get(0)
    })
}

fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(default)
}

fn skill(name: &str) -> String {
    format!(
        r#"{{"name":"{name}","description":"The {name} skill, for benchmarks.","body":"Do the {name} thing.\n"}}"#
    )
}

/// Requests per second each node served to its clients over `span`.
fn read_load(nodes: &[Node], admin: &str, span: Duration) -> Vec<f64> {
    std::thread::scope(|scope| {
        let workers: Vec<_> = nodes
            .iter()
            .flat_map(|node| (0..CLIENTS_PER_NODE).map(move |_| node))
            .map(|node| {
                scope.spawn(move || {
                    let mut client = Client::new(&node.address);
                    let (started, mut done) = (Instant::now(), 0u64);
                    while started.elapsed() < span {
                        assert_eq!(
                            client
                                .request("GET", "/api/v1/agents/ada/catalog", admin, None)
                                .0,
                            200
                        );
                        done += 1;
                    }
                    done as f64 / started.elapsed().as_secs_f64()
                })
            })
            .collect();
        let rates: Vec<f64> = workers
            .into_iter()
            .map(|w| w.join().expect("a reader"))
            .collect();
        rates
            .chunks(CLIENTS_PER_NODE)
            .map(|chunk| chunk.iter().sum())
            .collect()
    })
}

fn report(what: &str, samples: &mut [Duration]) {
    samples.sort();
    let at = |q: f64| samples[((samples.len() - 1) as f64 * q).round() as usize];
    println!(
        "{what}: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        ms(at(0.50)),
        ms(at(0.99)),
        ms(at(1.0))
    );
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// A keep-alive HTTP/1.1 client, enough for JSON answers with a length.
struct Client {
    stream: BufReader<TcpStream>,
    address: String,
}

impl Client {
    fn new(address: &str) -> Client {
        let stream = TcpStream::connect(address).expect("the node listens");
        stream.set_nodelay(true).expect("TCP_NODELAY");
        Client {
            stream: BufReader::new(stream),
            address: address.to_owned(),
        }
    }

    fn request(
        &mut self,
        method: &str,
        path: &str,
        token: &str,
        body: Option<&str>,
    ) -> (u16, String) {
        let body = body.unwrap_or_default();
        let request = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nAuthorization: Bearer {token}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            self.address,
            body.len()
        );
        self.stream
            .get_mut()
            .write_all(request.as_bytes())
            .expect("the node reads");
        let (mut status, mut length) = (0, 0);
        loop {
            let mut line = String::new();
            self.stream.read_line(&mut line).expect("the node answers");
            let line = line.trim_end();
            if line.is_empty() {
                break;
            }
            if let Some(code) = line.strip_prefix("HTTP/1.1 ") {
                status = code[..3].parse().expect("a status");
            } else if let Some((name, value)) = line.split_once(':')
                && name.eq_ignore_ascii_case("content-length")
            {
                length = value.trim().parse().expect("a length");
            }
        }
        let mut answer = vec![0; length];
        self.stream.read_exact(&mut answer).expect("the body");
        (status, String::from_utf8_lossy(&answer).into_owned())
    }
}

struct Node {
    child: Child,
    address: String,
    dir: std::path::PathBuf,
}

impl Node {
    // The child is killed and waited for on drop.
    #[allow(clippy::zombie_processes)]
    fn start(store: Option<&str>, dir: &Path) -> Node {
        std::fs::create_dir_all(dir).expect("a node folder");
        // `SKILLWORLD_BIN` runs another build (a before/after pair).
        let binary = std::env::var("SKILLWORLD_BIN")
            .unwrap_or_else(|_| env!("CARGO_BIN_EXE_skillworld").to_owned());
        let mut command = Command::new(binary);
        command
            .args(["serve", "--port", "0", "--secret-key", KEY, "--db"])
            .arg(dir.join("world.redb"));
        if let Some(store) = store {
            command.args(["--store", store]);
        }
        let mut child = command
            .env_remove("SKILLWORLD_DB")
            .env_remove("SKILLWORLD_STORE")
            .env("RUST_LOG", "error")
            .stderr(Stdio::piped())
            .spawn()
            .expect("skillworld starts");
        let mut stderr = BufReader::new(child.stderr.take().expect("stderr"));
        loop {
            let mut line = String::new();
            assert_ne!(
                stderr.read_line(&mut line).expect("the log"),
                0,
                "the node exited"
            );
            if let Some(rest) = line.split("listening on http://").nth(1) {
                let address = rest
                    .split_whitespace()
                    .next()
                    .expect("an address")
                    .to_owned();
                std::thread::spawn(move || for _ in stderr.lines() {});
                return Node {
                    child,
                    address,
                    dir: dir.to_owned(),
                };
            }
        }
    }

    /// The admin token: its own, or (a later node of a shared habitat)
    /// the first node's, in `r0`.
    fn admin_token(&self) -> String {
        let own = std::fs::read_to_string(self.dir.join("admin.token"));
        let first = || std::fs::read_to_string(self.dir.with_file_name("r0").join("admin.token"));
        own.or_else(|_| first())
            .expect("an admin token")
            .trim()
            .to_owned()
    }
}

impl Drop for Node {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn fresh_database(url: &str, name: &str) -> String {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    runtime.block_on(async {
        let (client, connection) = tokio_postgres::connect(url, tokio_postgres::NoTls)
            .await
            .expect("SKILLWORLD_TEST_PG is reachable");
        tokio::spawn(connection);
        client
            .batch_execute(&format!("DROP DATABASE IF EXISTS {name}"))
            .await
            .expect("drop");
        client
            .batch_execute(&format!("CREATE DATABASE {name}"))
            .await
            .expect("create");
    });
    let (base, query) = url
        .split_once('?')
        .map_or((url, String::new()), |(b, q)| (b, format!("?{q}")));
    let authority = base.find("://").map_or(0, |i| i + 3);
    let base = base[authority..]
        .find('/')
        .map_or(base, |slash| &base[..authority + slash]);
    format!("{base}/{name}{query}")
}
