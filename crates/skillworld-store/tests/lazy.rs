//! Bodies and long text files stay in the store until read (issue 19):
//! opening a world reads no skill body and no such file; a load, a view, a ranked catalog and a digest read them
//! through their handles and see exactly what was written; a body whose
//! blob is gone is an error naming the skill and the hash, never an empty
//! body and never a panic.

use redb::{Database, ReadableDatabase, ReadableTable, TableDefinition};
use sha2::{Digest, Sha256};
use skillworld_core::{
    Body, EntityRecord, PrimaryComponent, ResourceBody, SkillResource, Timestamp,
};
use skillworld_format::SkillDocument;
use skillworld_store::{OpenOptions, Store};
use skillworld_world::{CatalogRequest, Clock, Layer, LoadRequest, SkillWorld, WorldError};

const BLOBS: TableDefinition<&[u8], &[u8]> = TableDefinition::new("blobs");

fn options() -> OpenOptions {
    OpenOptions {
        clock: Some(Clock::Simulated(Timestamp::from_millis(1_000_000))),
        platform: Some("linux".into()),
        ..OpenOptions::default()
    }
}

/// Skill `i`'s body: long enough to be stored as a blob, with a heading
/// only skill 2 has.
fn body(i: usize) -> String {
    let heading = if i == 2 {
        "## Zanzibar ferries\n"
    } else {
        "## Usage\n"
    };
    format!(
        "# Skill {i}\n{heading}{}",
        format!("Line {i} of the body.\n").repeat(30)
    )
}

fn build(path: &std::path::Path) -> String {
    let mut store = Store::open(path, options()).unwrap();
    store
        .run(|world| {
            world.add_agent("ada", None).unwrap();
            for i in 1..=3 {
                let document =
                    SkillDocument::new(format!("skill-{i}"), format!("Skill number {i}."), body(i));
                world.create(&Layer::Commons, document).unwrap();
            }
            world.digest()
        })
        .unwrap()
}

/// The values of component `C` still or once in the store, as (name,
/// read yet), sorted.
fn stored<C: bevy_ecs::component::Component>(
    world: &SkillWorld,
    handle: impl Fn(&C) -> Option<(String, &Body)>,
) -> Vec<(String, bool)> {
    let world = world.world();
    let mut query = world.try_query::<&C>().unwrap();
    let mut out: Vec<(String, bool)> = query
        .iter(world)
        .filter_map(handle)
        .filter(|(_, body)| body.stored_sha256().is_some())
        .map(|(name, body)| (name, body.is_in_memory()))
        .collect();
    out.sort();
    out
}

/// The stored bodies of the world's skills: (name, read yet).
fn stored_bodies(world: &SkillWorld) -> Vec<(String, bool)> {
    stored(world, |r: &EntityRecord| {
        (r.primary == PrimaryComponent::Skill).then(|| (r.title.clone(), &r.content))
    })
}

fn load(world: &mut SkillWorld, name: &str) -> Result<String, WorldError> {
    world
        .load(
            "ada",
            LoadRequest {
                name,
                ..LoadRequest::default()
            },
        )
        .map(|loaded| loaded.text)
}

