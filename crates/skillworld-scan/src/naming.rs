//! Matches that name a thing without acting on it (issue 18, fifth and
//! sixth sweeps): a tree drawing's arrow to a settings file, a test that
//! the agent's folder exists, a system prompt a developer edits, the path
//! a build secret is mounted at, a `<system>` segment of an identifier,
//! the address where an API key is got.
//! Each is a
//! row's `Rule::confirm`: it keeps the line when any of the row's matches
//! on it still acts, and drops it when every one only names.

use crate::rules::Severity;

/// The row's matches on a line: the one at byte `at`, then each found by
/// `next` past the one before. A row's pattern reads bytes, so a match
/// may start inside a character: the tests below read bytes too.
pub(crate) fn matches(
    at: usize,
    next: &dyn Fn(usize) -> Option<usize>,
) -> impl Iterator<Item = usize> {
    std::iter::successors(Some(at), move |&at| next(at + 1))
}

/// Keeps the line, at `severity`, unless every match `names`: it is given
/// the line, the match's byte and the text from there ("" inside a
/// character).
pub(crate) fn unless_all(
    line: &str,
    at: usize,
    next: &dyn Fn(usize) -> Option<usize>,
    severity: Severity,
    names: impl Fn(&str, usize, &str) -> bool,
) -> Option<(Severity, String)> {
    matches(at, next)
        .any(|at| !names(line, at, line.get(at..).unwrap_or_default()))
        .then(|| (severity, String::new()))
}

/// A `torch.load` whose own arguments say `weights_only=True` loads
/// tensors only; a `weights_only=True` elsewhere on the line (`torch.load(
/// cache)  # TODO weights_only=True`) loads anything (`Rule::confirm` of
/// `unsafe-load`).
pub fn weights_only(
    line: &str,
    at: usize,
    next: &dyn Fn(usize) -> Option<usize>,
) -> Option<(Severity, String)> {
    unless_all(line, at, next, Severity::Medium, |_, _, rest| {
        let Some(call) = rest.strip_prefix("torch.load(") else {
            return false;
        };
        let arguments = &call[..crate::brackets::closing(call).unwrap_or(call.len())];
        arguments
            .split(',')
            .any(|a| a.split_whitespace().collect::<String>() == "weights_only=True")
    })
}

/// A match that leaves the agent's folder as it is (`Rule::confirm` of
/// `agent-tamper`): an arrow of a tree drawing (`drawn_arrow`), a copy
/// out of the folder (`copied_out`), a redirect to `/dev/null`
/// (`discarded`), a `>` inside a shell string (`quoted_text`), a markup
/// tag closed right before the next (`tag_closed`), a long option named
/// `rm` (`removal_option`) or Claude Code's `@path` file references
/// (`file_references`). A second match on the line is judged on its
/// own.
pub fn agent_folder_untouched(
    line: &str,
    at: usize,
    next: &dyn Fn(usize) -> Option<usize>,
) -> Option<(Severity, String)> {
    unless_all(line, at, next, Severity::High, |line, at, rest| {
        drawn_arrow(line, at)
            || copied_out(rest)
            || discarded(rest)
            || quoted_text(line, at)
            || tag_closed(rest)
            || removal_option(line, at, rest)
            || file_references(rest)
    })
}

/// `> **Methodology**: @.claude/skills/tdd/SKILL.md` (fp26, the twentieth
/// sweep's `documentation-best-practices`, a blockquote in a Markdown
/// block): Claude Code's `@path` names a file for the model to read, and a
/// shell given the word writes `./@.claude/…`, a folder no agent reads. A
/// match is spared when every path on it naming an agent's folder or file
/// is such a reference; one without the `@` (`> ~/.claude/CLAUDE.md`)
/// or climbing out of `@` (`@.claude/../../.claude/CLAUDE.md`) still
/// writes.
fn file_references(rest: &str) -> bool {
    if !rest.contains('@') {
        return false;
    }
    let mut paths = rest
        .split_whitespace()
        .filter(|word| {
            let word = word.to_ascii_lowercase();
            word.contains(['/', '.']) && AGENT_NAMES.iter().any(|name| word.contains(name))
        })
        .peekable();
    paths.peek().is_some()
        && paths.all(|path| {
            path.trim_start_matches(['>', '(', '`', '"', '\''])
                .starts_with('@')
                && !path.contains("..")
        })
}

/// `<step id="a"><![CDATA[Run /repo/.claude/skills/x/scripts/gate.py …`
/// (the seventeenth sweep's `atm-bd` task templates): the `>` that closes
/// a markup tag is followed at once by the next tag's `<`, which no shell
/// takes as a redirect's target (`><` is a syntax error in sh, bash and
/// PowerShell alike), so nothing is written. A `>` followed by a path
/// (`cat <in id="a">~/.claude/CLAUDE.md`) still writes.
fn tag_closed(rest: &str) -> bool {
    rest.find('>')
        .is_some_and(|gt| gt <= 1 && rest[gt..].trim_start_matches('>').starts_with('<'))
}

/// `docker run --rm -v "$CFG:/app/.claude/settings.json"` (fp20, the
/// fifteenth sweep's `cfn-docker-runtime`): `--rm` removes the container
/// when it exits, not the path mounted; an `rm` command later on the line
/// is a match of its own.
fn removal_option(line: &str, at: usize, rest: &str) -> bool {
    rest.starts_with("rm") && line[..at].ends_with("--")
}

/// A line of a directory-tree drawing (`├── references ──> .claude/settings.json`):
/// its first word is a box-drawing character, a program no shell finds,
/// and each match is an arrow drawn with `─`. A second command on the line
/// (`;`, `&`, `|`, `$(`, a backquote) still runs, so it is not a drawing.
fn drawn_arrow(line: &str, at: usize) -> bool {
    let drawn = line
        .trim_start()
        .starts_with(['├', '└', '│', '┌', '╰', '╭'])
        && !line.contains([';', '&', '|', '`', '$']);
    let arrow = "─>".as_bytes();
    let bytes = line.as_bytes();
    drawn && (bytes[at..].starts_with(arrow) || bytes[..(at + 2).min(bytes.len())].ends_with(arrow))
}

/// `cp .claude/skills/hats/templates/solo.md my-analysis.md` (issue 18,
/// eleventh sweep): a copy whose destination, its last word, is a plain
/// file name in the working folder, or the working folder itself (`.`,
/// `./`: the fifteenth sweep's `cp …/.claude/skills/x/parse.sh ./`), reads
/// the agent's folder and writes nothing there. A destination with a path
/// (`/`, `~`, `$`), a dot file (`.cursorrules`), an agent's instruction
/// file (`CLAUDE.md`) or `-t` naming the target first is still a write.
fn copied_out(rest: &str) -> bool {
    let Some(args) = rest.strip_prefix("cp ") else {
        return false;
    };
    // A JSON or YAML string's escaped newline (`"cp -r t ~/.claude/hooks/\nbrew …"`,
    // the twenty-eighth sweep's `data_map.json`) ends the command as a
    // newline does.
    let command = args
        .split("\\n")
        .next()
        .unwrap_or_default()
        .split([';', '&', '|', '`', ')', '>'])
        .next()
        .unwrap_or_default();
    let words: Vec<&str> = command.split_whitespace().collect();
    let [.., source, destination] = words.as_slice() else {
        return false;
    };
    let working_folder = matches!(*destination, "." | "./");
    let plain_file = !destination.starts_with(['.', '-'])
        && !destination.contains(['/', '~', '$', '\\', '\'', '"', '*'])
        && ![
            "claude.md",
            "agents.md",
            "memory.md",
            "soul.md",
            "gemini.md",
        ]
        .contains(&destination.to_ascii_lowercase().as_str());
    !source.starts_with('-')
        && (working_folder || plain_file || names_no_agent(command, destination))
        && !words.iter().any(|w| {
            w.starts_with("--target")
                || !w.starts_with("--") && w.starts_with('-') && w.contains('t')
        })
}

/// `cp -r /c/Users/me/.claude/skills/* /e/workspace/skills/` (wild85's
/// dev half, a skill backing the user's skills up to a git folder): a
/// copy's destination, its last word, that names no agent's folder or file
/// and holds no variable or substitution (`$DEST`, a backquote) writes
/// outside the agent's folders, which the copy only reads. A destination
/// naming one (`~/.claude/skills/x/`, `../CLAUDE.md`) still writes.
/// The copy's words must close every quote they open: in a data file's
/// string (`"install": "cp -r t ~/.claude/hooks/", "note": "see docs"`) the
/// last word is another field's.
fn names_no_agent(command: &str, destination: &str) -> bool {
    let destination = destination.to_ascii_lowercase();
    command.matches('"').count().is_multiple_of(2)
        && command.matches('\'').count().is_multiple_of(2)
        && !destination.contains(['$', '`'])
        && !destination.starts_with('-')
        && !AGENT_NAMES.iter().any(|name| destination.contains(name))
}

/// `… 2>/dev/null || echo "$HOME/.claude/skills/x"`: a redirect to
/// `/dev/null` writes nothing, and what follows it on the line only prints
/// (`echo`, `printf`), with no pipe, redirect or command substitution: a
/// `; echo "… | tar xz -C ~/.claude/skills"` into a crontab still blocks.
fn discarded(rest: &str) -> bool {
    let redirect =
        rest.trim_start_matches(|c: char| c.is_whitespace() || c.is_ascii_digit() || c == '&');
    let Some(after) = redirect
        .strip_prefix('>')
        .map(|target| target.trim_start_matches('>').trim_start())
        .and_then(|target| target.strip_prefix("/dev/null"))
    else {
        return false;
    };
    let after = after.replace("||", ";");
    !after.contains(['|', '>', '`'])
        && !after.contains("$(")
        && after.split([';', '&']).all(|command| {
            let command = command.trim_matches(|c: char| c.is_whitespace() || "\"')".contains(c));
            command.is_empty() || command.starts_with("echo ") || command.starts_with("printf ")
        })
}

/// `grep -q "<!-- OMC:START -->" "$HOME/.claude/CLAUDE.md"` (the twelfth
/// sweep): a `>` inside a shell string that closes before it names an
/// agent's folder or file, a `$` or a backquote is text (an HTML comment's
/// end, an arrow `" -> "`, a `sed` range `'/<!-- a -->/,/<!-- b -->/p'`),
/// and the agent's file after the string is the command's argument.
/// `bash -c '… ->"$0"' ~/.codex/AGENTS.md` and `sh -c "cat x -> ~/.claude/…"`
/// still write.
fn quoted_text(line: &str, at: usize) -> bool {
    let (Some(before), Some(rest)) = (line.get(..at), line.get(at..)) else {
        return false;
    };
    // Quotes nest inside a command substitution (`"$(cmd > "$f")"`),
    // which `open_quote` does not follow: a match after one is a redirect.
    if before.contains("$(") || before.contains('`') {
        return false;
    }
    let Some((_, quote)) = open_quote(before) else {
        return false;
    };
    let Some(string) = rest.find(quote).map(|close| &rest[..close]) else {
        return false;
    };
    string.split_once('>').is_some_and(|(_, target)| {
        let target = target.to_ascii_lowercase();
        !target.contains(['$', '`']) && !AGENT_NAMES.iter().any(|name| target.contains(name))
    })
}

/// Words of the agents' folders and files `agent-tamper` guards: a string
/// that names one may be a shell's command writing there.
const AGENT_NAMES: [&str; 11] = [
    "claude", "codex", "cursor", "gemini", "openclaw", "clawdbot", "moltbot", "agents", "memory",
    "soul", "mcp",
];

/// The shell quote (`'` or `"`) left open at the end of `before`, if any,
/// with its byte.
pub(crate) fn open_quote(before: &str) -> Option<(usize, char)> {
    let mut open = None;
    let mut escaped = false;
    for (at, c) in before.char_indices() {
        match open {
            Some((_, '\'')) if c == '\'' => open = None,
            Some((_, '\'')) => {}
            _ if escaped => escaped = false,
            _ if c == '\\' => escaped = true,
            Some((_, quote)) if c == quote => open = None,
            Some(_) => {}
            None if c == '"' || c == '\'' => open = Some((at, c)),
            None => {}
        }
    }
    open
}

/// Go's public module proxy and the two words `GOPROXY`'s list takes
/// besides URLs.
const GO_DEFAULTS: [&str; 4] = [
    "https://proxy.golang.org",
    "https://proxy.golang.org/",
    "direct",
    "off",
];

/// A `GOPROXY=` that names Go's default, `https://proxy.golang.org,direct`
/// (fp18, the twelfth sweep's Go docs: `GOPROXY="https://proxy.golang.org,direct"`),
/// points nowhere new; a list with any other entry still redirects
/// (`Rule::confirm` of `registry-redirect`, whose other spellings stand).
pub fn beyond_go_default(
    line: &str,
    at: usize,
    next: &dyn Fn(usize) -> Option<usize>,
) -> Option<(Severity, String)> {
    unless_all(line, at, next, Severity::High, |_, _, rest| {
        let Some(value) = rest.strip_prefix("GOPROXY=") else {
            return false;
        };
        let quote = value.starts_with(['"', '\'']).then(|| &value[..1]);
        let value = value.trim_start_matches(['"', '\'']);
        let end = value
            .find(|c: char| c.is_whitespace() || c == '"' || c == '\'')
            .unwrap_or(value.len());
        // The value ends where the shell word does: `"…"https://x` goes on.
        let after = quote.map_or(Some(&value[end..]), |q| value[end..].strip_prefix(q));
        let word_ends = after.is_some_and(|after| {
            after.is_empty() || after.starts_with(|c: char| c.is_whitespace() || ";&|)".contains(c))
        });
        word_ends
            && value[..end]
                .split([',', '|'])
                .all(|entry| GO_DEFAULTS.contains(&entry))
    })
}

/// A path of the agent's folder nothing is read from: only tested for
/// existence (`(parent / ".claude").is_dir()`), named as where settings
/// are written (`written_to`), a module loaded from it
/// (`loaded_module`), or a container's side of a bind mount
/// (`mount_target`). (`Rule::confirm` of `agent-config`.)
pub fn unread_agent_path(
    line: &str,
    at: usize,
    next: &dyn Fn(usize) -> Option<usize>,
) -> Option<(Severity, String)> {
    unless_all(line, at, next, Severity::Medium, |line, at, rest| {
        existence_probe(rest)
            || tested_in_words(rest)
            || written_to(line.get(..at).unwrap_or_default())
            || project_glob(line.get(..at).unwrap_or_default(), rest)
            || find_filter(line.get(..at).unwrap_or_default(), rest)
            || loaded_module(line.get(..at).unwrap_or_default(), rest)
            || mount_target(line.get(..at).unwrap_or_default())
            || captioned(line.get(..at).unwrap_or_default(), rest)
            || listed_location(line.get(..at).unwrap_or_default(), rest)
            || bracketed_location(line.get(..at).unwrap_or_default(), rest)
    })
}

