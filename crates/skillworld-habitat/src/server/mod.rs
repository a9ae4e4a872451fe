//! The HTTP face of the habitat (HAB-1): the route table, request
//! plumbing (bodies, parameters, tracing) and serving with a graceful stop.

use std::collections::HashMap;
use std::future::Future;
use std::sync::Arc;
use std::time::Instant;

use axum::Router;
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, FromRequest, FromRequestParts, MatchedPath, Request};
use axum::http::request::Parts;
use axum::http::{HeaderMap, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{delete, get, post, put};
use serde::de::DeserializeOwned;
use skillworld_world::Layer;
use tracing::Instrument;

use crate::Habitat;

pub use auth::{Need, Principal};
pub use error::ApiError;

mod admin;
mod agents;
mod auth;
mod error;
mod listing;
mod ops;
mod policy;
mod review;
mod rpc;
mod skills;
mod whoami;

/// Shared state of every handler.
type State = axum::extract::State<Arc<Habitat>>;

/// The habitat page served at `/`: public static files, no data (HAB-2);
/// everything it shows it fetches with the token the user signs in with.
fn page_routes() -> Router<Arc<Habitat>> {
    fn asset(kind: &'static str, text: &'static str) -> axum::routing::MethodRouter<Arc<Habitat>> {
        get(move || async move { ([(header::CONTENT_TYPE, kind)], text) })
    }
    const JS: &str = "text/javascript; charset=utf-8";
    Router::new()
        .route(
            "/",
            get(|| async {
                // Scripts and styles from the page's own files only.
                let policy = "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'";
                (
                    [(header::CONTENT_SECURITY_POLICY, policy)],
                    Html(include_str!("../../page/index.html")),
                )
            }),
        )
        .route(
            "/page/app.css",
            asset(
                "text/css; charset=utf-8",
                include_str!("../../page/app.css"),
            ),
        )
        .route("/page/app.js", asset(JS, include_str!("../../page/app.js")))
        .route(
            "/page/markdown.js",
            asset(JS, include_str!("../../page/markdown.js")),
        )
        .route(
            "/page/jobs.js",
            asset(JS, include_str!("../../page/jobs.js")),
        )
}

/// Every HAB-1 route of the habitat, on `habitat`.
pub fn router(habitat: Arc<Habitat>) -> Router {
    let limit = habitat.options().max_body_bytes;
    let mut api = Router::new()
        .route("/api/v1/skills", get(listing::visible_skills))
        .route("/api/v1/whoami", get(whoami::whoami))
        .route("/rpc", post(rpc::call))
        .route("/api/v1/agents", get(agents::list).post(agents::create))
        .route("/api/v1/agents/{agent}", delete(agents::remove))
        .route(
            "/api/v1/agents/{agent}/bindings/{skill}",
            put(agents::bind).delete(agents::unbind),
        )
        .route(
            "/api/v1/agents/{agent}/grants/{subject}",
            put(agents::grant).delete(agents::revoke_grant),
        )
        .route("/api/v1/agents/{agent}/catalog", get(agents::catalog))
        .route("/api/v1/agents/{agent}/load", post(agents::load))
        .route("/api/v1/agents/{agent}/tools/{tool}", post(agents::tool))
        .route("/api/v1/agents/{agent}/menu", get(agents::menu))
        .route("/api/v1/agents/{agent}/preflight", get(agents::preflight))
        .route("/api/v1/agents/{agent}/review", post(review::start))
        .route("/api/v1/agents/{agent}/runs", get(review::list))
        .route("/api/v1/agents/{agent}/runs/{id}", get(review::get))
        .route(
            "/api/v1/tokens",
            get(admin::tokens).post(admin::create_token),
        )
        .route("/api/v1/tokens/{id}", delete(admin::revoke_token))
        .route(
            "/api/v1/agents/{agent}/skills/{name}/promote",
            post(skills::promote),
        )
        .route(
            "/api/v1/agents/{agent}/skills/{name}/share",
            post(skills::share),
        )
        .route("/api/v1/tool-sets", get(policy::tool_sets))
        .route(
            "/api/v1/tool-sets/{name}",
            put(policy::put_tool_set).delete(policy::delete_tool_set),
        )
        .route("/api/v1/jobs", get(ops::jobs))
        .route("/metrics", get(ops::metrics))
        .route("/api/v1/digest", get(ops::digest))
        .route("/api/v1/curator/status", get(admin::curator_status))
        .route("/api/v1/curator/{action}", post(admin::curator_action))
        .route("/api/v1/curator/reports", get(admin::curator_reports))
        .route("/api/v1/curator/reports/{id}", get(admin::curator_report))
        .route(
            "/api/v1/snapshots",
            get(admin::snapshots).post(admin::save_snapshot),
        )
        .route("/api/v1/snapshots/{name}", delete(admin::delete_snapshot))
        .route(
            "/api/v1/snapshots/{name}/restore",
            post(admin::restore_snapshot),
        )
        .route(
            "/api/v1/snapshots/{name}/export",
            get(admin::export_snapshot),
        );
    // Skills are addressed by layer: the same routes under the Commons and
    // under each agent.
    for prefix in ["/api/v1/commons", "/api/v1/agents/{agent}"] {
        api = api
            .route(
                &format!("{prefix}/skills"),
                get(skills::list).post(skills::create),
            )
            .route(&format!("{prefix}/bundles"), post(skills::install_bundle))
            .route(
                &format!("{prefix}/skills/{{name}}"),
                get(skills::get)
                    .put(skills::replace)
                    .patch(skills::patch)
                    .delete(skills::remove),
            )
            .route(
                &format!("{prefix}/skills/{{name}}/files/{{*path}}"),
                get(skills::file).put(skills::put_file),
            )
            .route(
                &format!("{prefix}/skills/{{name}}/secrets"),
                get(skills::secrets),
            )
            .route(
                &format!("{prefix}/skills/{{name}}/secrets/{{key}}"),
                put(skills::set_secret).delete(skills::delete_secret),
            )
            .route(
                &format!("{prefix}/skills/{{name}}/lessons"),
                get(skills::lessons).post(skills::add_lesson),
            )
            .route(
                &format!("{prefix}/skills/{{name}}/lessons/{{id}}"),
                put(skills::put_lesson).delete(skills::delete_lesson),
            )
            .route(
                &format!("{prefix}/skills/{{name}}/export"),
                get(skills::export),
            )
            .route(
                &format!("{prefix}/skills/{{name}}/revisions"),
                get(skills::revisions),
            )
            .route(
                &format!("{prefix}/skills/{{name}}/revert/{{rev}}"),
                post(skills::revert),
            )
            .route(
                &format!("{prefix}/skills/{{name}}/{{action}}"),
                post(skills::action),
            );
    }
    Router::new()
        .route("/healthz", get(ops::health))
        .merge(page_routes())
        .merge(api)
        .fallback(|| async { ApiError::not_found("route") })
        .layer(DefaultBodyLimit::max(limit))
        .layer(middleware::from_fn_with_state(habitat.clone(), trace))
        .layer(middleware::from_fn_with_state(
            habitat.clone(),
            ops::mark_stale,
        ))
        .with_state(habitat)
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
            return Err(ApiError::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                "too_large",
                format!("the request body is {declared} bytes, over the {limit}-byte limit"),
            ));
        }
        Bytes::from_request(request, state)
            .await
            .map(RawBody)
            .map_err(|rejection| {
                let status = rejection.status();
                let code = if status == StatusCode::PAYLOAD_TOO_LARGE {
                    "too_large"
                } else {
                    "bad_request"
                };
                ApiError::new(status, code, rejection.body_text())
            })
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
