//! SEC-2: secrets bind to a skill's identity — its stable id and home
//! layer — never to its name. Routes and the CLI still name skills; this
//! module resolves a name, in the layer a caller addresses, to the skill it
//! means and the secrets that skill gets:
//!
//! - a Commons skill gets the Commons values, overridden in an agent's runs
//!   by that agent's own values for it;
//! - a private skill gets only its own agent's values — never the Commons
//!   values of a Commons skill it shadows or was copied from;
//! - an agent's own values for a Commons skill move with the agent's
//!   private skill of that name (a copy-on-write copy or a shadow): they are
//!   read through it while they wait, and moved into it at its first secret
//!   write. They are the agent's own values, so a shadow gets nothing a copy
//!   would not;
//! - a virtual skill (an MCP server's, HAB-5) owns the server's
//!   environment, kept under the server's name.
//!
//! Secret records from before this binding were keyed by name; they move to
//! their skill's identity when a habitat opens ([`migrate`]).

use std::collections::{BTreeMap, BTreeSet};

use skillworld_core::Origin;
use skillworld_store::Store;
use skillworld_world::{Layer, SkillWorld, WorldError};

use crate::secrets::{MaskedSecret, SecretBox, SecretError, SecretScope, mask};

/// The record kind MCP server registrations are kept under (the `mcp`
/// crate's), whose environments are Commons secrets by server name.
const MCP_SERVERS: &str = "mcp-servers";

/// The secrets' owner for a skill: `commons#ID` or `agent.NAME#ID`, or a
/// virtual skill's server name.
pub(crate) fn owner(world: &SkillWorld, home: &Layer, name: &str) -> Result<String, WorldError> {
    let id = world.skill_id(home, name)?;
    Ok(match home {
        Layer::Commons => {
            let virtual_skill = world
                .skill_document(home, name)
                .is_ok_and(|d| d.skill.origin == Origin::Mcp);
            if virtual_skill {
                name.to_owned()
            } else {
                format!("commons#{id}")
            }
        }
        Layer::Agent(agent) => format!("agent.{agent}#{id}"),
    })
}

/// The scope a layer's secret routes read and write: the Commons', or the
/// layer's agent's own values.
pub(crate) fn scope_of(layer: &Layer) -> SecretScope {
    match layer {
        Layer::Commons => SecretScope::Commons,
        Layer::Agent(agent) => SecretScope::Agent(agent.clone()),
    }
}

/// When `home` is `agent`'s own layer and its skill `name` stands where a
/// Commons skill of that name would: that Commons skill's owner, whose
/// values of `agent` the private skill takes over.
fn taken_over(
    world: &SkillWorld,
    agent: &str,
    home: &Layer,
    name: &str,
) -> Result<Option<String>, WorldError> {
    match home {
        Layer::Agent(owner) if owner == agent && world.skill_id(&Layer::Commons, name).is_ok() => {
            owner_of_commons(world, name).map(Some)
        }
        _ => Ok(None),
    }
}

fn owner_of_commons(world: &SkillWorld, name: &str) -> Result<String, WorldError> {
    owner(world, &Layer::Commons, name)
}

