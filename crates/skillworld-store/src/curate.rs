//! The curator on a store (CUR-4, CUR-5): a restorable snapshot before every
//! real sweep (no snapshot, no sweep), archived bundles moved aside in the
//! workspace, reports as JSON and Markdown, and the status with the next
//! run from the cron schedule.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::str::FromStr;

use serde::Serialize;
use skillworld_core::{Lifecycle, Timestamp};
use skillworld_world::{CuratorReport, Layer, SkillWorld, WorldError};

use crate::{Store, StoreError, layer_dir};

/// Counts and schedule for `curate status`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CuratorStatus {
    pub activated: bool,
    pub paused: bool,
    pub scope: skillworld_world::CuratorScope,
    pub schedule: String,
    pub last_run: Option<Timestamp>,
    pub last_dry_run: Option<Timestamp>,
    pub next_run: Option<Timestamp>,
    pub active: usize,
    pub stale: usize,
    pub archived: usize,
    pub pinned: usize,
    pub blocked_by_bindings: usize,
}

/// The next time a cron schedule (with seconds) fires after `after`.
pub fn next_run(schedule: &str, after: Timestamp) -> Option<Timestamp> {
    let schedule = cron::Schedule::from_str(schedule).ok()?;
    let after = chrono::DateTime::<chrono::Utc>::from_timestamp_millis(after.as_millis())?;
    schedule
        .after(&after)
        .next()
        .map(|next| Timestamp::from_millis(next.timestamp_millis()))
}

/// The status of a world's curator.
pub fn curator_status(world: &mut SkillWorld) -> Result<CuratorStatus, WorldError> {
    let state = world.curator_state().clone();
    let settings = world.curator_settings().clone();
    let mut status = CuratorStatus {
        activated: state.activated,
        paused: state.paused,
        scope: settings.scope,
        next_run: next_run(&settings.schedule, world.now()),
        schedule: settings.schedule,
        last_run: state.last_run,
        last_dry_run: state.last_dry_run,
        active: 0,
        stale: 0,
        archived: 0,
        pinned: 0,
        blocked_by_bindings: state
            .reports
            .first()
            .map_or(0, |r| r.blocked_by_bindings.len()),
    };
    for scope in world.layers() {
        let only_own = matches!(scope, Layer::Agent(_));
        for row in world.rows(&scope, true)? {
            if only_own && row.layer == "commons" {
                continue;
            }
            match row.lifecycle {
                Lifecycle::Active => status.active += 1,
                Lifecycle::Stale => status.stale += 1,
                Lifecycle::Archived => status.archived += 1,
            }
            status.pinned += usize::from(row.pinned);
        }
    }
    Ok(status)
}

/// A report as Markdown.
pub fn report_markdown(report: &CuratorReport) -> String {
    let mut out = String::new();
    let kind = if report.dry_run { "dry-run" } else { "sweep" };
    let _ = writeln!(out, "# Curator {kind} {}\n", report.id);
    let _ = writeln!(
        out,
        "- at: {}",
        date_time(report.at, "%Y-%m-%d %H:%M:%S UTC")
    );
    let _ = writeln!(out, "- scope: {:?}", report.scope);
    let _ = writeln!(
        out,
        "- scanned: {}, newly observed: {}",
        report.scanned, report.newly_observed
    );
    let _ = writeln!(
        out,
        "- planned: {}, applied: {}\n",
        report.transitions.len(),
        report.applied
    );
    if !report.transitions.is_empty() {
        out.push_str("| skill | from | to | idle days |\n|---|---|---|---|\n");
        for t in &report.transitions {
            let _ = writeln!(
                out,
                "| {} | {} | {} | {} |",
                t.skill, t.from, t.to, t.days_idle
            );
        }
    }
    if !report.blocked_by_bindings.is_empty() {
        let _ = writeln!(
            out,
            "\nBlocked by bindings: {}",
            report.blocked_by_bindings.join(", ")
        );
    }
    out
}

fn date_time(at: Timestamp, format: &str) -> String {
    jiff::Timestamp::from_millisecond(at.as_millis()).map_or_else(
        |_| at.as_millis().to_string(),
        |t| t.strftime(format).to_string(),
    )
}

