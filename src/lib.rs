//! skillworld: a runtime that keeps an AI agent's skills as entities in a
//! two-layer world (one shared Commons, one private overlay per agent).
//!
//! This facade re-exports the workspace crates: [`core`] (the data model),
//! [`format`] (SKILL.md and bundles), [`scan`] (content security),
//! [`world`] (the ECS skill world: layers, resolution, catalogs, disclosure,
//! tools, policy, curator), [`store`] (persistence), [`evolve`] (the
//! self-evolution review runs), [`habitat`] (the HTTP server, tokens,
//! secrets, preflight and script runner) and [`mcp`] (skills served over
//! MCP, MCP servers as virtual skills), and opens persistent worlds with
//! [`open`].
//!
//! ```
//! use skillworld::format::{import_skill_md, validate_strict, Source};
//!
//! let text = b"---\nname: hello\ndescription: Says hello.\n---\nSay hello.\n";
//! let imported = import_skill_md(text, &Source::default()).unwrap();
//! assert_eq!(imported.document.name, "hello");
//! assert!(validate_strict(text, &Source::default()).errors.is_empty());
//! ```

pub use skillworld_core as core;
pub use skillworld_evolve as evolve;
pub use skillworld_format as format;
pub use skillworld_habitat as habitat;
pub use skillworld_mcp as mcp;
pub use skillworld_sandbox as sandbox;
pub use skillworld_scan as scan;
pub use skillworld_store as store;
pub use skillworld_world as world;

/// Opens the world in the redb file at `path` on the wall clock — or
/// creates it, seeded with the shipped Commons — and syncs the shipped
/// Commons into it (STO-4).
///
/// ```
/// let dir = tempfile::tempdir().unwrap();
/// let mut store = skillworld::open(&dir.path().join("world.redb")).unwrap();
/// store.run(|w| w.add_agent("ada", None)).unwrap().unwrap();
/// let catalog = store.run(|w| w.catalog("ada", &Default::default())).unwrap().unwrap();
/// assert!(catalog.contains("skill-curation"));
/// ```
pub fn open(path: &std::path::Path) -> Result<store::Store, store::StoreError> {
    store::open_with_shipped(path, store::OpenOptions::default())
}
