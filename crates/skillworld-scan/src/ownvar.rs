//! A command the code writes itself (batch 17's generality check):
//! `cmd = f"ffmpeg -i {shlex.quote(path)} out.mp4"` with `path = "clip.webm"`,
//! then `os.system(cmd)`, or `const cmd = "npm run build"` then
//! `execSync(cmd)`. `shell-run-variable` reads a shell given a variable
//! beside a fetch as the fetched text being run; a variable the shell gets
//! whole, whose every assignment in the same text is a whole string
//! literal interpolating only literals, holds the skill's own command,
//! which the scan reads where it is written.

use std::sync::LazyLock;

use regex::Regex;

use crate::lines::Lines;

/// The variable a shell is given: the whole argument, a bare name (not
/// `cmd + r.text`).
static RUN: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"\b(?:subprocess\.\w+|os\.system|os\.popen|system|execSync)\(\s*\$?([A-Za-z_]\w*)\s*[,)]",
    )
    .expect("run")
});

/// A line that assigns a variable (capture 1: the name, 2: the operator,
/// 3: the value): `=` (Go's `:=`), or an augmented `+=`, `.=`, `|=`… that
/// grows it.
static ASSIGN: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^\s*(?:(?:const|let|var|my|local)\s+)?\$?([A-Za-z_]\w*)\s*([-+*/.|&:]?=)([^=].*)$")
        .expect("assign")
});

/// A shell line that sets a variable another way than `NAME=`: exported,
/// declared, read, or a loop's (capture 1: the name).
static SET_OTHERWISE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"\b(?:export|readonly|declare(?:\s+-\w+)*|read(?:\s+-\w+)*|for)\s+([A-Za-z_]\w*)\b")
        .expect("set otherwise")
});

/// Whether the text sets the variable `name` anywhere (`NAME=…`, `export
/// NAME=…`, `read NAME`, `for NAME in …`): then what it holds is the
/// text's, not a value the user brings.
pub fn set_here(lines: &Lines, name: &str) -> bool {
    lines.all().any(|line| sets(line, name))
}

/// Whether `line` sets `name` in any of the ways `set_here` reads.
pub fn sets(line: &str, name: &str) -> bool {
    ASSIGN.captures(line).is_some_and(|c| &c[1] == name)
        || SET_OTHERWISE.captures_iter(line).any(|c| &c[1] == name)
        || binds(line, name)
}

/// A shell line giving a variable a positional parameter, bare or with
/// `:?` (which fails when it is missing): `CA="${2:?usage}"`, `local f=$1`.
/// A default (`${1:-certs/root.pem}`) can be the skill's own value.
static FROM_ARGUMENT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"^\s*(?:(?:local|readonly|declare)\s+)?[A-Za-z_]\w*=['"]?\$(?:[1-9]|\{[1-9](?::\?[^}]*)?\})['"]?\s*(?:#.*)?$"#)
        .expect("from argument")
});

/// Whether every line that sets `name` gives it the script's argument
/// (batch 55): the value is then the user's, as when nothing sets it.
pub fn set_only_from_arguments(lines: &Lines, name: &str) -> bool {
    let mut setting = lines.all().filter(|line| sets(line, name)).peekable();
    setting.peek().is_some() && setting.all(|line| FROM_ARGUMENT.is_match(line))
}

/// Whether `line` gives `name` a value anywhere on it (holes44), not only
/// as the statement it opens: after a test (`[ -n "$CI" ] && NAME=…`, `then
/// NAME=…`), as a default (`: "${NAME:=…}"`), grown (`NAME+=…`), by
/// `printf -v NAME`, or PowerShell's `{ $NAME = … }`. Any case: reading
/// more bindings is the stricter reading, and PowerShell's names ignore it.
pub fn binds(line: &str, name: &str) -> bool {
    let lower = line.to_ascii_lowercase();
    let name = name.to_ascii_lowercase();
    named_in(&lower, &name).any(|(before, after)| {
        let assigned = |rest: &str| {
            (rest.starts_with('=') && !rest.starts_with("=="))
                || rest.starts_with("+=")
                || rest.starts_with(":=")
        };
        assigned(after)
            || (before.ends_with('$') && assigned(after.trim_start()))
            || before.trim_end().ends_with("printf -v")
    })
}

/// The text before and after each place `lower` names `name` as a whole
/// word (both lower case: PowerShell's names ignore case, and reading
/// more places is the stricter reading).
pub fn named_in<'a>(lower: &'a str, name: &'a str) -> impl Iterator<Item = (&'a str, &'a str)> {
    let word = |c: Option<char>| c.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_');
    lower
        .match_indices(name)
        .map(move |(at, _)| (&lower[..at], &lower[at + name.len()..]))
        .filter(move |(before, after)| {
            !word(before.chars().next_back()) && !word(after.chars().next())
        })
}

/// Names an interpolation may call without bringing text in: quoting and
/// conversions.
const QUOTING: &[&str] = &["shlex", "quote", "str", "int", "float", "repr", "len"];

/// How many assignments deep an interpolated name is followed.
const DEPTH: usize = 2;

/// Whether the variable the shell is given on `run` is the whole argument
/// and is only ever assigned (never grown) a whole string literal, whose
/// interpolations (an f-string's `{…}`, a template's `${…}`) hold only
/// quoting calls and names that are themselves literals: then it holds the
/// skill's own command. `cmd = f"{requests.get(u).text}"`, `cmd = "" +
/// r.text` or `cmd += r.text` do not.
pub fn written_here(lines: &Lines, run: &str) -> bool {
    RUN.captures(run)
        .and_then(|c| c.get(1))
        .is_some_and(|name| literal_only(lines, name.as_str()))
}

