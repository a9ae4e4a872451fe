//! The OpenAI-compatible client against a fake chat-completions server on
//! 127.0.0.1: retries, malformed tool arguments, timeouts, credentials, and
//! a whole review run over it.

mod fake;

use std::time::{Duration, Instant};

use fake::{Canned, FakeServer};
use serde_json::json;
use skillworld_evolve::{
    ChatMessage, ModelError, OpenAiCompatible, OpenAiConfig, ReviewModel, ReviewRequest,
    review_tools, review_with,
};
use skillworld_store::{OpenOptions, RunStatus, Store, shipped_commons};
use skillworld_world::{Layer, TurnMessage};

fn client(server: &FakeServer, configure: impl FnOnce(&mut OpenAiConfig)) -> OpenAiCompatible {
    let mut config = OpenAiConfig::new(&server.url, "test-model");
    config.initial_backoff = Duration::from_millis(1);
    config.timeout = Duration::from_secs(10);
    configure(&mut config);
    OpenAiCompatible::new(config).unwrap()
}

fn ask() -> Vec<ChatMessage> {
    vec![ChatMessage::User {
        content: "mode=maintain".into(),
    }]
}

#[tokio::test]
async fn a_429_is_retried_after_retry_after_then_tool_calls_parse() {
    let server = FakeServer::start(vec![
        Canned::status(429, vec![("retry-after", "0".into())]),
        Canned::calls(&[("skill_view", r#"{"name":"deploy"}"#)]),
    ]);
    let model = client(&server, |_| {});
    let reply = model.complete(&ask(), &review_tools()).await.unwrap();
    assert_eq!(reply.tool_calls.len(), 1);
    assert_eq!(reply.tool_calls[0].id, "c0");
    assert_eq!(reply.tool_calls[0].name, "skill_view");
    assert_eq!(reply.tool_calls[0].arguments, json!({"name": "deploy"}));

    let received = server.received();
    assert_eq!(received.len(), 2, "one retry");
    let request = &received[1];
    assert!(request.head.starts_with("post /v1/chat/completions "));
    assert!(!request.head.contains("authorization"), "no key, no header");
    assert_eq!(request.body["model"], "test-model");
    assert_eq!(request.body["messages"][0]["role"], "user");
    assert_eq!(request.body["tools"][0]["type"], "function");
    assert_eq!(request.body["tools"].as_array().unwrap().len(), 9);
}

#[tokio::test]
async fn server_errors_are_retried_a_bounded_number_of_times() {
    let server = FakeServer::start(vec![
        Canned::status(500, Vec::new()),
        Canned::status(502, Vec::new()),
        Canned::status(503, Vec::new()),
    ]);
    let model = client(&server, |c| c.max_retries = 2);
    let error = model.complete(&ask(), &[]).await.unwrap_err();
    assert!(
        matches!(
            error,
            ModelError::Status {
                status: 503,
                attempts: 3,
                ..
            }
        ),
        "{error}"
    );
    assert_eq!(server.received().len(), 3);
}

#[tokio::test]
async fn tool_arguments_that_are_not_json_are_a_clear_error() {
    let server = FakeServer::start(vec![Canned::calls(&[("skill_create", "{\"name\": oops")])]);
    let model = client(&server, |_| {});
    let error = model.complete(&ask(), &[]).await.unwrap_err();
    assert!(
        matches!(&error, ModelError::BadArguments { tool, .. } if tool == "skill_create"),
        "{error}"
    );
    let message = error.to_string();
    assert!(
        message.contains("'skill_create'")
            && message.contains("not JSON")
            && message.contains("oops"),
        "{message}"
    );
}

#[tokio::test]
async fn a_silent_server_times_out_within_the_configured_bound() {
    let server = FakeServer::start(vec![Canned::Hang]);
    let model = client(&server, |c| c.timeout = Duration::from_millis(300));
    let started = Instant::now();
    let error = model.complete(&ask(), &[]).await.unwrap_err();
    assert!(matches!(error, ModelError::Timeout { .. }), "{error}");
    assert!(error.to_string().contains("300ms"), "{error}");
    assert!(started.elapsed() < Duration::from_secs(5), "not retried");
}

#[tokio::test]
async fn a_401_is_an_auth_error_without_retries_and_the_key_is_sent() {
    let server = FakeServer::start(vec![
        Canned::status(401, Vec::new()),
        Canned::text("never reached"),
    ]);
    let model = client(&server, |c| c.api_key = Some("test-key-123".into()));
    let error = model.complete(&ask(), &[]).await.unwrap_err();
    assert!(
        matches!(error, ModelError::Auth { status: 401, .. }),
        "{error}"
    );
    assert!(error.to_string().contains("credentials"));
    let received = server.received();
    assert_eq!(received.len(), 1);
    assert!(
        received[0]
            .head
            .contains("authorization: bearer test-key-123")
    );
}

#[tokio::test]
async fn an_unreachable_endpoint_is_a_clear_error() {
    // A port that was free a moment ago: nobody listens there.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let mut config = OpenAiConfig::new(format!("http://127.0.0.1:{port}"), "m");
    config.max_retries = 1;
    config.initial_backoff = Duration::from_millis(1);
    let model = OpenAiCompatible::new(config).unwrap();
    let error = model.complete(&ask(), &[]).await.unwrap_err();
    assert!(
        matches!(error, ModelError::Unreachable { attempts: 2, .. }),
        "{error}"
    );
}

#[tokio::test]
async fn a_review_run_over_the_client_writes_through_the_world() {
    let server = FakeServer::start(vec![
        Canned::calls(&[(
            "skill_create",
            r#"{"name":"rollback","description":"Rolls a deploy back.","content":"Run make rollback.\n"}"#,
        )]),
        Canned::text("created rollback"),
    ]);
    let model = client(&server, |_| {});
    let dir = tempfile::tempdir().unwrap();
    let options = OpenOptions {
        seed: shipped_commons(),
        ..OpenOptions::default()
    };
    let store = std::sync::Mutex::new(Store::open(&dir.path().join("w.redb"), options).unwrap());
    store
        .lock()
        .unwrap()
        .run(|w| w.add_agent("ada", None))
        .unwrap()
        .unwrap();
    let turn = [TurnMessage::User {
        content: "the deploy broke, roll it back".into(),
    }];
    let request = ReviewRequest::evolve("ada", &turn, "forced by /learn");
    let run = review_with(&store, &request, &model).await.unwrap();
    assert_eq!(run.status, RunStatus::Ok, "{:?}", run.error);
    assert_eq!(run.iterations, 2);

    let received = server.received();
    let first = &received[0].body["messages"];
    assert_eq!(first[0]["role"], "system");
    assert!(
        first[1]["content"]
            .as_str()
            .unwrap()
            .starts_with("mode=evolve\n")
    );
    let second = received[1].body["messages"].as_array().unwrap();
    assert_eq!(second.len(), 4, "system, data, the call, its result");
    assert_eq!(second[2]["tool_calls"][0]["id"], "c0");
    assert_eq!(second[3]["role"], "tool");
    assert_eq!(second[3]["tool_call_id"], "c0");
    assert!(
        second[3]["content"]
            .as_str()
            .unwrap()
            .contains("\"ok\":true")
    );

    let store = store.into_inner().unwrap();
    let document = store
        .world()
        .skill_document(&Layer::Agent("ada".into()), "rollback")
        .unwrap();
    assert_eq!(document.body, "Run make rollback.\n");
}
