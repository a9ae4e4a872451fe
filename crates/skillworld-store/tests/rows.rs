//! STO-5's invariant: after any sequence of commands, the rows read back
//! from the tables are the live world (same digest), and a snapshot plus
//! the journal after it replays to it — through purges (entities that go),
//! files kept as blobs, restores, compactions and reopens (after which the
//! bodies are handles read from the file when used, issue 19).

use proptest::prelude::*;
use skillworld_core::Timestamp;
use skillworld_format::{BundleFile, SkillDocument};
use skillworld_store::{OpenOptions, Store};
use skillworld_world::{Clock, Layer, LoadRequest, SkillWorld};

#[derive(Clone, Debug)]
enum Op {
    Install { skill: u8, big: bool, binary: bool },
    Update { skill: u8 },
    Delete { skill: u8 },
    Purge,
    Load { agent: u8, skill: u8 },
    Lesson { agent: u8, skill: u8 },
    AddAgent { agent: u8 },
    Snapshot,
    Restore,
    Compact,
    Reopen,
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        4 => (0..6u8, any::<bool>(), any::<bool>())
            .prop_map(|(skill, big, binary)| Op::Install { skill, big, binary }),
        3 => (0..6u8).prop_map(|skill| Op::Update { skill }),
        2 => (0..6u8).prop_map(|skill| Op::Delete { skill }),
        1 => Just(Op::Purge),
        3 => (0..3u8, 0..6u8).prop_map(|(agent, skill)| Op::Load { agent, skill }),
        2 => (0..3u8, 0..6u8).prop_map(|(agent, skill)| Op::Lesson { agent, skill }),
        1 => (0..3u8).prop_map(|agent| Op::AddAgent { agent }),
        1 => Just(Op::Snapshot),
        1 => Just(Op::Restore),
        1 => Just(Op::Compact),
        1 => Just(Op::Reopen),
    ]
}

fn name(skill: u8) -> String {
    format!("skill-{skill}")
}

fn agent(agent: u8) -> String {
    format!("agent-{agent}")
}

fn world_op(world: &mut SkillWorld, op: &Op, round: usize) {
    match op {
        Op::Install { skill, big, binary } => {
            let body = if *big {
                format!(
                    "Round {round}.\n{}",
                    "A long line of the body.\n".repeat(40)
                )
            } else {
                format!("Round {round}.\n")
            };
            let mut files = vec![BundleFile {
                path: "references/notes.md".into(),
                bytes: format!("notes {}\n", round % 3)
                    .repeat(if *big { 60 } else { 1 })
                    .into_bytes(),
                executable: false,
            }];
            if *binary {
                files.push(BundleFile {
                    path: "assets/logo.png".into(),
                    bytes: (0..700u32).map(|i| (i * 7 + round as u32) as u8).collect(),
                    executable: false,
                });
            }
            let document = SkillDocument::new(name(*skill), "A skill under test.", body);
            let _ = world.install(&Layer::Commons, document, files);
        }
        Op::Update { skill } => {
            let _ = world.update(&Layer::Commons, &name(*skill), |d| {
                d.body.push_str(&format!("update {round}\n"))
            });
        }
        Op::Delete { skill } => {
            let _ = world.delete(&Layer::Commons, &name(*skill));
        }
        Op::Purge => {
            world.clock_mut().advance_millis(86_400_000);
            let _ = world.purge(0);
        }
        Op::Load { agent: a, skill } => {
            let _ = world.load(
                &agent(*a),
                LoadRequest {
                    name: &name(*skill),
                    run: Some("run"),
                    ..Default::default()
                },
            );
        }
        Op::Lesson { agent: a, skill } => {
            let _ = world.record_lesson(&agent(*a), &name(*skill), &format!("lesson {round}"));
        }
        Op::AddAgent { agent: a } => {
            let _ = world.add_agent(&agent(*a), None);
        }
        Op::Snapshot | Op::Restore | Op::Compact | Op::Reopen => {}
    }
}

