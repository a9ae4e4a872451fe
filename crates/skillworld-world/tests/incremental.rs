//! Property: after any sequence of writes and loads over several agents,
//! the incrementally maintained catalogs equal catalogs recomputed from
//! scratch, and the visible skills equal a plain model of CAT-1/CAT-2.

use std::collections::{BTreeMap, BTreeSet};

use proptest::prelude::*;
use skillworld_core::{Lifecycle, Timestamp};
use skillworld_format::SkillDocument;
use skillworld_world::{
    Budget, CatalogFormat, CatalogRequest, Clock, Layer, ListQuery, LoadRequest, SkillWorld,
    Switches, WorldSettings,
};

const AGENTS: [&str; 3] = ["ada", "bob", "cyd"];
const NAMES: [&str; 6] = ["alpha", "beta", "gamma", "delta", "eps", "zeta"];

#[derive(Clone, Debug)]
enum Op {
    Create {
        agent: Option<usize>,
        name: usize,
        description: u8,
    },
    Patch {
        agent: Option<usize>,
        name: usize,
        description: u8,
    },
    Delete {
        agent: Option<usize>,
        name: usize,
    },
    Enable {
        agent: Option<usize>,
        name: usize,
        enabled: bool,
    },
    Archive {
        agent: Option<usize>,
        name: usize,
        archived: bool,
    },
    Load {
        agent: usize,
        name: usize,
        run: Option<u8>,
    },
    Bind {
        agent: usize,
        name: usize,
        bound: bool,
    },
    Advance {
        days: u8,
    },
}

fn op() -> impl Strategy<Value = Op> {
    let layer = prop::option::of(0..AGENTS.len());
    let name = 0..NAMES.len();
    prop_oneof![
        3 => (layer.clone(), name.clone(), any::<u8>()).prop_map(|(agent, name, description)| Op::Create { agent, name, description }),
        2 => (layer.clone(), name.clone(), any::<u8>()).prop_map(|(agent, name, description)| Op::Patch { agent, name, description }),
        2 => (layer.clone(), name.clone()).prop_map(|(agent, name)| Op::Delete { agent, name }),
        1 => (layer.clone(), name.clone(), any::<bool>()).prop_map(|(agent, name, enabled)| Op::Enable { agent, name, enabled }),
        1 => (layer, name.clone(), any::<bool>()).prop_map(|(agent, name, archived)| Op::Archive { agent, name, archived }),
        3 => (0..AGENTS.len(), name.clone(), prop::option::of(0u8..2)).prop_map(|(agent, name, run)| Op::Load { agent, name, run }),
        1 => (0..AGENTS.len(), name, any::<bool>()).prop_map(|(agent, name, bound)| Op::Bind { agent, name, bound }),
        1 => (0u8..9).prop_map(|days| Op::Advance { days }),
    ]
}

#[derive(Clone, Debug)]
struct ModelSkill {
    enabled: bool,
    archived: bool,
}

/// The plain model: live skills by (layer, name), and bindings.
#[derive(Default)]
struct Model {
    skills: BTreeMap<(Option<usize>, usize), ModelSkill>,
    bindings: BTreeMap<usize, BTreeSet<usize>>,
}

impl Model {
    fn visible(&self, agent: usize) -> BTreeSet<String> {
        let bound = self.bindings.get(&agent).cloned().unwrap_or_default();
        (0..NAMES.len())
            .filter_map(|name| {
                let skill = self
                    .skills
                    .get(&(Some(agent), name))
                    .or_else(|| self.skills.get(&(None, name)))?;
                let ok =
                    skill.enabled && !skill.archived && (bound.is_empty() || bound.contains(&name));
                ok.then(|| NAMES[name].to_owned())
            })
            .collect()
    }
}

fn layer(agent: Option<usize>) -> Layer {
    agent.map_or(Layer::Commons, |a| Layer::Agent(AGENTS[a].to_owned()))
}

fn new_world() -> SkillWorld {
    let mut world = SkillWorld::new(WorldSettings {
        clock: Clock::Simulated(Timestamp::from_millis(0)),
        platform: Some("linux".into()),
    });
    for agent in AGENTS {
        world.add_agent(agent, None).unwrap();
    }
    world
}

