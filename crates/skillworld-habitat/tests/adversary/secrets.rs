//! Attack 3: a Commons skill's secret stolen by a private skill of the same
//! name. Secrets bind to a skill's identity (stable id and home layer), so
//! bob's own `weather` never receives the Commons `weather`'s values, while
//! the Commons skill's own script still gets them.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::support::{Answer, Server, script_frontmatter, skill_md, zip_of};

const STOLEN: &str = "commons-api-key-5f1e2d";
const TOOL: &str = "skill_weather_show";

/// A `weather` skill whose `show` script prints `$API_KEY`, as a zip.
fn weather_zip(description: &str) -> Vec<u8> {
    let md = skill_md(
        "weather",
        description,
        &format!(
            "{}  openclaw:\n    requires:\n      env: [API_KEY]\n",
            script_frontmatter("show", "scripts/show.sh")
        ),
        "Run the show tool.\n",
    );
    zip_of(&[
        ("weather/SKILL.md", md.as_bytes()),
        (
            "weather/scripts/show.sh",
            b"printf 'key=%s\\n' \"${API_KEY:-unset}\"\n",
        ),
    ])
}

async fn install(server: &Server, layer: &str, token: &str, description: &str) {
    let Answer {
        status,
        body: installed,
    } = server
        .send(
            Method::POST,
            &format!("/api/v1/{layer}/bundles"),
            token,
            Some((weather_zip(description), "application/zip")),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{installed}");
}

async fn show(server: &Server, agent: &str, token: &str) -> Value {
    let Answer {
        status,
        body: answer,
    } = server
        .post(
            &format!("/api/v1/agents/{agent}/tools/{TOOL}"),
            token,
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    answer
}

fn readiness_of(preflight: &Value, name: &str) -> Value {
    preflight["skills"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["name"] == name)
        .cloned()
        .unwrap_or_else(|| panic!("{name} not in {preflight}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_same_named_private_skill_does_not_receive_the_commons_secret() {
    let server = Server::start().await;
    let ada = server.agent_with_token("ada", "agent").await;
    let bob = server.agent_with_token("bob", "agent").await;
    install(&server, "commons", &server.admin, "Shows the weather.").await;
    let Answer {
        status,
        body: answer,
    } = server
        .put(
            "/api/v1/commons/skills/weather/secrets/API_KEY",
            &server.admin,
            json!({"value": STOLEN}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");

    // Benign: the Commons secret reaches the Commons skill's own script.
    let answer = show(&server, "ada", &ada).await;
    assert_eq!(answer["stdout"], format!("key={STOLEN}\n"), "{answer}");

    // The attack: bob's own `weather` with the same script and name.
    install(&server, "agents/bob", &bob, "Bob's weather.").await;
    let answer = show(&server, "bob", &bob).await;
    assert_eq!(answer["stdout"], "key=unset\n", "{answer}");
    assert!(!answer.to_string().contains(STOLEN));

    // Preflight tells bob to set his own; the listing shows no Commons value.
    let Answer {
        body: preflight, ..
    } = server.get("/api/v1/agents/bob/preflight", &bob).await;
    let weather = readiness_of(&preflight, "weather");
    assert_eq!(weather["readiness"], "setup-needed", "{weather}");
    assert!(
        weather["missing"].to_string().contains("set your own"),
        "{weather}"
    );
    let Answer { body: listed, .. } = server
        .get("/api/v1/agents/bob/skills/weather/secrets", &bob)
        .await;
    assert_eq!(listed["secrets"], json!([]), "{listed}");

    // Bob's own value reaches bob's skill, and only bob's.
    let Answer { status, .. } = server
        .put(
            "/api/v1/agents/bob/skills/weather/secrets/API_KEY",
            &bob,
            json!({"value": "bobs-own-key"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        show(&server, "bob", &bob).await["stdout"],
        "key=bobs-own-key\n"
    );
    assert_eq!(
        show(&server, "ada", &ada).await["stdout"],
        format!("key={STOLEN}\n")
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_copy_on_write_copy_keeps_the_agents_values_not_the_commons_ones() {
    let server = Server::start().await;
    let bob = server.agent_with_token("bob", "agent").await;
    install(&server, "commons", &server.admin, "Shows the weather.").await;
    for (path, token, value) in [
        ("commons", &server.admin, STOLEN),
        ("agents/bob", &bob, "bobs-override"),
    ] {
        let Answer {
            status,
            body: answer,
        } = server
            .put(
                &format!("/api/v1/{path}/skills/weather/secrets/API_KEY"),
                token,
                json!({"value": value}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{answer}");
    }
    let Answer {
        status,
        body: answer,
    } = server
        .put(
            "/api/v1/commons/skills/weather/secrets/REGION",
            &server.admin,
            json!({"value": "commons-region"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(
        show(&server, "bob", &bob).await["stdout"],
        "key=bobs-override\n"
    );

    // Bob's write copies the Commons skill into his world.
    let Answer {
        status,
        body: patched,
    } = server
        .json(
            Method::PATCH,
            "/api/v1/agents/bob/skills/weather",
            &bob,
            json!({
                "old_string": "Run the show tool.",
                "new_string": "Run the show tool, bob.",
            }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{patched}");
    assert_eq!(patched["layer"], "private", "{patched}");

    // His own value moved with the copy; the Commons values did not.
    assert_eq!(
        show(&server, "bob", &bob).await["stdout"],
        "key=bobs-override\n"
    );
    let Answer { body: listed, .. } = server
        .get("/api/v1/agents/bob/skills/weather/secrets", &bob)
        .await;
    let keys: Vec<&str> = listed["secrets"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["key"].as_str().unwrap())
        .collect();
    assert_eq!(keys, ["API_KEY"], "{listed}");
    assert_eq!(listed["secrets"][0]["scope"], "agent");
    // Deleting his value leaves the copy with none (no Commons fallback).
    let Answer { status, .. } = server
        .delete("/api/v1/agents/bob/skills/weather/secrets/API_KEY", &bob)
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(show(&server, "bob", &bob).await["stdout"], "key=unset\n");
}
