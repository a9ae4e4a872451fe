//! Review runs on a real store with the scripted model: what they write,
//! what they record, their limits, and the one-run-per-agent rule.

use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::{Value, json};
use skillworld_core::{Origin, Timestamp};
use skillworld_evolve::{
    ChatCommand, ChatMessage, EvolveError, ModelFuture, Reply, ReviewModel, ReviewRequest,
    Reviewer, RunLimits, Scheduled, ScriptedModel, ToolSchema, review, review_with,
};
use skillworld_format::SkillDocument;
use skillworld_store::{
    OpenOptions, ReviewRun, RunKind, RunStatus, Store, StoreError, shipped_commons,
};
use skillworld_world::{CatalogRequest, Clock, Layer, TurnMessage};
use tokio::sync::Notify;

fn open(path: &Path) -> Store {
    let options = OpenOptions {
        clock: Some(Clock::Simulated(Timestamp::from_millis(1_800_000_000_000))),
        seed: shipped_commons(),
        ..OpenOptions::default()
    };
    Store::open(path, options).unwrap()
}

fn store_with_ada(path: &Path) -> Store {
    let mut store = open(path);
    store.run(|w| w.add_agent("ada", None)).unwrap().unwrap();
    store
}

fn ada() -> Layer {
    Layer::Agent("ada".into())
}

fn origin_of(store: &mut Store, name: &str) -> Option<Origin> {
    let rows = store.run(|w| w.rows(&ada(), true)).unwrap().unwrap();
    rows.into_iter().find(|r| r.name == name).map(|r| r.origin)
}

fn catalog(store: &mut Store) -> String {
    store
        .run(|w| w.catalog("ada", &CatalogRequest::default()))
        .unwrap()
        .unwrap()
}

fn busy_turn() -> Vec<TurnMessage> {
    let mut turn = vec![TurnMessage::User {
        content: "Please rotate the logs on web-1.".into(),
    }];
    for step in ["ssh", "ls", "gzip", "rm", "ls"] {
        turn.push(TurnMessage::ToolCall {
            name: "shell".into(),
            arguments: json!({"cmd": step}),
        });
        turn.push(TurnMessage::ToolResult {
            name: "shell".into(),
            content: "done".into(),
        });
    }
    turn.push(TurnMessage::Assistant {
        content: "Rotated.".into(),
    });
    turn
}

fn message(run: &ReviewRun, index: usize) -> ChatMessage {
    serde_json::from_value(run.messages[index].clone()).unwrap()
}

fn create_rotate_logs() -> Reply {
    Reply::call(
        "skill_create",
        json!({
            "name": "rotate-logs",
            "description": "Rotates and compresses a host's logs.",
            "content": "1. gzip the old logs\n2. remove the compressed ones older than a week\n",
        }),
    )
}

#[test]
fn an_evolve_run_creates_an_evolved_skill_the_agent_then_sees() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = store_with_ada(&dir.path().join("w.redb"));
    let turn = busy_turn();
    let before = turn.clone();
    let model = ScriptedModel::new([
        Reply::call("skill_search", json!({"query": "logs"})),
        create_rotate_logs(),
        Reply::text("created rotate-logs"),
    ]);
    let request = ReviewRequest::evolve("ada", &turn, "5 or more tool calls in this turn")
        .with_note(Some("keep it short"));
    let run = review(&mut store, &request, &model).unwrap();

    assert_eq!(run.status, RunStatus::Ok, "{:?}", run.error);
    assert_eq!(run.run_kind, RunKind::Evolve);
    assert_eq!(run.run_name, "skill-evolve-1");
    assert_eq!(run.iterations, 3);
    assert_eq!(
        run.metadata["gate_reason"],
        "5 or more tool calls in this turn"
    );
    assert_eq!(run.metadata["note"], "keep it short");
    assert_eq!(run.metadata["writes"], json!(["skill_create rotate-logs"]));
    assert_eq!(turn, before, "the conversation is unchanged");
    assert_eq!(origin_of(&mut store, "rotate-logs"), Some(Origin::Evolved));
    assert!(catalog(&mut store).contains("**rotate-logs**"));

    // The prompt: curation verbatim, then the data message.
    let curation = store
        .world()
        .skill_document(&Layer::Commons, "skill-curation")
        .unwrap()
        .body;
    let ChatMessage::System { content } = message(&run, 0) else {
        panic!("the system prompt comes first")
    };
    assert!(content.contains(&curation));
    let ChatMessage::User { content } = message(&run, 1) else {
        panic!("the data message comes second")
    };
    assert!(content.starts_with("mode=evolve\n"), "{content}");
    assert!(content.contains("tool calls: 5") && content.contains("keep it short"));
    assert!(content.contains("**skill-curation**"), "the catalog");
    assert_eq!(run.messages.len(), 2 + 2 * 2 + 1);
    assert_eq!(store.review_run(run.id).unwrap().unwrap(), run);
}

