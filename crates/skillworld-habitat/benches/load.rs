//! The habitat under load on loopback (issue 7's figures in
//! docs/PERFORMANCE.md): `wrk -t2 -c64 -d30s` against a server in this
//! process over 1,000 Commons skills and 10,000 agents × 20 private skills.
//! First, catalog requests for random agents; then a mix of 90 % catalog
//! reads and 10 % skill replacements (each a durable write).
//!
//! The store compacts its journal each time it grows by `JOURNAL_LIMIT`
//! bytes (default 256 KiB here, so a 30-second mixed run compacts several
//! times); the probe prints its GET and PUT maximum for every second and
//! marks the seconds in which a compaction ran.
//!
//! `cargo bench -p skillworld-habitat --bench load` (needs `wrk`, from
//! Debian's packages; `AGENTS=N`, `SECONDS=N`, `CATALOG_QUERY=?tokens=N`,
//! `JOURNAL_LIMIT=BYTES` change the shape, `ONLY=catalog` or `ONLY=mixed`
//! runs one workload).
//! The world is built once and kept in `target/habitat-load/`.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;
use std::time::Instant;

use skillworld_format::SkillDocument;
use skillworld_habitat::{Habitat, HabitatOptions, TokenKind, router, serve};
use skillworld_store::{OpenOptions, Store};
use skillworld_world::Layer;

const COMMONS: usize = 1_000;
const PRIVATE: usize = 20;

