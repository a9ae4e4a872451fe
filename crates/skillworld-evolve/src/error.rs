use skillworld_store::StoreError;
use skillworld_world::WorldError;
use thiserror::Error;

use crate::run::CURATION_SKILL;

/// Why a review run did not start, or could not be recorded.
#[derive(Debug, Error)]
pub enum EvolveError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error(transparent)]
    World(#[from] WorldError),
    #[error("the builtin skill '{CURATION_SKILL}' is neither in the world's commons nor shipped")]
    NoCuration,
    #[error("review() runs its own runtime and was called inside one; use review_with there")]
    InsideRuntime,
    #[error("cannot start a runtime for the review: {0}")]
    Runtime(std::io::Error),
}
