//! A key path held in a name that only logs in (batch 40's deploy helper):
//! `KEY = os.environ.get("STAGING_KEY", "~/.ssh/id_ed25519")`, then
//! `client.connect(host, key_filename=KEY)`. `credential-file` reads a key
//! path as a read of the key; a name whose every other use hands it to an
//! SSH login as the identity authenticates with the key and never sends
//! it, as `key_filename=` or `ssh -i` on the path's own line already do.

use std::sync::LazyLock;

use regex::Regex;

use crate::lines::Lines;

/// A line that assigns a name (capture 1).
static ASSIGN: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^\s*(?:(?:const|let|var|my|local)\s+)?\$?([A-Za-z_]\w*)\s*=[^=]").expect("assign")
});

/// Where a login takes its identity file: the name follows one of these,
/// past `=`, `,`, quotes and a shell's `$` or `${`.
const LOGIN_USES: &[&str] = &[
    "key_filename",
    "-i",
    "IdentityFile",
    "from_private_key_file(",
];

/// Whether the name assigned on `line` is used elsewhere in the text, and
/// only as a login's identity file.
pub fn only_logs_in(lines: &Lines, line: usize) -> bool {
    let Some(name) = ASSIGN.captures(lines.get(line)).and_then(|c| c.get(1)) else {
        return false;
    };
    let name = name.as_str();
    let mut used = false;
    for (at, text) in lines.all().enumerate() {
        if at == line {
            continue;
        }
        for (start, _) in text.match_indices(name) {
            if !whole_word(text, start, name.len()) {
                continue;
            }
            if !after_login_use(&text[..start]) {
                return false;
            }
            used = true;
        }
    }
    used
}

/// Whether `text[start..start + len]` is not part of a longer name.
fn whole_word(text: &str, start: usize, len: usize) -> bool {
    let word = |c: char| c.is_ascii_alphanumeric() || c == '_';
    !text[..start].ends_with(word) && !text[start + len..].starts_with(word)
}

/// Whether the text before a name ends in a login's identity option
/// (`key_filename=`, `"-i", `, `ssh -i "$`). `-i` is an identity only to
/// an SSH command of the same command (holes44: `pastebinit -i KEY`
/// uploads its input file).
fn after_login_use(before: &str) -> bool {
    let before = before.trim_end_matches([' ', '"', '\'', '$', '{', '=', ',']);
    LOGIN_USES.iter().any(|use_| before.ends_with(use_))
        && (!before.ends_with("-i") || ssh_command(before))
}

/// Whether the command `before` ends in (since the last `;`, `|` or `&`)
/// names an SSH client as a word: `ssh`, `scp`, `sftp`, `rsync -e "ssh`,
/// `["scp", "-i", …`.
fn ssh_command(before: &str) -> bool {
    const CLIENTS: &[&str] = &["ssh", "scp", "sftp", "sshfs", "autossh"];
    let command = crate::naming::last_command(before);
    command
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '-'))
        .any(|word| CLIENTS.contains(&word))
}
