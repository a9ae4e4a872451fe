//! Refreshing a registration (HAB-5): list the server's tools, then rebuild
//! its virtual skill, without holding the world while the server answers.

use serde::Serialize;

use crate::Error;
use crate::client::list_tools;
use crate::registry::{McpServer, RemoteTool, VirtualSkill, apply_listing};

/// One registration after a refresh: its tools and virtual skill, or why
/// the server could not be listed. Environment values are masked.
#[derive(Clone, Debug, Serialize)]
pub struct Refreshed {
    #[serde(flatten)]
    pub server: McpServer,
    pub tools: Vec<RemoteTool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub skill: Option<VirtualSkill>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

impl Refreshed {
    fn new(server: McpServer, listed: Result<(Vec<RemoteTool>, VirtualSkill), Error>) -> Refreshed {
        let server = server.masked();
        match listed {
            Ok((tools, skill)) => Refreshed {
                server,
                tools,
                skill: Some(skill),
                error: None,
            },
            Err(error) => Refreshed {
                server,
                tools: Vec::new(),
                skill: None,
                error: Some(error.to_string()),
            },
        }
    }
}

/// Lists `server`'s tools and rebuilds its virtual skill in a habitat's
/// world; the world is not held while the server answers.
pub async fn refresh_habitat(
    habitat: &skillworld_habitat::Habitat,
    server: McpServer,
) -> Refreshed {
    let listed = match list_tools(&server).await {
        Ok(tools) => {
            let (for_store, tools_for_store) = (server.clone(), tools.clone());
            habitat
                .write(move |store| apply_listing(store, &for_store, &tools_for_store))
                .await
                .map(|skill| (tools, skill))
        }
        Err(error) => Err(error),
    };
    Refreshed::new(server, listed)
}
