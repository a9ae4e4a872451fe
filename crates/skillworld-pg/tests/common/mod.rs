//! A fresh database per test on the server `SKILLWORLD_TEST_PG` names;
//! without it the tests say so and pass.

use skillworld_pg::{PgBackend, PgOptions};
use tokio_postgres::NoTls;

/// The server's URL, or `None` (after saying the test skips).
pub fn server(test: &str) -> Option<String> {
    match std::env::var("SKILLWORLD_TEST_PG") {
        Ok(url) if !url.is_empty() => Some(url),
        _ => {
            eprintln!("{test}: skipped: SKILLWORLD_TEST_PG is not set (see docs/deploy.md)");
            None
        }
    }
}

/// `url` with its database replaced by `database`.
pub fn with_database(url: &str, database: &str) -> String {
    let (base, query) = match url.split_once('?') {
        Some((base, query)) => (base, format!("?{query}")),
        None => (url, String::new()),
    };
    let authority = base.find("://").map_or(0, |i| i + 3);
    let base = match base[authority..].find('/') {
        Some(slash) => &base[..authority + slash],
        None => base,
    };
    format!("{base}/{database}{query}")
}

/// A new, empty database for `test` on the server, or `None` (after
/// saying the test skips).
pub async fn database(test: &str) -> Option<String> {
    Some(fresh_database(&server(test)?, test).await)
}

/// A new, empty database on the server; its URL.
pub async fn fresh_database(url: &str, test: &str) -> String {
    let (client, connection) = tokio_postgres::connect(url, NoTls)
        .await
        .expect("SKILLWORLD_TEST_PG is reachable");
    tokio::spawn(connection);
    let name = format!(
        "sw_{}_{}_{}",
        test,
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos()
            % 1_000_000_000
    );
    client
        .batch_execute(&format!("CREATE DATABASE {name}"))
        .await
        .expect("the test role may create databases");
    with_database(url, &name)
}

pub async fn node(url: &str, name: &str) -> PgBackend {
    PgBackend::connect(url, PgOptions::new(name))
        .await
        .expect("the node connects")
}

/// Runs SQL on the database directly (to break things on purpose).
pub async fn admin(url: &str) -> tokio_postgres::Client {
    let (client, connection) = tokio_postgres::connect(url, NoTls).await.unwrap();
    tokio::spawn(connection);
    client
}
