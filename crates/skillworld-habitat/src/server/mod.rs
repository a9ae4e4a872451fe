//! The HTTP face of the habitat (HAB-1): the route table, request
//! plumbing (bodies, parameters, tracing) and serving with a graceful stop.

use std::collections::HashMap;
use std::future::Future;
use std::sync::Arc;
use std::time::Instant;

use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, FromRequest, FromRequestParts, MatchedPath, Request};
use axum::http::request::Parts;
use axum::http::{HeaderMap, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::{Extension, Json, Router};
use serde::de::DeserializeOwned;
use serde_json::Value;
use skillworld_world::{Caller, Command, Layer};
use tracing::Instrument;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::Habitat;

pub use auth::{Need, Principal};
pub use error::ApiError;

mod admin;
mod agents;
mod auth;
mod error;
mod keys;
mod listing;
mod openapi;
mod ops;
mod page;
mod policy;
mod proposals;
mod review;
mod rpc;
mod skills;
mod whoami;

/// Shared state of every handler.
type State = axum::extract::State<Arc<Habitat>>;

/// Every HAB-1 route of the habitat, on `habitat`; its description is
/// `GET /api/v1/openapi.json`.
pub fn router(habitat: Arc<Habitat>) -> Router {
    router_with(habitat, OpenApiRouter::new())
}

/// The habitat's routes and `more` (another crate's, such as the MCP
/// endpoint), served and described together: `GET /api/v1/openapi.json`
/// lists both, so a door added beside the habitat is not left out of its
/// description.
pub fn router_with(habitat: Arc<Habitat>, more: OpenApiRouter<Arc<Habitat>>) -> Router {
    let limit = habitat.options().max_body_bytes;
    let (api, description) = routes().merge(more).split_for_parts();
    let document = openapi::Document::from(description);
    api.fallback(|| async { ApiError::not_found("route") })
        .layer(Extension(document))
        .layer(DefaultBodyLimit::max(limit))
        .layer(middleware::from_fn_with_state(habitat.clone(), trace))
        .layer(middleware::from_fn_with_state(
            habitat.clone(),
            ops::mark_stale,
        ))
        .with_state(habitat)
}

/// The route table and its description, made together: a route is added
/// only as `.routes(routes!(handler))` from its handler's
/// `#[utoipa::path(method, path = …)]` (docs/habitat.md, "Adding a route").
fn routes() -> OpenApiRouter<Arc<Habitat>> {
    OpenApiRouter::new()
        .routes(routes!(ops::health))
        .routes(routes!(openapi::openapi_json))
        .routes(routes!(page::index))
        .routes(routes!(page::app_css))
        .routes(routes!(page::app_js))
        .routes(routes!(page::markdown_js))
        .routes(routes!(page::jobs_js))
        .routes(routes!(page::proposals_js))
        .routes(routes!(listing::visible_skills))
        .routes(routes!(whoami::whoami))
        .routes(routes!(rpc::call))
        .routes(routes!(agents::list, agents::create))
        .routes(routes!(agents::remove))
        .routes(routes!(agents::bind, agents::unbind))
        .routes(routes!(agents::grant, agents::revoke_grant))
        .routes(routes!(agents::catalog))
        .routes(routes!(agents::load))
        .routes(routes!(agents::tool))
        .routes(routes!(agents::menu))
        .routes(routes!(agents::preflight))
        .routes(routes!(review::start))
        .routes(routes!(review::list))
        .routes(routes!(review::get))
        .routes(routes!(admin::tokens, admin::create_token))
        .routes(routes!(admin::revoke_token))
        .routes(routes!(skills::promote))
        .routes(routes!(skills::share))
        .routes(routes!(policy::tool_sets))
        .routes(routes!(policy::put_tool_set, policy::delete_tool_set))
        .routes(routes!(keys::list))
        .routes(routes!(keys::put, keys::remove))
        .routes(routes!(proposals::list))
        .routes(routes!(proposals::of_agent))
        .routes(routes!(proposals::approve))
        .routes(routes!(proposals::reject))
        .routes(routes!(proposals::setting, proposals::set_setting))
        .routes(routes!(ops::jobs))
        .routes(routes!(ops::metrics))
        .routes(routes!(ops::digest))
        .routes(routes!(admin::curator_status))
        .routes(routes!(admin::curator_action))
        .routes(routes!(admin::curator_reports))
        .routes(routes!(admin::curator_report))
        .routes(routes!(admin::snapshots, admin::save_snapshot))
        .routes(routes!(admin::delete_snapshot))
        .routes(routes!(admin::restore_snapshot))
        .routes(routes!(admin::export_snapshot))
        // Skills are addressed by layer: the same routes under the
        // Commons and under each agent.
        .nest("/api/v1/commons", layer_routes())
        .nest("/api/v1/agents/{agent}", layer_routes())
}

/// A layer's skills (skills.rs), relative to the layer's prefix.
fn layer_routes() -> OpenApiRouter<Arc<Habitat>> {
    OpenApiRouter::new()
        .routes(routes!(skills::list, skills::create))
        .routes(routes!(skills::install_bundle))
        .routes(routes!(skills::install_url))
        .routes(routes!(
            skills::get,
            skills::replace,
            skills::patch,
            skills::remove
        ))
        .routes(routes!(skills::file, skills::put_file))
        .routes(routes!(skills::secrets))
        .routes(routes!(skills::set_secret, skills::delete_secret))
        .routes(routes!(skills::lessons, skills::add_lesson))
        .routes(routes!(skills::put_lesson, skills::delete_lesson))
        .routes(routes!(skills::export))
        .routes(routes!(skills::revisions))
        .routes(routes!(skills::revert))
        .routes(routes!(skills::action))
}

/// Serves `router` on `listener` until `shutdown` resolves; requests under
/// way (and their writes) finish first.
pub async fn serve(
    listener: tokio::net::TcpListener,
    router: Router,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    axum::serve(listener, router)
        .with_graceful_shutdown(shutdown)
        .await
}

/// One span per request: route, agent, status and latency. The token is
/// looked up here, once, for the span and the handler.
async fn trace(habitat: State, mut request: Request, next: Next) -> Response {
    let route_pattern = request.extensions().get::<MatchedPath>().cloned();
    let route = route_pattern
        .as_ref()
        .map_or(request.uri().path(), MatchedPath::as_str);
    let span = tracing::info_span!(
        "request",
        method = %request.method(),
        route,
        agent = tracing::field::Empty,
        status = tracing::field::Empty,
        latency_us = tracing::field::Empty,
    );
    // Unmatched paths share one label, so a scanner cannot grow the set;
    // parameters are written `:agent` (braces trip simple scrapers).
    let route_label = route_pattern.as_ref().map_or_else(
        || "unmatched".to_owned(),
        |r| {
            r.as_str()
                .replace("{*", ":")
                .replace('{', ":")
                .replace('}', "")
        },
    );
    let method = request.method().clone();
    let started = Instant::now();
    let record = auth::bearer(request.headers())
        .ok()
        .and_then(|token| habitat.tokens().authenticate(token).cloned());
    if let Some(agent) = record.as_ref().and_then(|r| r.agent.as_deref()) {
        span.record("agent", agent);
    }
    request.extensions_mut().insert(auth::Authenticated(record));
    let response = next.run(request).instrument(span.clone()).await;
    span.record("status", response.status().as_u16());
    span.record("latency_us", started.elapsed().as_micros() as u64);
    habitat.metrics().request(
        &route_label,
        method.as_str(),
        response.status().as_u16(),
        started.elapsed(),
    );
    span.in_scope(|| tracing::info!("served"));
    response
}

/// A request body, with the error shape of HAB-1 for bodies over the
/// limit or unreadable.
pub struct RawBody(pub Bytes);

impl FromRequest<Arc<Habitat>> for RawBody {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &Arc<Habitat>) -> Result<Self, Self::Rejection> {
        // A declared length over the limit is refused before any of the
        // body is read.
        let limit = state.options().max_body_bytes;
        let declared = request
            .headers()
            .get(header::CONTENT_LENGTH)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.parse::<u64>().ok());
        if let Some(declared) = declared
            && declared > limit as u64
        {
            return Err(ApiError::too_large(format!(
                "the request body is {declared} bytes, over the {limit}-byte limit"
            )));
        }
        Bytes::from_request(request, state)
            .await
            .map(RawBody)
            .map_err(|rejection| ApiError::refused(rejection.status(), rejection.body_text()))
    }
}

