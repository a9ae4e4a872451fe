//! The jobs' schedule as plain data: their settings, each job's last run,
//! outcome and next run, and what snapshot retention learnt from its last
//! listing. The runner (`jobs.rs`) reads and updates it.

use std::sync::{Mutex, MutexGuard};

use serde::{Deserialize, Serialize};
use skillworld_core::Timestamp;

const HOUR: i64 = 3_600_000;
const MINUTE: i64 = 60_000;
/// The first retry after a failure; each further failure doubles it.
pub(crate) const FIRST_RETRY: i64 = MINUTE;

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

/// The jobs, in the order they run when several are due.
pub const JOB_IDS: [&str; 6] = [
    "curator",
    "purge",
    "snapshot-retention",
    "mcp-refresh",
    "preflight-refresh",
    "proposal-expiry",
];

/// One job's last run, outcome and next run (`GET /api/v1/jobs`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct JobStatus {
    pub id: &'static str,
    /// Milliseconds since the epoch, world time.
    #[schema(value_type = Option<i64>)]
    pub last_run: Option<Timestamp>,
    /// `ok: …`, `skipped: …` or `failed: …`; none before the first run.
    pub outcome: Option<String>,
    #[schema(value_type = Option<i64>)]
    pub next_run: Option<Timestamp>,
    /// Failures in a row (reset by a success).
    #[serde(skip)]
    pub failures: u32,
}

/// The jobs' schedule and results, kept by the habitat.
#[derive(Default)]
pub struct Jobs {
    settings: Mutex<JobSettings>,
    pub(crate) states: Mutex<Vec<JobStatus>>,
    /// Until when snapshot retention has nothing to drop, as its last
    /// listing showed (see [`Jobs::retention_quiet_until`]).
    retention_quiet: Mutex<Option<Timestamp>>,
}

pub(crate) fn locked<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl Jobs {
    /// Sets the jobs' settings (before the first [`Habitat::run_due_jobs`]).
    pub fn configure(&self, settings: JobSettings) {
        *locked(&self.settings) = settings;
        *locked(&self.retention_quiet) = None;
    }

    pub fn settings(&self) -> JobSettings {
        locked(&self.settings).clone()
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

    /// Whether snapshot retention may skip listing the snapshots at `now`:
    /// its last listing found no automatic snapshot that reaches the age
    /// limit before a later time, and the store's own cap
    /// ([`skillworld_store::AUTOMATIC_KEPT`]) already keeps no more than
    /// the settings do. Snapshots saved since are newer, so they age out
    /// later still; only a kept number below the store's cap needs a
    /// listing for every new snapshot.
    pub(crate) fn retention_quiet_at(&self, now: Timestamp) -> Option<Timestamp> {
        let kept = locked(&self.settings).automatic_snapshots_kept;
        if kept < skillworld_store::AUTOMATIC_KEPT {
            return None;
        }
        (*locked(&self.retention_quiet)).filter(|until| now < *until)
    }

    /// Records when the oldest automatic snapshot kept by the last
    /// retention run reaches the age limit (`None`: list next time).
    pub(crate) fn set_retention_quiet_until(&self, until: Option<Timestamp>) {
        *locked(&self.retention_quiet) = until;
    }

    pub(crate) fn period(&self, id: &str) -> i64 {
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
