//! A client for any OpenAI-compatible `/v1/chat/completions` endpoint with
//! tool calling: bounded timeouts, and bounded retries with exponential
//! backoff on 429 and 5xx that honour `Retry-After`.

use std::time::Duration;

use reqwest::StatusCode;
use reqwest::header::RETRY_AFTER;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::model::{
    ChatMessage, ModelError, ModelFuture, Reply, ReviewModel, ToolCall, ToolSchema,
};

/// Where and how to reach the model.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpenAiConfig {
    /// The endpoint: `http://host:port`, `…/v1` or the full
    /// `…/v1/chat/completions`.
    pub base_url: String,
    pub model: String,
    /// Sent as a bearer token; without one, no `Authorization` header.
    pub api_key: Option<String>,
    /// For one request, from connecting to the last byte of the answer.
    pub timeout: Duration,
    pub connect_timeout: Duration,
    /// Retries after the first attempt, on 429, 5xx and refused connections.
    pub max_retries: u32,
    /// The first wait; it doubles with every retry up to `max_backoff`,
    /// which also caps a server's `Retry-After`.
    pub initial_backoff: Duration,
    pub max_backoff: Duration,
}

impl OpenAiConfig {
    pub fn new(base_url: impl Into<String>, model: impl Into<String>) -> Self {
        OpenAiConfig {
            base_url: base_url.into(),
            model: model.into(),
            api_key: None,
            timeout: Duration::from_secs(120),
            connect_timeout: Duration::from_secs(10),
            max_retries: 4,
            initial_backoff: Duration::from_millis(500),
            max_backoff: Duration::from_secs(30),
        }
    }
}

/// The chat-completions client.
#[derive(Clone, Debug)]
pub struct OpenAiCompatible {
    config: OpenAiConfig,
    url: String,
    client: reqwest::Client,
}

impl OpenAiCompatible {
    pub fn new(config: OpenAiConfig) -> Result<Self, ModelError> {
        let base = config.base_url.trim_end_matches('/');
        if !(base.starts_with("http://") || base.starts_with("https://")) {
            return Err(ModelError::Config(format!(
                "the model URL '{}' must start with http:// or https://",
                config.base_url
            )));
        }
        if config.model.trim().is_empty() {
            return Err(ModelError::Config("the model name is empty".into()));
        }
        let url = if base.ends_with("/chat/completions") {
            base.to_owned()
        } else if base.ends_with("/v1") {
            format!("{base}/chat/completions")
        } else {
            format!("{base}/v1/chat/completions")
        };
        let client = reqwest::Client::builder()
            .timeout(config.timeout)
            .connect_timeout(config.connect_timeout)
            .build()
            .map_err(|e| ModelError::Config(e.to_string()))?;
        Ok(OpenAiCompatible {
            config,
            url,
            client,
        })
    }

    /// The full URL requests go to.
    pub fn url(&self) -> &str {
        &self.url
    }

    async fn send(&self, body: &Value) -> Result<Reply, ModelError> {
        let mut attempt = 0;
        loop {
            attempt += 1;
            let retries_left = attempt <= self.config.max_retries;
            let mut request = self.client.post(&self.url).json(body);
            if let Some(key) = &self.config.api_key {
                request = request.bearer_auth(key);
            }
            let response = match request.send().await {
                Ok(response) => response,
                Err(error) if error.is_timeout() => {
                    return Err(ModelError::Timeout {
                        url: self.url.clone(),
                        after: self.config.timeout,
                    });
                }
                Err(error) if error.is_connect() && retries_left => {
                    tokio::time::sleep(self.backoff(attempt, None)).await;
                    continue;
                }
                Err(error) => {
                    return Err(ModelError::Unreachable {
                        url: self.url.clone(),
                        attempts: attempt,
                        reason: error.to_string(),
                    });
                }
            };
            let status = response.status();
            if status.is_success() {
                let text = response.text().await.map_err(|e| self.read_error(e))?;
                return parse_completion(&text).map_err(|error| match error {
                    Parse::Wire(reason) => ModelError::BadResponse {
                        url: self.url.clone(),
                        reason,
                    },
                    Parse::Arguments(error) => error,
                });
            }
            let retry_after = response
                .headers()
                .get(RETRY_AFTER)
                .and_then(|v| v.to_str().ok())
                .and_then(|v| v.trim().parse::<u64>().ok())
                .map(Duration::from_secs);
            let body = response.text().await.unwrap_or_default();
            let body = crate::prompt::cut(&body, 300);
            if matches!(status, StatusCode::UNAUTHORIZED | StatusCode::FORBIDDEN) {
                return Err(ModelError::Auth {
                    url: self.url.clone(),
                    status: status.as_u16(),
                    body,
                });
            }
            let transient = status == StatusCode::TOO_MANY_REQUESTS || status.is_server_error();
            if transient && retries_left {
                tokio::time::sleep(self.backoff(attempt, retry_after)).await;
                continue;
            }
            return Err(ModelError::Status {
                url: self.url.clone(),
                status: status.as_u16(),
                attempts: attempt,
                body,
            });
        }
    }

