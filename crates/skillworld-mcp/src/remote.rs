//! The backend over a running habitat's HTTP API (HAB-1), with a bearer
//! token: the same answers as the local backend, through the routes.

use reqwest::{Method, Url};
use serde::Deserialize;
use serde_json::{Map, Value, json};
use skillworld_core::Parameter;
use skillworld_world::Budget;

use crate::Error;
use crate::entries::{SkillDetail, SkillEntry, ToolDef};

/// The most skills one listing asks for (the habitat's largest page).
const PAGE: usize = 1000;

/// A habitat at a base URL, and the token to reach it with.
#[derive(Clone)]
pub struct Remote {
    base: Url,
    token: String,
    client: reqwest::Client,
}

#[derive(Deserialize)]
struct Row {
    name: String,
    description: String,
    revision: u64,
    enabled: bool,
    status: String,
    lifecycle: String,
    scan: String,
    /// Absent from habitats older than GOV-2: community, vouched by no one.
    #[serde(default)]
    trust: Option<skillworld_core::Trust>,
}

#[derive(Deserialize)]
struct View {
    skill_md: String,
    files: Vec<FileRow>,
    skill: SkillFields,
}

#[derive(Deserialize)]
struct FileRow {
    path: String,
}

#[derive(Deserialize)]
struct SkillFields {
    #[serde(default)]
    parameters: Vec<Parameter>,
}

impl Remote {
    pub(crate) fn new(url: &str, token: &str) -> Result<Remote, Error> {
        let base = Url::parse(url).map_err(|e| Error::Http {
            url: url.to_owned(),
            reason: format!("not a URL: {e}"),
        })?;
        if base.cannot_be_a_base() {
            return Err(Error::Http {
                url: url.to_owned(),
                reason: "not an http(s) base URL".into(),
            });
        }
        Ok(Remote {
            base,
            token: token.trim().to_owned(),
            client: reqwest::Client::new(),
        })
    }

    /// `base/api/v1/agents/{agent}/…segments`, each segment escaped.
    fn url(&self, agent: &str, segments: &[&str]) -> Url {
        let mut url = self.base.clone();
        url.path_segments_mut()
            .expect("checked at construction")
            .pop_if_empty()
            .extend(["api", "v1", "agents", agent])
            .extend(segments.iter().flat_map(|s| s.split('/')));
        url
    }

    async fn send(&self, method: Method, url: Url, body: Option<Value>) -> Result<Vec<u8>, Error> {
        let failed = |reason: String| Error::Http {
            url: url.to_string(),
            reason,
        };
        let mut request = self
            .client
            .request(method, url.clone())
            .bearer_auth(&self.token);
        if let Some(body) = body {
            request = request.json(&body);
        }
        let response = request.send().await.map_err(|e| failed(e.to_string()))?;
        let status = response.status();
        let bytes = response.bytes().await.map_err(|e| failed(e.to_string()))?;
        if status.is_success() {
            return Ok(bytes.to_vec());
        }
        let message = serde_json::from_slice::<Value>(&bytes)
            .ok()
            .and_then(|v| v["error"]["message"].as_str().map(str::to_owned))
            .unwrap_or_else(|| String::from_utf8_lossy(&bytes).into_owned());
        Err(match status.as_u16() {
            404 => Error::NotFound(message.trim_end_matches(" not found").to_owned()),
            code => Error::Remote {
                status: code,
                message,
            },
        })
    }

    async fn json<T: serde::de::DeserializeOwned>(
        &self,
        method: Method,
        url: Url,
        body: Option<Value>,
    ) -> Result<T, Error> {
        let bytes = self.send(method, url.clone(), body).await?;
        serde_json::from_slice(&bytes).map_err(|e| Error::Http {
            url: url.to_string(),
            reason: format!("unexpected answer: {e}"),
        })
    }

    pub(crate) async fn tools(&self, agent: &str) -> Result<Vec<ToolDef>, Error> {
        #[derive(Deserialize)]
        struct Tools {
            tools: Vec<ToolRow>,
        }
        #[derive(Deserialize)]
        struct ToolRow {
            name: String,
            description: String,
            schema: Value,
        }
        let answer: Tools = self
            .json(Method::GET, self.url(agent, &["tools"]), None)
            .await?;
        Ok(answer
            .tools
            .into_iter()
            .map(|t| ToolDef {
                name: t.name,
                description: t.description,
                schema: t.schema,
            })
            .collect())
    }

    pub(crate) async fn call(&self, agent: &str, tool: &str, args: Value) -> Result<Value, Error> {
        self.json(Method::POST, self.url(agent, &["tools", tool]), Some(args))
            .await
    }

    pub(crate) async fn skills(&self, agent: &str) -> Result<Vec<SkillEntry>, Error> {
        #[derive(Deserialize)]
        struct Page {
            items: Vec<Row>,
        }
        let mut url = self.url(agent, &["skills"]);
        url.query_pairs_mut()
            .append_pair("limit", &PAGE.to_string());
        let page: Page = self.json(Method::GET, url, None).await?;
        Ok(page
            .items
            .into_iter()
            .filter(|row| {
                row.enabled
                    && row.status == "active"
                    && row.lifecycle != "archived"
                    && row.scan != "blocked"
            })
            .map(|row| SkillEntry {
                name: row.name,
                description: row.description,
                revision: row.revision,
                trust: row.trust.unwrap_or(skillworld_core::Trust::Community),
            })
            .collect())
    }

    /// Only live skills, like the local backend: the routes alone would
    /// also show disabled and blocked ones.
    async fn live(&self, agent: &str, name: &str) -> Result<(), Error> {
        if self.skills(agent).await?.iter().any(|s| s.name == name) {
            Ok(())
        } else {
            Err(Error::NotFound(format!("skill '{name}'")))
        }
    }

    pub(crate) async fn skill(&self, agent: &str, name: &str) -> Result<SkillDetail, Error> {
        self.live(agent, name).await?;
        let view: View = self
            .json(Method::GET, self.url(agent, &["skills", name]), None)
            .await?;
        Ok(SkillDetail {
            skill_md: view.skill_md,
            files: view.files.into_iter().map(|f| f.path).collect(),
            parameters: view.skill.parameters,
        })
    }

    pub(crate) async fn file(&self, agent: &str, name: &str, path: &str) -> Result<Vec<u8>, Error> {
        self.live(agent, name).await?;
        self.send(
            Method::GET,
            self.url(agent, &["skills", name, "files", path]),
            None,
        )
        .await
    }

    pub(crate) async fn catalog(
        &self,
        agent: &str,
        budget: Budget,
        query: Option<&str>,
    ) -> Result<String, Error> {
        let mut url = self.url(agent, &["catalog"]);
        if let Some(query) = query {
            url.query_pairs_mut().append_pair("q", query);
        }
        match budget {
            Budget::Tokens(tokens) => url
                .query_pairs_mut()
                .append_pair("tokens", &tokens.to_string()),
            Budget::Chars(chars) => url
                .query_pairs_mut()
                .append_pair("chars", &chars.to_string()),
        };
        let bytes = self.send(Method::GET, url, None).await?;
        Ok(String::from_utf8_lossy(&bytes).into_owned())
    }

    pub(crate) async fn render(
        &self,
        agent: &str,
        name: &str,
        args: Map<String, Value>,
    ) -> Result<String, Error> {
        self.live(agent, name).await?;
        let body = json!({"name": name, "args": args});
        let loaded: Value = self
            .json(Method::POST, self.url(agent, &["load"]), Some(body))
            .await?;
        Ok(loaded["content"].as_str().unwrap_or_default().to_owned())
    }
}
