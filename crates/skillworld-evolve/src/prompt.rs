//! The two messages a review run starts from (EVO-2): the system prompt
//! with the `skill-curation` body verbatim, and the data message whose
//! first line is `mode=evolve` or `mode=maintain`.

use std::fmt::Write as _;

use serde_json::Value;
use skillworld_world::{TurnMessage, is_error_result};

/// User and assistant messages an evolve run sees, the newest.
pub const RECENT_MESSAGES: usize = 6;
/// Characters kept of each of those messages.
pub const MESSAGE_CHARS: usize = 400;
/// Characters kept of each tool result's summary in the trace.
pub const TRACE_CHARS: usize = 240;

/// Which review pass to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReviewMode {
    /// "Did this turn produce a reusable procedure?"
    Evolve,
    /// "Is the library healthy?"
    Maintain,
}

impl ReviewMode {
    pub fn as_str(self) -> &'static str {
        match self {
            ReviewMode::Evolve => "evolve",
            ReviewMode::Maintain => "maintain",
        }
    }
}

/// The system prompt: what the run is, then the curation meta-skill's
/// body exactly as stored.
pub fn system_prompt(agent: &str, curation: &str) -> String {
    format!(
        "You are the background skill review pass for agent '{agent}'. No user is \
         waiting and nothing you write is added to the conversation. Use only the \
         skill tools you are given. When you are done, answer with one short line \
         saying what you changed, or that nothing needed changing.\n\n\
         The meta-skill skill-curation follows verbatim.\n\n\
         <skill name=\"skill-curation\">\n{curation}\n</skill>\n"
    )
}

/// The data message: `mode=…` first; for evolve the catalog, a digest of
/// the turn, the recent user/assistant messages and the tool trace; for
/// maintain the catalog only (bodies are pulled with tools); the note last.
///
/// The turn is the messages since the last user message (as for the
/// EVO-1 gate); the recent messages are taken from all of `messages`.
/// Texts are put on one line (whitespace runs become one space) before
/// they are cut.
pub fn data_message(
    mode: ReviewMode,
    catalog: &str,
    messages: &[TurnMessage],
    note: Option<&str>,
) -> String {
    let mut out = format!("mode={}\n\n## Catalog\n", mode.as_str());
    out.push_str(if catalog.trim().is_empty() {
        "(no skills)\n"
    } else {
        catalog
    });
    if !out.ends_with('\n') {
        out.push('\n');
    }
    if mode == ReviewMode::Evolve {
        let since_user = messages
            .iter()
            .rposition(|m| matches!(m, TurnMessage::User { .. }))
            .map_or(0, |i| i + 1);
        let turn = &messages[since_user..];
        digest(&mut out, turn);
        recent(&mut out, messages);
        trace(&mut out, turn);
    }
    if let Some(note) = note.filter(|n| !n.trim().is_empty()) {
        let _ = write!(out, "\n## Note\n{}\n", note.trim());
    }
    out
}

fn digest(out: &mut String, turn: &[TurnMessage]) {
    let calls: Vec<(&str, &Value)> = turn
        .iter()
        .filter_map(|m| match m {
            TurnMessage::ToolCall { name, arguments } => Some((name.as_str(), arguments)),
            _ => None,
        })
        .collect();
    let loads: Vec<&Value> = calls
        .iter()
        .filter(|(name, _)| matches!(*name, "skill_load" | "load_skill"))
        .map(|(_, arguments)| *arguments)
        .collect();
    let mut loaded: Vec<&str> = Vec::new();
    for name in loads.iter().filter_map(|a| a.get("name")?.as_str()) {
        if !loaded.contains(&name) {
            loaded.push(name);
        }
    }
    let loaded = if loaded.is_empty() {
        "(none)".to_owned()
    } else {
        loaded.join(", ")
    };
    let _ = write!(
        out,
        "\n## Turn digest\ntool calls: {}\nskill loads: {}\nloaded: {loaded}\n",
        calls.len(),
        loads.len()
    );
}

fn recent(out: &mut String, messages: &[TurnMessage]) {
    let spoken: Vec<(&str, &str)> = messages
        .iter()
        .filter_map(|m| match m {
            TurnMessage::User { content } => Some(("user", content.as_str())),
            TurnMessage::Assistant { content } => Some(("assistant", content.as_str())),
            _ => None,
        })
        .collect();
    let _ = write!(
        out,
        "\n## Recent messages (last {RECENT_MESSAGES}, each cut to {MESSAGE_CHARS} characters)\n"
    );
    let skip = spoken.len().saturating_sub(RECENT_MESSAGES);
    if spoken.is_empty() {
        out.push_str("(none)\n");
    }
    for (role, content) in &spoken[skip..] {
        let _ = writeln!(out, "{role}: {}", cut(content, MESSAGE_CHARS));
    }
}

fn trace(out: &mut String, turn: &[TurnMessage]) {
    out.push_str("\n## Tool trace\n");
    let mut any = false;
    for message in turn {
        if let TurnMessage::ToolResult { name, content } = message {
            any = true;
            let verdict = if is_error_result(content) {
                "error"
            } else {
                "ok"
            };
            let _ = writeln!(out, "{name} {verdict}: {}", cut(content, TRACE_CHARS));
        }
    }
    if !any {
        out.push_str("(none)\n");
    }
}

