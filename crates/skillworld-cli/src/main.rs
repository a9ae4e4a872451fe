//! `skillworld`: the command-line face of the runtime. Thin: parsing,
//! printing and exit codes; the work happens in the library crates.

mod discover;
mod import;
mod report;
mod validate;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Exit code when the command ran but something failed (SPEC CLI-1).
const EXIT_FAILED: u8 = 1;
/// Exit code for usage errors and unreadable paths.
const EXIT_USAGE: u8 = 2;

#[derive(Parser)]
#[command(name = "skillworld", version, about = "A skill runtime for AI agents", long_about = None)]
struct Cli {
    /// Machine output: one JSON object per line on stdout.
    #[arg(long, global = true)]
    json: bool,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Check skills: a skill folder, a SKILL.md, a zip, or a folder searched
    /// recursively. Lenient (FMT-4) unless --strict.
    Validate {
        /// Apply the agentskills specification with the reference
        /// validator's messages.
        #[arg(long)]
        strict: bool,
        #[arg(required = true)]
        paths: Vec<PathBuf>,
    },
    /// Import skills leniently into a folder of normalised bundles
    /// (DIR/<name>/SKILL.md plus scripts/, references/, assets/, templates/).
    Import {
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// The folder to install into (created when missing).
        #[arg(long, value_name = "DIR")]
        into: PathBuf,
        /// Prune a bucket even when the new bundle has nothing in it.
        #[arg(long)]
        force_prune: bool,
    },
}

/// A failure that ends the command: its exit code and one line for stderr.
pub struct Failure {
    code: u8,
    message: String,
}

impl Failure {
    pub fn usage(message: impl Into<String>) -> Self {
        Failure {
            code: EXIT_USAGE,
            message: message.into(),
        }
    }
}

fn main() -> ExitCode {
    tracing_subscriber::fmt()
        .with_env_filter(tracing_subscriber::EnvFilter::from_default_env())
        .with_writer(std::io::stderr)
        .init();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => {
            let _ = error.print();
            return ExitCode::from(if error.use_stderr() { EXIT_USAGE } else { 0 });
        }
    };
    let outcome = match cli.command {
        Command::Validate { strict, paths } => validate::run(&paths, strict, cli.json),
        Command::Import {
            paths,
            into,
            force_prune,
        } => import::run(&paths, &into, force_prune, cli.json),
    };
    match outcome {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(EXIT_FAILED),
        Err(failure) => {
            eprintln!("error: {}", failure.message);
            ExitCode::from(failure.code)
        }
    }
}