#[test]
fn an_opened_world_reads_each_body_only_when_it_is_used() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("world.redb");
    let digest = build(&path);
    let opened = Store::open(&path, options()).unwrap();
    assert_eq!(
        opened.world().digest(),
        digest,
        "the digest reads through the handles"
    );
    drop(opened);
    let mut store = Store::open(&path, options()).unwrap();
    let unread = |names: &[&str]| -> Vec<(String, bool)> {
        (1..=3)
            .map(|i| format!("skill-{i}"))
            .map(|n| (n.clone(), !names.contains(&n.as_str())))
            .collect()
    };
    assert_eq!(
        stored_bodies(store.world()),
        unread(&["skill-1", "skill-2", "skill-3"])
    );

    let text = store.run(|world| load(world, "skill-3")).unwrap().unwrap();
    assert!(text.starts_with(&body(3)), "{text}");
    assert_eq!(
        stored_bodies(store.world()),
        unread(&["skill-1", "skill-2"])
    );

    // The first ranked catalog builds the term index from every body's
    // headings, and keeps none of them in memory.
    let request = CatalogRequest {
        query: Some("zanzibar ferries".into()),
        ..CatalogRequest::default()
    };
    let catalog = store
        .run(|world| world.catalog("ada", &request))
        .unwrap()
        .unwrap();
    let at = |name: &str| catalog.find(name).unwrap_or(usize::MAX);
    assert!(
        at("skill-2") < at("skill-1"),
        "ranked by the body's heading: {catalog}"
    );
    assert_eq!(
        stored_bodies(store.world()),
        unread(&["skill-1", "skill-2"])
    );

    let view = store
        .world()
        .skill_document(&Layer::Commons, "skill-1")
        .unwrap();
    assert_eq!(view.body, body(1));

    // A write over a body never read keeps it; the file reopens the same.
    store
        .run(|world| {
            world.update(&Layer::Commons, "skill-2", |d| {
                d.description = "New.".into()
            })
        })
        .unwrap()
        .unwrap();
    let after = store.world().digest();
    drop(store);
    let reopened = Store::open(&path, options()).unwrap();
    assert_eq!(reopened.world().digest(), after);
    let view = reopened
        .world()
        .skill_document(&Layer::Commons, "skill-2")
        .unwrap();
    assert_eq!((view.description.as_str(), view.body), ("New.", body(2)));
}

#[test]
fn a_body_whose_blob_is_gone_is_an_error_naming_the_skill_and_the_hash() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("world.redb");
    build(&path);
    let hash = Sha256::digest(body(1).as_bytes());
    {
        let db = Database::open(&path).unwrap();
        let txn = db.begin_write().unwrap();
        {
            let mut blobs = txn.open_table(BLOBS).unwrap();
            let removed = blobs.remove(hash.as_slice()).unwrap();
            assert!(removed.is_some(), "skill-1's body is a blob");
        }
        txn.commit().unwrap();
    }
    let hex: String = hash.iter().map(|b| format!("{b:02x}")).collect();
    // The open reads no body, so it succeeds; the other skills are served.
    let mut store = Store::open(&path, options()).unwrap();
    assert!(store.run(|world| load(world, "skill-2")).unwrap().is_ok());

    let error = store
        .run(|world| load(world, "skill-1"))
        .unwrap()
        .unwrap_err();
    let WorldError::Body(body_error) = &error else {
        panic!("not a body error: {error}");
    };
    assert_eq!(
        (body_error.entity.as_str(), body_error.sha256.as_str()),
        ("skill-1", hex.as_str())
    );
    assert!(error.to_string().contains("skill-1") && error.to_string().contains(&hex));

    let view = store.world().skill_document(&Layer::Commons, "skill-1");
    assert!(matches!(view, Err(WorldError::Body(_))), "{view:?}");
    // An edit needs the body (it is rescanned): refused, nothing written.
    let edit = store
        .run(|world| world.update(&Layer::Commons, "skill-1", |d| d.description = "x".into()))
        .unwrap();
    assert!(matches!(edit, Err(WorldError::Body(_))), "{edit:?}");
    let digest = store.world().try_digest().unwrap_err().to_string();
    assert!(
        digest.contains("skill-1") && digest.contains(&hex),
        "{digest}"
    );
}

/// A long script and a short one, each a text bundle file.
fn script(long: bool) -> String {
    if long {
        format!("#!/bin/sh\n{}", "echo 'a line of the script'\n".repeat(40))
    } else {
        "#!/bin/sh\necho short\n".to_owned()
    }
}

