//! Scheduled jobs (HAB-6): the curator on its cron schedule, purges,
//! automatic-snapshot retention, MCP virtual-skill refresh, preflight
//! refresh and proposal expiry (GOV-1), run on the world's clock.
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
use std::sync::Arc;
use std::time::Duration;

use skillworld_core::Timestamp;
use skillworld_store::{SnapshotKind, Store, StoreError, next_run};
use skillworld_world::{Caller, Command};

use crate::habitat::{Habitat, HabitatError};

use crate::schedule::{FIRST_RETRY, JOB_IDS, JobSettings, JobStatus, locked};

/// What one run of a job came to.
enum Outcome {
    Ok(String),
    Skipped(String),
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

    async fn run_job(self: &Arc<Self>, id: &str, now: Timestamp) -> Result<Outcome, String> {
        let text = |e: HabitatError| e.to_string();
        // Held until the job ends; on a shared store another node may hold it.
        let Some(_turn) = self.job_turn(id).await? else {
            return Ok(Outcome::Skipped("another node is running it".into()));
        };
        match id {
            "curator" => self.curator_job().await.map_err(text),
            "purge" => self.purge_job().await.map_err(text),
            "snapshot-retention" => self.retention_job(now).await.map_err(text),
            "mcp-refresh" => {
                let hook = self.mcp_refresh();
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
            "proposal-expiry" => self.expiry_job().await.map_err(text),
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

    /// Expires the proposals past the world's expiry (GOV-1), daily; a
    /// day with none due journals nothing. Reads already treat them as
    /// expired, so the job only records it.
    async fn expiry_job(&self) -> Result<Outcome, HabitatError> {
        self.write(move |store| {
            let now = store.world().now();
            if store.world().proposals_due(now) == 0 {
                return Ok(Outcome::Ok("0 proposals expired".into()));
            }
            let command = Command::ExpireProposals;
            let applied = store.run(|world| world.execute(Caller::host(), command))??;
            Ok(Outcome::Ok(format!(
                "{} proposals expired",
                applied.replacements.unwrap_or(0)
            )))
        })
        .await
    }

    /// Keeps the newest automatic snapshots up to the kept number and drops
    /// those past the age limit; the newest always stays (it is what a
    /// sweep or restore is undone from). Named snapshots are the admin's.
    ///
    /// Listing the snapshots reads every one of them, so a run whose last
    /// listing showed nothing can age out before `now` skips it.
    async fn retention_job(&self, now: Timestamp) -> Result<Outcome, HabitatError> {
        if let Some(until) = self.jobs().retention_quiet_at(now) {
            return Ok(Outcome::Skipped(format!(
                "no automatic snapshot reaches the age limit before {} ms",
                until.as_millis()
            )));
        }
        let settings = self.jobs().settings();
        let (dropped, quiet_until) = self
            .write(move |store| drop_old_automatic(store, &settings).map_err(HabitatError::from))
            .await?;
        self.jobs().set_retention_quiet_until(Some(quiet_until));
        Ok(Outcome::Ok(format!(
            "{dropped} automatic snapshots dropped"
        )))
    }
}

/// Drops the automatic snapshots past the kept number or the age limit;
/// answers how many, and when the oldest one kept reaches the age limit
/// (a snapshot saved later is newer, so it reaches it later).
fn drop_old_automatic(
    store: &mut Store,
    settings: &JobSettings,
) -> Result<(usize, Timestamp), StoreError> {
    let now = store.world().now();
    let max_age = i64::from(settings.automatic_snapshot_max_age_days);
    let cutoff = now.plus_days(-max_age);
    let mut automatic: Vec<_> = store
        .snapshots()?
        .into_iter()
        .filter(|s| s.kind == SnapshotKind::Automatic)
        .collect();
    automatic.sort_by(|a, b| b.seq.cmp(&a.seq).then(b.name.cmp(&a.name)));
    let kept = settings.automatic_snapshots_kept.max(1);
    let doomed: Vec<String> = automatic
        .iter()
        .enumerate()
        .filter(|(rank, s)| *rank > 0 && (*rank >= kept || s.at < cutoff))
        .map(|(_, s)| s.name.clone())
        .collect();
    for name in &doomed {
        store.delete_snapshot(name)?;
    }
    let oldest_kept = automatic
        .iter()
        .filter(|s| !doomed.contains(&s.name))
        .map(|s| s.at)
        .min()
        .unwrap_or(now);
    Ok((doomed.len(), oldest_kept.plus_days(max_age).max(now)))
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
