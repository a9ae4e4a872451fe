//! Attack 9: a zip bomb of NUL-filled entries. A read-only token is refused
//! before the server reads the body (it answers 403 having received only
//! the start of it); an agent token's bomb is refused with 413 once the
//! bytes inflated — skipped binary entries included — pass the bundle limit.

use std::io::{Cursor, Write};
use std::time::Duration;

use reqwest::{Method, StatusCode};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use crate::support::{Answer, Server, skill_md};

/// Entries in the bomb besides SKILL.md: the most a zip may hold, less one.
const BOMB_ENTRIES: usize = 9_999;
/// Each inflates to the per-file limit (1 MB) of NUL bytes.
const ENTRY_BYTES: usize = 1_000_000;

/// SKILL.md and 9,999 scripts of a megabyte of NUL each (about 10 GB
/// inflated, about 10 MB zipped): one entry is deflated, then copied raw.
fn bomb() -> Vec<u8> {
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    let mut seed = zip::ZipWriter::new(Cursor::new(Vec::new()));
    seed.start_file("bomb/scripts/z.sh", options).unwrap();
    seed.write_all(&vec![0u8; ENTRY_BYTES]).unwrap();
    let seed = seed.finish().unwrap().into_inner();
    let mut seed = zip::ZipArchive::new(Cursor::new(seed)).unwrap();

    let mut zip = zip::ZipWriter::new(Cursor::new(Vec::new()));
    zip.start_file("bomb/SKILL.md", options).unwrap();
    let md = skill_md("bomb", "Looks harmless.", "", "Nothing to see.\n");
    zip.write_all(md.as_bytes()).unwrap();
    for index in 0..BOMB_ENTRIES {
        let entry = seed.by_index_raw(0).unwrap();
        zip.raw_copy_file_rename(entry, format!("bomb/scripts/z{index}.sh"))
            .unwrap();
    }
    zip.finish().unwrap().into_inner()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_read_only_token_is_refused_before_the_body_is_read() {
    let server = Server::start().await;
    let reader = server.agent_with_token("ada", "agent_read_only").await;
    let bomb = bomb();
    assert!(bomb.len() > 9_000_000 && bomb.len() < 16_000_000);

    // Only the headers and the first 64 KiB are sent: a server that reads
    // the body before it authorises never answers.
    let mut stream = tokio::net::TcpStream::connect(server.address())
        .await
        .unwrap();
    let head = format!(
        "POST /api/v1/agents/ada/bundles HTTP/1.1\r\nHost: {}\r\nAuthorization: Bearer {reader}\r\nContent-Type: application/zip\r\nContent-Length: {}\r\n\r\n",
        server.address(),
        bomb.len()
    );
    stream.write_all(head.as_bytes()).await.unwrap();
    stream.write_all(&bomb[..64 * 1024]).await.unwrap();
    let mut response = Vec::new();
    let mut buffer = [0u8; 4096];
    let read = async {
        while !response.windows(4).any(|w| w == b"\r\n\r\n") {
            let n = stream.read(&mut buffer).await.unwrap();
            assert_ne!(n, 0, "the server closed without an answer");
            response.extend_from_slice(&buffer[..n]);
        }
    };
    tokio::time::timeout(Duration::from_secs(20), read)
        .await
        .expect("no answer before the body was complete: it was read first");
    let status = String::from_utf8_lossy(&response[..12]).into_owned();
    assert_eq!(
        status,
        "HTTP/1.1 403",
        "{}",
        String::from_utf8_lossy(&response)
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_agents_bomb_is_refused_on_the_bytes_it_inflates() {
    let server = Server::start().await;
    let bob = server.agent_with_token("bob", "agent").await;
    let Answer {
        status,
        body: answer,
    } = server
        .send(
            Method::POST,
            "/api/v1/agents/bob/bundles",
            &bob,
            Some((bomb(), "application/zip")),
        )
        .await;
    let shown: String = answer.to_string().chars().take(400).collect();
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{shown}");
    assert_eq!(answer["error"]["code"], "too_large", "{answer}");
    assert!(
        answer["error"]["message"]
            .as_str()
            .unwrap()
            .contains("inflate"),
        "{answer}"
    );
    // Nothing was installed; a benign bundle still installs.
    let Answer { status, .. } = server.get("/api/v1/agents/bob/skills/bomb", &bob).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let md = skill_md("tea", "Brews tea.", "", "Steep.\n");
    let zip = crate::support::zip_of(&[
        ("tea/SKILL.md", md.as_bytes()),
        ("tea/scripts/brew.sh", b"echo brewing\n"),
    ]);
    let Answer {
        status,
        body: answer,
    } = server
        .send(
            Method::POST,
            "/api/v1/agents/bob/bundles",
            &bob,
            Some((zip, "application/zip")),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
}
