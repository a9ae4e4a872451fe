//! The habitat over real HTTP: a server on an ephemeral loopback port and
//! a real client. The life of a skill, every HAB-2 rule, secrets, preflight
//! and bad requests that change nothing.

use std::io::Write;
use std::sync::Arc;

use reqwest::{Client, Method, StatusCode};
use serde_json::{Value, json};
use skillworld_habitat::{Habitat, HabitatOptions, router, serve};
use skillworld_store::{OpenOptions, Store};
use tokio::sync::oneshot;

struct Server {
    url: String,
    admin: String,
    client: Client,
    dir: tempfile::TempDir,
    stop: Option<oneshot::Sender<()>>,
    task: Option<tokio::task::JoinHandle<()>>,
}

impl Server {
    async fn start() -> Server {
        Server::start_with(|_| {}).await
    }

    async fn start_with(configure: impl FnOnce(&mut HabitatOptions)) -> Server {
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
        options.max_body_bytes = 2 * 1024 * 1024;
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
            client: Client::new(),
            dir,
            stop: Some(stop),
            task: Some(task),
        }
    }

    async fn send(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        body: Option<Body>,
    ) -> (StatusCode, Value, reqwest::header::HeaderMap) {
        let mut request = self.client.request(method, format!("{}{path}", self.url));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        request = match body {
            None => request,
            Some(Body::Json(value)) => request.json(&value),
            Some(Body::Raw(bytes, kind)) => request.header("content-type", kind).body(bytes),
        };
        let response = request.send().await.unwrap();
        let status = response.status();
        let headers = response.headers().clone();
        let text = response.text().await.unwrap();
        let value = serde_json::from_str(&text).unwrap_or(Value::String(text));
        (status, value, headers)
    }

    async fn get(&self, path: &str, token: &str) -> (StatusCode, Value) {
        let (status, value, _) = self.send(Method::GET, path, Some(token), None).await;
        (status, value)
    }

    async fn post(&self, path: &str, token: &str, body: Value) -> (StatusCode, Value) {
        let (status, value, _) = self
            .send(Method::POST, path, Some(token), Some(Body::Json(body)))
            .await;
        (status, value)
    }

    async fn put(&self, path: &str, token: &str, body: Value) -> (StatusCode, Value) {
        let (status, value, _) = self
            .send(Method::PUT, path, Some(token), Some(Body::Json(body)))
            .await;
        (status, value)
    }

    async fn agent_with_token(&self, name: &str, kind: &str) -> String {
        let (status, _) = self
            .post("/api/v1/agents", &self.admin, json!({"name": name}))
            .await;
        assert!(status == StatusCode::CREATED || status == StatusCode::CONFLICT);
        let (status, token) = self
            .post(
                "/api/v1/tokens",
                &self.admin,
                json!({"kind": kind, "agent": name}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{token}");
        token["token"].as_str().unwrap().to_owned()
    }

    async fn stop(mut self) -> tempfile::TempDir {
        self.stop.take().unwrap().send(()).unwrap();
        self.task.take().unwrap().await.unwrap();
        self.dir
    }
}

enum Body {
    Json(Value),
    Raw(Vec<u8>, &'static str),
}

fn zip_of(files: &[(&str, &[u8])]) -> Vec<u8> {
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

fn skill_md(name: &str, description: &str, body: &str) -> String {
    format!("---\nname: {name}\ndescription: {description}\n---\n{body}")
}

fn names(listing: &Value) -> Vec<String> {
    listing["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|item| item["name"].as_str().unwrap().to_owned())
        .collect()
}

/// The life of a skill in `layer` (`commons` or `agents/NAME`) as the
/// caller `token`: install a zip, list, catalog, load, patch, archive,
/// restore, delete.
async fn life_of_a_skill(server: &Server, layer: &str, token: &str, reader: &str) {
    let md = skill_md(
        "brew-tea",
        "Brews tea properly. Use when someone asks for tea.",
        "# Brew tea\n\nBoil water. Steep three minutes.\n",
    );
    let zip = zip_of(&[
        ("brew-tea/SKILL.md", md.as_bytes()),
        ("brew-tea/references/kinds.md", b"green, black\n"),
    ]);
    let (status, installed, headers) = server
        .send(
            Method::POST,
            &format!("/api/v1/{layer}/bundles"),
            Some(token),
            Some(Body::Raw(zip, "application/zip")),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{installed}");
    assert_eq!(installed["name"], "brew-tea");
    assert_eq!(installed["scan"], "clean");
    assert_eq!(headers["etag"], "\"1\"");

    let (status, listing) = server.get(&format!("/api/v1/{layer}/skills"), token).await;
    assert_eq!(status, StatusCode::OK);
    assert!(names(&listing).contains(&"brew-tea".to_owned()));

    let (status, catalog, _) = server
        .send(
            Method::GET,
            &format!("/api/v1/agents/{reader}/catalog?chars=4000"),
            Some(token),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        catalog
            .as_str()
            .unwrap()
            .contains("**brew-tea**: Brews tea")
    );
    // CAT-10: the message being answered ranks the catalog (`q`).
    let (status, ranked, _) = server
        .send(
            Method::GET,
            &format!("/api/v1/agents/{reader}/catalog?tokens=2000&q=how%20long%20should%20green%20tea%20steep"),
            Some(token),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let ranked = ranked.as_str().unwrap();
    assert!(ranked.starts_with("- **brew-tea**"), "{ranked}");

    let (status, loaded) = server
        .post(
            &format!("/api/v1/agents/{reader}/load"),
            token,
            json!({"name": "brew-tea"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{loaded}");
    assert!(
        loaded["content"]
            .as_str()
            .unwrap()
            .contains("Steep three minutes")
    );
    assert_eq!(loaded["resources"], json!(["references/kinds.md"]));

    // A patch against an old revision is refused; against the current one
    // it applies.
    let path = format!("/api/v1/{layer}/skills/brew-tea");
    let patch = json!({"old_string": "three", "new_string": "four"});
    let stale = server
        .client
        .patch(format!("{}{path}", server.url))
        .bearer_auth(token)
        .header("if-match", "\"7\"")
        .json(&patch)
        .send()
        .await
        .unwrap();
    assert_eq!(stale.status(), StatusCode::CONFLICT);
    let patched = server
        .client
        .patch(format!("{}{path}", server.url))
        .bearer_auth(token)
        .header("if-match", "\"1\"")
        .json(&patch)
        .send()
        .await
        .unwrap();
    assert_eq!(patched.status(), StatusCode::OK);
    assert_eq!(patched.headers()["etag"], "\"2\"");
    let patched: Value = patched.json().await.unwrap();
    assert!(
        patched["body"]
            .as_str()
            .unwrap()
            .contains("Steep four minutes")
    );

    let (status, archived) = server
        .post(&format!("{path}/archive"), token, json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{archived}");
    assert_eq!(archived["lifecycle"], "archived");
    let (_, catalog, _) = server
        .send(
            Method::GET,
            &format!("/api/v1/agents/{reader}/catalog?chars=4000"),
            Some(token),
            None,
        )
        .await;
    assert!(!catalog.as_str().unwrap().contains("brew-tea"));
    let (_, archived_list) = server
        .get(&format!("/api/v1/{layer}/skills?lifecycle=archived"), token)
        .await;
    assert_eq!(names(&archived_list), ["brew-tea"]);

    let (status, restored) = server
        .post(&format!("{path}/restore"), token, json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{restored}");
    assert_eq!(restored["lifecycle"], "active");

    let (status, _, _) = server.send(Method::DELETE, &path, Some(token), None).await;
    assert_eq!(status, StatusCode::OK);
    let (status, gone) = server.get(&path, token).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{gone}");
    assert_eq!(gone["error"]["code"], "not_found");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_life_of_a_skill_as_an_agent_and_as_admin() {
    let server = Server::start().await;
    let ada = server.agent_with_token("ada", "agent").await;
    life_of_a_skill(&server, "agents/ada", &ada, "ada").await;
    life_of_a_skill(&server, "commons", &server.admin, "ada").await;
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tokens_are_required_and_private_worlds_stay_private() {
    let server = Server::start().await;
    let ada = server.agent_with_token("ada", "agent").await;
    let bob = server.agent_with_token("bob", "agent").await;
    let (status, _, _) = server
        .send(
            Method::POST,
            "/api/v1/agents/ada/skills",
            Some(&ada),
            Some(Body::Raw(
                skill_md("ada-secret-plan", "Ada's own plan for the day.", "Plan.\n").into_bytes(),
                "text/markdown",
            )),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED);

    // 401: no token, a malformed header, a token that is not one.
    for token in [None, Some("swt_0000"), Some("not-even-close")] {
        let (status, body, headers) = server
            .send(Method::GET, "/api/v1/skills", token, None)
            .await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "{token:?}");
        assert_eq!(body["error"]["code"], "unauthorized");
        assert_eq!(headers["www-authenticate"], "Bearer");
    }
    let (status, _, _) = server.send(Method::POST, "/rpc", None, None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);

    // Bob sees nothing of Ada's: every route answers 404.
    let reads = [
        "/api/v1/agents/ada/skills",
        "/api/v1/agents/ada/skills/ada-secret-plan",
        "/api/v1/agents/ada/skills/ada-secret-plan/lessons",
        "/api/v1/agents/ada/skills/ada-secret-plan/secrets",
        "/api/v1/agents/ada/skills/ada-secret-plan/revisions",
        "/api/v1/agents/ada/catalog",
        "/api/v1/agents/ada/menu?q=plan",
        "/api/v1/agents/ada/preflight",
        "/api/v1/tokens",
        "/api/v1/agents",
        "/api/v1/curator/status",
        "/api/v1/snapshots",
    ];
    for path in reads {
        let (status, body) = server.get(path, &bob).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{path}: {body}");
        assert!(!body.to_string().contains("ada-secret-plan"), "{path}");
    }
    let writes = [
        (
            "/api/v1/agents/ada/load",
            json!({"name": "ada-secret-plan"}),
        ),
        (
            "/api/v1/agents/ada/tools/skill_view",
            json!({"name": "ada-secret-plan"}),
        ),
        (
            "/api/v1/agents/ada/skills/ada-secret-plan/lessons",
            json!({"text": "x"}),
        ),
        (
            "/api/v1/agents/ada/skills/ada-secret-plan/disable",
            json!({}),
        ),
    ];
    for (path, body) in writes {
        let (status, answer) = server.post(path, &bob, body).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{path}: {answer}");
    }
    let (status, _) = server
        .put(
            "/api/v1/agents/ada/skills/ada-secret-plan/secrets/KEY",
            &bob,
            json!({"value": "v"}),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    // Bob's own search, listing, menu, tools and RPC never show it.
    let (_, everything) = server.get("/api/v1/skills?limit=1000", &bob).await;
    assert!(!names(&everything).contains(&"ada-secret-plan".to_owned()));
    assert!(names(&everything).contains(&"skill-curation".to_owned()));
    let (_, menu) = server.get("/api/v1/agents/bob/menu?q=plan", &bob).await;
    assert_eq!(menu["items"], json!([]));
    let (_, search) = server
        .post(
            "/api/v1/agents/bob/tools/skill_search",
            &bob,
            json!({"query": "plan"}),
        )
        .await;
    assert!(!search.to_string().contains("ada-secret-plan"));
    let (_, rpc) = server
        .post(
            "/rpc",
            &bob,
            json!({"jsonrpc": "2.0", "id": 1, "method": "skill.get", "params": {"name": "ada-secret-plan", "agent": "ada"}}),
        )
        .await;
    assert!(
        rpc["error"]["message"]
            .as_str()
            .unwrap()
            .contains("not_found")
    );
    // Ada sees it everywhere; the admin too.
    let (_, mine) = server.get("/api/v1/skills?layer=private", &ada).await;
    assert_eq!(names(&mine), ["ada-secret-plan"]);
    let (_, all) = server.get("/api/v1/skills?layer=ada", &server.admin).await;
    assert_eq!(names(&all), ["ada-secret-plan"]);
    // Agents may not write the Commons.
    let (status, _, _) = server
        .send(
            Method::POST,
            "/api/v1/commons/skills",
            Some(&ada),
            Some(Body::Json(
                json!({"name": "x-skill", "description": "X.", "body": "x"}),
            )),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);

    // A grant is the one way into another agent's world: read, then write,
    // then gone again.
    let (status, _) = server
        .put(
            "/api/v1/agents/ada/grants/bob",
            &bob,
            json!({"access": "read"}),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "only an admin grants");
    let (status, _) = server
        .put(
            "/api/v1/agents/ada/grants/bob",
            &server.admin,
            json!({"access": "read"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = server
        .get("/api/v1/agents/ada/skills/ada-secret-plan", &bob)
        .await;
    assert_eq!(status, StatusCode::OK);
    let (_, visible) = server.get("/api/v1/skills?layer=ada", &bob).await;
    assert_eq!(names(&visible), ["ada-secret-plan"]);
    let (status, _) = server
        .post(
            "/api/v1/agents/ada/skills/ada-secret-plan/pin",
            &bob,
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "read access does not write");
    let (status, _) = server
        .put(
            "/api/v1/agents/ada/grants/bob",
            &server.admin,
            json!({"access": "write"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let (status, pinned) = server
        .post(
            "/api/v1/agents/ada/skills/ada-secret-plan/pin",
            &bob,
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{pinned}");
    let (status, _, _) = server
        .send(
            Method::DELETE,
            "/api/v1/agents/ada/grants/bob",
            Some(&server.admin),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = server
        .get("/api/v1/agents/ada/skills/ada-secret-plan", &bob)
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = server
        .put(
            "/api/v1/agents/ada/grants/ada",
            &server.admin,
            json!({"access": "read"}),
        )
        .await;
    assert_eq!(
        status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "no grant to the owner"
    );

    // A read-only token lists, gets and reads the catalog, nothing more.
    let reader = server.agent_with_token("ada", "agent_read_only").await;
    let (status, _) = server.get("/api/v1/agents/ada/skills", &reader).await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = server
        .get("/api/v1/agents/ada/skills/ada-secret-plan", &reader)
        .await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = server.get("/api/v1/agents/ada/catalog", &reader).await;
    assert_eq!(status, StatusCode::OK);
    let (_, rpc) = server
        .post(
            "/rpc",
            &reader,
            json!({"jsonrpc": "2.0", "id": 2, "method": "skill.list"}),
        )
        .await;
    assert_eq!(
        names(&rpc["result"]),
        ["ada-secret-plan", "skill-authoring", "skill-curation"]
    );
    for (path, body) in [
        (
            "/api/v1/agents/ada/load",
            json!({"name": "ada-secret-plan"}),
        ),
        ("/api/v1/agents/ada/skills/ada-secret-plan/pin", json!({})),
        (
            "/api/v1/agents/ada/skills",
            json!({"name": "new-one", "description": "New.", "body": "x"}),
        ),
    ] {
        let (status, _) = server.post(path, &reader, body).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{path}");
    }
    let (status, _, _) = server
        .send(
            Method::DELETE,
            "/api/v1/agents/ada/skills/ada-secret-plan",
            Some(&reader),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);

    // A revoked token stops working at once.
    let (_, tokens) = server.get("/api/v1/tokens", &server.admin).await;
    let bob_id = tokens["tokens"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["agent"] == "bob")
        .unwrap()["id"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(
        !tokens.to_string().contains(&bob),
        "tokens are never listed"
    );
    let (status, _, _) = server
        .send(
            Method::DELETE,
            &format!("/api/v1/tokens/{bob_id}"),
            Some(&server.admin),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = server.get("/api/v1/agents/bob/skills", &bob).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn secrets_are_masked_encrypted_and_make_skills_ready() {
    let plaintext = "sk-live-7f3a9c2e41d8b6";
    let server = Server::start().await;
    let ada = server.agent_with_token("ada", "agent").await;
    let md = "---\nname: weather-report\ndescription: Reports the weather. Use for forecasts.\nmetadata:\n  openclaw:\n    requires:\n      env: [WEATHER_API_KEY]\n---\nCall the API.\n";
    let (status, created, _) = server
        .send(
            Method::POST,
            "/api/v1/commons/skills",
            Some(&server.admin),
            Some(Body::Raw(md.as_bytes().to_vec(), "text/markdown")),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    assert_eq!(created["readiness"], "setup-needed");
    assert_eq!(
        created["missing"],
        json!(["env or secret: WEATHER_API_KEY"])
    );
    let (_, preflight) = server.get("/api/v1/agents/ada/preflight", &ada).await;
    let weather = |preflight: &Value| {
        preflight["skills"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["name"] == "weather-report")
            .unwrap()["readiness"]
            .clone()
    };
    assert_eq!(weather(&preflight), "setup-needed");
    let (_, catalog, _) = server
        .send(
            Method::GET,
            "/api/v1/agents/ada/catalog?format=table",
            Some(&ada),
            None,
        )
        .await;
    assert!(
        catalog.as_str().unwrap().contains("setup-needed"),
        "{catalog}"
    );

    // Ada's own value makes it ready for Ada only.
    let (status, answer) = server
        .put(
            "/api/v1/agents/ada/skills/weather-report/secrets/WEATHER_API_KEY",
            &ada,
            json!({"value": plaintext}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let (_, preflight) = server.get("/api/v1/agents/ada/preflight", &ada).await;
    assert_eq!(weather(&preflight), "ready");
    let (_, listed) = server
        .get("/api/v1/agents/ada/skills/weather-report/secrets", &ada)
        .await;
    assert_eq!(
        listed["secrets"],
        json!([{"key": "WEATHER_API_KEY", "preview": "sk••••b6", "scope": "agent"}])
    );
    // The Commons value makes it ready at host level (list, get, catalog).
    let (status, _) = server
        .put(
            "/api/v1/commons/skills/weather-report/secrets/WEATHER_API_KEY",
            &server.admin,
            json!({"value": "abcd"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let (_, got) = server
        .get("/api/v1/commons/skills/weather-report", &server.admin)
        .await;
    assert_eq!(got["readiness"], "ready");
    let (_, listed) = server
        .get(
            "/api/v1/commons/skills/weather-report/secrets",
            &server.admin,
        )
        .await;
    assert_eq!(listed["secrets"][0]["preview"], "••••");
    // Keys are checked.
    let (status, bad) = server
        .put(
            "/api/v1/commons/skills/weather-report/secrets/1BAD-KEY",
            &server.admin,
            json!({"value": "x"}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{bad}");
    // An empty value deletes.
    let (status, _) = server
        .put(
            "/api/v1/commons/skills/weather-report/secrets/WEATHER_API_KEY",
            &server.admin,
            json!({"value": ""}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let (_, got) = server
        .get("/api/v1/commons/skills/weather-report", &server.admin)
        .await;
    assert_eq!(got["readiness"], "setup-needed");

    // The plaintext is in no answer and nowhere in the database file.
    for path in [
        "/api/v1/agents/ada/skills/weather-report",
        "/api/v1/agents/ada/skills/weather-report/secrets",
        "/api/v1/skills",
        "/api/v1/agents/ada/preflight",
    ] {
        let (_, body) = server.get(path, &ada).await;
        assert!(!body.to_string().contains(plaintext), "{path}");
    }
    let dir = server.stop().await;
    let file = std::fs::read(dir.path().join("world.redb")).unwrap();
    assert!(
        !file
            .windows(plaintext.len())
            .any(|w| w == plaintext.as_bytes())
    );
    assert!(!file.windows(8).any(|w| w == b"sk-live-"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_requests_get_clear_errors_and_change_nothing() {
    let server = Server::start().await;
    let ada = server.agent_with_token("ada", "agent").await;
    let (_, before) = server.get("/api/v1/skills?limit=1000", &server.admin).await;
    let cases: Vec<(Method, &str, Body, StatusCode)> = vec![
        (
            Method::POST,
            "/api/v1/agents/ada/skills",
            Body::Raw(b"{\"name\": ".to_vec(), "application/json"),
            StatusCode::BAD_REQUEST,
        ),
        (
            Method::POST,
            "/api/v1/agents/ada/skills",
            Body::Json(
                json!({"name": "ok-name", "description": "D.", "body": "b", "colour": "red"}),
            ),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            Method::POST,
            "/api/v1/agents/ada/skills",
            Body::Json(json!({"name": "Bad Name!", "description": "D.", "body": "b"})),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            Method::PUT,
            "/api/v1/agents/ada/skills/skill-curation/files/references/..%2F..%2Fescape.md",
            Body::Raw(b"x".to_vec(), "text/plain"),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            Method::PUT,
            "/api/v1/agents/ada/skills/skill-curation/files/notes.md",
            Body::Raw(b"x".to_vec(), "text/plain"),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            Method::POST,
            "/api/v1/agents/ada/bundles",
            Body::Raw(
                zip_of(&[
                    ("evil/SKILL.md", skill_md("evil", "Evil.", "x").as_bytes()),
                    ("evil/../../etc/cron.d/evil", b"* * * * * root sh"),
                ]),
                "application/zip",
            ),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            Method::POST,
            "/api/v1/agents/ada/bundles",
            Body::Raw(
                zip_of(&[
                    ("bomb/SKILL.md", skill_md("bomb", "Bomb.", "x").as_bytes()),
                    ("bomb/assets/zeros.bin", &vec![0u8; 5_000_000]),
                ]),
                "application/zip",
            ),
            StatusCode::PAYLOAD_TOO_LARGE,
        ),
        (
            Method::POST,
            "/api/v1/agents/ada/bundles",
            Body::Raw(b"PK\x03\x04 not really a zip".to_vec(), "application/zip"),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            Method::POST,
            "/api/v1/agents/ada/load",
            Body::Json(json!({"name": "skill-curation", "pages": 2})),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            Method::POST,
            "/api/v1/tokens",
            Body::Json(json!({"kind": "root"})),
            StatusCode::NOT_FOUND,
        ),
    ];
    for (method, path, body, expected) in cases {
        let label = format!("{method} {path}");
        let (status, answer, _) = server.send(method, path, Some(&ada), Some(body)).await;
        assert_eq!(status, expected, "{label}: {answer}");
        let message = answer["error"]["message"].as_str().unwrap_or_default();
        assert!(!message.is_empty(), "{label}: {answer}");
    }
    // A body over the limit is refused from its declared length, before it
    // is read (a raw request: a client still sending when the answer comes
    // would see the connection close).
    let address = server.url.trim_start_matches("http://").to_owned();
    let mut stream = tokio::net::TcpStream::connect(&address).await.unwrap();
    let head = format!(
        "POST /api/v1/agents/ada/skills HTTP/1.1\r\nHost: {address}\r\nAuthorization: Bearer {ada}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{{",
        3 * 1024 * 1024
    );
    tokio::io::AsyncWriteExt::write_all(&mut stream, head.as_bytes())
        .await
        .unwrap();
    let mut answer = vec![0u8; 4096];
    let read = tokio::io::AsyncReadExt::read(&mut stream, &mut answer)
        .await
        .unwrap();
    let answer = String::from_utf8_lossy(&answer[..read]);
    assert!(answer.starts_with("HTTP/1.1 413"), "{answer}");
    assert!(answer.contains("\"code\":\"too_large\""), "{answer}");

    let (_, after) = server.get("/api/v1/skills?limit=1000", &server.admin).await;
    assert_eq!(before, after);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn archiving_a_bound_skill_needs_force() {
    let server = Server::start().await;
    server.agent_with_token("ada", "agent").await;
    let (status, _, _) = server
        .send(
            Method::PUT,
            "/api/v1/agents/ada/bindings/skill-authoring",
            Some(&server.admin),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let (status, refused) = server
        .post(
            "/api/v1/commons/skills/skill-authoring/archive",
            &server.admin,
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(refused["error"]["code"], "bound_skill");
    assert_eq!(refused["error"]["bound_agents"], json!(["ada"]));
    let (status, archived) = server
        .post(
            "/api/v1/commons/skills/skill-authoring/archive?force=true",
            &server.admin,
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{archived}");
    assert_eq!(archived["lifecycle"], "archived");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_review_request_runs_in_the_background_and_is_listed() {
    use skillworld_evolve::{Reply, ScriptedModel};
    let model = ScriptedModel::new([
        Reply::call(
            "skill_create",
            json!({
                "name": "deploy-steps",
                "description": "Deploys the service. Use when asked to deploy.",
                "content": "1. Build.\n2. Ship.\n",
            }),
        ),
        Reply::text("created deploy-steps"),
    ]);
    let server = Server::start_with(|options| options.review_model = Some(Arc::new(model))).await;
    let ada = server.agent_with_token("ada", "agent").await;
    let bob = server.agent_with_token("bob", "agent").await;
    let (status, bad) = server
        .post("/api/v1/agents/ada/review", &ada, json!({"mode": "dream"}))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{bad}");
    let (status, _) = server
        .post("/api/v1/agents/ada/review", &bob, json!({"mode": "evolve"}))
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let turn = json!([
        {"role": "user", "content": "Deploy the service please."},
        {"role": "assistant", "content": "Built and shipped it."},
    ]);
    let (status, started) = server
        .post(
            "/api/v1/agents/ada/review",
            &ada,
            json!({"mode": "evolve", "note": "remember how", "turn": turn}),
        )
        .await;
    assert_eq!(status, StatusCode::ACCEPTED, "{started}");
    // Wait for the run's record to say it finished (bounded).
    let mut runs = Value::Null;
    for _ in 0..500 {
        let (_, listed) = server.get("/api/v1/agents/ada/runs", &ada).await;
        if listed["runs"][0]["status"] == "ok" {
            runs = listed;
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    let run = &runs["runs"][0];
    assert_eq!(run["run_kind"], "skill-evolve");
    assert_eq!(run["iterations"], 2);
    assert!(run.get("messages").is_none(), "listings leave messages out");
    let (status, full) = server
        .get(&format!("/api/v1/agents/ada/runs/{}", run["id"]), &ada)
        .await;
    assert_eq!(status, StatusCode::OK);
    assert!(full["messages"].as_array().unwrap().len() >= 3);
    let (status, _) = server
        .get(&format!("/api/v1/agents/bob/runs/{}", run["id"]), &bob)
        .await;
    assert_eq!(
        status,
        StatusCode::NOT_FOUND,
        "bob's path cannot reach ada's run"
    );
    let (_, skill) = server
        .get("/api/v1/agents/ada/skills/deploy-steps", &ada)
        .await;
    assert_eq!(skill["origin"], "evolved");
    assert_eq!(skill["layer"], "private");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_a_model_reviews_are_refused() {
    let server = Server::start().await;
    let ada = server.agent_with_token("ada", "agent").await;
    let (status, answer) = server
        .post(
            "/api/v1/agents/ada/review",
            &ada,
            json!({"mode": "maintain"}),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert!(
        answer["error"]["message"]
            .as_str()
            .unwrap()
            .contains("no review model")
    );
    server.stop().await;
}

/// The body and file paths of ada's `notes`.
async fn notes_files(server: &Server, token: &str) -> (String, Vec<String>) {
    let (_, view) = server.get("/api/v1/agents/ada/skills/notes", token).await;
    let paths: Vec<String> = view["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["path"].as_str().unwrap().to_owned())
        .collect();
    (view["body"].as_str().unwrap().to_owned(), paths)
}

/// STO-6 and FMT-7 over HTTP, as an agent: a zip whose name is taken is
/// refused with 409 `skill_exists` and changes nothing, unless
/// `?replace=true`; a replacing zip without `scripts/` keeps the stored
/// scripts unless `force_prune=true`; `skill_import` answers the same code.
#[tokio::test]
async fn a_taken_name_answers_skill_exists_unless_replace() {
    let server = Server::start().await;
    let ada = server.agent_with_token("ada", "agent").await;
    let upload = |query: &'static str, zip: Vec<u8>| {
        let server = &server;
        let ada = ada.clone();
        async move {
            let (status, value, _) = server
                .send(
                    Method::POST,
                    &format!("/api/v1/agents/ada/bundles{query}"),
                    Some(&ada),
                    Some(Body::Raw(zip, "application/zip")),
                )
                .await;
            (status, value)
        }
    };
    let md = |body: &str| skill_md("notes", "Takes notes.", body);
    let first = zip_of(&[
        ("notes/SKILL.md", md("One.\n").as_bytes()),
        ("notes/scripts/save.sh", b"echo saved\n"),
    ]);
    let (status, created) = upload("", first).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");

    let second = zip_of(&[("notes/SKILL.md", md("Two.\n").as_bytes())]);
    let (status, refused) = upload("", second.clone()).await;
    assert_eq!(status, StatusCode::CONFLICT, "{refused}");
    assert_eq!(refused["error"]["code"], "skill_exists");
    assert_eq!(
        refused["error"]["message"],
        "Skill 'notes' already exists in this world"
    );
    assert_eq!(
        notes_files(&server, &ada).await,
        ("One.\n".to_owned(), vec!["scripts/save.sh".to_owned()]),
        "a refused upload changes nothing"
    );

    let (status, replaced) = upload("?replace=true", second.clone()).await;
    assert!(status.is_success(), "{replaced}");
    assert_eq!(replaced["revision"], 2);
    assert_eq!(
        notes_files(&server, &ada).await,
        ("Two.\n".to_owned(), vec!["scripts/save.sh".to_owned()]),
        "a zip without scripts/ keeps the stored scripts"
    );
    let (status, _) = upload("?replace=true&force_prune=true", second).await;
    assert!(status.is_success());
    assert_eq!(notes_files(&server, &ada).await.1, Vec::<String>::new());

    let (status, tool) = server
        .post(
            "/api/v1/agents/ada/tools/skill_import",
            &ada,
            json!({"skill_md": md("Three.\n")}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(tool["code"], "skill_exists", "{tool}");
    let (_, tool) = server
        .post(
            "/api/v1/agents/ada/tools/skill_import",
            &ada,
            json!({"skill_md": md("Three.\n"), "replace": true}),
        )
        .await;
    assert_eq!(
        (&tool["ok"], &tool["outcome"]),
        (&json!(true), &json!("replaced"))
    );
    assert_eq!(notes_files(&server, &ada).await.0, "Three.\n");
    server.stop().await;
}

/// Issue 19: opening a store leaves the relevance index for its first
/// ranked query; a habitat builds it before it serves, so a request never
/// waits for the whole index under the world's lock.
#[tokio::test]
async fn a_habitat_builds_the_relevance_index_before_it_serves() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("world.redb");
    let mut store = Store::open(&db, OpenOptions::default()).unwrap();
    store
        .run(|world| {
            let document = skillworld_format::SkillDocument::new(
                "tide-tables",
                "Reads tide tables.",
                "Read the table for the harbour.\n",
            );
            world
                .create(&skillworld_world::Layer::Commons, document)
                .unwrap();
        })
        .unwrap();
    drop(store);
    let pending = |store: &Store| {
        store
            .world()
            .world()
            .resource::<skillworld_world::TermIndex>()
            .is_pending()
    };
    let store = Store::open(&db, OpenOptions::default()).unwrap();
    assert!(pending(&store), "an opened world builds its index lazily");
    let habitat = Habitat::new(store, HabitatOptions::new(dir.path())).unwrap();
    assert!(!habitat.read(|store| pending(store)).await);
}
