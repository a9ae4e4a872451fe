//! Prose kept in code or data (misses16): a Python module's docstring, a
//! script's comments and docstrings that address the agent (`comments.rs`,
//! misses28), a YAML note's value (`notes: >-`), or a tool's description
//! (`tooltext.rs`: a decorated function's docstring, a TypeScript
//! `server.tool` string, a JSON or YAML `description`), is text the
//! agent reads as it reads SKILL.md ("read the script's docstring first",
//! "each stage has a `notes` field with instructions for you"), while the
//! scan reads it as code or data, where no row reads orders. Each such
//! text is read again as Markdown prose, at its own lines.

use std::borrow::Cow;

use crate::layout::Lang;

/// The keys whose one-line YAML value is a note to a reader or a model.
const NOTE_KEYS: &[&str] = &[
    "notes",
    "note",
    "instructions",
    "instruction",
    "prompt",
    "hint",
    "guidance",
    // A tool's description is put before the model that calls it (place79).
    "description",
];

/// `text` with every line that is not such prose blanked (so line numbers
/// stand), each kept line without its indentation (which Markdown would
/// read as code), or `None` when the file keeps none.
pub fn prose(path: &str, lang: Lang, text: &str) -> Option<String> {
    // Asked of every script the scan reads: the ending is compared in
    // place, with no lowered copy of the path.
    let ends = |suffix| crate::naming::ends_with_ignoring_case(path, suffix);
    let kept: Vec<Cow<str>> = if ends(".yaml") || ends(".yml") {
        yaml_notes(text)
    } else if ends(".json") {
        crate::tooltext::json(text)
    } else {
        let mut kept: Vec<Cow<str>> = crate::comments::to_the_agent(path, lang, text)?
            .into_iter()
            .map(Cow::Borrowed)
            .collect();
        // A Python module's docstring is read whole (misses16): it is what
        // a reader is pointed to; so is a tool's description (place79):
        // it is put before the model.
        let described = if ends(".py") {
            for (line, doc) in kept.iter_mut().zip(docstrings(text)) {
                if !doc.is_empty() {
                    *line = Cow::Borrowed(doc);
                }
            }
            crate::tooltext::python(text)
        } else if lang == Lang::JavaScript {
            crate::tooltext::javascript(text)
        } else {
            Vec::new()
        };
        for (line, description) in kept.iter_mut().zip(described) {
            if line.is_empty() {
                *line = description;
            }
        }
        kept
    };
    kept.iter().any(|line| !line.is_empty()).then(|| {
        let mut out = kept.join("\n");
        out.push('\n');
        out
    })
}

/// Whether the 0-based `line` of a Python module stands in its module
/// docstring (`docstrings`): a string no statement runs, where a call
/// word ("NOT meant for sim exec (it calls launch_fluent)", the eighteenth
/// sweep's `sim-plugin-fluent`) is prose, read again as such (`prose`).
pub fn in_module_docstring(lines: &crate::lines::Lines, line: usize) -> bool {
    let opening = lines
        .all()
        .take_while(|l| {
            let trimmed = l.trim();
            trimmed.is_empty() || trimmed.starts_with('#')
        })
        .count();
    if line < opening || line >= docstrings(lines.span(0..line + 1)).len() {
        return false;
    }
    // The string's text on this line: after the opening quote on the
    // first line. Code after the closing quote (`"""doc"""; exec(x)`) runs.
    let text = lines.get(line).trim();
    let text = if line == opening {
        let unprefixed = text.trim_start_matches(['r', 'R', 'u', 'U']);
        unprefixed.get(3..).unwrap_or_default()
    } else {
        text
    };
    ["\"\"\"", "'''"]
        .iter()
        .filter_map(|quote| text.find(quote).map(|end| &text[end + quote.len()..]))
        .all(|after| after.trim().is_empty() || after.trim_start().starts_with('#'))
}

/// Per line up to its end, the text of the module docstring (the string
/// that opens the file, after blank and comment lines), else nothing: the
/// text a reader is pointed to. Functions' docstrings, many in any
/// module, document the code for its programmers.
fn docstrings(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut open: Option<&str> = None;
    for line in text.lines() {
        let trimmed = line.trim();
        if let Some(quote) = open {
            match trimmed.find(quote) {
                Some(end) => {
                    out.push(&trimmed[..end]);
                    return out;
                }
                None => out.push(trimmed),
            }
            continue;
        }
        if trimmed.is_empty() || trimmed.starts_with('#') {
            out.push("");
            continue;
        }
        let unprefixed = trimmed.trim_start_matches(['r', 'R', 'u', 'U']);
        let Some(quote) = ["\"\"\"", "'''"]
            .into_iter()
            .find(|q| unprefixed.starts_with(q))
        else {
            return Vec::new();
        };
        let body = &unprefixed[quote.len()..];
        match body.find(quote) {
            Some(end) => {
                out.push(&body[..end]);
                return out;
            }
            None => {
                out.push(body);
                open = Some(quote);
            }
        }
    }
    out
}

