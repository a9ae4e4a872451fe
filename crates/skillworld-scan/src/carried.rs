//! Names that carry a value from the line it is read on to the line it is
//! used on (taint46). The rows read a source and a sink where they stand,
//! so `vals = dotenv_values(".env")` then `requests.post(u, data=vals)`
//! is a config load beside a send; and `LOG = "/var/log/auth.log"` then
//! `open(LOG, "w")` is a write to a name. One pass over a file (or a
//! Markdown code block) keeps a small map of names:
//!
//! - [`sent`]: a name assigned a sensitive read (a `.env` file read or
//!   parsed, a credential or key file, shell history, the whole
//!   environment, a secret's environment variable) directly, through a
//!   helper of the same file that reads one, or through up to a few
//!   further names (`.read()`, `json.dumps`, a dict, an f-string, a
//!   concatenation, base64), and then used in a send's statement, is the
//!   source reaching the sink. A use as a login (a header, `auth=`, an API
//!   key field, curl's `-u`, an SDK client's key) or as the address (a
//!   URL's host, the Telegram Bot API's path key) is the service's own, as
//!   is a request that logs in with a key of the user's, a key sent to a
//!   host named for it, and a send to the official API of a listed
//!   service (`engine` drops those); a name handed to a helper of the
//!   file taints that helper's parameter for one more pass over its body.
//! - [`constant_uses`]: a name assigned a literal on a line a row already
//!   matched (a raw IP, a log, sudoers, an rc file) is put back where it
//!   is used, so the use is read as the literal would be (`reveal`'s
//!   rebuilt lines, reported as `carried-payload`).
//!
//! Bounded: names live in one map per text, with no scopes; helpers are
//! followed one call deep; a statement is read at most a few lines on.

use std::collections::BTreeMap;
use std::ops::Range;
use std::sync::LazyLock;

use regex::Regex;

use crate::lines::Lines;

/// An assignment (capture 1: the name; 2: the value): `x = …`, `const x
/// = …`, `x := …` (Go, with `x, err :=`), `$x = …` (PHP, PowerShell),
/// `x=…` (shell), a TypeScript annotation.
static ASSIGN: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"^\s*(?:(?:const|let|var|my|local|export|readonly|final|auto)\s+)?\$?([A-Za-z_]\w*)(?:\s*,\s*\$?[A-Za-z_]\w*)*(?:\s*:\s*[\w<>\[\]|, ]+?)?\s*(?::=|=)\s*([^=\s].*)$",
    )
    .expect("assign")
});

/// Python's `with open(…) as f:` (capture 1: the opened value, 2: the name).
static WITH_AS: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^\s*(?:async\s+)?with\s+(.+?)\s+as\s+([A-Za-z_]\w*)\s*:").expect("with as")
});

/// A function defined in the file (capture 1 or 3: the name; 2 or 4: the
/// parameters): `def`, `function`, `func`, Ruby's `def`, an arrow
/// function bound to a name.
static FUNCTION: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"^\s*(?:export\s+)?(?:async\s+)?(?:def|function|func|sub)\s+([A-Za-z_]\w*)\s*\(([^)]*)\)|^\s*(?:export\s+)?(?:const|let|var)\s+([A-Za-z_]\w*)\s*=\s*(?:async\s*)?\(([^)]*)\)\s*=>",
    )
    .expect("function")
});

/// A path whose text is a secret: a dotenv file (not its example), cloud,
/// registry and git credentials, SSH keys, shell history, a browser's
/// logins, a wallet, the agent's own settings.
static SECRET_PATH: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i)\.env\b(?:\.(?:local|production|prod|development|dev|staging))?(?:[^.\w]|$)|\.aws/credentials|\.ssh/(?:id_|[\w.-]*key)|\bid_(?:rsa|ed25519|ecdsa)\b|\.netrc\b|\.npmrc\b|\.pypirc\b|\.git-credentials|\.docker/config\.json|\.config/gh/hosts|_history\b|\bLogin Data\b|\.claude\.json|\.claude/\.credentials|\.codex/auth|\bwallet\.dat\b|\.config/solana/id|\bkeystore/|\.gnupg/",
    )
    .expect("secret path")
});

/// Whether `text` names a secret path; Node's `process.env` and Vite's
/// `import.meta.env` are the environment, not a dotenv file.
fn names_secret_path(text: &str) -> bool {
    SECRET_PATH.find_iter(text).any(|m| {
        let before = &text[..m.start()];
        !(m.as_str().starts_with(".env")
            && (before.ends_with("process") || before.ends_with("meta")))
    })
}

