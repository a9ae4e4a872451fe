//! EVO-1: the gate that decides, after a visible turn, whether the
//! background evolve pass runs — in the specification's order, with the
//! reason for every outcome.

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// One message of a turn, as the gate sees it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "role", rename_all = "snake_case")]
pub enum TurnMessage {
    User {
        content: String,
    },
    Assistant {
        content: String,
    },
    ToolCall {
        name: String,
        #[serde(default)]
        arguments: Value,
    },
    ToolResult {
        name: String,
        content: String,
    },
}

/// The gate's answer: run the evolve pass or not, and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct GateDecision {
    pub run: bool,
    pub reason: &'static str,
}

/// Tools that write skills; a turn that used one needs no evolve pass.
pub const SKILL_WRITE_TOOLS: [&str; 5] = [
    "skill_create",
    "skill_patch",
    "skill_update",
    "skill_delete",
    "skill_import",
];
/// Tool calls in one turn that make it worth reviewing.
pub const TOOL_CALLS_WORTH_REVIEW: usize = 5;

/// Whether a tool result is an error: JSON with a non-empty `error` string,
/// or text starting with error, failed, unknown tool, tool not loaded or
/// tool restricted (case-insensitive).
pub fn is_error_result(content: &str) -> bool {
    if let Ok(Value::Object(map)) = serde_json::from_str::<Value>(content) {
        return map
            .get("error")
            .and_then(Value::as_str)
            .is_some_and(|e| !e.is_empty());
    }
    let start = content.trim_start().to_lowercase();
    [
        "error",
        "failed",
        "unknown tool",
        "tool not loaded",
        "tool restricted",
    ]
    .iter()
    .any(|p| start.starts_with(p))
}

/// EVO-1, over the messages since the last user message, in order: forced
/// → run; a skill write this turn → skip; ≥ 5 tool calls → run; a load and
/// an error → run; a success after an error → run; else skip. A turn that
/// ended with an error is not reviewed.
pub fn evolve_gate(messages: &[TurnMessage], forced: bool, turn_failed: bool) -> GateDecision {
    let decide = |run, reason| GateDecision { run, reason };
    if turn_failed {
        return decide(false, "the turn ended with an error");
    }
    if forced {
        return decide(true, "forced by /learn");
    }
    let since_user = messages
        .iter()
        .rposition(|m| matches!(m, TurnMessage::User { .. }))
        .map_or(0, |i| i + 1);
    let turn = &messages[since_user..];
    let calls: Vec<&str> = turn
        .iter()
        .filter_map(|m| match m {
            TurnMessage::ToolCall { name, .. } => Some(name.as_str()),
            _ => None,
        })
        .collect();
    if calls.iter().any(|c| SKILL_WRITE_TOOLS.contains(c)) {
        return decide(false, "skill already written in this turn");
    }
    if calls.len() >= TOOL_CALLS_WORTH_REVIEW {
        return decide(true, "5 or more tool calls in this turn");
    }
    let results: Vec<bool> = turn
        .iter()
        .filter_map(|m| match m {
            TurnMessage::ToolResult { content, .. } => Some(is_error_result(content)),
            _ => None,
        })
        .collect();
    let loaded = calls
        .iter()
        .any(|c| matches!(*c, "skill_load" | "load_skill"));
    if loaded && results.iter().any(|error| *error) {
        return decide(true, "a skill was loaded and a tool failed");
    }
    let recovered = results
        .iter()
        .position(|error| *error)
        .is_some_and(|first| results[first..].iter().any(|error| !error));
    if recovered {
        return decide(true, "a tool succeeded after an error");
    }
    decide(false, "nothing in this turn suggests a reusable procedure")
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn user(text: &str) -> TurnMessage {
        TurnMessage::User {
            content: text.into(),
        }
    }

    fn call(name: &str) -> TurnMessage {
        TurnMessage::ToolCall {
            name: name.into(),
            arguments: json!({}),
        }
    }

    fn result(name: &str, content: &str) -> TurnMessage {
        TurnMessage::ToolResult {
            name: name.into(),
            content: content.into(),
        }
    }

    #[test]
    fn error_results() {
        assert!(is_error_result(r#"{"error": "boom"}"#));
        assert!(!is_error_result(r#"{"error": ""}"#));
        assert!(!is_error_result(r#"{"ok": true}"#));
        for text in [
            "Error: x",
            "FAILED to run",
            "Unknown tool 'x'",
            "tool not loaded",
            "Tool restricted",
        ] {
            assert!(is_error_result(text), "{text}");
        }
        assert!(!is_error_result("All errors fixed"));
    }

    #[test]
    fn each_branch_in_order_with_its_reason() {
        let reason = |messages: &[TurnMessage], forced| evolve_gate(messages, forced, false);
        assert_eq!(
            evolve_gate(&[], true, true).reason,
            "the turn ended with an error"
        );
        assert_eq!(
            reason(&[call("skill_create")], true),
            GateDecision {
                run: true,
                reason: "forced by /learn"
            }
        );
        let wrote = [
            user("go"),
            call("a"),
            call("b"),
            call("c"),
            call("d"),
            call("skill_patch"),
        ];
        assert_eq!(
            reason(&wrote, false),
            GateDecision {
                run: false,
                reason: "skill already written in this turn"
            }
        );
        let busy = [
            user("go"),
            call("a"),
            call("b"),
            call("c"),
            call("d"),
            call("e"),
        ];
        assert_eq!(
            reason(&busy, false),
            GateDecision {
                run: true,
                reason: "5 or more tool calls in this turn"
            }
        );
        let load_error = [
            user("go"),
            call("skill_load"),
            result("skill_load", "{\"ok\":true}"),
            call("x"),
            result("x", "error: no"),
        ];
        assert_eq!(
            reason(&load_error, false),
            GateDecision {
                run: true,
                reason: "a skill was loaded and a tool failed"
            }
        );
        let recovered = [
            user("go"),
            call("x"),
            result("x", "{\"error\":\"bad\"}"),
            call("x"),
            result("x", "done"),
        ];
        assert_eq!(
            reason(&recovered, false),
            GateDecision {
                run: true,
                reason: "a tool succeeded after an error"
            }
        );
        let quiet = [user("go"), call("x"), result("x", "done")];
        assert_eq!(
            reason(&quiet, false),
            GateDecision {
                run: false,
                reason: "nothing in this turn suggests a reusable procedure"
            }
        );
        // Only the messages since the last user message count.
        let earlier = [
            user("a"),
            call("a"),
            call("b"),
            call("c"),
            call("d"),
            call("e"),
            user("b"),
            call("x"),
        ];
        assert!(!reason(&earlier, false).run);
    }
}
