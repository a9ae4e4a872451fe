//! `skillworld`: the command-line face of the runtime. Thin: parsing,
//! printing and exit codes; the work happens in the library crates.

mod approval;
mod bulk;
mod discover;
mod doctor;
mod examples;
mod fetch;
mod habitat;
mod import;
mod keys;
mod mcp;
mod new;
mod node;
mod numbering;
mod open;
mod person;
mod report;
mod review;
mod scan;
mod sources;
mod table;
mod validate;
mod world;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{ArgGroup, CommandFactory, FromArgMatches, Parser, Subcommand};
use skillworld_world::{InstallRules, OnCollision};

/// Exit code when the command ran but something failed (SPEC CLI-1).
const EXIT_FAILED: u8 = 1;
/// Exit code for usage errors, unreadable paths and databases that cannot
/// be opened.
const EXIT_USAGE: u8 = 2;

#[derive(Parser)]
#[command(name = "skillworld", version, about = "A skill runtime for AI agents", long_about = None)]
struct Cli {
    /// Machine output: one JSON object per line on stdout.
    #[arg(long, global = true)]
    json: bool,
    /// The world database (default: $SKILLWORLD_DB, else world.redb in the
    /// data directory).
    #[arg(long, global = true, value_name = "PATH", env = "SKILLWORLD_DB")]
    db: Option<PathBuf>,
    /// A shared store: `postgres://…` (STO-7). `serve` then runs as one
    /// node of a habitat on that database; `--db` names this node's local
    /// files. Other commands use a node's HTTP API meanwhile.
    #[arg(long, global = true, value_name = "URL", env = "SKILLWORLD_STORE")]
    store: Option<String>,
    /// Run the command as if the clock said TIME (RFC 3339), for
    /// simulations, replays and tests.
    #[arg(long, global = true, value_name = "TIME")]
    now: Option<String>,
    #[command(subcommand)]
    command: Command,
}

