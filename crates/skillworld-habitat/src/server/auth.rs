//! HAB-2: who is calling, and what they may see and do. Whatever a caller
//! may not see answers 404, exactly like what does not exist.

use std::sync::Arc;

use axum::extract::FromRequestParts;
use axum::http::HeaderMap;
use axum::http::header::AUTHORIZATION;
use axum::http::request::Parts;
use skillworld_world::{Access, Layer, SkillWorld};

use super::error::ApiError;
use crate::Habitat;
use crate::tokens::{TokenKind, TokenRecord};

/// The authenticated caller of a request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Principal {
    Admin,
    Agent { name: String, read_only: bool },
}

/// The token record a request's bearer token names, looked up once per
/// request (by the tracing layer) and kept in its extensions.
#[derive(Clone)]
pub struct Authenticated(pub Option<TokenRecord>);

/// The bearer token of a request, or why there is none.
pub fn bearer(headers: &HeaderMap) -> Result<&str, ApiError> {
    let header = headers
        .get(AUTHORIZATION)
        .ok_or_else(|| ApiError::unauthorized("a bearer token is required"))?;
    header
        .to_str()
        .ok()
        .and_then(|value| value.strip_prefix("Bearer "))
        .map(str::trim)
        .ok_or_else(|| ApiError::unauthorized("the Authorization header is not 'Bearer TOKEN'"))
}

impl FromRequestParts<Arc<Habitat>> for Principal {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut Parts,
        habitat: &Arc<Habitat>,
    ) -> Result<Self, Self::Rejection> {
        let token = bearer(&parts.headers)?;
        let record = match parts.extensions.get::<Authenticated>() {
            Some(Authenticated(record)) => record.clone(),
            None => habitat.tokens().authenticate(token).cloned(),
        }
        .ok_or_else(|| ApiError::unauthorized("the token is not valid or was revoked"))?;
        match (record.kind, record.agent) {
            (TokenKind::Admin, _) => Ok(Principal::Admin),
            (kind, Some(name)) => Ok(Principal::Agent {
                name,
                read_only: kind == TokenKind::AgentReadOnly,
            }),
            (_, None) => Err(ApiError::unauthorized("the token names no agent")),
        }
    }
}

/// What a route needs of a layer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Need {
    /// Listing, one skill, the catalog: all a read-only token may do.
    Browse,
    /// Everything else that reads (loads, files, lessons, revisions…).
    Read,
    Write,
}

impl Principal {
    pub fn is_admin(&self) -> bool {
        *self == Principal::Admin
    }

    /// The agent a token speaks for.
    pub fn agent(&self) -> Option<&str> {
        match self {
            Principal::Admin => None,
            Principal::Agent { name, .. } => Some(name),
        }
    }

    /// Admin-only routes: everyone else is told they do not exist.
    pub fn require_admin(&self) -> Result<(), ApiError> {
        if self.is_admin() {
            Ok(())
        } else {
            Err(ApiError::not_found("route"))
        }
    }

    /// Whether the caller may do `need` on `layer`; 404 when it may not
    /// even see it, 403 when it sees it but may not change it.
    pub fn check(&self, world: &SkillWorld, layer: &Layer, need: Need) -> Result<(), ApiError> {
        let Principal::Agent { name, read_only } = self else {
            return match layer {
                Layer::Agent(agent) => world.agent(agent).map(drop).map_err(Into::into),
                Layer::Commons => Ok(()),
            };
        };
        let access = match layer {
            Layer::Commons => Some(Access::Read),
            Layer::Agent(owner) => world.access(name, owner).unwrap_or_default(),
        };
        let Some(access) = access else {
            return Err(match layer {
                Layer::Agent(owner) => ApiError::not_found(format!("agent '{owner}'")),
                Layer::Commons => ApiError::not_found("the Commons"),
            });
        };
        if *read_only && need != Need::Browse {
            return Err(ApiError::forbidden(
                "this token is read-only: it may list and get skills and read the catalog",
            ));
        }
        if need == Need::Write && access != Access::Write {
            return Err(match layer {
                Layer::Commons => ApiError::forbidden("only an admin token writes the Commons"),
                Layer::Agent(owner) => {
                    ApiError::forbidden(format!("this token may read, not write, agent '{owner}'"))
                }
            });
        }
        Ok(())
    }

    /// [`check`](Self::check) for a route that acts as the agent its path
    /// names — its catalog, loads, tool calls, menu, preflight, review
    /// runs, secrets and the lessons it records, which carry its lessons,
    /// its conversations and its secrets' values into scripts. A grant (MOD-2) opens another
    /// agent's world, never its identity: only that agent's own tokens
    /// and admins pass, and to anyone else the agent does not exist.
    pub fn check_as(&self, world: &SkillWorld, layer: &Layer, need: Need) -> Result<(), ApiError> {
        if let (Principal::Agent { name, .. }, Layer::Agent(owner)) = (self, layer)
            && name != owner
        {
            return Err(ApiError::not_found(format!("agent '{owner}'")));
        }
        self.check(world, layer, need)
    }
}
