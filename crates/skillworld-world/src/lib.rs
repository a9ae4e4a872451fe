//! The skill world on bevy_ecs: one Commons, one private world per agent,
//! resolution by name through each agent's layer stack, budgeted catalogs
//! and progressive disclosure.
//!
//! Skills, their bundle files, worlds and agents are entities. A skill's
//! `EntityRecord` and `Skill` components are immutable in the ECS: every
//! change inserts a new value, so the hooks that keep the name index and
//! the per-world change sets never miss one. The resolution system applies
//! those changes to per-world lists kept in the recommended order; each
//! agent's view (which entries a higher layer shadows) is recomputed only
//! when a list's shape or the agent changed.
//!
//! ```
//! use skillworld_core::Timestamp;
//! use skillworld_format::SkillDocument;
//! use skillworld_world::{CatalogRequest, Clock, Layer, LoadRequest, SkillWorld, WorldSettings};
//!
//! let settings = WorldSettings { clock: Clock::Simulated(Timestamp::from_millis(0)), platform: None };
//! let mut world = SkillWorld::new(settings);
//! world.add_agent("ada", None).unwrap();
//! world.create(&Layer::Commons, SkillDocument::new("greet", "Greets people.", "Say hello.\n")).unwrap();
//! world.create(&Layer::Agent("ada".into()), SkillDocument::new("greet", "Greets Ada's way.", "Wave.\n")).unwrap();
//!
//! let catalog = world.catalog("ada", &CatalogRequest::default()).unwrap();
//! assert_eq!(catalog, "- **greet**: Greets Ada's way.\n");
//! let loaded = world.load("ada", LoadRequest { name: "greet", ..Default::default() }).unwrap();
//! assert_eq!(loaded.text, "Wave.\n");
//!
//! world.delete(&Layer::Agent("ada".into()), "greet").unwrap();
//! let catalog = world.catalog("ada", &CatalogRequest::default()).unwrap();
//! assert_eq!(catalog, "- **greet**: Greets people.\n");
//! ```

pub use agent::{Agent, AgentUsage, RECENT_LOADS, SKILL_TOOLS, ToolSets};
pub use approval::{ADMIN_PROPOSER, ProposalState, ProposalView, needs_approval};
pub use approval_settings::{ApprovalMode, ApprovalSettings, DEFAULT_PROPOSAL_DAYS};
pub use builder::WorldBuilder;
pub use catalog::{
    Budget, CatalogFormat, CatalogRequest, Entry, HostPlatform, Line, LoadRanking,
    RECENT_INSTALL_DAYS, Scores, TIER_SIZE, TermIndex, cut, render, token_limits,
};
pub use changes::Changes;
pub use clock::Clock;
pub use command::{
    AgentChange, Applied, Caller, CallerKind, Command, Envelope, InstallOutcome, InstallRules,
    Installed, OnCollision, Prescan, Switches, prehash, prescan, prescan_named,
};
pub use curator::{
    CuratorReport, CuratorScope, CuratorSettings, CuratorState, KEPT_REPORTS,
    SCHEDULED_DRY_RUN_HOURS, Transition,
};
pub use error::{ContentError, LoadError, PatchError, ProposalError, WorldError};
pub use evolve::{
    GateDecision, SKILL_WRITE_TOOLS, TOOL_CALLS_WORTH_REVIEW, TurnMessage, evolve_gate,
    is_error_result,
};
pub use guard::{GuardRefusal, check_autonomous};
pub use host::{LIST_LIMIT, ListItem, ListQuery, Listing, LoadRequest, Loaded, SkillRow};
pub use index::{Entities, LayerChanges, NameIndex, SourceIndex};
pub use inspect::{FileInfo, SkillView};
pub use layers::{Access, Grant, Layer, WorldConfig, WorldConfigError};
pub use paging::{PAGE_MAX_CHARS, PAGE_MAX_LINES, PAGE_THRESHOLD_CHARS, pages};
pub use policy::{
    CommonsWrites, DEFAULT_HARD_DENY, DeleteMode, Effective, Fragment, PolicySettings,
    effective_tools, merge, restricted,
};
pub use revisions::{KEPT_REVISIONS, Revision, Revisions};
pub use scripts::{MAX_TOOL_NAME, ScriptCall, ScriptTool, script_schema, script_tool_name};
pub use simulation::{
    SimRng, Simulation, SimulationError, SimulationSettings, TickReport, Turn, TurnError,
};
pub use snapshot::{
    EntityState, ResourceOwners, STATE_VERSION, SkillState, StateError, WorldGlobals, WorldState,
    note_owner,
};
pub use state::{ObjectBytes, SkillWorld, WorldSettings};
pub use tools::{ToolSpec, tool_specs};
pub use trust::{KEY_LEVELS, TrustPolicy, TrustedKey, TrustedKeys};
pub use usage::{AgentRuns, KEPT_LESSONS, KEPT_RUNS, Lesson, Lessons};

mod agent;
mod approval;
mod approval_settings;
mod builder;
mod catalog;
#[cfg(debug_assertions)]
mod change_check;
mod change_log;
mod changes;
mod clock;
mod command;
mod curator;
mod diff;
mod error;
mod evolve;
mod guard;
mod host;
mod index;
mod inspect;
mod install;
mod layers;
mod paging;
mod policy;
mod reads;
mod revisions;
mod scripts;
mod simulation;
mod snapshot;
mod state;
mod tools;
mod trust;
mod usage;
