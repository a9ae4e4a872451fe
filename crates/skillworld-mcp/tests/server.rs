//! The MCP server in process: an rmcp client over a pipe sees what the
//! agent's policy and view allow.

use std::sync::Arc;

use rmcp::ServiceExt;
use rmcp::model::{
    CallToolRequestParams, CallToolResult, GetPromptRequestParams, ReadResourceRequestParams,
    ResourceContents,
};
use rmcp::service::{RoleClient, RunningService};
use serde_json::{Value, json};
use skillworld_core::{ParamType, Parameter};
use skillworld_format::{BundleFile, SkillDocument};
use skillworld_habitat::{Habitat, HabitatOptions};
use skillworld_mcp::{Backend, SkillServer};
use skillworld_store::{OpenOptions, Store};
use skillworld_world::Layer;

type Client = RunningService<RoleClient, ()>;

fn parameter(name: &str, kind: ParamType, required: bool) -> Parameter {
    Parameter {
        name: name.into(),
        kind,
        required,
        default: None,
        description: None,
    }
}

/// A world with ada (the default pool), eve (only `skill_list` and
/// `skill_search`) and bob (a private skill of his own).
fn habitat(dir: &std::path::Path) -> Arc<Habitat> {
    let mut store = Store::open(&dir.join("world.redb"), OpenOptions::default()).unwrap();
    store
        .run(|world| {
            world.add_agent("ada", None)?;
            world.add_agent(
                "eve",
                Some(vec!["skill_list".into(), "skill_search".into()]),
            )?;
            world.add_agent("bob", None)?;
            let mut greet = SkillDocument::new(
                "greet-person",
                "Greets a person by name.",
                "Greet {{who}}, {{times}} time(s), loudly: {{loud}}.\n",
            );
            greet.skill.parameters = vec![
                parameter("who", ParamType::String, true),
                parameter("times", ParamType::Number, false),
                parameter("loud", ParamType::Boolean, false),
            ];
            let phrases = BundleFile {
                path: "references/phrases.md".into(),
                bytes: b"Hello!\n".to_vec(),
                executable: false,
            };
            world.install(&Layer::Commons, greet, vec![phrases])?;
            world.create(
                &Layer::Agent("bob".into()),
                SkillDocument::new("bob-notes", "Bob's private notes.", "Secret.\n"),
            )?;
            Ok::<_, skillworld_world::WorldError>(())
        })
        .unwrap()
        .unwrap();
    Arc::new(Habitat::new(store, HabitatOptions::new(dir)).unwrap())
}

async fn connect(habitat: &Arc<Habitat>, agent: &str) -> Client {
    let (server_end, client_end) = tokio::io::duplex(1 << 20);
    let server = SkillServer::new(Backend::Local(habitat.clone()), agent);
    tokio::spawn(async move {
        if let Ok(running) = server.serve(server_end).await {
            let _ = running.waiting().await;
        }
    });
    ().serve(client_end).await.unwrap()
}

fn text(result: &CallToolResult) -> String {
    result
        .content
        .iter()
        .filter_map(|block| block.as_text().map(|t| t.text.clone()))
        .collect()
}

async fn call(client: &Client, tool: &str, args: Value) -> CallToolResult {
    let Value::Object(args) = args else {
        panic!("arguments are an object")
    };
    client
        .call_tool(CallToolRequestParams::new(tool.to_owned()).with_arguments(args))
        .await
        .unwrap()
}

async fn read(client: &Client, uri: &str) -> Result<String, rmcp::ServiceError> {
    let result = client
        .read_resource(ReadResourceRequestParams::new(uri))
        .await?;
    match &result.contents[0] {
        ResourceContents::TextResourceContents { text, .. } => Ok(text.clone()),
        other => panic!("text expected, got {other:?}"),
    }
}

#[tokio::test]
async fn tools_follow_the_agents_policy() {
    let dir = tempfile::tempdir().unwrap();
    let habitat = habitat(dir.path());
    let ada = connect(&habitat, "ada").await;
    let names: Vec<String> = ada
        .list_all_tools()
        .await
        .unwrap()
        .into_iter()
        .map(|t| t.name.into_owned())
        .collect();
    assert!(names.contains(&"skill_create".to_owned()), "{names:?}");
    assert!(names.contains(&"record_lesson".to_owned()), "{names:?}");

    let eve = connect(&habitat, "eve").await;
    let tools = eve.list_all_tools().await.unwrap();
    let names: Vec<&str> = tools.iter().map(|t| t.name.as_ref()).collect();
    assert_eq!(names, ["skill_list", "skill_search"]);
    assert_eq!(tools[1].input_schema["required"], json!(["query"]));
    // What the list leaves out, the call refuses too.
    let refused = call(
        &eve,
        "skill_create",
        json!({"name": "x", "description": "d", "content": "c"}),
    )
    .await;
    assert_eq!(refused.is_error, Some(true));
    assert!(text(&refused).contains("restricted by capability policy"));
}

