//! GOV-1 approval through the real server with real tokens: under
//! `review` what an agent writes waits for an admin and is invisible until
//! approved; agents can neither switch approval off, nor approve their own
//! proposals, nor read another agent's.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::support::{Server, skill_md};

async fn set_mode(server: &Server, token: &str, mode: &str) -> StatusCode {
    let body = json!({"mode": mode});
    server
        .put("/api/v1/settings/approval", token, body)
        .await
        .status
}

async fn create_as(server: &Server, agent: &str, token: &str, name: &str, body: &str) -> Value {
    let path = format!("/api/v1/agents/{agent}/skills");
    let text = skill_md(name, "Does a thing for tests.", "", body);
    let answer = server
        .send(
            Method::POST,
            &path,
            token,
            Some((text.into_bytes(), "text/markdown")),
        )
        .await;
    assert!(answer.status.is_success(), "{}", answer.body);
    json!({"status": answer.status.as_u16(), "body": answer.body})
}

async fn loaded(server: &Server, agent: &str, token: &str, name: &str) -> Answer {
    server
        .tool(agent, token, "skill_load", json!({"name": name}))
        .await
        .into()
}

/// A load's text, or its error.
struct Answer(Result<String, String>);

impl From<crate::support::Answer> for Answer {
    fn from(answer: crate::support::Answer) -> Self {
        match answer.body["content"].as_str() {
            Some(text) => Answer(Ok(text.to_owned())),
            None => Answer(Err(answer.error())),
        }
    }
}

async fn catalog(server: &Server, agent: &str, token: &str) -> String {
    let answer = server
        .get(&format!("/api/v1/agents/{agent}/catalog"), token)
        .await;
    assert_eq!(answer.status, StatusCode::OK);
    answer.body.as_str().unwrap_or_default().to_owned()
}

async fn proposals(server: &Server, path: &str, token: &str) -> Vec<Value> {
    let answer = server.get(path, token).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
    answer.body["proposals"].as_array().unwrap().clone()
}

#[tokio::test]
async fn auto_is_the_default_and_agents_cannot_change_it() {
    let server = Server::start().await;
    let ada = server.agent_with_token("ada", "agent").await;
    let setting = server.get("/api/v1/settings/approval", &server.admin).await;
    assert_eq!(setting.body["mode"], "auto", "{}", setting.body);
    assert_eq!(setting.body["expire_after_days"], 14);
    let created = create_as(&server, "ada", &ada, "at-once", "Live now.\n").await;
    assert_eq!(created["status"], 201, "auto: written and live as before");
    assert!(loaded(&server, "ada", &ada, "at-once").await.0.is_ok());

    for (method, path, body) in [
        (
            Method::PUT,
            "/api/v1/settings/approval",
            json!({"mode": "auto"}),
        ),
        (Method::GET, "/api/v1/settings/approval", json!(null)),
        (Method::GET, "/api/v1/proposals", json!(null)),
        (
            Method::POST,
            "/api/v1/agents/ada/proposals/at-once/approve",
            json!({}),
        ),
    ] {
        let answer = server.json(method, path, &ada, body).await;
        assert_eq!(
            answer.status,
            StatusCode::NOT_FOUND,
            "{path}: {}",
            answer.body
        );
    }
    let bad = server
        .put(
            "/api/v1/settings/approval",
            &server.admin,
            json!({"mode": "sometimes"}),
        )
        .await;
    assert!(bad.status.is_client_error(), "{}", bad.body);
}

#[tokio::test]
async fn a_proposed_skill_is_invisible_until_approved_and_may_be_renamed() {
    let server = Server::start().await;
    let ada = server.agent_with_token("ada", "agent").await;
    let bob = server.agent_with_token("bob", "agent").await;
    assert_eq!(
        set_mode(&server, &server.admin, "review").await,
        StatusCode::OK
    );

    let created = create_as(&server, "ada", &ada, "deploy-notes", "Deploy carefully.\n").await;
    assert_eq!(created["status"], 202);
    assert_eq!(created["body"]["proposed"], true);
    assert_eq!(created["body"]["ok"], true);
    // Through the tool too.
    let args = json!({"name": "tool-made", "description": "Made by a tool.", "content": "Body.\n"});
    let answer = server.tool("ada", &ada, "skill_create", args).await;
    assert_eq!(
        (answer.body["ok"].clone(), answer.body["proposed"].clone()),
        (json!(true), json!(true))
    );

    for name in ["deploy-notes", "tool-made"] {
        assert!(loaded(&server, "ada", &ada, name).await.0.is_err());
        assert!(!catalog(&server, "ada", &ada).await.contains(name));
        let got = server
            .get(&format!("/api/v1/agents/ada/skills/{name}"), &ada)
            .await;
        assert_eq!(got.status, StatusCode::NOT_FOUND, "{}", got.body);
    }
    // ada reads its proposals; bob reads none of ada's.
    let theirs = server.get("/api/v1/agents/ada/proposals", &bob).await;
    assert_eq!(theirs.status, StatusCode::NOT_FOUND);
    let mine = proposals(&server, "/api/v1/agents/ada/proposals", &ada).await;
    assert_eq!(mine.len(), 2);

    let pending = proposals(&server, "/api/v1/proposals", &server.admin).await;
    let notes = pending
        .iter()
        .find(|p| p["name"] == "deploy-notes")
        .unwrap();
    assert_eq!(
        (notes["agent"].clone(), notes["kind"].clone()),
        (json!("ada"), json!("new"))
    );
    assert!(
        notes["diff"]
            .as_str()
            .unwrap()
            .contains("+Deploy carefully.")
    );

    // An agent's token cannot approve, even its own proposal.
    let own = server
        .post(
            "/api/v1/agents/ada/proposals/deploy-notes/approve",
            &ada,
            json!({}),
        )
        .await;
    assert_eq!(own.status, StatusCode::NOT_FOUND);
    let approved = server
        .post(
            "/api/v1/agents/ada/proposals/deploy-notes/approve",
            &server.admin,
            json!({"as": "deploy-checklist"}),
        )
        .await;
    assert_eq!(approved.status, StatusCode::OK, "{}", approved.body);
    let text = loaded(&server, "ada", &ada, "deploy-checklist")
        .await
        .0
        .unwrap();
    assert!(text.contains("Deploy carefully."));
    assert!(
        loaded(&server, "ada", &ada, "deploy-notes")
            .await
            .0
            .is_err()
    );
    let again = server
        .post(
            "/api/v1/agents/ada/proposals/deploy-notes/approve",
            &server.admin,
            json!({}),
        )
        .await;
    assert_eq!(again.status, StatusCode::NOT_FOUND, "{}", again.body);

    // A pending proposal survives a restart.
    let server = server.restart().await;
    let pending = proposals(&server, "/api/v1/proposals?agent=ada", &server.admin).await;
    assert_eq!(pending.len(), 1);
    assert_eq!(pending[0]["name"], "tool-made");
}

