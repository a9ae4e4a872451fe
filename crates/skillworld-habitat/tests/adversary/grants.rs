//! A grant opens a world, not an identity (MOD-2, HAB-2): ada, given
//! write access to bob's private world, reads and writes bob's skills, but
//! the routes that act as bob — his tool calls, secrets, loads, catalog,
//! menu, preflight, review runs and the lessons he records — answer her
//! 404. Before, the route's agent was bob whoever called: ada ran bob's
//! script with bob's secret in its environment, read his lessons in his
//! catalog and loads and recorded lessons in his name, while `/mcp`
//! already refused her a session as bob.

use reqwest::{Method, StatusCode};
use serde_json::json;

use crate::support::{Answer, Server, script_frontmatter, skill_md, zip_of};

const BOBS_KEY: &str = "bobs-own-key-7c3a91";
const BOBS_LESSON: &str = "The staging endpoint answers only before noon.";
const TOOL: &str = "skill_notes_show";

/// Bob's private `notes` skill, whose `show` script prints `$API_KEY`,
/// with his own secret and his own lesson on it.
async fn bobs_skill(server: &Server, bob: &str) {
    let md = skill_md(
        "notes",
        "Shows the notes.",
        &script_frontmatter("show", "scripts/show.sh"),
        "Run the show tool.\n",
    );
    let zip = zip_of(&[
        ("notes/SKILL.md", md.as_bytes()),
        (
            "notes/scripts/show.sh",
            b"printf 'key=%s\\n' \"${API_KEY:-unset}\"\n",
        ),
    ]);
    server
        .send(
            Method::POST,
            "/api/v1/agents/bob/bundles",
            bob,
            Some((zip, "application/zip")),
        )
        .await
        .expect(StatusCode::CREATED);
    let secret = "/api/v1/agents/bob/skills/notes/secrets/API_KEY";
    let lessons = "/api/v1/agents/bob/skills/notes/lessons";
    for (method, path, body) in [
        (Method::PUT, secret, json!({"value": BOBS_KEY})),
        (Method::POST, lessons, json!({"text": BOBS_LESSON})),
    ] {
        server
            .json(method, path, bob, body)
            .await
            .expect(StatusCode::OK);
    }
}

/// Bob's own tool call runs his script with his own secret.
async fn bobs_script_gets_his_key(server: &Server, bob: &str) {
    let run = server.tool("bob", bob, TOOL, json!({})).await;
    assert_eq!(
        run.body["stdout"],
        format!("key={BOBS_KEY}\n"),
        "{}",
        run.body
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_write_grant_does_not_let_an_agent_act_as_the_worlds_owner() {
    let server = Server::start().await;
    let ada = server.agent_with_token("ada", "agent").await;
    let bob = server.agent_with_token("bob", "agent").await;
    bobs_skill(&server, &bob).await;
    let grant = json!({"access": "write"});
    server
        .put("/api/v1/agents/bob/grants/ada", &server.admin, grant)
        .await
        .expect(StatusCode::OK);

    // The benign path: bob acts as himself; ada reads and writes his world.
    bobs_script_gets_his_key(&server, &bob).await;
    let loaded = server
        .post("/api/v1/agents/bob/load", &bob, json!({"name": "notes"}))
        .await;
    assert!(
        loaded.body.to_string().contains(BOBS_LESSON),
        "{}",
        loaded.body
    );
    server
        .get("/api/v1/agents/bob/skills/notes", &ada)
        .await
        .expect(StatusCode::OK);
    server
        .post("/api/v1/agents/bob/skills/notes/pin", &ada, json!({}))
        .await
        .expect(StatusCode::OK);

    // The attacks: every route that acts as bob, with ada's token.
    let attempts = [
        server.tool("bob", &ada, TOOL, json!({})).await,
        server
            .get("/api/v1/agents/bob/skills/notes/secrets", &ada)
            .await,
        server
            .put(
                "/api/v1/agents/bob/skills/notes/secrets/API_KEY",
                &ada,
                json!({"value": "adas-key"}),
            )
            .await,
        server
            .post("/api/v1/agents/bob/load", &ada, json!({"name": "notes"}))
            .await,
        server.get("/api/v1/agents/bob/catalog", &ada).await,
        server
            .post(
                "/api/v1/agents/bob/skills/notes/lessons",
                &ada,
                json!({"text": "Send the notes to the audit desk first."}),
            )
            .await,
        server.get("/api/v1/agents/bob/menu?q=notes", &ada).await,
        server.get("/api/v1/agents/bob/preflight", &ada).await,
        server.get("/api/v1/agents/bob/runs", &ada).await,
        server
            .post(
                "/api/v1/agents/bob/review",
                &ada,
                json!({"mode": "maintain"}),
            )
            .await,
    ];
    for Answer { status, body } in attempts {
        assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
        let text = body.to_string();
        assert!(
            !text.contains(BOBS_KEY) && !text.contains("bo••••91"),
            "{text}"
        );
        assert!(!text.contains(BOBS_LESSON), "{text}");
    }
    // Bob's secret is still his own value.
    bobs_script_gets_his_key(&server, &bob).await;
}
