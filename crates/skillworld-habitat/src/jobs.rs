//! Scheduled jobs (HAB-6): the curator on its cron schedule, purges,
//! automatic-snapshot retention, MCP virtual-skill refresh and preflight
//! refresh, run on the world's clock.
//!
//! The runner has no timer of its own: [`Habitat::run_due_jobs`] runs what
//! is due at a given world time, so a habitat on a simulated clock is
//! driven step by step by whoever advances that clock (a test, a
//! simulation), and `serve` drives it from a task that wakes when the next
//! job is due. A failed job is logged and retried with a doubling backoff,
//! never later than its ordinary period. Each job takes the store lock
//! only for its own short writes; what waits on the outside (an MCP
//! server's answer) runs without it.

use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use serde::{Deserialize, Serialize};
use skillworld_core::Timestamp;
use skillworld_store::{SnapshotKind, Store, StoreError, next_run};
use skillworld_world::{Caller, Command};

use crate::habitat::{Habitat, HabitatError};

const HOUR: i64 = 3_600_000;
const MINUTE: i64 = 60_000;
/// The first retry after a failure; each further failure doubles it.
const FIRST_RETRY: i64 = MINUTE;

/// The jobs' settings, in the serve configuration's `jobs: (…)` section.
/// Every field may be left out.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct JobSettings {
    /// Soft-deleted skills are purged after this many days.
    pub purge_deleted_after_days: u32,
    /// How often the purge runs, in hours.
    pub purge_every_hours: u32,
    /// Automatic snapshots (pre-sweep, pre-restore) kept, newest first.
    pub automatic_snapshots_kept: usize,
    /// Automatic snapshots older than this many days are dropped, except
    /// the newest one.
    pub automatic_snapshot_max_age_days: u32,
    /// How often snapshot retention runs, in hours.
    pub snapshot_retention_every_hours: u32,
    /// How often MCP virtual skills are rebuilt, in minutes (also at start).
    pub mcp_refresh_every_minutes: u32,
    /// How often every skill's host-level readiness is re-checked, in minutes.
    pub preflight_refresh_every_minutes: u32,
}

impl Default for JobSettings {
    fn default() -> Self {
        JobSettings {
            purge_deleted_after_days: 30,
            purge_every_hours: 24,
            automatic_snapshots_kept: skillworld_store::AUTOMATIC_KEPT,
            automatic_snapshot_max_age_days: 30,
            snapshot_retention_every_hours: 24,
            mcp_refresh_every_minutes: 60,
            preflight_refresh_every_minutes: 60,
        }
    }
}

/// The MCP refresh as the server's crate supplies it (the habitat cannot
/// depend on skillworld-mcp): rebuilds every registered server's virtual
/// skill and answers how many were refreshed, or why not.
pub type RefreshHook = Arc<
    dyn Fn(Arc<Habitat>) -> Pin<Box<dyn Future<Output = Result<String, String>> + Send>>
        + Send
        + Sync,
>;

/// The jobs, in the order they run when several are due.
pub const JOB_IDS: [&str; 5] = [
    "curator",
    "purge",
    "snapshot-retention",
    "mcp-refresh",
    "preflight-refresh",
];

/// One job's last run, outcome and next run (`GET /api/v1/jobs`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct JobStatus {
    pub id: &'static str,
    pub last_run: Option<Timestamp>,
    /// `ok: …`, `skipped: …` or `failed: …`; none before the first run.
    pub outcome: Option<String>,
    pub next_run: Option<Timestamp>,
    /// Failures in a row (reset by a success).
    #[serde(skip)]
    pub failures: u32,
}

/// The jobs' schedule and results, kept by the habitat.
#[derive(Default)]
pub struct Jobs {
    settings: Mutex<JobSettings>,
    states: Mutex<Vec<JobStatus>>,
    mcp_refresh: Mutex<Option<RefreshHook>>,
}

fn locked<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// What one run of a job came to.
enum Outcome {
    Ok(String),
    Skipped(String),
}

impl Jobs {
    /// Sets the jobs' settings (before the first [`Habitat::run_due_jobs`]).
    pub fn configure(&self, settings: JobSettings) {
        *locked(&self.settings) = settings;
    }

    pub fn settings(&self) -> JobSettings {
        locked(&self.settings).clone()
    }

    /// Registers the MCP refresh; without one, `mcp-refresh` is skipped.
    pub fn set_mcp_refresh(&self, hook: RefreshHook) {
        *locked(&self.mcp_refresh) = Some(hook);
    }

