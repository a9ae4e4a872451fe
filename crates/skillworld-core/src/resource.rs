use serde::{Deserialize, Serialize};

use crate::keyword::keyword_enum;
use crate::{Body, BodyError, StableId};

keyword_enum! {
    /// The folders of a skill bundle (MOD-5).
    Bucket, "bundle folder" {
        Scripts => "scripts",
        References => "references",
        Assets => "assets",
        Templates => "templates",
    }
}

impl Bucket {
    /// The bucket a bundle path (`scripts/run.sh`) belongs to.
    pub fn of_path(path: &str) -> Option<Bucket> {
        path.split_once('/')
            .and_then(|(first, _)| first.parse().ok())
    }

    /// Buckets that hold text only; binaries there are skipped (FMT-7).
    pub fn is_text_only(self) -> bool {
        !matches!(self, Bucket::Assets)
    }
}

/// The bytes of a resource: text kept with it, anything else as an object
/// addressed by its content hash. The text is a [`Body`]: a world opened
/// from a store leaves a long file's text there until it is first read
/// (issue 19), and it serialises as the plain string either way.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ResourceBody {
    Text(Body),
    ObjectFile { cid: String, mime: String },
}

/// A bundle file as a companion entity of its skill (MOD-5).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(
    feature = "bevy",
    derive(bevy_ecs::component::Component),
    component(immutable)
)]
pub struct SkillResource {
    pub skill_id: StableId,
    /// Path inside the bundle, `/`-separated, e.g. `scripts/run.sh`.
    pub path: String,
    pub body: ResourceBody,
    /// Lowercase hex sha256 of the bytes.
    pub sha256: String,
    pub size: u64,
    pub executable: bool,
}

impl SkillResource {
    /// A text file's text, read from the store the first time (issue 19);
    /// `None` for a binary file. A read that fails names the file.
    pub fn text(&self) -> Option<Result<&str, BodyError>> {
        match &self.body {
            ResourceBody::Text(text) => Some(text.text().map_err(|error| BodyError {
                entity: self.path.clone(),
                ..error
            })),
            ResourceBody::ObjectFile { .. } => None,
        }
    }
}
