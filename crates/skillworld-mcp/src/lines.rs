//! JSON-RPC over newline-delimited streams (stdio) with the one answer
//! rmcp leaves out: a line that is not JSON gets a `-32700` parse error
//! with `id: null` (rmcp drops such lines without a word). Every other line
//! passes through to rmcp unchanged, and every answer goes out whole, one
//! line at a time.

use rmcp::ServiceExt;
use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncWrite, AsyncWriteExt, BufReader, DuplexStream};
use tokio::sync::mpsc;

use crate::Error;
use crate::server::SkillServer;

/// The in-process pipes between the streams and rmcp.
const PIPE_BYTES: usize = 1 << 20;
/// A UTF-8 byte order mark, which rmcp (like RFC 8259) tolerates.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// Serves `server` on `reader` and `writer` until the reader ends.
pub async fn serve_lines<R, W>(server: SkillServer, reader: R, writer: W) -> Result<(), Error>
where
    R: AsyncRead + Unpin + Send + 'static,
    W: AsyncWrite + Unpin + Send + 'static,
{
    let (to_rmcp, rmcp_reads) = tokio::io::duplex(PIPE_BYTES);
    let (rmcp_writes, from_rmcp) = tokio::io::duplex(PIPE_BYTES);
    let (lines, outgoing) = mpsc::channel::<Vec<u8>>(64);
    let writing = tokio::spawn(write_lines(outgoing, writer));
    tokio::spawn(relay_answers(from_rmcp, lines.clone()));
    tokio::spawn(sort_requests(reader, to_rmcp, lines));
    let running = server
        .serve((rmcp_reads, rmcp_writes))
        .await
        .map_err(|e| Error::Invalid(format!("the MCP session did not start: {e}")))?;
    running
        .waiting()
        .await
        .map_err(|e| Error::Invalid(format!("the MCP session failed: {e}")))?;
    // Every sender is gone once rmcp closed its end: the writer drains.
    let _ = writing.await;
    Ok(())
}

/// Passes JSON lines on to rmcp and answers the others with a parse error.
async fn sort_requests<R: AsyncRead + Unpin>(
    reader: R,
    mut to_rmcp: DuplexStream,
    answers: mpsc::Sender<Vec<u8>>,
) {
    let mut reader = BufReader::new(reader);
    let mut line = Vec::new();
    loop {
        line.clear();
        match reader.read_until(b'\n', &mut line).await {
            Ok(0) | Err(_) => return,
            Ok(_) => {}
        }
        if let Some(reason) = not_json(&line) {
            let mut bytes = serde_json::to_vec(&parse_error(&reason)).expect("JSON prints");
            bytes.push(b'\n');
            if answers.send(bytes).await.is_err() {
                return;
            }
        } else if to_rmcp.write_all(&line).await.is_err() {
            return;
        }
    }
}

/// Why a non-blank line (or HTTP body) is not JSON at all (`None` when it
/// is JSON, or blank: rmcp answers JSON that is no request itself).
pub(crate) fn not_json(line: &[u8]) -> Option<String> {
    let line = line.strip_prefix(BOM).unwrap_or(line);
    if line.iter().all(u8::is_ascii_whitespace) {
        return None;
    }
    serde_json::from_slice::<serde::de::IgnoredAny>(line)
        .err()
        .filter(|e| e.is_syntax() || e.is_eof())
        .map(|e| e.to_string())
}

/// The JSON-RPC answer to a message that is not JSON (`-32700`, `id: null`),
/// over stdio and HTTP alike.
pub(crate) fn parse_error(reason: &str) -> serde_json::Value {
    serde_json::json!({
        "jsonrpc": "2.0",
        "id": null,
        "error": {"code": -32700, "message": format!("Parse error: {reason}")},
    })
}

/// Forwards rmcp's answers, line by line.
async fn relay_answers(from_rmcp: DuplexStream, answers: mpsc::Sender<Vec<u8>>) {
    let mut reader = BufReader::new(from_rmcp);
    loop {
        let mut line = Vec::new();
        match reader.read_until(b'\n', &mut line).await {
            Ok(0) | Err(_) => return,
            Ok(_) => {
                if answers.send(line).await.is_err() {
                    return;
                }
            }
        }
    }
}

async fn write_lines<W: AsyncWrite + Unpin>(mut lines: mpsc::Receiver<Vec<u8>>, mut writer: W) {
    while let Some(line) = lines.recv().await {
        if writer.write_all(&line).await.is_err() || writer.flush().await.is_err() {
            return;
        }
    }
}

/// Serves `server` on this process's stdin and stdout until the client
/// goes away (stdin closes). A line that is not JSON gets a parse error.
pub async fn serve_stdio(server: SkillServer) -> Result<(), Error> {
    serve_lines(server, tokio::io::stdin(), tokio::io::stdout()).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_lines_that_are_not_json_are_parse_errors() {
        assert!(not_json(b"not json\n").is_some());
        assert!(not_json(b"{\"jsonrpc\": \"2.0\",\n").is_some());
        assert!(not_json(b"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}\n").is_none());
        assert!(not_json(b"\xEF\xBB\xBF{\"a\":1}\r\n").is_none());
        assert!(not_json(b"[1, 2]\n").is_none());
        assert!(not_json(b"  \r\n").is_none());
    }
}
