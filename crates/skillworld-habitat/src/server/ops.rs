//! Operator routes (HAB-6): the scheduled jobs and the metrics (admin
//! only; to any other caller they do not exist: 404), and the public
//! health of the node (STO-7).

use axum::Json;
use axum::extract::Request;
use axum::http::{HeaderValue, header};
use axum::middleware::Next;
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

/// `GET /healthz` (public; STO-7): `{"status","backend","journal_seq",
/// "lag_ms"}` — the node's position in its journal, no skill data.
pub async fn health(habitat: State) -> Json<Value> {
    Json(habitat.health().await)
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

/// `GET /api/v1/digest` (admin): the world's digest and journal position,
/// so an operator can check that every node holds the same world (STO-7).
pub async fn digest(habitat: State, principal: Principal) -> Result<Json<Value>, ApiError> {
    principal.require_admin("route")?;
    let health = habitat.health().await;
    let digest = habitat.read(|store| store.world().digest()).await;
    Ok(Json(
        json!({"digest": digest, "journal_seq": health["journal_seq"]}),
    ))
}