/// What reads a file or parses one into a dict.
static READS: LazyLock<Regex> = LazyLock::new(|| {
    // A call (`parse(Path(a.env))`, `.read_text()`, `dotenv_values(…)`)
    // or a shell command; `parsed.env` alone reads nothing.
    Regex::new(
        r"(?i)\b(?:open|fopen|read\w*|load\w*|parse\w*|\w+_values|file_get_contents|slurp|ConfigParser)\s*\(|\b(?:cat|grep|head|tail|get-content|type)\s|\$\(\s*<",
    )
    .expect("reads")
});

/// The whole environment taken: a copy, a spread, a dump, a list.
static ENV_DUMP: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"\bdict\(\s*os\.environ\s*\)|\bos\.environ\.(?:copy|items)\(\)|\*\*os\.environ\b|\bjson\.dumps\(\s*(?:dict\()?os\.environ\b|^\s*(?:dict\()?os\.environ\s*\)?\s*$|\.\.\.\s*process\.env\b|\b(?:JSON\.stringify|Object\.(?:entries|assign)|Object\.keys)\([^)\n]*\bprocess\.env\s*\)|^\s*process\.env\s*;?\s*$|\$\(\s*(?:env|printenv)\s*\)|Get-ChildItem\s+env:|\bENV\.to_h\b|\bos\.Environ\(\)|\benv::vars(?:_os)?\(\)|\$_ENV\b|\bgetenv\(\s*\)",
    )
    .expect("env dump")
});

/// A secret's environment variable read by name (`os.getenv("…_KEY")`,
/// `process.env.X_TOKEN`, `$env:…_PAT`, `ENV["…"]`); a database's
/// connection string (`DATABASE_URL`, `MONGODB_URI`) carries its password.
static ENV_SECRET: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r#"(?i)(?:getenv|environ(?:\.get)?|process\.env|\bENV|\$env:|Getenv)\W{0,3}[A-Z0-9_]*(?:KEY|TOKEN|SECRET|PASSWORD|PASSWD|PAT|CREDENTIALS?|DATABASE_URL|DB_URL|MONGO(?:DB)?_URI|CONNECTION_STRING)\b"#,
    )
    .expect("env secret")
});

/// Whether `line` could start a taint: a superset of what `source_of`
/// and `helpers` read first (`names_secret_path`, `ENV_DUMP`,
/// `ENV_SECRET`), for the cheap skip in `sent`.
fn may_source(line: &str) -> bool {
    SECRET_PATH.is_match(line) || ENV_DUMP.is_match(line) || ENV_SECRET.is_match(line)
}

/// A use as a login: a header, `auth=`, an API key field, curl's `-u`, a
/// `Bearer`/`Basic` string or GitHub's `Authorization: token …`, an SDK client's key (`new FileManager(key)`,
/// `NewClient(key)`): what comes right before the name on its line.
static LOGIN: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r#"(?i)(?:authorization\W{0,6}f?['"]?token|authorization|bearer|basic|x-[\w-]*(?:key|token|auth)[\w-]*|private-token|api[-_]?key|access_token|client_secret|\bauth|headers?|-H|--header|-u|--user|-i)\W{0,6}(?:\{|\$\{?|\+\s*|f?['"]?\s*)?$|(?-i:\bnew\s+[\w.]+|\w*(?:Client|Manager|Service|Api|API|SDK|Sdk|AI)|\bNew\w*)\s*\(\s*$"#,
    )
    .expect("login")
});

/// A name whose value is a login, never data sent: `headers = {…}`.
fn login_name(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    lower.contains("header") || lower.starts_with("auth") || lower == "session"
}

/// How a name holds a secret.
#[derive(Clone, Debug)]
struct Taint {
    /// 0-based line where the secret is read.
    from: usize,
    /// What is read there, for the finding's note.
    what: &'static str,
    /// The name holds the path, not yet the text.
    path: bool,
    /// For a key from the environment, its variable's name
    /// (`TELEGRAM_BOT_TOKEN`): a URL whose host holds one of its words
    /// is the key's own API.
    owner: Option<String>,
}

