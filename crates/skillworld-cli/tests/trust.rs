//! GOV-2 and GOV-3 on the command line: keys, `sign`, a signed folder
//! imported as its key's level, a tampered one refused, an unsigned one
//! community; `import URL` from a local HTTP server with a right and a
//! wrong pinned SHA-256, refused without `--allow-private`; under a policy
//! requiring approval for `community`, an unsigned import is `proposed`
//! (`_admin`'s) until `approve --agent _admin`.

mod common;

use std::io::{Read, Write};
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::Output;

use common::run;
use serde_json::Value;

fn ok(db: &Path, args: &[&str]) -> Value {
    let mut all = vec!["--json"];
    all.extend_from_slice(args);
    let output = run(db, &all);
    assert!(
        output.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(output.stdout.split(|&b| b == b'\n').next().unwrap()).unwrap()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// A skill folder with a script, as a publisher has it.
fn skill_folder(root: &Path, name: &str) -> PathBuf {
    let dir = root.join(name);
    std::fs::create_dir_all(dir.join("scripts")).unwrap();
    std::fs::write(
        dir.join("SKILL.md"),
        format!("---\nname: {name}\ndescription: Counts words in a file.\n---\nRun scripts/count.sh FILE.\n"),
    )
    .unwrap();
    let script = dir.join("scripts/count.sh");
    std::fs::write(&script, "#!/bin/sh\nwc -w \"$1\"\n").unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    dir
}

fn trust_of(db: &Path, layer: &[&str], name: &str) -> String {
    let mut args = vec!["--json", "list"];
    args.extend_from_slice(layer);
    let output = run(db, &args);
    stdout(&output)
        .lines()
        .map(|line| serde_json::from_str::<Value>(line).unwrap())
        .find(|row| row["name"] == name)
        .unwrap_or_else(|| panic!("{name} not listed"))["trust"]
        .as_str()
        .unwrap()
        .to_owned()
}

#[test]
fn signed_folders_install_as_their_keys_level_and_tampered_ones_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("world.redb");
    let keys = dir.path().join("keys");
    for agent in ["ada", "bob", "cy"] {
        ok(&db, &["agent", "add", agent]);
    }

    let made = ok(
        &db,
        &["keys", "new", "acme", "--out", keys.to_str().unwrap()],
    );
    assert_eq!(made["name"], "acme");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(keys.join("acme.key"))
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600, "the secret key is the owner's alone");
    }
    let again = run(
        &db,
        &["keys", "new", "acme", "--out", keys.to_str().unwrap()],
    );
    assert!(
        !again.status.success(),
        "an existing key is never overwritten"
    );
    let public = keys.join("acme.pub");
    ok(
        &db,
        &[
            "keys",
            "trust",
            public.to_str().unwrap(),
            "--level",
            "official",
        ],
    );
    let listed = ok(&db, &["keys", "list"]);
    assert_eq!(
        (listed["name"].as_str(), listed["level"].as_str()),
        (Some("acme"), Some("official"))
    );
    let builtin = run(
        &db,
        &[
            "keys",
            "trust",
            public.to_str().unwrap(),
            "--level",
            "builtin",
        ],
    );
    assert_eq!(builtin.status.code(), Some(2), "{}", stderr(&builtin));

    let skill = skill_folder(dir.path(), "word-count");
    let key = keys.join("acme.key");
    let signed = ok(
        &db,
        &[
            "sign",
            skill.to_str().unwrap(),
            "--key",
            key.to_str().unwrap(),
        ],
    );
    assert!(skill.join("SKILL.sig").is_file());
    ok(&db, &["import", skill.to_str().unwrap(), "--agent", "ada"]);
    assert_eq!(trust_of(&db, &["--agent", "ada"], "word-count"), "official");
    let digest = ok(&db, &["digest", "--skill", "word-count", "--agent", "ada"]);
    assert_eq!(
        digest["digest"], signed["digest"],
        "sign signs what digest --skill prints"
    );

    // One byte of the script changed after signing.
    let script = skill.join("scripts/count.sh");
    let mut bytes = std::fs::read(&script).unwrap();
    bytes[12] ^= 0x20;
    std::fs::write(&script, bytes).unwrap();
    let refused = run(&db, &["import", skill.to_str().unwrap(), "--agent", "bob"]);
    assert_eq!(refused.status.code(), Some(1));
    let said = stdout(&refused) + &stderr(&refused);
    assert!(
        said.contains("word-count")
            && said.contains("'acme' (official)")
            && said.contains("SKILL.sig"),
        "{said}"
    );
    let bobs = run(&db, &["--json", "list", "--agent", "bob"]);
    assert!(
        !stdout(&bobs).contains("word-count"),
        "nothing was installed"
    );

    std::fs::remove_file(skill.join("SKILL.sig")).unwrap();
    ok(&db, &["import", skill.to_str().unwrap(), "--agent", "cy"]);
    assert_eq!(trust_of(&db, &["--agent", "cy"], "word-count"), "community");
    assert_eq!(trust_of(&db, &["--commons"], "skill-curation"), "builtin");
}