#[test]
fn a_maintain_run_merges_two_duplicates() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = store_with_ada(&dir.path().join("w.redb"));
    store
        .run(|w| {
            w.create(
                &ada(),
                SkillDocument::new("deploy-app", "Deploys the app.", "1. build\n2. push\n"),
            )?;
            w.create(
                &ada(),
                SkillDocument::new(
                    "ship-app",
                    "Ships the app.",
                    "1. build\n2. push\n3. smoke test\n",
                ),
            )
        })
        .unwrap()
        .unwrap();
    let model = ScriptedModel::new([
        Reply::calls([
            ("skill_view", json!({"name": "deploy-app"})),
            ("skill_view", json!({"name": "ship-app"})),
        ]),
        Reply::call(
            "skill_patch",
            json!({"name": "deploy-app", "old_string": "2. push\n", "new_string": "2. push\n3. smoke test\n"}),
        ),
        Reply::call("skill_delete", json!({"name": "ship-app"})),
        Reply::text("merged ship-app into deploy-app"),
    ]);
    let request = ReviewRequest::maintain("ada").with_note(Some("dedupe"));
    let run = review(&mut store, &request, &model).unwrap();

    assert_eq!(run.status, RunStatus::Ok, "{:?}", run.error);
    assert_eq!(run.run_kind, RunKind::Maintain);
    assert_eq!(run.metadata["tool_errors"], 0);
    let ChatMessage::User { content } = message(&run, 1) else {
        panic!("the data message comes second")
    };
    assert!(
        content.starts_with("mode=maintain\n\n## Catalog\n"),
        "{content}"
    );
    assert!(content.contains("**deploy-app**") && content.contains("**ship-app**"));
    assert!(!content.contains("## Turn digest"));
    assert!(content.ends_with("## Note\ndedupe\n"));

    let body = store
        .world()
        .skill_document(&ada(), "deploy-app")
        .unwrap()
        .body;
    assert_eq!(body, "1. build\n2. push\n3. smoke test\n");
    assert_eq!(origin_of(&mut store, "ship-app"), None, "deleted");
    let text = catalog(&mut store);
    assert!(text.contains("**deploy-app**") && !text.contains("ship-app"));
}

#[test]
fn a_run_past_ten_iterations_stops_with_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = store_with_ada(&dir.path().join("w.redb"));
    let model = ScriptedModel::new((0..11).map(|_| Reply::call("skill_list", json!({}))));
    let run = review(&mut store, &ReviewRequest::maintain("ada"), &model).unwrap();
    assert_eq!(run.status, RunStatus::Error);
    assert_eq!(run.iterations, 10);
    assert_eq!(model.remaining(), 1, "no eleventh model call");
    assert!(
        run.error.as_deref().unwrap().contains("10 iterations"),
        "{:?}",
        run.error
    );
    assert_eq!(
        store.review_run(run.id).unwrap().unwrap().status,
        RunStatus::Error
    );
}

