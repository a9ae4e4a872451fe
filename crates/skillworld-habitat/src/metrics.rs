//! The habitat's metrics (HAB-6): `GET /metrics` in the Prometheus text
//! format, every name prefixed `skillworld_`. Events (requests, commits,
//! script runs, job runs) are counted as they happen; the world's figures
//! (journal sequence, skills by layer, lifecycle and scan verdict) are read
//! when scraped, so they cannot drift from the world.

use std::time::Duration;

use prometheus_client::encoding::text::encode;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{Histogram, exponential_buckets};
use prometheus_client::registry::Registry;
use skillworld_store::Store;
use skillworld_world::Layer;

type Labels = Vec<(&'static str, String)>;
type Histograms = Family<Labels, Histogram, fn() -> Histogram>;

/// Seconds, from 100 µs to about 13 s.
fn latency_histogram() -> Histogram {
    Histogram::new(exponential_buckets(0.000_1, 2.0, 18))
}

/// The habitat's metric families and their registry.
pub struct Metrics {
    registry: Registry,
    requests: Family<Labels, Counter>,
    request_seconds: Histograms,
    commit_seconds: Histogram,
    script_runs: Family<Labels, Counter>,
    job_runs: Family<Labels, Counter>,
    journal_seq: Gauge,
    skills: Family<Labels, Gauge>,
    scan_verdicts: Family<Labels, Gauge>,
}

impl Default for Metrics {
    fn default() -> Self {
        let mut registry = Registry::with_prefix("skillworld");
        let requests = Family::<Labels, Counter>::default();
        registry.register(
            "http_requests",
            "HTTP requests served, by route, method and status",
            requests.clone(),
        );
        let request_seconds: Histograms = Family::new_with_constructor(latency_histogram);
        registry.register(
            "http_request_duration_seconds",
            "HTTP request latency, by route and method",
            request_seconds.clone(),
        );
        let commit_seconds = latency_histogram();
        registry.register(
            "commit_duration_seconds",
            "Time from a write taking the world to its journal entry being durable",
            commit_seconds.clone(),
        );
        let script_runs = Family::<Labels, Counter>::default();
        registry.register(
            "script_runs",
            "Skill script runs, by outcome (success, failure, timeout, refused)",
            script_runs.clone(),
        );
        let job_runs = Family::<Labels, Counter>::default();
        registry.register(
            "job_runs",
            "Scheduled job runs, by job and outcome (ok, skipped, failed)",
            job_runs.clone(),
        );
        let journal_seq = Gauge::default();
        registry.register(
            "journal_sequence",
            "The world journal's next sequence number",
            journal_seq.clone(),
        );
        let skills = Family::<Labels, Gauge>::default();
        registry.register(
            "skills",
            "Skills in the world, by layer kind, lifecycle and whether live",
            skills.clone(),
        );
        let scan_verdicts = Family::<Labels, Gauge>::default();
        registry.register(
            "scan_verdicts",
            "Skills in the world by their security scan's verdict",
            scan_verdicts.clone(),
        );
        Metrics {
            registry,
            requests,
            request_seconds,
            commit_seconds,
            script_runs,
            job_runs,
            journal_seq,
            skills,
            scan_verdicts,
        }
    }
}

impl Metrics {
    /// One served request; `route` is the matched route pattern (never the
    /// raw path, so label sets stay few).
    pub fn request(&self, route: &str, method: &str, status: u16, took: Duration) {
        let labels = vec![
            ("route", route.to_owned()),
            ("method", method.to_owned()),
            ("status", status.to_string()),
        ];
        self.requests.get_or_create(&labels).inc();
        let labels = vec![("route", route.to_owned()), ("method", method.to_owned())];
        self.request_seconds
            .get_or_create(&labels)
            .observe(took.as_secs_f64());
    }

    pub fn commit(&self, took: Duration) {
        self.commit_seconds.observe(took.as_secs_f64());
    }

    /// A script tool's answer, counted by outcome.
    pub fn script_run(&self, answer: &serde_json::Value) {
        let outcome = if answer.get("error").is_some() {
            "refused"
        } else if answer["timed_out"] == true {
            "timeout"
        } else if answer["exit_code"] == 0 {
            "success"
        } else {
            "failure"
        };
        self.script_runs
            .get_or_create(&vec![("outcome", outcome.to_owned())])
            .inc();
    }

    /// A job's run; `outcome` is its `ok: …`/`skipped: …`/`failed: …` text.
    pub fn job_ran(&self, job: &str, outcome: &str) {
        let kind = outcome.split(':').next().unwrap_or_default();
        self.job_runs
            .get_or_create(&vec![("job", job.to_owned()), ("outcome", kind.to_owned())])
            .inc();
    }

    /// The exposition: the world's figures read now, then every family.
    pub fn render(&self, store: &mut Store) -> String {
        self.journal_seq.set(store.journal_seq() as i64);
        self.skills.clear();
        self.scan_verdicts.clear();
        for layer in store.world().layers() {
            let kind = match layer {
                Layer::Commons => "commons",
                Layer::Agent(_) => "agent",
            };
            let Ok(own) = store.world().layer_skill_names(&layer) else {
                continue;
            };
            let own: std::collections::HashSet<String> = own.into_iter().collect();
            let Ok(Ok(rows)) = store.run(|world| world.rows(&layer, true)) else {
                continue;
            };
            // An agent's rows include what it sees of the Commons and of
            // granted worlds; each skill is counted once, in its own layer.
            let kept = |row: &&skillworld_world::SkillRow| {
                own.contains(&row.name) && (row.layer == "commons") == (kind == "commons")
            };
            for row in rows.iter().filter(kept) {
                let labels = vec![
                    ("layer", kind.to_owned()),
                    ("lifecycle", format!("{:?}", row.lifecycle).to_lowercase()),
                    ("live", row.live.to_string()),
                ];
                self.skills.get_or_create(&labels).inc();
                let verdict = serde_json::to_value(row.scan)
                    .ok()
                    .and_then(|v| v.as_str().map(str::to_owned))
                    .unwrap_or_else(|| format!("{:?}", row.scan).to_lowercase());
                self.scan_verdicts
                    .get_or_create(&vec![("verdict", verdict)])
                    .inc();
            }
        }
        let mut text = String::new();
        encode(&mut text, &self.registry).expect("writing to a String does not fail");
        text
    }
}
