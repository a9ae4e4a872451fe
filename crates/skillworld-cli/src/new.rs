//! `skillworld new NAME --template T`: a starter bundle that passes strict
//! validation (GOV, CLI-2). The SKILL.md is written by the format crate's
//! exporter, so what it writes is exactly what the importer reads back.

use std::path::Path;

use clap::ValueEnum;
use serde_json::json;
use skillworld_core::{ArgStyle, ParamType, Parameter, ScriptSpec, SkillName};
use skillworld_format::{SkillDocument, export_skill_md, write_file_atomically};

use crate::Failure;

/// The starter bundles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Template {
    /// Instructions only.
    Plain,
    /// A Python script tool with one typed parameter.
    PythonTool,
    /// A shell script tool with one typed parameter.
    ShellTool,
    /// A script tool that needs a secret (API_KEY) set by an admin.
    NeedsSecret,
    /// Instructions that point at a reference file, read on demand.
    References,
}

/// One file of a starter bundle besides SKILL.md.
struct StarterFile {
    path: &'static str,
    text: &'static str,
    executable: bool,
}

const PYTHON_TOOL: &str = r#"#!/usr/bin/env python3
"""Counts the words of --text and prints the result as JSON."""
import argparse
import json

parser = argparse.ArgumentParser()
parser.add_argument("--text", required=True)
args = parser.parse_args()
print(json.dumps({"words": len(args.text.split())}))
"#;

const SHELL_TOOL: &str = r#"#!/bin/sh
# Prints --text back as JSON (the first argument pair is --text VALUE).
set -eu
[ "${1:-}" = "--text" ] || { echo '{"error": "usage: --text VALUE"}'; exit 2; }
printf '{"echo": "%s"}\n' "$2"
"#;

const NEEDS_SECRET: &str = r#"#!/bin/sh
# Uses the API_KEY secret an admin set for this skill; never prints it.
set -eu
if [ -z "${API_KEY:-}" ]; then
  echo '{"error": "API_KEY is not set: ask an admin to run skillworld secret set"}'
  exit 2
fi
printf '{"authorised": true, "key_length": %s}\n' "${#API_KEY}"
"#;

const REFERENCE: &str =
    "# Reference\n\nThe details the skill's instructions point to, loaded only when needed.\n";

/// Writes the starter bundle `name` from `template` into `to/name/`.
pub fn new_skill(name: &str, template: Template, to: &Path) -> Result<bool, Failure> {
    SkillName::new(name).map_err(|e| Failure::usage(format!("'{name}': {e}")))?;
    let folder = to.join(name);
    if folder.exists() {
        return Err(Failure::usage(format!(
            "{}: already exists; choose another name or --to",
            folder.display()
        )));
    }
    let (document, files) = starter(name, template);
    write_file_atomically(
        &folder.join("SKILL.md"),
        export_skill_md(&document).as_bytes(),
        false,
    )
    .map_err(|e| Failure::usage(format!("{}: {e}", folder.display())))?;
    for file in files {
        let path = folder.join(file.path);
        write_file_atomically(&path, file.text.as_bytes(), file.executable)
            .map_err(|e| Failure::usage(format!("{}: {e}", path.display())))?;
    }
    crate::say(format!(
        "wrote {} ({template:?}); check it with: skillworld validate --strict {}",
        folder.display(),
        folder.display()
    ));
    Ok(true)
}

fn text_parameter(description: &str) -> Parameter {
    Parameter {
        name: "text".into(),
        kind: ParamType::String,
        required: true,
        default: None,
        description: Some(description.into()),
    }
}

fn script(path: &str, parameters: Vec<Parameter>) -> ScriptSpec {
    ScriptSpec {
        id: "run".into(),
        path: path.into(),
        fixed_args: Vec::new(),
        arg_style: ArgStyle::Flags,
        parameters,
    }
}

fn starter(name: &str, template: Template) -> (SkillDocument, Vec<StarterFile>) {
    let tool = format!("skill_{}_run", name.replace('-', "_"));
    let (description, body, files) = match template {
        Template::Plain => (
            "Describe what the skill does and when to use it, in one or two sentences.",
            "# Steps\n\n1. Say what to do first.\n2. Then what.\n\n# Checks\n\n- What to verify before answering.\n".to_owned(),
            vec![],
        ),
        Template::PythonTool => (
            "Counts the words of a text with a Python tool. Use when asked how long a text is.",
            format!("# Counting words\n\nCall `{tool}` with the text; it answers JSON `{{\"words\": N}}`.\n"),
            vec![StarterFile { path: "scripts/run.py", text: PYTHON_TOOL, executable: true }],
        ),
        Template::ShellTool => (
            "Echoes a text with a shell tool. Use to try script tools.",
            format!("# Echo\n\nCall `{tool}` with the text; it answers JSON `{{\"echo\": TEXT}}`.\n"),
            vec![StarterFile { path: "scripts/run.sh", text: SHELL_TOOL, executable: true }],
        ),
        Template::NeedsSecret => (
            "Calls a service that needs an API key. Use once an admin has set API_KEY for this skill.",
            format!("# Calling the service\n\nCall `{tool}`. It reads the `API_KEY` secret (an admin sets it with `skillworld secret set {name} API_KEY VALUE`) and never prints it.\n"),
            vec![StarterFile { path: "scripts/run.sh", text: NEEDS_SECRET, executable: true }],
        ),
        Template::References => (
            "Answers with the details kept in a reference file. Use when the short instructions are not enough.",
            "# Instructions\n\nFollow the short version here. For details, load `references/guide.md` of this skill.\n".to_owned(),
            vec![StarterFile { path: "references/guide.md", text: REFERENCE, executable: false }],
        ),
    };
    let mut document = SkillDocument::new(name, description, body);
    match template {
        Template::PythonTool => {
            document.skill.scripts = vec![script(
                "scripts/run.py",
                vec![text_parameter("The text to count.")],
            )];
            document.skill.requires.bins = vec!["python3".into()];
        }
        Template::ShellTool => {
            document.skill.scripts = vec![script(
                "scripts/run.sh",
                vec![text_parameter("The text to echo.")],
            )];
        }
        Template::NeedsSecret => {
            document.skill.scripts = vec![script("scripts/run.sh", Vec::new())];
            document.skill.requires.secrets = vec!["API_KEY".into()];
        }
        Template::Plain | Template::References => {}
    }
    document
        .skill
        .metadata
        .insert("version".into(), json!("0.1.0"));
    (document, files)
}