fn env_or(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn description(kind: &str, i: usize) -> String {
    format!(
        "{kind} skill {i}: prepares, checks and reports one kind of routine task. Use when that task comes up."
    )
}

/// The world of the benchmark, built once per shape.
fn world(dir: &Path, agents: usize) -> PathBuf {
    let path = dir.join(format!("world-{agents}.redb"));
    if path.exists() {
        return path;
    }
    let started = Instant::now();
    let building = dir.join("building.redb");
    let _ = std::fs::remove_file(&building);
    let mut store = Store::open(&building, OpenOptions::default()).unwrap();
    store
        .run(|world| {
            for i in 0..COMMONS {
                let document = SkillDocument::new(
                    format!("common-{i:04}"),
                    description("Commons", i),
                    "Do the routine task step by step.\n".repeat(20),
                );
                world.create(&Layer::Commons, document).unwrap();
            }
        })
        .unwrap();
    for chunk in 0..agents.div_ceil(500) {
        store
            .run(|world| {
                for a in chunk * 500..((chunk + 1) * 500).min(agents) {
                    let agent = format!("a{a}");
                    world.add_agent(&agent, None).unwrap();
                    for s in 0..PRIVATE {
                        let document = SkillDocument::new(
                            format!("p{a}-{s}"),
                            description("Private", s),
                            "Do it the agent's way.\n".repeat(10),
                        );
                        world
                            .create(&Layer::Agent(agent.clone()), document)
                            .unwrap();
                    }
                }
            })
            .unwrap();
    }
    drop(store);
    std::fs::rename(&building, &path).unwrap();
    println!(
        "built {} agents × {PRIVATE} private + {COMMONS} commons skills in {:.1} s",
        agents,
        started.elapsed().as_secs_f64()
    );
    path
}

const SCRIPT: &str = r#"
local token = os.getenv("TOKEN")
local agents = tonumber(os.getenv("AGENTS"))
local writes = tonumber(os.getenv("WRITE_PERCENT"))
local query = os.getenv("CATALOG_QUERY") or ""
local read_headers = { ["Authorization"] = "Bearer " .. token }
local write_headers = { ["Authorization"] = "Bearer " .. token, ["Content-Type"] = "application/json" }
local counter = 0
function setup(thread)
  counter = counter + 1
  thread:set("seed", counter)
end
function init(args)
  math.randomseed(seed * 7919)
end
request = function()
  local a = math.random(0, agents - 1)
  if writes > 0 and math.random(1, 100) <= writes then
    local s = math.random(0, 19)
    local body = '{"body":"Revised step ' .. math.random(1, 1000000000) .. '.\\n"}'
    return wrk.format("PUT", "/api/v1/agents/a" .. a .. "/skills/p" .. a .. "-" .. s, write_headers, body)
  end
  return wrk.format("GET", "/api/v1/agents/a" .. a .. "/catalog" .. query, read_headers)
end
done = function(summary, latency, requests)
  io.write(string.format("RESULT requests=%d seconds=%.3f errors=%d p50_us=%d p99_us=%d max_us=%d\n",
    summary.requests, summary.duration / 1e6,
    summary.errors.status + summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout,
    latency:percentile(50), latency:percentile(99), latency.max))
end
"#;

fn wrk(url: &str, token: &str, agents: usize, write_percent: u32, seconds: usize) -> String {
    let script = std::env::temp_dir().join("skillworld-load.lua");
    std::fs::write(&script, SCRIPT).unwrap();
    let output = Command::new("wrk")
        .args(["-t2", "-c64", &format!("-d{seconds}s"), "--latency", "-s"])
        .arg(&script)
        .arg(url)
        .env("TOKEN", token)
        .env("AGENTS", agents.to_string())
        .env("WRITE_PERCENT", write_percent.to_string())
        .output()
        .expect("wrk runs: install it with `apt-get install wrk`");
    assert!(output.status.success(), "wrk failed: {:?}", output);
    let text = String::from_utf8_lossy(&output.stdout).into_owned();
    let line = text
        .lines()
        .find(|l| l.starts_with("RESULT"))
        .unwrap_or_else(|| panic!("no result from wrk:\n{text}"))
        .to_owned();
    let field = |name: &str| -> f64 {
        line.split_whitespace()
            .find_map(|kv| kv.strip_prefix(&format!("{name}=")))
            .unwrap()
            .parse()
            .unwrap()
    };
    format!(
        "{:.0} requests/s, p50 {:.2} ms, p99 {:.2} ms, max {:.1} ms, {} errors ({} requests in {:.1} s)",
        field("requests") / field("seconds"),
        field("p50_us") / 1000.0,
        field("p99_us") / 1000.0,
        field("max_us") / 1000.0,
        field("errors"),
        field("requests"),
        field("seconds"),
    )
}

/// Beside wrk, one catalog GET and one PUT every 50 ms, each timed on its
/// own: wrk's percentiles correct for coordinated omission (a stall of every
/// connection becomes many slow samples), the probe's do not, and it says
/// when a stall happened and which kind of request it held.
async fn probe(
    habitat: Arc<Habitat>,
    url: String,
    token: String,
    agents: usize,
    seconds: usize,
) -> String {
    let client = reqwest::Client::new();
    let started = Instant::now();
    let (mut gets, mut puts, mut stalls) = (Vec::new(), Vec::new(), Vec::new());
    // Per second of the run: GET max, PUT max, compactions seen.
    let mut per_second = vec![(0f64, 0f64, 0u64); seconds + 1];
    let compactions = |habitat: &Arc<Habitat>| {
        let habitat = habitat.clone();
        async move { habitat.read(|store| store.compactions()).await }
    };
    let mut compacted = compactions(&habitat).await;
    let mut round = 0usize;
    while started.elapsed().as_secs() < seconds as u64 {
        let agent = round * 7919 % agents;
        round += 1;
        let timed = Instant::now();
        let get = client
            .get(format!("{url}/api/v1/agents/a{agent}/catalog"))
            .bearer_auth(&token)
            .send()
            .await
            .unwrap();
        assert!(get.status().is_success());
        get.bytes().await.unwrap();
        let get_ms = timed.elapsed().as_secs_f64() * 1000.0;
        let timed = Instant::now();
        let put = client
            .put(format!("{url}/api/v1/agents/a{agent}/skills/p{agent}-0"))
            .bearer_auth(&token)
            .json(&serde_json::json!({ "body": format!("Probe step {round}.\n") }))
            .send()
            .await
            .unwrap();
        assert!(put.status().is_success());
        put.bytes().await.unwrap();
        let put_ms = timed.elapsed().as_secs_f64() * 1000.0;
        if get_ms > 100.0 || put_ms > 100.0 {
            stalls.push(format!(
                "at {:.0} s GET {get_ms:.0} ms, PUT {put_ms:.0} ms",
                started.elapsed().as_secs_f64()
            ));
        }
        gets.push(get_ms);
        puts.push(put_ms);
        let now = compactions(&habitat).await;
        let second = &mut per_second[(started.elapsed().as_secs() as usize).min(seconds)];
        second.0 = second.0.max(get_ms);
        second.1 = second.1.max(put_ms);
        second.2 += now - compacted;
        compacted = now;
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    let seconds_line: Vec<String> = per_second
        .iter()
        .enumerate()
        .filter(|(_, (get, _, _))| *get > 0.0)
        .map(|(s, (get, put, c))| {
            let mark = if *c > 0 {
                format!(" [{c} compaction]")
            } else {
                String::new()
            };
            format!("{s}s {get:.0}/{put:.0}{mark}")
        })
        .collect();
    let summary = |kind: &str, mut times: Vec<f64>| {
        times.sort_by(f64::total_cmp);
        let at = |q: f64| times[((times.len() as f64 * q) as usize).min(times.len() - 1)];
        format!(
            "{kind} p50 {:.2} ms, p99 {:.2} ms, max {:.1} ms",
            at(0.5),
            at(0.99),
            at(1.0)
        )
    };
    format!(
        "  probe ({} GET + PUT pairs): {}; {}; over 100 ms: {}\n  probe max per second, GET/PUT ms: {}",
        gets.len(),
        summary("GET", gets),
        summary("PUT", puts),
        if stalls.is_empty() {
            "none".to_owned()
        } else {
            stalls.join("; ")
        },
        seconds_line.join(", ")
    )
}

fn main() {
    // `cargo bench` passes `--bench`; nothing else to parse.
    let agents = env_or("AGENTS", 10_000);
    let seconds = env_or("SECONDS", 30);
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/habitat-load");
    std::fs::create_dir_all(&dir).unwrap();
    // Each run starts from the same world: the writes of the last one are
    // not replayed when opening.
    let pristine = world(&dir, agents);
    let path = dir.join("run.redb");
    std::fs::copy(&pristine, &path).unwrap();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let started = Instant::now();
        let journal_limit = env_or("JOURNAL_LIMIT", 256 << 10) as u64;
        let options = OpenOptions {
            journal_limit: Some(journal_limit),
            ..OpenOptions::default()
        };
        let store = Store::open(&path, options).unwrap();
        println!("opened in {:.2} s", started.elapsed().as_secs_f64());
        let mut options = HabitatOptions::new(&dir);
        options.probe_endpoints = false;
        let habitat = Arc::new(Habitat::new(store, options).unwrap());
        let token = habitat
            .read(|store| {
                let now = store.world().now();
                habitat
                    .tokens_mut()
                    .create(store, TokenKind::Admin, None, now)
            })
            .await
            .unwrap()
            .1;
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let server = tokio::spawn(serve(listener, router(habitat.clone()), async {
            let _ = stopped.await;
        }));
        let query = std::env::var("CATALOG_QUERY").unwrap_or_default();
        let first = Instant::now();
        let sample = reqwest::Client::new()
            .get(format!("{url}/api/v1/agents/a0/catalog{query}"))
            .bearer_auth(&token)
            .send()
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        println!(
            "first catalog{query} after opening (every world's list built): {:.1} ms, {} bytes, {} lines",
            first.elapsed().as_secs_f64() * 1000.0,
            sample.len(),
            sample.lines().count()
        );
        let only = std::env::var("ONLY").unwrap_or_default();
        for (label, writes) in [
            ("catalog, random agents", 0),
            ("90 % catalog / 10 % PUT", 10),
        ]
        .into_iter()
        .filter(|(_, writes)| match only.as_str() {
            "catalog" => *writes == 0,
            "mixed" => *writes > 0,
            _ => true,
        }) {
            let compactions = |habitat: &Arc<Habitat>| {
                let habitat = habitat.clone();
                async move { habitat.read(|store| store.compactions()).await }
            };
            let before = compactions(&habitat).await;
            let probe = tokio::spawn(probe(
                habitat.clone(),
                url.clone(),
                token.clone(),
                agents,
                seconds,
            ));
            let (url, token) = (url.clone(), token.clone());
            let result =
                tokio::task::spawn_blocking(move || wrk(&url, &token, agents, writes, seconds))
                    .await
                    .unwrap();
            let probed = probe.await.unwrap();
            println!("{label}: {result}");
            println!("{probed}");
            let after = compactions(&habitat).await;
            println!(
                "  journal compactions during the run: {} (limit {journal_limit} bytes)",
                after - before
            );
        }
        let _ = stop.send(());
        server.await.unwrap().unwrap();
    });
}