/// Why a secret could not be bound.
#[derive(Debug, thiserror::Error)]
pub enum BindingError {
    #[error(transparent)]
    World(#[from] WorldError),
    #[error(transparent)]
    Secret(#[from] SecretError),
}

/// What a run of skill `name` (living in `home`) by `agent` gets.
pub(crate) fn run_values(
    secrets: &SecretBox,
    store: &Store,
    agent: Option<&str>,
    home: &Layer,
    name: &str,
) -> Result<BTreeMap<String, String>, BindingError> {
    let world = store.world();
    let owner = owner(world, home, name)?;
    let mut values = match home {
        Layer::Commons => secrets.open_scope(store, &SecretScope::Commons, &owner)?,
        Layer::Agent(_) => BTreeMap::new(),
    };
    if let Some(agent) = agent {
        values.extend(agent_values(secrets, store, agent, home, name, &owner)?);
    }
    Ok(values)
}

/// `agent`'s own values for the skill: those taken over from the Commons
/// skill it stands for (until moved), overridden by its own.
fn agent_values(
    secrets: &SecretBox,
    store: &Store,
    agent: &str,
    home: &Layer,
    name: &str,
    owner: &str,
) -> Result<BTreeMap<String, String>, BindingError> {
    let scope = SecretScope::Agent(agent.to_owned());
    let mut values = match taken_over(store.world(), agent, home, name)? {
        Some(commons) => secrets.open_scope(store, &scope, &commons)?,
        None => BTreeMap::new(),
    };
    values.extend(secrets.open_scope(store, &scope, owner)?);
    Ok(values)
}

/// The masked secrets of the skill `layer`'s reader means by `name`: the
/// layer's own scope, and with `with_commons` (an agent's view) the Commons
/// values the skill gets beneath them. An unknown skill has none.
pub(crate) fn listed(
    secrets: &SecretBox,
    store: &Store,
    layer: &Layer,
    name: &str,
    with_commons: bool,
) -> Result<Vec<MaskedSecret>, BindingError> {
    let world = store.world();
    let Ok(home) = world.locate(layer, name) else {
        return Ok(Vec::new());
    };
    let owner = owner(world, &home, name)?;
    let masked = |values: BTreeMap<String, String>, scope: &'static str| {
        values.into_iter().map(move |(key, value)| MaskedSecret {
            preview: mask(&value),
            key,
            scope,
        })
    };
    let mut items: BTreeMap<String, MaskedSecret> = BTreeMap::new();
    if (with_commons || *layer == Layer::Commons) && home == Layer::Commons {
        let commons = secrets.open_scope(store, &SecretScope::Commons, &owner)?;
        items.extend(masked(commons, "commons").map(|m| (m.key.clone(), m)));
    }
    if let Layer::Agent(agent) = layer {
        let own = agent_values(secrets, store, agent, &home, name, &owner)?;
        items.extend(masked(own, "agent").map(|m| (m.key.clone(), m)));
    }
    Ok(items.into_values().collect())
}

/// Sets (or, empty, deletes) `layer`'s value `key` of the skill `layer`'s
/// reader means by `name`. An agent's first write to its private skill
/// standing for a Commons skill moves its values from that one first.
pub(crate) fn set(
    secrets: &SecretBox,
    store: &Store,
    layer: &Layer,
    name: &str,
    key: &str,
    value: &str,
) -> Result<(), BindingError> {
    let world = store.world();
    let home = world.locate(layer, name)?;
    let owner = owner(world, &home, name)?;
    let scope = scope_of(layer);
    if let Layer::Agent(agent) = layer
        && let Some(commons) = taken_over(world, agent, &home, name)?
    {
        secrets.move_scope(store, &scope, &commons, &owner)?;
    }
    secrets.set(store, &scope, &owner, key, value)?;
    Ok(())
}

/// The keys the Commons sets for the Commons skill that a private skill
/// `name` of `home` stands in for, which that private skill does not get:
/// preflight tells its agent to set its own.
pub(crate) fn withheld_commons_keys(
    secrets: &SecretBox,
    store: &Store,
    home: &Layer,
    name: &str,
) -> Result<BTreeSet<String>, BindingError> {
    let world = store.world();
    if *home == Layer::Commons || world.skill_id(&Layer::Commons, name).is_err() {
        return Ok(BTreeSet::new());
    }
    let commons = owner_of_commons(world, name)?;
    Ok(secrets
        .open_scope(store, &SecretScope::Commons, &commons)?
        .into_keys()
        .collect())
}

/// Moves secret records keyed by skill name (before SEC-2) to their
/// skill's identity: `commons/NAME/KEY` to the Commons skill NAME's (unless
/// NAME is an MCP server's, whose environment stays by name), and
/// `agent/AGENT/NAME/KEY` to the skill AGENT means by NAME. Records whose
/// skill or agent is gone stay as they are (reaching nothing); returns how
/// many moved.
pub(crate) fn migrate(secrets: &SecretBox, store: &Store) -> Result<usize, BindingError> {
    let world = store.world();
    let servers: BTreeSet<String> = store
        .records::<serde::de::IgnoredAny>(MCP_SERVERS)
        .map_err(SecretError::from)?
        .into_iter()
        .map(|(name, _)| name)
        .collect();
    let mut moved = 0;
    for place in SecretBox::places(store)? {
        let parts: Vec<&str> = place.split('/').collect();
        let (scope, layer, name, key) = match parts.as_slice() {
            ["commons", name, key] if !name.contains('#') && !servers.contains(*name) => {
                ("commons".to_owned(), Layer::Commons, *name, *key)
            }
            ["agent", agent, name, key] if !name.contains('#') => (
                format!("agent/{agent}"),
                Layer::Agent((*agent).to_owned()),
                *name,
                *key,
            ),
            _ => continue,
        };
        let Ok(home) = world.locate(&layer, name) else {
            continue;
        };
        if scope == "commons" && home != Layer::Commons {
            continue;
        }
        let owner = owner(world, &home, name)?;
        if owner == name {
            continue;
        }
        secrets.move_place(store, &place, &format!("{scope}/{owner}/{key}"))?;
        moved += 1;
    }
    Ok(moved)
}

#[cfg(test)]
mod tests {
    use skillworld_format::SkillDocument;
    use skillworld_store::{OpenOptions, Store};

