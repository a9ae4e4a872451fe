//! The error shape of every route but the tool calls (HAB-1):
//! `{"error":{"code","message"}}` with the fitting status.

use axum::Json;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::json;
use skillworld_format::BundleError;
use skillworld_store::StoreError;
use skillworld_world::{ContentError, LoadError, ProposalError, WorldError};

use crate::secrets::SecretError;
use crate::{FetchError, HabitatError};

/// An error answer.
#[derive(Debug)]
pub struct ApiError {
    pub status: StatusCode,
    pub code: &'static str,
    pub message: String,
}

impl ApiError {
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> Self {
        ApiError {
            status,
            code,
            message: message.into(),
        }
    }

    pub fn bad_request(message: impl Into<String>) -> Self {
        ApiError::new(StatusCode::BAD_REQUEST, "bad_request", message)
    }

    pub fn unauthorized(message: impl Into<String>) -> Self {
        ApiError::new(StatusCode::UNAUTHORIZED, "unauthorized", message)
    }

    /// What the caller may not see, or what does not exist: the same
    /// answer, so nothing leaks (HAB-2).
    pub fn not_found(what: impl std::fmt::Display) -> Self {
        ApiError::new(
            StatusCode::NOT_FOUND,
            "not_found",
            format!("{what} not found"),
        )
    }

    pub fn forbidden(message: impl Into<String>) -> Self {
        ApiError::new(StatusCode::FORBIDDEN, "forbidden", message)
    }

    pub fn conflict(message: impl Into<String>) -> Self {
        ApiError::new(StatusCode::CONFLICT, "conflict", message)
    }

    pub fn invalid(message: impl Into<String>) -> Self {
        ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "invalid", message)
    }

    pub fn internal(message: impl Into<String>) -> Self {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "internal", message)
    }

    pub fn too_large(message: impl Into<String>) -> Self {
        ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, "too_large", message)
    }

    /// A refusal known only by its status (a body extractor's, the MCP
    /// transport's), in the error shape of every route.
    pub fn refused(status: StatusCode, message: impl Into<String>) -> Self {
        let code = match status {
            StatusCode::BAD_REQUEST => "bad_request",
            StatusCode::NOT_FOUND => "not_found",
            StatusCode::METHOD_NOT_ALLOWED => "method_not_allowed",
            StatusCode::NOT_ACCEPTABLE => "not_acceptable",
            StatusCode::PAYLOAD_TOO_LARGE => "too_large",
            StatusCode::UNSUPPORTED_MEDIA_TYPE => "unsupported_media_type",
            status if status.is_server_error() => "internal",
            _ => "refused",
        };
        ApiError::new(status, code, message)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = Json(json!({"error": {"code": self.code, "message": self.message}}));
        if self.status == StatusCode::UNAUTHORIZED {
            return (self.status, [(header::WWW_AUTHENTICATE, "Bearer")], body).into_response();
        }
        (self.status, body).into_response()
    }
}

impl From<WorldError> for ApiError {
    fn from(error: WorldError) -> Self {
        let message = error.to_string();
        match error {
            WorldError::UnknownAgent(agent) => ApiError::not_found(format!("agent '{agent}'")),
            WorldError::UnknownSkill(skill) => ApiError::not_found(format!("skill '{skill}'")),
            WorldError::Load(LoadError::Unknown(_)) => {
                ApiError::new(StatusCode::NOT_FOUND, "not_found", message)
            }
            WorldError::UnknownRevision { .. } | WorldError::UnknownLesson { .. } => {
                ApiError::new(StatusCode::NOT_FOUND, "not_found", message)
            }
            WorldError::SkillExists(_) => {
                ApiError::new(StatusCode::CONFLICT, "skill_exists", message)
            }
            WorldError::AgentExists(_) => ApiError::conflict(message),
            WorldError::Conflict { .. } => {
                ApiError::new(StatusCode::CONFLICT, "revision_conflict", message)
            }
            WorldError::BoundSkill { .. } => {
                ApiError::new(StatusCode::CONFLICT, "bound_skill", message)
            }
            WorldError::AgentDisabled(_) => ApiError::conflict(message),
            WorldError::CopyRefused { .. } => ApiError::forbidden(message),
            WorldError::Content(ContentError::BadSignature { .. }) => {
                ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "bad_signature", message)
            }
            WorldError::Proposal(ProposalError::Unknown { .. }) => {
                ApiError::new(StatusCode::NOT_FOUND, "not_found", message)
            }
            WorldError::Proposal(ProposalError::Expired { .. }) => {
                ApiError::new(StatusCode::CONFLICT, "proposal_expired", message)
            }
            WorldError::Proposal(ProposalError::AdminOnly(_)) => ApiError::forbidden(message),
            // The store failed, not the request (issue 19: a body read late).
            WorldError::Body(_) => ApiError::internal(message),
            _ => ApiError::invalid(message),
        }
    }
}

impl From<StoreError> for ApiError {
    fn from(error: StoreError) -> Self {
        match error {
            StoreError::World(world) => world.into(),
            StoreError::UnknownSnapshot(_) => {
                ApiError::new(StatusCode::NOT_FOUND, "not_found", error.to_string())
            }
            StoreError::SnapshotExists(_) => ApiError::conflict(error.to_string()),
            // STO-7: a node without its database refuses writes, now.
            StoreError::Unavailable(_) => ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "store_unavailable",
                error.to_string(),
            ),
            StoreError::Replicated(_) => ApiError::conflict(error.to_string()),
            other => ApiError::internal(other.to_string()),
        }
    }
}

impl From<SecretError> for ApiError {
    fn from(error: SecretError) -> Self {
        match error {
            SecretError::InvalidKey(_) => ApiError::invalid(error.to_string()),
            SecretError::Store(store) => store.into(),
            other => ApiError::internal(other.to_string()),
        }
    }
}

impl From<HabitatError> for ApiError {
    fn from(error: HabitatError) -> Self {
        match error {
            HabitatError::Store(e) => e.into(),
            HabitatError::World(e) => e.into(),
            HabitatError::Secret(e) => e.into(),
            HabitatError::Binding(crate::BindingError::World(e)) => e.into(),
            HabitatError::Binding(crate::BindingError::Secret(e)) => e.into(),
            other => ApiError::internal(other.to_string()),
        }
    }
}

impl From<BundleError> for ApiError {
    fn from(error: BundleError) -> Self {
        let message = format!("the bundle was refused: {error}");
        match error {
            BundleError::BundleTooLarge { .. }
            | BundleError::FileTooLarge { .. }
            | BundleError::InflatesTooLarge { .. }
            | BundleError::TooManyFiles { .. } => ApiError::too_large(message),
            _ => ApiError::invalid(message),
        }
    }
}

impl From<FetchError> for ApiError {
    fn from(error: FetchError) -> Self {
        let message = error.to_string();
        match error {
            FetchError::Bundle(bundle) => bundle.into(),
            FetchError::Restricted { .. } => ApiError::forbidden(message),
            FetchError::TooLarge { .. } => ApiError::too_large(message),
            FetchError::BadUrl { .. } | FetchError::Sha256Mismatch { .. } => {
                ApiError::invalid(message)
            }
            // The URL named something that could not be fetched: the
            // request cannot be carried out as given (not the habitat's
            // own failure).
            FetchError::Resolve { .. } | FetchError::Http { .. } | FetchError::Timeout { .. } => {
                ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "fetch_failed", message)
            }
        }
    }
}
