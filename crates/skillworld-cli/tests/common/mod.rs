//! What the command-line tests share: running the built binary on one
//! database, as a person would.

use std::path::Path;
use std::process::{Command, Output};

/// Runs `skillworld --db DB ARGS…`, with no `SKILLWORLD_DB` from outside.
pub fn run(db: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_skillworld"))
        .arg("--db")
        .arg(db)
        .args(args)
        .env_remove("SKILLWORLD_DB")
        .output()
        .expect("the binary runs")
}
