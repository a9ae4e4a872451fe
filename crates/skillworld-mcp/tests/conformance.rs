//! JSON-RPC conformance of the MCP server, in raw lines as a client of
//! another SDK sends them: parse errors, malformed params, cursors, MIME
//! types, and the catalog ranked for a message (CAT-10).

use std::sync::Arc;

use serde_json::{Value, json};
use skillworld_format::{BundleFile, SkillDocument};
use skillworld_habitat::{Habitat, HabitatOptions};
use skillworld_mcp::{Backend, SkillServer, serve_lines};
use skillworld_store::{OpenOptions, Store};
use skillworld_world::Layer;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader, DuplexStream, Lines};

struct Session {
    to_server: DuplexStream,
    from_server: Lines<BufReader<DuplexStream>>,
    _dir: tempfile::TempDir,
}

impl Session {
    async fn start() -> Session {
        let dir = tempfile::tempdir().unwrap();
        let mut store =
            Store::open(&dir.path().join("world.redb"), OpenOptions::default()).unwrap();
        store
            .run(|world| {
                world.add_agent("ada", None)?;
                let image = BundleFile {
                    path: "assets/logo.png".into(),
                    bytes: vec![0x89, b'P', b'N', b'G', 0xff, 0xfe, 0x00, 0x01],
                    executable: false,
                };
                let notes = BundleFile {
                    path: "references/NOTES".into(),
                    bytes: b"plain notes\n".to_vec(),
                    executable: false,
                };
                let document =
                    SkillDocument::new("brand-kit", "Logos and colours.", "Use the logo.\n");
                world.install(&Layer::Commons, document, vec![image, notes])?;
                world.create(
                    &Layer::Commons,
                    SkillDocument::new("chart-maker", "Draws bar and line charts.", "# Plotting\n"),
                )?;
                world.create(
                    &Layer::Commons,
                    SkillDocument::new("apple-notes", "Keeps notes.", "Body.\n"),
                )?;
                Ok::<_, skillworld_world::WorldError>(())
            })
            .unwrap()
            .unwrap();
        let habitat = Arc::new(Habitat::new(store, HabitatOptions::new(dir.path())).unwrap());
        let (client_writes, server_reads) = tokio::io::duplex(1 << 20);
        let (server_writes, client_reads) = tokio::io::duplex(1 << 20);
        let server = SkillServer::new(Backend::Local(habitat), "ada");
        tokio::spawn(serve_lines(server, server_reads, server_writes));
        let mut session = Session {
            to_server: client_writes,
            from_server: BufReader::new(client_reads).lines(),
            _dir: dir,
        };
        let init = session
            .call(
                json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
                    "protocolVersion": "2025-06-18", "capabilities": {},
                    "clientInfo": {"name": "raw", "version": "0"}
                }}),
            )
            .await;
        assert!(init.get("result").is_some(), "{init}");
        session
            .send_line(
                &json!({"jsonrpc": "2.0", "method": "notifications/initialized"}).to_string(),
            )
            .await;
        session
    }

    async fn send_line(&mut self, line: &str) {
        self.to_server.write_all(line.as_bytes()).await.unwrap();
        self.to_server.write_all(b"\n").await.unwrap();
    }

    async fn next(&mut self) -> Value {
        let line = tokio::time::timeout(
            std::time::Duration::from_secs(10),
            self.from_server.next_line(),
        )
        .await
        .expect("an answer within 10 s")
        .unwrap()
        .expect("the server answers");
        serde_json::from_str(&line).unwrap()
    }

    async fn call(&mut self, request: Value) -> Value {
        self.send_line(&request.to_string()).await;
        self.next().await
    }
}

fn code(answer: &Value) -> i64 {
    answer["error"]["code"]
        .as_i64()
        .unwrap_or_else(|| panic!("an error: {answer}"))
}

#[tokio::test]
async fn a_line_that_is_not_json_gets_a_parse_error_with_a_null_id() {
    let mut session = Session::start().await;
    session.send_line("this is not json").await;
    let answer = session.next().await;
    assert_eq!(code(&answer), -32700, "{answer}");
    assert_eq!(answer["id"], Value::Null);
    assert!(
        answer.as_object().unwrap().contains_key("id"),
        "id: null, not absent"
    );
    // The session goes on.
    let pong = session
        .call(json!({"jsonrpc": "2.0", "id": 7, "method": "ping"}))
        .await;
    assert_eq!(pong["id"], 7);
    assert!(pong.get("result").is_some(), "{pong}");
}

