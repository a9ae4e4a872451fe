//! The host's endpoint proxy for one run: a connection on the run's Unix
//! socket names a declared endpoint by index; the proxy resolves it, keeps
//! only addresses the policy allows (no loopback, private, link-local …
//! unless the admin's allow-list names the endpoint), answers one byte
//! (1: connected, 0: refused), and carries bytes.

use std::sync::Arc;
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpStream, UnixListener, UnixStream};

use crate::endpoint::{Endpoint, refused};

/// How long the proxy tries to reach an endpoint.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

pub(crate) async fn serve(
    listener: UnixListener,
    targets: Arc<Vec<Endpoint>>,
    config: Arc<crate::SandboxConfig>,
) {
    while let Ok((stream, _)) = listener.accept().await {
        let (targets, config) = (targets.clone(), config.clone());
        tokio::spawn(async move {
            let _ = carry(stream, &targets, &config).await;
        });
    }
}

async fn carry(
    mut inside: UnixStream,
    targets: &[Endpoint],
    config: &crate::SandboxConfig,
) -> std::io::Result<()> {
    let index = inside.read_u16().await?;
    let outside = match targets.get(index as usize) {
        Some(endpoint) => connect(endpoint, config).await,
        None => None,
    };
    // One byte tells the forwarder whether to carry on or reset.
    inside.write_u8(u8::from(outside.is_some())).await?;
    if let Some(mut outside) = outside {
        tokio::io::copy_bidirectional(&mut inside, &mut outside).await?;
    }
    Ok(())
}

/// The first permitted address of the endpoint that accepts.
pub(crate) async fn connect(
    endpoint: &Endpoint,
    config: &crate::SandboxConfig,
) -> Option<TcpStream> {
    let addresses = tokio::net::lookup_host((endpoint.host.as_str(), endpoint.port))
        .await
        .ok()?;
    for address in addresses {
        if refused(endpoint, address.ip(), &config.allow, config.habitat_port) {
            continue;
        }
        if let Ok(Ok(stream)) =
            tokio::time::timeout(CONNECT_TIMEOUT, TcpStream::connect(address)).await
        {
            return Some(stream);
        }
    }
    None
}
