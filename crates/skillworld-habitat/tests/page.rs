//! What the habitat page needs of the server: its static files (public,
//! with their content types), `GET /api/v1/whoami`, and the `last_used_at`
//! of listing rows behind the "recently used" badge.

use std::sync::Arc;

use reqwest::{Client, StatusCode};
use serde_json::{Value, json};
use skillworld_habitat::{Habitat, HabitatOptions, router, serve};
use skillworld_store::{OpenOptions, Store};

/// A habitat on a loopback port for the length of a test, and its admin token.
async fn habitat() -> (String, String, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let seed = skillworld_store::shipped_commons();
    let options = OpenOptions {
        seed,
        ..OpenOptions::default()
    };
    let store = Store::open(&dir.path().join("page.redb"), options).unwrap();
    let habitat = Habitat::new(store, HabitatOptions::new(dir.path())).unwrap();
    let admin = habitat.first_admin_token().await.unwrap().unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    let app = router(Arc::new(habitat));
    tokio::spawn(async move { serve(listener, app, std::future::pending()).await });
    (url, admin, dir)
}

async fn call(
    method: &str,
    url: &str,
    token: Option<&str>,
    body: Option<Value>,
) -> (StatusCode, Value) {
    let mut request = Client::new().request(method.parse().unwrap(), url);
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    if let Some(body) = body {
        request = request.json(&body);
    }
    let response = request.send().await.unwrap();
    let status = response.status();
    (status, response.json().await.unwrap_or(Value::Null))
}

async fn add_agent(url: &str, admin: &str, name: &str) {
    let body = json!({ "name": name });
    let url = format!("{url}/api/v1/agents");
    let (status, _) = call("POST", &url, Some(admin), Some(body)).await;
    assert_eq!(status, StatusCode::CREATED);
}

#[tokio::test]
async fn the_page_files_are_public_with_their_content_types() {
    let (url, _, _dir) = habitat().await;
    for (path, kind, needle) in [
        ("/", "text/html", "/page/app.js"),
        ("/page/app.js", "text/javascript", "sessionStorage"),
        (
            "/page/markdown.js",
            "text/javascript",
            "export function renderMarkdown",
        ),
        ("/page/app.css", "text/css", ".drawer"),
        (
            "/page/jobs.js",
            "text/javascript",
            "export function renderJobs",
        ),
        (
            "/page/proposals.js",
            "text/javascript",
            "export function renderProposals",
        ),
    ] {
        let response = reqwest::get(format!("{url}{path}")).await.unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        let content_type = response.headers()["content-type"]
            .to_str()
            .unwrap()
            .to_owned();
        assert!(content_type.starts_with(kind), "{path}: {content_type}");
        let text = response.text().await.unwrap();
        assert!(text.contains(needle), "{path} has {needle}");
    }
    let shell = reqwest::get(format!("{url}/")).await.unwrap();
    let policy = shell.headers()["content-security-policy"].to_str().unwrap();
    assert!(policy.contains("default-src 'self'"), "{policy}");
    let missing = reqwest::get(format!("{url}/page/nothing.js"))
        .await
        .unwrap();
    assert_eq!(missing.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn whoami_tells_the_kind_of_token_and_its_agent() {
    let (url, admin, _dir) = habitat().await;
    let whoami = format!("{url}/api/v1/whoami");
    let (status, answer) = call("GET", &whoami, Some(&admin), None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        (&answer["kind"], &answer["agent"]),
        (&json!("admin"), &json!(null))
    );
    // Admins see the script sandbox's state (SEC-3); agents do not.
    assert_eq!(answer["sandbox"]["enabled"], json!(true), "{answer}");
    add_agent(&url, &admin, "ada").await;
    for (kind, answer) in [("agent", "agent"), ("agent_read_only", "agent_read_only")] {
        let body = json!({"kind": kind, "agent": "ada"});
        let (status, token) = call(
            "POST",
            &format!("{url}/api/v1/tokens"),
            Some(&admin),
            Some(body),
        )
        .await;
        assert_eq!(status, StatusCode::CREATED, "{token}");
        let token = token["token"].as_str().unwrap();
        assert_eq!(
            call("GET", &whoami, Some(token), None).await,
            (StatusCode::OK, json!({"kind": answer, "agent": "ada"}))
        );
    }
    let (status, error) = call("GET", &whoami, None, None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert_eq!(error["error"]["code"], "unauthorized");
    let (status, _) = call("GET", &whoami, Some("swt_not-a-token"), None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn listing_rows_carry_when_a_skill_was_last_used() {
    let (url, admin, _dir) = habitat().await;
    add_agent(&url, &admin, "ada").await;
    let listing = format!("{url}/api/v1/skills?keyword=skill-authoring");
    let (_, before) = call("GET", &listing, Some(&admin), None).await;
    assert_eq!(before["items"][0]["name"], "skill-authoring");
    assert_eq!(before["items"][0]["last_used_at"], Value::Null);
    let load = json!({"name": "skill-authoring"});
    let (status, loaded) = call(
        "POST",
        &format!("{url}/api/v1/agents/ada/load"),
        Some(&admin),
        Some(load),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{loaded}");
    let (_, after) = call("GET", &listing, Some(&admin), None).await;
    assert!(
        after["items"][0]["last_used_at"].as_i64().unwrap() > 0,
        "{after}"
    );
    let (_, one) = call(
        "GET",
        &format!("{url}/api/v1/commons/skills/skill-authoring"),
        Some(&admin),
        None,
    )
    .await;
    assert_eq!(one["last_used_at"], after["items"][0]["last_used_at"]);
}