/// `**Built-in memory** (`~/.claude/projects/*/memory/`):` (the
/// twenty-ninth sweep's ECC `autonomous-agent-harness`, over a list of what
/// the memory holds): a label of a few words, bold or a heading's, with
/// the path in brackets after it and nothing more than a colon names where
/// the thing lives, as `listed_location`'s list item does; it asks for
/// nothing to be read. A verb in the label ("**Upload** (`~/.claude/…`)")
/// or words after the brackets still read.
fn bracketed_location(before: &str, rest: &str) -> bool {
    let home = ["${HOME}/", "$HOME/", "~/", "${HOME}", "$HOME", "~"]
        .iter()
        .find_map(|home| before.strip_suffix(home))
        .unwrap_or(before);
    let Some(label) = home.strip_suffix("(`") else {
        return false;
    };
    let label = label
        .trim()
        .trim_start_matches(['#', '>', ' '])
        .trim_start_matches("- ")
        .replace("**", "");
    let a_name = (1..=4).contains(&label.split_whitespace().count())
        && label
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || " .-_/".contains(c))
        && !label
            .split(|c: char| !c.is_ascii_alphanumeric())
            .any(|w| LABEL_VERBS.contains(&w.to_ascii_lowercase().as_str()));
    let after = rest
        .find("`)")
        .map_or("?", |end| rest[end + 2..].trim().trim_end_matches(':'));
    a_name && after.is_empty()
}

/// `> - Claude Code → ~/.claude/settings.json` (fp27, sweep 14's
/// oh-my-wiki; sweep 16's cloudbase under "Config file locations:"): a
/// list item that is only a host's name, an arrow or a colon, and the path
/// (perhaps with a remark in brackets) says where that host keeps its
/// settings, as `written_to`'s "Config file:" label does; it asks for
/// nothing to be read. A verb in the name ("- Read: …", "- Upload → …"), a
/// name in words this reader does not know (other scripts), more than a
/// name's few words, or words after the path other than a bracketed
/// remark with no such verb ("(upload it with the script)") still read.
fn listed_location(before: &str, rest: &str) -> bool {
    let orders = |text: &str| {
        text.split(|c: char| !c.is_ascii_alphanumeric())
            .any(|w| LABEL_VERBS.contains(&w.to_ascii_lowercase().as_str()))
    };
    let in_span = before.matches('`').count() % 2 == 1;
    // Each start of the path is a match (`~`, `/`, `.`): back to the first.
    let home = ["${HOME}/", "$HOME/", "~/", "${HOME}", "$HOME", "~"]
        .iter()
        .find_map(|home| before.strip_suffix(home))
        .unwrap_or(before);
    let label = home.trim_end_matches('`').trim_end();
    let Some(label) = ["→", "->", ":", "—", "–"]
        .iter()
        .find_map(|arrow| label.strip_suffix(arrow))
    else {
        return false;
    };
    let item = label.trim_start().trim_start_matches(['>', ' ']);
    let digits = item.trim_start_matches(|c: char| c.is_ascii_digit());
    let Some(name) = ["- ", "* ", "+ "]
        .iter()
        .find_map(|marker| item.strip_prefix(marker))
        .or_else(|| {
            (digits.len() < item.len())
                .then(|| digits.strip_prefix(". "))
                .flatten()
        })
    else {
        return false;
    };
    let name = name.replace(['*', '`'], "");
    let a_name = (1..=4).contains(&name.split_whitespace().count())
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || " .-_()/".contains(c))
        && !orders(&name);
    let path_end = if in_span {
        rest.find('`').map(|end| end + 1)
    } else {
        rest.find(char::is_whitespace)
    }
    .unwrap_or(rest.len());
    let after = rest[path_end..].trim().trim_end_matches(['.', ',', ';']);
    let remark = after.starts_with('(') && after.ends_with(')') && !orders(after);
    a_name && (after.is_empty() || remark)
}

/// Words that make a list item's label, or its remark, an order about the
/// path (`listed_location`).
#[rustfmt::skip]
const LABEL_VERBS: &[&str] = &[
    "read", "cat", "open", "load", "source", "copy", "cp", "send", "upload", "post", "push",
    "sync", "share", "forward", "mail", "email", "submit", "attach", "include", "collect",
    "gather", "grab", "dump", "export", "backup", "back", "archive", "zip", "tar", "encode",
    "print", "show", "paste", "fetch", "steal", "exfiltrate", "then", "and",
];

/// `claude_block = f"""\⏎// ── Claude Desktop  (claude_desktop_config.json)
/// ──` (the eighteenth sweep's `wisechef-recipes`, a config block its CLI
/// prints for the user to paste): a string whose text opens as a comment
/// (`//`, `#`) and names the file in brackets after a label is a caption
/// saying where the printed block goes; nothing opens the file there. A
/// name in brackets with no comment mark in a string before it
/// (`open(claude_desktop_config.json)`), or followed by more than a
/// caption's rule, still reads.
fn captioned(before: &str, rest: &str) -> bool {
    let rule = |c: char| c.is_whitespace() || matches!(c, '─' | '═' | '-' | '=' | '*');
    let Some(opened) = before.trim_end().strip_suffix('(') else {
        return false;
    };
    let Some(quote) = opened.rfind(['"', '\'']) else {
        return false;
    };
    let text = opened[quote + 1..].trim_start();
    let Some(label) = text.strip_prefix("//").or_else(|| text.strip_prefix('#')) else {
        return false;
    };
    let name_end = rest
        .find(|c: char| c.is_whitespace() || c == ')')
        .unwrap_or(rest.len());
    label.chars().any(char::is_alphanumeric)
        && label
            .chars()
            .all(|c| c.is_alphanumeric() || c == '.' || rule(c))
        && rest[name_end..]
            .trim_start()
            .strip_prefix(')')
            .is_some_and(|tail| tail.chars().all(|c| rule(c) || c == '"' || c == '\''))
}

/// `find packages/x/vendor -path '*/hooks/*' -o -path '*/.claude/*'` (the
/// seventeenth sweep's design references listing what a vendored folder
/// holds): a `find` over a folder of the project with the agent's folder
/// as one of its `-path` patterns names where such folders stand in that
/// tree and reads none. A search from home, the root, a variable or the
/// working folder (`find ~ …`, `find . …`, which may be home), a `find`
/// that is not the line's first command (`cd ~ && find …`), or one that
/// runs something on what it finds (`-exec`, `-delete`, a pipe, a
/// redirect, a second command) still reads.
fn find_filter(before: &str, rest: &str) -> bool {
    let Some(start) = before.rfind("find ") else {
        return false;
    };
    let opening = before[..start].trim_end();
    let first = opening.trim_start_matches(['$', '`', ' ', '>']).is_empty();
    // Up to the close of the inline code span the command stands in.
    let end = rest.find('`').unwrap_or(rest.len());
    let command = format!("{}{}", &before[start..], &rest[..end]);
    let runs = [
        "-exec", "-ok", "-delete", "-fprint", "|", ";", "&", ">", "$(",
    ]
    .iter()
    .any(|act| command.contains(act));
    let mut words = command.split_whitespace().skip(1);
    let root = words.find(|w| !matches!(*w, "-L" | "-H" | "-P"));
    let project_folder = root.is_some_and(|root| {
        !root.starts_with(['~', '/', '$', '%', '\\', '.', '-', '\'', '"']) && !root.contains('$')
    });
    // The match may start at the folder's dot or at the slash before it.
    let glob = before.strip_suffix('/').unwrap_or(before);
    let option = glob[..glob.len().saturating_sub(2)]
        .split_whitespace()
        .next_back();
    first
        && !runs
        && project_folder
        && (glob.ends_with("'*") || glob.ends_with("\"*"))
        && matches!(
            option,
            Some("-path" | "-ipath" | "-wholename" | "-iwholename")
        )
}

/// `docker run -v "$MCP_CONFIG_FILE:/app/.claude/settings.json:ro"` (the
/// fifteenth sweep's `cfn-docker-runtime`): the path after a bind mount's
/// colon is where a file appears inside the container, not a file of the
/// user's read; the mount's source (`-v ~/.claude/settings.json:/x`), or a
/// path that is no argument of `-v`/`--volume`, is still a read.
fn mount_target(before: &str) -> bool {
    let start = before
        .rfind([' ', '\t', '"', '\'', '='])
        .map_or(0, |at| at + 1);
    let flag = before[..start]
        .trim_end_matches(['"', '\'', '='])
        .split_whitespace()
        .next_back();
    before[start..].contains(':') && matches!(flag, Some("-v" | "--volume"))
}

/// `require(path.join(root, '.claude', 'skills', 'bus', 'wrapper.cjs'))`
/// (the fifteenth sweep's `cfn-event-bus`): a JavaScript module loaded
/// from the agent's folder is code the skill runs, as a skill's own
/// scripts are, not a file whose text it reads: the path stands inside a
/// `require(`/`import(` whose last string names a `.js`, `.cjs` or `.mjs`
/// file. A `.json` required (its data returned), a call closed before the
/// path, or the path read (`readFileSync`) is still a read.
fn loaded_module(before: &str, rest: &str) -> bool {
    let Some(open) = ["require(", "import("]
        .iter()
        .filter_map(|call| before.rfind(call).map(|at| at + call.len()))
        .max()
    else {
        return false;
    };
    let call = format!("{}{rest}", &before[open..]);
    let Some(end) = crate::brackets::closing(&call).filter(|&end| end >= before.len() - open)
    else {
        return false;
    };
    call[..end]
        .rsplit(['\'', '"', '`'])
        .nth(1)
        .is_some_and(|name| [".js", ".cjs", ".mjs"].iter().any(|e| name.ends_with(e)))
}

/// A recursive glob of the project's own agent folder, alone in an
/// inline code span (`` `.claude/**` ``, `` `**/.claude/**/*.md` ``; the
/// sixteenth sweep: "direct Write/Edit/Bash on `.claude/**` paths is
/// permitted", and linters' and reviewers' file lists), is a pattern
/// naming the project's agents and skills, as a permission rule or a
/// `.gitignore` line does; the keys an agent keeps are in the user's
/// folder. A path from home (`~/.claude/**`, `$HOME/.claude/*`), one level
/// (`.claude/*`), or a glob a command is given (`tar czf - .claude/**`,
/// `glob("…/.claude/**")`, which may run from home) is still read.
fn project_glob(before: &str, rest: &str) -> bool {
    // The span must open before the glob, not close an earlier one.
    let Some(open) = before
        .rfind('`')
        .filter(|_| before.matches('`').count() % 2 == 1)
    else {
        return false;
    };
    let Some(close) = rest.find('`') else {
        return false;
    };
    let span = format!("{}{}", &before[open + 1..], &rest[..close]);
    let Some(name) = span
        .strip_prefix("**/")
        .or_else(|| span.strip_prefix("./"))
        .unwrap_or(&span)
        .strip_prefix('.')
    else {
        return false;
    };
    !span.contains(char::is_whitespace)
        && name
            .trim_start_matches(|c: char| c.is_ascii_alphanumeric())
            .starts_with("/**")
}

/// Claude Code's permission modes, which its documentation lists together.
const PERMISSION_MODES: [&str; 6] = [
    "default",
    "acceptEdits",
    "plan",
    "dontAsk",
    "auto",
    "delegate",
];

/// `bypassPermissions` as one item of a list of its sibling modes (the
/// sixteenth sweep: "Permission modes (6: default, acceptEdits, auto,
/// dontAsk, bypassPermissions, plan)") names the mode among the choices,
/// as a reference page does, and starts no agent (`Rule::confirm` of
/// `skip-permissions-flag`). The mode chosen ("always pass `mode:
/// \"bypassPermissions\"`", "`bypassPermissions` (not `acceptEdits`)"),
/// or any other flag, still runs one unattended.
pub fn listed_mode(
    line: &str,
    at: usize,
    next: &dyn Fn(usize) -> Option<usize>,
) -> Option<(Severity, String)> {
    unless_all(line, at, next, Severity::Medium, |line, at, rest| {
        let Some(after) = rest.strip_prefix("bypassPermissions") else {
            return false;
        };
        let before = line.get(..at).unwrap_or_default();
        let item = |text: &str| {
            let text = text.trim_matches(|c: char| c.is_whitespace() || "`'\"".contains(c));
            PERMISSION_MODES.contains(&text)
        };
        let previous = before
            .trim_end_matches(|c: char| c.is_whitespace() || "`'\"".contains(c))
            .strip_suffix([',', '/', '|'])
            .and_then(|b| b.rsplit([',', '/', '|', ':', '(', '（']).next());
        let following = after
            .trim_start_matches(|c: char| c.is_whitespace() || "`'\"".contains(c))
            .strip_prefix([',', '/', '|'])
            .and_then(|a| a.split([',', '/', '|', ')', '）']).next());
        previous.is_some_and(item) || following.is_some_and(item)
    })
}

/// A hidden temporary file that a label names as where a record is kept
/// (the sixteenth sweep: a hook's "Storage: /tmp/.claude-task-outcomes-$PPID
/// (JSON lines, max 50)"; "Log file:", "State:", "Cache:") is data a
/// hook writes, not a program a schedule starts (`Rule::confirm` of
/// `hidden-temp-file`). The same path run, scheduled or labelled anything
/// else ("Payload:") is still hidden; each match is judged alone.
pub fn labelled_record(
    line: &str,
    at: usize,
    next: &dyn Fn(usize) -> Option<usize>,
) -> Option<(Severity, String)> {
    unless_all(line, at, next, Severity::Medium, |line, at, _| {
        let before = line.get(..at).unwrap_or_default();
        let Some(label) = before
            .trim_end_matches(|c: char| c.is_whitespace() || "`'\"".contains(c))
            .strip_suffix(':')
        else {
            return false;
        };
        let mut words = label.split_whitespace().rev().map(|w| {
            w.trim_matches(|c: char| !c.is_alphanumeric())
                .to_ascii_lowercase()
        });
        let noun = match words.next() {
            Some(file) if file == "file" => words.next(),
            noun => noun,
        };
        matches!(
            noun.as_deref(),
            Some("storage" | "state" | "log" | "logs" | "cache" | "record" | "records" | "history")
        )
    })
}

/// `rest` (from the match on) is a path a sentence tests for ("If
/// `~/.claude/x.json` exists, offer …"): the words after it say whether it
/// is there, not what it holds.
fn tested_in_words(rest: &str) -> bool {
    let end = rest
        .find(|c: char| c.is_whitespace() || c == '`')
        .unwrap_or(rest.len());
    let after = rest[end..]
        .trim_start_matches(['`', '\'', '"'])
        .trim_start()
        .to_ascii_lowercase();
    [
        "exists",
        "is present",
        "is missing",
        "does not exist",
        "doesn't exist",
    ]
    .iter()
    .any(|words| after.starts_with(words))
}

/// `rest` (from the match on) is a quoted path tested for existence.
fn existence_probe(rest: &str) -> bool {
    if !rest.starts_with(['\'', '"', '`']) {
        return false;
    }
    let Some(name) = rest[1..].find(['\'', '"', '`']) else {
        return false;
    };
    let after = rest[name + 2..].trim_start();
    [").is_dir()", ").exists()", ").is_file()"]
        .iter()
        .any(|probe| after.starts_with(probe))
}

