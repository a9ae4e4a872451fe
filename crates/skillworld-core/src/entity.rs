use serde::{Deserialize, Serialize};

use crate::{Body, BodyError, StableId, Timestamp};

/// Which component gives an entity its meaning (MOD-3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PrimaryComponent {
    World,
    Agent,
    Skill,
    SkillResource,
    ObjectFile,
}

/// The fields every entity has (MOD-3). For a skill, `title` is its name,
/// `summary` its description and `content` its Markdown body (read it
/// through [`EntityRecord::body`]: it may still be in the store). Immutable in
/// the ECS: a change inserts a new value, so the indexes kept by hooks can
/// never miss one.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(
    feature = "bevy",
    derive(bevy_ecs::component::Component),
    component(immutable)
)]
pub struct EntityRecord {
    pub id: StableId,
    pub title: String,
    pub summary: String,
    pub content: Body,
    /// The world the entity lives in; `None` for worlds themselves.
    pub world: Option<StableId>,
    pub pinned: bool,
    pub tags: Vec<String>,
    pub created_at: Timestamp,
    pub updated_at: Timestamp,
    pub deleted_at: Option<Timestamp>,
    pub primary: PrimaryComponent,
}

impl EntityRecord {
    pub fn is_deleted(&self) -> bool {
        self.deleted_at.is_some()
    }

    /// The body's text, read from the store on first use; an error names
    /// the entity and the blob.
    pub fn body(&self) -> Result<&str, BodyError> {
        self.content.text().map_err(|error| self.named(error))
    }

    /// Reads the body without keeping a stored one in memory; an error
    /// names the entity and the blob.
    pub fn with_body<R>(&self, read: impl FnOnce(&str) -> R) -> Result<R, BodyError> {
        self.content
            .with_text(read)
            .map_err(|error| self.named(error))
    }

    fn named(&self, error: BodyError) -> BodyError {
        BodyError {
            entity: self.title.clone(),
            ..error
        }
    }
}
