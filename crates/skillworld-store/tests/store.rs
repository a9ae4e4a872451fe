//! STO-1 … STO-3 on real files: reopen, replay, snapshots, bad files.

use std::path::Path;

use skillworld_core::Timestamp;
use skillworld_format::SkillDocument;
use skillworld_store::{OpenOptions, SnapshotKind, Store, StoreError};
use skillworld_world::{Clock, Layer, LoadRequest, SkillWorld, Switches};

const DAY: i64 = 86_400_000;

fn options() -> OpenOptions {
    OpenOptions {
        clock: Some(Clock::Simulated(Timestamp::from_millis(20_000 * DAY))),
        platform: Some("linux".into()),
        seed: vec![],
        // Small, so these tests compact the journal many times.
        journal_limit: Some(200_000),
        cache_bytes: None,
    }
}

fn open(path: &Path) -> Store {
    Store::open(path, options()).unwrap()
}

/// A scripted session of mixed commands over several agents; `steps`
/// rounds of about ten commands each.
fn session(store: &mut Store, rounds: usize, offset: usize) {
    store
        .run(|world| {
            for agent in ["ada", "bob", "cyd"] {
                let _ = world.add_agent(agent, None);
            }
        })
        .unwrap();
    for round in offset..offset + rounds {
        store.run(|world| step(world, round)).unwrap();
    }
}

fn step(world: &mut SkillWorld, round: usize) {
    let agents = ["ada", "bob", "cyd"];
    let agent = agents[round % 3];
    let name = format!("skill-{:03}", round % 40);
    let private = Layer::Agent(agent.to_owned());
    let _ = world.create(
        &Layer::Commons,
        SkillDocument::new(
            name.clone(),
            format!("Commons {round}."),
            format!("Body {round}.\n"),
        ),
    );
    let _ = world.create(
        &private,
        SkillDocument::new(format!("own-{}", round % 7), "Own.", "Mine.\n"),
    );
    let _ = world.update(&Layer::Commons, &name, |d| {
        d.body.push_str(&format!("round {round}\n"))
    });
    let run = format!("run-{}", round % 5);
    let _ = world.load(
        agent,
        LoadRequest {
            name: &name,
            run: Some(&run),
            ..Default::default()
        },
    );
    let _ = world.load(
        agents[(round + 1) % 3],
        LoadRequest {
            name: &name,
            ..Default::default()
        },
    );
    if round.is_multiple_of(4) {
        let _ = world.set(
            &Layer::Commons,
            &name,
            Switches {
                enabled: Some(!round.is_multiple_of(8)),
                ..Default::default()
            },
        );
    }
    if round.is_multiple_of(9) {
        let _ = world.delete(&private, &format!("own-{}", round % 7));
    }
    if round.is_multiple_of(11) {
        let _ = world.record_lesson(agent, &name, &format!("lesson {round}"));
    }
    if round.is_multiple_of(13) {
        let _ = world.bind(agent, &name);
    }
    world.clock_mut().advance_millis(DAY / 3);
}

#[test]
fn reopening_restores_the_exact_world() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("world.redb");
    let mut store = open(&path);
    session(&mut store, 150, 0);
    let digest = store.world().digest();
    let state = store.world().state();
    drop(store);
    let mut store = open(&path);
    assert_eq!(store.world().digest(), digest);
    assert_eq!(store.world().state().entities, state.entities);
    assert!(
        store.journal_len().unwrap() < 1_000,
        "writes compact the journal: {}",
        store.journal_len().unwrap()
    );
    // A store whose world is left to the process's exit still closes its
    // file: opened again at once (not "in use"), with what was written.
    store.leave_world_to_exit();
    session(&mut store, 20, 150);
    let digest = store.world().digest();
    drop(store);
    assert_eq!(open(&path).world().digest(), digest);
}