#[tokio::test]
async fn a_proposed_change_leaves_the_live_skill_serving() {
    let server = Server::start().await;
    let ada = server.agent_with_token("ada", "agent").await;
    create_as(&server, "ada", &ada, "runbook", "Restart the service.\n").await;
    set_mode(&server, &server.admin, "review").await;

    let patch = json!({"old_string": "Restart the service.", "new_string": "Restart the host."});
    let answer = server
        .json(
            Method::PATCH,
            "/api/v1/agents/ada/skills/runbook",
            &ada,
            patch,
        )
        .await;
    assert_eq!(answer.status, StatusCode::ACCEPTED, "{}", answer.body);
    assert_eq!(answer.body["proposed"], true);
    let serving = loaded(&server, "ada", &ada, "runbook").await.0.unwrap();
    assert!(serving.contains("Restart the service."), "{serving}");

    let pending = proposals(&server, "/api/v1/proposals", &server.admin).await;
    assert_eq!(pending[0]["kind"], "change");
    let diff = pending[0]["diff"].as_str().unwrap();
    assert!(
        diff.contains("-Restart the service.\n+Restart the host."),
        "{diff}"
    );
    let approved = server
        .post(
            "/api/v1/agents/ada/proposals/runbook/approve",
            &server.admin,
            json!({}),
        )
        .await;
    assert_eq!(approved.status, StatusCode::OK, "{}", approved.body);
    let serving = loaded(&server, "ada", &ada, "runbook").await.0.unwrap();
    assert!(serving.contains("Restart the host."), "{serving}");
}

#[tokio::test]
async fn a_rejection_leaves_its_reason_where_the_agent_sees_it() {
    let server = Server::start().await;
    let ada = server.agent_with_token("ada", "agent").await;
    create_as(&server, "ada", &ada, "runbook", "Restart the service.\n").await;
    set_mode(&server, &server.admin, "review").await;

    // A change to a live skill: the reason is ada's lesson on it.
    let update = json!({"name": "runbook", "content": "Wipe the disk.\n"});
    let answer = server.tool("ada", &ada, "skill_update", update).await;
    assert_eq!(answer.body["proposed"], true, "{}", answer.body);
    let empty = server
        .post(
            "/api/v1/agents/ada/proposals/runbook/reject",
            &server.admin,
            json!({"reason": " "}),
        )
        .await;
    assert_eq!(
        empty.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        empty.body
    );
    let rejected = server
        .post(
            "/api/v1/agents/ada/proposals/runbook/reject",
            &server.admin,
            json!({"reason": "Never wipe disks."}),
        )
        .await;
    assert_eq!(rejected.status, StatusCode::OK, "{}", rejected.body);
    let lessons = server
        .get("/api/v1/agents/ada/skills/runbook/lessons", &ada)
        .await;
    assert_eq!(
        lessons.body["lessons"][0]["text"], "Never wipe disks.",
        "{}",
        lessons.body
    );
    let serving = loaded(&server, "ada", &ada, "runbook").await.0.unwrap();
    assert!(serving.contains("Restart the service.") && serving.contains("Never wipe disks."));

    // A new skill: the reason stays on the rejected proposal, which ada reads.
    create_as(&server, "ada", &ada, "wild-idea", "Do something wild.\n").await;
    server
        .post(
            "/api/v1/agents/ada/proposals/wild-idea/reject",
            &server.admin,
            json!({"reason": "Too vague to review."}),
        )
        .await;
    let mine = proposals(&server, "/api/v1/agents/ada/proposals?all=true", &ada).await;
    let idea = mine.iter().find(|p| p["name"] == "wild-idea").unwrap();
    assert_eq!(
        (idea["state"].clone(), idea["reason"].clone()),
        (json!("rejected"), json!("Too vague to review."))
    );
    assert!(
        proposals(&server, "/api/v1/proposals", &server.admin)
            .await
            .is_empty()
    );
}
