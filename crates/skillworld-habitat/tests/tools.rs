//! SCR-1: script tools exist while their skill is live, run their script
//! from the workspace, and are policy-checked like every tool.

use std::collections::BTreeMap;

use serde_json::json;
use skillworld_core::{ArgStyle, ParamType, Parameter, ScriptSpec, Timestamp};
use skillworld_format::{BundleFile, SkillDocument};
use skillworld_habitat::{RunLimits, SandboxConfig, run_tool};
use skillworld_store::sync_workspace;
use skillworld_world::{Caller, CallerKind, Clock, Layer, SkillWorld, Switches, WorldSettings};

/// These tests run scripts in this (test) binary's process, which is no
/// sandbox helper: the sandbox is turned off explicitly (the escape suite
/// of skillworld-cli runs the real, confined thing).
fn plain() -> RunLimits {
    RunLimits {
        sandbox: std::sync::Arc::new(SandboxConfig::off()),
        ..RunLimits::default()
    }
}

fn world(workspace: &std::path::Path) -> SkillWorld {
    let mut world = SkillWorld::new(WorldSettings {
        clock: Clock::Simulated(Timestamp::from_millis(0)),
        platform: None,
    });
    world.add_agent("ada", None).unwrap();
    let mut document = SkillDocument::new("weather-tools", "Weather.", "Use the forecast tool.\n");
    document.skill.scripts = vec![ScriptSpec {
        id: "forecast".into(),
        path: "scripts/forecast.sh".into(),
        fixed_args: vec!["--units=metric".into()],
        arg_style: ArgStyle::Flags,
        parameters: vec![Parameter {
            name: "city".into(),
            kind: ParamType::String,
            required: true,
            default: None,
            description: Some("Where.".into()),
        }],
    }];
    let files = vec![BundleFile {
        path: "scripts/forecast.sh".into(),
        bytes: b"echo \"$@\"\nexit 0\n".to_vec(),
        executable: true,
    }];
    world.install(&Layer::Commons, document, files).unwrap();
    sync_workspace(&mut world, workspace).unwrap();
    world
}

#[tokio::test]
async fn script_tools_run_their_script_and_vanish_with_their_skill() {
    let workspace = tempfile::tempdir().unwrap();
    let mut world = world(workspace.path());
    let tools = world.script_tools("ada").unwrap();
    assert_eq!(tools.len(), 1);
    assert_eq!(tools[0].name, "skill_weather_tools_forecast");
    assert_eq!(tools[0].schema["required"], json!(["city"]));

    let secrets = BTreeMap::new();
    let ada = Caller::agent("ada");
    let result = run_tool(
        &mut world,
        workspace.path(),
        &ada,
        "skill_weather_tools_forecast",
        &json!({"city": "Oslo"}),
        &secrets,
        plain(),
    )
    .await;
    assert_eq!(result["stdout"], "--units=metric --city Oslo\n", "{result}");
    assert_eq!(result["exit_code"], 0);
    let bad = run_tool(
        &mut world,
        workspace.path(),
        &ada,
        "skill_weather_tools_forecast",
        &json!({}),
        &secrets,
        plain(),
    )
    .await;
    assert_eq!(
        bad["error"],
        "Invalid arguments for skill_weather_tools_forecast: missing required argument 'city'"
    );
    let other = run_tool(
        &mut world,
        workspace.path(),
        &ada,
        "skill_search",
        &json!({"query": "weather"}),
        &secrets,
        plain(),
    )
    .await;
    assert_eq!(other["total"], 1, "other tools go to the world's dispatch");

    let invisible = Caller {
        agent: Some("ada".into()),
        kind: CallerKind::Invisible,
        ..Caller::default()
    };
    let refused = run_tool(
        &mut world,
        workspace.path(),
        &invisible,
        "skill_weather_tools_forecast",
        &json!({"city": "Oslo"}),
        &secrets,
        plain(),
    )
    .await;
    assert_eq!(
        refused["error"],
        "Tool 'skill_weather_tools_forecast' is restricted by capability policy"
    );

    world
        .set(
            &Layer::Commons,
            "weather-tools",
            Switches {
                enabled: Some(false),
                ..Default::default()
            },
        )
        .unwrap();
    assert!(
        world.script_tools("ada").unwrap().is_empty(),
        "gone while disabled"
    );
    let gone = run_tool(
        &mut world,
        workspace.path(),
        &ada,
        "skill_weather_tools_forecast",
        &json!({"city": "Oslo"}),
        &secrets,
        plain(),
    )
    .await;
    assert!(
        gone["error"].as_str().unwrap().starts_with("Unknown tool"),
        "{gone}"
    );
}