#[test]
fn a_thousand_commands_replay_to_the_live_digest_from_any_snapshot_and_across_a_restore() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = open(&dir.path().join("world.redb"));
    store.save_snapshot("start").unwrap();
    session(&mut store, 300, 0);
    store.save_snapshot("midway").unwrap();
    session(&mut store, 300, 300);
    assert!(
        store.journal_len().unwrap() >= 1_000,
        "{} commands",
        store.journal_len().unwrap()
    );
    let live = store.world().digest();
    assert_eq!(store.replay("start").unwrap().digest(), live);
    assert_eq!(store.replay("midway").unwrap().digest(), live);

    store.wait_for_digests();
    let midway = store
        .snapshots()
        .unwrap()
        .into_iter()
        .find(|s| s.name == "midway")
        .unwrap();
    store.restore_snapshot("midway").unwrap();
    assert_eq!(
        Some(store.world().digest()),
        midway.digest,
        "a restore gives that snapshot's digest"
    );
    session(&mut store, 30, 600);
    let after = store.world().digest();
    assert_eq!(
        store.replay("start").unwrap().digest(),
        after,
        "replay crosses the restore"
    );
    store.wait_for_digests();
    let pre_restore = store
        .snapshots()
        .unwrap()
        .into_iter()
        .find(|s| s.kind == SnapshotKind::Automatic)
        .unwrap();
    assert_eq!(
        pre_restore.digest,
        Some(live),
        "the pre-restore snapshot holds the world before the restore"
    );
    drop(store);
    assert_eq!(open(&dir.path().join("world.redb")).world().digest(), after);
}

#[test]
fn a_snapshot_is_digested_from_its_rows_while_writes_go_on() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("world.redb");
    let mut store = open(&path);
    session(&mut store, 40, 0);
    let at_save = store.world().digest();
    let saved = store.save_snapshot("s").unwrap();
    assert_eq!(
        saved.digest, None,
        "taking a snapshot does not hash the world"
    );
    // Writes do not wait for the digest, and do not change it.
    session(&mut store, 40, 40);
    assert_ne!(store.world().digest(), at_save);
    store.wait_for_digests();
    let listed = store.snapshots().unwrap().remove(0);
    assert_eq!(listed.digest, Some(at_save.clone()));
    assert_eq!(
        store.replay("s").unwrap().digest(),
        store.world().digest(),
        "replay from the snapshot reaches the live world"
    );
    drop(store);
    assert_eq!(
        open(&path).snapshots().unwrap()[0].digest,
        Some(at_save),
        "the digest is stored"
    );
}

#[test]
fn snapshots_export_import_delete_and_automatic_retention() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = open(&dir.path().join("a.redb"));
    session(&mut store, 20, 0);
    store.save_snapshot("s1").unwrap();
    assert!(matches!(
        store.save_snapshot("s1"),
        Err(StoreError::SnapshotExists(_))
    ));
    store.wait_for_digests();
    let saved = store.snapshots().unwrap().remove(0);
    assert!(saved.digest.is_some());
    let file = store.export_snapshot("s1").unwrap();

    let mut other = open(&dir.path().join("b.redb"));
    let imported = other.import_snapshot(&file).unwrap();
    assert_eq!(imported.digest, saved.digest);
    other.restore_snapshot("s1").unwrap();
    assert_eq!(Some(other.world().digest()), saved.digest);

    for i in 0..8 {
        store.run(|world| step(world, 100 + i)).unwrap();
        store.save_automatic("pre-sweep").unwrap();
    }
    let automatic = store
        .snapshots()
        .unwrap()
        .into_iter()
        .filter(|s| s.kind == SnapshotKind::Automatic)
        .count();
    assert_eq!(automatic, 5);
    store.delete_snapshot("s1").unwrap();
    assert!(matches!(
        store.delete_snapshot("s1"),
        Err(StoreError::UnknownSnapshot(_))
    ));
    assert_eq!(
        store
            .snapshots()
            .unwrap()
            .iter()
            .filter(|s| s.kind == SnapshotKind::Named)
            .count(),
        0
    );
}

