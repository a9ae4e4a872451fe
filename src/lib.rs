//! skillworld: a runtime that keeps an AI agent's skills as entities in a
//! two-layer world (one shared Commons, one private overlay per agent).
//!
//! This facade re-exports the workspace crates: [`core`] (the data model),
//! [`format`] (SKILL.md and bundles) and [`world`] (the ECS skill world:
//! layers, resolution, catalogs, disclosure).
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
pub use skillworld_format as format;
pub use skillworld_world as world;
