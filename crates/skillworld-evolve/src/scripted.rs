//! A deterministic model: a queue of scripted replies, for tests, replays
//! and simulations.

use std::collections::VecDeque;
use std::sync::Mutex;

use serde::Deserialize;
use serde_json::Value;

use crate::model::{ChatMessage, ModelError, ModelFuture, Reply, ReviewModel, ToolSchema};

/// Answers each call with the next scripted reply, whatever it is asked;
/// tool calls without an id are numbered `call_1`, `call_2`, … in script
/// order. An exhausted script is an error, so a run that asks more than
/// its script foresaw fails visibly.
#[derive(Debug)]
pub struct ScriptedModel {
    replies: Mutex<VecDeque<Reply>>,
    total: usize,
}

/// One reply in a RON script; arguments are JSON text.
#[derive(Deserialize)]
enum Step {
    Text(String),
    Call(String, String),
    Calls(Vec<(String, String)>),
}

impl ScriptedModel {
    pub fn new(replies: impl IntoIterator<Item = Reply>) -> Self {
        let mut numbered = 0;
        let replies: VecDeque<Reply> = replies
            .into_iter()
            .map(|mut reply| {
                for call in &mut reply.tool_calls {
                    if call.id.is_empty() {
                        numbered += 1;
                        call.id = format!("call_{numbered}");
                    }
                }
                reply
            })
            .collect();
        ScriptedModel {
            total: replies.len(),
            replies: Mutex::new(replies),
        }
    }

    /// A script in RON, e.g.
    /// `[Call("skill_list", "{}"), Calls([("skill_view", r#"{"name":"a"}"#)]), Text("done")]`.
    pub fn from_ron(text: &str) -> Result<Self, ModelError> {
        let steps: Vec<Step> =
            ron::from_str(text).map_err(|e| ModelError::Script(e.to_string()))?;
        let mut replies = Vec::with_capacity(steps.len());
        for (index, step) in steps.into_iter().enumerate() {
            let json = |tool: &str, arguments: &str| {
                serde_json::from_str::<Value>(arguments).map_err(|e| {
                    ModelError::Script(format!(
                        "step {}: the arguments of '{tool}' are not JSON: {e}",
                        index + 1
                    ))
                })
            };
            replies.push(match step {
                Step::Text(text) => Reply::text(text),
                Step::Call(tool, arguments) => Reply::call(&tool, json(&tool, &arguments)?),
                Step::Calls(calls) => {
                    let mut parsed = Vec::with_capacity(calls.len());
                    for (tool, arguments) in calls {
                        let value = json(&tool, &arguments)?;
                        parsed.push((tool, value));
                    }
                    Reply::calls(parsed)
                }
            });
        }
        Ok(ScriptedModel::new(replies))
    }

    /// Replies not yet given.
    pub fn remaining(&self) -> usize {
        self.replies.lock().unwrap_or_else(|e| e.into_inner()).len()
    }
}

impl ReviewModel for ScriptedModel {
    fn complete<'a>(&'a self, _: &'a [ChatMessage], _: &'a [ToolSchema]) -> ModelFuture<'a> {
        let next = {
            let mut replies = self.replies.lock().unwrap_or_else(|e| e.into_inner());
            let used = self.total - replies.len();
            replies
                .pop_front()
                .ok_or(ModelError::ScriptExhausted { used })
        };
        Box::pin(std::future::ready(next))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn next(model: &ScriptedModel) -> Result<Reply, ModelError> {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap();
        runtime.block_on(model.complete(&[], &[]))
    }

    #[test]
    fn replies_come_in_order_with_numbered_calls_then_run_out() {
        let model = ScriptedModel::new([
            Reply::calls([
                ("skill_list", json!({})),
                ("skill_view", json!({"name": "a"})),
            ]),
            Reply::text("done"),
        ]);
        let first = next(&model).unwrap();
        let ids: Vec<&str> = first.tool_calls.iter().map(|c| c.id.as_str()).collect();
        assert_eq!(ids, ["call_1", "call_2"]);
        assert_eq!(next(&model).unwrap(), Reply::text("done"));
        assert_eq!(model.remaining(), 0);
        assert!(matches!(
            next(&model),
            Err(ModelError::ScriptExhausted { used: 2 })
        ));
    }

    #[test]
    fn ron_scripts_parse_and_bad_arguments_name_the_step() {
        let model = ScriptedModel::from_ron(
            r##"[Call("skill_view", r#"{"name":"a"}"#), Calls([("skill_list", "{}")]), Text("ok")]"##,
        )
        .unwrap();
        assert_eq!(model.remaining(), 3);
        let first = next(&model).unwrap();
        assert_eq!(first.tool_calls[0].arguments, json!({"name": "a"}));
        let error = ScriptedModel::from_ron(r#"[Text("a"), Call("skill_view", "{name")]"#)
            .unwrap_err()
            .to_string();
        assert!(
            error.contains("step 2") && error.contains("skill_view"),
            "{error}"
        );
        assert!(ScriptedModel::from_ron("[Nope]").is_err());
    }
}