/// Whether the words before a configuration path make it where something
/// is written (fp17, sweeps 12 and 13: "Add the following to your
/// `~/.codex/config.toml` file", "Config saved to: ~/.claude/…",
/// "Edit `~/Library/…/claude_desktop_config.json`:"): the path follows
/// "to"/"into" or an editing verb, perhaps with "your" or "the", or a
/// label of where the settings live ("Config file:"). A path
/// read or sent ("upload ~/.codex/auth.json", "the token in …", "copy it
/// from …") follows other words and stays a source.
fn written_to(before: &str) -> bool {
    // Back to where the path starts: its inline code span, or its word.
    let path_start = if before.matches('`').count() % 2 == 1 {
        before.rfind('`')
    } else {
        before.rfind(char::is_whitespace)
    };
    let label = before[..path_start.unwrap_or(0)]
        .trim_end_matches(|c: char| c.is_whitespace() || "`'\"".contains(c))
        .to_ascii_lowercase();
    // A label naming where the settings live ("Config file: ~/.claude/…").
    // A code object's key (`readJson({ path: … })`) is no label: its
    // value is the path the call reads.
    let in_code = |named: &str| named.contains(['(', ')', '{', '}', '[', ']', '=', ',', ';']);
    if let Some(named) = label.strip_suffix(':').filter(|named| !in_code(named)) {
        let noun = named.split_whitespace().next_back();
        if matches!(noun, Some("file" | "path" | "location" | "config")) {
            return true;
        }
    }
    let words = label.trim_end_matches(':');
    let mut last = words.split_whitespace().rev();
    let word = match last.next() {
        Some("your" | "the") => last.next(),
        word => word,
    };
    // "or configure it in `~/.clawdbot/clawdbot.json`" (the fifteenth
    // sweep's OpenClaw skills): where the user puts the value named before.
    let put_in = word == Some("in")
        && matches!(last.next(), Some("it" | "them"))
        && matches!(
            last.next(),
            Some("configure" | "set" | "put" | "store" | "save" | "keep" | "write" | "add")
        );
    // "Ensure these are in `~/.claude.json`:" (the twenty-eighth sweep's
    // ECC harness, over the MCP servers to add): the entries shown next
    // belong in the file; "the keys are in …" names what the file holds.
    let mut before_in = words.split_whitespace().rev().skip(1);
    let belong_in = word == Some("in")
        && matches!(before_in.next(), Some("are" | "be"))
        && matches!(
            before_in.next(),
            Some("these" | "they" | "entries" | "servers" | "should")
        );
    put_in || belong_in || matches!(word, Some("to" | "into" | "edit" | "update" | "modify"))
}

/// A `<system>` placeholder closing an identifier inside inline code
/// (`` `urn:source:<system>` ``, issue 18, seventh sweep): glued to a `:`
/// or `/` segment and ending the code span, it stands for a name and
/// opens no message. A tag outside a code span, after a space, or with
/// text after it in the span is still read as a fake system message.
/// (`Rule::confirm` of `persona-switch`.)
pub fn placeholder_tag(
    line: &str,
    at: usize,
    next: &dyn Fn(usize) -> Option<usize>,
) -> Option<(Severity, String)> {
    unless_all(line, at, next, Severity::High, |line, at, rest| {
        let Some(tag) = rest.strip_prefix('<').and_then(|r| r.find('>')) else {
            return false;
        };
        let before = &line[..at];
        before.ends_with([':', '/'])
            && before.matches('`').count() % 2 == 1
            && rest[tag + 2..].starts_with('`')
            && !rest.starts_with("</")
            || ears_subject(&rest[tag + 2..])
    })
}

/// "Das <System> shall <Verhalten>.", "When <trigger>, the <system> shall
/// <response>" (sweep 30's koolie requirements skill, sweep83): EARS, the
/// requirement syntax whose subject is written `<system>` and whose verb is
/// always "shall" followed by another blank. The tag opens no message.
fn ears_subject(after_tag: &str) -> bool {
    after_tag
        .strip_prefix(" shall ")
        .is_some_and(|response| response.starts_with('<'))
}

/// An address where a key is got, not where it goes ("Append
/// `&api_key=YOUR_KEY` (register at ncbi.nlm.nih.gov/account)", issue 18,
/// seventh sweep): every `to`, `via`, `into` or `at` after the match
/// follows a sign-up verb that opens an aside in brackets ("(register
/// at", "(sign up at", "(get one at"): a place the user visits. Any other
/// one ("to https://…", "post it at our server") still sends, and so does
/// a sign-up inside the order ("submit your key once you sign up at
/// https://…" names where the key goes).
/// (`Rule::confirm` of `exfiltrate-credentials`.)
pub fn signup_address(
    line: &str,
    at: usize,
    next: &dyn Fn(usize) -> Option<usize>,
) -> Option<(Severity, String)> {
    unless_all(line, at, next, Severity::High, |line, at, rest| {
        if email_noun(line.get(..at).unwrap_or_default(), rest) {
            return true;
        }
        let raw: Vec<&str> = rest.split_whitespace().collect();
        let words: Vec<String> = raw
            .iter()
            .map(|w| {
                w.trim_start_matches(['(', '[', '"', '\''])
                    .to_ascii_lowercase()
            })
            .collect();
        let mut prepositions = words
            .iter()
            .enumerate()
            .skip(1)
            .filter(|(_, w)| ["to", "at", "via", "into"].contains(&w.as_str()))
            .peekable();
        prepositions.peek().is_some()
            && prepositions.all(|(i, w)| {
                w == "at"
                    && signs_up(&words[..i]).is_some_and(|len| raw[i - len].starts_with(['(', '[']))
            })
    })
}

/// "a route that accepts the user's email / username, password, and
/// device name … given to this endpoint" (fp27, sweep 12's Laravel
/// Sanctum page): `email` after a possessive or an article is the
/// address a login form asks for, not the verb that sends. "Email the
/// passwords to …", and another verb on the line ("send your email and
/// password to …"), still order.
fn email_noun(before: &str, rest: &str) -> bool {
    let lower = rest.to_ascii_lowercase();
    if !(lower.starts_with("email") || lower.starts_with("e-mail")) {
        return false;
    }
    let owner = before
        .split_whitespace()
        .next_back()
        .unwrap_or_default()
        .to_ascii_lowercase()
        .replace('’', "'");
    owner.ends_with("'s")
        || owner.ends_with("s'")
        || [
            "your", "their", "his", "her", "my", "our", "its", "the", "an",
        ]
        .contains(&owner.as_str())
}

/// The words that make a web page's box a secret store: a CI's repository
/// secret, a vault's variable.
const SECRET_STORES: &[&str] = &[
    "secret",
    "variable",
    "vault",
    "keychain",
    "password manager",
    "credential store",
];

/// "Open https://… and paste … into the `KUBE_CONFIG` secret box": a box of
/// a secret store (a CI's repository secrets, a vault) named in the box's
/// own words keeps what is pasted where the user's secrets belong, as CI
/// guides tell; any other box ("the "corporate travel account" box") hands
/// it to the page's owner, whatever else the sentence says ("open
/// https://…/secrets", "paste the secret API key"), as does a box named
/// for the credential it asks for ("the "Client Secret" field")
/// (`Rule::confirm` of `page-paste`).
pub fn secret_store_box(
    line: &str,
    at: usize,
    next: &dyn Fn(usize) -> Option<usize>,
) -> Option<(Severity, String)> {
    unless_all(line, at, next, Severity::Medium, |_, _, rest| {
        let sentence = rest
            .find(". ")
            .map_or(rest, |end| &rest[..end])
            .to_ascii_lowercase();
        box_name(&sentence).is_some_and(|name| {
            SECRET_STORES.iter().any(|store| name.contains(store))
                && !CREDENTIAL_FIELDS.iter().any(|field| name.contains(field))
        })
    })
}

/// misses22: the names of a page's own credential fields, a login's or an
/// OAuth app's ("Client Secret", "Secret access key"): a store word in
/// them asks for the secret itself, to hand to the page's owner.
const CREDENTIAL_FIELDS: &[&str] = &[
    "client secret",
    "client_secret",
    "consumer secret",
    "api secret",
    "app secret",
    "secret key",
    "secret access key",
    "secret token",
    "secret_key",
];

/// The words naming the box a sentence pastes into, from its "into" or
/// "in" to its "box", "field", "form", "text area" or "input" ("into the
/// `KUBE_CONFIG` secret's value box").
fn box_name(sentence: &str) -> Option<String> {
    let words: Vec<&str> = sentence.split_whitespace().collect();
    let bare = |w: &str| w.trim_matches(|c: char| !c.is_alphanumeric()).to_string();
    let end = words.iter().enumerate().position(|(i, w)| {
        let word = bare(w);
        matches!(
            word.as_str(),
            "box" | "field" | "form" | "textarea" | "input"
        ) || word == "area" && i > 0 && bare(words[i - 1]) == "text"
    })?;
    let start = words[..end]
        .iter()
        .rposition(|w| matches!(bare(w).as_str(), "into" | "in"))?;
    Some(words[start..=end].join(" "))
}

/// The words after which a key named past "and" or "but" is the subject
/// of a clause of its own ("… is kept offline", "… never leaves").
const CLAUSE_VERBS: &[&str] = &[
    "is", "are", "was", "stays", "stay", "remains", "remain", "never", "must", "should", "will",
    "lives", "sits", "belongs", "does", "do", "can", "cannot", "isn't", "doesn't", "won't",
];

/// The key stores `key-listed-artifact` names.
const KEY_STORES: &[&str] = &["private-keys-v1.d", ".gnupg/secring.gpg", ".ssh/id_"];

/// "The artifacts include the tarballs, and the signing key in
/// `~/.gnupg/private-keys-v1.d` is kept offline": a key named after "and",
/// "but", "while" or "whereas" and followed by its own verb is the subject
/// of a clause of its own, not an item of the list; a key that ends the
/// list ("…, and `~/.ssh/id_ed25519`.") stays in it, as does one whose
/// clause does not say it is kept back ("… is attached as well", "…
/// should go up with them") (`Rule::confirm` of `key-listed-artifact`).
pub fn key_in_own_clause(
    line: &str,
    at: usize,
    next: &dyn Fn(usize) -> Option<usize>,
) -> Option<(Severity, String)> {
    unless_all(line, at, next, Severity::Medium, |_, _, rest| {
        let Some((key, len)) = KEY_STORES
            .iter()
            .filter_map(|store| rest.find(store).map(|i| (i, store.len())))
            .min()
        else {
            return false;
        };
        let list = rest[..key].to_ascii_lowercase();
        let joined = [" and ", " but ", " while ", " whereas "]
            .iter()
            .any(|word| list.contains(word));
        let mut predicate = rest[key + len..]
            .trim_start_matches(|c: char| !c.is_whitespace())
            .split_whitespace()
            .take(6)
            .map(|w| {
                w.trim_end_matches(|c: char| !c.is_alphanumeric())
                    .to_ascii_lowercase()
            });
        let Some(verb) = predicate.next() else {
            return false;
        };
        joined
            && CLAUSE_VERBS.contains(&verb.as_str())
            && std::iter::once(verb)
                .chain(predicate)
                .any(|w| KEEPING.contains(&w.as_str()))
    })
}

/// Words of a predicate that keep the key back ("… is kept offline", "…
/// never leaves"); any other predicate may ship it ("… is attached as
/// well", "… should go up with them").
const KEEPING: &[&str] = &[
    "kept", "keep", "stays", "stay", "remains", "remain", "never", "not", "isn't", "doesn't",
    "won't", "cannot", "excluded", "offline",
];

/// How many of the words' last ones are a sign-up verb: "register", "sign
/// up", "get one".
fn signs_up(words: &[String]) -> Option<usize> {
    let [.., before, last] = words else {
        return words
            .last()
            .is_some_and(|w| w == "register" || w == "registered")
            .then_some(1);
    };
    if matches!(last.as_str(), "register" | "registered" | "signup") {
        return Some(1);
    }
    let two = last == "up" && matches!(before.as_str(), "sign" | "signed")
        || last == "one" && matches!(before.as_str(), "get" | "create" | "generate" | "request");
    two.then_some(2)
}

/// A credential named as no secret told to the reader: the system prompt
/// as the object of a developer's change, or a value its own clause says
/// is redacted (`redacted.rs`). (`Rule::confirm` of `credential-named`.)
pub fn credential_named(
    line: &str,
    at: usize,
    next: &dyn Fn(usize) -> Option<usize>,
) -> Option<(Severity, String)> {
    unless_all(line, at, next, Severity::Medium, |line, at, rest| {
        edited_prompt(line, at, rest) || crate::redacted::claimed(line, at)
    })
}

/// The lower-cased words of the clause `line` holds before `at`: back to
/// the last sentence or clause mark.
fn clause_words(line: &str, at: usize) -> impl Iterator<Item = String> + '_ {
    let before = line.get(..at).unwrap_or_default();
    let clause = before
        .rfind(['.', ';', ':', '!', '?'])
        .map_or(before, |end| &before[end + 1..]);
    clause.split_whitespace().map(|word| {
        word.trim_matches(|c: char| !c.is_alphanumeric() && c != '\'')
            .to_ascii_lowercase()
    })
}

/// "Editing the system prompt …": the prompt is the object of a developer's
/// change (an API guide's cache advice).
fn edited_prompt(line: &str, at: usize, rest: &str) -> bool {
    let mut words = rest
        .split_whitespace()
        .map(|w| w.trim_end_matches(|c: char| !c.is_alphanumeric()));
    let before = line.get(..at).unwrap_or_default().trim_end();
    ["the", "system", "prompt"]
        .iter()
        .all(|want| words.next().is_some_and(|w| w.eq_ignore_ascii_case(want)))
        && ["editing", "changing", "updating", "modifying", "rewriting"]
            .iter()
            .any(|verb| ends_with_ignoring_case(before, verb))
}

/// "Never add tax returns or scans of IDs": a private record named in a
/// clause a negation governs is what the skill keeps out; one in a clause
/// of its own ("… scans of IDs, contracts. Don't add a `.gitignore`")
/// stays named (`Rule::confirm` of `private-records-named`).
pub fn forbidden_record(
    line: &str,
    at: usize,
    next: &dyn Fn(usize) -> Option<usize>,
) -> Option<(Severity, String)> {
    unless_all(line, at, next, Severity::Medium, |line, at, _| {
        clause_words(line, at).any(|word| {
            matches!(
                word.as_str(),
                "never" | "not" | "don't" | "no" | "without" | "except" | "excluding" | "nor"
            )
        })
    })
}

/// "Never ask for a seed phrase, a `wallet.dat` or a keystore file": a
/// wallet store named in a clause an order forbids is what a watch-only
/// tool refuses, not what it reads (batch 54). Only an order's words
/// count, since code reads `if not os.path.exists(…wallet.dat)` before it
/// opens the file (`Rule::confirm` of `wallet-store`).
pub fn forbidden_store(
    line: &str,
    at: usize,
    next: &dyn Fn(usize) -> Option<usize>,
) -> Option<(Severity, String)> {
    unless_all(line, at, next, Severity::Medium, |line, at, _| {
        let words: Vec<String> = clause_words(line, at).collect();
        words
            .iter()
            .any(|word| matches!(word.as_str(), "never" | "don't" | "nor"))
            || words.windows(2).any(|pair| {
                matches!(pair[0].as_str(), "do" | "does" | "must" | "should") && pair[1] == "not"
            })
    })
}

