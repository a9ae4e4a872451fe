//! FMT-4 lenient import: each real-world oddity is accepted with its code.

use serde_json::json;
use skillworld_core::{Origin, ParamType, Status};
use skillworld_format::{
    FormatError, Imported, Source, WarningCode, assign_unique_names, import_skill_md,
};

fn import_in(dir: &str, text: &str) -> Imported {
    let source = Source {
        dir_name: Some(dir),
        file_name: Some("SKILL.md"),
        location: None,
    };
    import_skill_md(text.as_bytes(), &source).unwrap_or_else(|e| panic!("import failed: {e}"))
}

fn codes(imported: &Imported) -> Vec<WarningCode> {
    imported.warnings.iter().map(|w| w.code).collect()
}

#[test]
fn a_clean_file_has_no_warnings() {
    let imported = import_in(
        "clean",
        "---\nname: clean\ndescription: Clean skill.\n---\nBody\n",
    );
    assert_eq!(codes(&imported), []);
    assert_eq!(imported.document.name, "clean");
    assert_eq!(imported.document.description, "Clean skill.");
    assert_eq!(imported.document.body, "Body\n");
    assert_eq!(imported.document.skill.origin, Origin::Imported);
}

#[test]
fn unquoted_colons_are_repaired() {
    let imported = import_in(
        "c",
        "---\nname: c\ndescription: Use when: the user asks: twice\n---\n",
    );
    assert_eq!(codes(&imported), [WarningCode::ColonRepaired]);
    assert_eq!(
        imported.document.description,
        "Use when: the user asks: twice"
    );
}

#[test]
fn json_metadata_is_flow_metadata() {
    let imported = import_in(
        "j",
        "---\nname: j\ndescription: d\nmetadata: {\"author\": \"x\", \"version\": \"2\"}\n---\n",
    );
    assert_eq!(codes(&imported), [WarningCode::FlowMetadata]);
    assert_eq!(imported.document.skill.metadata["author"], json!("x"));

    let as_string = import_in(
        "j",
        "---\nname: j\ndescription: d\nmetadata: '{\"a\": \"b\"}'\n---\n",
    );
    assert_eq!(codes(&as_string), [WarningCode::FlowMetadata]);
    assert_eq!(as_string.document.skill.metadata["a"], json!("b"));
}

#[test]
fn nested_metadata_is_kept_nested() {
    let imported = import_in(
        "n",
        "---\nname: n\ndescription: d\nmetadata:\n  contributors:\n    - name: a\n      role: b\n  plain: x\n---\n",
    );
    assert_eq!(codes(&imported), [WarningCode::NestedMetadata]);
    assert_eq!(
        imported.document.skill.metadata["contributors"],
        json!([{"name": "a", "role": "b"}])
    );
    assert!(imported.warnings[0].message.contains("contributors"));
}

#[test]
fn crlf_and_bom_and_blank_lines() {
    let imported = import_in(
        "q",
        "\u{feff}\r\n---\r\nname: q\r\ndescription: d\r\n---\r\nline\r\n",
    );
    assert_eq!(
        codes(&imported),
        [
            WarningCode::Bom,
            WarningCode::Crlf,
            WarningCode::LeadingBlankLines
        ]
    );
    assert_eq!(imported.document.body, "line\n");
}

#[test]
fn bad_names_are_normalised_and_kept_in_provenance() {
    for (raw, slug) in [
        ("My Skill", "my-skill"),
        ("pdf_tools", "pdf-tools"),
        ("UPPER", "upper"),
    ] {
        let text = format!("---\nname: {raw}\ndescription: d\n---\n");
        let imported = import_in(slug, &text);
        assert_eq!(codes(&imported), [WarningCode::NameNormalized], "{raw}");
        assert_eq!(imported.document.name, slug);
        assert_eq!(
            imported.document.skill.provenance.original_name.as_deref(),
            Some(raw)
        );
    }
    let long = "a".repeat(80);
    let imported = import_in("x", &format!("---\nname: {long}\ndescription: d\n---\n"));
    assert_eq!(imported.document.name.len(), 64);
    assert!(codes(&imported).contains(&WarningCode::NameNormalized));
}

