//! skillworld: a runtime that keeps an AI agent's skills as entities in a
//! two-layer world (one shared Commons, one private overlay per agent).
//!
//! This facade re-exports the workspace crates:
//! [`core`] (the data model) and [`format`] (SKILL.md and bundles).
//!
//! ```
//! let parsed = skillworld::format::parse_skill_md(
//!     "---\nname: hello\ndescription: Says hello.\n---\nSay hello.\n",
//!     skillworld::format::Mode::Strict,
//! )
//! .unwrap();
//! assert_eq!(parsed.document.name, "hello");
//! ```

pub use skillworld_core as core;
pub use skillworld_format as format;