/// Whether `text` ends with `suffix`, ASCII case ignored, without a
/// lowered copy.
pub(crate) fn ends_with_ignoring_case(text: &str, suffix: &str) -> bool {
    text.len()
        .checked_sub(suffix.len())
        .and_then(|start| text.get(start..))
        .is_some_and(|tail| tail.eq_ignore_ascii_case(suffix))
}

/// `pdfplumber.open("encrypted.pdf", password="secret")`: a document
/// opened with its password is read, not a payload unpacked past a
/// scanner, and only warns; every match must be such an `open` of a named
/// document (issue 18, ninth sweep). An archive named on the line is a
/// match of the row's other patterns (`Rule::confirm` of
/// `protected-archive`).
pub fn document_password(
    line: &str,
    at: usize,
    next: &dyn Fn(usize) -> Option<usize>,
) -> Option<(Severity, String)> {
    const DOCUMENTS: [&str; 5] = [".pdf", ".docx", ".xlsx", ".pptx", ".odt"];
    let document = |rest: &str| {
        let Some(call) = rest.get(..4).filter(|w| w.eq_ignore_ascii_case("open")) else {
            return false;
        };
        let opened = rest[call.len()..]
            .split("password")
            .next()
            .unwrap_or_default();
        opened.split(['"', '\'']).any(|name| {
            DOCUMENTS
                .iter()
                .any(|ext| name.len() > ext.len() && ends_with_ignoring_case(name, ext))
        })
    };
    let spared = matches(at, next).all(|at| document(line.get(at..).unwrap_or_default()));
    Some(if spared {
        (
            Severity::Medium,
            "opens a document with its password: nothing is unpacked".to_owned(),
        )
    } else {
        (Severity::High, String::new())
    })
}

/// "keyword mode must not silently send queries", "can't silently run",
/// "don't do it silently" (the tenth sweep's workspace crawl): a negation
/// right before the adverb, or before the "do" of "do it silently",
/// forbids acting unseen, as it forbids a verb (`engine::negated`); every
/// match on the line must be one, and a negation of another verb ("do not
/// ask, silently send") or of a negation still orders it (`Rule::confirm`
/// of `conceal`).
pub fn forbidden_concealment(
    line: &str,
    at: usize,
    next: &dyn Fn(usize) -> Option<usize>,
) -> Option<(Severity, String)> {
    const OPENERS: [&str; 5] = ["silently", "quietly", "secretly", "covertly", "do "];
    unless_all(line, at, next, Severity::High, |line, at, rest| {
        OPENERS.iter().any(|opener| {
            rest.get(..opener.len())
                .is_some_and(|word| word.eq_ignore_ascii_case(opener))
        }) && (crate::engine::negated(line, line.len() - at)
            || hypothetical(line.get(..at).unwrap_or_default()))
            || USER_EXPERIENCE.is_match(rest)
            || (OWN_WORK_SAVED.is_match(line)
                || own_notes_appended(line)
                || UNSUPPORTED_CLAIM.is_match(line))
                && !ACT_OR_SECRET.is_match(line)
            || RAISED_AGAIN.is_match(rest) && !ACT_OR_SECRET.is_match(line)
            || said_instead(line) && !ACT_OR_SECRET.is_match(line)
    })
}

/// `| "Task graph" | [Just do it silently] |` (the twenty-eighth sweep's
/// `cc-mirror` orchestration skill, a table of words not to say to the
/// user, each beside what to say or do instead): the row keeps a phrase of
/// jargon out of the reply, not an act from the user. A table row whose
/// first cell is nothing but a quoted phrase; an act or a secret on the row
/// (`| "Upload" | [Just do it silently] |`) is still concealment
/// (`forbidden_concealment`).
fn said_instead(line: &str) -> bool {
    let mut cells = line.trim().strip_prefix('|').unwrap_or_default().split('|');
    let quoted = |cell: &str| {
        let inner = cell
            .strip_prefix(['"', '“', '\''])
            .and_then(|cell| cell.strip_suffix(['"', '”', '\'']));
        inner.is_some_and(|inner| !inner.is_empty() && !inner.contains(['"', '“', '”']))
    };
    cells.next().map(str::trim).is_some_and(quoted) && cells.next().is_some()
}

/// "If the blocker was already discussed, you don't need to bring it up
/// again" (holes45, batch 56's "don't need to bring it up" read on a
/// standup skill): a topic the user has heard, not an act kept from them;
/// an act or a secret on the line ("email the export, no need to bring
/// it up again") is still concealment.
static RAISED_AGAIN: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
    regex::Regex::new(
        r"(?i)^[^.;\n]{0,40}?(?-u:\b)bring\s+(?:it|this|that|them)\s+up\s+again(?-u:\b)",
    )
    .expect("raised again")
});

/// "saving is your job, do it silently" and "Don't announce every note
/// save — just do it quietly" (the eighteenth sweep's `personalclaw` and
/// `quidclaw`): the act kept quiet is a save, the user's own work kept
/// where it already lives, which nobody is harmed by not hearing of. The
/// words of a save alone on the line (`forbidden_concealment`): a save
/// beside a send, a copy, a deletion, a run or a secret ("save the API
/// keys to the notes, do it quietly") is still concealment.
static OWN_WORK_SAVED: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
    regex::Regex::new(r"(?i-u)\bsav(?:e|es|ed|ing)\b").expect("own work saved")
});

/// "append them to `brag/<YYYY>-inputs.md` … Do this silently — no
/// questions" (sweep84: sweep 30's `engramme-assist` weekly retro): lines
/// appended to a notes file of the skill's own, by a relative path, are a
/// save by another word (`OWN_WORK_SAVED`). An agent's instruction or
/// memory file (`CLAUDE.md`, `AGENTS.md`, `SOUL.md`, `MEMORY.md`), a
/// dotted folder or a path from home or the root is no notes file.
fn own_notes_appended(line: &str) -> bool {
    static APPENDED: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r"(?i)\bappend(?:s|ed|ing)?\b[^\n]{0,80}?\bto\s+`?([\w./<>{}~-]+\.(?:md|txt))\b",
        )
        .expect("notes appended")
    });
    const AGENT_FILES: [&str; 7] = [
        "claude.md",
        "agents.md",
        "gemini.md",
        "soul.md",
        "memory.md",
        "skill.md",
        "copilot-instructions.md",
    ];
    APPENDED.captures_iter(line).any(|found| {
        let path = &found[1];
        let name = path.rsplit('/').next().unwrap_or(path).to_ascii_lowercase();
        !path.starts_with(['~', '/', '.'])
            && !path.contains("/.")
            && !AGENT_FILES.contains(&name.as_str())
    })
}

/// "**unknown** (no source — keep it out of the answer)" (sweep84: sweep
/// 31's `ziro` deep-research): what is kept out is a claim nothing
/// supports, an editor's cut, not an act kept from the user; an act or a
/// secret on the line is still concealment (`forbidden_concealment`).
static UNSUPPORTED_CLAIM: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
    regex::Regex::new(
        r"(?i-u)\b(?:no\s+(?:source|citation|evidence)|unsourced|unverified|uncited|unsupported|unconfirmed|speculati\w+|low[-\s]confidence)\b",
    )
    .expect("unsupported claim")
});

/// What a quiet save may not name beside it (`OWN_WORK_SAVED`): an act
/// that reaches past the user's own notes, or a secret.
static ACT_OR_SECRET: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
    regex::Regex::new(
        r"(?i-u)\b(?:send|sent|upload|post|forward|transmit|exfiltrat|cop(?:y|ie)|sync|push|shar(?:e|ing)|e?mail|delet|remov|wip(?:e|ing)|eras|overwrit|install|download|run|ran\b|execut|curl|wget|https?:|server|remote|webhook|endpoint|keys?\b|tokens?\b|passw|credential|secret|cookie|ssh|\.env|wallet|seed|history|clipboard)",
    )
    .expect("act or secret")
});

/// What the user meets using the program, not what the agent keeps from
/// them: "The user should never see an error you could have avoided" (the
/// sixteenth sweep's `walkthrough`: an error prevented, the sentence names
/// it one the agent could have avoided) and "re-render the tooltip again
/// without the user noticing the first extra render" (the twelfth sweep's
/// React manual: a display artefact — a render, a flicker, a repaint, a
/// layout shift — unseen). "The user should never see an error" alone,
/// "… see the errors the upload hits" and "without the user noticing the
/// upload" still keep an act from them (`forbidden_concealment`).
static USER_EXPERIENCE: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
    regex::Regex::new(
        r"(?i)^(?:(?:the\s+)?user\s+(?:must|should)\s+(?:not|never)\s+see\s+(?:an?\s+|any\s+)?(?:(?:avoidable|preventable)\s+(?:errors?|failures?|crash(?:es)?)\b|(?:errors?|failures?|crash(?:es)?|exceptions?|stack\s+traces?)\s+(?:that\s+|which\s+)?(?:you|we|the\s+agent)\s+(?:could|can|might)\s+(?:have\s+)?(?:avoided|prevented|avoid|prevent)\b)|without\s+the\s+user\s+noticing\s+(?:the\s+|a\s+|any\s+)?(?:first\s+|extra\s+|second\s+|brief\s+|initial\s+)*(?:re-?renders?|renders?|flicker(?:ing|s)?|repaints?|layout\s+shifts?|jank)\b)",
    )
    .expect("user experience")
});

/// The endpoints an `api-redirect` match may keep: a Kubernetes service's
/// name (`cluster_service`) or the setting's own current value
/// (`passed_on`). Any other host, or another variable, is someone else's
/// relay (`Rule::confirm` of `api-redirect`).
///
/// A placeholder where the endpoint goes (`placeholder_endpoint`) points
/// nowhere yet: the line only warns.
pub fn own_endpoint(
    line: &str,
    at: usize,
    next: &dyn Fn(usize) -> Option<usize>,
) -> Option<(Severity, String)> {
    let rest = |at: usize| line.get(at..).unwrap_or_default();
    let own = |at: usize| cluster_service(rest(at)) || passed_on(rest(at));
    if matches(at, next).all(own) {
        return None;
    }
    if matches(at, next).all(|at| own(at) || placeholder_endpoint(rest(at))) {
        return Some((
            Severity::Medium,
            "a placeholder where the endpoint goes: the user fills it in".to_owned(),
        ));
    }
    Some((Severity::High, String::new()))
}

/// `export ANTHROPIC_BASE_URL=YOUR_BASE_URL`, `OPENAI_BASE_URL=
/// "https://example.invalid/v1"` (the twenty-eighth sweep's seekdb manual,
/// the twenty-ninth's omniscientist runtime notes): a value that is a
/// `YOUR_…` or `<…>` placeholder, or a URL on a name reserved for examples
/// (`.invalid`, `.example`, `.test`, `example.com` and its siblings), names
/// no server. A host that only starts so (`example.com.relay.io`) is one.
fn placeholder_endpoint(rest: &str) -> bool {
    let Some((_, value)) = rest.split_once(['=', ':']) else {
        return false;
    };
    let value = value.trim_start_matches(|c: char| c.is_whitespace() || "'\"[{f".contains(c));
    let lower = value.to_ascii_lowercase();
    if lower.starts_with("your_") || lower.starts_with("your-") || lower.starts_with('<') {
        return true;
    }
    let Some(url) = lower
        .strip_prefix("https://")
        .or_else(|| lower.strip_prefix("http://"))
    else {
        return false;
    };
    let host = url
        .split(|c: char| matches!(c, ':' | '/' | '\'' | '"' | '`' | '?') || c.is_whitespace())
        .next()
        .unwrap_or_default();
    [".invalid", ".example", ".test"]
        .iter()
        .any(|end| host.ends_with(end))
        || ["example.com", "example.org", "example.net"]
            .iter()
            .any(|site| host == *site || host.ends_with(&format!(".{site}")))
}

/// `OPENAI_BASE_URL=http://vllm.models.svc:8000/v1` (the fourteenth
/// sweep's graph-agents-cli): a Kubernetes service's name
/// (`<name>.<namespace>.svc`, `….svc.cluster.local`) resolves only inside
/// the cluster that runs it, so the model server is the user's own. A
/// `.svc` only in a URL's path, or an address held in a variable, is not.
fn cluster_service(rest: &str) -> bool {
    let Some((setting, url)) = rest.split_once("://") else {
        return false;
    };
    let written_out = setting.ends_with("http") || setting.ends_with("https");
    let host = url
        .split(|c: char| matches!(c, ':' | '/' | '\'' | '"' | '`' | '?') || c.is_whitespace())
        .next()
        .unwrap_or_default()
        .to_ascii_lowercase();
    written_out
        && !setting.contains(['$', '{', '%'])
        && [".svc", ".svc.cluster.local"]
            .iter()
            .any(|end| host.len() > end.len() && host.ends_with(end))
}

/// `docker run --env ANTHROPIC_BASE_URL=${ANTHROPIC_BASE_URL}` (the
/// fifteenth sweep's claude-flow-novice), `OPENAI_BASE_URL: "$OPENAI_BASE_URL"`
/// in a compose file: a setting given its own current value hands the
/// user's choice on to a container or a child and points nowhere new. A
/// default (`${ANTHROPIC_BASE_URL:-https://…}`) or another variable
/// (`$RELAY`) is a value the skill chose.
fn passed_on(rest: &str) -> bool {
    let name_end = rest
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(rest.len());
    let (name, after) = rest.split_at(name_end);
    let Some(value) = after
        .trim_start_matches(['\'', '"', ']'])
        .trim_start()
        .strip_prefix([':', '='])
    else {
        return false;
    };
    let value = value.trim_start().trim_start_matches(['\'', '"']);
    let Some(reference) = value.strip_prefix('$') else {
        return false;
    };
    let tail = match reference.strip_prefix('{') {
        Some(braced) => braced.strip_prefix(name).and_then(|t| t.strip_prefix('}')),
        None => reference.strip_prefix(name),
    };
    tail.is_some_and(|t| !t.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_'))
}

/// `re.compile("[\x00-\x1f<U+202A>-<U+202E><U+2066>-<U+2069>]")`, the
/// controls written as themselves (the fifteenth sweep's quality-playbook):
/// a bidi control that is an end of a range in a bracketed character class
/// names the characters a sanitiser strips. Both ends of the range are
/// controls, so no text stands between them to be reordered. A control
/// anywhere else still hides text (`Rule::confirm` of `hidden-unicode`).
///
/// `​​即时指标计算​​` (sweep 28's DolphinDB and seekdb manuals): a rich-text
/// editor leaves zero-width spaces doubled around bold or CJK words. A run
/// of U+200B alone, at most four long, spells no bits (hidden text needs
/// two symbols, or long runs); a run mixing zero-width characters, or a
/// long one, still hides text. A flag's tag sequence shows (`flag_tags`).
pub fn bidi_range_named(
    line: &str,
    at: usize,
    next: &dyn Fn(usize) -> Option<usize>,
) -> Option<(Severity, String)> {
    unless_all(line, at, next, Severity::High, |line, at, rest| {
        let bidi = |c: char| matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}');
        let before = line.get(..at).unwrap_or_default();
        let mut chars = rest.chars();
        let this_is_bidi = chars.next().is_some_and(bidi);
        let after = chars.as_str();
        let opens_range = after
            .strip_prefix('-')
            .and_then(|t| t.chars().next())
            .is_some_and(bidi);
        let closes_range = before
            .strip_suffix('-')
            .and_then(|t| t.chars().next_back())
            .is_some_and(bidi);
        this_is_bidi && (opens_range || closes_range) && before.contains('[') && after.contains(']')
            || editor_spaces(rest)
            || flag_tags(before, rest)
    })
}

