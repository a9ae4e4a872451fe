//! `GET /metrics` over real HTTP, read back by a Prometheus text-format
//! parser (the `prometheus-parse` crate), and `GET /api/v1/jobs`.

mod common;

use std::sync::Arc;

use prometheus_parse::{Scrape, Value};
use reqwest::{Client, StatusCode};
use serde_json::{Value as Json, json};
use skillworld_habitat::{Habitat, router, serve};

struct Server {
    url: String,
    admin: String,
    habitat: Arc<Habitat>,
    client: Client,
    _dir: tempfile::TempDir,
}

async fn start() -> Server {
    let dir = tempfile::tempdir().unwrap();
    let habitat = common::habitat(dir.path(), None);
    let admin = habitat.first_admin_token().await.unwrap().unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    let app = router(habitat.clone());
    tokio::spawn(async move {
        serve(listener, app, std::future::pending()).await.unwrap();
    });
    Server {
        url,
        admin,
        habitat,
        client: Client::new(),
        _dir: dir,
    }
}

impl Server {
    async fn get(&self, path: &str, token: &str) -> (StatusCode, String) {
        let response = self
            .client
            .get(format!("{}{path}", self.url))
            .bearer_auth(token)
            .send()
            .await
            .unwrap();
        (response.status(), response.text().await.unwrap())
    }

    async fn agent_token(&self) -> String {
        let response = self
            .client
            .post(format!("{}/api/v1/agents", self.url))
            .bearer_auth(&self.admin)
            .json(&json!({"name": "ada"}))
            .send()
            .await
            .unwrap();
        assert!(response.status().is_success());
        let response = self
            .client
            .post(format!("{}/api/v1/tokens", self.url))
            .bearer_auth(&self.admin)
            .json(&json!({"kind": "agent", "agent": "ada"}))
            .send()
            .await
            .unwrap();
        let body: Json = response.json().await.unwrap();
        body["token"].as_str().unwrap().to_owned()
    }
}