fn open(path: &std::path::Path) -> Store {
    Store::open(
        path,
        OpenOptions {
            clock: Some(Clock::Simulated(Timestamp::from_millis(1_000_000))),
            platform: Some("linux".into()),
            seed: vec![],
            journal_limit: Some(4_000),
            // A cache of a few pages: every read evicts, and a commit's
            // dirty pages outgrow it.
            cache_bytes: Some(16 << 10),
        },
    )
    .unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn rows_read_back_are_the_live_world(ops in prop::collection::vec(op(), 1..40)) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("world.redb");
        let mut store = open(&path);
        store.run(|w| w.add_agent("agent-0", None)).unwrap().unwrap();
        let mut snapshots = 0;
        for (round, op) in ops.iter().enumerate() {
            match op {
                Op::Snapshot => {
                    store.save_snapshot(&format!("s{snapshots}")).unwrap();
                    snapshots += 1;
                }
                Op::Restore if snapshots > 0 => {
                    store.restore_snapshot(&format!("s{}", round % snapshots)).unwrap();
                }
                Op::Compact => drop(store.compact().unwrap()),
                Op::Reopen => {
                    drop(store);
                    store = open(&path);
                }
                op => store.run(|w| world_op(w, op, round)).unwrap(),
            }
        }
        let live = store.world().digest();
        for snapshot in store.snapshots().unwrap() {
            prop_assert_eq!(store.replay(&snapshot.name).unwrap().digest(), live.clone());
        }
        drop(store);
        let reopened = open(&path);
        prop_assert_eq!(reopened.world().digest(), live);
    }
}

/// Options of a store whose clock stands at one second.
fn at_one_second() -> OpenOptions {
    OpenOptions {
        clock: Some(Clock::Simulated(Timestamp(1_000))),
        ..OpenOptions::default()
    }
}

/// The world-wide row follows every world-wide setting, not only the
/// entities the digest covers: each is changed once, then the database is
/// reopened.
#[test]
fn world_wide_settings_survive_reopen() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("world.redb");
    let mut store = Store::open(&path, at_one_second()).unwrap();
    // One commit each, so that no change rides on another's row write.
    store
        .run(|world| world.set_tool_set("readers", Some(vec!["skill_view".into()])))
        .unwrap()
        .unwrap();
    store
        .run(|world| world.trust_key("acme", [7; 32], skillworld_core::Trust::Official))
        .unwrap()
        .unwrap();
    store
        .run(|world| world.set_trust_policy(vec![skillworld_core::Trust::Community]))
        .unwrap()
        .unwrap();
    let before = store.world().globals();
    drop(store);
    let reopened = Store::open(&path, at_one_second()).unwrap();
    assert_eq!(reopened.world().globals(), before);
    assert!(reopened.world().trusted_keys().get("acme").is_some());
}

#[test]
fn a_runs_loaded_set_survives_reopen_on_its_agents_row() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("world.redb");
    let load = |store: &mut Store| {
        store
            .run(|world| {
                world.load(
                    "ada",
                    LoadRequest {
                        name: "deploy",
                        run: Some("r1"),
                        ..Default::default()
                    },
                )
            })
            .unwrap()
            .unwrap()
            .already_loaded
    };
    let mut store = Store::open(&path, at_one_second()).unwrap();
    store
        .run(|world| {
            world.add_agent("ada", None)?;
            world.create(
                &Layer::Commons,
                SkillDocument::new("deploy", "Ships it.", "Deploy.\n"),
            )
        })
        .unwrap()
        .unwrap();
    assert!(!load(&mut store));
    let globals = store.world().globals();
    drop(store);
    let mut reopened = Store::open(&path, at_one_second()).unwrap();
    assert_eq!(reopened.world().globals(), globals);
    assert!(load(&mut reopened), "the run's set was lost on reopen");
}
