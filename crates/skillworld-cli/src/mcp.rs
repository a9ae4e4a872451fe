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

use crate::open::Global;
use crate::table::Table;
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
            let habitat = crate::open::open_habitat(global)?;
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

/// Registered servers as a table: tools, virtual skill, or the error of
/// listing them again.
fn print(global: &Global, refreshed: &[Refreshed]) {
    let mut table = Table::new(&["SERVER", "TOOLS", "SKILL", "ERROR"]);
    for one in refreshed {
        let skill = one
            .skill
            .as_ref()
            .map(|skill| json!(skill).as_str().unwrap_or_default().to_owned());
        let cells = vec![
            one.server.name.clone(),
            one.tools.len().to_string(),
            skill.unwrap_or_else(|| "-".to_owned()),
            one.error.clone().unwrap_or_default(),
        ];
        table.row(json!(one), cells);
    }
    table.print(global);
}

/// Registrations go through a habitat over the database: the environment's
/// values are sealed with its secret key.
pub fn server(global: &Global, action: McpServerAction) -> Result<bool, Failure> {
    let habitat = crate::open::open_habitat(global)?;
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
            let ok = refreshed.error.is_none();
            print(global, &[refreshed]);
            Ok(ok)
        }
        McpServerAction::List => {
            let servers = runtime
                .block_on(habitat.read(|store| registrations(store, secrets)))
                .map_err(failed)?;
            let refreshed: Vec<Refreshed> = servers
                .into_iter()
                .map(|server| runtime.block_on(refresh_habitat(&habitat, server)))
                .collect();
            if refreshed.is_empty() && !global.json {
                eprintln!("no MCP servers yet; run: skillworld mcp-server add NAME --url URL");
            }
            print(global, &refreshed);
            Ok(refreshed.iter().all(|one| one.error.is_none()))
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