fn value(scrape: &Scrape, metric: &str, labels: &[(&str, &str)]) -> Option<f64> {
    scrape
        .samples
        .iter()
        .filter(|s| s.metric == metric)
        .find(|s| labels.iter().all(|(k, v)| s.labels.get(k) == Some(*v)))
        .map(|s| match &s.value {
            Value::Counter(v) | Value::Gauge(v) | Value::Untyped(v) => *v,
            Value::Histogram(buckets) => buckets.last().map_or(0.0, |b| b.count),
            Value::Summary(_) => f64::NAN,
        })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn metrics_parse_as_prometheus_text_and_count_what_happened() {
    let server = start().await;
    let agent = server.agent_token().await;
    let skill = "---\nname: notes\ndescription: Takes notes.\n---\n# Notes\nWrite them down.\n";
    let created = server
        .client
        .post(format!("{}/api/v1/commons/skills", server.url))
        .bearer_auth(&server.admin)
        .header("content-type", "text/markdown")
        .body(skill)
        .send()
        .await
        .unwrap();
    assert!(created.status().is_success(), "{:?}", created.text().await);
    for _ in 0..3 {
        let (status, _) = server.get("/api/v1/agents/ada/catalog", &agent).await;
        assert_eq!(status, StatusCode::OK);
    }
    let (status, _) = server.get("/api/v1/no-such-route", &agent).await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    let (status, _) = server.get("/metrics", &agent).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "agents do not see metrics");
    let (status, text) = server.get("/metrics", &server.admin).await;
    assert_eq!(status, StatusCode::OK);
    let scrape = Scrape::parse(text.lines().map(|l| Ok(l.to_owned()))).unwrap();
    assert!(
        scrape
            .samples
            .iter()
            .all(|s| s.metric.starts_with("skillworld_")),
        "every name is prefixed"
    );
    let catalog = [
        ("route", "/api/v1/agents/:agent/catalog"),
        ("method", "GET"),
        ("status", "200"),
    ];
    assert_eq!(
        value(&scrape, "skillworld_http_requests_total", &catalog),
        Some(3.0)
    );
    assert_eq!(
        value(
            &scrape,
            "skillworld_http_requests_total",
            &[("route", "unmatched"), ("status", "404")]
        ),
        Some(1.0),
        "raw paths never become labels"
    );
    let latency = [("route", "/api/v1/agents/:agent/catalog")];
    assert_eq!(
        value(
            &scrape,
            "skillworld_http_request_duration_seconds",
            &latency
        ),
        Some(3.0),
        "a latency histogram per route"
    );
    assert!(value(&scrape, "skillworld_commit_duration_seconds", &[]).unwrap() >= 2.0);
    let seq = server.habitat.read(|store| store.journal_seq()).await;
    assert_eq!(
        value(&scrape, "skillworld_journal_sequence", &[]),
        Some(seq as f64)
    );
    let live = [
        ("layer", "commons"),
        ("lifecycle", "active"),
        ("live", "true"),
    ];
    assert_eq!(value(&scrape, "skillworld_skills", &live), Some(1.0));
    assert!(value(&scrape, "skillworld_scan_verdicts", &[]).is_some());

    // Jobs: admin only, every id, and counted once they run.
    let (status, _) = server.get("/api/v1/jobs", &agent).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let now = server.habitat.read(|store| store.world().now()).await;
    server.habitat.run_due_jobs(now).await;
    let (status, body) = server.get("/api/v1/jobs", &server.admin).await;
    assert_eq!(status, StatusCode::OK);
    let jobs: Json = serde_json::from_str(&body).unwrap();
    let ids: Vec<&str> = jobs["jobs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|j| j["id"].as_str().unwrap())
        .collect();
    assert_eq!(
        ids,
        [
            "curator",
            "purge",
            "snapshot-retention",
            "mcp-refresh",
            "preflight-refresh",
            "proposal-expiry"
        ]
    );
    let purge = &jobs["jobs"][1];
    assert!(purge["last_run"].is_number() && purge["next_run"].is_number());
    assert!(purge["outcome"].as_str().unwrap().starts_with("ok: "));
    let (_, text) = server.get("/metrics", &server.admin).await;
    let scrape = Scrape::parse(text.lines().map(|l| Ok(l.to_owned()))).unwrap();
    assert_eq!(
        value(
            &scrape,
            "skillworld_job_runs_total",
            &[("job", "purge"), ("outcome", "ok")]
        ),
        Some(1.0)
    );
    assert_eq!(
        value(
            &scrape,
            "skillworld_job_runs_total",
            &[("job", "mcp-refresh"), ("outcome", "skipped")]
        ),
        Some(1.0)
    );
}

/// A probe never waits on the store: `/healthz` answers while a long write
/// holds it, with the position last seen, and the store's own once free.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn healthz_answers_while_the_store_is_held() {
    let server = start().await;
    server.agent_token().await;
    let health = |server: &Server| {
        let request = server
            .client
            .get(format!("{}/healthz", server.url))
            .timeout(std::time::Duration::from_secs(10));
        async move { request.send().await.unwrap().json::<Json>().await.unwrap() }
    };
    let before = health(&server).await;
    assert_eq!(before["backend"], "redb");
    assert!(before["journal_seq"].as_u64().unwrap() > 0, "{before}");

    let (held, holding) = tokio::sync::oneshot::channel();
    let (release, released) = std::sync::mpsc::channel::<()>();
    let holder = tokio::spawn({
        let habitat = server.habitat.clone();
        async move {
            habitat
                .read(move |_store| {
                    held.send(()).unwrap();
                    released.recv().unwrap();
                })
                .await
        }
    });
    holding.await.unwrap();
    assert_eq!(
        health(&server).await,
        before,
        "answered with the store held"
    );
    release.send(()).unwrap();
    holder.await.unwrap();

    server
        .client
        .post(format!("{}/api/v1/agents", server.url))
        .bearer_auth(&server.admin)
        .json(&json!({"name": "bob"}))
        .send()
        .await
        .unwrap();
    let after = health(&server).await;
    assert!(
        after["journal_seq"].as_u64() > before["journal_seq"].as_u64(),
        "{after}"
    );
}
