//! FMT-5: `import(export(s)) == s` for every authored field, and exports
//! pass strict validation whenever the fields allow it.

use proptest::prelude::*;
use serde_json::{Map, Value as Json};
use skillworld_core::{
    ArgStyle, Origin, ParamType, Parameter, Requires, ScriptSpec, Skill, Status,
};
use skillworld_format::{SkillDocument, Source, export_skill_md, import_skill_md, validate_strict};

fn text(max: usize) -> impl Strategy<Value = String> {
    // Printable text, newlines and tabs included; never CR (CRLF is
    // normalised on read) or NUL (not text).
    proptest::string::string_regex(&format!("[\\PC\\n\\t]{{0,{max}}}")).unwrap()
}

fn trimmed(max: usize) -> impl Strategy<Value = String> {
    text(max)
        .prop_map(|s| s.trim().to_owned())
        .prop_filter("non-empty", |s| !s.is_empty())
}

fn word() -> impl Strategy<Value = String> {
    "[a-z][a-z0-9-]{0,8}"
}

fn json_leaf() -> impl Strategy<Value = Json> {
    prop_oneof![
        Just(Json::Null),
        any::<bool>().prop_map(Json::Bool),
        any::<i64>().prop_map(Json::from),
        any::<u64>().prop_map(Json::from),
        (-1.0e12f64..1.0e12).prop_map(Json::from),
        text(20).prop_map(Json::String),
    ]
}

fn json_value() -> impl Strategy<Value = Json> {
    json_leaf().prop_recursive(3, 16, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Json::Array),
            prop::collection::btree_map(word(), inner, 0..4)
                .prop_map(|m| Json::Object(m.into_iter().collect())),
        ]
    })
}

fn json_map(
    key: impl Strategy<Value = String>,
    value: impl Strategy<Value = Json>,
) -> impl Strategy<Value = Map<String, Json>> {
    prop::collection::btree_map(key, value, 0..4).prop_map(|m| m.into_iter().collect())
}

fn tool() -> impl Strategy<Value = String> {
    "@?[A-Za-z_][A-Za-z0-9_.-]{0,12}"
}

fn parameter() -> impl Strategy<Value = Parameter> {
    (
        "[a-z_]{1,8}",
        prop::sample::select(ParamType::ALL),
        any::<bool>(),
        // A `null` default is no default: the model keeps it as `None`.
        prop::option::of(json_leaf().prop_filter("not null", |v| !v.is_null())),
        prop::option::of(text(20)),
    )
        .prop_map(|(name, kind, required, default, description)| Parameter {
            name,
            kind,
            required,
            default,
            description,
        })
}

fn script() -> impl Strategy<Value = ScriptSpec> {
    (
        word(),
        "scripts/[a-z]{1,8}\\.(py|sh)",
        prop::collection::vec(text(10), 0..3),
        prop::sample::select(ArgStyle::ALL),
        prop::collection::vec(parameter(), 0..2),
    )
        .prop_map(|(id, path, fixed_args, arg_style, parameters)| ScriptSpec {
            id,
            path,
            fixed_args,
            arg_style,
            parameters,
        })
}

fn words() -> impl Strategy<Value = Vec<String>> {
    prop::collection::vec(text(12), 0..3)
}

fn requires() -> impl Strategy<Value = Requires> {
    (
        words(),
        words(),
        words(),
        words(),
        words(),
        words(),
        words(),
        words(),
        any::<bool>(),
        prop::option::of(text(10)),
    )
        .prop_map(
            |(
                tools,
                bins,
                any_bins,
                env,
                secrets,
                config,
                endpoints,
                platforms,
                always,
                primary_env,
            )| Requires {
                tools,
                bins,
                any_bins,
                env,
                secrets,
                config,
                endpoints,
                platforms,
                always,
                primary_env,
            },
        )
}

