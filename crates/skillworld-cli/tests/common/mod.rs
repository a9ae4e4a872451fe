//! What the command-line tests share: running the built binary on one
//! database, as a person would.

// Each test file compiles its own copy of this module and uses only some of it.
#![allow(dead_code)]

use std::path::Path;
use std::process::{Command, Output};

/// `skillworld --db DB`, with no `SKILLWORLD_DB` from outside, for a test
/// to add its arguments and environment to.
pub fn command(db: &Path) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_skillworld"));
    command.arg("--db").arg(db).env_remove("SKILLWORLD_DB");
    command
}

/// Runs `skillworld --db DB ARGS…`, with no `SKILLWORLD_DB` from outside.
pub fn run(db: &Path, args: &[&str]) -> Output {
    command(db).args(args).output().expect("the binary runs")
}

/// Runs `skillworld` on `db` as if the clock said `now`.
pub fn at(db: &Path, now: &str, args: &[&str]) -> Output {
    let mut all = vec!["--now", now];
    all.extend_from_slice(args);
    run(db, &all)
}

/// The standard output of a run at `now` that must succeed.
pub fn ok_at(db: &Path, now: &str, args: &[&str]) -> String {
    success(at(db, now, args), args)
}

/// The standard output of a run that must succeed.
pub fn ok(db: &Path, args: &[&str]) -> String {
    success(run(db, args), args)
}

fn success(output: Output, args: &[&str]) -> String {
    assert!(
        output.status.success(),
        "{args:?}: {}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}
