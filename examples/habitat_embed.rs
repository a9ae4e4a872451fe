//! Embedding the habitat in a host's own axum app: the host keeps its
//! routes and mounts the habitat's beside them, sharing one listener.
//!
//! `cargo run --example habitat_embed` starts the app on a free loopback
//! port, calls one host route and two habitat routes with the admin token
//! the habitat made on first start, prints what came back, and stops.

use std::sync::Arc;

use axum::Router;
use axum::routing::get;
use skillworld::habitat::{Habitat, HabitatOptions, router, serve};
use skillworld::store::{OpenOptions, Store, shipped_commons};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // Script tools run confined by re-executing this binary as the sandbox
    // helper (SEC-3): it must take over before any thread starts, so
    // before the runtime.
    skillworld::sandbox::run_helper_if_asked();
    tokio::runtime::Runtime::new()?.block_on(run())
}

async fn run() -> Result<(), Box<dyn std::error::Error>> {
    let dir = tempfile::tempdir()?;
    let store = Store::open(
        &dir.path().join("world.redb"),
        OpenOptions {
            seed: shipped_commons(),
            ..OpenOptions::default()
        },
    )?;
    // The data directory holds admin.token, secret.key and the workspace.
    let habitat = Arc::new(Habitat::new(store, HabitatOptions::new(dir.path()))?);
    let admin = habitat
        .first_admin_token()
        .await?
        .expect("a new database has no admin token yet");

    // The host's own routes, with the habitat's merged in: one app.
    let host = Router::new().route("/host/status", get(|| async { "the host is up\n" }));
    let app = host.merge(router(habitat.clone()));

    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let url = format!("http://{}", listener.local_addr()?);
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(serve(listener, app, async {
        let _ = stopped.await;
    }));

    let client = reqwest::Client::new();
    let status = client.get(format!("{url}/host/status")).send().await?;
    println!(
        "GET /host/status -> {} {}",
        status.status(),
        status.text().await?.trim()
    );
    let created = client
        .post(format!("{url}/api/v1/agents"))
        .bearer_auth(&admin)
        .json(&serde_json::json!({"name": "ada"}))
        .send()
        .await?;
    println!("POST /api/v1/agents -> {}", created.status());
    let catalog = client
        .get(format!("{url}/api/v1/agents/ada/catalog?chars=2000"))
        .bearer_auth(&admin)
        .send()
        .await?;
    println!("GET /api/v1/agents/ada/catalog -> {}", catalog.status());
    print!("{}", catalog.text().await?);

    let _ = stop.send(());
    server.await??;
    Ok(())
}