/// A secret carried by a name into a send's statement.
#[derive(Debug, PartialEq)]
pub struct Carried {
    /// 0-based line of the send's statement where the name is used.
    pub line: usize,
    /// 0-based line of the send (the sink row's line).
    pub sink: usize,
    pub name: String,
    /// 0-based line where the secret is read.
    pub from: usize,
    pub what: &'static str,
}

/// What `value`, assigned on the 0-based line `line`, reads, if a
/// secret: directly, through a helper of the file, or from a name of
/// `names`.
fn source_of(
    value: &str,
    line: usize,
    names: &BTreeMap<String, Taint>,
    helpers: &Helpers,
) -> Option<Taint> {
    let reads = || READS.is_match(value);
    let direct = |what| {
        Some(Taint {
            from: line,
            what,
            path: false,
            owner: None,
        })
    };
    if names_secret_path(value) {
        let path = !reads();
        return Some(Taint {
            from: line,
            what: "a secret file",
            path,
            owner: None,
        });
    }
    if ENV_DUMP.is_match(value) {
        return direct("the whole environment");
    }
    if let Some(found) = ENV_SECRET.find(value)
        && !used_as_login(value, chain_start(value, found.start()))
    {
        let owner = Some(found.as_str().to_owned());
        return Some(Taint {
            from: line,
            what: FROM_ENV,
            path: false,
            owner,
        });
    }
    if let Some(&(_, from)) = helpers.reading.iter().find(|(n, _)| called(value, n)) {
        let what = "a secret file (in a helper)";
        return Some(Taint {
            from,
            what,
            path: false,
            owner: None,
        });
    }
    for (name, taint) in names {
        let Some(at) = used_at(value, name) else {
            continue;
        };
        if taint.path {
            if reads() {
                return Some(Taint {
                    from: line,
                    what: taint.what,
                    path: false,
                    owner: None,
                });
            }
            continue;
        }
        if !used_as_login(value, at) && !owned(value, taint) && kept_whole(value, at, taint) {
            return Some(taint.clone());
        }
    }
    None
}

/// A database's connection string in the environment: a secret, since it
/// carries the password (`DATABASE_URL`, `MONGODB_URI`).
static CONNECTION_STRING: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)(?:DATABASE_URL|DB_URL|MONGO(?:DB)?_URI|CONNECTION_STRING)\b")
        .expect("connection string")
});

/// An encoder's call, which keeps what it is given whole
/// (`b64encode(`, `json.dumps(`, `JSON.stringify(`).
static ENCODER_CALL: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(?:b64encode|b32encode|hexlify|encode|dumps|stringify|quote(?:_plus)?|urlencode|escape|str|format|join|bytes)\s*\($")
        .expect("encoder call")
});

/// Whether the taint's value reaches `text` at `at` whole. A connection
/// string is what a program queries its database with, and a query's
/// result (`psql $conn -c …`, `count_rows(dsn)`) is no secret: it is
/// carried only into a literal, a concatenation or an encoder. Other
/// secrets are carried by any use.
fn kept_whole(text: &str, at: usize, taint: &Taint) -> bool {
    if !taint
        .owner
        .as_deref()
        .is_some_and(|o| CONNECTION_STRING.is_match(o))
    {
        return true;
    }
    let before = text[..at].trim_end_matches([' ', '$']);
    match before.chars().last() {
        // The value itself opens the text (`payload = dsn` read from its
        // right-hand side): an alias carries it whole.
        None | Some(':' | '=' | ',' | '{' | '[' | '+') => true,
        Some('(') => ENCODER_CALL.is_match(before),
        _ => false,
    }
}

/// Where the chain of names and dots holding `at` starts
/// (`os.environ[…]` from `environ`).
fn chain_start(text: &str, at: usize) -> usize {
    let head = &text.as_bytes()[..at];
    let kept = head
        .iter()
        .rev()
        .take_while(|&&b| b.is_ascii_alphanumeric() || b == b'_' || b == b'.')
        .count();
    at - kept
}

/// Where `text` uses the name `name` as a value: a whole word, not an
/// attribute (`a.env`), a quoted key (`"env":`) or a keyword's name
/// (`data=data`'s first).
fn used_at(text: &str, name: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    whole_words(text, name)
        .find(|&(at, end)| {
            let before = at.checked_sub(1).map(|i| bytes[i]);
            let after = bytes.get(end).copied();
            // A word of a path written out (`/bot{token}`) is no use.
            if before == Some(b'/')
                || matches!(
                    (before, after),
                    (Some(b'"'), Some(b'"')) | (Some(b'\''), Some(b'\''))
                )
            {
                return false;
            }
            let rest = text[end..].trim_start();
            let assigned = rest.starts_with('=') && !rest.starts_with("==")
                || rest.starts_with(':') && before == Some(b'{');
            !assigned && !looks_up_other(&text[end..])
        })
        .map(|(at, _)| at)
}

