//! Why serving or consuming MCP failed.

use skillworld_habitat::{HabitatError, SecretError};
use skillworld_store::StoreError;
use skillworld_world::WorldError;
use thiserror::Error;

/// An error of this crate. Requests that name something the agent may not
/// see answer [`Error::NotFound`], exactly like what does not exist.
#[derive(Debug, Error)]
pub enum Error {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error(transparent)]
    World(#[from] WorldError),
    #[error(transparent)]
    Habitat(#[from] HabitatError),
    /// A registration's environment could not be sealed or unsealed.
    #[error(transparent)]
    Secret(#[from] SecretError),
    #[error("{0} not found")]
    NotFound(String),
    #[error("{0}")]
    Invalid(String),
    /// The habitat over HTTP answered with an error.
    #[error("the habitat answered {status}: {message}")]
    Remote { status: u16, message: String },
    /// The habitat over HTTP could not be reached or answered nonsense.
    #[error("the habitat at {url}: {reason}")]
    Http { url: String, reason: String },
    /// A registered MCP server could not be reached or listed.
    #[error("MCP server '{name}': {reason}")]
    Client { name: String, reason: String },
}