    use crate::{Habitat, HabitatOptions, SecretScope};

    use super::*;

    fn open(dir: &std::path::Path) -> Habitat {
        let store = Store::open(&dir.join("world.redb"), OpenOptions::default()).unwrap();
        Habitat::new(store, HabitatOptions::new(dir)).unwrap()
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 1)]
    async fn secrets_keyed_by_name_move_to_their_skills_identity_on_open() {
        let dir = tempfile::tempdir().unwrap();
        let habitat = open(dir.path());
        habitat
            .write(|store| {
                store.run(|world| {
                    world.add_agent("bob", None).unwrap();
                    let skill = |name: &str| SkillDocument::new(name, "A skill.", "Body.\n");
                    world.create(&Layer::Commons, skill("weather")).unwrap();
                    world.create(&Layer::Commons, skill("mail")).unwrap();
                    world
                        .create(&Layer::Agent("bob".into()), skill("mail"))
                        .unwrap();
                })?;
                Ok::<_, skillworld_store::StoreError>(())
            })
            .await
            .unwrap();
        // Records as the name-keyed habitat wrote them.
        let legacy = [
            (
                SecretScope::Commons,
                "weather",
                "API_KEY",
                "commons-weather",
            ),
            (SecretScope::Commons, "mail", "TOKEN", "commons-mail"),
            (
                SecretScope::Agent("bob".into()),
                "weather",
                "API_KEY",
                "bobs-weather",
            ),
            (
                SecretScope::Agent("bob".into()),
                "mail",
                "TOKEN",
                "bobs-mail",
            ),
            (SecretScope::Commons, "gone", "X", "orphan"),
        ];
        habitat
            .read(|store| {
                for (scope, skill, key, value) in &legacy {
                    habitat
                        .secrets()
                        .set(store, scope, skill, key, value)
                        .unwrap();
                }
            })
            .await;
        drop(habitat);

        let habitat = open(dir.path());
        habitat
            .read(|store| {
                let run = |agent: Option<&str>, home: Layer, name: &str| {
                    habitat.run_secrets(store, agent, &home, name).unwrap()
                };
                let bob = Layer::Agent("bob".into());
                assert_eq!(
                    run(Some("bob"), Layer::Commons, "weather"),
                    BTreeMap::from([("API_KEY".to_owned(), "bobs-weather".to_owned())])
                );
                assert_eq!(
                    run(None, Layer::Commons, "weather"),
                    BTreeMap::from([("API_KEY".to_owned(), "commons-weather".to_owned())])
                );
                // Bob's `mail` is his own: his value, never the Commons'.
                assert_eq!(
                    run(Some("bob"), bob, "mail"),
                    BTreeMap::from([("TOKEN".to_owned(), "bobs-mail".to_owned())])
                );
                let places = SecretBox::places(store).unwrap();
                assert!(
                    places
                        .iter()
                        .all(|p| p.contains('#') || p.contains("/gone/"))
                );
                assert_eq!(places.len(), 5, "{places:?}");
            })
            .await;
    }
}
