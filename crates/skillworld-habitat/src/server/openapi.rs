//! The API description (issue 21): `GET /api/v1/openapi.json`, an OpenAPI
//! 3.1 document, public (it holds no data).
//!
//! It is made from the routes themselves. Every route enters the router
//! through utoipa-axum's `routes!`, which reads the method and path from
//! the handler's `#[utoipa::path]` and adds the route and its description
//! together, so nothing is served undescribed and nothing described is
//! unserved. Bodies and query strings are described by the very types the
//! handlers decode (`ToSchema`, `IntoParams`). What every route shares is
//! added here, once: the bearer security scheme, the error answers
//! (`{"error":{"code","message"}}`), the path parameters, and an operation
//! id made from the method and path.

use axum::Extension;
use axum::body::Bytes;
use axum::http::header;
use axum::response::IntoResponse;
use serde_json::{Map, Value, json};
use utoipa::ToSchema;

/// The error shape of every route but the tool calls and JSON-RPC.
#[derive(ToSchema)]
#[allow(dead_code)] // described, never built: `ApiError` writes it
pub struct ErrorBody {
    #[schema(inline)]
    error: ErrorDetail,
}

#[derive(ToSchema)]
#[allow(dead_code)]
struct ErrorDetail {
    /// A stable code: `bad_request`, `unauthorized`, `forbidden`,
    /// `not_found`, `conflict`, `invalid`, `too_large`, …
    code: String,
    message: String,
}

/// The error answers every authenticated route may give, besides its own.
const ERRORS: [(&str, &str); 4] = [
    (
        "400",
        "the request is malformed (parameters, body, headers)",
    ),
    ("401", "no bearer token, or one not valid"),
    ("404", "not found, or not visible to this token"),
    ("default", "another error: 403, 409, 413, 422, …"),
];

/// The finished document of `api`, as served.
fn finish(api: utoipa::openapi::OpenApi) -> Value {
    let mut doc = serde_json::to_value(api).expect("the document serialises");
    doc["info"] = json!({
        "title": "skillworld habitat",
        "version": env!("CARGO_PKG_VERSION"),
        "description": "The habitat's HTTP API (docs/habitat.md). Bearer tokens: an admin \
            token, an agent token or an agent's read-only token. Errors answer \
            {\"error\":{\"code\",\"message\"}}; what a token may not see answers 404.",
    });
    let components = doc["components"]
        .as_object_mut()
        .expect("routes! made components");
    components.insert(
        "securitySchemes".into(),
        json!({"bearer": {"type": "http", "scheme": "bearer"}}),
    );
    let schemas = components
        .entry("schemas")
        .or_insert_with(|| json!({}))
        .as_object_mut()
        .expect("schemas are an object");
    schemas.insert(
        "ErrorBody".into(),
        serde_json::to_value(<ErrorBody as utoipa::PartialSchema>::schema())
            .expect("schemas serialise"),
    );
    let paths = std::mem::take(doc["paths"].as_object_mut().expect("paths"));
    let finished: Map<String, Value> = paths
        .into_iter()
        .map(|(path, mut item)| {
            for (method, operation) in item.as_object_mut().expect("path items").iter_mut() {
                complete(&path, method, operation);
            }
            // `{*path}` is axum's wildcard; OpenAPI writes a parameter once.
            (path.replace("{*", "{"), item)
        })
        .collect();
    doc["paths"] = Value::Object(finished);
    doc
}

/// Adds what every operation shares: its id, its path parameters, the
/// bearer requirement (unless it declares `security(())`), error answers.
fn complete(path: &str, method: &str, operation: &mut Value) {
    let slug: String = path
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|part| !part.is_empty())
        .collect::<Vec<_>>()
        .join("_");
    operation["operationId"] = json!(format!("{method}_{slug}"));
    let parameters = operation
        .as_object_mut()
        .expect("operations are objects")
        .entry("parameters")
        .or_insert_with(|| json!([]));
    for name in path_parameters(path) {
        let declared = parameters
            .as_array()
            .expect("parameters are a list")
            .iter()
            .any(|p| p["in"] == "path" && p["name"] == name);
        if !declared {
            parameters.as_array_mut().expect("a list").push(json!({
                "name": name, "in": "path", "required": true, "schema": {"type": "string"},
            }));
        }
    }
    let public = operation["security"]
        .as_array()
        .is_some_and(|requirements| requirements.iter().all(|r| r == &json!({})));
    if !public {
        operation["security"] = json!([{"bearer": []}]);
    }
    let responses = operation["responses"]
        .as_object_mut()
        .expect("every route declares its answers");
    for (status, description) in ERRORS {
        if public && status == "401" {
            continue;
        }
        responses.entry(status).or_insert_with(|| {
            json!({
                "description": description,
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorBody"}}},
            })
        });
    }
}

/// The names of a route's `{name}` and `{*name}` segments.
fn path_parameters(path: &str) -> Vec<String> {
    path.split('/')
        .filter_map(|segment| segment.strip_prefix('{')?.strip_suffix('}'))
        .map(|name| name.trim_start_matches('*').to_owned())
        .collect()
}

/// The finished document of the router it was made for, serialised
/// once: every answer of `GET /api/v1/openapi.json` shares the bytes.
#[derive(Clone)]
pub struct Document(Bytes);

impl From<utoipa::openapi::OpenApi> for Document {
    fn from(api: utoipa::openapi::OpenApi) -> Self {
        let json = serde_json::to_vec(&finish(api)).expect("the document serialises");
        Document(Bytes::from(json))
    }
}

#[utoipa::path(get, path = "/api/v1/openapi.json", tag = "public", security(()),
    responses((status = 200, description = "this document (OpenAPI 3.1)", body = Object)))]
pub async fn openapi_json(Extension(Document(document)): Extension<Document>) -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "application/json")], document)
}

#[cfg(test)]
mod tests {
    use super::path_parameters;

    #[test]
    fn path_parameters_are_read_from_the_route() {
        assert_eq!(
            path_parameters("/api/v1/agents/{agent}/skills/{name}/files/{*path}"),
            ["agent", "name", "path"]
        );
        assert!(path_parameters("/healthz").is_empty());
    }
}
