//! The hooks a node of a shared store uses (STO-7): the entries a write
//! appends are tapped as whole journal entries, another store applying
//! them reaches the same world, records go where the host says, named
//! snapshots travel as shared entries, and a restore outside the shared
//! journal (or of an automatic snapshot) is refused while they do.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use skillworld_core::Timestamp;
use skillworld_format::SkillDocument;
use skillworld_store::{OpenOptions, RecordBackend, SharedState, Store, StoreError, Tapped};
use skillworld_world::{Clock, Layer};

fn open(dir: &std::path::Path, name: &str) -> Store {
    let options = OpenOptions {
        clock: Some(Clock::Simulated(Timestamp::from_millis(1_000_000))),
        platform: Some("linux".into()),
        ..OpenOptions::default()
    };
    Store::open(&dir.join(name), options).unwrap()
}

#[derive(Default)]
struct Memory(Mutex<BTreeMap<(String, String), Vec<u8>>>);

impl RecordBackend for Memory {
    fn put(&self, kind: &str, key: &str, value: &[u8]) -> Result<(), StoreError> {
        let mut records = self.0.lock().unwrap();
        records.insert((kind.into(), key.into()), value.to_vec());
        Ok(())
    }

    fn delete(&self, kind: &str, key: &str) -> Result<bool, StoreError> {
        Ok(self
            .0
            .lock()
            .unwrap()
            .remove(&(kind.into(), key.into()))
            .is_some())
    }

    fn list(&self, kind: &str) -> Result<Vec<(String, Vec<u8>)>, StoreError> {
        let records = self.0.lock().unwrap();
        Ok(records
            .iter()
            .filter(|((k, _), _)| k == kind)
            .map(|((_, key), value)| (key.clone(), value.clone()))
            .collect())
    }
}

#[test]
fn tapped_entries_rebuild_the_same_world_elsewhere() {
    let dir = tempfile::tempdir().unwrap();
    let mut origin = open(dir.path(), "origin.redb");
    let mut replica = open(dir.path(), "replica.redb");
    // Both start from one world, as nodes start from one checkpoint.
    origin.save_snapshot("start").unwrap();
    replica
        .import_snapshot(&origin.export_snapshot("start").unwrap())
        .unwrap();
    replica.restore_snapshot("start").unwrap();

    origin.start_tap();
    origin
        .run(|world| {
            world.add_agent("ada", None)?;
            world.create(
                &Layer::Commons,
                SkillDocument::new("greet", "Greets.", "Hi.\n"),
            )?;
            world.create(
                &Layer::Agent("ada".into()),
                SkillDocument::new("diary", "Private.", "Dear diary.\n"),
            )
        })
        .unwrap()
        .unwrap();
    let tapped = origin.take_tap();
    assert_eq!(tapped.len(), 3, "one entry per command");
    let digest = origin.world().digest();
    // Nothing is tapped once the tap is taken.
    origin
        .run(|world| world.create(&Layer::Commons, SkillDocument::new("late", "Late.", "x\n")))
        .unwrap()
        .unwrap();
    assert!(origin.take_tap().is_empty());

    for entry in &tapped {
        replica.apply_encoded(entry).unwrap();
    }
    assert_eq!(replica.world().digest(), digest);
    assert!(
        replica
            .world()
            .skill_document(&Layer::Commons, "late")
            .is_err(),
        "the untapped write stays on its node"
    );

    let broken = replica.apply_encoded(b"not an entry").unwrap_err();
    assert!(matches!(broken, StoreError::Decode { .. }), "{broken}");
}

#[test]
fn records_go_to_the_host_and_restores_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = open(dir.path(), "node.redb");
    store
        .put_record("tokens", "local", &"kept in the file")
        .unwrap();
    store.save_snapshot("before").unwrap();
    let memory = Arc::new(Memory::default());
    store.set_record_backend(memory.clone());
    store.put_record("tokens", "h1", &"shared").unwrap();
    let listed: Vec<(String, String)> = store.records("tokens").unwrap();
    assert_eq!(listed, vec![("h1".to_owned(), "shared".to_owned())]);
    assert!(store.delete_record("tokens", "h1").unwrap());
    assert!(memory.list("tokens").unwrap().is_empty());
    let refused = store.restore_snapshot("before").unwrap_err();
    assert!(
        refused.to_string().contains("shared (PostgreSQL) store"),
        "{refused}"
    );
}

