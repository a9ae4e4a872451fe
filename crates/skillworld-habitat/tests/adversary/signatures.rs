//! Attack 11: a publisher's signed bundle with one byte of a script changed
//! on the way (GOV-2). The tampered upload is refused naming the skill and
//! the key, and nothing is installed; the untouched bundle installs as the
//! key's level; an unsigned one is community; an agent cannot register a
//! key of its own to raise its uploads.

use std::path::Path;

use reqwest::{Method, StatusCode};
use serde_json::json;
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