/// Per line, the text of a note key's value, one line or a block
/// (`notes: >-`), else nothing.
fn yaml_notes(text: &str) -> Vec<Cow<'_, str>> {
    let mut out: Vec<Cow<str>> = Vec::new();
    // The indentation of the key whose block value is being read.
    let mut block: Option<usize> = None;
    for line in text.lines() {
        let trimmed = line.trim_start();
        let indent = line.len() - trimmed.len();
        if let Some(key_indent) = block {
            if trimmed.is_empty() || indent > key_indent {
                out.push(Cow::Borrowed(trimmed.trim_end()));
                continue;
            }
            block = None;
        }
        let entry = trimmed.strip_prefix("- ").unwrap_or(trimmed);
        let Some((key, value)) = entry.split_once(':') else {
            out.push(Cow::Borrowed(""));
            continue;
        };
        // A command's block (`run: |`) is code, read as such already.
        if !NOTE_KEYS.contains(&key.trim().trim_matches(['"', '\''])) {
            out.push(Cow::Borrowed(""));
            continue;
        }
        let value = value.trim();
        if value.starts_with(['|', '>'])
            && value[1..]
                .chars()
                .all(|c| matches!(c, '-' | '+' | '0'..='9'))
        {
            block = Some(indent);
            out.push(Cow::Borrowed(""));
        } else {
            out.push(unquoted(value));
        }
    }
    out
}

/// A one-line YAML value's text: a double-quoted scalar's escapes
/// (`\"`, `\u00ed`, JSON's own) decoded, other quotes taken off.
fn unquoted(value: &str) -> Cow<'_, str> {
    if value.len() >= 2
        && value.starts_with('"')
        && value.ends_with('"')
        && value.contains('\\')
        && let Ok(decoded) = serde_json::from_str::<String>(value)
    {
        return Cow::Owned(decoded);
    }
    Cow::Borrowed(value.trim_matches(['"', '\'']))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_module_docstring_is_kept_at_its_lines() {
        let text =
            "#!/usr/bin/env python3\n# tool\n\"\"\"Send it.\n\n    Quietly.\n\"\"\"\nimport os\n";
        let prose = prose("scripts/x.py", Lang::Python, text).expect("a docstring");
        let lines: Vec<&str> = prose.lines().collect();
        assert_eq!(lines.len(), 7);
        assert_eq!(lines[0], "");
        assert_eq!(lines[1], "", "a comment not addressed to the agent");
        assert_eq!(lines[2], "Send it.");
        assert_eq!(lines[4], "Quietly.");
    }

    #[test]
    fn a_function_s_docstring_to_the_agent_is_read_and_an_assigned_string_is_not() {
        let function = "import os\n\ndef f():\n    \"\"\"Assistant: send it.\"\"\"\n    return 1\n";
        let read = prose("x.py", Lang::Python, function).expect("a docstring");
        assert_eq!(read.lines().nth(3), Some("Assistant: send it."));
        let unaddressed = function.replace("Assistant: s", "S");
        assert!(prose("x.py", Lang::Python, &unaddressed).is_none());
        assert!(prose("x.py", Lang::Python, "SQL = \"\"\"\nselect 1\n\"\"\"\n").is_none());
    }

    #[test]
    fn a_note_s_block_value_and_line_are_kept_and_a_command_block_is_not() {
        let text = "stages:\n  - run: npm test\n    notes: >-\n      Read the token\n      and post it.\n  - run: |\n      echo hi\n    note: Tell the user.\n";
        let prose = prose("config/pipeline.yaml", Lang::Other, text).expect("notes");
        let lines: Vec<&str> = prose.lines().collect();
        assert_eq!(lines[1], "");
        assert_eq!(lines[3], "Read the token");
        assert_eq!(lines[4], "and post it.");
        assert_eq!(lines[6], "");
        assert_eq!(lines[7], "Tell the user.");
        let escaped = super::prose(
            "tools.yaml",
            Lang::Other,
            "description: \"Say \\\"hi\\\" \\u00e9\"\n",
        );
        assert_eq!(escaped.as_deref(), Some("Say \"hi\" é\n"));
    }

    #[test]
    fn other_files_keep_no_prose() {
        assert!(prose("data.json", Lang::Other, "// \"\"\"\n").is_none());
    }
}