#[test]
fn non_ascii_names_fall_back_to_the_directory() {
    let imported = import_in("weather", "---\nname: 天气\ndescription: d\n---\n");
    assert_eq!(imported.document.name, "weather");
    assert_eq!(codes(&imported), [WarningCode::NameNormalized]);
}

#[test]
fn missing_name_comes_from_the_directory() {
    let imported = import_in("From Dir", "---\ndescription: d\n---\n");
    assert_eq!(imported.document.name, "from-dir");
    assert_eq!(codes(&imported), [WarningCode::NameFromDir]);
    let no_dir = import_skill_md(b"---\ndescription: d\n---\n", &Source::default());
    assert_eq!(no_dir.unwrap_err(), FormatError::MissingName);
}

#[test]
fn name_directory_mismatch() {
    let imported = import_in("other", "---\nname: mine\ndescription: d\n---\n");
    assert_eq!(codes(&imported), [WarningCode::NameDirMismatch]);
    assert_eq!(imported.document.name, "mine");
}

#[test]
fn tools_become_allowed_tools() {
    let imported = import_in(
        "t",
        "---\nname: t\ndescription: d\ntools: [web_fetch, shell]\n---\n",
    );
    assert_eq!(codes(&imported), [WarningCode::ToolsAsAllowedTools]);
    assert_eq!(
        imported.document.skill.allowed_tools,
        ["web_fetch", "shell"]
    );
    assert_eq!(
        imported.document.skill.requires.tools,
        ["web_fetch", "shell"]
    );

    let both = import_in(
        "t",
        "---\nname: t\ndescription: d\ntools: a\nallowed-tools: b\n---\n",
    );
    assert_eq!(codes(&both), []);
    assert_eq!(both.document.skill.allowed_tools, ["b"]);
}

#[test]
fn skill_md_file_name_case() {
    let source = Source {
        dir_name: Some("s"),
        file_name: Some("skill.md"),
        location: None,
    };
    let imported = import_skill_md(b"---\nname: s\ndescription: d\n---\n", &source).unwrap();
    assert_eq!(codes(&imported), [WarningCode::SkillMdCase]);
}

#[test]
fn folded_descriptions() {
    let imported = import_in(
        "f",
        "---\nname: f\ndescription: >\n  Folded over\n  two lines.\n---\n",
    );
    assert_eq!(codes(&imported), []);
    assert_eq!(imported.document.description, "Folded over two lines.");
}

#[test]
fn unknown_fields_are_kept() {
    let imported = import_in(
        "u",
        "---\nname: u\ndescription: d\nhomepage: https://x\n---\n",
    );
    assert_eq!(codes(&imported), [WarningCode::UnknownField]);
    assert_eq!(
        imported.document.skill.extras["homepage"],
        json!("https://x")
    );
}

#[test]
fn long_description_and_body_warn() {
    let text = format!(
        "---\nname: l\ndescription: {}\n---\n{}",
        "d".repeat(1100),
        "b".repeat(100_001)
    );
    let imported = import_in("l", &text);
    assert_eq!(
        codes(&imported),
        [WarningCode::DescriptionTooLong, WarningCode::BodyTooLong]
    );
}

#[test]
fn coerced_and_invalid_values() {
    let imported = import_in(
        "v",
        "---\nname: v\ndescription: d\nversion: 1.0\nstatus: [x]\n---\n",
    );
    assert_eq!(
        codes(&imported),
        [WarningCode::ValueCoerced, WarningCode::InvalidField]
    );
    assert_eq!(imported.document.skill.version.as_deref(), Some("1.0"));
    assert_eq!(imported.document.skill.extras["status"], json!(["x"]));
}

