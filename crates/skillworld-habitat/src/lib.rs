//! The habitat: skillworld served to the programs that host digital lives.
//! This first part is the script runner (SCR-2): a skill's scripts run from
//! the materialised workspace, fenced in and bounded.
//!
//! ```
//! # #[tokio::main(flavor = "current_thread")] async fn main() {
//! use std::collections::BTreeMap;
//! use skillworld_habitat::{run_script, RunLimits};
//!
//! let skill = tempfile::tempdir().unwrap();
//! std::fs::create_dir(skill.path().join("scripts")).unwrap();
//! std::fs::write(skill.path().join("scripts/hello.sh"), "echo \"hello $WHO\"\n").unwrap();
//! let secrets = BTreeMap::from([("WHO".to_owned(), "world".to_owned())]);
//! let result = run_script(skill.path(), "scripts/hello.sh", &[], &secrets, RunLimits::default()).await.unwrap();
//! assert_eq!((result.exit_code, result.stdout.as_str()), (Some(0), "hello world\n"));
//! # }
//! ```

pub use runner::{DEFAULT_TIMEOUT, OUTPUT_CAP, RunError, RunLimits, ScriptResult, run_script};
pub use tools::run_tool;

mod runner;
mod tools;