/// `🏴` followed by tag letters and a cancel tag (`🏴 g b s c t ␡`, the
/// flag of Scotland; hide84's batch): an emoji tag sequence, the one use
/// of tag characters that shows, spelling a region code of two to six
/// letters or digits. `before` ends where the tag at `rest` starts.
fn flag_tags(before: &str, rest: &str) -> bool {
    let letter = |c: char| matches!(c, '\u{E0030}'..='\u{E0039}' | '\u{E0061}'..='\u{E007A}');
    let behind = before.chars().rev().take_while(|&c| letter(c)).count();
    let flag = before.chars().rev().nth(behind) == Some('\u{1F3F4}');
    let ahead = rest.chars().take_while(|&c| letter(c)).count();
    let cancelled = rest.chars().nth(ahead) == Some('\u{E007F}');
    flag && cancelled && (2..=6).contains(&(behind + ahead))
}

/// A run of zero-width spaces alone, two to four long, where `rest` starts
/// (`bidi_range_named`).
fn editor_spaces(rest: &str) -> bool {
    let run = rest
        .chars()
        .take_while(|&c| crate::reveal::is_zero_width(c));
    let (mut length, mut spaces) = (0, 0);
    for c in run {
        length += 1;
        spaces += usize::from(c == '\u{200B}');
    }
    (2..=4).contains(&length) && spaces == length
}

/// "a name sort would silently read the older caps" (the thirteenth
/// sweep): "would" before the adverb says what a bug would do, where an
/// order to hide an act has none. "no project can quietly install its
/// dependencies" (fp17, the same sweep's bitranox guide): a modal whose
/// subject "no" denies ("no one can", "nothing will") says the act cannot
/// happen.
fn hypothetical(before: &str) -> bool {
    let words: Vec<String> = before
        .split_whitespace()
        .rev()
        .take(3)
        .map(str::to_ascii_lowercase)
        .collect();
    let modal = |w: &String| ["can", "could", "will", "may", "shall"].contains(&w.as_str());
    match words.as_slice() {
        [would, ..] if would == "would" => true,
        [m, subject, ..] if modal(m) && ["nobody", "nothing"].contains(&subject.as_str()) => true,
        [m, _, no, ..] => modal(m) && no == "no",
        _ => false,
    }
}

/// A download only read, not run (`Rule::confirm` of `download-execute`):
/// formatted as JSON (`json_formatted`), compared with a local file
/// (`compared`), or with nothing to fetch (`shape_named`). A second
/// download on the line is a match of its own.
pub fn read_not_run(
    line: &str,
    at: usize,
    next: &dyn Fn(usize) -> Option<usize>,
) -> Option<(Severity, String)> {
    unless_all(line, at, next, Severity::High, |line, at, rest| {
        json_formatted(line, at, rest) || compared(line, rest) || shape_named(line, at, rest)
    })
}