/// Applies an op to a world; both worlds get the same outcome.
fn apply(world: &mut SkillWorld, op: &Op) -> bool {
    match op {
        Op::Create {
            agent,
            name,
            description,
        } => {
            let document = SkillDocument::new(
                NAMES[*name],
                format!("Skill {} v{description}.", NAMES[*name]),
                "Body.\n",
            );
            world.create(&layer(*agent), document).is_ok()
        }
        Op::Patch {
            agent,
            name,
            description,
        } => world
            .update(&layer(*agent), NAMES[*name], |d| {
                d.description = format!("Patched {description}.")
            })
            .is_ok(),
        Op::Delete { agent, name } => world.delete(&layer(*agent), NAMES[*name]).is_ok(),
        Op::Enable {
            agent,
            name,
            enabled,
        } => world
            .set(
                &layer(*agent),
                NAMES[*name],
                Switches {
                    enabled: Some(*enabled),
                    ..Default::default()
                },
            )
            .is_ok(),
        Op::Archive {
            agent,
            name,
            archived,
        } => world
            .set(
                &layer(*agent),
                NAMES[*name],
                Switches {
                    lifecycle: Some(if *archived {
                        Lifecycle::Archived
                    } else {
                        Lifecycle::Active
                    }),
                    ..Default::default()
                },
            )
            .is_ok(),
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
                .is_ok()
        }
        Op::Bind { agent, name, bound } => {
            if *bound {
                world.bind(AGENTS[*agent], NAMES[*name]).is_ok()
            } else {
                world.unbind(AGENTS[*agent], NAMES[*name]).is_ok()
            }
        }
        Op::Advance { days } => {
            world.clock_mut().advance_days(i64::from(*days));
            true
        }
    }
}

fn update_model(model: &mut Model, op: &Op, applied: bool) {
    if !applied {
        return;
    }
    match op {
        Op::Create { agent, name, .. } => {
            model.skills.insert(
                (*agent, *name),
                ModelSkill {
                    enabled: true,
                    archived: false,
                },
            );
        }
        Op::Delete { agent, name } => {
            model.skills.remove(&(*agent, *name));
        }
        Op::Enable {
            agent,
            name,
            enabled,
        } => model.skills.get_mut(&(*agent, *name)).unwrap().enabled = *enabled,
        Op::Archive {
            agent,
            name,
            archived,
        } => model.skills.get_mut(&(*agent, *name)).unwrap().archived = *archived,
        Op::Bind { agent, name, bound } => {
            let set = model.bindings.entry(*agent).or_default();
            if *bound {
                set.insert(*name);
            } else {
                set.remove(name);
            }
        }
        Op::Patch { .. } | Op::Load { .. } | Op::Advance { .. } => {}
    }
}

fn requests() -> Vec<CatalogRequest> {
    vec![
        CatalogRequest::default(),
        CatalogRequest {
            budget: Budget::Chars(160),
            format: CatalogFormat::Xml,
            run: Some("run-0".into()),
            query: None,
        },
        CatalogRequest {
            budget: Budget::Tokens(100_000),
            format: CatalogFormat::Table,
            run: Some("run-1".into()),
            query: None,
        },
        // CAT-10: ranked by relevance, over words the ops write.
        CatalogRequest {
            query: Some("patched gamma v7".into()),
            ..CatalogRequest::default()
        },
        CatalogRequest {
            budget: Budget::Chars(200),
            query: Some("beta skill".into()),
            ..CatalogRequest::default()
        },
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn incremental_catalogs_equal_catalogs_from_scratch(ops in prop::collection::vec(op(), 1..60)) {
        let mut incremental = new_world();
        let mut scratch = new_world();
        let mut model = Model::default();
        for op in &ops {
            let applied = apply(&mut incremental, op);
            prop_assert_eq!(apply(&mut scratch, op), applied, "{:?}", op);
            update_model(&mut model, op, applied);
            for (index, agent) in AGENTS.iter().enumerate() {
                scratch.rebuild_caches();
                for request in requests() {
                    let live = incremental.catalog(agent, &request).unwrap();
                    let fresh = scratch.catalog(agent, &request).unwrap();
                    prop_assert_eq!(&live, &fresh, "{} after {:?}", agent, op);
                }
                for query in ["alpha", "patched 3", "skill beta v1"] {
                    let names = |world: &mut SkillWorld| -> Vec<String> {
                        world.search(agent, query).unwrap().items.into_iter().map(|i| i.name).collect()
                    };
                    prop_assert_eq!(names(&mut incremental), names(&mut scratch), "search {} for {} after {:?}", query, agent, op);
                }
                let listed: BTreeSet<String> = incremental
                    .list(agent, &ListQuery { limit: Some(50), ..Default::default() })
                    .unwrap()
                    .items
                    .into_iter()
                    .map(|item| item.name)
                    .collect();
                prop_assert_eq!(listed, model.visible(index), "{} after {:?}", agent, op);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    /// CAT-10: after any writes, the term index kept edit by edit equals
    /// the index rebuilt from all skills.
    #[test]
    fn incremental_term_index_equals_index_rebuilt(ops in prop::collection::vec(op(), 1..60)) {
        let mut world = new_world();
        let mut model = Model::default();
        for op in &ops {
            let applied = apply(&mut world, op);
            update_model(&mut model, op, applied);
            let incremental = world.term_index().clone();
            // Every undeleted skill is indexed, live or not.
            prop_assert_eq!(incremental.len(), model.skills.len(), "after {:?}", op);
            world.rebuild_caches();
            prop_assert_eq!(&incremental, world.term_index(), "after {:?}", op);
        }
    }
}
