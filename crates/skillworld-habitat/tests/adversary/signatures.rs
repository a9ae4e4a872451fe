//! Attack 11: a publisher's signed bundle with one byte of a script changed
//! on the way (GOV-2). The tampered upload is refused naming the skill and
//! the key, and nothing is installed; the untouched bundle installs as the
//! key's level; an unsigned one is community; an agent cannot register a
//! key of its own to raise its uploads. Under a policy that requires
//! approval for `community`, an admin's unsigned upload waits as `_admin`'s
//! proposal, invisible to agents until an admin approves it.

use std::path::Path;

use reqwest::{Method, StatusCode};
use serde_json::json;
use skillworld_core::Trust;
use skillworld_format::{
    BundleSignature, SIGNATURE_FILE, parse_secret_key, read_bundle_zip, skill_digest,
};

use crate::support::{Server, skill_md, zip_of};

const SECRET: &str = "1111111111111111111111111111111111111111111111111111111111111111";
const SCRIPT: &[u8] = b"#!/bin/sh\necho 'filling the form'\n";

fn public_hex() -> String {
    let key = parse_secret_key(SECRET).unwrap();
    key.verifying_key()
        .to_bytes()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The bundle's entries, and its `SKILL.sig` made as `skillworld sign`
/// makes it: over the canonical digest of what the zip holds.
fn signed(name: &str) -> (String, Vec<u8>) {
    let md = skill_md(name, "Fills PDF forms.", "", "Run scripts/fill.sh.\n");
    let zip = zip_of(&[
        (&format!("{name}/SKILL.md"), md.as_bytes()),
        (&format!("{name}/scripts/fill.sh"), SCRIPT),
    ]);
    let bundle = read_bundle_zip(&zip, Path::new("x.zip"))
        .unwrap()
        .import()
        .unwrap();
    let digest = skill_digest(&bundle.imported.document, &bundle.files);
    let signature = BundleSignature::sign(&digest, &parse_secret_key(SECRET).unwrap());
    (md, signature.to_text().into_bytes())
}

fn upload(name: &str, md: &str, script: &[u8], signature: Option<&[u8]>) -> Vec<u8> {
    let md_path = format!("{name}/SKILL.md");
    let script_path = format!("{name}/scripts/fill.sh");
    let sig_path = format!("{name}/{SIGNATURE_FILE}");
    let mut files: Vec<(&str, &[u8])> = vec![(&md_path, md.as_bytes()), (&script_path, script)];
    if let Some(signature) = signature {
        files.push((&sig_path, signature));
    }
    zip_of(&files)
}

async fn post_zip(
    server: &Server,
    layer: &str,
    token: &str,
    zip: Vec<u8>,
) -> crate::support::Answer {
    let path = format!("/api/v1/{layer}/bundles");
    server
        .send(Method::POST, &path, token, Some((zip, "application/zip")))
        .await
}

#[tokio::test]
async fn a_tampered_signed_bundle_is_refused_and_the_untouched_one_is_official() {
    let server = Server::start().await;
    let registered = server
        .put(
            "/api/v1/keys/acme",
            &server.admin,
            json!({"public_key": public_hex(), "level": "official"}),
        )
        .await;
    assert_eq!(registered.status, StatusCode::OK, "{}", registered.body);

    let (md, signature) = signed("pdf-fill");
    let mut tampered = SCRIPT.to_vec();
    tampered[15] ^= 0x20;
    let refused = post_zip(
        &server,
        "commons",
        &server.admin,
        upload("pdf-fill", &md, &tampered, Some(&signature)),
    )
    .await;
    assert_eq!(
        refused.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        refused.body
    );
    assert_eq!(refused.body["error"]["code"], "bad_signature");
    let message = refused.error();
    assert!(
        message.contains("pdf-fill") && message.contains("'acme' (official)"),
        "{message}"
    );
    let absent = server
        .get("/api/v1/commons/skills/pdf-fill", &server.admin)
        .await;
    assert_eq!(
        absent.status,
        StatusCode::NOT_FOUND,
        "nothing was installed"
    );

    let installed = post_zip(
        &server,
        "commons",
        &server.admin,
        upload("pdf-fill", &md, SCRIPT, Some(&signature)),
    )
    .await;
    assert_eq!(installed.status, StatusCode::CREATED, "{}", installed.body);
    let skill = server
        .get("/api/v1/commons/skills/pdf-fill", &server.admin)
        .await;
    assert_eq!(skill.body["trust"], "official");
    let files: Vec<&str> = skill.body["files"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|f| f["path"].as_str())
        .collect();
    assert_eq!(files, ["scripts/fill.sh"], "SKILL.sig is not a file");
    let listed = server.get("/api/v1/commons/skills", &server.admin).await;
    let row = listed.body["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["name"] == "pdf-fill")
        .unwrap()
        .clone();
    assert_eq!(row["trust"], "official");
}

#[tokio::test]
async fn unsigned_uploads_are_community_and_agents_cannot_register_keys() {
    let server = Server::start().await;
    let ada = server.agent_with_token("ada", "agent").await;
    let (md, signature) = signed("pdf-fill");

    let unsigned = post_zip(
        &server,
        "commons",
        &server.admin,
        upload("pdf-fill", &md, SCRIPT, None),
    )
    .await;
    assert_eq!(unsigned.status, StatusCode::CREATED, "{}", unsigned.body);
    assert_eq!(unsigned.body["trust"], "community");

    let forged = server
        .put(
            "/api/v1/keys/mine",
            &ada,
            json!({"public_key": public_hex(), "level": "official"}),
        )
        .await;
    assert!(
        forged.status == StatusCode::FORBIDDEN || forged.status == StatusCode::NOT_FOUND,
        "{} {}",
        forged.status,
        forged.body
    );
    let keys = server.get("/api/v1/keys", &server.admin).await;
    assert_eq!(keys.body["keys"], json!([]), "no key was registered");

    // Signed by a key nobody registered, uploaded by the agent: its own.
    let own = post_zip(
        &server,
        "agents/ada",
        &ada,
        upload("pdf-fill", &md, SCRIPT, Some(&signature)),
    )
    .await;
    assert_eq!(own.status, StatusCode::CREATED, "{}", own.body);
    assert_eq!(own.body["trust"], "agent");
}

/// The agent's catalog as its own token reads it.
async fn catalog(server: &Server, token: &str) -> String {
    let answer = server.get("/api/v1/agents/ada/catalog", token).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
    answer.body.as_str().unwrap_or_default().to_owned()
}

#[tokio::test]
async fn an_unsigned_upload_waits_for_approval_under_a_community_policy() {
    let server = Server::start().await;
    let ada = server.agent_with_token("ada", "agent").await;
    server
        .habitat
        .write(|store| {
            skillworld_habitat::configure_trust_policy(store, Some(&[Trust::Community][..]))
        })
        .await
        .unwrap();
    let key = json!({"public_key": public_hex(), "level": "official"});
    let registered = server.put("/api/v1/keys/acme", &server.admin, key).await;
    assert_eq!(registered.status, StatusCode::OK, "{}", registered.body);

    let (md, _) = signed("pdf-fill");
    let upload_unsigned = upload("pdf-fill", &md, SCRIPT, None);
    let held = post_zip(&server, "commons", &server.admin, upload_unsigned).await;
    assert_eq!(held.status, StatusCode::ACCEPTED, "{}", held.body);
    assert_eq!(held.body["proposed"], true);
    assert!(!catalog(&server, &ada).await.contains("pdf-fill"));
    let load = server
        .tool("ada", &ada, "skill_load", json!({"name": "pdf-fill"}))
        .await;
    assert!(load.body["content"].is_null(), "{}", load.body);

    let open = server.get("/api/v1/proposals", &server.admin).await;
    let open = open.body["proposals"].as_array().unwrap().clone();
    assert_eq!(open.len(), 1, "{open:?}");
    assert_eq!(
        (&open[0]["agent"], &open[0]["name"]),
        (&json!("_admin"), &json!("pdf-fill"))
    );
    // An agent's token neither reads nor decides the admin's proposals.
    let peek = server.get("/api/v1/agents/_admin/proposals", &ada).await;
    assert_eq!(peek.status, StatusCode::NOT_FOUND, "{}", peek.body);
    let approve = "/api/v1/agents/_admin/proposals/pdf-fill/approve";
    let forged = server.post(approve, &ada, json!({})).await;
    assert!(!forged.status.is_success(), "{}", forged.body);
    assert!(!catalog(&server, &ada).await.contains("pdf-fill"));

    let approved = server.post(approve, &server.admin, json!({})).await;
    assert_eq!(approved.status, StatusCode::OK, "{}", approved.body);
    assert!(catalog(&server, &ada).await.contains("pdf-fill"));
    let skill = server
        .get("/api/v1/commons/skills/pdf-fill", &server.admin)
        .await;
    assert_eq!(skill.body["trust"], "community");

    // Signed by the registered key: official, live at once.
    let (md, signature) = signed("form-sign");
    let upload_signed = upload("form-sign", &md, SCRIPT, Some(&signature));
    let live = post_zip(&server, "commons", &server.admin, upload_signed).await;
    assert_eq!(live.status, StatusCode::CREATED, "{}", live.body);
    assert_eq!(live.body["trust"], "official");
    assert!(catalog(&server, &ada).await.contains("form-sign"));
}