/// "releases and a `curl … | sh` installer", "Flag any command with
/// `curl … | sh`" (issue 18, eleventh sweep): a code span that is the
/// whole download, whose address is an ellipsis, names the shape and
/// fetches nothing. Only flags may stand beside the ellipsis and only a
/// program and its `sudo` after the pipe; any other word (`$URL`, a host)
/// is an address, and an empty one (`curl | sh`) is left to curl's own
/// configuration file, so both still block.
fn shape_named(line: &str, at: usize, rest: &str) -> bool {
    let ellipsis = |w: &str| w == "…" || w == "...";
    let flag = |w: &str| {
        w.strip_prefix('-')
            .is_some_and(|f| f.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'))
    };
    let Some((command, _)) = rest.split_once('`') else {
        return false;
    };
    let Some((download, run)) = command.split_once('|') else {
        return false;
    };
    let arguments: Vec<&str> = download.split_whitespace().skip(1).collect();
    line[..at].ends_with('`')
        && arguments.iter().all(|w| ellipsis(w) || flag(w))
        && arguments.iter().any(|w| ellipsis(w))
        && run.split_whitespace().count() <= 2
}

/// `curl … | python3 -m json.tool`: the interpreter runs the standard
/// library's JSON formatter, which only parses what the server sent; so
/// does a `python3 -c '…'` whose own program only parses and prints
/// (`printing_program`). The formatted text may go on only to a viewer
/// (`| head`, `| less`, …), its errors to `/dev/null` and a failure to
/// `|| true` (issue 18, tenth sweep); a pipe to anything else, another
/// redirect or a second command might run it.
fn json_formatted(line: &str, at: usize, rest: &str) -> bool {
    const VIEWERS: [&str; 8] = ["head", "tail", "less", "more", "grep", "jq", "wc", "sort"];
    if !(rest.starts_with("curl") || rest.starts_with("wget")) {
        return false;
    }
    // A backquote closes the inline code the command stands in; the
    // bracket of `TAG=$(curl … | python3 -c '…')` closes the command
    // whose output a variable only keeps.
    let command = rest.split('`').next().unwrap_or_default();
    let command = match captured(&line[..at]) {
        true => command.rsplit_once(')').map_or(command, |(inner, _)| inner),
        false => command,
    };
    let command = command.trim_end();
    let command = command.strip_suffix("|| true").unwrap_or(command);
    let command = without_echoed_fallback(command);
    let Some((_, piped)) = command.split_once('|') else {
        return false;
    };
    let (after, program) = match piped.split_once("json.tool") {
        Some((formatter, after))
            if matches!(formatter.split_whitespace().collect::<Vec<_>>()[..], [p, "-m"] if python(p))
                && formatter.ends_with(' ') =>
        {
            (after, false)
        }
        _ => match printing_program(piped) {
            Some(after) => (after, true),
            None => return false,
        },
    };
    // Errors thrown away are nothing the shell runs or keeps.
    let after = after.replace("2>/dev/null", "");
    let mut stages = after.split('|');
    let own = stages.next().unwrap_or_default();
    // A program's own words (`"$FLAG_KEY"`) are its `sys.argv`, data
    // unless the shell runs one first (`$(`).
    !after.contains([';', '&', '>', '<'])
        && !after.contains("$(")
        && (program || !after.contains('$'))
        && (program || own.split_whitespace().all(|w| w.starts_with('-')))
        && stages.all(|stage| {
            stage
                .split_whitespace()
                .next()
                .is_some_and(|w| VIEWERS.contains(&w))
        })
}

/// `… || echo ""`, `|| echo 'unknown'`: a failure answered with a fixed
/// word the shell prints (reg83's update check, `LATEST=$(curl … | python3
/// -c '…' 2>/dev/null || echo "")`), as `|| true` answers it. A fallback
/// that expands anything (`$`, a backquote) or goes on to another command
/// is kept, for the reader to refuse.
fn without_echoed_fallback(command: &str) -> &str {
    let Some((before, fallback)) = command.rsplit_once("||") else {
        return command;
    };
    let words = fallback.trim().strip_prefix("echo ").map(str::trim);
    let fixed = words.is_some_and(|w| {
        let inner = match w.as_bytes() {
            [q @ (b'"' | b'\''), .., last] if q == last && w.len() >= 2 => &w[1..w.len() - 1],
            _ => w,
        };
        !inner.contains(['$', '`', '"', '\'', ';', '&', '|', '>', '<', '(', ')', '\\'])
    });
    match fixed {
        true => before.trim_end(),
        false => command,
    }
}

/// `diff <(curl -sL https://…/upstream.md) local.md`: the download is
/// only compared with a local file (issue 18, tenth sweep). The line must
/// be that one command: `diff` or `cmp` first, no second command, pipe,
/// redirect or command substitution, and no download written to a file.
fn compared(line: &str, rest: &str) -> bool {
    let command = line.trim_start();
    let command = command.strip_prefix('$').map_or(command, str::trim_start);
    rest.starts_with("<(")
        && ["diff ", "cmp "].iter().any(|c| command.starts_with(c))
        && !command.contains([';', '&', '|', '>', '`'])
        && !command.contains("$(")
        && !command
            .split_whitespace()
            .any(|w| w.starts_with("-o") || w.starts_with("-O") || w.starts_with("--output"))
}

/// `python`, `python3`, `python3.12`: a Python interpreter by name.
fn python(word: &str) -> bool {
    word.strip_prefix("python")
        .is_some_and(|v| v.bytes().all(|b| b.is_ascii_digit() || b == b'.'))
}

/// `TAG=$(`: a command's output kept in a variable, whatever is later
/// done with the variable.
fn captured(before: &str) -> bool {
    before
        .trim_end()
        .strip_suffix("=$(")
        .and_then(|name| name.rsplit(|c: char| c.is_whitespace() || c == ';').next())
        .is_some_and(|name| {
            !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
        })
}

/// `python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["key"])'`:
/// a program given on the line, or on the lines up to its closing quote,
/// that reads what is piped in and calls nothing but parsing, reading and
/// printing, so the download is data (clearcomply's onboarding, eighth
/// sweep; GitHub and arXiv recipes, tenth). Any other call (`exec`,
/// `os.system`, `open`), a call of a call's result, a word that reaches code, files or the network
/// (`PROGRAM_DENIED`) or a shell `$(…)` in a double-quoted program might
/// run it. Gives the text after the program's closing quote.
fn printing_program(piped: &str) -> Option<&str> {
    let (interpreter, program) = piped.trim_start().split_once(" -c ")?;
    let program = past_continuation(program);
    let quote = program.chars().next().filter(|q| matches!(q, '\'' | '"'))?;
    let end = closing_quote(&program[1..], quote)?;
    let (program, after) = (&program[1..1 + end], &program[2 + end..]);
    // The shell reads a double-quoted program first: `\"` is a quote to
    // Python, and `$(…)` runs before Python does.
    let program = match quote {
        '"' if program.contains("$(") => return None,
        '"' => program.replace("\\\"", "\"").replace("\\$", "$"),
        _ => program.to_owned(),
    };
    let code = streams_as_print(&code_of(&program));
    let code = contents_field_decoded(&program, code);
    (python(interpreter.trim())
        && program.contains("sys.stdin")
        && !PROGRAM_DENIED.iter().any(|w| code.contains(w))
        && calls_only_allowed(&code))
    .then_some(after)
}

/// `print(base64.b64decode(d['content']).decode())` (sweep84: sweep 30's
/// `oss-forensics`, a file read through GitHub's contents API, which sends
/// it base64-encoded in `content`): where every `b64decode` of the program
/// decodes a `content` field, the decoding is the API's transfer encoding
/// undone and reads as `str(…)`; the output still goes on only to a
/// viewer (`json_formatted`), and `exec` still denies. Any other field
/// decoded (an issue's `body`, a payload smuggled into a record) stays a
/// decoded payload for `PROGRAM_DENIED`.
fn contents_field_decoded(program: &str, code: String) -> String {
    let fields_only = program.match_indices("b64decode(").all(|(at, call)| {
        let argument = &program[at + call.len()..];
        let end = crate::brackets::closing(argument).unwrap_or(argument.len());
        let argument = argument[..end].trim_end();
        argument.ends_with("['content']") || argument.ends_with("[\"content\"]")
    });
    if fields_only {
        code.replace("b64decode(", "str(")
    } else {
        code
    }
}

/// `sys.stdout.write(x)` and `sys.stderr.write(x)` print `x` as `print`
/// does (the eighteenth sweep's `viva-superpowers`: an error written to
/// `sys.stderr`, then `sys.exit(1)`); every other `write` (a file's, a
/// stream's binary `buffer`) stays one for `PROGRAM_DENIED`.
fn streams_as_print(code: &str) -> String {
    code.replace("sys.stdout.write(", "print(")
        .replace("sys.stderr.write(", "print(")
}

/// Words of a program's code (not its strings' text) that reach code,
/// files, processes or the network, or decode a payload, whatever calls
/// them: an import alone is harmless, its use is not (`requests.get` is a
/// `get`).
const PROGRAM_DENIED: [&str; 28] = [
    "exec",
    "eval",
    "compile",
    "__",
    "os.",
    "subprocess",
    "system",
    "pickle",
    "marshal",
    "shelve",
    "dill",
    "yaml",
    "b64decode",
    "fromhex",
    "codecs",
    "open(",
    "write",
    "getattr",
    "globals",
    "importlib",
    "ctypes",
    "shutil",
    "requests",
    "urllib",
    "urlopen",
    "http.client",
    "httpx",
    "socket",
];

/// A printing program's calls: parsing, reading, formatting and printing.
/// `encode` and `decode` convert text to bytes and back (the seventeenth
/// sweep's `ultimate-browsing`: `text.encode().decode('unicode_escape')`
/// on a page's script chunks); what they give is printed like the rest,
/// and the decoders of binary payloads stay denied (`b64decode`,
/// `fromhex`, `codecs`, `pickle`, `marshal`), but for a file's `content`
/// field (`contents_field_decoded`).
const PRINTING_CALLS: [&str; 68] = [
    "load",
    "loads",
    "read",
    "print",
    "get",
    "len",
    "str",
    "int",
    "float",
    "round",
    "sorted",
    "keys",
    "values",
    "items",
    "join",
    "dumps",
    "format",
    "strip",
    "split",
    "exit",
    "lstrip",
    "rstrip",
    "replace",
    "lower",
    "upper",
    "title",
    "startswith",
    "endswith",
    "splitlines",
    "enumerate",
    "range",
    "zip",
    "min",
    "max",
    "sum",
    "any",
    "all",
    "abs",
    "bool",
    "list",
    "dict",
    "set",
    "tuple",
    "isinstance",
    "reversed",
    "next",
    "count",
    "append",
    "parse",
    "getroot",
    "find",
    "findall",
    "findtext",
    "iter",
    "search",
    "match",
    "sub",
    "group",
    "unescape",
    "now",
    "fromisoformat",
    "strftime",
    "fromtimestamp",
    "Counter",
    "most_common",
    "ljust",
    "encode",
    "decode",
];

/// Python words after which a bracket groups rather than calls.
const GROUPING_WORDS: [&str; 11] = [
    "in", "or", "and", "not", "if", "elif", "else", "for", "return", "is", "while",
];

/// The closing quote of a shell-quoted program (`\"` stays inside a
/// double-quoted one), as a byte of `program`.
fn closing_quote(program: &str, quote: char) -> Option<usize> {
    let mut escaped = false;
    program.char_indices().find_map(|(at, c)| {
        let closes = c == quote && !escaped;
        escaped = quote == '"' && c == '\\' && !escaped;
        closes.then_some(at)
    })
}

/// `python3 -c "` or `-c '` at a line's end: a program the next lines
/// hold; the quote that closes it.
pub fn opens_program(line: &str) -> Option<char> {
    let line = line.trim_end();
    let quote = line.chars().last().filter(|q| matches!(q, '\'' | '"'))?;
    line[..line.len() - 1]
        .trim_end()
        .ends_with(" -c")
        .then_some(quote)
}

/// `… | python3 -c \` over `"import json,sys; …"`, also in a comment
/// (`#   curl … | python3 -c \` over `#     "…"`, the thirteenth
/// sweep's `docs-generate-schematics`): a line continued after `-c` onto
/// a next line that holds the whole program, opened and closed there. A
/// program running on past that line is not joined: in a comment its
/// further lines' `#` would hide their code from `printing_program`.
pub fn continues_into_program(line: &str, next: &str) -> bool {
    if !line.trim_end().ends_with(" -c \\") {
        return false;
    }
    let next = match line.trim_start().starts_with('#') {
        true => match next.trim_start().strip_prefix('#') {
            Some(rest) => rest,
            None => return false,
        },
        false => next,
    };
    let program = next.trim_start();
    program
        .chars()
        .next()
        .filter(|q| matches!(q, '\'' | '"'))
        .and_then(|quote| closing_quote(&program[1..], quote))
        .is_some()
}

/// The program after `-c `, past a line's continuation (`\`, a line
/// break and, in a comment, the next line's `#`) where there is one.
fn past_continuation(program: &str) -> &str {
    let program = program.trim_start();
    match program.strip_prefix('\\') {
        Some(rest) if rest.starts_with(['\n', '\r']) => {
            let rest = rest.trim_start();
            rest.strip_prefix('#').unwrap_or(rest).trim_start()
        }
        _ => program,
    }
}

/// Whether a line of a program opened with `quote` holds its closing
/// quote.
pub fn closes_program(line: &str, quote: char) -> bool {
    closing_quote(line, quote).is_some()
}

/// Every call of the code is of `PRINTING_CALLS`; a bare bracket groups,
/// one after a call or an index calls whatever that gave.
fn calls_only_allowed(code: &str) -> bool {
    code.match_indices('(').all(|(at, _)| {
        let before = code[..at].trim_end();
        let name = before.trim_end_matches(|c: char| c.is_ascii_alphanumeric() || c == '_');
        let called = &before[name.len()..];
        if called.is_empty() {
            !name.trim_end().ends_with([')', ']'])
        } else {
            GROUPING_WORDS.contains(&called) || PRINTING_CALLS.contains(&called)
        }
    })
}

/// A Python program without its comments and the text of its plain string
/// literals: a bracket in `'Total (USD)'` calls nothing. An f-string's
/// fields stay, being code.
fn code_of(program: &str) -> String {
    let mut code = String::with_capacity(program.len());
    let mut chars = program.chars();
    let mut prefix_f = false;
    while let Some(c) = chars.next() {
        match c {
            '#' => {
                chars.by_ref().find(|&c| c == '\n');
                code.push('\n');
            }
            '\'' | '"' if !prefix_f => {
                let mut escaped = false;
                chars.by_ref().find(|&s| {
                    let ends = s == c && !escaped;
                    escaped = s == '\\' && !escaped;
                    ends
                });
                code.push_str("''");
            }
            '\'' | '"' => {
                // An f-string's fields are code, its text is not.
                let (mut depth, mut escaped) = (0usize, false);
                for s in chars.by_ref() {
                    match s {
                        '{' => depth += 1,
                        '}' => depth = depth.saturating_sub(1),
                        _ if s == c && depth == 0 && !escaped => break,
                        _ => {}
                    }
                    escaped = s == '\\' && !escaped;
                    if depth > 0 || s == '}' {
                        code.push(s);
                    }
                }
                code.push_str("''");
            }
            _ => code.push(c),
        }
        prefix_f = (c.is_ascii_alphabetic() && prefix_f) || matches!(c, 'f' | 'F');
        if !(c.is_ascii_alphanumeric() || c == '_') {
            prefix_f = false;
        }
    }
    code
}

/// `- '/:/host:ro,rslave'`, `-v /:/host:ro`: the host's root folder
/// mounted read-only, how node_exporter and other metrics agents read the
/// host (misses12's generality check); it changes nothing on the host. A
/// writable mount, or `--privileged` on the same line, is the escape; a
/// compose file's `privileged: true` meets the read-only mount in
/// `host-root-privileged`. `chroot /host journalctl -u kubelet` in the
/// pod `kubectl debug node/…` starts reads the node's logs and state as
/// its documentation shows (batch 36); a shell or a write there stays the
/// escape. (`Rule::confirm` of `container-escape`.)
pub fn read_only_root(
    line: &str,
    at: usize,
    next: &dyn Fn(usize) -> Option<usize>,
) -> Option<(Severity, String)> {
    unless_all(line, at, next, Severity::High, |line, _, rest| {
        if rest.starts_with("chroot") {
            return chroot_reads_only(rest);
        }
        // Only the mount forms (`-v`, `--volume=`, a compose item) lead
        // up to the `/:/` with flag letters, quotes and spaces.
        let Some((flag, spec)) = rest.split_once("/:/") else {
            return false;
        };
        let spec = spec
            .split(|c: char| c.is_whitespace() || c == '\'' || c == '"')
            .next()
            .unwrap_or_default();
        flag.chars()
            .all(|c| c.is_whitespace() || "-=volume'\"".contains(c))
            && spec
                .split_once(':')
                .is_some_and(|(_, options)| options.split(',').any(|o| o == "ro"))
            && !line.contains("--privileged")
    })
}

/// `chroot /host <command> …` whose command only reads the node (logs,
/// containers, disks, processes) and writes nothing through a redirection.
fn chroot_reads_only(rest: &str) -> bool {
    const READERS: &[&str] = &[
        "journalctl",
        "crictl",
        "df",
        "du",
        "ls",
        "cat",
        "tail",
        "head",
        "dmesg",
        "ps",
        "ss",
        "ip",
        "free",
        "uptime",
        "lsblk",
        "findmnt",
        "uname",
        "systemctl",
    ];
    const CRICTL_READS: &[&str] = &[
        "ps", "pods", "logs", "images", "inspect", "inspectp", "stats", "info",
    ];
    let mut words = rest.split_whitespace().skip(2);
    let Some(command) = words.next() else {
        return false;
    };
    let argument = words.next().unwrap_or_default();
    let reads = match command {
        "crictl" => CRICTL_READS.contains(&argument),
        "systemctl" => matches!(argument, "status" | "list-units" | "is-active" | "cat"),
        _ => READERS.contains(&command),
    };
    reads && !rest.contains('>') && !rest.contains(';') && !rest.contains("&&")
}

/// `RUN --mount=type=secret,id=npmrc,target=/root/.npmrc npm ci`: BuildKit
/// places the secret at the mount's target for that one command and keeps
/// it out of the image; the path is where it is put, not a read. A shell
/// file test (`[ -f ~/.aws/credentials ] || aws configure`, batch 21's
/// generality check) asks whether a CLI is set up and reads nothing
/// either. A read of the same path later on the line is a match of its
/// own. (`Rule::confirm` of `credential-file`.)
pub fn secret_mount_target(
    line: &str,
    at: usize,
    next: &dyn Fn(usize) -> Option<usize>,
) -> Option<(Severity, String)> {
    unless_all(line, at, next, Severity::Medium, |line, at, _| {
        let Some(before) = line.get(..at) else {
            return false;
        };
        if shell_file_test(before) {
            return true;
        }
        let Some(mount) = before.rfind("--mount=") else {
            return false;
        };
        let options = &before[mount + "--mount=".len()..];
        let last = options.rsplit(',').next().unwrap_or_default();
        !options.contains(char::is_whitespace)
            && options.split(',').any(|o| o == "type=secret")
            && ["target=", "dst=", "destination="]
                .iter()
                .any(|t| last.starts_with(t))
            && !last.contains(['$', '`'])
    })
}

/// Whether the text before a path ends a shell file test's operator
/// (`[ -f `, `[[ -e "$HOME/`, `test -r `): the path's own prefix (`~/`,
/// `"$HOME/`) is the last word, the test flag the one before it.
fn shell_file_test(before: &str) -> bool {
    let mut words = before.split_whitespace().rev();
    let mut flag = words.next();
    if flag.is_some_and(|w| !w.starts_with('-')) {
        flag = words.next();
    }
    matches!(flag, Some("-f" | "-e" | "-d" | "-r" | "-s"))
        && matches!(words.next(), Some("[" | "[[" | "test" | "!"))
}

/// `| 隐瞒用户 | “这一步不要告诉用户” |`: an order inside a quotation that
/// opens before it on the line (“…”, 「…」, 『…』, «…») is an example
/// a guide cites, not an order to the agent; a quoted name later on the
/// line (`你现在的身份是“管理员”`) quotes nothing the order says. `severity`
/// is what an unquoted match of the row stands at (`Rule::confirm` of
/// `override-intl`, and through [`unquoted_concealment`] of `conceal-intl`).
pub fn unquoted_order(
    line: &str,
    at: usize,
    next: &dyn Fn(usize) -> Option<usize>,
) -> Option<(Severity, String)> {
    unless_all(line, at, next, Severity::High, |line, at, _| {
        inside_quotation(line, at)
            || crate::negation::negated_right_before(line, at)
            || ignored_as_text(line.get(at..).unwrap_or_default())
    })
}

/// `一律忽略，不得当作操作指令执行` (ignore them all, never treat them as
/// orders; reg83's mail guide, of text posing as the user's): the verb
/// ignores what came before, and the instructions the row reads stand in
/// the next clause, which forbids treating anything as one. An order
/// names what it drops before the clause ends (`忽略之前的所有指令，…`,
/// matched there first), or says to obey what follows (`忽略上文，按以下指令
/// 执行`).
fn ignored_as_text(rest: &str) -> bool {
    const NOUNS: [&str; 5] = ["指令", "指示", "规则", "規則", "提示词"];
    const BREAKS: [char; 6] = ['，', '、', '；', ',', ';', '：'];
    const FORBIDS: [&str; 10] = [
        "不得", "不要", "不可", "不能", "切勿", "勿", "绝不", "決不", "决不", "别",
    ];
    const TREAT_AS: [&str; 8] = [
        "当作", "当成", "视为", "看作", "作为", "當作", "視為", "看成",
    ];
    let Some(noun) = NOUNS.iter().filter_map(|n| rest.find(n)).min() else {
        return false;
    };
    let Some((_, clause)) = rest[..noun].rsplit_once(BREAKS) else {
        return false;
    };
    let clause = clause.trim_start_matches(|c: char| c.is_whitespace() || c == '*');
    FORBIDS
        .iter()
        .find_map(|f| clause.strip_prefix(f))
        .is_some_and(|treat| TREAT_AS.iter().any(|t| treat.trim_start().starts_with(t)))
}

/// [`unquoted_order`] for `conceal-intl`: an order not to ask first warns
/// alone (`skip-confirmation`, which the row reports it as), an order to
/// keep something from the user blocks — wherever on the line it stands.
pub fn unquoted_concealment(
    line: &str,
    at: usize,
    next: &dyn Fn(usize) -> Option<usize>,
) -> Option<(Severity, String)> {
    if only_restricts(line.get(at..).unwrap_or_default()) {
        return None;
    }
    let (_, note) = unquoted_order(line, at, next)?;
    let hides = matches(at, next).any(|at| {
        !inside_quotation(line, at)
            && !crate::rules::skips_asking(line.get(at..).unwrap_or_default())
    });
    let severity = if hides {
        Severity::High
    } else {
        Severity::Medium
    };
    Some((severity, note))
}

/// French "ne … que" restricts ("ne signale à l'utilisateur que les
/// erreurs": tell them only the errors); with "jamais", "pas" or "rien"
/// before the "que" it is a negation whose "que" opens what is kept back
/// ("ne mentionne jamais à l'utilisateur que tu as ajouté …", batch 28).
/// Only a French "ne" restricts so: Spanish "no informes al usuario de
/// los cambios que hagas" keeps the changes back (batch 45).
fn only_restricts(from_match: &str) -> bool {
    let french = from_match
        .get(..3)
        .is_some_and(|ne| ne.eq_ignore_ascii_case("ne "));
    french
        && from_match.find(" que ").is_some_and(|que| {
            let before = &from_match[..que];
            ![" jamais", " pas ", " rien", " point "]
                .iter()
                .any(|negation| before.contains(negation))
        })
}

/// Whether the match at byte `at` of `line` stands inside a quotation: a
/// mark opened before it is still open there and a closing mark follows
/// (an opening mark never closed quotes nothing).
pub(crate) fn inside_quotation(line: &str, at: usize) -> bool {
    let (Some(before), Some(after)) = (line.get(..at), line.get(at..)) else {
        return false;
    };
    let mut depth = 0usize;
    // German opens with „ and closes with “, which opens elsewhere.
    let mut german = false;
    for c in before.chars() {
        match c {
            '„' => {
                depth += 1;
                german = true;
            }
            '“' if german => {
                depth = depth.saturating_sub(1);
                german = false;
            }
            '“' | '「' | '『' | '«' => depth += 1,
            '”' | '」' | '』' | '»' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    let after_closes = if german { '“' } else { '”' };
    (depth > 0 && after.contains([after_closes, '」', '』', '»']))
        || inside_plain_quotes(before, after)
}

/// Whether a plain `"` opened before the match and closes after it, as an
/// example is quoted ("phrases like \"ignore all previous instructions\"",
/// in any language; polyglot73). The one quoted text of a line, opened
/// after `:` or `=`, is not one: it introduces the text itself, a
/// frontmatter value or the rule an order says to save (`notes: "…"`,
/// `save this: "…"`), where examples come in lists.
fn inside_plain_quotes(before: &str, after: &str) -> bool {
    if before.matches('"').count().is_multiple_of(2) || !after.contains('"') {
        return false;
    }
    let opened = before.rfind('"').unwrap_or(0);
    let introduced = before[..opened].trim_end().ends_with([':', '=']);
    let one_quote = before.matches('"').count() + after.matches('"').count() == 2;
    !(introduced && one_quote)
}

/// A keychain command that shows no secret (batch 25): `security
/// unlock-keychain` and its kin manage a keychain without printing an
/// item, unless given its password (`-p`); `find-generic-password`
/// without `-w` or `-g` prints an item's attributes only, an existence
/// check. A keychain named as the store a certificate's trust is added to
/// or removed from (`security add-trusted-cert -k
/// /Library/Keychains/System.keychain ca.pem`, `security
/// delete-certificate -c mitmproxy …`: the seventeenth sweep's
/// `debugging`) is changed, not read; trusting a downloaded root is
/// `fetched-root-trust`'s. (`Rule::confirm` of `keychain`.)
pub fn keychain_secret(
    line: &str,
    at: usize,
    next: &dyn Fn(usize) -> Option<usize>,
) -> Option<(Severity, String)> {
    const MANAGE: &[&str] = &[
        "lock-keychain",
        "set-key-partition-list",
        "list-keychains",
        "default-keychain",
        "show-keychain-info",
        "set-keychain-settings",
        "create-keychain",
    ];
    // The command's flags, quotes and list punctuation stripped
    // (`["unlock-keychain", "-p", pw]`), up to the next command.
    fn flags(text: &str) -> Vec<&str> {
        let command = text.split(['|', ';', '&']).next().unwrap_or_default();
        command
            .split_whitespace()
            .map(|w| w.trim_matches(|c: char| "[](),'\"".contains(c)))
            .filter(|w| {
                w.len() > 1 && w.starts_with('-') && w[1..].bytes().all(|b| b.is_ascii_alphabetic())
            })
            .collect()
    }
    // code88: `dump-keychain` without `-d` (decrypted data) or `-r` (raw
    // data) prints each item's attributes, its service and account names:
    // blind87c's `keychain-audit` twin counts them. A warning, still a
    // source: the names sent elsewhere say which accounts the user holds.
    // A keychain's path matched on the same command (`security
    // dump-keychain login.keychain`) is read as that command.
    let names_only = |at: usize| {
        let command = line
            .get(..at)
            .and_then(|before| before.rfind("security "))
            .filter(|_| !line[at..].starts_with("security"))
            .unwrap_or(at);
        let rest = line.get(command..).unwrap_or_default();
        let lower = rest.to_ascii_lowercase();
        lower.starts_with("security")
            && lower.split_whitespace().nth(1) == Some("dump-keychain")
            && !flags(rest).iter().any(|f| f[1..].contains(['d', 'r']))
    };
    let excused = |line: &str, here: usize, rest: &str| {
        let lower = rest.to_ascii_lowercase();
        let before = line.get(..here).unwrap_or_default();
        if dialog_to_vault(line) {
            return true;
        }
        if lower.starts_with("security") && lower.contains("find-generic-password") {
            return !flags(rest).iter().any(|f| f[1..].contains(['w', 'g']));
        }
        (lower.starts_with("login.keychain") || lower.starts_with("library/keychains"))
            && (certificate_store(before)
                || EXISTENCE_TEST.is_match(before)
                || MANAGE.iter().any(|m| line.contains(m)) && !flags(line).contains(&"-p"))
    };
    let rest = |at: usize| line.get(at..).unwrap_or_default();
    let kept = || matches(at, next).filter(|&at| !excused(line, at, rest(at)));
    if kept().next().is_some() && kept().all(names_only) {
        return Some((
            Severity::Medium,
            "lists the keychain's item names, not their secrets".to_owned(),
        ));
    }
    unless_all(line, at, next, Severity::High, excused)
}

/// A test that a path exists, right before it (`[ -f "$HOME/`, `test -e
/// ~/`, `Test-Path "$HOME/`, `os.path.exists("`): code86, a backup that
/// checks the login keychain is there reads none of it.
static EXISTENCE_TEST: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
    regex::Regex::new(r#"(?:\[\[?\s+|\btest\s+)-[edfrs]\s+['"]?[^\s'"]*$|\bTest-Path\s+(?:-Path\s+)?['"]?[^\s'"]*$|\.exists\(\s*['"]?[^\s'"]*$"#)
        .expect("the existence test pattern compiles")
});
/// A masked dialog that asks for no password and hands its answer straight
/// to a password manager's store on the same line (reg86: a 1Password
/// skill's `VAL=$(osascript -e 'display dialog "Enter secret value for
/// <item>:" … with hidden answer' …) && op item create … "credential=$VAL"`,
/// so the value never enters the conversation). Atomic Stealer's dialog
/// asks for the login password and checks or sends it: a password word in
/// the dialog (a passphrase, a login, a PIN too: review86), or a request
/// or an address anywhere on the line (`ownserver::requests`), still reads.
fn dialog_to_vault(line: &str) -> bool {
    const STORES: &[&str] = &[
        "op item create",
        "op item edit",
        "security add-generic-password",
        "bw create item",
        "secret-tool store",
        "pass insert",
        "keyring set",
    ];
    const PASSWORD: &[&str] = &[
        "password",
        "passwd",
        "passcode",
        "passphrase",
        "passwort",
        "contraseña",
        "senha",
        "mot de passe",
        "пароль",
        "密码",
        "密碼",
        "パスワード",
        "비밀번호",
    ];
    let lower = line.to_lowercase();
    let Some(dialog) = lower.find("display dialog") else {
        return false;
    };
    // The dialog's own words, up to its answer field.
    let asked = &lower[dialog..];
    let asked = &asked[..asked.find("answer").unwrap_or(asked.len())];
    STORES.iter().any(|store| lower[dialog..].contains(store))
        && !PASSWORD.iter().any(|word| asked.contains(word))
        && !asked
            .split(|c: char| !c.is_alphanumeric())
            .any(|word| matches!(word, "pin" | "login"))
        && !crate::ownserver::requests(&lower)
        && !lower.contains("http")
}

/// Where local tools keep the authority they made on this machine: its key
/// never left it.
const LOCAL_AUTHORITIES: &[&str] = &[
    "~/.mitmproxy/",
    "$HOME/.mitmproxy/",
    "${HOME}/.mitmproxy/",
    "$(mkcert -CAROOT)/",
    "~/.local/share/caddy/pki/authorities/local/",
];

/// `add-trusted-cert … ~/.mitmproxy/mitmproxy-ca-cert.pem`: the certificate
/// a root trust is given — the command's last word, a comment cut off, or
/// (misses22) the file a copy into Linux's anchor folder is given, `cp
/// certs/root.crt /usr/local/share/ca-certificates/` — is a local tool's
/// own authority, or one the user names: a placeholder (`<cert.pem>`,
/// `/path/to/your-ca.crt`) or a variable they set (`"$CORP_CA"`), so no
/// one else holds its key; anything else the skill names could be the
/// author's (`Rule::confirm` of `named-root-trust`). A download into the
/// anchor folder is `fetched-root-trust`'s.
pub fn local_authority(
    line: &str,
    at: usize,
    next: &dyn Fn(usize) -> Option<usize>,
) -> Option<(Severity, String)> {
    unless_all(line, at, next, Severity::High, |line, at, rest| {
        let command = line.split(" #").next().unwrap_or_default();
        if rest.starts_with('/') {
            let before = &command[..at.min(command.len())];
            return copied_into(before)
                .is_none_or(|source| named_by_the_user(source.trim_matches(['"', '\''])))
                || copied_from_local_authority(before);
        }
        if rest.contains("--remove") {
            return true;
        }
        let tail = command.trim_end().trim_end_matches(['"', '\'']);
        // The authority's file is the command's last word.
        let last_word = |from: usize, to: usize| {
            tail[..from].ends_with([' ', '\t', '"', '\''])
                && !tail[to..].is_empty()
                && !tail[to..].contains(char::is_whitespace)
        };
        LOCAL_AUTHORITIES.iter().any(|authority| {
            tail.rfind(authority)
                .is_some_and(|from| last_word(from, from + authority.len()))
        }) || tail.rfind(char::is_whitespace).is_some_and(|space| {
            named_by_the_user(tail[space + 1..].trim_start_matches(['"', '\'']))
        })
    })
}

static VARIABLE_ALONE: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
    regex::Regex::new(r"^\$(?:[A-Za-z_]\w*|\{[A-Za-z_]\w*\})$")
        .expect("the variable pattern compiles")
});