#[tokio::test]
async fn malformed_params_are_invalid_params_and_unknown_methods_are_not_found() {
    let mut session = Session::start().await;
    let answer = session
        .call(json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": 5}}))
        .await;
    assert_eq!(
        (code(&answer), &answer["id"]),
        (-32602, &json!(1)),
        "{answer}"
    );
    let answer = session
        .call(json!({"jsonrpc": "2.0", "id": 2, "method": "resources/read", "params": {"uri": ["x"]}}))
        .await;
    assert_eq!(code(&answer), -32602, "{answer}");
    let answer = session
        .call(json!({"jsonrpc": "2.0", "id": 3, "method": "no/such-method", "params": {}}))
        .await;
    assert_eq!(code(&answer), -32601, "{answer}");
}

#[tokio::test]
async fn an_invalid_cursor_is_invalid_params() {
    let mut session = Session::start().await;
    for (id, method) in [
        "tools/list",
        "resources/list",
        "prompts/list",
        "resources/templates/list",
    ]
    .into_iter()
    .enumerate()
    {
        let answer = session
            .call(json!({"jsonrpc": "2.0", "id": id, "method": method, "params": {"cursor": "bogus"}}))
            .await;
        assert_eq!(code(&answer), -32602, "{method}: {answer}");
        let whole = session
            .call(json!({"jsonrpc": "2.0", "id": id + 100, "method": method, "params": {}}))
            .await;
        assert!(whole.get("result").is_some(), "{method}: {whole}");
    }
}

#[tokio::test]
async fn a_file_has_one_mime_type_in_list_and_read() {
    let mut session = Session::start().await;
    let listed = session
        .call(json!({"jsonrpc": "2.0", "id": 1, "method": "resources/list", "params": {}}))
        .await;
    let resources = listed["result"]["resources"].as_array().unwrap().clone();
    for uri in [
        "skill://brand-kit/assets/logo.png",
        "skill://brand-kit/references/NOTES",
    ] {
        let listed_mime = resources
            .iter()
            .find(|r| r["uri"] == uri)
            .unwrap_or_else(|| panic!("{uri} listed: {listed}"))["mimeType"]
            .clone();
        let read = session
            .call(json!({"jsonrpc": "2.0", "id": 2, "method": "resources/read", "params": {"uri": uri}}))
            .await;
        let contents = &read["result"]["contents"][0];
        assert_eq!(contents["mimeType"], listed_mime, "{uri}: {read}");
    }
    let read = session
        .call(
            json!({"jsonrpc": "2.0", "id": 3, "method": "resources/read",
            "params": {"uri": "skill://brand-kit/assets/logo.png"}}),
        )
        .await;
    assert_eq!(read["result"]["contents"][0]["mimeType"], "image/png");
    assert!(read["result"]["contents"][0]["blob"].is_string(), "{read}");
}

#[tokio::test]
async fn the_catalog_resource_is_ranked_for_a_message() {
    let mut session = Session::start().await;
    let templates = session
        .call(
            json!({"jsonrpc": "2.0", "id": 1, "method": "resources/templates/list", "params": {}}),
        )
        .await;
    assert_eq!(
        templates["result"]["resourceTemplates"][0]["uriTemplate"], "catalog://skills{?q,tokens}",
        "{templates}"
    );
    let read = |id: u64, uri: &str| json!({"jsonrpc": "2.0", "id": id, "method": "resources/read", "params": {"uri": uri}});
    let plain = session.call(read(2, "catalog://skills")).await;
    let plain = plain["result"]["contents"][0]["text"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(plain.starts_with("- **apple-notes**"), "{plain}");
    let ranked = session
        .call(read(
            3,
            "catalog://skills?q=plot%20a%20bar%20chart&tokens=2000",
        ))
        .await;
    let ranked = ranked["result"]["contents"][0]["text"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(ranked.starts_with("- **chart-maker**"), "{ranked}");
    let bad = session.call(read(4, "catalog://skills?tokens=many")).await;
    assert_eq!(code(&bad), -32602, "{bad}");
}