    /// Every job's status, in [`JOB_IDS`] order (empty before the jobs
    /// were first scheduled).
    pub fn statuses(&self) -> Vec<JobStatus> {
        locked(&self.states).clone()
    }

    /// The earliest next run of any job.
    pub fn next_due(&self) -> Option<Timestamp> {
        locked(&self.states).iter().filter_map(|s| s.next_run).min()
    }

    fn period(&self, id: &str) -> i64 {
        let settings = locked(&self.settings);
        match id {
            "purge" => i64::from(settings.purge_every_hours) * HOUR,
            "snapshot-retention" => i64::from(settings.snapshot_retention_every_hours) * HOUR,
            "mcp-refresh" => i64::from(settings.mcp_refresh_every_minutes) * MINUTE,
            "preflight-refresh" => i64::from(settings.preflight_refresh_every_minutes) * MINUTE,
            _ => 24 * HOUR,
        }
        .max(MINUTE)
    }
}

impl Habitat {
    /// Runs every job due at world time `now`, one after the other, and
    /// schedules each one's next run; the first call schedules them all
    /// (the curator from its cron schedule, catching up a run missed while
    /// the habitat was down; preflight one period after start; the others
    /// at once). Returns the ids of the jobs that ran.
    pub async fn run_due_jobs(self: &Arc<Self>, now: Timestamp) -> Vec<&'static str> {
        if locked(&self.jobs().states).is_empty() {
            let first = self.first_schedule(now).await;
            *locked(&self.jobs().states) = first;
        }
        let due: Vec<&'static str> = locked(&self.jobs().states)
            .iter()
            .filter(|s| s.next_run.is_some_and(|next| next <= now))
            .map(|s| s.id)
            .collect();
        for id in &due {
            let result = self.run_job(id, now).await;
            let next_ordinary = self.next_ordinary(id, now).await;
            let mut states = locked(&self.jobs().states);
            let state = states
                .iter_mut()
                .find(|s| s.id == *id)
                .expect("every job has a state");
            state.last_run = Some(now);
            match result {
                Ok(outcome) => {
                    state.failures = 0;
                    state.next_run = next_ordinary;
                    state.outcome = Some(match outcome {
                        Outcome::Ok(what) => format!("ok: {what}"),
                        Outcome::Skipped(why) => format!("skipped: {why}"),
                    });
                }
                Err(error) => {
                    state.failures += 1;
                    let backoff = FIRST_RETRY << state.failures.min(20).saturating_sub(1);
                    let retry = Timestamp::from_millis(now.as_millis() + backoff);
                    state.next_run = Some(next_ordinary.map_or(retry, |next| next.min(retry)));
                    tracing::warn!(job = id, failures = state.failures, %error, "job failed; retrying");
                    state.outcome = Some(format!("failed: {error}"));
                }
            }
            self.metrics()
                .job_ran(id, state.outcome.as_deref().unwrap_or_default());
        }
        due
    }

    async fn first_schedule(&self, now: Timestamp) -> Vec<JobStatus> {
        let curator = self
            .read(|store| {
                let state = store.world().curator_state();
                let schedule = store.world().curator_settings().schedule.clone();
                let last = state.last_run.max(state.last_dry_run);
                next_run(&schedule, last.unwrap_or(now).min(now))
            })
            .await;
        JOB_IDS
            .iter()
            .map(|&id| JobStatus {
                id,
                last_run: None,
                outcome: None,
                next_run: match id {
                    "curator" => curator,
                    "preflight-refresh" => Some(Timestamp::from_millis(
                        now.as_millis() + self.jobs().period(id),
                    )),
                    _ => Some(now),
                },
                failures: 0,
            })
            .collect()
    }

    async fn next_ordinary(&self, id: &str, now: Timestamp) -> Option<Timestamp> {
        if id == "curator" {
            let schedule = self
                .read(|store| store.world().curator_settings().schedule.clone())
                .await;
            return next_run(&schedule, now);
        }
        Some(Timestamp::from_millis(
            now.as_millis() + self.jobs().period(id),
        ))
    }

    async fn run_job(self: &Arc<Self>, id: &str, _now: Timestamp) -> Result<Outcome, String> {
        let text = |e: HabitatError| e.to_string();
        // Held until the job ends; on a shared store another node may hold it.
        let Some(_turn) = self.job_turn(id).await? else {
            return Ok(Outcome::Skipped("another node is running it".into()));
        };
        match id {
            "curator" => self.curator_job().await.map_err(text),
            "purge" => self.purge_job().await.map_err(text),
            "snapshot-retention" => self.retention_job().await.map_err(text),
            "mcp-refresh" => {
                let hook = locked(&self.jobs().mcp_refresh).clone();
                match hook {
                    Some(hook) => hook(self.clone()).await.map(Outcome::Ok),
                    None => Ok(Outcome::Skipped("no MCP refresh registered".into())),
                }
            }
            "preflight-refresh" => {
                let habitat = self.clone();
                self.write(move |store| habitat.refresh_all_preflight(store))
                    .await
                    .map(|checked| Outcome::Ok(format!("{checked} skills checked")))
                    .map_err(text)
            }
            _ => Err(format!("unknown job '{id}'")),
        }
    }

    /// A real sweep once the curator is activated and not paused; else a
    /// scheduled dry-run, which the world refuses within 23 h of the last.
    async fn curator_job(&self) -> Result<Outcome, HabitatError> {
        let workspace = self.workspace();
        self.write(move |store| {
            let state = store.world().curator_state().clone();
            if state.activated && state.paused {
                return Ok(Outcome::Skipped("the curator is paused".into()));
            }
            if state.activated {
                let report = store.curate(false, Some(&workspace))?;
                return Ok(Outcome::Ok(format!(
                    "sweep {}: {} transitions",
                    report.id, report.applied
                )));
            }
            let sweep = Command::CuratorSweep {
                dry_run: true,
                scheduled: true,
            };
            match store.run(|world| world.execute(Caller::host(), sweep))? {
                Ok(_) => Ok(Outcome::Ok("dry-run (the curator is not activated)".into())),
                Err(skillworld_world::WorldError::Curator(why)) => Ok(Outcome::Skipped(why)),
                Err(error) => Err(error.into()),
            }
        })
        .await
    }

    /// Soft-deleted skills past their age, and review runs beyond the kept
    /// number per kind.
    async fn purge_job(&self) -> Result<Outcome, HabitatError> {
        let days = self.jobs().settings().purge_deleted_after_days;
        self.write(move |store| {
            let command = Command::Purge {
                older_than_days: days,
            };
            let applied = store.run(|world| world.execute(Caller::host(), command))??;
            let runs = store.purge_review_runs()?;
            Ok(Outcome::Ok(format!(
                "{} deleted skills, {runs} runs",
                applied.replacements.unwrap_or(0)
            )))
        })
        .await
    }

    /// Keeps the newest automatic snapshots up to the kept number and drops
    /// those past the age limit; the newest always stays (it is what a
    /// sweep or restore is undone from). Named snapshots are the admin's.
    async fn retention_job(&self) -> Result<Outcome, HabitatError> {
        let settings = self.jobs().settings();
        self.write(move |store| {
            let dropped = drop_old_automatic(store, &settings)?;
            Ok(Outcome::Ok(format!(
                "{dropped} automatic snapshots dropped"
            )))
        })
        .await
    }
}

