//! The habitat page (HAB-2) at `/`: public static files, no data;
//! everything it shows it fetches with the token the user signs in with.

use axum::http::header;
use axum::response::{Html, IntoResponse};

const JS: &str = "text/javascript; charset=utf-8";

#[utoipa::path(get, path = "/", tag = "public", security(()),
    responses((status = 200, description = "the habitat page", body = String, content_type = "text/html")))]
pub async fn index() -> impl IntoResponse {
    // Scripts and styles from the page's own files only.
    let policy = "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'";
    (
        [(header::CONTENT_SECURITY_POLICY, policy)],
        Html(include_str!("../../page/index.html")),
    )
}

#[utoipa::path(get, path = "/page/app.css", tag = "public", security(()),
    responses((status = 200, description = "the page's styles", body = String, content_type = "text/css")))]
pub async fn app_css() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/css; charset=utf-8")],
        include_str!("../../page/app.css"),
    )
}

#[utoipa::path(get, path = "/page/app.js", tag = "public", security(()),
    responses((status = 200, description = "the page's script", body = String, content_type = "text/javascript")))]
pub async fn app_js() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, JS)],
        include_str!("../../page/app.js"),
    )
}

#[utoipa::path(get, path = "/page/markdown.js", tag = "public", security(()),
    responses((status = 200, description = "the page's Markdown renderer", body = String, content_type = "text/javascript")))]
pub async fn markdown_js() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, JS)],
        include_str!("../../page/markdown.js"),
    )
}

#[utoipa::path(get, path = "/page/jobs.js", tag = "public", security(()),
    responses((status = 200, description = "the page's jobs panel", body = String, content_type = "text/javascript")))]
pub async fn jobs_js() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, JS)],
        include_str!("../../page/jobs.js"),
    )
}

#[utoipa::path(get, path = "/page/proposals.js", tag = "public", security(()),
    responses((status = 200, description = "the page's proposals view", body = String, content_type = "text/javascript")))]
pub async fn proposals_js() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, JS)],
        include_str!("../../page/proposals.js"),
    )
}
