//! HAB-5 registrations and the virtual skills made from them. A
//! registration is a habitat record (not world state); its virtual skill is
//! an ordinary Commons skill with origin `mcp`, installed through the
//! journaled command path, so catalogs, the slash menu and replays see it
//! like any other skill. A stdio server's environment often carries keys,
//! so its values are kept as the virtual skill's Commons secrets (HAB-3):
//! sealed at rest, masked in every listing; the record keeps the names.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use skillworld_core::limits::MAX_DESCRIPTION_CHARS;
use skillworld_core::{Origin, SkillName};
use skillworld_format::SkillDocument;
use skillworld_habitat::{SecretBox, SecretScope, mask, valid_secret_key};
use skillworld_store::Store;
use skillworld_world::Layer;

use crate::Error;

/// A tool a registered server offers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RemoteTool {
    pub name: String,
    pub description: String,
}

/// The record kind registrations are kept under.
pub const RECORD_KIND: &str = "mcp-servers";
/// Tool descriptions in a virtual SKILL.md are cut to this many characters.
pub const TOOL_DESCRIPTION_CHARS: usize = 200;

/// How the habitat reaches a registered server.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "transport", rename_all = "lowercase")]
pub enum Transport {
    /// A child process speaking MCP over its stdin and stdout.
    Stdio {
        command: String,
        #[serde(default)]
        args: Vec<String>,
        #[serde(default)]
        env: BTreeMap<String, String>,
    },
    /// A streamable HTTP endpoint.
    Http { url: String },
}

/// A registered MCP server; its name is its virtual skill's name.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct McpServer {
    pub name: String,
    #[serde(flatten)]
    pub transport: Transport,
}

/// What a refresh did to a server's virtual skill.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum VirtualSkill {
    Installed,
    Updated,
    Unchanged,
    /// A real Commons skill has the name; the virtual one stays out.
    Shadowed,
}

impl McpServer {
    /// Checks a registration: a valid skill name, a command or an http(s)
    /// URL, environment names that can name secrets.
    pub fn validate(&self) -> Result<(), Error> {
        SkillName::new(&self.name).map_err(|e| Error::Invalid(e.to_string()))?;
        match &self.transport {
            Transport::Stdio { command, .. } if command.trim().is_empty() => {
                Err(Error::Invalid("the command is empty".into()))
            }
            Transport::Stdio { env, .. } => match env.keys().find(|key| !valid_secret_key(key)) {
                Some(key) => Err(Error::Invalid(format!(
                    "environment variable '{key}' is not a valid name: it must match ^[A-Za-z_][A-Za-z0-9_]{{0,127}}$"
                ))),
                None => Ok(()),
            },
            Transport::Http { url }
                if !(url.starts_with("http://") || url.starts_with("https://")) =>
            {
                Err(Error::Invalid(format!("'{url}' is not an http(s) URL")))
            }
            Transport::Http { .. } => Ok(()),
        }
    }

    /// The environment's names (stdio only).
    fn env_keys(&self) -> Vec<String> {
        match &self.transport {
            Transport::Stdio { env, .. } => env.keys().cloned().collect(),
            Transport::Http { .. } => Vec::new(),
        }
    }

    /// A copy with every environment value replaced: by `value(key, old)`.
    fn with_env_values(&self, value: impl Fn(&str, &str) -> Option<String>) -> McpServer {
        let mut server = self.clone();
        if let Transport::Stdio { env, .. } = &mut server.transport {
            *env = env
                .iter()
                .filter_map(|(key, old)| Some((key.clone(), value(key, old)?)))
                .collect();
        }
        server
    }

    /// A copy fit for a listing: environment values masked (HAB-3).
    pub fn masked(&self) -> McpServer {
        self.with_env_values(|_, value| Some(mask(value)))
    }

    /// The virtual skill's SKILL.md document for these tools.
    pub fn virtual_skill(&self, tools: &[RemoteTool]) -> SkillDocument {
        let names: Vec<&str> = tools.iter().map(|t| t.name.as_str()).collect();
        let description = cut(
            &format!(
                "Tools of the MCP server '{}': {}.",
                self.name,
                if names.is_empty() {
                    "none listed".to_owned()
                } else {
                    names.join(", ")
                }
            ),
            MAX_DESCRIPTION_CHARS,
        );
        let (transport, reach) = match &self.transport {
            Transport::Stdio { command, args, .. } => {
                let line = std::iter::once(command)
                    .chain(args)
                    .map(|part| shell_word(part))
                    .collect::<Vec<_>>()
                    .join(" ");
                ("stdio", format!("Command: `{line}`"))
            }
            Transport::Http { url } => ("streamable HTTP", format!("URL: <{url}>")),
        };
        let mut body = format!(
            "# {name}\n\nA virtual skill: the MCP server `{name}`, registered with the habitat. \
             It is rebuilt from the server's tool list on every listing; do not edit it.\n\n\
             Transport: {transport}\n{reach}\n\n## Tools\n\n",
            name = self.name
        );
        if tools.is_empty() {
            body.push_str("The server listed no tools.\n");
        }
        for tool in tools {
            let about = cut(tool.description.trim(), TOOL_DESCRIPTION_CHARS).replace('\n', " ");
            body.push_str(&format!("- `{}`: {about}\n", tool.name));
        }
        let mut document = SkillDocument::new(&self.name, description, body);
        document.skill.origin = Origin::Mcp;
        document
    }
}