#[test]
fn tool_errors_are_answered_and_recorded_and_import_is_not_offered() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = store_with_ada(&dir.path().join("w.redb"));
    let model = ScriptedModel::new([
        Reply::calls([
            (
                "skill_patch",
                json!({"name": "nope", "old_string": "a", "new_string": "b"}),
            ),
            (
                "skill_import",
                json!({"skill_md": "---\nname: x\ndescription: X.\n---\nx\n"}),
            ),
            (
                "record_lesson",
                json!({"name": "skill-curation", "lesson": "l"}),
            ),
        ]),
        Reply::text("nothing to do"),
    ]);
    let turn = busy_turn();
    let run = review(
        &mut store,
        &ReviewRequest::evolve("ada", &turn, "forced by /learn"),
        &model,
    )
    .unwrap();
    assert_eq!(run.status, RunStatus::Ok);
    assert_eq!(run.metadata["tool_errors"], 3);
    let results: Vec<String> = (2..5)
        .map(|i| match message(&run, i + 1) {
            ChatMessage::Tool { content, .. } => content,
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(
        results[0],
        json!({"error": "Skill 'nope' is not registered"}).to_string()
    );
    assert!(results[1].contains("Tool 'skill_import' is not available in a review run"));
    assert!(results[2].contains("record_lesson"));
    assert_eq!(origin_of(&mut store, "x"), None, "nothing imported");
    let stored = store.review_run(run.id).unwrap().unwrap();
    assert_eq!(stored.messages, run.messages);
}

#[test]
fn a_model_failure_ends_the_run_with_its_error() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = store_with_ada(&dir.path().join("w.redb"));
    let model = ScriptedModel::new([Reply::call("skill_list", json!({}))]);
    let run = review(&mut store, &ReviewRequest::maintain("ada"), &model).unwrap();
    assert_eq!(run.status, RunStatus::Error);
    assert_eq!(run.iterations, 2);
    assert!(run.error.unwrap().contains("no reply left"));
}

#[test]
fn unknown_agents_start_no_run() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = store_with_ada(&dir.path().join("w.redb"));
    let model = ScriptedModel::new([Reply::text("never")]);
    let error = review(&mut store, &ReviewRequest::maintain("bob"), &model).unwrap_err();
    assert_eq!(error.to_string(), "Agent 'bob' is not registered");
    assert!(store.review_runs(None).unwrap().is_empty());
    assert_eq!(model.remaining(), 1);
}

#[test]
fn reopening_and_replaying_reproduce_what_runs_wrote() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("w.redb");
    let mut store = store_with_ada(&path);
    store.save_snapshot("before").unwrap();
    let turn = busy_turn();
    let evolve = ScriptedModel::new([create_rotate_logs(), Reply::text("done")]);
    review(
        &mut store,
        &ReviewRequest::evolve("ada", &turn, "forced by /learn"),
        &evolve,
    )
    .unwrap();
    let maintain = ScriptedModel::new([
        Reply::call(
            "skill_patch",
            json!({"name": "rotate-logs", "old_string": "a week", "new_string": "two weeks"}),
        ),
        Reply::text("done"),
    ]);
    review(&mut store, &ReviewRequest::maintain("ada"), &maintain).unwrap();
    let digest = store.world().digest();
    let replayed = store.replay("before").unwrap();
    assert_eq!(
        replayed.digest(),
        digest,
        "replay reproduces the runs' writes"
    );
    drop(store);

    let mut store = open(&path);
    assert_eq!(store.world().digest(), digest);
    let body = store
        .world()
        .skill_document(&ada(), "rotate-logs")
        .unwrap()
        .body;
    assert!(body.contains("two weeks"));
    assert_eq!(origin_of(&mut store, "rotate-logs"), Some(Origin::Evolved));
    let runs = store.review_runs(Some("ada")).unwrap();
    let kinds: Vec<(RunKind, RunStatus)> = runs.iter().map(|r| (r.run_kind, r.status)).collect();
    assert_eq!(
        kinds,
        [
            (RunKind::Maintain, RunStatus::Ok),
            (RunKind::Evolve, RunStatus::Ok)
        ]
    );
}

/// A model that says when it is called, then waits to be released.
#[derive(Default)]
struct Gated {
    entered: Notify,
    release: Notify,
}

impl ReviewModel for Gated {
    fn complete<'a>(&'a self, _: &'a [ChatMessage], _: &'a [ToolSchema]) -> ModelFuture<'a> {
        Box::pin(async move {
            self.entered.notify_one();
            self.release.notified().await;
            Ok(Reply::text("nothing to do"))
        })
    }
}

#[tokio::test]
async fn a_run_over_its_time_limit_stops_with_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let store = shared_store(dir.path());
    let never_answers = Gated::default();
    let mut request = ReviewRequest::maintain("ada");
    request.limits = RunLimits {
        max_iterations: 10,
        // Long enough that starting the run on a loaded machine does not
        // use it up before the first model call; the model never answers.
        max_duration: Duration::from_millis(1_000),
    };
    let run = review_with(&store, &request, &never_answers).await.unwrap();
    assert_eq!(run.status, RunStatus::Error);
    assert_eq!(
        run.error.as_deref(),
        Some("stopped after the time limit of 1s")
    );
    assert_eq!(run.iterations, 1);
}