/// Skill `tooly` with a long and a short script; the world's digest.
fn build_with_files(path: &std::path::Path) -> String {
    let mut store = Store::open(path, options()).unwrap();
    store
        .run(|world| {
            world.add_agent("ada", None).unwrap();
            let files = [("scripts/long.sh", true), ("scripts/short.sh", false)]
                .map(|(path, long)| skillworld_format::BundleFile {
                    path: path.into(),
                    bytes: script(long).into_bytes(),
                    executable: true,
                })
                .to_vec();
            let document = SkillDocument::new("tooly", "Runs scripts.", body(1));
            world.install(&Layer::Commons, document, files).unwrap();
            world.digest()
        })
        .unwrap()
}

/// The text files of the world: (path, read yet), long ones only (short
/// texts stay in their rows).
fn stored_files(world: &SkillWorld) -> Vec<(String, bool)> {
    stored(world, |r: &SkillResource| match &r.body {
        ResourceBody::Text(text) => Some((r.path.clone(), text)),
        _ => None,
    })
}

fn load_file(world: &mut SkillWorld, path: &str) -> Result<String, WorldError> {
    world
        .load(
            "ada",
            LoadRequest {
                name: "tooly",
                file: Some(path),
                ..LoadRequest::default()
            },
        )
        .map(|loaded| loaded.text)
}

#[test]
fn an_opened_world_leaves_long_text_files_in_the_store_until_read() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("world.redb");
    let digest = build_with_files(&path);
    let mut store = Store::open(&path, options()).unwrap();
    assert_eq!(
        stored_files(store.world()),
        [("scripts/long.sh".to_owned(), false)],
        "the long script is left in the file; the short one is in its row"
    );
    let long = store
        .run(|world| load_file(world, "scripts/long.sh"))
        .unwrap()
        .unwrap();
    assert!(long.starts_with(&script(true)), "{long}");
    let short = store
        .run(|world| load_file(world, "scripts/short.sh"))
        .unwrap()
        .unwrap();
    assert!(short.starts_with(&script(false)), "{short}");
    assert_eq!(
        stored_files(store.world()),
        [("scripts/long.sh".to_owned(), true)]
    );

    // An edit of the skill keeps its files; the digest reads through the
    // handles; the file reopens the same.
    store
        .run(|world| {
            world.update(&Layer::Commons, "tooly", |d| {
                d.description = "Runs two scripts.".into()
            })
        })
        .unwrap()
        .unwrap();
    let after = store.world().digest();
    assert_ne!(after, digest);
    drop(store);
    let mut reopened = Store::open(&path, options()).unwrap();
    assert_eq!(reopened.world().digest(), after);
    let (_, files) = reopened
        .run(|world| world.bundle(&Layer::Commons, "tooly"))
        .unwrap()
        .unwrap();
    let bytes: Vec<(&str, Vec<u8>)> = files
        .iter()
        .map(|f| (f.path.as_str(), f.bytes.clone()))
        .collect();
    assert_eq!(
        bytes,
        [
            ("scripts/long.sh", script(true).into_bytes()),
            ("scripts/short.sh", script(false).into_bytes())
        ]
    );
}

#[test]
fn a_text_file_whose_blob_is_gone_is_an_error_naming_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("world.redb");
    build_with_files(&path);
    let hash = Sha256::digest(script(true).as_bytes());
    {
        let db = Database::open(&path).unwrap();
        let txn = db.begin_write().unwrap();
        {
            let mut blobs = txn.open_table(BLOBS).unwrap();
            let removed = blobs.remove(hash.as_slice()).unwrap();
            assert!(removed.is_some(), "the long script is a blob");
        }
        txn.commit().unwrap();
    }
    let mut store = Store::open(&path, options()).unwrap();
    assert!(store.run(|w| load(w, "tooly")).unwrap().is_ok());
    assert!(
        store
            .run(|w| load_file(w, "scripts/short.sh"))
            .unwrap()
            .is_ok()
    );
    let error = store
        .run(|w| load_file(w, "scripts/long.sh"))
        .unwrap()
        .unwrap_err();
    let WorldError::Body(file_error) = &error else {
        panic!("not a body error: {error}");
    };
    assert_eq!(file_error.entity, "scripts/long.sh");
    // Exporting the bundle needs every file: refused, not a short bundle.
    let export = store
        .run(|world| world.bundle(&Layer::Commons, "tooly"))
        .unwrap();
    assert!(matches!(export, Err(WorldError::Body(_))), "{export:?}");
}

