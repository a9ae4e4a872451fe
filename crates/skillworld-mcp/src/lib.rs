//! MCP both ways. **Serving**: an agent's skills as an MCP server — the
//! `skill_*` tools its capability policy allows and its live script tools,
//! each skill's SKILL.md and bundle files as `skill://NAME/PATH`
//! resources, one prompt per skill with its FMT-6 parameters, and the
//! catalog as instructions — over stdio ([`serve_stdio`]) or streamable
//! HTTP under a habitat ([`mcp_routes`]). Skills come from a [`Backend`]:
//! a habitat in this process, or a running habitat over its HTTP API.
//! **Consuming** (HAB-5): registered MCP servers ([`McpServer`]) are
//! listed as a client and become read-only virtual skills in the Commons.
//!
//! ```
//! # #[tokio::main(flavor = "current_thread")] async fn main() {
//! use std::sync::Arc;
//! use rmcp::ServiceExt;
//! use skillworld_habitat::{Habitat, HabitatOptions};
//! use skillworld_mcp::{Backend, SkillServer};
//! use skillworld_store::{OpenOptions, Store};
//!
//! let dir = tempfile::tempdir().unwrap();
//! let mut store = Store::open(&dir.path().join("world.redb"), OpenOptions::default()).unwrap();
//! store.run(|world| world.add_agent("ada", None)).unwrap().unwrap();
//! let habitat = Arc::new(Habitat::new(store, HabitatOptions::new(dir.path())).unwrap());
//!
//! // Serve ada's skills on one end of a pipe, and list them from the other.
//! let (server_end, client_end) = tokio::io::duplex(64 * 1024);
//! let server = SkillServer::new(Backend::Local(habitat), "ada");
//! tokio::spawn(async move {
//!     if let Ok(running) = server.serve(server_end).await {
//!         let _ = running.waiting().await;
//!     }
//! });
//! let client = ().serve(client_end).await.unwrap();
//! let tools = client.list_all_tools().await.unwrap();
//! assert!(tools.iter().any(|tool| tool.name == "skill_search"));
//! # client.cancel().await.unwrap();
//! # }
//! ```

pub use backend::Backend;
pub use client::{LIST_TIMEOUT, list_tools};
pub use entries::{SkillDetail, SkillEntry, ToolDef};
pub use error::Error;
pub use http::mcp_routes;
pub use lines::{serve_lines, serve_stdio};
pub use refresh::{Refreshed, refresh_habitat};
pub use registry::{
    McpServer, RECORD_KIND, RemoteTool, TOOL_DESCRIPTION_CHARS, Transport, VirtualSkill,
    apply_listing, register, registrations, unregister,
};
pub use remote::Remote;
pub use server::{
    CATALOG_URI, DEFAULT_INSTRUCTIONS_BUDGET, RESOURCE_SCHEME, SkillServer, TRUST_META_KEY,
};

mod backend;
mod client;
mod entries;
mod error;
mod http;
mod lines;
mod local;
mod refresh;
mod registry;
mod remote;
mod server;