/// Each place `text` holds `name` as a whole word, not a member of
/// something (`a.env`): its start and end. The one search behind both a
/// use ([`used_at`]) and a call ([`called`]).
fn whole_words<'t>(text: &'t str, name: &'t str) -> impl Iterator<Item = (usize, usize)> + 't {
    let bytes = text.as_bytes();
    let word = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    text.match_indices(name)
        .map(|(at, found)| (at, at + found.len()))
        .filter(move |&(at, end)| {
            let before = at.checked_sub(1).map(|i| bytes[i]);
            !before.is_some_and(|b| word(b) || b == b'.')
                && !bytes.get(end).is_some_and(|&b| word(b))
        })
}

/// Whether what follows a name picks one entry of it whose key names no
/// secret (`cfg["MODEL"]`, `env.get("REGION")`): one setting, not the
/// secrets. A number (`[1]`) or a method (`.encode()`) keeps the value.
fn looks_up_other(rest: &str) -> bool {
    let key = if let Some(rest) = rest.strip_prefix('[') {
        rest.split(']').next()
    } else if let Some(rest) = rest.strip_prefix(".get(") {
        rest.split(')').next()
    } else {
        None
    };
    key.is_some_and(|key| key.bytes().any(|b| b.is_ascii_alphabetic()) && !SECRET_KEY.is_match(key))
}

/// A key or variable name that names a secret.
static SECRET_KEY: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)key|token|secret|passw|cred|auth|\bpat\b|cookie|session").expect("secret key")
});

/// Whether the use at `at` is a URL's host, not a login.
fn addressed(text: &str, at: usize) -> bool {
    let start = text.floor_char_boundary(at.saturating_sub(40));
    let bare = text[start..at].trim_end_matches(['{', '$', '(', '+', '"', '\'', ' ']);
    bare.ends_with("://")
}

/// Whether the use of a name at `at` is a login (what stands before it),
/// or the address a request goes to: a URL's host (`https://${HOST}/…`)
/// or the key the Telegram Bot API takes in its path
/// (`api.telegram.org/bot{token}/…`).
fn used_as_login(text: &str, at: usize) -> bool {
    let start = text.floor_char_boundary(at.saturating_sub(40));
    let before = &text[start..at];
    let bare = before.trim_end_matches(['{', '$', '(', '+', '"', '\'', ' ']);
    LOGIN.is_match(before) || bare.ends_with("://") || bare.ends_with("api.telegram.org/bot")
}

/// A URL's text after its scheme, up to where a URL written in code ends.
static URL: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?i)https?://([^\s'\x22\x60]+)").expect("url"));

/// A URL's host.
static HOST: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?i)https?://([a-z0-9.-]+)").expect("host"));

/// Whether `text` sends to the own API of the key `taint` holds: a host
/// of the key's owner in `hosts::SERVICES` (`api.telegram.org` for
/// `TELEGRAM_BOT_TOKEN`, with its token in the path as the Bot API takes
/// it), or, for a key the table does not know, a host holding a word of
/// its variable (`api.acme-maps.io` for `ACME_MAPS_KEY`).
fn owned(text: &str, taint: &Taint) -> bool {
    let Some(owner) = &taint.owner else {
        return false;
    };
    // The variable's name ends the getter's match (`getenv("SLACK_TOKEN`).
    let name = owner
        .rsplit(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .next()
        .unwrap_or_default()
        .to_ascii_uppercase();
    if let Some(service) = crate::hosts::key_owner(&name) {
        return URL
            .captures_iter(text)
            .any(|u| service.owns_url(&u[1].to_ascii_lowercase()));
    }
    // A connection string's words name a database, not an API of its own:
    // `database-insights.dev` is no owner of `DATABASE_URL`.
    let generic = [
        "KEY",
        "TOKEN",
        "SECRET",
        "API",
        "BOT",
        "ACCESS",
        "AUTH",
        "CLIENT",
        "PASSWORD",
        "DATABASE",
        "MONGO",
        "MONGODB",
        "CONNECTION",
        "STRING",
    ];
    let words: Vec<String> = owner
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| {
            w.len() >= 4
                && w.bytes()
                    .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit())
        })
        .filter(|w| !generic.contains(w))
        .map(str::to_ascii_lowercase)
        .collect();
    HOST.captures_iter(text).any(|c| {
        words
            .iter()
            .any(|w| c[1].to_ascii_lowercase().contains(w.as_str()))
    })
}

