//! A schema-1 file written by the previous layout's code opens with
//! today's: migrated on open, a copy kept, the same world and snapshots.

use skillworld_core::Timestamp;
use skillworld_core::{ResourceBody, SkillResource};
use skillworld_store::{OpenOptions, SCHEMA_VERSION, SnapshotKind, Store, pre_migration_copy};
use skillworld_world::{Clock, Layer};

const FIXTURE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/world-v1.redb");
/// `skillworld digest` on the fixture, by the code that wrote it.
const DIGEST: &str = "56173ad366030f022e73ecd7261841a9aa15cbe009a3c7136b27da155c420d45";

fn open(path: &std::path::Path) -> Store {
    Store::open(
        path,
        OpenOptions {
            clock: Some(Clock::Simulated(Timestamp::from_millis(1_793_527_800_000))),
            ..OpenOptions::default()
        },
    )
    .unwrap_or_else(|error| panic!("the fixture does not open: {error}"))
}

#[test]
fn a_schema_1_file_migrates_on_open_with_a_copy_kept_and_the_same_world() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("world.redb");
    std::fs::copy(FIXTURE, &path).unwrap();

    let mut store = open(&path);
    store.wait_for_digests();
    assert_eq!(digest_before_trust(&store), DIGEST);
    assert!(
        every_skill_has_trust(&store),
        "GOV-2's levels are migrated in on open"
    );
    assert_eq!(files_name_their_skill(&store), 1, "tooly's script");
    assert_eq!(
        schema_of(&pre_migration_copy(&path)),
        1,
        "the copy is the old file"
    );

    // Contents: agents, imported and created skills, files, lessons.
    let mut listed = |agent: &str| -> Vec<String> {
        store
            .run(|world| world.list(agent, &Default::default()))
            .unwrap()
            .unwrap()
            .items
            .into_iter()
            .map(|item| item.name)
            .collect()
    };
    let ada = listed("ada");
    for name in [
        "commit-message",
        "csv-summary",
        "release-notes",
        "notes",
        "tooly",
    ] {
        assert!(ada.contains(&name.to_owned()), "{name} in {ada:?}");
    }
    let bob = listed("bob");
    assert!(bob.contains(&"after".to_owned()), "{bob:?}");
    assert!(
        !bob.contains(&"bobs".to_owned()),
        "the restore undid bobs: {bob:?}"
    );
    let ada_layer = Layer::Agent("ada".into());
    let (_, files) = store
        .run(|world| world.bundle(&ada_layer, "tooly"))
        .unwrap()
        .unwrap();
    assert!(
        files.iter().any(|f| f.path == "scripts/count.sh"),
        "{files:?}"
    );
    let notes = store.world().skill_document(&ada_layer, "notes").unwrap();
    assert_eq!(
        notes.body, "Write short notes.\n",
        "the patch was restored away"
    );

    // Snapshots keep their names, kinds and digests, and replay.
    let snapshots = store.snapshots().unwrap();
    let names: Vec<(&str, SnapshotKind)> = snapshots
        .iter()
        .map(|s| (s.name.as_str(), s.kind))
        .collect();
    assert_eq!(
        names,
        [
            ("before-edit", SnapshotKind::Named),
            ("pre-restore-14", SnapshotKind::Automatic)
        ]
    );
    let before_edit = store.snapshot("before-edit").unwrap().state;
    assert_eq!(
        snapshots[0].digest.as_deref().unwrap(),
        before_edit.digest(),
        "a whole snapshot's digest is computed again over its owned files"
    );
    assert_eq!(
        as_written(before_edit).digest(),
        "94d2302840464c21e6c531fc8fb8228755ed09785b2dcc2c110eea5dcfd1467a"
    );
    let live = store.world().digest();
    for snapshot in &snapshots {
        assert_eq!(store.replay(&snapshot.name).unwrap().digest(), live);
    }

    writes_and_reopens(store, &path, "before-edit", "x\n");
}

/// The migrated file takes a write and opens again as this schema, and
/// replaying from `snapshot` still gives the live world.
fn writes_and_reopens(mut store: Store, path: &std::path::Path, snapshot: &str, body: &str) {
    store
        .run(|w| {
            w.create(
                &Layer::Commons,
                skillworld_format::SkillDocument::new("later", "Made after the migration.", body),
            )
        })
        .unwrap()
        .unwrap();
    let digest = store.world().digest();
    drop(store);
    let reopened = open(path);
    assert_eq!(reopened.world().digest(), digest);
    assert_eq!(reopened.replay(snapshot).unwrap().digest(), digest);
    drop(reopened);
    assert_eq!(schema_of(path), SCHEMA_VERSION);
}

fn schema_of(path: &std::path::Path) -> u64 {
    let db = redb::Database::open(path).unwrap();
    let txn = redb::ReadableDatabase::begin_read(&db).unwrap();
    let meta = txn
        .open_table(redb::TableDefinition::<&str, u64>::new("meta"))
        .unwrap();
    meta.get("schema_version").unwrap().unwrap().value()
}