#[test]
fn bad_files_are_refused_with_a_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    let garbage = dir.path().join("garbage.redb");
    std::fs::write(
        &garbage,
        b"this is not a database at all, just some text bytes",
    )
    .unwrap();
    let error = Store::open(&garbage, options()).err().unwrap();
    assert!(
        error.to_string().starts_with(&format!(
            "{}: not a readable skillworld database",
            garbage.display()
        )),
        "{error}"
    );

    let path = dir.path().join("world.redb");
    let mut store = open(&path);
    session(&mut store, 10, 0);
    drop(store);
    let bytes = std::fs::read(&path).unwrap();
    let truncated = dir.path().join("truncated.redb");
    std::fs::write(&truncated, &bytes[..bytes.len() / 3]).unwrap();
    let result = Store::open(&truncated, options());
    assert!(result.is_err(), "a truncated database does not open");
    assert!(result.err().unwrap().to_string().contains("truncated.redb"));

    let newer = dir.path().join("newer.redb");
    let db = redb::Database::create(&newer).unwrap();
    let txn = db.begin_write().unwrap();
    txn.open_table(redb::TableDefinition::<&str, u64>::new("meta"))
        .unwrap()
        .insert("schema_version", 99)
        .unwrap();
    txn.commit().unwrap();
    drop(db);
    let error = Store::open(&newer, options()).err().unwrap();
    assert_eq!(
        error.to_string(),
        format!(
            "{}: schema version 99 is newer than this skillworld supports ({}); upgrade skillworld",
            newer.display(),
            skillworld_store::SCHEMA_VERSION
        )
    );
}

#[test]
fn a_database_in_use_is_refused_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("world.redb");
    let _holder = open(&path);
    let error = Store::open(&path, options()).err().unwrap();
    assert!(matches!(error, StoreError::InUse { .. }), "{error}");
    assert!(error.to_string().contains("in use by another process"));
}

#[test]
fn a_new_database_is_seeded() {
    let dir = tempfile::tempdir().unwrap();
    let mut seeded = options();
    seeded.seed = vec![(
        SkillDocument::new("skill-curation", "Curate.", "Body.\n"),
        vec![],
    )];
    let store = Store::open(&dir.path().join("world.redb"), seeded).unwrap();
    let listing = store.world().state();
    assert!(
        listing
            .entities
            .iter()
            .any(|e| e.record().title == "skill-curation")
    );
}

#[test]
fn shipped_skills_are_installed_upgraded_when_newer_and_local_edits_kept() {
    use skillworld_store::{Synced, shipped_commons, sync_shipped};
    let mut world = SkillWorld::new(skillworld_world::WorldSettings {
        clock: Clock::Simulated(Timestamp::from_millis(0)),
        platform: None,
    });
    let shipped = shipped_commons();
    let report = sync_shipped(&mut world, shipped.clone()).unwrap();
    assert!(
        report.iter().all(|r| matches!(r, Synced::Installed(_))),
        "{report:?}"
    );
    world
        .update(&Layer::Commons, "skill-curation", |d| {
            d.body.push_str("Local note.\n")
        })
        .unwrap();
    let report = sync_shipped(&mut world, shipped.clone()).unwrap();
    assert!(
        report.iter().all(|r| matches!(r, Synced::Kept(_))),
        "{report:?}"
    );
    assert!(
        world
            .skill_document(&Layer::Commons, "skill-curation")
            .unwrap()
            .body
            .ends_with("Local note.\n")
    );

    let mut newer = shipped;
    for (document, _) in &mut newer {
        document
            .skill
            .metadata
            .insert("version".into(), "9.0.0".into());
    }
    let report = sync_shipped(&mut world, newer).unwrap();
    assert!(report.iter().any(|r| matches!(r, Synced::Upgraded { name, to, .. } if name == "skill-curation" && to == "9.0.0")), "{report:?}");
    let revisions = world.revisions(&Layer::Commons, "skill-curation").unwrap();
    assert!(
        revisions.kept[0]
            .record
            .body()
            .unwrap()
            .ends_with("Local note.\n"),
        "the old copy is kept as a revision"
    );
}