/// Whether `text` calls `name(`.
fn called(text: &str, name: &str) -> bool {
    whole_words(text, name).any(|(_, end)| text[end..].trim_start().starts_with('('))
}

/// The file's own functions: their bodies and parameters, and those that
/// read a secret (name, 0-based line of the read).
#[derive(Default)]
struct Helpers {
    /// (name, parameters, body lines).
    defined: Vec<(String, Vec<String>, Range<usize>)>,
    reading: Vec<(String, usize)>,
}

fn indent(line: &str) -> usize {
    line.len() - line.trim_start().len()
}

fn helpers(lines: &Lines, range: Range<usize>) -> Helpers {
    let mut out = Helpers::default();
    for l in range.clone() {
        let line = lines.get(l);
        if !line.contains('(') {
            continue;
        }
        let Some(c) = FUNCTION.captures(line) else {
            continue;
        };
        let (name, params) = match (c.get(1), c.get(3)) {
            (Some(n), _) => (n.as_str(), c.get(2).map_or("", |m| m.as_str())),
            (None, Some(n)) => (n.as_str(), c.get(4).map_or("", |m| m.as_str())),
            _ => continue,
        };
        // Each parameter's name: `path: Path`, `$a = 1`, `payload []byte`.
        let params = params
            .split(',')
            .map(|p| p.trim().trim_start_matches(['$', '*', '&']))
            .map(|p| {
                p.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                    .next()
            })
            .map(|p| p.unwrap_or_default().to_owned())
            .filter(|p| p != "self")
            .collect();
        let depth = indent(line);
        let end = (l + 1..range.end)
            .find(|&b| {
                let body = lines.get(b);
                !body.trim().is_empty() && indent(body) <= depth
            })
            .unwrap_or(range.end);
        let body = l + 1..end;
        // A one-line helper reads on its own line.
        if let Some(read) = (l..end).find(|&b| {
            let text = lines.get(b);
            names_secret_path(text) && READS.is_match(text) || ENV_DUMP.is_match(text)
        }) {
            out.reading.push((name.to_owned(), read));
        }
        out.defined.push((name.to_owned(), params, body));
    }
    out
}

/// The name and value a line assigns, if it does.
fn assignment(line: &str) -> Option<(&str, &str)> {
    if !line.contains('=') && !line.contains(" as ") {
        return None;
    }
    if let Some(c) = WITH_AS.captures(line) {
        return Some((c.get(2)?.as_str(), c.get(1)?.as_str()));
    }
    let c = ASSIGN.captures(line)?;
    Some((c.get(1)?.as_str(), c.get(2)?.as_str()))
}

/// The secrets of `range` carried by a name into the statement of one of
/// the sends on the 0-based lines `sinks` (in order).
pub fn sent(lines: &Lines, range: Range<usize>, sinks: &[usize]) -> Vec<Carried> {
    // Every taint starts at a line one of these matches (a helper reads
    // one too, and a seeded parameter comes from a tainted call), so a
    // block with none carries nothing: most blocks with a send are such.
    if !range.clone().any(|l| may_source(lines.get(l))) {
        return Vec::new();
    }
    let helpers = helpers(lines, range.clone());
    let mut out = Vec::new();
    let calls = walk(lines, range, sinks, BTreeMap::new(), &helpers, &mut out);
    // One more pass over each helper handed a secret, its parameter seeded.
    for (helper, index, taint) in calls.into_iter().take(4) {
        let Some((_, params, body)) = helpers.defined.iter().find(|(n, _, _)| *n == helper) else {
            continue;
        };
        let Some(param) = params.get(index) else {
            continue;
        };
        let seeds = BTreeMap::from([(param.clone(), taint)]);
        walk(lines, body.clone(), sinks, seeds, &helpers, &mut out);
    }
    out.sort_by_key(|c| (c.sink, c.line, c.from));
    out.dedup_by_key(|c| c.sink);
    out
}

