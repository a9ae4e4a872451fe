//! The backend over a habitat in this process: the world's own API, and
//! the habitat's dispatch for tool calls (scripts included).

use std::sync::Arc;

use serde_json::{Map, Value};
use skillworld_habitat::Habitat;
use skillworld_world::{
    Budget, Caller, CallerKind, CatalogRequest, Layer, LoadRequest, SkillRow, SkillWorld,
    WorldError, tool_specs,
};

use crate::Error;
use crate::entries::{SkillDetail, SkillEntry, ToolDef};

/// An MCP session acts for its agent as a visible chat (POL-2): the whole
/// tool pool, not narrowed by skills.
pub(crate) fn caller(agent: &str) -> Caller {
    Caller {
        agent: Some(agent.to_owned()),
        kind: CallerKind::Visible,
        ..Caller::default()
    }
}

/// The `skill_*` tools the agent's policy allows, then its script tools.
pub(crate) fn tool_defs(world: &mut SkillWorld, agent: &str) -> Result<Vec<ToolDef>, WorldError> {
    let effective = world.effective_tools(&caller(agent))?;
    let mut tools: Vec<ToolDef> = tool_specs()
        .into_iter()
        .filter(|spec| effective.allows(spec.name))
        .map(|spec| ToolDef {
            name: spec.name.to_owned(),
            description: spec.description.to_owned(),
            schema: spec.schema,
        })
        .collect();
    tools.extend(world.script_tools(agent)?.into_iter().map(|tool| ToolDef {
        name: tool.name,
        description: tool.description,
        schema: tool.schema,
    }));
    Ok(tools)
}

/// The skills of the agent's resolved view that are live: what its slash
/// menu offers.
fn live_rows(world: &mut SkillWorld, agent: &str) -> Result<Vec<SkillRow>, WorldError> {
    let mut rows = world.rows(&Layer::Agent(agent.to_owned()), false)?;
    rows.retain(|row| row.live);
    Ok(rows)
}

/// The document and bundle of a live skill the agent sees.
fn live_bundle(
    world: &mut SkillWorld,
    agent: &str,
    name: &str,
) -> Result<
    (
        skillworld_format::SkillDocument,
        Vec<skillworld_format::BundleFile>,
    ),
    Error,
> {
    if !live_rows(world, agent)?.iter().any(|row| row.name == name) {
        return Err(Error::NotFound(format!("skill '{name}'")));
    }
    let layer = Layer::Agent(agent.to_owned());
    let home = world.locate(&layer, name)?;
    Ok(world.skill_bundle_in(&home, name)?)
}

pub(crate) async fn tools(habitat: &Habitat, agent: &str) -> Result<Vec<ToolDef>, Error> {
    habitat
        .read(|store| Ok(store.run(|world| tool_defs(world, agent))??))
        .await
}

pub(crate) async fn call(
    habitat: &Arc<Habitat>,
    agent: &str,
    tool: &str,
    args: Value,
) -> Result<Value, Error> {
    Ok(habitat.call_tool(caller(agent), tool, args).await?)
}

pub(crate) async fn skills(habitat: &Habitat, agent: &str) -> Result<Vec<SkillEntry>, Error> {
    let rows = habitat
        .read(|store| store.run(|world| live_rows(world, agent)))
        .await??;
    Ok(rows
        .into_iter()
        .map(|row| SkillEntry {
            name: row.name,
            description: row.description,
            revision: row.revision,
            trust: row.trust,
        })
        .collect())
}

pub(crate) async fn skill(
    habitat: &Habitat,
    agent: &str,
    name: &str,
) -> Result<SkillDetail, Error> {
    let (document, files) = habitat
        .read(|store| store.run(|world| live_bundle(world, agent, name)))
        .await??;
    Ok(SkillDetail {
        skill_md: skillworld_format::export_skill_md(&document),
        files: files.into_iter().map(|file| file.path).collect(),
        parameters: document.skill.parameters,
    })
}

pub(crate) async fn file(
    habitat: &Habitat,
    agent: &str,
    name: &str,
    path: &str,
) -> Result<Vec<u8>, Error> {
    let (_, files) = habitat
        .read(|store| store.run(|world| live_bundle(world, agent, name)))
        .await??;
    files
        .into_iter()
        .find(|file| file.path == path)
        .map(|file| file.bytes)
        .ok_or_else(|| Error::NotFound(format!("file '{path}' of skill '{name}'")))
}

pub(crate) async fn catalog(
    habitat: &Habitat,
    agent: &str,
    budget: Budget,
    query: Option<&str>,
) -> Result<String, Error> {
    let request = CatalogRequest {
        budget,
        query: query.map(str::to_owned),
        ..CatalogRequest::default()
    };
    Ok(habitat
        .read(|store| store.run(|world| world.catalog(agent, &request)))
        .await??)
}

pub(crate) async fn render(
    habitat: &Habitat,
    agent: &str,
    name: &str,
    args: Map<String, Value>,
) -> Result<String, Error> {
    let (agent, name) = (agent.to_owned(), name.to_owned());
    habitat
        .write(move |store| {
            store
                .run(|world| live_rows(world, &agent))??
                .iter()
                .any(|row| row.name == name)
                .then_some(())
                .ok_or_else(|| Error::NotFound(format!("skill '{name}'")))?;
            let request = LoadRequest {
                name: &name,
                args,
                ..LoadRequest::default()
            };
            Ok(store.run(|world| world.load(&agent, request))??.text)
        })
        .await
}