fn shell_word(word: &str) -> String {
    if !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./=:@,+".contains(c))
    {
        word.to_owned()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

/// The first `limit` characters, with `…` when cut.
fn cut(text: &str, limit: usize) -> String {
    match text.char_indices().nth(limit.saturating_sub(1)) {
        Some((end, _)) if text[end..].chars().count() > 1 => format!("{}…", &text[..end]),
        _ => text.to_owned(),
    }
}

/// Every registration, by name, with its environment's values unsealed
/// (a name whose secret was deleted is left out of the environment).
pub fn registrations(store: &Store, secrets: &SecretBox) -> Result<Vec<McpServer>, Error> {
    store
        .records::<McpServer>(RECORD_KIND)?
        .into_iter()
        .map(|(_, stored)| {
            let values = secrets.for_run(store, None, &stored.name)?;
            Ok(stored.with_env_values(|key, _| values.get(key).cloned()))
        })
        .collect()
}

/// The stored registration of `name`, environment values left out.
fn stored(store: &Store, name: &str) -> Result<Option<McpServer>, Error> {
    Ok(store
        .records::<McpServer>(RECORD_KIND)?
        .into_iter()
        .find_map(|(key, server)| (key == name).then_some(server)))
}

/// Stores a registration (replacing one of that name): the environment's
/// values as the virtual skill's Commons secrets, its names in the record.
pub fn register(store: &Store, secrets: &SecretBox, server: &McpServer) -> Result<(), Error> {
    server.validate()?;
    let keys = server.env_keys();
    if let Some(previous) = stored(store, &server.name)? {
        for gone in previous.env_keys().iter().filter(|key| !keys.contains(key)) {
            secrets.delete(store, &SecretScope::Commons, &server.name, gone)?;
        }
    }
    if let Transport::Stdio { env, .. } = &server.transport {
        for (key, value) in env {
            secrets.set(store, &SecretScope::Commons, &server.name, key, value)?;
        }
    }
    let record = server.with_env_values(|_, _| Some(String::new()));
    Ok(store.put_record(RECORD_KIND, &server.name, &record)?)
}

/// Removes a registration, its environment's secrets and its virtual
/// skill; whether there was one.
pub fn unregister(store: &mut Store, secrets: &SecretBox, name: &str) -> Result<bool, Error> {
    if let Some(previous) = stored(store, name)? {
        for key in previous.env_keys() {
            secrets.delete(store, &SecretScope::Commons, name, &key)?;
        }
    }
    let existed = store.delete_record(RECORD_KIND, name)?;
    if is_virtual(store, name) {
        store.run(|world| world.delete(&Layer::Commons, name))??;
    }
    Ok(existed)
}

fn is_virtual(store: &Store, name: &str) -> bool {
    store
        .world()
        .skill_document(&Layer::Commons, name)
        .is_ok_and(|document| document.skill.origin == Origin::Mcp)
}

/// Installs or updates `server`'s virtual skill in the Commons from its
/// tool list; a real Commons skill of the name is left alone.
pub fn apply_listing(
    store: &mut Store,
    server: &McpServer,
    tools: &[RemoteTool],
) -> Result<VirtualSkill, Error> {
    let document = server.virtual_skill(tools);
    let existing = store.world().skill_document(&Layer::Commons, &server.name);
    let outcome = match existing {
        Ok(current) if current.skill.origin != Origin::Mcp => return Ok(VirtualSkill::Shadowed),
        Ok(current)
            if current.description == document.description && current.body == document.body =>
        {
            return Ok(VirtualSkill::Unchanged);
        }
        Ok(_) => VirtualSkill::Updated,
        Err(_) => VirtualSkill::Installed,
    };
    store.run(|world| world.install(&Layer::Commons, document, Vec::new()))??;
    Ok(outcome)
}