/// A row written over a body nobody read refers to its blob by key: the
/// curator archiving and restoring a skill, and a re-import of the same
/// folder, read no body (issue 19), and the file reopens the same.
#[test]
fn writes_that_leave_a_body_as_it_is_do_not_read_it() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("world.redb");
    build(&path);
    let mut store = Store::open(&path, options()).unwrap();
    let all_unread = stored_bodies(store.world());
    assert!(all_unread.iter().all(|(_, read)| !read), "{all_unread:?}");

    store
        .run(|world| world.archive(&Layer::Commons, "skill-1", false))
        .unwrap()
        .unwrap();
    store
        .run(|world| world.restore(&Layer::Commons, "skill-1"))
        .unwrap()
        .unwrap();
    assert_eq!(
        stored_bodies(store.world()),
        all_unread,
        "archived and restored without reading the body"
    );
    let after = store.world().digest();
    drop(store);
    let reopened = Store::open(&path, options()).unwrap();
    assert_eq!(reopened.world().digest(), after);
    let view = reopened
        .world()
        .skill_document(&Layer::Commons, "skill-1")
        .unwrap();
    assert_eq!(view.body, body(1));
}

/// A blob is filed under its bytes' SHA-256 whichever way they came: a
/// skill's body, which the store hashes, and a bundle file, whose hash
/// the install brings with it (issue 19) — taken by a bulk import's
/// reader ahead of the install, or hashed by the install itself.
#[test]
fn every_blob_is_keyed_by_its_sha256_whether_its_hash_came_with_it_or_not() {
    let guide = format!("# Guide\n{}", "A line of the guide.\n".repeat(30));
    for ahead in [true, false] {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("world.redb");
        let mut store = Store::open(&path, options()).unwrap();
        store
            .run(|world| {
                let files = [
                    ("scripts/long.sh", script(true)),
                    ("scripts/short.sh", script(false)),
                    ("references/guide.md", guide.clone()),
                ]
                .map(|(path, text)| skillworld_format::BundleFile {
                    path: path.into(),
                    bytes: text.into_bytes(),
                    executable: false,
                })
                .to_vec();
                let document = SkillDocument::new("tooly", "Runs scripts.", body(1));
                if ahead {
                    let prescan = skillworld_world::prescan(&document, files);
                    let rules = skillworld_world::InstallRules {
                        on_collision: skillworld_world::OnCollision::Refuse,
                        force_prune: false,
                    };
                    world
                        .install_prescanned(&Layer::Commons, document, prescan, None, rules)
                        .map(drop)
                } else {
                    world.install(&Layer::Commons, document, files).map(drop)
                }
            })
            .unwrap()
            .unwrap();
        drop(store);
        let db = Database::open(&path).unwrap();
        let txn = db.begin_read().unwrap();
        let blobs = txn.open_table(BLOBS).unwrap();
        let mut keys: Vec<Vec<u8>> = blobs
            .iter()
            .unwrap()
            .map(|entry| entry.unwrap().0.value().to_vec())
            .collect();
        keys.sort();
        let mut expected: Vec<Vec<u8>> = [body(1), script(true), guide.clone()]
            .iter()
            .map(|text| Sha256::digest(text.as_bytes()).to_vec())
            .collect();
        expected.sort();
        assert_eq!(keys, expected, "read ahead: {ahead}");
    }
}
