//! Attack 7 over HTTP and the library (the CLI's is in skillworld-cli's
//! `serve` test): a removed agent's tokens are revoked, and an agent added
//! again under the same name is another agent its old tokens do not open.

use reqwest::StatusCode;
use serde_json::json;
use skillworld_store::StoreError;

use crate::support::{Answer, Server};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn removing_an_agent_over_http_revokes_its_tokens() {
    let server = Server::start().await;
    let bob = server.agent_with_token("bob", "agent").await;
    assert_eq!(
        server.get("/api/v1/whoami", &bob).await.status,
        StatusCode::OK
    );
    let Answer {
        status,
        body: answer,
    } = server.delete("/api/v1/agents/bob", &server.admin).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(
        server.get("/api/v1/whoami", &bob).await.status,
        StatusCode::UNAUTHORIZED
    );
    let Answer { status, .. } = server
        .post("/api/v1/agents", &server.admin, json!({"name": "bob"}))
        .await;
    assert_eq!(status, StatusCode::CREATED);
    assert_eq!(
        server.get("/api/v1/whoami", &bob).await.status,
        StatusCode::UNAUTHORIZED
    );
    let server = server.restart().await;
    assert_eq!(
        server.get("/api/v1/whoami", &bob).await.status,
        StatusCode::UNAUTHORIZED
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_door_that_skips_the_rule_loses_the_tokens_at_the_next_start() {
    let server = Server::start().await;
    let bob = server.agent_with_token("bob", "agent").await;
    // An embedding host removing and re-adding bob on the world directly.
    server
        .habitat
        .write(|store| {
            store.run(|world| {
                world.remove_agent("bob").unwrap();
                world.add_agent("bob", None).unwrap();
            })?;
            Ok::<_, StoreError>(())
        })
        .await
        .unwrap();
    let server = server.restart().await;
    assert_eq!(
        server.get("/api/v1/whoami", &bob).await.status,
        StatusCode::UNAUTHORIZED
    );
    let fresh = server.agent_with_token("bob", "agent").await;
    assert_eq!(
        server.get("/api/v1/whoami", &fresh).await.status,
        StatusCode::OK
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restore_that_takes_an_agent_away_takes_its_tokens() {
    let server = Server::start().await;
    let Answer { status, .. } = server
        .post(
            "/api/v1/snapshots",
            &server.admin,
            json!({"name": "no-bob"}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED);
    let bob = server.agent_with_token("bob", "agent").await;
    let Answer { status, .. } = server
        .post("/api/v1/snapshots/no-bob/restore", &server.admin, json!({}))
        .await;
    assert_eq!(status, StatusCode::OK);
    // The allocator was wound back with the world: the new bob may well
    // get the old one's identity. The old token still opens nothing.
    let Answer { status, .. } = server
        .post("/api/v1/agents", &server.admin, json!({"name": "bob"}))
        .await;
    assert_eq!(status, StatusCode::CREATED);
    assert_eq!(
        server.get("/api/v1/whoami", &bob).await.status,
        StatusCode::UNAUTHORIZED
    );
}
