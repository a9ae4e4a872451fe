//! `/mcp` and the registration routes under a running habitat, and the
//! MCP server over that habitat's HTTP API (`--url`).

use std::sync::Arc;

use rmcp::ServiceExt;
use rmcp::model::ReadResourceRequestParams;
use rmcp::transport::StreamableHttpClientTransport;
use rmcp::transport::streamable_http_client::StreamableHttpClientTransportConfig;
use serde_json::{Value, json};
use skillworld_format::SkillDocument;
use skillworld_habitat::{Habitat, HabitatOptions, TokenKind, router_with};
use skillworld_mcp::{Backend, SkillServer, mcp_routes};
use skillworld_store::{OpenOptions, Store};
use skillworld_world::Layer;

struct Served {
    base: String,
    admin: String,
    ada: String,
    _dir: tempfile::TempDir,
}

/// A habitat with agents ada and bob (bob has a private skill), served on
/// a free loopback port with the MCP routes merged in.
async fn serve() -> Served {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(&dir.path().join("world.redb"), OpenOptions::default()).unwrap();
    store
        .run(|world| {
            world.add_agent("ada", None)?;
            world.add_agent("bob", None)?;
            world.create(
                &Layer::Commons,
                SkillDocument::new("shared-steps", "Steps for everyone.", "Step.\n"),
            )?;
            world.create(
                &Layer::Agent("bob".into()),
                SkillDocument::new("bob-notes", "Bob's notes.", "Secret.\n"),
            )
        })
        .unwrap()
        .unwrap();
    let habitat = Arc::new(Habitat::new(store, HabitatOptions::new(dir.path())).unwrap());
    let admin = habitat.first_admin_token().await.unwrap().unwrap();
    let ada = habitat
        .read(|store| {
            let now = store.world().now();
            habitat
                .tokens_mut()
                .create(store, TokenKind::Agent, Some("ada".into()), now)
        })
        .await
        .unwrap()
        .1;
    let app = router_with(habitat.clone(), mcp_routes(habitat.clone()));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await });
    Served {
        base,
        admin,
        ada,
        _dir: dir,
    }
}

