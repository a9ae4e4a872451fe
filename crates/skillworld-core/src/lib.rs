//! The skillworld data model: plain serde data shared by every other crate.
//!
//! A skill is an entity ([`EntityRecord`], primary component `skill`) with a
//! [`Skill`] component; its bundle files are [`SkillResource`] entities.
//! Names and limits follow MOD-5 and MOD-6 of the specification.
//!
//! ```
//! use skillworld_core::{name_problems, slugify, Origin, Skill, SkillName};
//!
//! assert!(SkillName::new("pdf-tools").is_ok());
//! assert_eq!(
//!     name_problems("PDF")[0].to_string(),
//!     "Skill name 'PDF' must be lowercase"
//! );
//! assert_eq!(slugify("PDF Tools").unwrap().as_str(), "pdf-tools");
//!
//! let skill = Skill::new(Origin::Evolved);
//! assert!(skill.origin.is_autonomous() && skill.enabled);
//! ```
//!
//! With the `bevy` feature the components derive `bevy_ecs::component::Component`.

pub use body::{BlobSource, Body, BodyError};
pub use entity::{EntityRecord, PrimaryComponent};
pub use id::{IdAllocator, StableId};
pub use json_map::JsonMap;
pub use keyword::UnknownKeyword;
pub use mime::mime_of;
pub use name::{NameError, SkillName, name_problems, nfkc, slugify};
pub use resource::{Bucket, ResourceBody, SkillResource};
pub use skill::{
    ArgStyle, CopiedFrom, Lifecycle, Origin, ParamType, Parameter, Preflight, Proposal,
    ProposalOutcome, Provenance, Readiness, Requires, RequiresBox, ResourceKind, ResourceRef,
    ScanFinding, ScanStatus, ScriptSpec, Skill, Status, Usage,
};
pub use time::Timestamp;
pub use trust::Trust;

pub mod limits;

mod body;
mod entity;
mod id;
mod json_map;
mod keyword;
mod mime;
mod name;
mod resource;
mod skill;
mod time;
mod trust;
