//! HAB-6 scheduled jobs on a simulated world clock: the runner is stepped
//! with `Habitat::run_due_jobs(now)`, never with sleeps.

mod common;

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use skillworld_core::{Lifecycle, Origin, Timestamp};
use skillworld_format::SkillDocument;
use skillworld_habitat::{Habitat, JobStatus, RefreshHook};
use skillworld_world::{
    Caller, Clock, Command, Layer, ListQuery, LoadRequest, SkillWorld, WorldSettings,
};

const HOUR: i64 = 3_600_000;
const DAY: i64 = 24 * HOUR;
const START: i64 = 100 * DAY;

fn habitat(dir: &std::path::Path) -> Arc<Habitat> {
    common::habitat(dir, Some(Clock::Simulated(Timestamp::from_millis(START))))
}

async fn advance(habitat: &Habitat, millis: i64) -> Timestamp {
    habitat
        .read(|store| {
            store
                .run(|world| {
                    world.clock_mut().advance_millis(millis);
                    world.now()
                })
                .unwrap()
        })
        .await
}

fn status(habitat: &Habitat, id: &str) -> JobStatus {
    habitat
        .jobs()
        .statuses()
        .into_iter()
        .find(|s| s.id == id)
        .unwrap()
}

/// The world of the curator's 120-day test (tests/curator.rs in
/// skillworld-world): 1,000 skills, two in three agent-made.
fn populate(world: &mut SkillWorld) {
    world.add_agent("ada", None).unwrap();
    world
        .execute(Caller::host(), Command::CuratorActivate)
        .unwrap();
    for i in 0..1_000 {
        let name = format!("s-{i:04}");
        let mut document = SkillDocument::new(&name, format!("{name}."), "Body.\n");
        document.skill.origin = if i % 3 == 0 {
            Origin::User
        } else {
            Origin::Evolved
        };
        world
            .install(&Layer::Agent("ada".into()), document, vec![])
            .unwrap();
    }
}

/// A day's 20 loads, from the same generator as the curator test.
fn day_names(seed: &mut u64) -> Vec<String> {
    (0..20)
        .map(|_| {
            *seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            format!("s-{:04}", (*seed >> 33) % 1_000)
        })
        .collect()
}

fn loads(world: &mut SkillWorld, names: &[String]) {
    for name in names {
        let _ = world.load(
            "ada",
            LoadRequest {
                name,
                ..Default::default()
            },
        );
    }
}

fn lifecycles(world: &mut SkillWorld) -> Vec<(String, Lifecycle)> {
    let listing = world
        .list(
            "ada",
            &ListQuery {
                status: Some("all".into()),
                limit: Some(2_000),
                ..Default::default()
            },
        )
        .unwrap();
    let mut out: Vec<_> = listing
        .items
        .into_iter()
        .map(|i| (i.name, i.lifecycle))
        .collect();
    out.sort();
    out
}