/// Two stores on one starting world, both replicating.
fn pair(dir: &std::path::Path) -> (Store, Store) {
    let mut origin = open(dir, "origin.redb");
    let mut replica = open(dir, "replica.redb");
    origin.save_snapshot("start").unwrap();
    replica
        .import_snapshot(&origin.export_snapshot("start").unwrap())
        .unwrap();
    replica.restore_snapshot("start").unwrap();
    origin.set_record_backend(Arc::new(Memory::default()));
    replica.set_record_backend(Arc::new(Memory::default()));
    (origin, replica)
}

/// The named snapshots, once their digests are computed.
fn named(store: &mut Store) -> Vec<(String, Option<String>, Timestamp)> {
    store.wait_for_digests();
    store
        .snapshots()
        .unwrap()
        .into_iter()
        .filter(|s| s.kind == skillworld_store::SnapshotKind::Named)
        .map(|s| (s.name, s.digest, s.at))
        .collect()
}

fn create(store: &mut Store, name: &str) {
    store
        .run(|world| world.create(&Layer::Commons, SkillDocument::new(name, "A skill.", "x\n")))
        .unwrap()
        .unwrap();
}

#[test]
fn named_snapshots_and_their_restores_travel_as_shared_entries() {
    let dir = tempfile::tempdir().unwrap();
    let (mut origin, mut replica) = pair(dir.path());
    origin.start_tap();
    create(&mut origin, "keep");
    origin.save_snapshot("before").unwrap();
    create(&mut origin, "later");
    origin.restore_snapshot("before").unwrap();
    origin.save_snapshot("gone").unwrap();
    origin.delete_snapshot("gone").unwrap();
    let tapped = origin.take_tap();
    // keep, save, later, restore, save, delete: the restore's own entry
    // and the automatic pre-restore snapshot stay on the node.
    assert_eq!(tapped.len(), 6);

    for entry in &tapped {
        replica.apply_encoded(entry).unwrap();
    }
    assert_eq!(replica.world().digest(), origin.world().digest());
    assert!(
        replica
            .world()
            .skill_document(&Layer::Commons, "later")
            .is_err()
    );
    assert_eq!(named(&mut replica), named(&mut origin));
    assert_eq!(named(&mut replica).len(), 2, "start and before");

    // Outside a tapped write, and for an automatic snapshot, a restore
    // is refused while replicating.
    let outside = origin.restore_snapshot("before").unwrap_err();
    assert!(outside.to_string().contains("shared journal"), "{outside}");
    let automatic = origin
        .snapshots()
        .unwrap()
        .into_iter()
        .find(|s| s.kind != skillworld_store::SnapshotKind::Named)
        .expect("a pre-restore snapshot");
    origin.start_tap();
    let refused = origin.restore_snapshot(&automatic.name).unwrap_err();
    assert!(refused.to_string().contains("automatic"), "{refused}");
    assert!(origin.take_tap().is_empty());
}

/// The rows of `tapped` as the state tables would hold them after it
/// (the newest version of each id; a removal drops it).
fn tables_after(mut tables: SharedState, tapped: &Tapped) -> SharedState {
    let mut rows: BTreeMap<u64, Vec<u8>> = tables.rows.into_iter().collect();
    for change in &tapped.rows {
        match &change.row {
            Some(row) => rows.insert(change.id, row.clone()),
            None => rows.remove(&change.id),
        };
    }
    tables.rows = rows.into_iter().collect();
    tables.blobs.extend(tapped.blobs.iter().cloned());
    tables
}

fn tables_of(tapped: Tapped) -> SharedState {
    tables_after(SharedState::default(), &tapped)
}

/// A body long enough to be stored as a blob.
fn big_body() -> String {
    "A long body that is stored as a blob.\n".repeat(20)
}

/// Agent `ada` and a Commons skill `greet` whose body is `body`.
fn create_greet(origin: &mut Store, body: &str) {
    origin
        .run(|world| {
            world.add_agent("ada", None)?;
            world.create(
                &Layer::Commons,
                SkillDocument::new("greet", "Greets.", body),
            )
        })
        .unwrap()
        .unwrap();
}

