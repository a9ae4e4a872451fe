//! An agent's folder laid out inside a temporary folder the same code
//! makes (the seventeenth sweep's `programming` test: `tempRoot =
//! mkdtempSync(join(tmpdir(), "…"))`, then `join(tempRoot, ".codex",
//! "skills", …)`): a test's scratch copy of the layout, where nothing of
//! the user's stands. `agent-config` reads quoted `".codex"` path parts as
//! the user's agent folder; a join whose first part is a temporary folder
//! — the maker called there, or a name that every assignment in the text
//! gives a fresh temporary folder (or nothing yet: `""`, `null`, `None`)
//! — reads none. A join from home, from a name also assigned anything
//! else (`tempRoot = homedir()`), or from a name the text never assigns
//! (a parameter) is still read; so is one whose value names the home or
//! chooses (`CI ? mkdtempSync(…) : homedir()`, holes44).

use std::sync::LazyLock;

use regex::Regex;

use crate::lines::Lines;

/// A join whose first part (capture 1: a name, or a call with no
/// arguments) is followed at once by a quoted agent folder.
static JOIN: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r#"\bjoin\(\s*([A-Za-z_][\w.]*(?:\(\))?)\s*,\s*['"]\.(?:claude|codex|gemini|openclaw|cursor)['"]"#,
    )
    .expect("join")
});

/// A line that assigns a name (capture 1), perhaps typed (`let t: string
/// = …`), and the value (capture 2).
static ASSIGN: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^\s*(?:(?:const|let|var)\s+)?([A-Za-z_]\w*)\s*(?::\s*[\w<>\[\]|. ]+)?=([^=].*)$")
        .expect("assign")
});

/// A Python `with …(…) as name:` binding (capture 1: the name).
static WITH_AS: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\bas\s+([A-Za-z_]\w*)\s*:").expect("with as"));

/// Calls that make (or name) a fresh temporary folder.
const MAKERS: &[&str] = &[
    "mkdtempSync(",
    "mkdtemp(",
    "tmpdir()",
    "gettempdir()",
    "TemporaryDirectory(",
    "createTempDirectory(",
    "MkdirTemp(",
    "TempDir()",
];

/// What makes a value more than a fresh temporary folder (holes44): the
/// home named beside the maker, or a choice between two (`CI ?
/// mkdtempSync(…) : homedir()`, `… or Path.home()`).
const ELSEWHERE: &[&str] = &[
    "homedir",
    "HOME",
    "expanduser",
    "home()",
    "~",
    "USERPROFILE",
    "?",
    "||",
    " or ",
    " if ",
];

/// Values that hold no path yet.
const UNSET: &[&str] = &["\"\"", "''", "null", "undefined", "None"];

/// Whether the agent folder on `line` is joined under a temporary folder
/// the text makes.
pub fn under_temp_root(lines: &Lines, line: usize) -> bool {
    let text = lines.get(line);
    let joins: Vec<&str> = JOIN
        .captures_iter(text)
        .filter_map(|c| c.get(1).map(|m| m.as_str()))
        .collect();
    // Every quoted agent folder on the line must stand in such a join.
    let folders = ["\".", "'."]
        .iter()
        .map(|quote| text.matches(quote).count())
        .sum::<usize>();
    !joins.is_empty() && joins.len() >= folders && joins.iter().all(|root| temporary(lines, root))
}

/// Whether `root` is a maker's call, or a name the text only ever gives a
/// fresh temporary folder.
fn temporary(lines: &Lines, root: &str) -> bool {
    if root.ends_with("()") {
        return MAKERS.iter().any(|maker| root.ends_with(maker));
    }
    let mut assigned = false;
    for text in lines.all() {
        let value = ASSIGN
            .captures(text)
            .filter(|c| &c[1] == root)
            .and_then(|c| c.get(2))
            .map(|m| m.as_str().trim().trim_end_matches(';').trim());
        let bound = WITH_AS
            .captures(text)
            .filter(|c| &c[1] == root)
            .map(|_| text);
        for made in value.into_iter().chain(bound) {
            let fresh = MAKERS.iter().any(|maker| made.contains(maker))
                && !ELSEWHERE.iter().any(|word| made.contains(word));
            if !UNSET.contains(&made) && !fresh {
                return false;
            }
            assigned |= MAKERS.iter().any(|maker| made.contains(maker));
        }
    }
    assigned
}