/// Where a command reads or writes skills.
#[derive(clap::Args, Clone, Debug)]
#[command(group(ArgGroup::new("layer").required(true).args(["commons", "agent"])))]
pub struct LayerArgs {
    /// The shared Commons.
    #[arg(long)]
    commons: bool,
    /// An agent: its resolved view where reading, its private world where
    /// writing.
    #[arg(long, value_name = "NAME")]
    agent: Option<String>,
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
    /// (--into DIR), or into the world (--commons | --agent NAME). A path
    /// may be an http(s) URL of a zip or a SKILL.md (GOV-3): size and time
    /// bounded, loopback, private and link-local addresses refused unless
    /// --allow-private or the configuration's allow_private_urls.
    #[command(group(ArgGroup::new("target").required(true).args(["into", "commons", "agent"])))]
    Import {
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// The URL's content must have this SHA-256 (64 hex digits);
        /// a mismatch refuses the install and prints both hashes.
        #[arg(long, value_name = "HEX", conflicts_with = "into")]
        sha256: Option<String>,
        /// URLs may reach loopback, private and link-local addresses.
        #[arg(long, conflicts_with = "into")]
        allow_private: bool,
        /// The configuration `serve` reads (its allow_private_urls).
        #[arg(long, env = "SKILLWORLD_CONFIG", value_name = "FILE")]
        config: Option<PathBuf>,
        /// The folder to install into (created when missing).
        #[arg(long, value_name = "DIR")]
        into: Option<PathBuf>,
        /// Into the world's Commons.
        #[arg(long)]
        commons: bool,
        /// Into an agent's private world.
        #[arg(long, value_name = "NAME")]
        agent: Option<String>,
        /// On a reinstall, prune a bucket (scripts/, references/…) even when
        /// the new bundle has nothing in it; without it such a bucket keeps
        /// its files.
        #[arg(long)]
        force_prune: bool,
        /// Into the world: replace a skill of the same name that came from
        /// another source, instead of importing under a numbered name
        /// (`name-2`) with a name-collision warning.
        #[arg(long, conflicts_with = "into")]
        replace: bool,
    },
    /// Vet skills before installing them: one result per skill with its
    /// findings; exit 1 when any skill is blocked (HIGH or CRITICAL).
    Scan {
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// Under each finding, a line saying what it means and what to do.
        #[arg(long)]
        explain: bool,
    },
    /// Agents and their tool pools.
    Agent {
        #[command(subcommand)]
        action: AgentAction,
    },
    /// Publishers' Ed25519 keys (GOV-2): make a key pair, register a public
    /// key with a trust level, list or remove registered keys.
    Keys {
        #[command(subcommand)]
        action: KeysAction,
    },
    /// Sign a skill folder: writes PATH/SKILL.sig, an Ed25519 signature
    /// over the canonical digest of every other file (`digest --skill`).
    Sign {
        path: PathBuf,
        /// The secret key file (`keys new` writes NAME.key).
        #[arg(long, value_name = "FILE")]
        key: PathBuf,
    },
    /// Write skills out of the world as SKILL.md bundles.
    #[command(group(ArgGroup::new("out").required(true).args(["to", "zip"])))]
    Export {
        #[arg(required = true)]
        names: Vec<String>,
        #[command(flatten)]
        layer: LayerArgs,
        /// Write each skill's folder into DIR.
        #[arg(long, value_name = "DIR")]
        to: Option<PathBuf>,
        /// Write the one skill named as a zip (GOV-3); it imports back to
        /// the same `digest --skill`.
        #[arg(long, value_name = "FILE")]
        zip: Option<PathBuf>,
    },
    /// Copy an agent's skill into the Commons, recording where it came
    /// from (GOV-3).
    Promote {
        name: String,
        #[arg(long, value_name = "AGENT")]
        agent: String,
    },
    /// Copy an agent's skill into another agent's world (GOV-3).
    Share {
        name: String,
        #[arg(long, value_name = "FROM")]
        agent: String,
        #[arg(long, value_name = "TO")]
        to: String,
    },
    /// A skill's switches: enable, disable, pin, unpin.
    Skill {
        /// enable, disable, pin or unpin.
        action: String,
        name: String,
        #[command(flatten)]
        layer: LayerArgs,
    },
    /// A skill's kept revisions, newest first.
    Revisions {
        name: String,
        #[command(flatten)]
        layer: LayerArgs,
    },
    /// Write a starter skill that passes strict validation.
    New {
        name: String,
        #[arg(long, value_enum, default_value = "plain")]
        template: new::Template,
        /// The folder to write NAME/ into.
        #[arg(long, value_name = "DIR", default_value = ".")]
        to: PathBuf,
    },
    /// A skill's lessons (GOV-4): with --agent, that agent's own; with
    /// --commons, every agent's.
    Lessons {
        #[command(subcommand)]
        action: LessonAction,
    },
    /// Restore a kept revision of a skill.
    Revert {
        name: String,
        revision: u64,
        #[command(flatten)]
        layer: LayerArgs,
    },
    /// Remove soft-deleted skills deleted at least DAYS days ago.
    Purge {
        #[arg(long, value_name = "DAYS")]
        older_than: u32,
    },
    /// Whether agents' writes go live at once (auto) or wait for an admin
    /// as proposals (review) (GOV-1); with neither, the setting.
    Approval {
        #[arg(value_parser = parse_mode)]
        mode: Option<skillworld_world::ApprovalMode>,
        /// Days before an undecided proposal expires (default 14).
        #[arg(long, value_name = "DAYS")]
        expire_after_days: Option<u32>,
    },
    /// Agents' pending proposals, each with its diff (GOV-1).
    Proposals {
        #[arg(long, value_name = "AGENT")]
        agent: Option<String>,
        /// Also approved, rejected (with the reason) and expired ones.
        #[arg(long)]
        all: bool,
    },
    /// Make an agent's proposal live, under NEW when given (GOV-1).
    Approve {
        name: String,
        #[arg(long, value_name = "AGENT")]
        agent: String,
        #[arg(long = "as", value_name = "NEW")]
        rename: Option<String>,
    },
    /// Refuse an agent's proposal; the agent reads the reason (GOV-1).
    Reject {
        name: String,
        #[arg(long, value_name = "AGENT")]
        agent: String,
        #[arg(long, value_name = "TEXT")]
        reason: String,
    },
    /// Bind an agent to the skill it sees under SKILL.
    Bind { agent: String, skill: String },
    /// Remove a binding.
    Unbind { agent: String, skill: String },
    /// Skills with layer, origin, status, lifecycle and revision.
    List {
        #[command(flatten)]
        layer: LayerArgs,
        /// Also draft, discarded and archived skills, and an agent's
        /// pending proposals (layer `proposal`).
        #[arg(long)]
        all: bool,
    },
    /// The exact catalog text an agent gets.
    Catalog {
        #[arg(long, value_name = "NAME")]
        agent: String,
        /// The model's max input tokens (default 8192).
        #[arg(long, conflicts_with = "chars")]
        tokens: Option<u64>,
        /// A budget in characters instead.
        #[arg(long)]
        chars: Option<usize>,
        /// md, xml or table.
        #[arg(long, default_value = "md")]
        format: String,
        #[arg(long, value_name = "ID")]
        run: Option<String>,
        /// The message being answered: skills are ranked by relevance to it
        /// (BM25) before the budget cuts (CAT-10).
        #[arg(long, value_name = "TEXT")]
        query: Option<String>,
    },
    /// What skill_load returns; loads with the same run id form one run.
    Load {
        #[arg(long, value_name = "NAME")]
        agent: String,
        skill: String,
        #[arg(long, value_name = "PATH")]
        file: Option<String>,
        #[arg(long)]
        page: Option<usize>,
        #[arg(long, value_name = "ID")]
        run: Option<String>,
    },
    /// Call any tool of the dispatch as an agent and print its JSON result.
    Tool {
        #[arg(long, value_name = "NAME")]
        agent: String,
        /// visible, invisible or subagent.
        #[arg(long, default_value = "visible")]
        caller: String,
        /// A run's own allow list (POL-2; narrows, never widens).
        #[arg(long, value_name = "TOOL", value_delimiter = ',')]
        allow: Vec<String>,
        /// A run's own deny list.
        #[arg(long, value_name = "TOOL", value_delimiter = ',')]
        deny: Vec<String>,
        tool: String,
        /// The tool's arguments as JSON.
        #[arg(default_value = "{}")]
        args: String,
    },
    /// Named snapshots of the world.
    Snapshot {
        #[command(subcommand)]
        action: SnapshotAction,
    },
    /// The curator: status, dry-run, run, activate, pause, resume, restore,
    /// archive, settings.
    Curate {
        #[command(subcommand)]
        action: CurateAction,
    },
    /// Rebuild the world in memory from a snapshot and the journal after it;
    /// prints `digest <hex>` last. The database is not changed.
    Replay {
        #[arg(long, value_name = "SNAPSHOT")]
        from: String,
    },
    /// The habitat server (HAB): HTTP + JSON on 127.0.0.1:4780 over the
    /// database, seeded with the shipped Commons. On first start an admin
    /// token is printed once on stderr and written to `admin.token` (mode
    /// 0600) beside the database.
    Serve {
        /// Port to listen on [default: 4780].
        #[arg(long, env = "SKILLWORLD_PORT")]
        port: Option<u16>,
        /// Address to listen on [default: 127.0.0.1].
        #[arg(long, env = "SKILLWORLD_LISTEN", value_name = "ADDR")]
        listen: Option<std::net::IpAddr>,
        /// A RON configuration file (listen, port, db, secret_key, flags,
        /// max_body_bytes, probe_endpoints, sandbox, env_passthrough, tool_sets,
        /// watch, jobs — docs/habitat.md);
        /// flags and environment variables override it.
        #[arg(long, env = "SKILLWORLD_CONFIG", value_name = "FILE")]
        config: Option<PathBuf>,
        /// The secret key (64 hex characters) that encrypts skill secrets;
        /// without it, `secret.key` beside the database (made on first
        /// start, mode 0600).
        #[arg(
            long,
            env = "SKILLWORLD_SECRET_KEY",
            hide_env_values = true,
            value_name = "HEX"
        )]
        secret_key: Option<String>,
        /// Keep a layer in step with a folder of skill folders (HAB-7):
        /// imported at start, then every edit, addition or removal within
        /// 300 ms. LAYER is `commons` (default) or `agent:NAME`; repeatable.
        #[arg(long, value_name = "DIR[=LAYER]")]
        watch: Vec<skillworld_habitat::WatchSpec>,
        /// The model review runs use (`POST …/review`); without one the
        /// habitat answers review requests with 409.
        #[command(flatten)]
        model: review::ModelArgs,
    },
    /// Bearer tokens for the server (HAB-2).
    Token {
        #[command(subcommand)]
        action: TokenAction,
    },
    /// Per-skill secrets (HAB-3), at the layer given: --commons for every
    /// agent, --agent for that agent's own values. Encrypted with the key
    /// in $SKILLWORLD_SECRET_KEY or `secret.key` beside the database.
    Secret {
        #[command(subcommand)]
        action: SecretAction,
    },
    /// What the script sandbox can enforce on this host (SEC-3): kernel
    /// features and a probe script run confined; exit 1 when the sandbox
    /// is on but cannot confine.
    ///
    /// Example: `skillworld doctor --config habitat.ron --json`
    Doctor {
        /// The RON configuration `serve` reads (its `sandbox` section).
        #[arg(long, env = "SKILLWORLD_CONFIG", value_name = "FILE")]
        config: Option<PathBuf>,
    },
    /// Readiness per skill (HAB-4): for an agent, or the Commons at host
    /// level; exit 1 when any skill is not ready.
    Preflight {
        #[arg(long, value_name = "NAME")]
        agent: Option<String>,
        skill: Option<String>,
    },
    /// The world digest: `digest <hex>`.
    Digest {
        /// One skill's canonical digest (GOV-2) instead of the world's.
        #[arg(long, value_name = "NAME")]
        skill: Option<String>,
        /// With --skill: the Commons skill.
        #[arg(long, requires = "skill", conflicts_with = "agent")]
        commons: bool,
        /// With --skill: the skill the agent sees.
        #[arg(long, value_name = "NAME", requires = "skill")]
        agent: Option<String>,
    },
    /// Run one review pass with the configured model: evolve (forced, like
    /// /learn) or maintain (like /skills curate).
    Review {
        #[arg(long, value_name = "NAME")]
        agent: String,
        /// evolve or maintain.
        #[arg(long)]
        mode: String,
        /// A note for the reviewer, as after /learn or /skills curate.
        #[arg(long, value_name = "TEXT")]
        note: Option<String>,
        /// The turn to review (evolve): a JSON array of messages, each
        /// {"role": "user"|"assistant", "content"}, {"role": "tool_call",
        /// "name", "arguments"} or {"role": "tool_result", "name", "content"}.
        #[arg(long, value_name = "FILE")]
        turn: Option<PathBuf>,
        #[command(flatten)]
        model: review::ModelArgs,
    },
    /// Recorded review runs, newest first: kind, status, duration,
    /// iterations, error.
    Runs {
        #[arg(long, value_name = "NAME")]
        agent: Option<String>,
    },
    /// Serve an agent's skills as an MCP server on stdin/stdout, over the
    /// database or (with --url and --token) over a running habitat; ends
    /// when stdin closes.
    Mcp {
        #[arg(long, value_name = "NAME")]
        agent: String,
        /// A running habitat's base URL, e.g. http://127.0.0.1:4780.
        #[arg(long, value_name = "URL", requires = "token")]
        url: Option<String>,
        /// The bearer token for --url.
        #[arg(
            long,
            env = "SKILLWORLD_TOKEN",
            hide_env_values = true,
            value_name = "TOKEN",
            requires = "url"
        )]
        token: Option<String>,
        /// The catalog budget of the server's instructions, in tokens.
        #[arg(long, value_name = "N", default_value_t = 8192)]
        tokens: u64,
    },
    /// MCP servers whose tools become read-only virtual skills in the
    /// Commons (HAB-5).
    McpServer {
        #[command(subcommand)]
        action: McpServerAction,
    },
}

