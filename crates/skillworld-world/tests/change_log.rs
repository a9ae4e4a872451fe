//! Property (STO-5): a write's change set names everything it changed.
//! After any sequence of commands — creates, installs with text and binary
//! files, patches, switches, deletes, purges, loads with runs, lessons,
//! bindings, grants, reverts, sweeps — the rows and removals each
//! `take_changes` reports, applied to the state before, give exactly the
//! state after; and the world-wide state is reported whenever it moved.
//! (Debug builds also check each take against bevy's change ticks.)

use std::collections::BTreeMap;

use proptest::prelude::*;
use skillworld_core::{Lifecycle, StableId, Timestamp};
use skillworld_format::{BundleFile, SkillDocument};
use skillworld_world::{
    Caller, Clock, EntityState, Layer, LoadRequest, SkillWorld, Switches, WorldGlobals,
    WorldSettings, WorldState,
};

const AGENTS: [&str; 2] = ["ada", "bob"];
const NAMES: [&str; 4] = ["alpha", "beta", "gamma", "delta"];

#[derive(Clone, Debug)]
enum Op {
    Create {
        layer: Option<usize>,
        name: usize,
    },
    Install {
        layer: Option<usize>,
        name: usize,
        files: u8,
    },
    Patch {
        layer: Option<usize>,
        name: usize,
        text: u8,
    },
    Switch {
        layer: Option<usize>,
        name: usize,
        on: bool,
    },
    Archive {
        layer: Option<usize>,
        name: usize,
        archived: bool,
    },
    Delete {
        layer: Option<usize>,
        name: usize,
    },
    Purge,
    Revert {
        layer: Option<usize>,
        name: usize,
        number: u8,
    },
    Load {
        agent: usize,
        name: usize,
        run: Option<u8>,
    },
    Lesson {
        agent: usize,
        name: usize,
        text: u8,
    },
    EditLesson {
        layer: Option<usize>,
        name: usize,
        id: u8,
        keep: bool,
    },
    Bind {
        agent: usize,
        name: usize,
        bound: bool,
    },
    Curate,
    Advance {
        days: u8,
    },
}

fn op() -> impl Strategy<Value = Op> {
    let layer = prop::option::of(0..AGENTS.len());
    let name = 0..NAMES.len();
    let agent = 0..AGENTS.len();
    prop_oneof![
        3 => (layer.clone(), name.clone()).prop_map(|(layer, name)| Op::Create { layer, name }),
        3 => (layer.clone(), name.clone(), any::<u8>()).prop_map(|(layer, name, files)| Op::Install { layer, name, files }),
        2 => (layer.clone(), name.clone(), any::<u8>()).prop_map(|(layer, name, text)| Op::Patch { layer, name, text }),
        1 => (layer.clone(), name.clone(), any::<bool>()).prop_map(|(layer, name, on)| Op::Switch { layer, name, on }),
        1 => (layer.clone(), name.clone(), any::<bool>()).prop_map(|(layer, name, archived)| Op::Archive { layer, name, archived }),
        1 => (layer.clone(), name.clone()).prop_map(|(layer, name)| Op::Delete { layer, name }),
        1 => Just(Op::Purge),
        1 => (layer.clone(), name.clone(), 1u8..4).prop_map(|(layer, name, number)| Op::Revert { layer, name, number }),
        3 => (agent.clone(), name.clone(), prop::option::of(0u8..2)).prop_map(|(agent, name, run)| Op::Load { agent, name, run }),
        2 => (agent.clone(), name.clone(), any::<u8>()).prop_map(|(agent, name, text)| Op::Lesson { agent, name, text }),
        1 => (layer, name.clone(), 0u8..3, any::<bool>()).prop_map(|(layer, name, id, keep)| Op::EditLesson { layer, name, id, keep }),
        1 => (agent, name, any::<bool>()).prop_map(|(agent, name, bound)| Op::Bind { agent, name, bound }),
        1 => Just(Op::Curate),
        1 => (0u8..40).prop_map(|days| Op::Advance { days }),
    ]
}

fn layer(agent: Option<usize>) -> Layer {
    agent.map_or(Layer::Commons, |a| Layer::Agent(AGENTS[a].to_owned()))
}

fn document(name: usize, text: u8) -> SkillDocument {
    SkillDocument::new(
        NAMES[name],
        format!("Skill {} version {text}.", NAMES[name]),
        format!("Step {text}.\n"),
    )
}

/// Up to three files, in text and binary buckets, chosen by the bits of
/// `files`: a reinstall adds, changes and (pruning) removes them.
fn files(files: u8) -> Vec<BundleFile> {
    let mut out = Vec::new();
    if files & 1 != 0 {
        out.push(BundleFile {
            path: "references/notes.md".into(),
            bytes: format!("Notes {}.\n", files >> 3).into_bytes(),
            executable: false,
        });
    }
    if files & 2 != 0 {
        out.push(BundleFile {
            path: "assets/logo.png".into(),
            bytes: vec![0x89, b'P', b'N', b'G', 0, 1, files],
            executable: false,
        });
    }
    if files & 4 != 0 {
        out.push(BundleFile {
            path: "scripts/run.sh".into(),
            bytes: b"#!/bin/sh\necho done\n".to_vec(),
            executable: true,
        });
    }
    out
}

