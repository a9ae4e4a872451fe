//! CUR-4 and CUR-5 on a store: the pre-sweep snapshot, workspace archive
//! moves, reports and status.

use skillworld_core::{Origin, Timestamp};
use skillworld_format::SkillDocument;
use skillworld_store::{
    OpenOptions, SnapshotKind, Store, StoreError, archived_dir, curator_status, layer_dir,
    move_back, next_run, report_markdown, sync_workspace,
};
use skillworld_world::{Caller, Clock, Command, Layer};

const DAY: i64 = 86_400_000;

fn store(path: &std::path::Path) -> Store {
    let options = OpenOptions {
        clock: Some(Clock::Simulated(Timestamp::from_millis(1_000 * DAY))),
        platform: None,
        seed: vec![],
        journal_limit: None,
        cache_bytes: None,
    };
    let mut store = Store::open(path, options).unwrap();
    store
        .run(|world| {
            world.add_agent("ada", None).unwrap();
            world
                .execute(Caller::host(), Command::CuratorActivate)
                .unwrap();
            let mut document = SkillDocument::new("old-trick", "An old trick.", "Do it.\n");
            document.skill.origin = Origin::Evolved;
            world
                .install(&Layer::Agent("ada".into()), document, vec![])
                .unwrap();
        })
        .unwrap();
    store
}

#[test]
fn a_failing_pre_sweep_snapshot_aborts_with_nothing_changed() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = store(&dir.path().join("w.redb"));
    let before = store.world().digest();
    let result = store.curate_after(false, None, |_| {
        Err(StoreError::UnknownSnapshot("disk full".into()))
    });
    assert!(result.is_err());
    assert_eq!(store.world().digest(), before);
    let report = store.curate(false, None).unwrap();
    assert_eq!(report.newly_observed, 1);
    let automatic: Vec<_> = store
        .snapshots()
        .unwrap()
        .into_iter()
        .filter(|s| s.kind == SnapshotKind::Automatic)
        .collect();
    assert_eq!(automatic.len(), 1);
    assert!(automatic[0].name.starts_with("pre-sweep-"));
    assert!(store.curate(true, None).is_ok());
    assert_eq!(
        store.snapshots().unwrap().len(),
        1,
        "dry-runs take no snapshot"
    );
}

#[test]
fn archiving_moves_the_bundle_aside_and_restore_moves_it_back() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("workspace");
    let mut store = store(&dir.path().join("w.redb"));
    store
        .run(|world| sync_workspace(world, &root).unwrap())
        .unwrap();
    let layer = Layer::Agent("ada".into());
    let bundle = layer_dir(&root, &layer).join("old-trick");
    assert!(bundle.join("SKILL.md").exists());
    store.curate(false, Some(&root)).unwrap();
    store
        .run(|world| world.clock_mut().advance_days(95))
        .unwrap();
    let report = store.curate(false, Some(&root)).unwrap();
    assert_eq!(
        report.transitions[0].to,
        skillworld_core::Lifecycle::Archived
    );
    assert!(!bundle.exists());
    let archived = archived_dir(&root, &layer, "old-trick", report.at);
    assert!(
        archived.ends_with(".archived/old-trick-19721231-000000"),
        "{}",
        archived.display()
    );
    assert!(
        archived.join("SKILL.md").exists(),
        "moved to .archived/<name>-YYYYMMDD-HHMMSS/"
    );

    store
        .run(|world| world.restore(&layer, "old-trick"))
        .unwrap()
        .unwrap();
    move_back(&root, &layer, "old-trick").unwrap();
    assert!(bundle.join("SKILL.md").exists());

    let markdown = report_markdown(&report);
    assert!(markdown.starts_with(&format!("# Curator sweep {}\n", report.id)));
    assert!(
        markdown.contains("| old-trick | active | archived | 95 |"),
        "{markdown}"
    );
}

#[test]
fn status_counts_and_the_next_run_from_cron() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = store(&dir.path().join("w.redb"));
    let status = store.run(curator_status).unwrap().unwrap();
    assert!(status.activated && !status.paused);
    assert_eq!((status.active, status.stale, status.archived), (1, 0, 0));
    assert_eq!(status.schedule, "0 0 2 * * *");
    // 1,000 days after the epoch is 1972-09-27 00:00 UTC: the next 02:00.
    assert_eq!(
        status.next_run,
        Some(Timestamp::from_millis(1_000 * DAY + 2 * 3_600_000))
    );
    assert_eq!(next_run("not cron", Timestamp::from_millis(0)), None);
}

/// `curate restore foo` brings back foo's archived folder, never that of a
/// skill whose name merely starts with `foo-`, even when that one is newer.
#[test]
fn restore_picks_exactly_the_named_skills_archive() {
    let root = tempfile::tempdir().unwrap();
    let layer = Layer::Commons;
    let archive = layer_dir(root.path(), &layer).join(".archived");
    let folder = |name: &str| {
        let dir = archive.join(name);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("SKILL.md"), name).unwrap();
    };
    folder("foo-20260101-080000");
    folder("foo-bar-20260301-090000");
    folder("foo-20250101-080000");
    folder("foo-notes");

    let restored = move_back(root.path(), &layer, "foo").unwrap().unwrap();
    assert_eq!(restored, layer_dir(root.path(), &layer).join("foo"));
    assert_eq!(
        std::fs::read_to_string(restored.join("SKILL.md")).unwrap(),
        "foo-20260101-080000",
        "the newest of foo's own archives"
    );
    assert!(archive.join("foo-bar-20260301-090000").is_dir());
    assert!(archive.join("foo-notes").is_dir());
    // Nothing of "foo-b" was ever archived.
    assert_eq!(move_back(root.path(), &layer, "foo-b").unwrap(), None);
}
