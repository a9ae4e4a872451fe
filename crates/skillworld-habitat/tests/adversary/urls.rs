//! Attack 12: the server as a fetcher (GOV-3). An agent asks the habitat to
//! download a bundle for it, which would let it reach through the server
//! what its own network rules keep it from: the route is the admin's. An
//! admin's fetch never reaches a loopback or private address unless the
//! configuration allows it, and a pinned SHA-256 that does not match
//! installs nothing. Beside it, the benign path: an exported zip installs
//! elsewhere as the same skill, digest for digest.

use std::path::Path;

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};
use skillworld_format::{read_bundle_zip, skill_digest};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;

use crate::support::{Server, skill_md, zip_of};

/// Serves `body` as a zip to every GET on 127.0.0.1 (an ephemeral port),
/// one connection at a time; the URL of `/word-count.zip`.
async fn serve_zip(body: Vec<u8>) -> String {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/word-count.zip", listener.local_addr().unwrap());
    tokio::spawn(async move {
        while let Ok((mut stream, _)) = listener.accept().await {
            let mut request = Vec::new();
            let mut buffer = [0u8; 1024];
            while !request.windows(4).any(|w| w == b"\r\n\r\n") {
                match stream.read(&mut buffer).await {
                    Ok(0) | Err(_) => break,
                    Ok(n) => request.extend_from_slice(&buffer[..n]),
                }
            }
            let head = format!(
                "HTTP/1.1 200 OK\r\nContent-Type: application/zip\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
                body.len()
            );
            let _ = stream.write_all(head.as_bytes()).await;
            let _ = stream.write_all(&body).await;
        }
    });
    url
}

fn word_count_zip() -> Vec<u8> {
    let md = skill_md("word-count", "Counts words in a file.", "", "Count.\n");
    zip_of(&[
        ("word-count/SKILL.md", md.as_bytes()),
        (
            "word-count/references/notes.md",
            b"Words are split on spaces.\n",
        ),
    ])
}

fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

async fn install_url(
    server: &Server,
    layer: &str,
    token: &str,
    body: Value,
) -> (StatusCode, Value) {
    let path = format!("/api/v1/{layer}/bundles/url");
    let answer = server.json(Method::POST, &path, token, body).await;
    (answer.status, answer.body)
}

async fn commons_has(server: &Server, name: &str) -> bool {
    let path = format!("/api/v1/commons/skills/{name}");
    server.get(&path, &server.admin).await.status == StatusCode::OK
}

#[tokio::test]
async fn agents_cannot_make_the_server_fetch_and_private_addresses_need_the_configuration() {
    let url = serve_zip(word_count_zip()).await;
    let server = Server::start().await;
    let ada = server.agent_with_token("ada", "agent").await;

    let (status, body) = install_url(&server, "agents/ada", &ada, json!({"url": url})).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    let (status, body) = install_url(&server, "commons", &ada, json!({"url": url})).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");

    // The admin's fetch of a loopback address, without the configuration.
    let (status, body) = install_url(&server, "commons", &server.admin, json!({"url": url})).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    let message = body["error"]["message"].as_str().unwrap();
    assert!(
        message.contains("loopback, private or link-local"),
        "{message}"
    );
    assert!(message.contains("allow_private_urls"), "{message}");
    assert!(!commons_has(&server, "word-count").await);
}

#[tokio::test]
async fn a_pinned_hash_is_checked_and_the_url_stays_the_skills_source() {
    let zip = word_count_zip();
    let url = serve_zip(zip.clone()).await;
    let server = Server::start_with(|options| options.allow_private_urls = true).await;

    let wrong = "0".repeat(64);
    let (status, body) = install_url(
        &server,
        "commons",
        &server.admin,
        json!({"url": url, "sha256": wrong}),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    let message = body["error"]["message"].as_str().unwrap();
    assert!(message.contains("SHA-256 mismatch"), "{message}");
    assert!(message.contains(&url), "{message}");
    assert!(!commons_has(&server, "word-count").await);

    let pinned = json!({"url": url, "sha256": sha256_hex(&zip)});
    let (status, body) = install_url(&server, "commons", &server.admin, pinned.clone()).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(body["name"], "word-count", "{body}");
    assert_eq!(body["trust"], "community", "unsigned: {body}");
    assert_eq!(body["skill"]["provenance"]["import_source"], url.as_str());

    // The same URL again updates the skill it installed (STO-6): no
    // `skill_exists`, no numbered copy.
    let (status, body) = install_url(&server, "commons", &server.admin, pinned).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(body["name"], "word-count", "{body}");
}

/// The raw bytes of a GET (the export is a zip, not JSON).
async fn download(server: &Server, path: &str, token: &str) -> Vec<u8> {
    let response = reqwest::Client::new()
        .get(format!("http://{}{path}", server.address()))
        .bearer_auth(token)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK, "{path}");
    response.bytes().await.unwrap().to_vec()
}

fn digest_of_zip(zip: &[u8]) -> String {
    let bundle = read_bundle_zip(zip, Path::new("export.zip"))
        .unwrap()
        .import()
        .unwrap();
    skill_digest(&bundle.imported.document, &bundle.files)
}

#[tokio::test]
async fn an_exported_zip_installs_elsewhere_as_the_same_skill() {
    let server = Server::start().await;
    let ada = server.agent_with_token("ada", "agent").await;
    let bob = server.agent_with_token("bob", "agent").await;
    let uploaded = word_count_zip();
    let installed = server
        .send(
            Method::POST,
            "/api/v1/agents/ada/bundles",
            &ada,
            Some((uploaded.clone(), "application/zip")),
        )
        .await;
    assert_eq!(installed.status, StatusCode::CREATED, "{}", installed.body);
    let lesson = server
        .post(
            "/api/v1/agents/ada/skills/word-count/lessons",
            &ada,
            json!({"text": "Count hyphenated words once."}),
        )
        .await;
    assert_eq!(lesson.status, StatusCode::OK, "{}", lesson.body);

    let exported = download(&server, "/api/v1/agents/ada/skills/word-count/export", &ada).await;
    assert_eq!(digest_of_zip(&exported), digest_of_zip(&uploaded));
    let text = String::from_utf8_lossy(&exported);
    assert!(!text.contains("hyphenated"), "lessons are never exported");

    let reinstalled = server
        .send(
            Method::POST,
            "/api/v1/agents/bob/bundles",
            &bob,
            Some((exported.clone(), "application/zip")),
        )
        .await;
    assert_eq!(
        reinstalled.status,
        StatusCode::CREATED,
        "{}",
        reinstalled.body
    );
    let again = download(&server, "/api/v1/agents/bob/skills/word-count/export", &bob).await;
    assert_eq!(digest_of_zip(&again), digest_of_zip(&exported));
}
