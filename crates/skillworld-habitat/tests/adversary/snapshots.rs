//! Attack 6: snapshot operations that left a database that no longer
//! opens (a journaled restore naming a snapshot deleted since). Through the
//! admin API, then a restart on the same database: it opens, and it holds
//! the world the restore made.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::support::{Answer, Server, skill_md};

async fn save(server: &Server, name: &str) {
    server
        .post("/api/v1/snapshots", &server.admin, json!({"name": name}))
        .await
        .expect(StatusCode::CREATED);
}

async fn restore(server: &Server, name: &str) {
    server
        .post(
            &format!("/api/v1/snapshots/{name}/restore"),
            &server.admin,
            json!({}),
        )
        .await
        .expect(StatusCode::OK);
}

async fn delete(server: &Server, name: &str) {
    server
        .delete(&format!("/api/v1/snapshots/{name}"), &server.admin)
        .await
        .expect(StatusCode::OK);
}

async fn note(server: &Server, name: &str) {
    server
        .create_skill(
            "commons",
            &server.admin,
            &skill_md(name, "A note kept to tell worlds apart.", "", "Note.\n"),
        )
        .await;
}

async fn commons_names(server: &Server) -> Vec<String> {
    let listing = server
        .get("/api/v1/commons/skills?limit=1000", &server.admin)
        .await
        .expect(StatusCode::OK);
    let mut names: Vec<String> = listing["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|item| item["name"].as_str().unwrap().to_owned())
        .filter(|name| name.starts_with("note-"))
        .collect();
    names.sort();
    names
}

fn snapshot_names(listing: &Value) -> Vec<&str> {
    listing["snapshots"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn save_restore_delete_restart_still_opens() {
    let server = Server::start().await;
    note(&server, "note-before").await;
    save(&server, "x").await;
    note(&server, "note-after").await;
    restore(&server, "x").await;
    delete(&server, "x").await;
    let server = server.restart().await;
    assert_eq!(commons_names(&server).await, ["note-before"]);

    // A new snapshot under the deleted name does not change what the
    // journaled restore brought back.
    note(&server, "note-later").await;
    save(&server, "x").await;
    let server = server.restart().await;
    assert_eq!(commons_names(&server).await, ["note-before", "note-later"]);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restored_automatic_snapshot_pruned_later_still_replays() {
    let server = Server::start().await;
    note(&server, "note-one").await;
    save(&server, "base").await;
    note(&server, "note-two").await;
    // Restoring takes a pre-restore snapshot; restore that one, then push
    // it out of the five automatic snapshots kept.
    restore(&server, "base").await;
    let Answer { body: listing, .. } = server.get("/api/v1/snapshots", &server.admin).await;
    let automatic = snapshot_names(&listing)
        .into_iter()
        .find(|name| name.starts_with("pre-restore"))
        .unwrap()
        .to_owned();
    restore(&server, &automatic).await;
    assert_eq!(commons_names(&server).await, ["note-one", "note-two"]);
    for _ in 0..6 {
        restore(&server, "base").await;
    }
    restore(&server, "base").await;
    let Answer { body: listing, .. } = server.get("/api/v1/snapshots", &server.admin).await;
    assert!(
        !snapshot_names(&listing).contains(&automatic.as_str()),
        "{listing}"
    );
    delete(&server, "base").await;
    let server = server.restart().await;
    assert_eq!(commons_names(&server).await, ["note-one"]);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_opening_checkpoint_is_no_snapshot_to_delete() {
    let server = Server::start().await;
    for name in ["%00checkpoint", "%00restore%2F1"] {
        let Answer {
            status,
            body: answer,
        } = server
            .delete(&format!("/api/v1/snapshots/{name}"), &server.admin)
            .await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{name}: {answer}");
    }
    let server = server.restart().await;
    assert_eq!(commons_names(&server).await, Vec::<String>::new());
    server.stop().await;
}
