//! Operator routes (HAB-6): the scheduled jobs and the metrics (admin
//! only; to any other caller they do not exist: 404), and the public
//! health of the node (STO-7).

use axum::Json;
use axum::extract::Request;
use axum::http::{HeaderValue, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use utoipa::ToSchema;

use crate::Health;
use crate::schedule::JobStatus;

use super::{ApiError, Principal, State};

/// `{"jobs":[{"id","last_run","outcome","next_run"}]}`, in run order.
#[derive(Serialize, ToSchema)]
pub struct JobsBody {
    jobs: Vec<JobStatus>,
}

#[utoipa::path(get, path = "/api/v1/jobs", tag = "ops", responses((status = 200, description = "the scheduled jobs", body = JobsBody)))]
pub async fn jobs(habitat: State, principal: Principal) -> Result<Json<JobsBody>, ApiError> {
    principal.require_admin()?;
    Ok(Json(JobsBody {
        jobs: habitat.jobs().statuses(),
    }))
}

/// The Prometheus text exposition.
#[utoipa::path(get, path = "/metrics", tag = "ops", responses((status = 200, description = "Prometheus text exposition", body = String, content_type = "application/openmetrics-text")))]
pub async fn metrics(habitat: State, principal: Principal) -> Result<Response, ApiError> {
    principal.require_admin()?;
    let text = habitat.read(|store| habitat.metrics().render(store)).await;
    let kind = "application/openmetrics-text; version=1.0.0; charset=utf-8";
    Ok(([(header::CONTENT_TYPE, kind)], text).into_response())
}

/// `GET /healthz` (public, no skill data; STO-7): the node's state and its
/// position in its journal.
#[utoipa::path(get, path = "/healthz", tag = "public", security(()),
    responses((status = 200, description = "the node's health: `status` is `ok` or `stale`, `backend` `redb` or `postgres`", body = Health)))]
pub async fn health(habitat: State) -> Json<Health> {
    Json(habitat.health())
}

/// The header every answer of a node whose world may be behind carries
/// (STO-7: its shared database is out of reach).
pub const STALE_HEADER: &str = "x-skillworld-stale";

pub async fn mark_stale(habitat: State, request: Request, next: Next) -> Response {
    let mut response = next.run(request).await;
    if habitat.is_stale() {
        response
            .headers_mut()
            .insert(STALE_HEADER, HeaderValue::from_static("true"));
    }
    response
}

/// `{"digest","journal_seq"}`: the world's digest at a journal position.
#[derive(Serialize, ToSchema)]
pub struct DigestBody {
    digest: String,
    journal_seq: u64,
}

/// `GET /api/v1/digest` (admin): the world's digest and journal position,
/// so an operator can check that every node holds the same world (STO-7).
#[utoipa::path(get, path = "/api/v1/digest", tag = "ops", responses((status = 200, description = "the world's digest and this node's journal position", body = DigestBody)))]
pub async fn digest(habitat: State, principal: Principal) -> Result<Json<DigestBody>, ApiError> {
    principal.require_admin()?;
    // Both under one hold of the store: a write between them would pair
    // a digest with another position's sequence.
    let body = habitat
        .read(|store| {
            Ok::<_, ApiError>(DigestBody {
                digest: store
                    .world()
                    .try_digest()
                    .map_err(|error| ApiError::internal(error.to_string()))?,
                journal_seq: habitat
                    .replication()
                    .map_or_else(|| store.journal_seq(), |r| r.applied()),
            })
        })
        .await?;
    Ok(Json(body))
}