#[derive(Subcommand)]
pub enum KeysAction {
    /// Write NAME.key (secret, mode 0600) and NAME.pub.
    New {
        name: String,
        /// The folder to write them into.
        #[arg(long, value_name = "DIR", default_value = ".")]
        out: PathBuf,
    },
    /// Register a public key: valid signatures by it give skills LEVEL.
    Trust {
        /// A public key file (NAME.pub).
        file: PathBuf,
        /// official or trusted.
        #[arg(long, value_parser = parse_key_level)]
        level: skillworld_core::Trust,
        /// The key's name (default: the file's name without .pub).
        #[arg(long)]
        name: Option<String>,
    },
    /// The registered keys with their levels.
    List,
    /// Remove a registered key; skills it signed keep their level.
    Remove { name: String },
}

fn parse_key_level(text: &str) -> Result<skillworld_core::Trust, String> {
    let level: skillworld_core::Trust = text.parse().map_err(|e| format!("{e}"))?;
    if skillworld_world::KEY_LEVELS.contains(&level) {
        Ok(level)
    } else {
        Err(format!("a key's level is official or trusted, not {level}"))
    }
}

#[derive(Subcommand)]
pub enum McpServerAction {
    /// Register a server (replacing one of that name), list its tools and
    /// install its virtual skill. --command takes the rest of the line, so
    /// give it last.
    #[command(group(ArgGroup::new("transport").required(true).args(["command", "url"])))]
    Add {
        name: String,
        /// KEY=VALUE for the server process's environment (repeatable).
        #[arg(long, value_name = "KEY=VALUE")]
        env: Vec<String>,
        /// A streamable HTTP endpoint.
        #[arg(long, value_name = "URL")]
        url: Option<String>,
        /// The command (and its arguments) that runs the server over stdio.
        #[arg(long, value_name = "CMD", num_args = 1.., allow_hyphen_values = true)]
        command: Vec<String>,
    },
    /// Every registration, each listed again and its virtual skill rebuilt.
    List,
    /// Remove a registration and its virtual skill.
    Remove { name: String },
}