#[test]
fn the_workspace_is_a_cache_synced_by_sha256_with_backfill_on_the_first_sync() {
    use skillworld_format::BundleFile;
    use skillworld_store::{layer_dir, sync_workspace};
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("workspace");
    let mut world = SkillWorld::new(skillworld_world::WorldSettings {
        clock: Clock::Simulated(Timestamp::from_millis(0)),
        platform: None,
    });
    world.add_agent("ada", None).unwrap();
    let files = vec![BundleFile {
        path: "scripts/run.sh".into(),
        bytes: b"echo hi\n".to_vec(),
        executable: true,
    }];
    world
        .install(
            &Layer::Commons,
            SkillDocument::new("tool", "A tool.", "Run it.\n"),
            files,
        )
        .unwrap();
    world
        .create(
            &Layer::Agent("ada".into()),
            SkillDocument::new("mine", "Mine.", "Body.\n"),
        )
        .unwrap();

    // Before the first sync, a file exists only on disk.
    let tool = layer_dir(&root, &Layer::Commons).join("tool");
    std::fs::create_dir_all(tool.join("references")).unwrap();
    std::fs::write(tool.join("references/notes.md"), "# Notes\n").unwrap();
    std::fs::write(tool.join("EXTRA.txt"), "not a bucket file").unwrap();
    let first = sync_workspace(&mut world, &root).unwrap();
    assert_eq!(first.backfilled, [tool.join("references/notes.md")]);
    assert_eq!(
        first.written.len(),
        3,
        "the backfilled file is already in place: {:?}",
        first.written
    );
    let (_, known) = world.skill_bundle_in(&Layer::Commons, "tool").unwrap();
    assert!(
        known.iter().any(|f| f.path == "references/notes.md"),
        "backfilled into the skill"
    );
    use std::os::unix::fs::PermissionsExt;
    assert_eq!(
        std::fs::metadata(tool.join("scripts/run.sh"))
            .unwrap()
            .permissions()
            .mode()
            & 0o111,
        0o111
    );
    assert!(
        layer_dir(&root, &Layer::Agent("ada".into()))
            .join("mine/SKILL.md")
            .exists()
    );

    // Later syncs write only what is missing or stale and delete nothing.
    std::fs::write(
        tool.join("references/later.md"),
        "disk only, after the first sync",
    )
    .unwrap();
    std::fs::remove_file(tool.join("scripts/run.sh")).unwrap();
    std::fs::write(tool.join("SKILL.md"), "edited on disk").unwrap();
    let second = sync_workspace(&mut world, &root).unwrap();
    assert!(second.backfilled.is_empty());
    let mut written = second.written.clone();
    written.sort();
    assert_eq!(
        written,
        [tool.join("SKILL.md"), tool.join("scripts/run.sh")]
    );
    assert!(
        tool.join("references/later.md").exists() && tool.join("EXTRA.txt").exists(),
        "extras stay"
    );
    assert_eq!(sync_workspace(&mut world, &root).unwrap().written.len(), 0);
}

#[test]
fn concurrent_writers_share_commits_and_every_write_is_acknowledged_durable() {
    use skillworld_store::Writer;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("world.redb");
    let (writer, thread) = Writer::spawn(open(&path));
    let handles: Vec<_> = (0..8)
        .map(|t| {
            let writer = writer.clone();
            std::thread::spawn(move || {
                for i in 0..25 {
                    let name = format!("w-{t}-{i}");
                    writer
                        .write(move |world| {
                            world
                                .create(&Layer::Commons, SkillDocument::new(name, "d", "b\n"))
                                .map(drop)
                        })
                        .unwrap()
                        .unwrap();
                }
            })
        })
        .collect();
    for handle in handles {
        handle.join().unwrap();
    }
    drop(writer);
    let store = thread.join();
    let digest = store.world().digest();
    drop(store);
    let reopened = open(&path);
    assert_eq!(reopened.world().digest(), digest);
    assert_eq!(
        reopened
            .world()
            .layer_skill_names(&Layer::Commons)
            .unwrap()
            .len(),
        200
    );
}