prop_compose! {
    fn skill()(
        texts in prop::collection::vec(prop::option::of(text(40)), 8),
        metadata in json_map(word().prop_filter("not a claw namespace", |k| !["openclaw", "clawdbot", "moltbot", "clawdis"].contains(&k.as_str())), json_value()),
        allowed_tools in prop::collection::vec(tool(), 0..4),
        denied_tools in prop::collection::vec(tool(), 0..4),
        origin in prop::sample::select(Origin::ALL),
        status in prop::sample::select(Status::ALL),
        parameters in prop::collection::vec(parameter(), 0..3),
        scripts in prop::collection::vec(script(), 0..2),
        requires in requires(),
        user_invocable in prop::option::of(any::<bool>()),
        disable_model_invocation in any::<bool>(),
        extras in json_map("x-[a-z]{1,8}", json_value()),
    ) -> Skill {
        let [display_title, license, compatibility, version, author, when_to_use, argument_hint, model] =
            <[Option<String>; 8]>::try_from(texts).unwrap();
        Skill {
            display_title, license, compatibility, metadata: metadata.into(), allowed_tools, denied_tools, origin, status,
            version, author, parameters, scripts, requires: requires.into(), user_invocable, disable_model_invocation,
            when_to_use, argument_hint, model, extras: extras.into(),
            ..Skill::new(origin)
        }
    }
}

prop_compose! {
    fn document()(
        name in "[a-z0-9]{1,10}(-[a-z0-9]{1,10}){0,3}",
        description in trimmed(300),
        body in text(400),
        tags in prop::collection::vec(text(12), 0..4),
        skill in skill(),
    ) -> SkillDocument {
        SkillDocument { name, description, body, tags, skill }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn import_of_export_is_identity(document in document()) {
        let exported = export_skill_md(&document);
        let imported = import_skill_md(exported.as_bytes(), &Source::default())
            .unwrap_or_else(|e| panic!("{e}\n{exported}"));
        prop_assert_eq!(&imported.document, &document, "{}", exported);
    }

    #[test]
    fn exports_are_strictly_valid_when_the_fields_allow(mut document in document()) {
        // What strict validation cannot accept: non-string metadata values,
        // fields outside the agentskills set, over-long texts.
        document.skill.metadata.retain(|_, v| v.is_string());
        document.skill.extras.clear();
        document.description = document.description.chars().take(1024).collect();
        if let Some(c) = &mut document.skill.compatibility {
            *c = c.chars().take(500).collect();
        }
        let exported = export_skill_md(&document);
        let source = Source { dir_name: Some(&document.name), file_name: Some("SKILL.md"), location: None };
        let report = validate_strict(exported.as_bytes(), &source);
        prop_assert!(report.errors.is_empty(), "{:?}\n{}", report.errors, exported);
    }
}

/// proptest's shrunk case from CI run 127 (an extra's text ending in a
/// line break and U+2028), and the other characters YAML 1.1 reads as line
/// breaks, in an extra and in a description: they round-trip, and the
/// description's export stays strictly valid.
#[test]
fn texts_with_yaml11_line_breaks_round_trip() {
    for c in ['\u{85}', '\u{2028}', '\u{2029}'] {
        let mut skill = Skill::new(Origin::Builtin);
        skill.status = Status::Draft;
        let text = format!("\n{c}");
        let inner: Map<String, Json> = [("a".to_owned(), Json::String(text))].into_iter().collect();
        let extras: Map<String, Json> = [("x-a".to_owned(), Json::Object(inner))]
            .into_iter()
            .collect();
        skill.extras = extras.into();
        let with_extra = SkillDocument {
            name: "a".to_owned(),
            description: "a".to_owned(),
            body: String::new(),
            tags: Vec::new(),
            skill: skill.clone(),
        };
        skill.extras = Map::new().into();
        let in_description = SkillDocument {
            description: format!("one{c}two"),
            skill,
            ..with_extra.clone()
        };
        let strict = validate_strict(
            export_skill_md(&in_description).as_bytes(),
            &Source {
                dir_name: Some("a"),
                file_name: Some("SKILL.md"),
                location: None,
            },
        );
        assert!(strict.errors.is_empty(), "{:?}", strict.errors);
        for document in [with_extra, in_description] {
            let exported = export_skill_md(&document);
            let imported = import_skill_md(exported.as_bytes(), &Source::default())
                .unwrap_or_else(|e| panic!("{e}\n{exported:?}"));
            assert_eq!(imported.document, document, "{exported:?}");
        }
    }
}