async fn status(request: reqwest::RequestBuilder) -> (u16, Value) {
    let response = request.send().await.unwrap();
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

#[tokio::test]
async fn mcp_needs_a_token_and_an_agent() {
    let served = serve().await;
    let http = reqwest::Client::new();
    let mcp = format!("{}/mcp", served.base);
    let hello = json!({"jsonrpc": "2.0", "id": 1, "method": "ping"});
    let (code, _) = status(http.post(&mcp).json(&hello)).await;
    assert_eq!(code, 401);
    let (code, body) = status(http.post(&mcp).bearer_auth(&served.admin).json(&hello)).await;
    assert_eq!(code, 400, "{body}");
    let (code, _) = status(
        http.post(format!("{mcp}?agent=bob"))
            .bearer_auth(&served.ada)
            .json(&hello),
    )
    .await;
    assert_eq!(code, 404, "ada's token cannot speak for bob");
}

/// The habitat's OpenAPI document describes the routes this crate adds,
/// and what it describes is what is served: each described method answers
/// (asking for a token), any other method of the path is refused.
#[tokio::test]
async fn the_api_description_lists_the_mcp_routes_as_served() {
    let served = serve().await;
    let http = reqwest::Client::new();
    let document: Value = http
        .get(format!("{}/api/v1/openapi.json", served.base))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let described = [
        ("/mcp", &["get", "post", "delete"][..]),
        ("/api/v1/mcp-servers", &["get", "post"][..]),
        ("/api/v1/mcp-servers/{name}", &["delete"][..]),
        ("/api/v1/agents/{agent}/tools", &["get"][..]),
    ];
    for (path, methods) in described {
        let item = document["paths"][path]
            .as_object()
            .unwrap_or_else(|| panic!("{path} is described"));
        let url = format!(
            "{}{}",
            served.base,
            path.replace("{name}", "x").replace("{agent}", "ada")
        );
        for method in ["get", "put", "post", "delete", "patch"] {
            let request = http.request(method.to_uppercase().parse().unwrap(), &url);
            let (code, _) = status(request).await;
            if methods.contains(&method) {
                let operation = &item[method];
                assert_eq!(
                    operation["security"][0]["bearer"],
                    json!([]),
                    "{method} {path}"
                );
                assert_eq!(code, 401, "{method} {path} asks for a token");
            } else {
                assert!(
                    item.get(method).is_none(),
                    "{method} {path} is not described"
                );
                assert_eq!(code, 405, "{method} {path} is not served");
            }
        }
    }
    let mcp = &document["paths"]["/mcp"]["post"];
    assert!(mcp["responses"]["200"]["content"]["text/event-stream"].is_object());
    assert_eq!(mcp["parameters"][0]["name"], "agent");
    // The transport's own refusals come in the habitat's error shape.
    let (code, body) = status(
        http.get(format!("{}/mcp", served.base))
            .bearer_auth(&served.ada),
    )
    .await;
    assert_eq!(code, 406, "{body}");
    assert_eq!(body["error"]["code"], "not_acceptable", "{body}");
    assert!(
        body["error"]["message"]
            .as_str()
            .unwrap()
            .contains("text/event-stream"),
        "{body}"
    );
}

#[tokio::test]
async fn a_body_that_is_not_json_gets_a_parse_error_with_a_null_id() {
    let served = serve().await;
    let http = reqwest::Client::new();
    let (code, body) = status(
        http.post(format!("{}/mcp", served.base))
            .bearer_auth(&served.ada)
            .header("content-type", "application/json")
            .header("accept", "application/json, text/event-stream")
            .body("{not json"),
    )
    .await;
    assert_eq!(code, 400, "{body}");
    assert_eq!(body["error"]["code"], -32700, "{body}");
    assert!(body.as_object().unwrap().contains_key("id") && body["id"].is_null());
}

#[tokio::test]
async fn mcp_over_streamable_http_serves_the_tokens_agent() {
    let served = serve().await;
    let config = StreamableHttpClientTransportConfig::with_uri(format!("{}/mcp", served.base))
        .auth_header(served.ada.clone());
    let client = ().serve(StreamableHttpClientTransport::from_config(config)).await.unwrap();
    let tools = client.list_all_tools().await.unwrap();
    assert!(tools.iter().any(|t| t.name == "skill_search"));
    let uris: Vec<String> = client
        .list_all_resources()
        .await
        .unwrap()
        .into_iter()
        .map(|r| r.uri.clone())
        .collect();
    assert_eq!(uris, ["skill://shared-steps/SKILL.md"]);
    client.cancel().await.unwrap();
}

#[tokio::test]
async fn the_server_works_over_a_habitats_http_api() {
    let served = serve().await;
    let backend = Backend::remote(&served.base, &served.ada).unwrap();
    let (server_end, client_end) = tokio::io::duplex(1 << 20);
    let server = SkillServer::new(backend, "ada");
    tokio::spawn(async move {
        if let Ok(running) = server.serve(server_end).await {
            let _ = running.waiting().await;
        }
    });
    let client = ().serve(client_end).await.unwrap();
    let tools = client.list_all_tools().await.unwrap();
    assert!(tools.iter().any(|t| t.name == "skill_create"));
    let read = client
        .read_resource(ReadResourceRequestParams::new(
            "skill://shared-steps/SKILL.md",
        ))
        .await
        .unwrap();
    assert!(format!("{read:?}").contains("name: shared-steps"));
    assert!(
        client
            .read_resource(ReadResourceRequestParams::new("skill://bob-notes/SKILL.md"))
            .await
            .is_err()
    );
    let prompts = client.list_all_prompts().await.unwrap();
    assert_eq!(prompts.len(), 1);
    client.cancel().await.unwrap();
}

#[tokio::test]
async fn registrations_are_for_admins_only() {
    let served = serve().await;
    let http = reqwest::Client::new();
    let servers = format!("{}/api/v1/mcp-servers", served.base);
    let (code, _) = status(http.get(&servers).bearer_auth(&served.ada)).await;
    assert_eq!(code, 404);
    let (code, body) = status(http.get(&servers).bearer_auth(&served.admin)).await;
    assert_eq!((code, body), (200, json!({"servers": []})));
    let bad = json!({"name": "Not A Name", "transport": "http", "url": "http://127.0.0.1:9/mcp"});
    let (code, _) = status(http.post(&servers).bearer_auth(&served.admin).json(&bad)).await;
    assert_eq!(code, 422);
    let (code, _) = status(
        http.delete(format!("{servers}/nothing"))
            .bearer_auth(&served.admin),
    )
    .await;
    assert_eq!(code, 404);
    // The tool schemas route keeps agents apart like every other, and a
    // grant on bob's world opens his skills, not his session's view.
    let bobs_tools = format!("{}/api/v1/agents/bob/tools", served.base);
    let (code, _) = status(http.get(&bobs_tools).bearer_auth(&served.ada)).await;
    assert_eq!(code, 404);
    let (code, _) = status(
        http.put(format!("{}/api/v1/agents/bob/grants/ada", served.base))
            .bearer_auth(&served.admin)
            .json(&json!({"access": "write"})),
    )
    .await;
    assert_eq!(code, 200);
    let (code, _) = status(
        http.get(format!(
            "{}/api/v1/agents/bob/skills/bob-notes",
            served.base
        ))
        .bearer_auth(&served.ada),
    )
    .await;
    assert_eq!(code, 200, "the grant opens bob's skills");
    let (code, _) = status(http.get(&bobs_tools).bearer_auth(&served.ada)).await;
    assert_eq!(code, 404, "but not his session's tools");
    let (code, _) = status(http.get(&bobs_tools).bearer_auth(&served.admin)).await;
    assert_eq!(code, 200);
}