/// Decodes a JSON body: 400 when it is not JSON, 422 when it does not fit
/// (unknown fields included).
pub fn json_body<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    serde_json::from_slice(bytes).map_err(|error| match error.classify() {
        serde_json::error::Category::Data => {
            ApiError::invalid(format!("the request body does not fit: {error}"))
        }
        _ => ApiError::bad_request(format!("the request body is not valid JSON: {error}")),
    })
}

/// Runs `command` as the host (an admin's route: the caller is checked
/// already) and answers `answer` once it is applied.
pub async fn host_command(
    habitat: State,
    command: Command,
    answer: Value,
) -> Result<Json<Value>, ApiError> {
    habitat
        .write(move |store| {
            store.run(|world| world.execute(Caller::host(), command))??;
            Ok(Json(answer))
        })
        .await
}

/// Whether a body is SKILL.md text rather than JSON.
pub fn is_markdown(headers: &HeaderMap) -> bool {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("text/"))
}

/// The route's path parameters; `{agent}` picks the layer.
pub struct Params(HashMap<String, String>);

impl<S: Send + Sync> FromRequestParts<S> for Params {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        axum::extract::Path::<HashMap<String, String>>::from_request_parts(parts, state)
            .await
            .map(|axum::extract::Path(map)| Params(map))
            .map_err(|rejection| ApiError::bad_request(rejection.body_text()))
    }
}