#[test]
fn deferred_writes_are_durable_when_acknowledged_and_keep_their_order() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("world.redb");
    let mut store = open(&path);
    store.group_commit();
    let (acks, acknowledged) = std::sync::mpsc::channel();
    store
        .run(|world| world.add_agent("ada", None))
        .unwrap()
        .unwrap();
    // Each deferred scope writes a skill, then patches the one before it:
    // replaying out of order would fail, and a missing ack would hang.
    for round in 0..200usize {
        let ack = acks.clone();
        store.defer(
            |store| {
                store
                    .run(|world| {
                        let layer = Layer::Agent("ada".into());
                        world.create(
                            &layer,
                            SkillDocument::new(format!("s{round}"), "A step.", "v0\n"),
                        )?;
                        if round > 0 {
                            world.update(&layer, &format!("s{}", round - 1), |d| {
                                d.body = format!("v{round}\n");
                            })?;
                        }
                        Ok::<(), skillworld_world::WorldError>(())
                    })
                    .unwrap()
                    .unwrap();
            },
            move |outcome| ack.send((round, outcome.is_ok())).unwrap(),
        );
    }
    // A snapshot and a compaction in the middle of deferred work see a
    // complete journal.
    store.save_snapshot("middle").unwrap();
    store.compact().unwrap();
    // Nothing written: acknowledged at once.
    let ack = acks.clone();
    store.defer(
        |_| (),
        move |outcome| ack.send((usize::MAX, outcome.is_ok())).unwrap(),
    );
    drop(acks);
    let digest = store.world().digest();
    drop(store);
    let mut seen: Vec<(usize, bool)> = acknowledged.iter().collect();
    seen.sort();
    assert_eq!(seen.len(), 201);
    assert!(seen.iter().all(|(_, ok)| *ok));
    let reopened = open(&path);
    assert_eq!(reopened.world().digest(), digest);
    assert_eq!(reopened.replay("middle").unwrap().digest(), digest);
}

#[test]
fn with_group_commit_the_committer_compacts_the_journal_behind_the_writes() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("world.redb");
    let mut store = open(&path);
    store.group_commit();
    let (acks, acknowledged) = std::sync::mpsc::channel();
    // 1,000 writes of 4 KB bodies: several times the journal that triggers
    // a compaction, each one in a deferred scope, committed and compacted
    // by the committer.
    let body = "A line of the skill's body.\n".repeat(150);
    for round in 0..1_000usize {
        let ack = acks.clone();
        let body = format!("{round}\n{body}");
        store.defer(
            |store| {
                store
                    .run(|world| {
                        let name = format!("s{}", round % 300);
                        match world.skill_document(&Layer::Commons, &name) {
                            Ok(_) => world
                                .update(&Layer::Commons, &name, |d| d.body = body)
                                .map(drop),
                            Err(_) => world
                                .create(&Layer::Commons, SkillDocument::new(name, "A step.", body))
                                .map(drop),
                        }
                    })
                    .unwrap()
                    .unwrap();
            },
            move |outcome| ack.send(outcome.is_ok()).unwrap(),
        );
    }
    drop(acks);
    let digest = store.world().digest();
    drop(store);
    let acks: Vec<bool> = acknowledged.iter().collect();
    assert_eq!(acks.len(), 1_000);
    assert!(acks.iter().all(|ok| *ok));
    let reopened = open(&path);
    assert_eq!(reopened.world().digest(), digest);
    let journal = reopened.journal_len().unwrap();
    assert!(
        journal < 700,
        "the committer compacts the journal: {journal} entries left"
    );
}
