//! Operator routes (HAB-6): the scheduled jobs and the metrics. Admin
//! only; to any other caller they do not exist (404).

use axum::Json;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use utoipa::ToSchema;

use crate::schedule::JobStatus;

use super::{ApiError, Principal, State};

/// `{"jobs":[{"id","last_run","outcome","next_run"}]}`, in run order.
#[derive(Serialize, ToSchema)]
pub struct JobsBody {
    jobs: Vec<JobStatus>,
}

#[utoipa::path(get, path = "/api/v1/jobs", tag = "ops", responses((status = 200, description = "the scheduled jobs", body = JobsBody)))]
pub async fn jobs(habitat: State, principal: Principal) -> Result<Json<JobsBody>, ApiError> {
    principal.require_admin("route")?;
    Ok(Json(JobsBody {
        jobs: habitat.jobs().statuses(),
    }))
}

/// The Prometheus text exposition.
#[utoipa::path(get, path = "/metrics", tag = "ops", responses((status = 200, description = "Prometheus text exposition", body = String, content_type = "application/openmetrics-text")))]
pub async fn metrics(habitat: State, principal: Principal) -> Result<Response, ApiError> {
    principal.require_admin("route")?;
    let text = habitat.read(|store| habitat.metrics().render(store)).await;
    let kind = "application/openmetrics-text; version=1.0.0; charset=utf-8";
    Ok(([(header::CONTENT_TYPE, kind)], text).into_response())
}

#[utoipa::path(get, path = "/healthz", tag = "public", security(()),
    responses((status = 200, description = "the server is up", body = String, content_type = "text/plain")))]
pub async fn healthz() -> &'static str {
    "ok\n"
}