impl Params {
    pub fn layer(&self) -> Layer {
        match self.0.get("agent") {
            Some(agent) => Layer::Agent(agent.clone()),
            None => Layer::Commons,
        }
    }

    /// A parameter every route using it declares.
    pub fn get(&self, key: &str) -> &str {
        self.0.get(key).map_or("", String::as_str)
    }

    /// A numeric parameter (a revision, a lesson id); 400 naming `what`.
    pub fn number(&self, key: &str, what: &str) -> Result<u64, ApiError> {
        self.get(key)
            .parse()
            .map_err(|_| ApiError::bad_request(format!("'{}' is not {what}", self.get(key))))
    }
}

/// Query strings with the error shape of HAB-1.
pub struct Query<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequestParts<S> for Query<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        axum::extract::Query::<T>::from_request_parts(parts, state)
            .await
            .map(|axum::extract::Query(value)| Query(value))
            .map_err(|rejection| ApiError::bad_request(rejection.body_text()))
    }
}

/// The revision an `If-Match` header names (TOOL-4): `"3"`, `3` or `W/"3"`.
pub fn if_match(headers: &HeaderMap) -> Result<Option<u64>, ApiError> {
    let Some(value) = headers.get(header::IF_MATCH) else {
        return Ok(None);
    };
    let text = value.to_str().unwrap_or_default().trim();
    if text == "*" {
        return Ok(None);
    }
    text.trim_start_matches("W/")
        .trim_matches('"')
        .parse()
        .map(Some)
        .map_err(|_| ApiError::bad_request(format!("If-Match '{text}' is not a skill revision")))
}

/// A JSON answer with the skill's revision as its `ETag`.
pub fn with_etag(revision: u64, body: impl IntoResponse) -> Response {
    ([(header::ETAG, format!("\"{revision}\""))], body).into_response()
}