/// `text` on one line, at most `max` characters; a cut one ends with `…`.
pub(crate) fn cut(text: &str, max: usize) -> String {
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if flat.chars().count() <= max {
        return flat;
    }
    let mut kept: String = flat.chars().take(max.saturating_sub(1)).collect();
    kept.push('…');
    kept
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

    fn assistant(text: &str) -> TurnMessage {
        TurnMessage::Assistant {
            content: text.into(),
        }
    }

    fn call(name: &str, arguments: Value) -> TurnMessage {
        TurnMessage::ToolCall {
            name: name.into(),
            arguments,
        }
    }

    fn result(name: &str, content: &str) -> TurnMessage {
        TurnMessage::ToolResult {
            name: name.into(),
            content: content.into(),
        }
    }

    fn section<'a>(message: &'a str, heading: &str) -> Vec<&'a str> {
        let start = message.find(heading).expect(heading) + heading.len();
        let rest = &message[start..];
        let rest = &rest[rest.find('\n').unwrap() + 1..];
        let end = rest.find("\n## ").map_or(rest.len(), |e| e + 1);
        rest[..end].lines().filter(|l| !l.is_empty()).collect()
    }

    fn conversation() -> Vec<TurnMessage> {
        let mut messages: Vec<TurnMessage> = (0..5)
            .flat_map(|i| {
                [
                    user(&format!("question {i}")),
                    assistant(&format!("answer {i}")),
                ]
            })
            .collect();
        messages.push(user(&format!("deploy it\n{}", "x".repeat(600))));
        messages.extend([
            call("skill_load", json!({"name": "deploy"})),
            result("skill_load", "{\"ok\":true}"),
            call("load_skill", json!({"name": "deploy"})),
            result("load_skill", "{\"ok\":true}"),
            call("shell", json!({"cmd": "make"})),
            result("shell", &format!("Error: make failed {}", "y".repeat(400))),
            call("shell", json!({"cmd": "make -j1"})),
            result("shell", "built"),
            assistant(&"z".repeat(401)),
        ]);
        messages
    }

    #[test]
    fn evolve_data_message_cuts_where_the_spec_says() {
        let catalog = "- **deploy**: Deploys.\n- **review**: Reviews.\n";
        let message = data_message(
            ReviewMode::Evolve,
            catalog,
            &conversation(),
            Some(" keep it short "),
        );
        assert!(message.starts_with("mode=evolve\n"), "{message}");
        assert_eq!(
            section(&message, "## Catalog"),
            ["- **deploy**: Deploys.", "- **review**: Reviews."]
        );
        assert_eq!(
            section(&message, "## Turn digest"),
            ["tool calls: 4", "skill loads: 2", "loaded: deploy"]
        );

        let recent = section(&message, "## Recent messages");
        assert_eq!(recent.len(), RECENT_MESSAGES);
        assert_eq!(recent[0], "user: question 3");
        assert_eq!(recent[3], "assistant: answer 4");
        // One line, cut to 400 characters: the 'user: ' prefix comes on top.
        let long_user = recent[4].strip_prefix("user: ").unwrap();
        assert_eq!(long_user.chars().count(), MESSAGE_CHARS);
        assert!(long_user.starts_with("deploy it xxx") && long_user.ends_with("x…"));
        let long_assistant = recent[5].strip_prefix("assistant: ").unwrap();
        assert_eq!(long_assistant.chars().count(), MESSAGE_CHARS);

        let trace = section(&message, "## Tool trace");
        assert_eq!(trace.len(), 4, "tool results only, not calls");
        assert_eq!(trace[0], "skill_load ok: {\"ok\":true}");
        let failed = trace[2].strip_prefix("shell error: ").unwrap();
        assert_eq!(failed.chars().count(), TRACE_CHARS);
        assert_eq!(trace[3], "shell ok: built");
        assert_eq!(section(&message, "## Note"), ["keep it short"]);
    }

    #[test]
    fn maintain_data_message_is_the_catalog_and_the_note() {
        let message = data_message(ReviewMode::Maintain, "- **a**: A.\n", &conversation(), None);
        assert_eq!(message, "mode=maintain\n\n## Catalog\n- **a**: A.\n");
        let empty = data_message(ReviewMode::Maintain, "", &[], Some("dedupe"));
        assert_eq!(
            empty,
            "mode=maintain\n\n## Catalog\n(no skills)\n\n## Note\ndedupe\n"
        );
    }

    #[test]
    fn a_quiet_turn_has_empty_sections() {
        let message = data_message(ReviewMode::Evolve, "- **a**: A.", &[], None);
        assert_eq!(
            section(&message, "## Turn digest"),
            ["tool calls: 0", "skill loads: 0", "loaded: (none)"]
        );
        assert_eq!(section(&message, "## Recent messages"), ["(none)"]);
        assert_eq!(section(&message, "## Tool trace"), ["(none)"]);
    }

    #[test]
    fn the_curation_body_is_verbatim_in_the_system_prompt() {
        let body = "# Skill curation\n\n  indented\n\nlast line";
        let prompt = system_prompt("ada", body);
        assert!(prompt.contains(&format!("\n{body}\n</skill>")), "{prompt}");
        assert!(prompt.contains("agent 'ada'"));
    }

    #[test]
    fn cutting_counts_characters_not_bytes() {
        assert_eq!(cut("ééé", 3), "ééé");
        assert_eq!(cut("éééé", 3), "éé…");
        assert_eq!(cut(" a \n\t b ", 10), "a b");
    }
}
