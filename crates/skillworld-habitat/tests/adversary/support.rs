//! A habitat on an ephemeral loopback port, an admin token, agents with
//! their own tokens, and a client.

use std::sync::Arc;

use reqwest::{Client, Method, StatusCode};
use serde_json::{Value, json};
use skillworld_habitat::{Habitat, HabitatOptions, SandboxConfig, router, serve};
use skillworld_store::{OpenOptions, Store};
use tokio::sync::oneshot;

#[allow(dead_code)] // each attack module uses what it needs
pub struct Server {
    pub url: String,
    pub admin: String,
    pub dir: tempfile::TempDir,
    client: Client,
    stop: Option<oneshot::Sender<()>>,
    task: Option<tokio::task::JoinHandle<()>>,
}

/// One answer: status and body (JSON when it parses, else the text).
pub struct Answer {
    pub status: StatusCode,
    pub body: Value,
}

impl Answer {
    /// The error message of a `{"error":{"message"}}` answer, or of a tool
    /// answer `{"error": "…"}`.
    pub fn error(&self) -> String {
        match &self.body["error"] {
            Value::String(message) => message.clone(),
            other => other["message"].as_str().unwrap_or_default().to_owned(),
        }
    }
}

impl Server {
    pub async fn start() -> Server {
        Server::start_with(|_| {}).await
    }

    pub async fn start_with(configure: impl FnOnce(&mut HabitatOptions)) -> Server {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(
            &dir.path().join("world.redb"),
            OpenOptions {
                seed: skillworld_store::shipped_commons(),
                ..OpenOptions::default()
            },
        )
        .unwrap();
        let mut options = HabitatOptions::new(dir.path());
        options.probe_endpoints = false;
        // This test binary is no sandbox helper: scripts run unconfined
        // here; the confined path is skillworld-cli's escape suite.
        options.sandbox = Arc::new(SandboxConfig::off());
        configure(&mut options);
        let habitat = Arc::new(Habitat::new(store, options).unwrap());
        let admin = habitat.first_admin_token().await.unwrap().unwrap();
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        let (stop, stopped) = oneshot::channel::<()>();
        let task = tokio::spawn(async move {
            serve(listener, router(habitat), async {
                let _ = stopped.await;
            })
            .await
            .unwrap();
        });
        Server {
            url,
            admin,
            dir,
            client: Client::new(),
            stop: Some(stop),
            task: Some(task),
        }
    }

    pub async fn send(
        &self,
        method: Method,
        path: &str,
        token: &str,
        body: Option<(Vec<u8>, &str)>,
    ) -> Answer {
        let mut request = self
            .client
            .request(method, format!("{}{path}", self.url))
            .bearer_auth(token);
        if let Some((bytes, kind)) = body {
            request = request.header("content-type", kind).body(bytes);
        }
        let response = request.send().await.unwrap();
        let status = response.status();
        let text = response.text().await.unwrap();
        let body = serde_json::from_str(&text).unwrap_or(Value::String(text));
        Answer { status, body }
    }

    pub async fn json(&self, method: Method, path: &str, token: &str, body: Value) -> Answer {
        let bytes = serde_json::to_vec(&body).unwrap();
        self.send(method, path, token, Some((bytes, "application/json")))
            .await
    }

    pub async fn get(&self, path: &str, token: &str) -> Answer {
        self.send(Method::GET, path, token, None).await
    }

    /// A tool call as the agent's own visible chat.
    pub async fn tool(&self, agent: &str, token: &str, tool: &str, args: Value) -> Answer {
        let path = format!("/api/v1/agents/{agent}/tools/{tool}");
        self.json(Method::POST, &path, token, args).await
    }

    /// Adds an agent and gives it a token of `kind` (`agent`, `agent_read_only`).
    pub async fn agent_with_token(&self, name: &str, kind: &str) -> String {
        let added = self
            .json(
                Method::POST,
                "/api/v1/agents",
                &self.admin,
                json!({"name": name}),
            )
            .await;
        assert!(
            added.status == StatusCode::CREATED || added.status == StatusCode::CONFLICT,
            "{}",
            added.body
        );
        let token = self
            .json(
                Method::POST,
                "/api/v1/tokens",
                &self.admin,
                json!({"kind": kind, "agent": name}),
            )
            .await;
        assert_eq!(token.status, StatusCode::CREATED, "{}", token.body);
        token.body["token"].as_str().unwrap().to_owned()
    }

    #[allow(dead_code)]
    pub async fn stop(mut self) -> tempfile::TempDir {
        self.stop.take().unwrap().send(()).unwrap();
        self.task.take().unwrap().await.unwrap();
        self.dir
    }
}
