use serde::{Deserialize, Serialize};
use skillworld_core::{Origin, Skill};

/// Everything a SKILL.md says: the entity fields of a skill (name,
/// description, body, tags) and its `skill` component. Runtime state
/// (usage, lifecycle, resources) stays at its defaults here.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SkillDocument {
    pub name: String,
    pub description: String,
    pub body: String,
    pub tags: Vec<String>,
    pub skill: Skill,
}

impl SkillDocument {
    /// A document with the given name, description and body, origin `user`.
    pub fn new(
        name: impl Into<String>,
        description: impl Into<String>,
        body: impl Into<String>,
    ) -> Self {
        SkillDocument {
            name: name.into(),
            description: description.into(),
            body: body.into(),
            tags: Vec::new(),
            skill: Skill::new(Origin::User),
        }
    }
}

/// What is known about where a SKILL.md came from.
#[derive(Clone, Copy, Debug, Default)]
pub struct Source<'a> {
    /// The folder holding the SKILL.md (for a zip: the folder inside it,
    /// else the zip's stem).
    pub dir_name: Option<&'a str>,
    /// The file's own name, to notice `skill.md` and `Skill.md`.
    pub file_name: Option<&'a str>,
    /// A path or URL recorded as the import source.
    pub location: Option<&'a str>,
}
