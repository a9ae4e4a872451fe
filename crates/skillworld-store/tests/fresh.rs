//! A new database built unpublished (STO-6, issue 19): nothing at the
//! final path until it is published whole; published, it is an ordinary
//! database; never published, nothing is left; a database that appeared
//! at the path meanwhile is never replaced.

use std::path::Path;

use skillworld_core::Timestamp;
use skillworld_format::{BundleFile, SkillDocument};
use skillworld_store::{OpenOptions, Store, StoreError};
use skillworld_world::{Clock, Layer};

fn options() -> OpenOptions {
    OpenOptions {
        clock: Some(Clock::Simulated(Timestamp::from_millis(1_000))),
        seed: vec![(
            SkillDocument::new("seeded", "A seeded skill.", "Seeded.\n"),
            vec![],
        )],
        ..OpenOptions::default()
    }
}

/// Fills a store with skills, bodies and files big enough to grow the
/// file several times (each growth is an fsync on an ordinary file).
fn fill(store: &mut Store) {
    store
        .run(|world| {
            for i in 0..300 {
                let document = SkillDocument::new(
                    format!("skill-{i}"),
                    format!("Skill number {i}."),
                    format!("Step {i}.\n").repeat(200),
                );
                let files = vec![BundleFile {
                    path: "references/notes.md".into(),
                    bytes: format!("Note {i}.\n").repeat(500).into_bytes(),
                    executable: false,
                }];
                world.install(&Layer::Commons, document, files).unwrap();
            }
        })
        .unwrap();
}

fn others_in(dir: &Path, except: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p != except)
        .map(|p| p.display().to_string())
        .collect()
}

#[test]
fn a_published_database_is_an_ordinary_one_and_nothing_else_is_left() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("w.redb");
    let (mut store, unpublished) = Store::create_unpublished(&path, options()).unwrap();
    fill(&mut store);
    assert!(
        !path.exists(),
        "nothing at the final path before publishing"
    );
    let digest = store.world().digest();
    unpublished.publish(store).unwrap();
    assert!(path.exists());
    assert_eq!(others_in(dir.path(), &path), Vec::<String>::new());
    let reopened = Store::open(&path, options()).unwrap();
    assert_eq!(reopened.world().digest(), digest);
    let names = reopened.world().layer_skill_names(&Layer::Commons).unwrap();
    assert_eq!(names.len(), 301, "the seed and every installed skill");
}

#[test]
fn a_database_never_published_leaves_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("w.redb");
    let (mut store, unpublished) = Store::create_unpublished(&path, options()).unwrap();
    fill(&mut store);
    drop(store);
    drop(unpublished);
    assert!(!path.exists());
    assert_eq!(others_in(dir.path(), &path), Vec::<String>::new());
}

#[test]
fn a_database_that_appeared_meanwhile_is_not_replaced() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("w.redb");
    let (mut store, unpublished) = Store::create_unpublished(&path, options()).unwrap();
    fill(&mut store);
    // Another process creates the database at the path meanwhile.
    let other = Store::open(&path, options()).unwrap();
    let other_digest = other.world().digest();
    drop(other);
    let error = unpublished.publish(store).unwrap_err();
    assert!(
        matches!(&error, StoreError::Commit(message) if message.contains("could not publish")),
        "{error}"
    );
    let kept = Store::open(&path, options()).unwrap();
    assert_eq!(kept.world().digest(), other_digest);
    assert_eq!(others_in(dir.path(), &path), Vec::<String>::new());
}