fn apply(world: &mut SkillWorld, op: &Op) {
    // Refusals are part of the property: a refused write reports nothing
    // it did not do.
    let _ = match op {
        Op::Create { layer: l, name } => world.create(&layer(*l), document(*name, 0)).map(drop),
        Op::Install {
            layer: l,
            name,
            files: f,
        } => world
            .install(&layer(*l), document(*name, *f), files(*f))
            .map(drop),
        Op::Patch {
            layer: l,
            name,
            text,
        } => world
            .update(&layer(*l), NAMES[*name], |d| {
                d.body = format!("Patched {text}.\n")
            })
            .map(drop),
        Op::Switch { layer: l, name, on } => world.set(
            &layer(*l),
            NAMES[*name],
            Switches {
                enabled: Some(*on),
                pinned: Some(!*on),
                ..Default::default()
            },
        ),
        Op::Archive {
            layer: l,
            name,
            archived,
        } => world.set(
            &layer(*l),
            NAMES[*name],
            Switches {
                lifecycle: Some(if *archived {
                    Lifecycle::Archived
                } else {
                    Lifecycle::Active
                }),
                ..Default::default()
            },
        ),
        Op::Delete { layer: l, name } => world.delete(&layer(*l), NAMES[*name]),
        Op::Purge => world.purge(0).map(drop),
        Op::Revert {
            layer: l,
            name,
            number,
        } => world
            .revert(&layer(*l), NAMES[*name], u64::from(*number))
            .map(drop),
        Op::Load { agent, name, run } => {
            let run = run.map(|r| format!("run-{r}"));
            world
                .load(
                    AGENTS[*agent],
                    LoadRequest {
                        name: NAMES[*name],
                        run: run.as_deref(),
                        ..Default::default()
                    },
                )
                .map(drop)
        }
        Op::Lesson { agent, name, text } => world
            .record_lesson(
                AGENTS[*agent],
                NAMES[*name],
                &format!("Lesson {text}: check the input first."),
            )
            .map(drop),
        Op::EditLesson {
            layer: l,
            name,
            id,
            keep,
        } => world.change_lesson(
            Caller::host(),
            &layer(*l),
            NAMES[*name],
            u64::from(*id),
            keep.then(|| "Edited lesson.".to_owned()),
        ),
        Op::Bind { agent, name, bound } => {
            if *bound {
                world.bind(AGENTS[*agent], NAMES[*name])
            } else {
                world.unbind(AGENTS[*agent], NAMES[*name])
            }
        }
        Op::Curate => world.curate(false).map(drop),
        Op::Advance { days } => {
            world.clock_mut().advance_days(i64::from(*days));
            Ok(())
        }
    };
}

fn by_id(entities: Vec<EntityState>) -> BTreeMap<StableId, EntityState> {
    entities.into_iter().map(|e| (e.record().id, e)).collect()
}

/// The globals as the change sets carry them: the clock is the host's,
/// kept outside them.
fn comparable(mut globals: WorldGlobals, clock: Clock) -> WorldGlobals {
    globals.clock = clock;
    globals
}

fn new_world() -> SkillWorld {
    let mut world = SkillWorld::new(WorldSettings {
        clock: Clock::Simulated(Timestamp::from_millis(86_400_000)),
        platform: Some("linux".into()),
    });
    for agent in AGENTS {
        world.add_agent(agent, None).unwrap();
    }
    world
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn change_sets_replayed_over_the_state_before_give_the_state_after(
        ops in prop::collection::vec(op(), 1..40)
    ) {
        let mut world = new_world();
        world.take_changes();
        let (mut globals, entities) = world.state().into_parts();
        let mut rows = by_id(entities);
        for op in &ops {
            apply(&mut world, op);
            let changes = world.take_changes();
            for row in changes.rows {
                rows.insert(row.record().id, row);
            }
            for id in changes.removed {
                rows.remove(&id);
            }
            if let Some(moved) = changes.globals {
                globals = moved;
            }
            let (after_globals, after) = world.state().into_parts();
            prop_assert_eq!(&rows, &by_id(after), "rows after {:?}", op);
            let clock = after_globals.clock;
            // What a store reads back: the row and the entities' rows.
            let (read_back, _) =
                WorldState::from_parts(globals.clone(), rows.values().cloned().collect())
                    .into_parts();
            prop_assert_eq!(
                comparable(read_back, clock),
                after_globals,
                "world-wide state after {:?}",
                op
            );
        }
    }
}

/// A new skill writes its own rows, not the world-wide row (whose last id
/// a reader takes from the newest entity); a purge, which can take the
/// newest entity away, writes the row with the allocator's position.
#[test]
fn a_new_skill_leaves_the_world_wide_row_and_a_purge_writes_it() {
    let mut world = new_world();
    world.take_changes();
    let id = world.create(&Layer::Commons, document(0, 0)).unwrap();
    let created = world.take_changes();
    assert!(created.globals.is_none(), "{:?}", created.globals);
    assert!(created.rows.iter().any(|row| row.record().id == id));

    world.delete(&Layer::Commons, NAMES[0]).unwrap();
    world.clock_mut().advance_days(1);
    world.purge(0).unwrap();
    let purged = world.take_changes();
    assert_eq!(purged.removed, [id]);
    let globals = purged.globals.expect("a purge writes the world-wide row");
    assert_eq!(globals.last_id, id);
}