#[test]
fn the_state_tables_rows_rebuild_the_world_and_writes_tap_their_rows() {
    let dir = tempfile::tempdir().unwrap();
    let mut origin = open(dir.path(), "origin.redb");
    let big = big_body();
    create_greet(&mut origin, &big);
    let tables = tables_of(origin.shared_state().unwrap());
    assert!(
        tables.rows.iter().any(|(id, _)| *id == 0),
        "the world's row"
    );
    assert!(!tables.blobs.is_empty(), "the big body is a blob");

    // A write taps its entries and, after them, the rows it changed.
    origin.start_tap();
    origin
        .run(|world| {
            world.create(
                &Layer::Agent("ada".into()),
                SkillDocument::new("diary", "Private.", &big),
            )
        })
        .unwrap()
        .unwrap();
    origin.save_snapshot("after-diary").unwrap();
    let tapped = origin.take_tapped();
    assert_eq!(tapped.entries.len(), 2, "the create and the snapshot");
    assert!(!tapped.rows.is_empty());
    assert!(tapped.rows.iter().all(|row| row.after == 1));
    assert_eq!(tapped.snapshots.len(), 1);
    assert_eq!(
        (tapped.snapshots[0].after, tapped.snapshots[0].name.as_str()),
        (2, "after-diary")
    );
    let tables = tables_after(tables, &tapped);

    // A fresh replica adopting the tables has the origin's world, and the
    // shared snapshots; one it had of its own that the tables lack goes.
    let mut replica = open(dir.path(), "replica.redb");
    replica.save_snapshot("mine").unwrap();
    replica.adopt_shared_state(tables.clone()).unwrap();
    assert_eq!(replica.world().digest(), origin.world().digest());
    let at = Timestamp::from_millis(5);
    replica
        .adopt_shared_snapshots(vec![("after-diary".into(), at, tables.clone())])
        .unwrap();
    let names: Vec<String> = replica
        .snapshots()
        .unwrap()
        .into_iter()
        .map(|s| s.name)
        .collect();
    assert_eq!(names, ["after-diary"]);
    let info = replica.snapshot_info("after-diary").unwrap();
    assert_eq!(info.at, at);
    assert_eq!(info.digest, Some(origin.world().digest()));
    // Saved again under the same name (at another time) while this replica
    // was away: its copy is replaced.
    let later = Timestamp::from_millis(6);
    let again = tables_of(origin.shared_state().unwrap());
    replica
        .adopt_shared_snapshots(vec![("after-diary".into(), later, again)])
        .unwrap();
    assert_eq!(replica.snapshot_info("after-diary").unwrap().at, later);
    // A row that refers to a blob the tables lack is refused, named.
    let mut broken = tables_of(origin.shared_state().unwrap());
    broken.blobs.clear();
    let refused = replica.adopt_shared_state(broken).unwrap_err();
    assert!(refused.to_string().contains("is missing"), "{refused}");
}

/// A body left in the store travels with its bytes (issue 19: a row refers
/// to it by key and the file is not asked for it): a reopened origin's
/// shared state rebuilds its world elsewhere, and a write over a body
/// nobody read taps the blob its row refers to.
#[test]
fn bodies_left_in_the_store_travel_with_the_shared_state_and_the_tap() {
    use sha2::{Digest, Sha256};
    let dir = tempfile::tempdir().unwrap();
    let big = big_body();
    let key: String = Sha256::digest(big.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    let mut origin = open(dir.path(), "origin.redb");
    create_greet(&mut origin, &big);
    drop(origin);

    // Opened again: the body is a handle until read.
    let mut origin = open(dir.path(), "origin.redb");
    let tables = tables_of(origin.shared_state().unwrap());
    assert!(tables.blobs.iter().any(|(hash, _)| *hash == key));
    origin.start_tap();
    origin
        .run(|world| world.archive(&Layer::Commons, "greet", false))
        .unwrap()
        .unwrap();
    let tapped = origin.take_tapped();
    assert!(
        tapped
            .blobs
            .iter()
            .any(|(hash, bytes)| *hash == key && bytes == big.as_bytes()),
        "the archived row's body goes with it"
    );
    let tables = tables_after(tables, &tapped);
    let mut replica = open(dir.path(), "replica.redb");
    replica.adopt_shared_state(tables).unwrap();
    assert_eq!(replica.world().digest(), origin.world().digest());
}
