//! The API description (issue 21): `GET /api/v1/openapi.json` is public,
//! OpenAPI 3.1, and describes exactly the routes the router serves.

use std::sync::Arc;

use reqwest::{Client, Method, StatusCode};
use serde_json::Value;
use skillworld_habitat::{Habitat, HabitatOptions, router, serve};
use skillworld_store::{OpenOptions, Store};

const METHODS: [&str; 5] = ["get", "put", "post", "delete", "patch"];

/// A live server on an ephemeral port; answers its URL.
async fn start(dir: &std::path::Path) -> String {
    let store = Store::open(&dir.join("world.redb"), OpenOptions::default()).unwrap();
    let habitat = Arc::new(Habitat::new(store, HabitatOptions::new(dir)).unwrap());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(serve(listener, router(habitat), std::future::pending()));
    url
}

/// A concrete URL path for a described one: every parameter is `x`.
fn concrete(path: &str) -> String {
    path.split('/')
        .map(|segment| {
            if segment.starts_with('{') {
                "x"
            } else {
                segment
            }
        })
        .collect::<Vec<_>>()
        .join("/")
}

fn is_public(operation: &Value) -> bool {
    operation["security"].as_array().is_some_and(|r| {
        r.iter()
            .all(|r| r.as_object().is_some_and(|o| o.is_empty()))
    })
}

#[tokio::test]
async fn the_document_is_public_and_describes_what_every_route_shares() {
    let dir = tempfile::tempdir().unwrap();
    let url = start(dir.path()).await;
    let response = reqwest::get(format!("{url}/api/v1/openapi.json"))
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let served: Value = response.json().await.unwrap();
    assert!(served["openapi"].as_str().unwrap().starts_with("3.1"));
    assert_eq!(
        served["components"]["securitySchemes"]["bearer"]["scheme"],
        "bearer"
    );
    let paths = served["paths"].as_object().unwrap();
    assert!(paths.len() > 50, "{} paths", paths.len());
    let mut ids = std::collections::BTreeSet::new();
    for (path, item) in paths {
        assert!(!path.contains('*'), "{path}: axum's wildcard leaked");
        for (method, operation) in item.as_object().unwrap() {
            let id = operation["operationId"].as_str().unwrap().to_owned();
            assert!(ids.insert(id.clone()), "operationId {id} twice");
            let declared: Vec<&str> = operation["parameters"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|p| p["in"] == "path")
                .map(|p| p["name"].as_str().unwrap())
                .collect();
            for segment in path.split('/').filter(|s| s.starts_with('{')) {
                let name = segment.trim_matches(|c| c == '{' || c == '}');
                assert!(declared.contains(&name), "{method} {path}: {name}");
            }
            let error = &operation["responses"]["default"]["content"]["application/json"];
            assert_eq!(
                error["schema"]["$ref"], "#/components/schemas/ErrorBody",
                "{method} {path}"
            );
            if !is_public(operation) {
                assert_eq!(operation["security"][0]["bearer"], serde_json::json!([]));
                assert!(operation["responses"]["401"].is_object(), "{method} {path}");
            }
        }
    }
    for layer in ["/api/v1/commons", "/api/v1/agents/{agent}"] {
        assert!(paths.contains_key(&format!("{layer}/skills/{{name}}/files/{{path}}")));
    }
    let page = reqwest::get(format!("{url}/"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(
        page.contains(r#"href="/api/v1/openapi.json""#),
        "the page links it"
    );
    // The error shape as described is the one answered.
    let answer: Value = reqwest::get(format!("{url}/api/v1/agents"))
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let detail = &served["components"]["schemas"]["ErrorBody"]["properties"]["error"];
    for field in ["code", "message"] {
        assert!(detail["properties"][field].is_object());
        assert!(answer["error"][field].is_string(), "{answer}");
    }
}

/// Every described route and method is served (a public route answers
/// without a token, any other asks for one), and every other method of a
/// described path is refused with 405: the router serves nothing the
/// document does not list on its paths.
#[tokio::test]
async fn every_described_route_is_served_and_nothing_else_on_its_paths() {
    let dir = tempfile::tempdir().unwrap();
    let url = start(dir.path()).await;
    let client = Client::new();
    let document: Value = client
        .get(format!("{url}/api/v1/openapi.json"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let mut checked = 0;
    for (path, item) in document["paths"].as_object().unwrap() {
        let item = item.as_object().unwrap();
        for method in METHODS {
            let response = client
                .request(
                    Method::from_bytes(method.to_uppercase().as_bytes()).unwrap(),
                    format!("{url}{}", concrete(path)),
                )
                .send()
                .await
                .unwrap();
            let status = response.status();
            match item.get(method) {
                Some(operation) if is_public(operation) => {
                    assert_eq!(status, StatusCode::OK, "{method} {path}")
                }
                Some(_) => assert_eq!(status, StatusCode::UNAUTHORIZED, "{method} {path}"),
                None => assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED, "{method} {path}"),
            }
            checked += 1;
        }
    }
    assert!(checked > 250, "{checked}");
    // What is not described is not served.
    let status = client
        .get(format!("{url}/api/v1/nothing-here"))
        .send()
        .await
        .unwrap()
        .status();
    assert_eq!(status, StatusCode::NOT_FOUND);
}

/// Routes enter the router only with their description: no file of the
/// server adds one by hand.
#[test]
fn no_route_is_added_beside_the_route_table() {
    let server = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/server");
    for entry in std::fs::read_dir(&server).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        for raw in [".route(", ".route_service(", ".nest_service("] {
            assert!(
                !text.contains(raw),
                "{}: `{raw}` adds a route the document does not describe; use \
                 `.routes(routes!(handler))` with `#[utoipa::path]` on the handler",
                path.display()
            );
        }
    }
}