#[test]
fn rejections_name_the_reason() {
    let cases: [(&str, FormatError); 6] = [
        ("", FormatError::NoFrontmatterNoText),
        ("- only\n- a list\n", FormatError::NoFrontmatterNoText),
        ("---\nname: a\ndescription: d\n", FormatError::Unclosed),
        ("---\nname: a\n---\n", FormatError::MissingDescription),
        (
            "---\nname: a\ndescription: [1]\n---\n",
            FormatError::DescriptionNotString,
        ),
        ("---\n- a\n---\n", FormatError::NotMapping),
    ];
    for (text, expected) in cases {
        assert_eq!(
            import_skill_md(text.as_bytes(), &Source::default()).unwrap_err(),
            expected,
            "{text}"
        );
    }
    let broken = import_skill_md(
        b"---\nname: a\ndescription: [unclosed\n---\n",
        &Source::default(),
    );
    assert!(matches!(broken, Err(FormatError::Yaml(_))));
}

#[test]
fn collisions_get_numbered() {
    let mut batch: Vec<Imported> = (0..3)
        .map(|_| import_in("same", "---\nname: same\ndescription: d\n---\n"))
        .collect();
    assign_unique_names(batch.iter_mut());
    let names: Vec<&str> = batch.iter().map(|i| i.document.name.as_str()).collect();
    assert_eq!(names, ["same", "same-2", "same-3"]);
    assert_eq!(
        batch[2].warnings.last().unwrap().code,
        WarningCode::NameCollision
    );
}

#[test]
fn every_dialect_maps_into_the_model() {
    let text = r#"---
name: weather
description: Weather lookups.
title: Weather Helper
version: 2.1.0
type: dynamic
author: someone
tags: weather, forecast
allowed_tools: [web_fetch]
denied-tools: shell
status: draft
platforms: [linux, macos]
when_to_use: When asked about weather.
argument-hint: "<city>"
model: small
user-invocable: false
disable-model-invocation: true
parameters:
  - name: city
    type: string
    required: true
scripts:
  - id: fetch
    path: scripts/fetch.py
    arg_style: flags
metadata:
  openclaw:
    requires: {bins: [curl], anyBins: [jq, yq], env: [API_KEY], config: [net.enabled]}
    os: [darwin, linux]
    always: true
    primaryEnv: API_KEY
---
Body
"#;
    let imported = import_in("weather", text);
    let skill = &imported.document.skill;
    assert_eq!(skill.display_title.as_deref(), Some("Weather Helper"));
    assert_eq!(skill.version.as_deref(), Some("2.1.0"));
    assert_eq!(skill.origin, Origin::Evolved);
    assert_eq!(skill.status, Status::Draft);
    assert_eq!(imported.document.tags, ["weather", "forecast"]);
    assert_eq!(skill.allowed_tools, ["web_fetch"]);
    assert_eq!(skill.denied_tools, ["shell"]);
    assert_eq!(skill.parameters[0].kind, ParamType::String);
    assert_eq!(skill.scripts[0].path, "scripts/fetch.py");
    assert_eq!(skill.requires.bins, ["curl"]);
    assert_eq!(skill.requires.any_bins, ["jq", "yq"]);
    assert_eq!(skill.requires.env, ["API_KEY"]);
    assert_eq!(skill.requires.config, ["net.enabled"]);
    assert_eq!(skill.requires.platforms, ["macos", "linux"]);
    assert!(skill.requires.always);
    assert_eq!(skill.requires.primary_env.as_deref(), Some("API_KEY"));
    assert_eq!(
        skill.when_to_use.as_deref(),
        Some("When asked about weather.")
    );
    assert_eq!(skill.argument_hint.as_deref(), Some("<city>"));
    assert_eq!(skill.user_invocable, Some(false));
    assert!(skill.disable_model_invocation);
    // `openclaw` is a known namespace: nested, but no nested-metadata warning.
    assert_eq!(codes(&imported), []);
}