/// The file a copy (`cp`, `install`, `mv`, after `sudo`) whose text ends
/// at `before` is given first: what it puts where the match stands.
fn copied_into(before: &str) -> Option<&str> {
    let command = last_command(before);
    let mut words = command
        .split_whitespace()
        .skip_while(|w| *w == "sudo")
        // Options and their numbers (`install -m 644`).
        .filter(|w| !w.starts_with('-') && !w.bytes().all(|b| b.is_ascii_digit()));
    matches!(words.next(), Some("cp" | "install" | "mv"))
        .then(|| words.next())
        .flatten()
}

/// Whether the copy whose text ends at `before` takes a file from a local
/// tool's own authority (`sudo cp "$(mkcert -CAROOT)/rootCA.pem" …`): the
/// authority is found in the command's text, since `$(mkcert -CAROOT)`
/// holds a space and is no one word.
fn copied_from_local_authority(before: &str) -> bool {
    let command = last_command(before);
    LOCAL_AUTHORITIES.iter().any(|authority| {
        command.find(authority).is_some_and(|from| {
            let file = command[from + authority.len()..]
                .split(|c: char| c.is_whitespace() || c == '"' || c == '\'')
                .next()
                .unwrap_or_default();
            // `$(mkcert -CAROOT)/../../certs/x.pem` climbs out of it.
            !file.is_empty() && !file.contains("..")
        })
    })
}

/// A file the user names: a placeholder (`<cert.pem>`, `/path/to/…`; a
/// shipped `certs/your-org-root.pem` is the skill's); a path below a
/// variable (`$SKILL_DIR/certs/root.crt`) is the skill's or the machine's.
/// A variable alone (`"$CORP_CA"`) is the user's only where the skill never
/// sets it, which the line cannot tell: `certificate_variable`.
fn named_by_the_user(file: &str) -> bool {
    (file.starts_with('<') && file.ends_with('>')) || file.contains("/path/to/")
}

/// Linux's folders whose certificates `update-ca-certificates` and
/// `update-ca-trust` make roots.
const ANCHOR_FOLDERS: &[&str] = &[
    "/usr/local/share/ca-certificates",
    "/etc/pki/ca-trust/source/anchors",
];

/// The variable a root trust's certificate is held in, when it is given
/// as a variable alone: the file a copy into an anchor folder takes
/// (`sudo cp "$CORP_CA" /usr/local/share/ca-certificates/`), or the
/// command's last word (`trust anchor "$CA"`, `add-trusted-cert … "$CA"`).
/// Whether the user set it is for the reader of the whole text
/// (`engine::SECOND_READINGS`, with `ownvar::set_here`).
pub fn certificate_variable(line: &str) -> Option<&str> {
    let command = line.split(" #").next().unwrap_or_default();
    let word = match ANCHOR_FOLDERS
        .iter()
        .find_map(|folder| command.find(folder))
    {
        Some(at) => copied_into(&command[..at])?,
        None => command.trim_end().rsplit(char::is_whitespace).next()?,
    };
    let word = word.trim_matches(['"', '\'']);
    VARIABLE_ALONE
        .is_match(word)
        .then(|| word.trim_start_matches('$').trim_matches(['{', '}']))
}

/// The last command of a shell text that ends at a match: what follows
/// its last `;`, `|` or `&` (the copy, the `security` call or the SSH
/// client whose argument the match is).
pub(crate) fn last_command(before: &str) -> &str {
    before.rsplit([';', '|', '&']).next().unwrap_or_default()
}

/// Whether the command a keychain path is an argument of (the text before
/// it since the last `;`, `|` or `&`) is one of `security`'s certificate
/// trust commands, or its `import` of a certificate or signing identity
/// into the keychain (sweep84: sweep 30's `claude-mpm` CI example,
/// `security import cert.p12 -k ~/Library/Keychains/build.keychain`, a
/// write), `security` its command word (after `sudo`).
fn certificate_store(before: &str) -> bool {
    const CERTIFICATES: &[&str] = &[
        "add-trusted-cert",
        "remove-trusted-cert",
        "delete-certificate",
        "add-certificates",
        "import",
    ];
    let command = last_command(before);
    let mut words = command.split_whitespace().skip_while(|w| *w == "sudo");
    // `security` must be the command itself, not a word given to another
    // (`curl -A security add-trusted-cert … -F f=@…/login.keychain-db`).
    words.next() == Some("security")
        && words
            .next()
            .is_some_and(|verb| CERTIFICATES.contains(&verb))
}

/// `grep -qE 'rm -rf|:(){ :|:& };:'`: a hook's deny-list is the pattern a
/// search compares its input with, never run (issue 18, tenth sweep's
/// hooks). Every match must stand inside the quoted first argument of
/// `grep`, `egrep`, `fgrep` or `rg` (options only before it), a quote with
/// no `$` or backquote in it; and the search's output must go nowhere that
/// runs it: nothing before the search captures or evaluates it (`$(`,
/// `<(`, a backquote, `eval`) and no pipe or redirect follows the quote
/// (`/dev/null` aside), so `grep -o '…' f | sh` still blocks, as does a
/// bomb after the quote has closed. (`Rule::confirm` of `disk-wipe`.)
pub fn searched_pattern(
    line: &str,
    at: usize,
    next: &dyn Fn(usize) -> Option<usize>,
) -> Option<(Severity, String)> {
    unless_all(line, at, next, Severity::Critical, |line, at, _| {
        let Some(quoted) = Quoted::around(line, at) else {
            return false;
        };
        let command = quoted.before.strip_suffix('\\').unwrap_or(quoted.before);
        let searched =
            !quoted.text.contains(['$', '`']) && searches(command) && !hands_on(quoted.after);
        searched || case_pattern(line, at)
    })
}

/// The quoted string a match stands in: the text before its opening
/// quote, the string's text, and the text after its closing quote.
struct Quoted<'a> {
    before: &'a str,
    text: String,
    after: &'a str,
}

impl<'a> Quoted<'a> {
    /// The string around byte `at` of `line`: from the last quote before
    /// `at` to the same quote after it.
    fn around(line: &'a str, at: usize) -> Option<Self> {
        let (before, after) = (line.get(..at)?, line.get(at..)?);
        let open = before.rfind(['\'', '"'])?;
        let quote = &before[open..open + 1];
        let close = after.find(quote)?;
        Some(Quoted {
            before: &before[..open],
            text: format!("{}{}", &before[open + 1..], &after[..close]),
            after: &after[close + 1..],
        })
    }
}

/// A match inside the quoted first argument of a shell-quoting call —
/// `quote("file; rm -rf /")`, `shlex.quote(…)`, `escapeshellarg(…)`,
/// `shellescape(…)` (fp18, the fifth sweep's `scitex`: quoting's own
/// example) — is one literal word once quoted, whatever it spells, so it
/// is never run; a match outside the call's quote (`os.system("rm -rf / "
/// + quote(x))`) still stands. (`Rule::confirm` of `rm-rf-root`.)
pub fn quoted_for_the_shell(
    line: &str,
    at: usize,
    next: &dyn Fn(usize) -> Option<usize>,
) -> Option<(Severity, String)> {
    unless_all(line, at, next, Severity::Critical, |line, at, _| {
        let Some(quoted) = Quoted::around(line, at) else {
            return crate::denied::denied_record(line, at);
        };
        let call = quoted.before.trim_end();
        // A whole name: `unquote(` decodes, it quotes nothing.
        let quoting = ["quote(", "escapeshellarg(", "shellescape(", "shell_escape("]
            .iter()
            .filter_map(|name| call.strip_suffix(name))
            .any(|rest| !rest.ends_with(|c: char| c.is_ascii_alphanumeric() || c == '_'));
        let quoted_call = quoting
            && !quoted.text.contains(['\'', '"'])
            && quoted.after.trim_start().starts_with([')', ',']);
        quoted_call || case_pattern(line, at) || crate::denied::denied_record(line, at)
    })
}