    fn read_error(&self, error: reqwest::Error) -> ModelError {
        if error.is_timeout() {
            ModelError::Timeout {
                url: self.url.clone(),
                after: self.config.timeout,
            }
        } else {
            ModelError::BadResponse {
                url: self.url.clone(),
                reason: error.to_string(),
            }
        }
    }

    /// The wait before retry number `attempt`: the server's `Retry-After`
    /// when given, else exponential; both capped.
    fn backoff(&self, attempt: u32, retry_after: Option<Duration>) -> Duration {
        let exponential = self
            .config
            .initial_backoff
            .saturating_mul(1 << (attempt - 1).min(16));
        retry_after
            .unwrap_or(exponential)
            .min(self.config.max_backoff)
    }
}

impl ReviewModel for OpenAiCompatible {
    fn complete<'a>(
        &'a self,
        messages: &'a [ChatMessage],
        tools: &'a [ToolSchema],
    ) -> ModelFuture<'a> {
        Box::pin(async move {
            let body = request_body(&self.config.model, messages, tools);
            self.send(&body).await
        })
    }
}

/// The request in the chat-completions wire format.
fn request_body(model: &str, messages: &[ChatMessage], tools: &[ToolSchema]) -> Value {
    let messages: Vec<Value> = messages
        .iter()
        .map(|message| match message {
            ChatMessage::System { content } => json!({"role": "system", "content": content}),
            ChatMessage::User { content } => json!({"role": "user", "content": content}),
            ChatMessage::Assistant {
                content,
                tool_calls,
            } => {
                let mut value = json!({"role": "assistant", "content": content});
                if !tool_calls.is_empty() {
                    let calls: Vec<Value> = tool_calls
                        .iter()
                        .map(|call| {
                            json!({"id": call.id, "type": "function", "function": {
                                "name": call.name, "arguments": call.arguments.to_string()
                            }})
                        })
                        .collect();
                    value["tool_calls"] = Value::Array(calls);
                }
                value
            }
            ChatMessage::Tool {
                tool_call_id,
                content,
                ..
            } => json!({"role": "tool", "tool_call_id": tool_call_id, "content": content}),
        })
        .collect();
    let tools: Vec<Value> = tools
        .iter()
        .map(|tool| {
            json!({"type": "function", "function": {
                "name": tool.name, "description": tool.description, "parameters": tool.parameters
            }})
        })
        .collect();
    json!({"model": model, "messages": messages, "tools": tools, "tool_choice": "auto"})
}

#[derive(Deserialize)]
struct Completion {
    choices: Vec<Choice>,
}

#[derive(Deserialize)]
struct Choice {
    message: WireMessage,
}

#[derive(Deserialize)]
struct WireMessage {
    content: Option<String>,
    #[serde(default)]
    tool_calls: Option<Vec<WireCall>>,
}

#[derive(Deserialize)]
struct WireCall {
    id: String,
    function: WireFunction,
}