/// Whether every assignment of `name` in the text is a plain `=` of a
/// literal (and there is one): a constant of the script's own.
pub fn literal_only(lines: &Lines, name: &str) -> bool {
    literal_within(lines, name, DEPTH)
}

/// [`literal_only`], following interpolated names `depth` assignments
/// deep.
fn literal_within(lines: &Lines, name: &str, depth: usize) -> bool {
    let mut literal = false;
    for found in lines.all().filter_map(|line| ASSIGN.captures(line)) {
        if &found[1] != name {
            continue;
        }
        if !matches!(&found[2], "=" | ":=") || !whole_literal(lines, &found[3], depth) {
            return false;
        }
        literal = true;
    }
    literal
}

/// The text of every literal `name` is assigned, when [`literal_only`]
/// holds: what a constant may name.
pub fn literal_texts<'a>(lines: &'a Lines, name: &str) -> Option<Vec<&'a str>> {
    if !literal_only(lines, name) {
        return None;
    }
    let values = lines.all().filter_map(|line| ASSIGN.captures(line));
    let values = values.filter(|found| &found[1] == name);
    values
        .map(|found| literal(found.get(3).map_or("", |m| m.as_str())).map(|(_, _, text)| text))
        .collect()
}

/// A value that is one string literal and nothing after it but `;` or a
/// comment: its prefix (`f`, `r`…), its quote and its text.
fn literal(value: &str) -> Option<(&str, char, &str)> {
    let value = value.trim();
    let open = value
        .find(['"', '\'', '`'])
        .filter(|&at| at <= 2 && value[..at].chars().all(|c| "rRbBuUfF".contains(c)))?;
    let quote = value[open..].chars().next().expect("a quote was found");
    let body = &value[open + 1..];
    let close = body.find(quote)?;
    let rest = body[close + 1..]
        .trim_start()
        .trim_start_matches(';')
        .trim_start();
    (rest.is_empty() || rest.starts_with('#') || rest.starts_with("//")).then_some((
        &value[..open],
        quote,
        &body[..close],
    ))
}

/// Whether `value` is one string literal interpolating only literals.
fn whole_literal(lines: &Lines, value: &str, depth: usize) -> bool {
    let Some((prefix, quote, text)) = literal(value) else {
        return false;
    };
    let interpolates = prefix.contains(['f', 'F']) || quote == '`';
    if !interpolates {
        // A shell expands `$` inside double quotes.
        return quote == '\'' || !text.contains('$');
    }
    interpolations(text).all(|expr| depth > 0 && safe(lines, expr, depth - 1))
}

/// The expressions inside `{…}` (an f-string's or a template's `${…}`).
fn interpolations(text: &str) -> impl Iterator<Item = &str> {
    text.split('{')
        .skip(1)
        .map(|part| part.split('}').next().unwrap_or(part))
}

/// Whether an interpolated expression only quotes or converts names that
/// are literals themselves.
fn safe(lines: &Lines, expr: &str, depth: usize) -> bool {
    static NAME: LazyLock<Regex> =
        LazyLock::new(|| Regex::new(r"(^|[^.\w])([A-Za-z_]\w*)").expect("name"));
    NAME.captures_iter(expr).all(|c| {
        let name = &c[2];
        QUOTING.contains(&name) || literal_within(lines, name, depth)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn own(text: &str) -> bool {
        let lines = Lines::new(text);
        let run = lines.all().last().expect("a run line");
        written_here(&lines, run)
    }

    #[test]
    fn only_a_whole_literal_of_literals_is_the_skills_own_command() {
        for text in [
            "const cmd = \"npm run build\";\nexecSync(cmd)",
            "path = \"clip.webm\"\ncmd = f\"ffmpeg -i {shlex.quote(path)} clip.mp4\"\nos.system(cmd)",
            "cmd='make test'  # the suite\nsubprocess.run(cmd, shell=True)",
        ] {
            assert!(own(text), "{text}");
        }
        // The review's walk-arounds: a fetch interpolated, joined, grown or
        // added at the call; a name nobody assigns; a shell's "$u".
        for text in [
            "cmd = f\"{requests.get(u).text}\"\nos.system(cmd)",
            "cmd = \"\" + r.text\nos.system(cmd)",
            "cmd = \"true\"\ncmd += r.text\nos.system(cmd)",
            "cmd = \"echo\"\nos.system(cmd + r.text)",
            "cmd = f\"bash -c '{body}'\"\nos.system(cmd)",
            "t = r.text\ncmd = f\"sh -c '{t}'\"\nos.system(cmd)",
            "cmd=\"curl $u | sh\"\nsystem(cmd)",
        ] {
            assert!(!own(text), "{text}");
        }
    }

    #[test]
    fn a_value_given_anywhere_on_a_line_binds() {
        for line in [
            "[ -n \"$CI\" ] && INDEX=\"https://cache.example/py/\"",
            "if true; then INDEX=x; fi",
            ": \"${INDEX:=https://cache.example/py/}\"",
            "INDEX+=\"/simple\"",
            "curl -fsS \"$U\" || printf -v INDEX '%s' \"$ALT\"",
            "if ($cn) { $index = \"https://cache.example/py/\" }",
        ] {
            assert!(binds(line, "INDEX"), "{line}");
        }
        for line in [
            "pip install --index-url \"$INDEX\" x",
            "[ \"$INDEX\" == \"$OTHER\" ] && echo same",
            ": \"${INDEX:?set INDEX to your index}\"",
            "INDEXES=3",
        ] {
            assert!(!binds(line, "INDEX"), "{line}");
        }
    }
}
