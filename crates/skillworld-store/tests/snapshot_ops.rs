//! STO-3 / issue 16 point 6: no sequence of snapshot operations leaves a
//! database that fails to open. Random sequences of writes, saves,
//! restores, deletes (reusing names), checkpoints and reopenings; every
//! reopening opens and comes back to the world as it was left.

use std::path::Path;

use proptest::prelude::*;
use skillworld_core::Timestamp;
use skillworld_format::SkillDocument;
use skillworld_store::{OpenOptions, Store};
use skillworld_world::{Clock, Layer};

#[derive(Clone, Debug)]
enum Op {
    Write(u8),
    Save(u8),
    Restore(u8),
    RestoreAutomatic(u8),
    Delete(u8),
    Checkpoint,
    Reopen,
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        3 => (0u8..20).prop_map(Op::Write),
        2 => (0u8..3).prop_map(Op::Save),
        2 => (0u8..3).prop_map(Op::Restore),
        1 => (0u8..8).prop_map(Op::RestoreAutomatic),
        2 => (0u8..3).prop_map(Op::Delete),
        1 => Just(Op::Checkpoint),
        1 => Just(Op::Reopen),
    ]
}

fn open(path: &Path) -> Store {
    Store::open(
        path,
        OpenOptions {
            clock: Some(Clock::Simulated(Timestamp::from_millis(0))),
            platform: Some("linux".into()),
            seed: vec![],
            journal_limit: Some(20_000),
            cache_bytes: None,
        },
    )
    .unwrap_or_else(|error| panic!("the database does not open: {error}"))
}

/// Applies `op`; refusals (an unknown or existing name) change nothing.
fn apply(store: &mut Store, op: &Op) {
    match op {
        Op::Write(n) => {
            let name = format!("note-{n}");
            store
                .run(|world| {
                    let document = SkillDocument::new(name.clone(), "A note.", "Body.\n");
                    if world.create(&Layer::Commons, document).is_err() {
                        let _ = world.update(&Layer::Commons, &name, |d| d.body.push('+'));
                    }
                })
                .unwrap();
        }
        Op::Save(n) => drop(store.save_snapshot(&format!("s{n}"))),
        Op::Restore(n) => drop(store.restore_snapshot(&format!("s{n}"))),
        Op::RestoreAutomatic(n) => {
            let automatic: Vec<String> = store
                .snapshots()
                .unwrap()
                .into_iter()
                .filter(|s| s.name.starts_with("pre-restore"))
                .map(|s| s.name)
                .collect();
            if let Some(name) = automatic.get(*n as usize % automatic.len().max(1)) {
                store.restore_snapshot(name).unwrap();
            }
        }
        Op::Delete(n) => drop(store.delete_snapshot(&format!("s{n}"))),
        Op::Checkpoint => drop(store.compact().unwrap()),
        Op::Reopen => unreachable!("reopening needs the store's owner"),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]
    #[test]
    fn any_sequence_of_snapshot_operations_leaves_a_database_that_opens(
        ops in proptest::collection::vec(op(), 1..40)
    ) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("world.redb");
        let mut store = open(&path);
        for op in &ops {
            if let Op::Reopen = op {
                let digest = store.world().digest();
                drop(store);
                store = open(&path);
                prop_assert_eq!(store.world().digest(), digest);
            } else {
                apply(&mut store, op);
            }
        }
        let digest = store.world().digest();
        drop(store);
        prop_assert_eq!(open(&path).world().digest(), digest);
    }
}
