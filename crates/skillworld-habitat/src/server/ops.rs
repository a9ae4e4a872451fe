//! Operator routes (HAB-6): the scheduled jobs and the metrics. Admin
//! only; to any other caller they do not exist (404).

use axum::Json;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

use super::{ApiError, Principal, State};

/// `{"jobs":[{"id","last_run","outcome","next_run"}]}`, in run order.
pub async fn jobs(habitat: State, principal: Principal) -> Result<Json<Value>, ApiError> {
    principal.require_admin("route")?;
    Ok(Json(json!({"jobs": habitat.jobs().statuses()})))
}

/// The Prometheus text exposition.
pub async fn metrics(habitat: State, principal: Principal) -> Result<Response, ApiError> {
    principal.require_admin("route")?;
    let text = habitat.read(|store| habitat.metrics().render(store)).await;
    let kind = "application/openmetrics-text; version=1.0.0; charset=utf-8";
    Ok(([(header::CONTENT_TYPE, kind)], text).into_response())
}