#[derive(Subcommand)]
pub enum TokenAction {
    /// Make a token; prints it alone on one line, once.
    #[command(group(ArgGroup::new("who").required(true).args(["admin", "agent"])))]
    Create {
        #[arg(long)]
        admin: bool,
        #[arg(long, value_name = "NAME")]
        agent: Option<String>,
        /// The agent token may only list and get skills and read the
        /// catalog.
        #[arg(long, requires = "agent")]
        read_only: bool,
    },
    /// Every token: id, kind, agent (never the token).
    List,
    Revoke {
        id: String,
    },
}

#[derive(Subcommand)]
pub enum SecretAction {
    /// Set a secret; an empty VALUE deletes it.
    Set {
        skill: String,
        key: String,
        value: String,
        #[command(flatten)]
        layer: LayerArgs,
    },
    /// Masked previews of a skill's secrets at that layer.
    List {
        skill: String,
        #[command(flatten)]
        layer: LayerArgs,
    },
    Delete {
        skill: String,
        key: String,
        #[command(flatten)]
        layer: LayerArgs,
    },
}

#[derive(Subcommand)]
pub enum AgentAction {
    /// Add an agent; --tools is its tool pool (default '@skill').
    Add {
        name: String,
        #[arg(long, value_name = "LIST")]
        tools: Option<String>,
    },
    /// Remove an agent (its private skills stay, for revisions and replay).
    Remove { name: String },
    /// List agents.
    List,
    /// Let SUBJECT read or write OWNER's private world (read, write, or
    /// none to take it back).
    Grant {
        owner: String,
        subject: String,
        #[arg(value_parser = ["read", "write", "none"])]
        access: String,
    },
}