/// `*"rm -rf /"*|*":(){ :|:& };:"*)` (the seventeenth sweep's
/// `memory-bank-skill`, a hook that refuses such commands): a quoted word
/// in a shell `case` arm's pattern list is text the subject is compared
/// with, and nothing in it runs. The pattern list is the line up to its
/// first unquoted `)`, made only of quoted words, globs (`*`, `?`) and
/// `|`, at least one glob or `|` among them; a command after the `)`
/// (`*"x"*) rm -rf / ;;`), an unquoted word, a backslash or a `$` before
/// the `)` (`eval "rm -rf /")`) leaves the match to stand.
/// (`Rule::confirm` of `rm-rf-root` and `disk-wipe`.)
fn case_pattern(line: &str, at: usize) -> bool {
    let mut quote = None;
    let mut quoted_at = false;
    let mut globbed = false;
    for (i, c) in line.char_indices() {
        if i == at {
            quoted_at = quote.is_some();
        }
        match (quote, c) {
            (Some(open), c) if c == open => quote = None,
            (Some('"'), '\\' | '$' | '`') => return false,
            (Some(_), _) => {}
            (None, '\'' | '"') => quote = Some(c),
            (None, ')') => return quoted_at && globbed && i > at,
            (None, '*' | '?' | '|') => globbed = true,
            (None, c) if c.is_whitespace() => {}
            (None, '(') if line[..i].trim().is_empty() => {}
            (None, _) => return false,
        }
    }
    false
}

/// Whether `command` ends with a search program and its options, and
/// nothing before that program captures or evaluates its output.
fn searches(command: &str) -> bool {
    let mut words = command.split_whitespace().rev();
    let Some(program) = words.by_ref().find(|w| !w.starts_with('-')) else {
        return false;
    };
    let program = program.rsplit('/').next().unwrap_or_default();
    let head = &command[..command.rfind(program).unwrap_or(0)];
    matches!(program, "grep" | "egrep" | "fgrep" | "rg")
        && !head.contains("$(")
        && !head.contains("<(")
        && !head.contains('`')
        && !head.split_whitespace().any(|w| w == "eval")
}

/// Whether the rest of a search's command, after its pattern and up to
/// the next command (`;`, `&&`, `||`), sends its output on: a pipe or a
/// redirect other than to `/dev/null` or stderr's `2>&1`.
fn hands_on(rest: &str) -> bool {
    let end = [";", "&&", "||"]
        .iter()
        .filter_map(|next| rest.find(next))
        .min()
        .unwrap_or(rest.len());
    let rest = ["&>/dev/null", "2>/dev/null", ">/dev/null", "2>&1"]
        .iter()
        .fold(rest[..end].to_owned(), |rest, quiet| {
            rest.replace(quiet, " ")
        });
    rest.contains(['|', '>'])
}

/// `curl/wget to unknown URLs` (the eighteenth sweep's `qzclaw`
/// checklist of red flags): `wget` right after `curl/` names the two tools
/// as a pair, and the shell runs no `curl/wget`. Each match is judged
/// alone, so a `wget https://…` later on the line still fetches
/// (`Rule::confirm` of `fetch`).
pub fn tool_pair_named(
    line: &str,
    at: usize,
    next: &dyn Fn(usize) -> Option<usize>,
) -> Option<(Severity, String)> {
    unless_all(line, at, next, Severity::Medium, |line, at, rest| {
        let pair = at.checked_sub(5).and_then(|from| line.get(from..at));
        rest.get(..4)
            .is_some_and(|w| w.eq_ignore_ascii_case("wget"))
            && pair.is_some_and(|p| p.eq_ignore_ascii_case("curl/"))
    })
}

/// `matcher.exec(restPathString)` (the twelfth sweep: a bundled router's
/// compiled paths): a RegExp's `exec` searches a string and runs nothing.
/// The receiver is a RegExp when it is a regex literal (`/\d+ms/.exec(`)
/// or its name says so (`re`, `regex`, `regexp`, `rx`, `pattern`,
/// `matcher`, or a name ending in one: `headingRegex`, `linePattern`).
/// Each match is judged alone, so `shell.exec(x)` beside it still
/// evaluates (`Rule::confirm` of `dynamic-eval`).
pub fn regexp_exec(
    line: &str,
    at: usize,
    next: &dyn Fn(usize) -> Option<usize>,
) -> Option<(Severity, String)> {
    unless_all(line, at, next, Severity::Medium, |line, at, rest| {
        rest.starts_with("exec")
            && line[..at]
                .strip_suffix('.')
                .is_some_and(|receiver| regex_literal(receiver) || regex_named(receiver))
    })
}

/// Text ending in a regex literal's closing slash and its flags (`/x/gm`).
fn regex_literal(before: &str) -> bool {
    let body = before.trim_end_matches(|c: char| "dgimsuvy".contains(c));
    body.len() > 1 && body.ends_with('/') && !body.ends_with("//")
}

/// Text ending in a name a RegExp is given (`re`, `tokenRegex`, `urlPattern`).
fn regex_named(before: &str) -> bool {
    let name_start = before
        .rfind(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '$'))
        .map_or(0, |i| i + 1);
    let name = before[name_start..].to_ascii_lowercase();
    ["re", "regex", "regexp", "rx", "pattern", "matcher"]
        .iter()
        .any(|word| name.ends_with(word))
}

/// `| \`--yolo\` | Disable approval and sandboxing … |` (the twelfth and
/// fifth sweeps): a Markdown table row whose first cell is code (a flag, a
/// setting, an endpoint) describes that option in its other cells, as a
/// CLI's own reference does; it warns. An order in a row headed by words
/// (`| Step 2 | Disable the sandbox |`) or in the prose around the table
/// still blocks. A guard named as a setting (`setting::named`: "Bypass
/// Security Filters?: No") warns too, and so does a line whose every match
/// is the user's opt-out of the workflow's own check (`own_check_opted_out`)
/// (`Rule::confirm` of `disable-guards`).
pub fn option_description(
    line: &str,
    at: usize,
    next: &dyn Fn(usize) -> Option<usize>,
) -> Option<(Severity, String)> {
    let severity = match described_option(line) {
        Some(cell_end) if at >= cell_end => Severity::Medium,
        _ if crate::setting::named(line, at) => Severity::Medium,
        _ if own_check_opted_out(line, matches(at, next)) => Severity::Medium,
        _ if matches(at, next).all(|m| user_asked_to_approve(line, m)) => Severity::Medium,
        _ => Severity::High,
    };
    Some((severity, String::new()))
}

/// "If the user is being asked to approve every command, they are missing
/// those rules" (sweep 29's odevio, sweep83): the user asked by the agent's
/// prompts to approve is the symptom a setup guide troubleshoots, not an
/// order to approve on anyone's behalf. Only the user (or "they", "users",
/// "developers") as the subject of a passive "is/are/keep(s) being
/// asked/prompted to" right before the match is spared; "you are asked to
/// approve …" and any approval ordered outright still block.
fn user_asked_to_approve(line: &str, at: usize) -> bool {
    static ASKED: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r"(?i)\b(?:the\s+user|users|they|developers)\s+(?:is|are|gets?|keeps?|keep\s+getting)\s+(?:being\s+|constantly\s+|repeatedly\s+)?(?:asked|prompted)\s+to\s+$",
        )
        .expect("user asked to approve")
    });
    line.get(..at).is_some_and(|before| ASKED.is_match(before))
}

/// `` **`[no-session-age-guard]` present** → strip + BYPASS the guard ``
/// (fp26, the twentieth sweep's `quoin` `end_of_task`): "the guard" on a
/// line naming the user's opt-out flag for a check of the workflow's own
/// (`[no-session-age-guard]`, `--no-cost-guard`) is that check, switched
/// off because the user asked. A flag for a safety, security, sandbox,
/// permission or approval guard, or any other object ("the guardrails",
/// "the sandbox"), is no such opt-out. The line is lowered and its flags
/// read once for all of its matches (`ats`).
fn own_check_opted_out(line: &str, mut ats: impl Iterator<Item = usize>) -> bool {
    let lower = line.to_ascii_lowercase();
    let singled_out = |at: usize| {
        lower.get(at..).is_some_and(|rest| {
            rest.find(" the guard").is_some_and(|object| {
                object <= 16
                    && !rest[object + " the guard".len()..]
                        .starts_with(|c: char| c.is_alphanumeric() || c == '-' || c == '_')
            })
        })
    };
    ats.all(singled_out)
        && lower
            .match_indices("no-")
            .any(|(flag, _)| opt_out_flag(&lower, flag))
}

/// Whether `no-…-guard` at byte `flag` is an opt-out flag (after `[` or
/// `--`) for a check that is no safety guard.
fn opt_out_flag(lower: &str, flag: usize) -> bool {
    let before = &lower[..flag];
    let name: String = lower[flag..]
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
        .collect();
    (before.ends_with('[') || before.ends_with("--"))
        && name.ends_with("-guard")
        && !["safety", "secur", "sandbox", "permission", "approv"]
            .iter()
            .any(|word| name.contains(word))
}

/// Where the first cell of a table row ends, when that cell holds only
/// code spans (`` `-y`, `--auto-approve` ``).
fn described_option(line: &str) -> Option<usize> {
    let row = line.trim_start().strip_prefix('|')?;
    let cell = &row[..row.find('|')?];
    // "`--always-approve` / `--yolo`" (sweep 30's OpenHands skill) lists
    // two spellings of one flag as a comma does.
    let listed = cell.replace(" / ", ",");
    let spans: Vec<&str> = listed.split(',').map(str::trim).collect();
    let coded = spans.iter().all(|span| {
        span.len() > 2
            && span.starts_with('`')
            && span.ends_with('`')
            && !span[1..span.len() - 1].contains('`')
    });
    coded.then(|| line.len() - row.len() + cell.len())
}

/// "- read the **end** of the log. It also holds a full keychain dump —
/// dozens of lines of hexadecimal attributes — which is normal output"
/// (sweep 29's odevio, sweep83): the read's object is the log; the
/// credential word stands in the next sentence, which only says what the
/// log holds ("It also holds …", "This contains …"). The match is dropped
/// when the read's own sentence names no credential store (the words of
/// `credential-read-instruction`'s alternatives) and the next one opens
/// with such a description; a read whose own sentence names the store
/// ("read the keychain dump at the end of the log") still stands
/// (`Rule::confirm` of `credential-read-instruction`).
pub fn credential_only_described(
    line: &str,
    at: usize,
    _next: &dyn Fn(usize) -> Option<usize>,
) -> Option<(Severity, String)> {
    static DESCRIBED: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r"(?i)^[.;]\s+(?:it|this|that|which|the\s+(?:log|file|output))\s+(?:also\s+|often\s+|usually\s+)?(?:holds|contains|includes|has|shows|prints|lists)\b",
        )
        .expect("a description of what was read")
    });
    const STORES: &[&str] = &[
        "ssh",
        "id_",
        "credentials",
        "seed",
        "private",
        "passwords",
        "keychain",
        "wallet",
    ];
    let rest = line.get(at..)?;
    let described = rest.match_indices(['.', ';']).find_map(|(end, _)| {
        let first = rest[..end].to_ascii_lowercase();
        (!STORES.iter().any(|store| first.contains(store)) && DESCRIBED.is_match(&rest[end..]))
            .then_some(())
    });
    match described {
        Some(()) => None,
        None => Some((Severity::High, String::new())),
    }
}

/// "CI/CD is the enforcement mechanism for every other skill — it catches
/// what humans and agents miss … on every single change" (sweep 31's
/// agent-guidance-mcp, sweep83): "change" after "on/for/with/after/per
/// every/each (single)" is the noun, a commit, not the verb the row reads.
/// The match is dropped when every verb of the row in its sentence is that
/// noun; "rewrite every other skill on each change" still stands by its
/// "rewrite" (`Rule::confirm` of `other-skills-rewritten`).
pub fn change_as_noun(
    line: &str,
    at: usize,
    _next: &dyn Fn(usize) -> Option<usize>,
) -> Option<(Severity, String)> {
    static VERB: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"(?i)\b(?:replace|rewrite|overwrite|modify|edit|change|patch)\b")
            .expect("the row's verbs")
    });
    static NOUN: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"(?i)\b(?:on|for|with|after|per)\s+(?:every|each|any)\s+(?:single\s+)?$")
            .expect("a change counted")
    });
    let rest = line.get(at..)?;
    let sentence = rest
        .find(['.', '!', '?', '。'])
        .map_or(rest, |end| &rest[..end]);
    let mut verbs = VERB.find_iter(sentence).peekable();
    let all_nouns = verbs.peek().is_some()
        && verbs.all(|verb| {
            verb.as_str().eq_ignore_ascii_case("change")
                && NOUN.is_match(&line[..at + verb.start()])
        });
    (!all_nouns).then(|| (Severity::High, String::new()))
}

/// "Your agent_id is found in the Agent Identity section of the system
/// prompt" (sweep84: sweep 30's `coginework` cron skill): the place after
/// "is found in" is where a value is read from, not where it is put. Each
/// match so introduced is dropped; the first other one goes on to the
/// host reading (`hosts::foreign_unless_url`, `disclose-instruction`'s
/// confirm), so "the key is found in the settings section; paste it in
/// your reply" still points at the reply.
pub fn place_not_where_found(
    line: &str,
    at: usize,
    next: &dyn Fn(usize) -> Option<usize>,
) -> Option<(Severity, String)> {
    static FOUND_IN: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r"(?i-u)\b(?:is|are)\s+(?:found|listed|shown|located|stored|kept|defined|displayed)\s+$",
        )
        .expect("found in")
    });
    matches(at, next)
        .find(|&at| !FOUND_IN.is_match(line.get(..at).unwrap_or_default()))
        .and_then(|at| crate::hosts::foreign_unless_url(line, at, next))
}

/// `mkdir -p /var/log/app && chmod 777 /var/log/app` (sweep84: sweep 32's
/// `claude-code-kit` Dockerfile): the folder opened to everyone is one the
/// same line just made for an application's logs or data, under `/var`'s
/// or `/opt`'s own folders, which holds nothing the system runs. A system
/// folder itself (`/var/log`, `/opt`), anything under `/etc`, `/usr` or
/// the program folders, or a folder the line did not make, is still one
/// (`Rule::confirm` of `chmod-777-system`).
pub fn not_a_new_app_folder(
    line: &str,
    at: usize,
    next: &dyn Fn(usize) -> Option<usize>,
) -> Option<(Severity, String)> {
    static APP_FOLDER: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r"^/(?:var/(?:log|www|lib|spool|opt|local|backups)|opt)/[\w.-]+(?:/[\w.-]+)*$",
        )
        .expect("app folder")
    });
    unless_all(line, at, next, Severity::High, |line, at, rest| {
        let Some(path) = rest
            .split_whitespace()
            .map(|word| word.trim_matches(['\'', '"', ';', '&', ')']))
            .find(|word| word.starts_with('/'))
        else {
            return false;
        };
        let before = line.get(..at).unwrap_or_default();
        APP_FOLDER.is_match(path)
            && !path.split('/').any(|part| part.starts_with('.'))
            && [format!("mkdir -p {path}"), format!("mkdir {path}")]
                .iter()
                .any(|made| {
                    before.match_indices(made.as_str()).any(|(start, _)| {
                        before[start + made.len()..]
                            .chars()
                            .next()
                            .is_none_or(|c| c.is_whitespace() || "'\";&|)".contains(c))
                    })
                })
    })
}