/// Where an archived bundle goes: `<layer>/.archived/<name>-YYYYMMDD-HHMMSS/`.
pub fn archived_dir(root: &Path, layer: &Layer, name: &str, at: Timestamp) -> PathBuf {
    layer_dir(root, layer)
        .join(".archived")
        .join(format!("{name}-{}", date_time(at, "%Y%m%d-%H%M%S")))
}

impl Store {
    /// A curator sweep: a real one takes an automatic `pre-sweep` snapshot
    /// first and does not run when that fails.
    pub fn curate(
        &mut self,
        dry_run: bool,
        workspace: Option<&Path>,
    ) -> Result<CuratorReport, StoreError> {
        self.curate_after(dry_run, workspace, |store| {
            store.save_automatic("pre-sweep").map(drop)
        })
    }

    /// [`Store::curate`] with the pre-sweep step given (tests make it fail).
    pub fn curate_after(
        &mut self,
        dry_run: bool,
        workspace: Option<&Path>,
        snapshot: impl FnOnce(&mut Store) -> Result<(), StoreError>,
    ) -> Result<CuratorReport, StoreError> {
        if !dry_run {
            snapshot(self)?;
        }
        let report = self.run(|world| world.curate(dry_run))??;
        if let (Some(root), false) = (workspace, dry_run) {
            for transition in report
                .transitions
                .iter()
                .filter(|t| t.to == Lifecycle::Archived)
            {
                for layer in self.layers_holding(&transition.skill) {
                    move_aside(root, &layer, &transition.skill, report.at)?;
                }
            }
        }
        Ok(report)
    }

    fn layers_holding(&self, name: &str) -> Vec<Layer> {
        let world = self.world();
        world
            .layers()
            .into_iter()
            .filter(|layer| world.skill_document(layer, name).is_ok())
            .collect()
    }
}

/// Moves a materialised bundle aside when its skill is archived.
pub fn move_aside(
    root: &Path,
    layer: &Layer,
    name: &str,
    at: Timestamp,
) -> Result<Option<PathBuf>, StoreError> {
    let from = layer_dir(root, layer).join(name);
    if !from.is_dir() {
        return Ok(None);
    }
    let to = archived_dir(root, layer, name, at);
    let io = |e: std::io::Error| StoreError::Decode {
        what: format!("workspace {}", from.display()),
        reason: e.to_string(),
    };
    std::fs::create_dir_all(to.parent().expect("archived dirs have a parent")).map_err(io)?;
    std::fs::rename(&from, &to).map_err(io)?;
    Ok(Some(to))
}

/// Whether an `.archived` folder is `name`'s: `<name>-YYYYMMDD-HHMMSS`
/// exactly (or the milliseconds [`archived_dir`] falls back to), so that
/// `foo` never picks `foo-bar-…`.
fn is_archive_of(folder: &str, name: &str) -> bool {
    let Some(stamp) = folder
        .strip_prefix(name)
        .and_then(|rest| rest.strip_prefix('-'))
    else {
        return false;
    };
    let digits = |s: &str, n: usize| s.len() == n && s.bytes().all(|b| b.is_ascii_digit());
    match stamp.split_once('-') {
        Some((day, time)) => digits(day, 8) && digits(time, 6),
        None => !stamp.is_empty() && digits(stamp, stamp.len()),
    }
}

/// Moves the newest archived copy of a bundle back (restore reverses an
/// archive).
pub fn move_back(root: &Path, layer: &Layer, name: &str) -> Result<Option<PathBuf>, StoreError> {
    let archive = layer_dir(root, layer).join(".archived");
    let Ok(entries) = std::fs::read_dir(&archive) else {
        return Ok(None);
    };
    let mut copies: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| is_archive_of(n, name))
        })
        .collect();
    copies.sort();
    let Some(newest) = copies.pop() else {
        return Ok(None);
    };
    let to = layer_dir(root, layer).join(name);
    let io = |e: std::io::Error| StoreError::Decode {
        what: format!("workspace {}", to.display()),
        reason: e.to_string(),
    };
    std::fs::rename(&newest, &to).map_err(io)?;
    Ok(Some(to))
}