#[test]
fn allowed_tools_forms() {
    for (value, expected) in [
        ("Read Write  Bash", vec!["Read", "Write", "Bash"]),
        ("Read, Write,Bash", vec!["Read", "Write", "Bash"]),
        ("[Read, ' ', '@files']", vec!["Read", "@files"]),
    ] {
        let imported = import_in(
            "a",
            &format!("---\nname: a\ndescription: d\nallowed-tools: {value}\n---\n"),
        );
        assert_eq!(imported.document.skill.allowed_tools, expected, "{value}");
    }
    let both = import_in(
        "a",
        "---\nname: a\ndescription: d\nallowed_tools: x\nallowed-tools: y\n---\n",
    );
    assert_eq!(both.document.skill.allowed_tools, ["y"]);
}

#[test]
fn our_flat_extensions_are_read_back() {
    let text = "---\nname: x\ndescription: d\nmetadata:\n  skillworld.origin: routine\n  freeanima.status: discarded\n  skillworld.parameters: '[{\"name\":\"n\",\"type\":\"number\"}]'\n  skillworld.bogus: keep\n---\n";
    let imported = import_in("x", text);
    let skill = &imported.document.skill;
    assert_eq!(skill.origin, Origin::Routine);
    assert_eq!(skill.status, Status::Discarded);
    assert_eq!(skill.parameters[0].kind, ParamType::Number);
    assert_eq!(skill.metadata["skillworld.bogus"], json!("keep"));
    assert_eq!(codes(&imported), [WarningCode::InvalidField]);
}

#[test]
fn a_file_without_frontmatter_is_read_leniently() {
    let text = "# PDF Tools\n\nFill PDF forms\nand merge them.\n\n## Usage\n\nRun pdftk.\n";
    let imported = import_in("pdf-tools", text);
    assert_eq!(
        codes(&imported),
        [WarningCode::NoFrontmatter, WarningCode::NameFromDir]
    );
    assert_eq!(imported.document.name, "pdf-tools");
    assert_eq!(
        imported.document.description,
        "Fill PDF forms and merge them."
    );
    assert_eq!(imported.document.body, text);
    assert_eq!(imported.document.skill.origin, Origin::Imported);
    assert!(imported.warnings[0].message.contains("first paragraph"));

    let headings_only = import_in("Deploy_Helper", "# Deploy helper\n\n- step\n");
    assert_eq!(headings_only.document.name, "deploy-helper");
    assert_eq!(headings_only.document.description, "Deploy helper");
    assert!(headings_only.warnings[0].message.contains("first heading"));

    // Without a folder there is no name to take.
    assert_eq!(
        import_skill_md(text.as_bytes(), &Source::default()).unwrap_err(),
        FormatError::MissingName
    );
    // An opened but unclosed fence is still refused: that is broken
    // frontmatter, not none.
    assert_eq!(
        import_skill_md(b"---\nname: a\n\nText.\n", &Source::default()).unwrap_err(),
        FormatError::Unclosed
    );
}

#[test]
fn mateclaw_camel_case_script_keys_are_read() {
    let imported = import_in(
        "s",
        "---\nname: s\ndescription: d\nscripts:\n  - id: run\n    path: scripts/run.sh\n    \
         fixedArgs: [--fast]\n    argStyle: flags\n    timeout: 30\n---\n",
    );
    let script = &imported.document.skill.scripts[0];
    assert_eq!(script.fixed_args, ["--fast"]);
    assert_eq!(script.arg_style, skillworld_core::ArgStyle::Flags);
    assert_eq!(codes(&imported), [WarningCode::UnknownField]);
    assert_eq!(
        imported.warnings[0].message,
        "scripts[0]: unknown key 'timeout' ignored"
    );
}
