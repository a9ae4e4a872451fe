//! `mcp` (an agent's skills as an MCP server on stdio) and `mcp-server`
//! (MCP servers whose tools become virtual skills, HAB-5).

use std::collections::BTreeMap;
use std::sync::Arc;

use serde_json::json;
use skillworld_mcp::{
    Backend, McpServer, Refreshed, SkillServer, Transport, refresh_habitat, register,
    registrations, serve_stdio, unregister,
};
use skillworld_world::Budget;

use crate::world::Global;
use crate::{Failure, McpServerAction};

fn runtime() -> Result<tokio::runtime::Runtime, Failure> {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| Failure::usage(format!("cannot start the runtime: {e}")))
}

/// Serves `agent`'s skills on stdin/stdout until stdin closes: over the
/// database, or over the habitat at `url` with `token`.
pub fn serve(
    global: &Global,
    agent: &str,
    remote: Option<(String, String)>,
    tokens: u64,
) -> Result<bool, Failure> {
    let runtime = runtime()?;
    let backend = match remote {
        Some((url, token)) => {
            Backend::remote(&url, &token).map_err(|e| Failure::usage(e.to_string()))?
        }
        None => {
            let habitat = crate::habitat::open_habitat(global)?;
            runtime
                .block_on(habitat.read(|store| store.world().agent(agent).map(drop)))
                .map_err(|e| Failure::usage(e.to_string()))?;
            Backend::Local(Arc::new(habitat))
        }
    };
    let server = SkillServer::new(backend, agent).with_budget(Budget::Tokens(tokens));
    runtime
        .block_on(serve_stdio(server))
        .map_err(|e| Failure::failed(e.to_string()))?;
    Ok(true)
}

fn print(global: &Global, refreshed: &Refreshed) {
    if global.json {
        crate::say(json!(refreshed));
        return;
    }
    let name = &refreshed.server.name;
    match (&refreshed.skill, &refreshed.error) {
        (_, Some(error)) => crate::say(format!("{name}\terror: {error}")),
        (Some(skill), None) => crate::say(format!(
            "{name}\t{} tool(s)\tvirtual skill {}",
            refreshed.tools.len(),
            json!(skill).as_str().unwrap_or_default()
        )),
        (None, None) => crate::say(name),
    }
}

/// Registrations go through a habitat over the database: the environment's
/// values are sealed with its secret key.
pub fn server(global: &Global, action: McpServerAction) -> Result<bool, Failure> {
    let habitat = crate::habitat::open_habitat(global)?;
    let secrets = habitat.secrets();
    let failed = |e: skillworld_mcp::Error| Failure::failed(e.to_string());
    let runtime = runtime()?;
    match action {
        McpServerAction::Add {
            name,
            command,
            url,
            env,
        } => {
            let transport = match (command.split_first(), url) {
                (Some((command, args)), None) => Transport::Stdio {
                    command: command.clone(),
                    args: args.to_vec(),
                    env: environment(&env)?,
                },
                (None, Some(url)) => Transport::Http { url },
                _ => return Err(Failure::usage("give --command CMD [ARG…] or --url URL")),
            };
            let server = McpServer { name, transport };
            server
                .validate()
                .map_err(|e| Failure::usage(e.to_string()))?;
            runtime
                .block_on(habitat.read(|store| register(store, secrets, &server)))
                .map_err(failed)?;
            let refreshed = runtime.block_on(refresh_habitat(&habitat, server));
            print(global, &refreshed);
            Ok(refreshed.error.is_none())
        }
        McpServerAction::List => {
            let servers = runtime
                .block_on(habitat.read(|store| registrations(store, secrets)))
                .map_err(failed)?;
            let mut ok = true;
            for server in servers {
                let refreshed = runtime.block_on(refresh_habitat(&habitat, server));
                ok &= refreshed.error.is_none();
                print(global, &refreshed);
            }
            Ok(ok)
        }
        McpServerAction::Remove { name } => {
            let removed = runtime
                .block_on(habitat.read(|store| unregister(store, secrets, &name)))
                .map_err(failed)?;
            if !removed {
                return Err(Failure::failed(format!(
                    "no MCP server '{name}'; run: skillworld mcp-server list"
                )));
            }
            crate::say(if global.json {
                json!({"ok": true, "removed": name}).to_string()
            } else {
                format!("removed {name}")
            });
            Ok(true)
        }
    }
}

/// `KEY=VALUE` pairs.
fn environment(pairs: &[String]) -> Result<BTreeMap<String, String>, Failure> {
    pairs
        .iter()
        .map(|pair| {
            pair.split_once('=')
                .filter(|(key, _)| !key.is_empty())
                .map(|(key, value)| (key.to_owned(), value.to_owned()))
                .ok_or_else(|| Failure::usage(format!("--env '{pair}' is not KEY=VALUE")))
        })
        .collect()
}