/// The world's digest without GOV-2's trust levels, which opening adds to
/// every skill of a file written before them, and as written (see
/// [`as_written`]): all else is unchanged.
fn digest_before_trust(store: &Store) -> String {
    let mut state = as_written(store.world().state());
    for entity in &mut state.entities {
        if let skillworld_world::EntityState::Skill(skill) = entity {
            skill.skill.trust = None;
        }
    }
    state.digest()
}

/// A world of the schema 1–4 fixtures as the code that wrote them saw it:
/// every bundle file of theirs came with a new skill, so it carried
/// `StableId(0)` for its skill's id until schema 6 gave it the real one.
fn as_written(mut state: skillworld_world::WorldState) -> skillworld_world::WorldState {
    for entity in &mut state.entities {
        if let skillworld_world::EntityState::Resource { resource, .. } = entity {
            resource.skill_id = skillworld_core::StableId(0);
        }
    }
    state
}

/// Whether every bundle file of the live world names the skill whose
/// resource list holds it; how many files there are.
fn files_name_their_skill(store: &Store) -> usize {
    let state = store.world().state();
    let mut owners = std::collections::HashMap::new();
    for entity in &state.entities {
        if let skillworld_world::EntityState::Skill(skill) = entity {
            for file in &skill.skill.resources {
                owners.insert(file.entity_id, skill.record.id);
            }
        }
    }
    let mut files = 0;
    for entity in &state.entities {
        if let skillworld_world::EntityState::Resource {
            record, resource, ..
        } = entity
        {
            assert_eq!(
                Some(&resource.skill_id),
                owners.get(&record.id),
                "{} names another skill",
                resource.path
            );
            files += 1;
        }
    }
    files
}

fn every_skill_has_trust(store: &Store) -> bool {
    store
        .world()
        .state()
        .entities
        .iter()
        .all(|entity| match entity {
            skillworld_world::EntityState::Skill(skill) => skill.skill.trust.is_some(),
            _ => true,
        })
}

const FIXTURE_V2: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/world-v2.redb");

#[test]
fn a_schema_2_file_is_packed_on_open_with_a_copy_kept_and_the_same_world() {
    the_v2_fixture_s_world_after_migrating(FIXTURE_V2, 2);
}

/// The schema-2 fixture migrated to schema 3 by main's binary at 792146b
/// (`skillworld digest` on a copy of `world-v2.redb`; see the README).
const FIXTURE_V3: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/world-v3.redb");

#[test]
fn a_schema_3_file_s_text_files_move_into_blobs_on_open_with_a_copy_kept_and_the_same_world() {
    the_v2_fixture_s_world_after_migrating(FIXTURE_V3, 3);
}

/// The schema-3 fixture migrated to schema 4 by main's binary at 68cee9c
/// (`skillworld digest` on a copy of `world-v3.redb`; see the README): its
/// entity rows' fields are JSON, re-encoded in the binary form on open.
const FIXTURE_V4: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/world-v4.redb");

#[test]
fn a_schema_4_file_s_rows_are_re_encoded_on_open_with_a_copy_kept_and_the_same_world() {
    the_v2_fixture_s_world_after_migrating(FIXTURE_V4, 4);
}

/// The text files a world holds as handles onto the store: (path, read
/// yet).
fn stored_files(store: &Store) -> Vec<(String, bool)> {
    let world = store.world().world();
    let mut query = world.try_query::<&SkillResource>().unwrap();
    let mut out: Vec<(String, bool)> = query
        .iter(world)
        .filter_map(|r| match &r.body {
            ResourceBody::Text(text) if text.stored_sha256().is_some() => {
                Some((r.path.clone(), text.is_in_memory()))
            }
            _ => None,
        })
        .collect();
    out.sort();
    out
}

