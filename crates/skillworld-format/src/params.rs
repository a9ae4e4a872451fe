//! FMT-6: rendering `{{name}}` placeholders with typed parameter values.

use serde_json::{Map, Value as Json};
use skillworld_core::{ParamType, Parameter};

use crate::RenderError;

/// Replaces `{{name}}` (spaces inside the braces allowed) for every declared
/// parameter: the given value, else its default, else empty for an optional
/// one. A missing required value or a value of the wrong type is an error;
/// placeholders that name no parameter are left untouched.
pub fn render_body(
    body: &str,
    parameters: &[Parameter],
    args: &Map<String, Json>,
) -> Result<String, RenderError> {
    let mut values: Vec<(&str, String)> = Vec::with_capacity(parameters.len());
    for parameter in parameters {
        let given = args.get(&parameter.name).filter(|v| !v.is_null());
        let value = match given.or(parameter.default.as_ref()) {
            Some(value) => {
                check_type(parameter, value)?;
                display(value)
            }
            None if parameter.required => {
                return Err(RenderError::MissingRequired {
                    name: parameter.name.clone(),
                });
            }
            None => String::new(),
        };
        values.push((parameter.name.as_str(), value));
    }
    if values.is_empty() {
        return Ok(body.to_owned());
    }
    let mut out = String::with_capacity(body.len());
    let mut rest = body;
    while let Some(open) = rest.find("{{") {
        out.push_str(&rest[..open]);
        let after = &rest[open + 2..];
        let Some(close) = after.find("}}") else {
            out.push_str(&rest[open..]);
            return Ok(out);
        };
        let key = after[..close].trim();
        match values.iter().find(|(name, _)| *name == key) {
            Some((_, value)) => {
                out.push_str(value);
                rest = &after[close + 2..];
            }
            None => {
                out.push_str("{{");
                rest = after;
            }
        }
    }
    out.push_str(rest);
    Ok(out)
}

fn check_type(parameter: &Parameter, value: &Json) -> Result<(), RenderError> {
    let ok = match parameter.kind {
        ParamType::String => value.is_string(),
        ParamType::Number => value.is_number(),
        ParamType::Boolean => value.is_boolean(),
        ParamType::Array => value.is_array(),
    };
    if ok {
        return Ok(());
    }
    let got = match value {
        Json::Null => "null",
        Json::Bool(_) => "a boolean",
        Json::Number(_) => "a number",
        Json::String(_) => "a string",
        Json::Array(_) => "an array",
        Json::Object(_) => "an object",
    };
    Err(RenderError::WrongType {
        name: parameter.name.clone(),
        expected: parameter.kind.as_str(),
        got,
    })
}

fn display(value: &Json) -> String {
    match value {
        Json::String(s) => s.clone(),
        Json::Array(items) => items.iter().map(display).collect::<Vec<_>>().join(", "),
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn param(name: &str, kind: ParamType, required: bool, default: Option<Json>) -> Parameter {
        Parameter {
            name: name.into(),
            kind,
            required,
            default,
            description: None,
        }
    }

    fn args(value: Json) -> Map<String, Json> {
        value.as_object().unwrap().clone()
    }

    #[test]
    fn renders_values_defaults_and_leaves_unknown() {
        let params = [
            param("city", ParamType::String, true, None),
            param("days", ParamType::Number, false, Some(json!(3))),
            param("tags", ParamType::Array, false, None),
        ];
        let out = render_body(
            "{{city}} for {{ days }} days; {{unknown}} {{tags}} {{ city",
            &params,
            &args(json!({"city": "Oslo", "tags": ["a", 1]})),
        )
        .unwrap();
        assert_eq!(out, "Oslo for 3 days; {{unknown}} a, 1 {{ city");
    }

    #[test]
    fn missing_required_and_wrong_type() {
        let params = [param("city", ParamType::String, true, None)];
        assert_eq!(
            render_body("{{city}}", &params, &Map::new()),
            Err(RenderError::MissingRequired {
                name: "city".into()
            })
        );
        let err = render_body("{{city}}", &params, &args(json!({"city": 5}))).unwrap_err();
        assert_eq!(
            err.to_string(),
            "parameter 'city' must be string, got a number"
        );
    }

    #[test]
    fn optional_without_default_renders_empty() {
        let params = [param("x", ParamType::Boolean, false, None)];
        assert_eq!(render_body("[{{x}}]", &params, &Map::new()).unwrap(), "[]");
        assert_eq!(
            render_body("[{{x}}]", &params, &args(json!({"x": true}))).unwrap(),
            "[true]"
        );
    }
}