/// Whether the value on the 0-based line `from` (a literal the line holds)
/// reaches a send on one of the 0-based lines `sinks` (in order): it
/// stands in the send's statement (a statement runs on while its brackets
/// are open, a few lines at most; the send's line may be the statement's
/// first or a later one, `fetch(url, {` over `method: "POST"`), or the
/// line assigns it to a name such a statement uses, directly or through
/// up to two names assigned from it (`url = BASE + "/v1"`). code86:
/// `hidden-endpoint`'s decoded address must be where the file sends, not
/// any text beside a send.
///
/// `budget` is the lines the file's calls may still read: a file of many
/// decoded literals would otherwise cost each literal a walk to its end.
/// Once it is spent the answer is yes, the reading before code86 (any
/// send in the file), so padding a file buys no silence.
pub fn reaches(lines: &Lines, from: usize, sinks: &[usize], budget: &mut usize) -> bool {
    const STATEMENT: usize = 5;
    let statement = |first: usize| {
        let mut depth = 0;
        (first..lines.count().min(first + STATEMENT)).take_while(move |&l| {
            let open = l == first || depth > 0;
            depth += brackets(lines.get(l));
            open
        })
    };
    // Only a send that starts at most a statement's length above `l` can
    // hold it.
    let sends = |l: usize| {
        let near = sinks.partition_point(|&sink| sink + STATEMENT <= l);
        statement(l).any(|s| sinks.binary_search(&s).is_ok())
            || sinks[near..]
                .iter()
                .take_while(|&&sink| sink < l)
                .any(|&sink| statement(sink).any(|s| s == l))
    };
    if sends(from) {
        return true;
    }
    let Some((name, _)) = assignment(lines.get(from)) else {
        return false;
    };
    let mut names = vec![name];
    let uses = |names: &[&str], text: &str| names.iter().any(|n| used_at(text, n).is_some());
    for l in from + 1..lines.count() {
        let Some(left) = budget.checked_sub(1) else {
            return true;
        };
        *budget = left;
        let line = lines.get(l);
        if uses(&names, line) && sends(l) {
            return true;
        }
        if names.len() < 3
            && let Some((name, value)) = assignment(line)
            && uses(&names, value)
        {
            names.push(name);
        }
    }
    false
}

/// What a secret read from the environment by name is, in a note; such a
/// name (or a lookup) used as a login authenticates a request.
const FROM_ENV: &str = "a secret from the environment";

/// A send's statement being read: its line, how deep its brackets are,
/// what it carries, and whether it logs in with the user's own key.
struct Statement {
    sink: usize,
    depth: i32,
    found: Vec<Carried>,
    authenticated: bool,
}

impl Statement {
    /// The statement's findings, unless it logs in with the user's own
    /// key from the environment: a request so authenticated goes to an
    /// account of the user's (a secret manager's API taking the `.env`).
    fn close(self, out: &mut Vec<Carried>) {
        if !self.authenticated {
            out.extend(self.found);
        }
    }
}

/// One pass over `range`: the names' taints updated line by line, each
/// send's statement read for a tainted name. Returns the calls of the
/// file's helpers given a tainted argument (helper, position, taint).
fn walk(
    lines: &Lines,
    range: Range<usize>,
    sinks: &[usize],
    mut names: BTreeMap<String, Taint>,
    helpers: &Helpers,
    out: &mut Vec<Carried>,
) -> Vec<(String, usize, Taint)> {
    const STATEMENT: usize = 5;
    let mut calls = Vec::new();
    // Names holding a login made from the user's own key (`headers = {…}`).
    let mut logins: Vec<String> = Vec::new();
    let mut open: Option<Statement> = None;
    for l in range {
        let line = lines.get(l);
        if sinks.binary_search(&l).is_ok() {
            if let Some(done) = open.take() {
                done.close(out);
            }
            let found = Vec::new();
            open = Some(Statement {
                sink: l,
                depth: 0,
                found,
                authenticated: false,
            });
        }
        if let Some(statement) = open.as_mut() {
            read_statement(line, l, statement, &names, &logins, helpers);
            statement.depth += brackets(line);
            if (statement.depth <= 0 || l >= statement.sink + STATEMENT)
                && let Some(done) = open.take()
            {
                done.close(out);
            }
        }
        if !names.is_empty() {
            calls.extend(handed_to_helpers(line, &names, helpers));
        }
        let Some((name, value)) = assignment(line) else {
            continue;
        };
        let whole = (value.starts_with(['{', '[']) && brackets(value) > 0)
            .then(|| continued(lines, l, value))
            .filter(|whole| READS.is_match(whole));
        let value = whole.as_deref().unwrap_or(value);
        if logs_in(value, &names) || login_name(name) && ENV_SECRET.is_match(value) {
            logins.push(name.to_owned());
        }
        match source_of(value, l, &names, helpers) {
            Some(taint) if !login_name(name) => {
                names.insert(name.to_owned(), taint);
            }
            _ => {
                names.remove(name);
            }
        }
    }
    if let Some(done) = open {
        done.close(out);
    }
    calls
}