/// Opens a copy of `fixture` (the schema-2 fixture's world, written in
/// schema `schema`) and checks the migrated world against what the code
/// that wrote the fixture saw.
fn the_v2_fixture_s_world_after_migrating(fixture: &str, schema: u64) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("world.redb");
    std::fs::copy(fixture, &path).unwrap();

    let mut store = open(&path);
    store.wait_for_digests();
    // Long text files are left in the file (issue 19): the shared 2.7 KB
    // reference of two skills; the short script stays in its row.
    assert_eq!(
        stored_files(&store),
        [
            ("references/shared.md".to_owned(), false),
            ("references/shared.md".to_owned(), false)
        ]
    );
    // `skillworld digest` on the fixture, by the code that wrote it.
    assert_eq!(
        as_written(store.world().state()).digest(),
        "58ef578188b1dccd653588e4b031f1de4dc41e9a95f2811108eb8efb5c7b023b"
    );
    assert_eq!(files_name_their_skill(&store), 4);
    assert_eq!(schema_of(&pre_migration_copy(&path)), schema);

    // Blobs: a shared reference file, a binary asset, bodies.
    let ada = Layer::Agent("ada".into());
    let file = |store: &mut Store, skill: &str, file: &str| {
        let (_, files) = store
            .run(|world| world.bundle(&ada, skill))
            .unwrap()
            .unwrap();
        files
            .into_iter()
            .find(|f| f.path == file)
            .unwrap_or_else(|| panic!("{skill} has no {file}"))
            .bytes
    };
    let shared = file(&mut store, "tooly", "references/shared.md");
    assert_eq!(shared.len(), 2711);
    assert!(shared.starts_with(b"Shared reference line 1:"));
    assert_eq!(file(&mut store, "other", "references/shared.md"), shared);
    assert_eq!(file(&mut store, "assetful", "assets/icon.bin").len(), 700);
    let notes = store.world().skill_document(&ada, "notes").unwrap();
    assert!(
        notes.body.contains("Step 1: do the notes thing"),
        "the patch was restored away: {}",
        notes.body
    );

    // Snapshots keep their names, kinds, positions and digests, and replay.
    let snapshots = store.snapshots().unwrap();
    let listed: Vec<(&str, SnapshotKind, u64)> = snapshots
        .iter()
        .map(|s| (s.name.as_str(), s.kind, s.seq))
        .collect();
    assert_eq!(
        listed,
        [
            ("before-edit", SnapshotKind::Named, 12),
            ("pre-restore-15", SnapshotKind::Automatic, 15),
            ("at-end", SnapshotKind::Named, 17),
        ]
    );
    let before_edit = store.snapshot("before-edit").unwrap().state;
    assert_eq!(
        as_written(before_edit.clone()).digest(),
        "fc52055abca4a5159c0196d02a8b8ed5a44093168c2a09cf099bfdcc08754cc9",
        "a snapshot's rows read back as they were, but for their files' owners"
    );
    assert_eq!(
        snapshots[0].digest.as_deref().unwrap(),
        before_edit.digest(),
        "a snapshot's digest is computed again over its rewritten rows"
    );
    let live = store.world().digest();
    for snapshot in &snapshots {
        assert_eq!(store.replay(&snapshot.name).unwrap().digest(), live);
    }

    // A body long enough to be a blob.
    let body = "A body long enough to be a blob. ".repeat(20);
    writes_and_reopens(store, &path, "before-edit", &body);
}

/// A schema-5 file written by main's binary at 77a270d8 (see the README):
/// the bundle files of its new skills carry `StableId(0)` for their
/// skill's id, a reinstall's new file the real one.
const FIXTURE_V5: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/world-v5.redb");
/// `skillworld digest` on the fixture, by the code that wrote it, and its
/// snapshot `before-later`'s recorded digest.
const DIGEST_V5: &str = "08c603cc0f62044d95c7ee37bd2c15de265cc64ae22b147dedaf22e7dfcaa847";
const BEFORE_LATER_V5: &str = "2a02c0430d53ce52bb03ed43815a2f1ab905027f6d4c5537bf34bde4d6bbffb3";

#[test]
fn a_schema_5_file_s_bundle_files_name_their_skill_after_open_and_replay_gives_the_live_digest() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("world.redb");
    std::fs::copy(FIXTURE_V5, &path).unwrap();

    let mut store = open(&path);
    store.wait_for_digests();
    assert_eq!(schema_of(&pre_migration_copy(&path)), 5);
    // tooly (a script, two references, one of them added by a reinstall),
    // helper (a script, a reference), later (a script).
    assert_eq!(files_name_their_skill(&store), 6);
    let live = store.world().digest();
    assert_ne!(live, DIGEST_V5, "the owners' ids are in the digest");

    let ada = Layer::Agent("ada".into());
    let (_, files) = store
        .run(|world| world.bundle(&ada, "tooly"))
        .unwrap()
        .unwrap();
    let paths: Vec<&str> = files.iter().map(|f| f.path.as_str()).collect();
    assert_eq!(
        paths,
        [
            "references/guide.md",
            "references/more.md",
            "scripts/count.sh"
        ]
    );
    let guide = &files[0].bytes;
    assert!(guide.starts_with(b"Guide line 1:") && guide.len() > 256);

    // The snapshot before `later` was imported: its rows are rewritten,
    // its digest computed again, and replaying the journal after it under
    // today's code gives the live world.
    let snapshots = store.snapshots().unwrap();
    assert_eq!(snapshots.len(), 1);
    let before = store.snapshot("before-later").unwrap().state;
    let digest = snapshots[0].digest.as_deref().unwrap();
    assert_eq!(digest, before.digest());
    assert_ne!(digest, BEFORE_LATER_V5);
    assert_eq!(store.replay("before-later").unwrap().digest(), live);

    writes_and_reopens(store, &path, "before-later", "x\n");
}