#[derive(Subcommand)]
pub enum CurateAction {
    /// Activation, counts, last and next run.
    Status,
    /// Plan a sweep and report it; nothing changes.
    DryRun,
    /// Sweep (once activated): a pre-sweep snapshot first.
    Run,
    Activate,
    Pause,
    Resume,
    /// Bring an archived or stale skill back.
    Restore {
        name: String,
        #[command(flatten)]
        layer: LayerArgs,
    },
    /// Archive a skill by hand; a bound skill needs --force.
    Archive {
        name: String,
        #[arg(long)]
        force: bool,
        #[command(flatten)]
        layer: LayerArgs,
    },
    /// Print the settings as RON, or set them from RON.
    Settings {
        ron: Option<String>,
    },
}

#[derive(Subcommand)]
pub enum LessonAction {
    /// The lessons on a skill.
    List {
        name: String,
        #[command(flatten)]
        layer: LayerArgs,
    },
    /// Change a lesson's text.
    Edit {
        name: String,
        id: u64,
        text: String,
        #[command(flatten)]
        layer: LayerArgs,
    },
    /// Delete a lesson.
    Delete {
        name: String,
        id: u64,
        #[command(flatten)]
        layer: LayerArgs,
    },
}

#[derive(Subcommand)]
pub enum SnapshotAction {
    Save {
        name: String,
    },
    List,
    /// Restore a snapshot (an automatic pre-restore snapshot is taken first).
    Restore {
        name: String,
    },
    Delete {
        name: String,
    },
    /// Write a snapshot to a portable RON file.
    Export {
        name: String,
        file: PathBuf,
    },
    /// Add a snapshot from an exported file.
    Import {
        file: PathBuf,
    },
}