#[derive(Deserialize)]
struct WireFunction {
    name: String,
    arguments: String,
}

enum Parse {
    Wire(String),
    Arguments(ModelError),
}

fn parse_completion(text: &str) -> Result<Reply, Parse> {
    let completion: Completion =
        serde_json::from_str(text).map_err(|e| Parse::Wire(e.to_string()))?;
    let Some(choice) = completion.choices.into_iter().next() else {
        return Err(Parse::Wire("no choices".into()));
    };
    let mut tool_calls = Vec::new();
    for call in choice.message.tool_calls.unwrap_or_default() {
        let raw = call.function.arguments;
        // Some servers send "" for a call without arguments.
        let arguments = if raw.trim().is_empty() {
            json!({})
        } else {
            serde_json::from_str(&raw).map_err(|e| {
                Parse::Arguments(ModelError::BadArguments {
                    tool: call.function.name.clone(),
                    arguments: crate::prompt::cut(&raw, 200),
                    reason: e.to_string(),
                })
            })?
        };
        tool_calls.push(ToolCall {
            id: call.id,
            name: call.function.name,
            arguments,
        });
    }
    Ok(Reply {
        content: choice.message.content,
        tool_calls,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_are_completed_and_bad_configs_refused() {
        let url = |base: &str| OpenAiCompatible::new(OpenAiConfig::new(base, "m")).map(|c| c.url);
        assert_eq!(url("http://h:1").unwrap(), "http://h:1/v1/chat/completions");
        assert_eq!(
            url("http://h:1/v1/").unwrap(),
            "http://h:1/v1/chat/completions"
        );
        assert_eq!(
            url("https://h/x/chat/completions").unwrap(),
            "https://h/x/chat/completions"
        );
        assert!(matches!(url("h:1"), Err(ModelError::Config(_))));
        assert!(matches!(
            OpenAiCompatible::new(OpenAiConfig::new("http://h", " ")),
            Err(ModelError::Config(_))
        ));
    }

    #[test]
    fn backoff_doubles_and_is_capped_as_is_retry_after() {
        let mut config = OpenAiConfig::new("http://h", "m");
        config.initial_backoff = Duration::from_millis(100);
        config.max_backoff = Duration::from_millis(350);
        let client = OpenAiCompatible::new(config).unwrap();
        let waits: Vec<u128> = (1..=4)
            .map(|a| client.backoff(a, None).as_millis())
            .collect();
        assert_eq!(waits, [100, 200, 350, 350]);
        assert_eq!(client.backoff(1, Some(Duration::ZERO)), Duration::ZERO);
        assert_eq!(
            client.backoff(1, Some(Duration::from_secs(60))).as_millis(),
            350
        );
    }

    #[test]
    fn the_wire_format_round_trips_tool_calls() {
        let messages = [
            ChatMessage::System {
                content: "s".into(),
            },
            ChatMessage::Assistant {
                content: None,
                tool_calls: vec![ToolCall {
                    id: "c1".into(),
                    name: "skill_view".into(),
                    arguments: json!({"name": "a"}),
                }],
            },
            ChatMessage::Tool {
                tool_call_id: "c1".into(),
                name: "skill_view".into(),
                content: "{}".into(),
            },
        ];
        let body = request_body("m", &messages, &[]);
        let call = &body["messages"][1]["tool_calls"][0];
        assert_eq!(call["function"]["arguments"], "{\"name\":\"a\"}");
        assert_eq!(body["messages"][2]["tool_call_id"], "c1");
        let reply = parse_completion(
            r#"{"choices":[{"message":{"content":null,"tool_calls":[{"id":"c9","type":"function","function":{"name":"skill_list","arguments":""}}]}}]}"#,
        )
        .ok()
        .unwrap();
        assert_eq!(reply.tool_calls[0].arguments, json!({}));
        assert!(matches!(parse_completion("{}"), Err(Parse::Wire(_))));
        assert!(matches!(
            parse_completion(r#"{"choices":[]}"#),
            Err(Parse::Wire(r)) if r == "no choices"
        ));
    }
}