/// Serves `count` requests on 127.0.0.1 (an ephemeral port) from a
/// thread: `/moved` redirects to `/word-count.zip`, which answers `body`.
fn serve(body: Vec<u8>, count: usize) -> String {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}/word-count.zip", listener.local_addr().unwrap());
    std::thread::spawn(move || {
        for stream in listener.incoming().take(count) {
            let mut stream = stream.unwrap();
            let mut request = Vec::new();
            let mut buffer = [0u8; 1024];
            while !request.windows(4).any(|w| w == b"\r\n\r\n") {
                let n = stream.read(&mut buffer).unwrap();
                if n == 0 {
                    break;
                }
                request.extend_from_slice(&buffer[..n]);
            }
            let answer = if request.starts_with(b"GET /moved ") {
                "HTTP/1.1 302 Found\r\nLocation: /word-count.zip\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".to_owned()
            } else {
                format!(
                    "HTTP/1.1 200 OK\r\nContent-Type: application/zip\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
                    body.len()
                )
            };
            let _ = stream.write_all(answer.as_bytes());
            if !request.starts_with(b"GET /moved ") {
                let _ = stream.write_all(&body);
            }
        }
    });
    url
}

fn sha256_hex(bytes: &[u8]) -> String {
    use sha2::{Digest, Sha256};
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

#[test]
fn urls_install_with_a_pinned_hash_and_private_addresses_need_permission() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("world.redb");
    ok(&db, &["agent", "add", "ada"]);
    let skill = skill_folder(dir.path(), "word-count");
    ok(&db, &["import", skill.to_str().unwrap(), "--agent", "ada"]);
    let zip = dir.path().join("word-count.zip");
    ok(
        &db,
        &[
            "export",
            "word-count",
            "--agent",
            "ada",
            "--zip",
            zip.to_str().unwrap(),
        ],
    );
    let body = std::fs::read(&zip).unwrap();
    let right = sha256_hex(&body);
    let wrong = "0".repeat(64);
    // The server never sees the refused request: the address is checked
    // first. It answers the wrong pin, the redirect, and the right pin.
    let url = serve(body, 4);

    let refused = run(&db, &["import", &url, "--commons"]);
    assert_eq!(refused.status.code(), Some(1));
    let said = stdout(&refused) + &stderr(&refused);
    assert!(
        said.contains("127.0.0.1") && said.contains("--allow-private"),
        "{said}"
    );

    let mismatch = run(
        &db,
        &[
            "import",
            &url,
            "--commons",
            "--allow-private",
            "--sha256",
            &wrong,
        ],
    );
    assert_eq!(mismatch.status.code(), Some(1));
    let said = stdout(&mismatch) + &stderr(&mismatch);
    assert!(
        said.contains(&wrong) && said.contains(&right),
        "both hashes: {said}"
    );
    let commons = run(&db, &["--json", "list", "--commons"]);
    assert!(
        !stdout(&commons).contains("word-count"),
        "nothing was installed"
    );

    let installed = ok(
        &db,
        &[
            "import",
            &url,
            "--commons",
            "--allow-private",
            "--sha256",
            &right,
        ],
    );
    assert_eq!(installed["ok"], true, "{installed}");
    assert_eq!(trust_of(&db, &["--commons"], "word-count"), "community");
    let from_url = ok(&db, &["digest", "--skill", "word-count", "--commons"]);
    let from_folder = ok(&db, &["digest", "--skill", "word-count", "--agent", "ada"]);
    assert_eq!(from_url["digest"], from_folder["digest"]);
}

#[test]
fn the_configuration_may_allow_private_urls_and_a_skill_md_url_installs() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("world.redb");
    let skill = skill_folder(dir.path(), "word-count");
    let md = std::fs::read(skill.join("SKILL.md")).unwrap();
    let url = serve(md, 1).replace("word-count.zip", "word-count/SKILL.md");
    let config = dir.path().join("habitat.ron");
    std::fs::write(&config, "(allow_private_urls: true)").unwrap();
    let imported = run(
        &db,
        &[
            "--json",
            "import",
            &url,
            "--commons",
            "--config",
            config.to_str().unwrap(),
        ],
    );
    assert!(imported.status.success(), "{}", stderr(&imported));
    assert_eq!(trust_of(&db, &["--commons"], "word-count"), "community");
}

#[test]
fn an_unsigned_import_waits_under_a_community_policy_until_approved() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("world.redb");
    ok(&db, &["agent", "add", "ada"]);
    {
        // What `serve` does with the configuration's `needs_approval`.
        let options = skillworld_store::OpenOptions::default();
        let mut store = skillworld_store::Store::open(&db, options).unwrap();
        let community = vec![skillworld_core::Trust::Community];
        store
            .run(|world| world.set_trust_policy(community))
            .unwrap()
            .unwrap();
    }
    let skill = skill_folder(dir.path(), "word-count");
    let imported = ok(&db, &["import", skill.to_str().unwrap(), "--commons"]);
    let text = imported.to_string();
    assert!(text.contains("\"outcome\":\"proposed\""), "{text}");
    let listed = run(&db, &["--json", "list", "--agent", "ada"]);
    assert!(!stdout(&listed).contains("word-count"), "not live");
    let open = ok(&db, &["proposals"]);
    assert_eq!(
        (&open[0]["agent"], &open[0]["name"]),
        (
            &serde_json::json!("_admin"),
            &serde_json::json!("word-count")
        ),
        "{open}"
    );

    ok(&db, &["approve", "word-count", "--agent", "_admin"]);
    assert_eq!(
        trust_of(&db, &["--agent", "ada"], "word-count"),
        "community"
    );
}