/// Prints `value` as JSON with `--json`, else the text `human` makes
/// (nothing when it is empty).
pub(crate) fn emit(
    global: &open::Global,
    value: serde_json::Value,
    human: impl FnOnce() -> String,
) {
    if global.json {
        say(value);
    } else {
        let text = human();
        if !text.is_empty() {
            say(text);
        }
    }
}

/// Prints a line on stdout. A closed stdout (`| head`) ends the process
/// quietly instead of panicking.
pub fn say(text: impl std::fmt::Display) {
    use std::io::Write;
    let mut stdout = std::io::stdout().lock();
    if writeln!(stdout, "{text}")
        .and_then(|()| stdout.flush())
        .is_err()
    {
        std::process::exit(i32::from(EXIT_FAILED));
    }
}

/// The configuration's `allow_private_urls` (GOV-3), false without one.
fn allow_private_urls(config: Option<&std::path::Path>) -> Result<bool, Failure> {
    match config {
        None => Ok(false),
        Some(path) => skillworld_habitat::ServeConfig::read(path)
            .map(|config| config.allow_private_urls)
            .map_err(|e| Failure::usage(e.to_string())),
    }
}

/// `auto` or `review` (GOV-1).
fn parse_mode(text: &str) -> Result<skillworld_world::ApprovalMode, String> {
    text.parse()
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

    pub fn failed(message: impl Into<String>) -> Self {
        Failure {
            code: EXIT_FAILED,
            message: message.into(),
        }
    }
}