/// An assignment's dict or list that leaves its brackets open on its
/// line, with the lines that close them (a few at most): code86, a dict
/// built over lines (`payload = {` … `"files": {p: p.read_text() for p in
/// envs}` … `}`) holds what its lines read. `walk` takes it only when it
/// reads a file as it is built: names have no scopes here, and a request
/// body built over lines from names of other functions (a prompt, a key
/// sent to its own API) carried too much in the sweeps.
fn continued(lines: &Lines, line: usize, value: &str) -> String {
    const VALUE: usize = 8;
    let mut whole = value.to_owned();
    let mut depth = brackets(value);
    for l in line + 1..lines.count().min(line + VALUE) {
        let next = lines.get(l);
        whole.push(' ');
        whole.push_str(next.trim());
        depth += brackets(next);
        if depth <= 0 {
            break;
        }
    }
    whole
}

/// Whether a path's name used at `at` is a file curl uploads (`@$P`,
/// `"@" + p`, `f"@{p}"`).
fn uploaded(text: &str, at: usize) -> bool {
    text[..at]
        .trim_end_matches(['{', '$', '+', '"', '\'', ' '])
        .ends_with('@')
}

/// Whether `text` uses the user's own key (from the environment or a
/// secret the skill read) as a login.
fn logs_in(text: &str, names: &BTreeMap<String, Taint>) -> bool {
    let named = names.iter().filter(|(_, t)| !t.path).any(|(n, _)| {
        used_at(text, n).is_some_and(|at| used_as_login(text, at) && !addressed(text, at))
    });
    named
        || ENV_SECRET
            .find_iter(text)
            .any(|m| used_as_login(text, m.start()))
}

/// One line of a send's statement: the tainted names it uses as data, the
/// reading helpers it calls, and whether it logs in with the user's key.
fn read_statement(
    line: &str,
    l: usize,
    statement: &mut Statement,
    names: &BTreeMap<String, Taint>,
    logins: &[String],
    helpers: &Helpers,
) {
    let sink = statement.sink;
    if logs_in(line, names) || logins.iter().any(|n| used_at(line, n).is_some()) {
        statement.authenticated = true;
    }
    for (name, taint) in names {
        let Some(at) = used_at(line, name) else {
            continue;
        };
        let read = !taint.path || READS.is_match(line) || uploaded(line, at);
        if read && !used_as_login(line, at) && !owned(line, taint) {
            let (from, what) = (taint.from, taint.what);
            let name = name.clone();
            statement.found.push(Carried {
                line: l,
                sink,
                name,
                from,
                what,
            });
        }
    }
    for (helper, from) in &helpers.reading {
        if called(line, helper) {
            let (name, what) = (format!("{helper}()"), "a secret file (in a helper)");
            statement.found.push(Carried {
                line: l,
                sink,
                name,
                from: *from,
                what,
            });
        }
    }
}

/// The file's helpers `line` calls with a tainted name as an argument
/// (helper, position, taint).
fn handed_to_helpers(
    line: &str,
    names: &BTreeMap<String, Taint>,
    helpers: &Helpers,
) -> Vec<(String, usize, Taint)> {
    let mut out = Vec::new();
    for (helper, params, _) in &helpers.defined {
        if params.is_empty() || !called(line, helper) {
            continue;
        }
        for (index, arg) in arguments(line, helper).iter().enumerate() {
            // code86: a path too (`_report(findings, envs)`, the `.env`
            // files' paths): the helper's walk reads it before it is sent.
            if let Some(taint) = names.get(arg.trim()) {
                out.push((helper.clone(), index, taint.clone()));
            }
        }
    }
    out
}

