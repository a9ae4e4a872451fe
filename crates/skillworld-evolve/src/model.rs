//! The model a review run talks to, behind one trait: messages and tool
//! schemas in, text or tool calls out.

use std::future::Future;
use std::pin::Pin;
use std::time::Duration;

use serde::{Deserialize, Serialize};
use serde_json::Value;
use thiserror::Error;

/// A tool call the model asked for. `arguments` is parsed JSON: a client
/// whose wire format carries a string parses it (and fails clearly).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ToolCall {
    pub id: String,
    pub name: String,
    pub arguments: Value,
}

/// One message of a run's own conversation, in the roles of the
/// chat-completions format.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "role", rename_all = "snake_case")]
pub enum ChatMessage {
    System {
        content: String,
    },
    User {
        content: String,
    },
    Assistant {
        #[serde(default)]
        content: Option<String>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        tool_calls: Vec<ToolCall>,
    },
    Tool {
        tool_call_id: String,
        name: String,
        content: String,
    },
}

/// A tool offered to the model: name, description, JSON Schema.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ToolSchema {
    pub name: String,
    pub description: String,
    pub parameters: Value,
}

/// A model's answer: tool calls to run, or (with none) the final text.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Reply {
    pub content: Option<String>,
    pub tool_calls: Vec<ToolCall>,
}

impl Reply {
    /// A final answer.
    pub fn text(text: impl Into<String>) -> Self {
        Reply {
            content: Some(text.into()),
            tool_calls: Vec::new(),
        }
    }

    /// One tool call; the id is left empty for the caller to number.
    pub fn call(name: impl Into<String>, arguments: Value) -> Self {
        Reply::calls([(name, arguments)])
    }

    /// Several tool calls in one reply.
    pub fn calls<N: Into<String>>(calls: impl IntoIterator<Item = (N, Value)>) -> Self {
        Reply {
            content: None,
            tool_calls: calls
                .into_iter()
                .map(|(name, arguments)| ToolCall {
                    id: String::new(),
                    name: name.into(),
                    arguments,
                })
                .collect(),
        }
    }
}

/// What [`ReviewModel::complete`] returns: boxed and `Send`, so the trait is
/// object safe and a run can live on a multi-threaded runtime.
pub type ModelFuture<'a> = Pin<Box<dyn Future<Output = Result<Reply, ModelError>> + Send + 'a>>;

/// A chat model with tool calling.
pub trait ReviewModel: Send + Sync {
    fn complete<'a>(
        &'a self,
        messages: &'a [ChatMessage],
        tools: &'a [ToolSchema],
    ) -> ModelFuture<'a>;
}

/// Why a model gave no reply.
#[derive(Debug, Error)]
pub enum ModelError {
    #[error("{url}: the model endpoint refused the credentials (HTTP {status}): {body}")]
    Auth {
        url: String,
        status: u16,
        body: String,
    },
    #[error("{url}: the model endpoint answered HTTP {status} after {attempts} attempt(s): {body}")]
    Status {
        url: String,
        status: u16,
        attempts: u32,
        body: String,
    },
    #[error("{url}: no answer from the model within {after:?}")]
    Timeout { url: String, after: Duration },
    #[error("{url}: the model endpoint cannot be reached after {attempts} attempt(s): {reason}")]
    Unreachable {
        url: String,
        attempts: u32,
        reason: String,
    },
    #[error("{url}: the model's answer is not a chat completion: {reason}")]
    BadResponse { url: String, reason: String },
    #[error("the model called '{tool}' with arguments that are not JSON ({reason}): {arguments}")]
    BadArguments {
        tool: String,
        arguments: String,
        reason: String,
    },
    #[error("the scripted model has no reply left after {used} repl(ies)")]
    ScriptExhausted { used: usize },
    #[error("model script: {0}")]
    Script(String),
    #[error("model configuration: {0}")]
    Config(String),
}