fn drop_old_automatic(store: &mut Store, settings: &JobSettings) -> Result<usize, StoreError> {
    let now = store.world().now();
    let cutoff = now.plus_days(-i64::from(settings.automatic_snapshot_max_age_days));
    let mut automatic: Vec<_> = store
        .snapshots()?
        .into_iter()
        .filter(|s| s.kind == SnapshotKind::Automatic)
        .collect();
    automatic.sort_by(|a, b| b.seq.cmp(&a.seq).then(b.name.cmp(&a.name)));
    let kept = settings.automatic_snapshots_kept.max(1);
    let doomed: Vec<String> = automatic
        .into_iter()
        .enumerate()
        .filter(|(rank, s)| *rank > 0 && (*rank >= kept || s.at < cutoff))
        .map(|(_, s)| s.name)
        .collect();
    for name in &doomed {
        store.delete_snapshot(name)?;
    }
    Ok(doomed.len())
}

/// Drives a habitat's jobs on its world clock until `stop` resolves: runs
/// what is due, then waits until the next job is due (never more than
/// `poll`, so a clock moved by other means is noticed).
pub async fn drive_jobs(
    habitat: Arc<Habitat>,
    poll: Duration,
    stop: impl Future<Output = ()> + Send,
) {
    tokio::pin!(stop);
    loop {
        let now = habitat.read(|store| store.world().now()).await;
        habitat.run_due_jobs(now).await;
        let wait = habitat
            .jobs()
            .next_due()
            .map(|next| Duration::from_millis((next.as_millis() - now.as_millis()).max(0) as u64))
            .unwrap_or(poll)
            .min(poll);
        tokio::select! {
            _ = &mut stop => return,
            _ = tokio::time::sleep(wait) => {}
        }
    }
}