/// The brackets a line leaves open (negative when it closes more).
fn brackets(line: &str) -> i32 {
    line.bytes()
        .map(|b| match b {
            b'(' | b'[' | b'{' => 1,
            b')' | b']' | b'}' => -1,
            _ => 0,
        })
        .sum()
}

/// The top-level arguments of the first call of `name(` on `line`.
fn arguments<'l>(line: &'l str, name: &str) -> Vec<&'l str> {
    let Some(start) = line.find(&format!("{name}(")) else {
        return Vec::new();
    };
    let inner = &line[start + name.len() + 1..];
    let mut depth = 0;
    let mut out = Vec::new();
    let mut from = 0;
    for (i, b) in inner.bytes().enumerate() {
        match b {
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' if depth == 0 => {
                out.push(&inner[from..i]);
                return out;
            }
            b')' | b']' | b'}' => depth -= 1,
            b',' if depth == 0 => {
                out.push(&inner[from..i]);
                from = i + 1;
            }
            _ => {}
        }
    }
    out
}

/// A use of a name set to a literal on a line a row matched: the use's
/// line with the value put back.
#[derive(Debug, PartialEq)]
pub struct Constant {
    /// 0-based line of the use.
    pub line: usize,
    /// The use's line with the value in the name's place.
    pub rebuilt: String,
    pub name: String,
    /// 0-based line of the assignment.
    pub set: usize,
    pub value: String,
}

/// At most this many uses are rebuilt in a text.
const MOST_USES: usize = 16;

/// The uses of the names that the 0-based lines `matched` set to a
/// literal (a quoted string, alone or in a short expression), each with
/// the literal put back in the name's place: bare in an f-string
/// (`f"{LOG}.1"`), as written elsewhere (`open(LOG, "w")`). A name set
/// again stops its uses.
pub fn constant_uses<'t>(lines: &Lines<'t>, matched: impl Iterator<Item = usize>) -> Vec<Constant> {
    let mut out = Vec::new();
    for set in matched {
        let Some((name, value)) = assignment(lines.get(set)) else {
            continue;
        };
        let value = value.trim().trim_end_matches(';').trim_end();
        if name.len() < 2 || value.len() > 120 || !value.contains(['"', '\'']) {
            continue;
        }
        let bare = value.trim_matches(['"', '\'']);
        for line in set + 1..lines.count() {
            let text = lines.get(line);
            if assignment(text).is_some_and(|(n, _)| n == name) {
                break;
            }
            let Some(at) = used_at(text, name) else {
                continue;
            };
            // A variable read as `$NAME` or `${NAME}` (the shell's, PHP's,
            // PowerShell's, a template's) is `reveal`'s to put back.
            if text[..at].ends_with('$') || text[..at].ends_with("${") {
                continue;
            }
            let rebuilt = put_back(text, at, name, value, bare);
            out.push(Constant {
                line,
                rebuilt,
                name: name.to_owned(),
                set,
                value: value.to_owned(),
            });
            if out.len() == MOST_USES {
                return out;
            }
        }
    }
    out
}

/// `text` with the name used at `at` replaced by its value: the bare
/// literal inside an f-string's `{NAME}`, the value as written
/// elsewhere.
fn put_back(text: &str, at: usize, name: &str, value: &str, bare: &str) -> String {
    let end = at + name.len();
    let before = &text[..at];
    let after = &text[end..];
    let (start, stop, with) = if before.ends_with('{') && after.starts_with('}') {
        (at - 1, end + 1, bare)
    } else {
        (at, end, value)
    };
    format!("{}{with}{}", &text[..start], &text[stop..])
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A decoded address is followed to its send; a file too long for the
    /// budget its literals share is read as before code86, a send anywhere.
    #[test]
    fn reaches_follows_a_name_within_its_budget() {
        let filler = "pass\n".repeat(10);
        let other = format!("URL = \"x\"\n{filler}requests.post(OTHER)\n");
        let used = format!("URL = \"x\"\n{filler}requests.post(URL)\n");
        let (other, used) = (Lines::new(&other), Lines::new(&used));
        let mut budget = 100;
        assert!(!reaches(&other, 0, &[11], &mut budget));
        // Twelve lines follow the literal's (the last one empty), each read once.
        assert_eq!(budget, 88);
        assert!(reaches(&used, 0, &[11], &mut 100));
        assert!(reaches(&other, 0, &[11], &mut 5), "a spent budget");
    }
}
