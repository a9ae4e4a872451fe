//! Self-evolution for skillworld (SPEC §6, EVO-2): the background review
//! runs that keep an agent's skill library useful.
//!
//! An **evolve** run asks "did this turn produce a reusable procedure?"; a
//! **maintain** run asks "is the library healthy?". Either is a short loop
//! over a [`ReviewModel`] — at most [`MAX_ITERATIONS`] model calls and
//! [`MAX_DURATION`] — that may call only the read and write `skill_*`
//! tools, as an invisible caller of the world, with the builtin
//! `skill-curation` body in its prompt. Its writes are ordinary journaled
//! commands; the run itself is recorded in the store. A run appends
//! nothing to the conversation, and an agent has at most one run at a time
//! (a second is refused). See `docs/evolve.md`.
//!
//! ```
//! use serde_json::json;
//! use skillworld_evolve::{Reply, ReviewRequest, ScriptedModel, review};
//! use skillworld_store::{OpenOptions, RunStatus, Store, shipped_commons};
//! use skillworld_world::{CatalogRequest, TurnMessage};
//!
//! let dir = tempfile::tempdir().unwrap();
//! let options = OpenOptions { seed: shipped_commons(), ..OpenOptions::default() };
//! let mut store = Store::open(&dir.path().join("world.redb"), options).unwrap();
//! store.run(|w| w.add_agent("ada", None)).unwrap().unwrap();
//!
//! let turn = [TurnMessage::User { content: "Tag and push the release.".into() }];
//! let model = ScriptedModel::new([
//!     Reply::call("skill_create", json!({
//!         "name": "release",
//!         "description": "Releases a version: tag, then push.",
//!         "content": "1. git tag vX.Y.Z\n2. git push --tags\n",
//!     })),
//!     Reply::text("created release"),
//! ]);
//! let request = ReviewRequest::evolve("ada", &turn, "forced by /learn");
//! let run = review(&mut store, &request, &model).unwrap();
//! assert_eq!(run.status, RunStatus::Ok);
//! assert_eq!(run.iterations, 2);
//!
//! let catalog = store.run(|w| w.catalog("ada", &CatalogRequest::default())).unwrap().unwrap();
//! assert!(catalog.contains("**release**"));
//! assert_eq!(store.review_runs(Some("ada")).unwrap()[0].run_name, run.run_name);
//! ```

pub use chat::{ChatCommand, parse_chat_command};
pub use error::EvolveError;
pub use model::{ChatMessage, ModelError, ModelFuture, Reply, ReviewModel, ToolCall, ToolSchema};
pub use openai::{OpenAiCompatible, OpenAiConfig};
pub use prompt::{
    MESSAGE_CHARS, RECENT_MESSAGES, ReviewMode, TRACE_CHARS, data_message, system_prompt,
};
pub use reviewer::{Reviewer, Scheduled};
pub use run::{
    CURATION_SKILL, MAX_DURATION, MAX_ITERATIONS, ReviewRequest, RunLimits, StoreAccess,
    is_review_tool, review, review_tools, review_with,
};
pub use scripted::ScriptedModel;

mod chat;
mod error;
mod model;
mod openai;
mod prompt;
mod reviewer;
mod run;
mod scripted;