/// mimalloc instead of glibc's allocator: a bulk import allocates and
/// frees every body several times over (issue 19: −8 % of its wall time
/// when preloaded); the sandbox helper this binary also is passes its
/// suite on it.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// mimalloc's `mi_option_purge_delay` (`mimalloc.h`, v2 and v3 alike).
const MI_OPTION_PURGE_DELAY: std::ffi::c_int = 15;

unsafe extern "C" {
    fn mi_option_set(option: std::ffi::c_int, value: std::ffi::c_long);
}

/// Keeps the memory a short command frees for its own reuse instead of
/// handing it back to the kernel a second later: a bulk import frees and
/// allocates its bundles over and over, and every page handed back was
/// faulted in and zeroed again (issue 19: on a loaded machine the kernel's
/// `clear_page_erms` was a quarter of an import's samples and page faults
/// fell by 58 %; a 20,000-skill import took 6 % less CPU; an import done
/// within mimalloc's 1 s purge delay gains nothing). The process's exit
/// frees it all. Not for `serve`, which should give memory back.
pub(crate) fn keep_freed_memory() {
    // SAFETY: sets an option mimalloc reads atomically; any value is valid.
    unsafe { mi_option_set(MI_OPTION_PURGE_DELAY, -1) }
}

/// Takes memory from the kernel in small pages, for every command: with
/// transparent huge pages on `madvise`, mimalloc's arenas get 2 MiB pages,
/// and each first touch of one made the kernel zero all of it (issue 19:
/// `clear_page_erms` under `do_huge_pmd_anonymous_page` was 20 % of a
/// 2,300-skill import's samples, and 60 % of the reading threads' samples
/// of a 100,000-skill open, whose CPU it doubled). mimalloc's own option is
/// read once, before `main`; the process's THP switch applies to every
/// later fault.
fn small_pages() {
    // SAFETY: a flag of this process only; failing (an old kernel) leaves
    // huge pages as they were, which is correct, only slower.
    unsafe { libc::prctl(libc::PR_SET_THP_DISABLE, 1, 0, 0, 0) };
}

