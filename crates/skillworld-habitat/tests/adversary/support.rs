//! A habitat on an ephemeral loopback port (started again on the same data
//! directory when a test restarts it), an admin token, agents with their
//! own tokens, a client, and builders for skills and zips.

use std::io::Write;
use std::path::Path;
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
    pub habitat: Arc<Habitat>,
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

    /// The body, once the status is `status` (else a failure showing it).
    pub fn expect(self, status: StatusCode) -> Value {
        assert_eq!(self.status, status, "{}", self.body);
        self.body
    }
}

impl Server {
    pub async fn start() -> Server {
        Server::start_with(|_| {}).await
    }

    /// A new habitat (endpoint probes off unless `configure` turns them on).
    pub async fn start_with(configure: impl FnOnce(&mut HabitatOptions)) -> Server {
        let dir = tempfile::tempdir().unwrap();
        let (habitat, admin) = open(dir.path(), configure, None).await;
        Server::serve(dir, habitat, admin).await
    }

    /// Stops this server and starts another on the same data directory
    /// (same database, tokens and secret key); panics with the reason if
    /// the database no longer opens.
    pub async fn restart(self) -> Server {
        let admin = self.admin.clone();
        let dir = self.stop().await;
        let (habitat, admin) = open(dir.path(), |_| {}, Some(admin)).await;
        Server::serve(dir, habitat, admin).await
    }

    async fn serve(dir: tempfile::TempDir, habitat: Arc<Habitat>, admin: String) -> Server {
        let app = router(habitat.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        let (stop, stopped) = oneshot::channel::<()>();
        let task = tokio::spawn(async move {
            serve(listener, app, async {
                let _ = stopped.await;
            })
            .await
            .unwrap();
        });
        Server {
            url,
            admin,
            dir,
            habitat,
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

    pub async fn post(&self, path: &str, token: &str, body: Value) -> Answer {
        self.json(Method::POST, path, token, body).await
    }

    pub async fn put(&self, path: &str, token: &str, body: Value) -> Answer {
        self.json(Method::PUT, path, token, body).await
    }

    pub async fn delete(&self, path: &str, token: &str) -> Answer {
        self.send(Method::DELETE, path, token, None).await
    }

    /// The listening address, `127.0.0.1:PORT`.
    pub fn address(&self) -> &str {
        self.url.trim_start_matches("http://")
    }

    /// Creates a skill from SKILL.md text in `layer` (`commons` or
    /// `agents/NAME`) as `token`; panics unless it is created.
    pub async fn create_skill(&self, layer: &str, token: &str, skill_md: &str) -> Value {
        let path = format!("/api/v1/{layer}/skills");
        let body = Some((skill_md.as_bytes().to_vec(), "text/markdown"));
        let created = self.send(Method::POST, &path, token, body).await;
        assert_eq!(created.status, StatusCode::CREATED, "{}", created.body);
        created.body
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

    /// Stops the server gracefully and closes its database; the data
    /// directory outlives it.
    pub async fn stop(mut self) -> tempfile::TempDir {
        self.stop.take().unwrap().send(()).unwrap();
        self.task.take().unwrap().await.unwrap();
        // axum's serve returns once every connection has said it is done,
        // but a connection's task lets go of the router (and its habitat)
        // just after: wait for that, so the database is closed on return.
        while Arc::strong_count(&self.habitat) > 1 {
            tokio::task::yield_now().await;
        }
        self.dir
    }
}

/// Opens the habitat on `dir`; a new one's first admin token, or `admin`.
async fn open(
    dir: &Path,
    configure: impl FnOnce(&mut HabitatOptions),
    admin: Option<String>,
) -> (Arc<Habitat>, String) {
    let store = Store::open(
        &dir.join("world.redb"),
        OpenOptions {
            seed: skillworld_store::shipped_commons(),
            ..OpenOptions::default()
        },
    )
    .unwrap_or_else(|error| panic!("the database does not open: {error}"));
    let mut options = HabitatOptions::new(dir);
    options.probe_endpoints = false;
    // This test binary is no sandbox helper: scripts run unconfined
    // here; the confined path is skillworld-cli's escape suite.
    options.sandbox = Arc::new(SandboxConfig::off());
    configure(&mut options);
    let habitat = Arc::new(Habitat::new(store, options).unwrap());
    let admin = match admin {
        Some(admin) => admin,
        None => habitat.first_admin_token().await.unwrap().unwrap(),
    };
    (habitat, admin)
}

/// A zip of `files` (path, bytes), deflated.
pub fn zip_of(files: &[(&str, &[u8])]) -> Vec<u8> {
    let mut out = std::io::Cursor::new(Vec::new());
    let mut zip = zip::ZipWriter::new(&mut out);
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    for (path, bytes) in files {
        zip.start_file(*path, options).unwrap();
        zip.write_all(bytes).unwrap();
    }
    zip.finish().unwrap();
    out.into_inner()
}

/// SKILL.md text with a name, a description, extra frontmatter lines and
/// a body.
pub fn skill_md(name: &str, description: &str, frontmatter: &str, body: &str) -> String {
    format!("---\nname: {name}\ndescription: {description}\n{frontmatter}---\n{body}")
}

/// Frontmatter declaring one script tool `id` at `path` with no
/// parameters; the tool is `skill_<name with _>_<id>`.
pub fn script_frontmatter(id: &str, path: &str) -> String {
    format!(
        "metadata:\n  skillworld.scripts: '[{{\"id\":\"{id}\",\"path\":\"{path}\",\"arg_style\":\"flags\",\"parameters\":[]}}]'\n"
    )
}
