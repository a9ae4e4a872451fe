//! Where the MCP server gets an agent's skills from: a habitat in this
//! process (over a database), or a running habitat over its HTTP API.

use std::sync::Arc;

use serde_json::{Map, Value};
use skillworld_habitat::Habitat;
use skillworld_world::Budget;

use crate::Error;
use crate::entries::{SkillDetail, SkillEntry, ToolDef};
use crate::remote::Remote;

/// The source of an agent's skills.
#[derive(Clone)]
pub enum Backend {
    /// A habitat in this process, e.g. over a database opened by the CLI.
    Local(Arc<Habitat>),
    /// A running habitat, reached with a bearer token.
    Remote(Remote),
}

impl Backend {
    /// A backend over a running habitat at `url` (e.g.
    /// `http://127.0.0.1:4780`), authenticated with `token`.
    pub fn remote(url: &str, token: &str) -> Result<Backend, Error> {
        Remote::new(url, token).map(Backend::Remote)
    }

    /// The tools the agent's policy allows as a visible chat: its `skill_*`
    /// tools and the live script tools, with their schemas.
    pub async fn tools(&self, agent: &str) -> Result<Vec<ToolDef>, Error> {
        match self {
            Backend::Local(habitat) => crate::local::tools(habitat, agent).await,
            Backend::Remote(remote) => remote.tools(agent).await,
        }
    }

    /// Calls a tool through the habitat's dispatch: the tool's own JSON,
    /// errors included (TOOL-1).
    pub async fn call(&self, agent: &str, tool: &str, args: Value) -> Result<Value, Error> {
        match self {
            Backend::Local(habitat) => crate::local::call(habitat, agent, tool, args).await,
            Backend::Remote(remote) => remote.call(agent, tool, args).await,
        }
    }

    /// The live skills the agent sees (resolved: a private skill hides the
    /// commons one of its name), by name.
    pub async fn skills(&self, agent: &str) -> Result<Vec<SkillEntry>, Error> {
        match self {
            Backend::Local(habitat) => crate::local::skills(habitat, agent).await,
            Backend::Remote(remote) => remote.skills(agent).await,
        }
    }

    /// One live skill the agent sees.
    pub async fn skill(&self, agent: &str, name: &str) -> Result<SkillDetail, Error> {
        match self {
            Backend::Local(habitat) => crate::local::skill(habitat, agent, name).await,
            Backend::Remote(remote) => remote.skill(agent, name).await,
        }
    }

    /// A bundle file of a live skill the agent sees.
    pub async fn file(&self, agent: &str, name: &str, path: &str) -> Result<Vec<u8>, Error> {
        match self {
            Backend::Local(habitat) => crate::local::file(habitat, agent, name, path).await,
            Backend::Remote(remote) => remote.file(agent, name, path).await,
        }
    }

    /// The agent's catalog (Markdown) within `budget`, ranked for the
    /// message being answered when there is one (CAT-10).
    pub async fn catalog(
        &self,
        agent: &str,
        budget: Budget,
        query: Option<&str>,
    ) -> Result<String, Error> {
        match self {
            Backend::Local(habitat) => crate::local::catalog(habitat, agent, budget, query).await,
            Backend::Remote(remote) => remote.catalog(agent, budget, query).await,
        }
    }

    /// Loads a skill with FMT-6 parameter values: its rendered body.
    pub async fn render(
        &self,
        agent: &str,
        name: &str,
        args: Map<String, Value>,
    ) -> Result<String, Error> {
        match self {
            Backend::Local(habitat) => crate::local::render(habitat, agent, name, args).await,
            Backend::Remote(remote) => remote.render(agent, name, args).await,
        }
    }
}