fn main() -> ExitCode {
    // A re-executed sandbox helper (SEC-3) becomes it here, before any
    // thread starts, and never comes back.
    skillworld_sandbox::run_helper_if_asked();
    small_pages();
    tracing_subscriber::fmt()
        .with_env_filter(tracing_subscriber::EnvFilter::from_default_env())
        .with_writer(std::io::stderr)
        .init();
    let parsed = examples::with_examples(Cli::command())
        .try_get_matches()
        .and_then(|mut matches| Cli::from_arg_matches_mut(&mut matches));
    let cli = match parsed {
        Ok(cli) => cli,
        Err(error) => {
            let _ = error.print();
            return ExitCode::from(if error.use_stderr() { EXIT_USAGE } else { 0 });
        }
    };
    let global = open::Global {
        json: cli.json,
        db: cli.db,
        store: cli.store,
        now: cli.now,
    };
    let outcome = match cli.command {
        Command::Validate { strict, paths } => validate::run(&paths, strict, global.json),
        Command::Import {
            paths,
            into: Some(into),
            force_prune,
            ..
        } => import::run(&paths, &into, force_prune, global.json),
        Command::Import {
            paths,
            commons,
            agent,
            force_prune,
            replace,
            sha256,
            allow_private,
            config,
            ..
        } => {
            let on_collision = if replace {
                OnCollision::Replace
            } else {
                OnCollision::Number
            };
            let rules = InstallRules {
                on_collision,
                force_prune,
            };
            allow_private_urls(config.as_deref()).and_then(|allowed| {
                let urls = fetch::UrlRules {
                    sha256,
                    allow_private: allow_private || allowed,
                };
                world::import(&global, &paths, commons, agent, rules, &urls)
            })
        }
        Command::Keys { action } => keys::keys(&global, action),
        Command::Sign { path, key } => keys::sign(&global, &path, &key),
        Command::Scan { paths, explain } => scan::run(&paths, explain, global.json),
        Command::Agent { action } => world::agent(&global, action),
        Command::Export {
            names,
            layer,
            to: Some(to),
            ..
        } => world::export(&global, &names, &layer, &to),
        Command::Export {
            names, layer, zip, ..
        } => world::export_zip(
            &global,
            &names,
            &layer,
            &zip.expect("the group requires one"),
        ),
        Command::Promote { name, agent } => world::copy(&global, &name, &agent, None),
        Command::Share { name, agent, to } => world::copy(&global, &name, &agent, Some(&to)),
        Command::Skill {
            action,
            name,
            layer,
        } => world::switch(&global, &action, &name, &layer),
        Command::Revisions { name, layer } => world::revisions(&global, &name, &layer),
        Command::Lessons { action } => world::lessons(&global, action),
        Command::New { name, template, to } => new::new_skill(&name, template, &to),
        Command::Revert {
            name,
            revision,
            layer,
        } => world::revert(&global, &name, revision, &layer),
        Command::Purge { older_than } => world::purge(&global, older_than),
        Command::Approval {
            mode,
            expire_after_days,
        } => approval::approval(&global, mode, expire_after_days),
        Command::Proposals { agent, all } => approval::proposals(&global, agent.as_deref(), all),
        Command::Approve {
            name,
            agent,
            rename,
        } => approval::approve(&global, &name, &agent, rename.as_deref()),
        Command::Reject {
            name,
            agent,
            reason,
        } => approval::reject(&global, &name, &agent, &reason),
        Command::Bind { agent, skill } => world::bind(&global, &agent, &skill, true),
        Command::Unbind { agent, skill } => world::bind(&global, &agent, &skill, false),
        Command::List { layer, all } => world::list(&global, &layer, all),
        Command::Catalog {
            agent,
            tokens,
            chars,
            format,
            run,
            query,
        } => world::catalog(&global, &agent, tokens, chars, &format, run, query),
        Command::Load {
            agent,
            skill,
            file,
            page,
            run,
        } => world::load(&global, &agent, &skill, file, page, run),
        Command::Tool {
            agent,
            caller,
            allow,
            deny,
            tool,
            args,
        } => world::tool(
            &global,
            world::ToolCall {
                agent: &agent,
                caller: &caller,
                tool: &tool,
                args: &args,
                allow: &allow,
                deny: &deny,
            },
        ),
        Command::Snapshot { action } => world::snapshot(&global, action),
        Command::Curate { action } => world::curate(&global, action),
        Command::Replay { from } => world::replay(&global, &from),
        Command::Digest { skill: None, .. } => world::digest(&global),
        Command::Digest {
            skill: Some(name),
            commons,
            agent,
        } => world::skill_digest(&global, &name, &LayerArgs { commons, agent }),
        Command::Serve {
            port,
            listen,
            config,
            secret_key,
            watch,
            model,
        } => model.optional_client().and_then(|model| {
            habitat::serve(
                &global,
                habitat::ServeArgs {
                    port,
                    listen,
                    config,
                    secret_key,
                    watch,
                    review_model: model.map(|m| std::sync::Arc::new(m) as _),
                },
            )
        }),
        Command::Token { action } => habitat::token(&global, action),
        Command::Secret { action } => habitat::secret(&global, action),
        Command::Preflight { agent, skill } => habitat::preflight(&global, agent, skill),
        Command::Doctor { config } => doctor::run(global.json, config.as_deref()),
        Command::Review {
            agent,
            mode,
            note,
            turn,
            model,
        } => review::review(
            &global,
            &agent,
            &mode,
            note.as_deref(),
            turn.as_deref(),
            &model,
        ),
        Command::Runs { agent } => review::runs(&global, agent.as_deref()),
        Command::Mcp {
            agent,
            url,
            token,
            tokens,
        } => mcp::serve(&global, &agent, url.zip(token), tokens),
        Command::McpServer { action } => mcp::server(&global, action),
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
