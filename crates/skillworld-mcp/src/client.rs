//! The habitat as an MCP client (HAB-5): connects to a registered server
//! (a child process over stdio, or streamable HTTP) and lists its tools.

use std::process::Stdio;
use std::time::Duration;

use rmcp::ServiceExt;
use rmcp::transport::{StreamableHttpClientTransport, TokioChildProcess};

use crate::Error;
use crate::registry::{McpServer, RemoteTool, Transport};

/// How long connecting and listing may take before the server counts as
/// unreachable.
pub const LIST_TIMEOUT: Duration = Duration::from_secs(30);

/// Connects to `server`, lists its tools and disconnects.
pub async fn list_tools(server: &McpServer) -> Result<Vec<RemoteTool>, Error> {
    let failed = |reason: String| Error::Client {
        name: server.name.clone(),
        reason,
    };
    let listing = async {
        let client = match &server.transport {
            Transport::Stdio { command, args, env } => {
                let mut child = tokio::process::Command::new(command);
                child.args(args).envs(env);
                let (transport, _) = TokioChildProcess::builder(child)
                    .stderr(Stdio::inherit())
                    .spawn()
                    .map_err(|e| failed(format!("cannot start '{command}': {e}")))?;
                ().serve(transport)
                    .await
                    .map_err(|e| failed(e.to_string()))?
            }
            Transport::Http { url } => {
                let transport = StreamableHttpClientTransport::from_uri(url.as_str());
                ().serve(transport)
                    .await
                    .map_err(|e| failed(e.to_string()))?
            }
        };
        let tools = client
            .list_all_tools()
            .await
            .map_err(|e| failed(e.to_string()));
        // Closing ends the child process; its answer is in hand already.
        let _ = client.cancel().await;
        tools
    };
    let tools = tokio::time::timeout(LIST_TIMEOUT, listing)
        .await
        .map_err(|_| failed(format!("no tool list within {} s", LIST_TIMEOUT.as_secs())))??;
    Ok(tools
        .into_iter()
        .map(|tool| RemoteTool {
            name: tool.name.into_owned(),
            description: tool.description.map(|d| d.into_owned()).unwrap_or_default(),
        })
        .collect())
}