/// The reference: the curator test's loop, a manual sweep every day.
fn reference() -> Vec<(String, Lifecycle)> {
    let mut world = SkillWorld::new(WorldSettings {
        clock: Clock::Simulated(Timestamp::from_millis(START)),
        platform: None,
    });
    populate(&mut world);
    let mut seed = 7;
    for _ in 0..120 {
        loads(&mut world, &day_names(&mut seed));
        world.curate(false).unwrap();
        world.clock_mut().advance_days(1);
    }
    lifecycles(&mut world)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hundred_and_twenty_days_on_the_schedule_age_like_daily_manual_sweeps() {
    let dir = tempfile::tempdir().unwrap();
    let habitat = habitat(dir.path());
    habitat
        .write(|store| {
            store
                .run(populate)
                .map_err(skillworld_habitat::HabitatError::from)
        })
        .await
        .unwrap();
    let mut seed = 7;
    let mut sweeps = 0;
    for day in 0..120 {
        let now = habitat.read(|store| store.world().now()).await;
        assert_eq!(now.as_millis(), START + day * DAY);
        let names = day_names(&mut seed);
        habitat
            .write(move |store| {
                store
                    .run(|world| loads(world, &names))
                    .map_err(skillworld_habitat::HabitatError::from)
            })
            .await
            .unwrap();
        // Nothing is due before the default schedule's 02:00.
        let early = habitat.run_due_jobs(now).await;
        assert!(!early.contains(&"curator"), "day {day}: {early:?}");
        let two = advance(&habitat, 2 * HOUR).await;
        let ran = habitat.run_due_jobs(two).await;
        assert!(ran.contains(&"curator"), "day {day}: {ran:?}");
        let curator = status(&habitat, "curator");
        assert!(
            curator.outcome.as_deref().unwrap().starts_with("ok: sweep"),
            "{curator:?}"
        );
        assert_eq!(
            curator.next_run.unwrap().as_millis(),
            START + (day + 1) * DAY + 2 * HOUR
        );
        sweeps += 1;
        advance(&habitat, 22 * HOUR).await;
    }
    let (aged, reports) = habitat
        .read(|store| {
            let reports = store.world().curator_state().next_report;
            (store.run(lifecycles).unwrap(), reports)
        })
        .await;
    assert_eq!(reports, sweeps, "one scheduled sweep a day, no manual run");
    let expected = reference();
    assert!(
        expected.iter().any(|(_, l)| *l == Lifecycle::Archived),
        "the reference ages some skills out"
    );
    assert_eq!(aged, expected);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_inactive_curator_dry_runs_at_most_once_per_23_hours() {
    let dir = tempfile::tempdir().unwrap();
    let habitat = habitat(dir.path());
    habitat
        .write(|store| {
            let mut settings = store.world().curator_settings().clone();
            settings.schedule = "0 0 * * * *".into();
            store
                .run(|world| world.execute(Caller::host(), Command::CuratorConfigure { settings }))
                .map_err(skillworld_habitat::HabitatError::from)?
                .map_err(skillworld_habitat::HabitatError::from)
        })
        .await
        .unwrap();
    let start = habitat.read(|store| store.world().now()).await;
    habitat.run_due_jobs(start).await;
    let mut outcomes = Vec::new();
    for _ in 0..48 {
        let now = advance(&habitat, HOUR).await;
        if habitat.run_due_jobs(now).await.contains(&"curator") {
            outcomes.push(status(&habitat, "curator").outcome.unwrap());
        }
    }
    assert_eq!(outcomes.len(), 48, "the hourly schedule fires every hour");
    let dry_runs: Vec<usize> = outcomes
        .iter()
        .enumerate()
        .filter(|(_, o)| o.starts_with("ok: dry-run"))
        .map(|(i, _)| i)
        .collect();
    assert_eq!(dry_runs, [0, 23, 46], "{outcomes:?}");
    assert!(outcomes[1].starts_with("skipped: a scheduled dry-run ran less than 23 h ago"));
    let state = habitat
        .read(|store| store.world().curator_state().clone())
        .await;
    assert!(state.last_run.is_none(), "never a real sweep");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn purge_drops_long_deleted_skills_and_snapshot_retention_keeps_the_newest() {
    let dir = tempfile::tempdir().unwrap();
    let habitat = habitat(dir.path());
    habitat
        .write(|store| {
            for name in ["gone", "kept"] {
                let document = SkillDocument::new(name, format!("{name}."), "Body.\n");
                store.run(|world| world.install(&Layer::Commons, document, vec![]))??;
            }
            store.run(|world| world.delete(&Layer::Commons, "gone"))??;
            for (i, purpose) in ["pre-sweep", "pre-sweep", "pre-restore"].iter().enumerate() {
                // A write between them, so each has its own journal position.
                let document = SkillDocument::new(format!("filler-{i}"), "Filler.", "Body.\n");
                store.run(|world| world.install(&Layer::Commons, document, vec![]))??;
                store.save_automatic(purpose)?;
            }
            Ok::<_, skillworld_habitat::HabitatError>(())
        })
        .await
        .unwrap();
    let mut settings = habitat.jobs().settings();
    settings.automatic_snapshot_max_age_days = 10;
    habitat.jobs().configure(settings);
    let now = habitat.read(|store| store.world().now()).await;
    let ran = habitat.run_due_jobs(now).await;
    assert!(ran.contains(&"purge") && ran.contains(&"snapshot-retention"));
    assert!(
        status(&habitat, "purge")
            .outcome
            .unwrap()
            .starts_with("ok: 0 deleted skills")
    );
    // Daily runs: the deletion goes once it is 30 days old, not before.
    let (mut purged_on, mut retention_skipped_on) = (Vec::new(), Vec::new());
    for day in 1..=31 {
        let now = advance(&habitat, DAY).await;
        habitat.run_due_jobs(now).await;
        let outcome = status(&habitat, "purge").outcome.unwrap();
        if outcome.starts_with("ok: 1 deleted skills") {
            purged_on.push(day);
        }
        let retention = status(&habitat, "snapshot-retention").outcome.unwrap();
        if retention.starts_with("skipped:") {
            retention_skipped_on.push(day);
        }
    }
    assert_eq!(purged_on, [30]);
    // Retention lists the snapshots only once the oldest can have aged
    // out (10 days after the first listing), not every day before.
    assert_eq!(retention_skipped_on, (1..=9).collect::<Vec<_>>());
    let snapshots = habitat.read(|store| store.snapshots().unwrap()).await;
    let automatic: Vec<_> = snapshots.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(
        automatic.len(),
        1,
        "past 10 days only the newest: {automatic:?}"
    );
    assert!(automatic[0].starts_with("pre-restore"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failing_job_is_retried_with_a_doubling_backoff_and_recovers() {
    let dir = tempfile::tempdir().unwrap();
    let habitat = habitat(dir.path());
    let calls = Arc::new(AtomicUsize::new(0));
    let hook: RefreshHook = {
        let calls = calls.clone();
        Arc::new(move |_habitat| {
            let n = calls.fetch_add(1, Ordering::SeqCst);
            Box::pin(async move {
                if n < 2 {
                    Err("server unreachable".to_owned())
                } else {
                    Ok("1 servers refreshed".to_owned())
                }
            })
        })
    };
    habitat.set_mcp_refresh(hook);
    let start = habitat.read(|store| store.world().now()).await;
    assert!(habitat.run_due_jobs(start).await.contains(&"mcp-refresh"));
    let first = status(&habitat, "mcp-refresh");
    assert_eq!(first.outcome.as_deref(), Some("failed: server unreachable"));
    assert_eq!(
        first.next_run.unwrap().as_millis() - start.as_millis(),
        60_000
    );
    let now = advance(&habitat, 60_000).await;
    assert!(habitat.run_due_jobs(now).await.contains(&"mcp-refresh"));
    let second = status(&habitat, "mcp-refresh");
    assert_eq!(
        second.next_run.unwrap().as_millis() - now.as_millis(),
        120_000
    );
    let now = advance(&habitat, 120_000).await;
    habitat.run_due_jobs(now).await;
    let third = status(&habitat, "mcp-refresh");
    assert_eq!(third.outcome.as_deref(), Some("ok: 1 servers refreshed"));
    assert_eq!(
        third.next_run.unwrap().as_millis() - now.as_millis(),
        60 * 60_000,
        "back on its hourly period"
    );
    assert_eq!(calls.load(Ordering::SeqCst), 3);
}