fn shared_store(dir: &Path) -> Arc<Mutex<Store>> {
    let mut store = store_with_ada(&dir.join("w.redb"));
    store.run(|w| w.add_agent("bob", None)).unwrap().unwrap();
    Arc::new(Mutex::new(store))
}

#[tokio::test]
async fn the_blocking_entry_refuses_to_run_inside_a_runtime() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = store_with_ada(&dir.path().join("w.redb"));
    let model = ScriptedModel::new([Reply::text("never")]);
    let error = review(&mut store, &ReviewRequest::maintain("ada"), &model).unwrap_err();
    assert!(matches!(error, EvolveError::InsideRuntime), "{error}");
    assert!(store.review_runs(None).unwrap().is_empty());
}

#[tokio::test]
async fn a_second_run_for_a_busy_agent_is_refused_by_the_store() {
    let dir = tempfile::tempdir().unwrap();
    let store = shared_store(dir.path());
    let gated = Arc::new(Gated::default());
    let first = tokio::spawn({
        let (store, gated) = (store.clone(), gated.clone());
        async move { review_with(&store, &ReviewRequest::maintain("ada"), &*gated).await }
    });
    // The model is called only once the run is recorded as running.
    gated.entered.notified().await;
    let quick = ScriptedModel::new([Reply::text("ok")]);
    let refused = review_with(&store, &ReviewRequest::maintain("ada"), &quick).await;
    assert!(
        matches!(&refused, Err(EvolveError::Store(StoreError::RunInProgress { agent, run_name }))
            if agent == "ada" && run_name == "skill-maintain-1"),
        "{refused:?}"
    );
    let bobs = review_with(&store, &ReviewRequest::maintain("bob"), &quick)
        .await
        .unwrap();
    assert_eq!(bobs.status, RunStatus::Ok, "other agents are not held up");

    gated.release.notify_one();
    let run = first.await.unwrap().unwrap();
    assert_eq!(run.status, RunStatus::Ok);
    let again = ScriptedModel::new([Reply::text("ok")]);
    let next = review_with(&store, &ReviewRequest::maintain("ada"), &again).await;
    assert_eq!(
        next.unwrap().status,
        RunStatus::Ok,
        "free again once finished"
    );
}

#[tokio::test]
async fn the_reviewer_gates_turns_and_refuses_a_second_run_per_agent() {
    let dir = tempfile::tempdir().unwrap();
    let store = shared_store(dir.path());
    let gated = Arc::new(Gated::default());
    let reviewer = Reviewer::new(
        store.clone(),
        gated.clone(),
        tokio::runtime::Handle::current(),
    );

    let quiet = [TurnMessage::User {
        content: "hi".into(),
    }];
    assert!(matches!(
        reviewer.after_turn("ada", &quiet),
        Scheduled::Skipped {
            reason: "nothing in this turn suggests a reusable procedure"
        }
    ));
    let learn = ChatCommand::Learn {
        note: Some("the gzip step".into()),
    };
    let Scheduled::Started(running) = reviewer.on_command("ada", &learn, &quiet) else {
        panic!("/learn forces a run")
    };
    let Scheduled::Refused { reason } = reviewer.after_turn("ada", &busy_turn()) else {
        panic!("one run per agent")
    };
    assert!(
        reason.contains("agent 'ada' already has a review run in progress"),
        "{reason}"
    );

    gated.release.notify_one();
    let run = running.await.unwrap().unwrap();
    assert_eq!(run.status, RunStatus::Ok);
    assert_eq!(run.metadata["gate_reason"], "forced by /learn");
    assert_eq!(run.metadata["note"], "the gzip step");

    let curate = ChatCommand::Curate { note: None };
    let Scheduled::Started(next) = reviewer.on_command("ada", &curate, &[]) else {
        panic!("the agent is free again")
    };
    gated.release.notify_one();
    let run = next.await.unwrap().unwrap();
    assert_eq!(run.run_kind, RunKind::Maintain);
    assert_eq!(run.metadata["gate_reason"], "requested by /skills curate");
    let listed: Vec<Value> = store
        .lock()
        .unwrap()
        .review_runs(Some("ada"))
        .unwrap()
        .iter()
        .map(|r| json!(r.run_name))
        .collect();
    assert_eq!(listed, [json!("skill-maintain-2"), json!("skill-evolve-1")]);
}