#[tokio::test]
async fn unknown_tools_are_error_results() {
    let dir = tempfile::tempdir().unwrap();
    let ada = connect(&habitat(dir.path()), "ada").await;
    let unknown = call(&ada, "no_such_tool", json!({})).await;
    assert_eq!(unknown.is_error, Some(true));
    assert!(text(&unknown).contains("Unknown tool 'no_such_tool'"));
    // A skill's name called as a tool is redirected to the skill (CAT-8).
    call(
        &ada,
        "skill_create",
        json!({"name": "plain-steps", "description": "Steps.", "content": "Step one.\n"}),
    )
    .await;
    let redirected = call(&ada, "plain-steps", json!({"why": "testing"})).await;
    assert_eq!(redirected.is_error, Some(false));
    assert!(text(&redirected).contains("[auto-redirect]"));
    assert!(text(&redirected).contains("Step one."));
    let found = call(&ada, "skill_search", json!({"query": "greet"})).await;
    assert!(text(&found).contains("greet-person"));
}

#[tokio::test]
async fn resources_are_the_agents_view() {
    let dir = tempfile::tempdir().unwrap();
    let habitat = habitat(dir.path());
    let ada = connect(&habitat, "ada").await;
    let uris: Vec<String> = ada
        .list_all_resources()
        .await
        .unwrap()
        .into_iter()
        .map(|r| r.uri.clone())
        .collect();
    assert_eq!(
        uris,
        [
            "skill://greet-person/SKILL.md",
            "skill://greet-person/references/phrases.md"
        ]
    );
    let skill_md = read(&ada, "skill://greet-person/SKILL.md").await.unwrap();
    assert!(skill_md.contains("name: greet-person\n"), "{skill_md}");
    assert!(skill_md.contains("Greet {{who}}"));
    assert_eq!(
        read(&ada, "skill://greet-person/references/phrases.md")
            .await
            .unwrap(),
        "Hello!\n"
    );
    assert!(read(&ada, "skill://bob-notes/SKILL.md").await.is_err());
    assert!(
        read(&ada, "skill://greet-person/references/none.md")
            .await
            .is_err()
    );
    assert!(read(&ada, "file:///etc/passwd").await.is_err());

    let bob = connect(&habitat, "bob").await;
    assert!(
        read(&bob, "skill://bob-notes/SKILL.md")
            .await
            .unwrap()
            .contains("Secret.")
    );

    // A write shows in the next listing.
    let created = call(
        &ada,
        "skill_create",
        json!({"name": "fresh", "description": "New.", "content": "Do it.\n"}),
    )
    .await;
    assert_eq!(created.is_error, Some(false), "{}", text(&created));
    let resources = ada.list_all_resources().await.unwrap();
    assert!(resources.iter().any(|r| r.uri == "skill://fresh/SKILL.md"));
}

#[tokio::test]
async fn prompts_render_their_parameters() {
    let dir = tempfile::tempdir().unwrap();
    let ada = connect(&habitat(dir.path()), "ada").await;
    let prompts = ada.list_all_prompts().await.unwrap();
    let greet = prompts.iter().find(|p| p.name == "greet-person").unwrap();
    let arguments: Vec<(&str, Option<bool>)> = greet
        .arguments
        .as_ref()
        .unwrap()
        .iter()
        .map(|a| (a.name.as_str(), a.required))
        .collect();
    assert_eq!(
        arguments,
        [
            ("who", Some(true)),
            ("times", Some(false)),
            ("loud", Some(false))
        ]
    );

    let get = |args: Value| {
        let Value::Object(args) = args else {
            unreachable!()
        };
        ada.get_prompt(GetPromptRequestParams::new("greet-person").with_arguments(args))
    };
    let rendered = get(json!({"who": "Ada", "times": "3", "loud": "true"}))
        .await
        .unwrap();
    let message = rendered.messages[0].content.as_text().unwrap().text.clone();
    assert_eq!(message, "Greet Ada, 3 time(s), loudly: true.\n");
    assert_eq!(
        rendered.description.as_deref(),
        Some("Greets a person by name.")
    );

    // Missing, mistyped and unknown arguments are errors, not renderings.
    assert!(
        get(json!({}))
            .await
            .unwrap_err()
            .to_string()
            .contains("who")
    );
    assert!(get(json!({"who": "A", "times": "many"})).await.is_err());
    assert!(get(json!({"who": "A", "colour": "red"})).await.is_err());
}

#[tokio::test]
async fn resource_metadata_carries_the_trust_level_and_the_catalog_does_not() {
    let dir = tempfile::tempdir().unwrap();
    let habitat = habitat(dir.path());
    let trust_of = |resources: &[rmcp::model::Resource], uri: &str| {
        let resource = resources.iter().find(|r| r.uri == uri).unwrap();
        let meta = resource.meta.as_ref().expect("skill resources carry _meta");
        meta.0[skillworld_mcp::TRUST_META_KEY].clone()
    };
    let ada = connect(&habitat, "ada").await;
    let resources = ada.list_all_resources().await.unwrap();
    // Installed by the host without a signature: community.
    for uri in [
        "skill://greet-person/SKILL.md",
        "skill://greet-person/references/phrases.md",
    ] {
        assert_eq!(trust_of(&resources, uri), json!("community"), "{uri}");
    }
    let bob = connect(&habitat, "bob").await;
    let resources = bob.list_all_resources().await.unwrap();
    // Written by the admin into bob's world: trusted.
    assert_eq!(
        trust_of(&resources, "skill://bob-notes/SKILL.md"),
        json!("trusted")
    );
    let instructions = bob
        .peer_info()
        .and_then(|info| info.instructions.clone())
        .unwrap_or_default();
    assert!(instructions.contains("bob-notes"), "{instructions}");
    assert!(
        !instructions.contains("trusted") && !instructions.contains("community"),
        "the catalog text carries no trust level: {instructions}"
    );
}
