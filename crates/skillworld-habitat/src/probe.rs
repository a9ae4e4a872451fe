//! HAB-4 endpoint probes, kept off the store's lock. A probe round connects
//! to endpoints concurrently (at most [`PROBE_CONCURRENCY`] at a time), to
//! at most [`MAX_PROBES_PER_ROUND`] of them, within [`PROBE_BUDGET`] all
//! together; results are cached for [`PROBE_TTL`]. Preflight itself only
//! reads the cache, so it never waits for the network, and whoever holds
//! the store never does either.

use std::collections::{BTreeSet, HashMap};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tokio::sync::Semaphore;
use tokio::task::JoinSet;

/// How long one endpoint may take to accept a connection.
pub const ENDPOINT_TIMEOUT: Duration = Duration::from_millis(800);
/// How long a probe's result is trusted.
pub const PROBE_TTL: Duration = Duration::from_secs(300);
/// Endpoints of one skill that preflight considers; the rest are reported
/// as not probed.
pub const MAX_ENDPOINTS_PER_SKILL: usize = 16;
/// Connections a round has open at once.
pub const PROBE_CONCURRENCY: usize = 16;
/// Endpoints one round probes at most; the rest stay unknown.
pub const MAX_PROBES_PER_ROUND: usize = 256;
/// How long a round may take, all endpoints together; those not answered
/// by then stay unknown.
pub const PROBE_BUDGET: Duration = Duration::from_secs(3);

/// What the cache knows about an endpoint.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndpointState {
    Reachable,
    Unreachable,
    /// Never probed, probed too long ago, or not within a round's budget.
    Unknown,
}

/// The endpoint cache and the probing rounds that fill it.
#[derive(Default)]
pub struct Prober {
    cache: Arc<Mutex<HashMap<String, (bool, Instant)>>>,
}

impl Prober {
    /// The cached state of `endpoint` (no network).
    pub fn state(&self, endpoint: &str) -> EndpointState {
        match lock(&self.cache).get(endpoint) {
            Some((reachable, at)) if at.elapsed() < PROBE_TTL => {
                if *reachable {
                    EndpointState::Reachable
                } else {
                    EndpointState::Unreachable
                }
            }
            _ => EndpointState::Unknown,
        }
    }

    /// Probes the endpoints whose state is unknown, concurrently, within
    /// the round's bounds; returns how many were probed to an answer.
    pub async fn probe(&self, endpoints: impl IntoIterator<Item = String>) -> usize {
        let wanted: BTreeSet<String> = endpoints
            .into_iter()
            .filter(|endpoint| self.state(endpoint) == EndpointState::Unknown)
            .take(MAX_PROBES_PER_ROUND)
            .collect();
        let gate = Arc::new(Semaphore::new(PROBE_CONCURRENCY));
        let mut round = JoinSet::new();
        for endpoint in wanted {
            let (gate, cache) = (gate.clone(), self.cache.clone());
            round.spawn(async move {
                let _permit = gate.acquire_owned().await.expect("the gate stays open");
                let reachable = reachable(&endpoint).await;
                lock(&cache).insert(endpoint, (reachable, Instant::now()));
            });
        }
        let mut answered = 0;
        let _ = tokio::time::timeout(PROBE_BUDGET, async {
            while round.join_next().await.is_some() {
                answered += 1;
            }
        })
        .await;
        // Dropping the set aborts what did not answer within the budget.
        answered
    }
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The `host:port` an endpoint names: a URL (`https://host[:port]/…`) or
/// `host:port`; `None` when it names no port.
pub(crate) fn target(endpoint: &str) -> Option<String> {
    let (default_port, rest) = match endpoint.split_once("://") {
        Some(("https", rest)) => (443, rest),
        Some((_, rest)) => (80, rest),
        None => (0, endpoint),
    };
    let authority = rest.split(['/', '?', '#']).next().unwrap_or_default();
    let authority = authority.rsplit('@').next().unwrap_or_default();
    if authority
        .rsplit_once(':')
        .is_some_and(|(_, port)| port.parse::<u16>().is_ok())
    {
        Some(authority.to_owned())
    } else if default_port == 0 {
        None
    } else {
        Some(format!("{authority}:{default_port}"))
    }
}

/// Whether a TCP connection to the endpoint opens within
/// [`ENDPOINT_TIMEOUT`] (name resolution included).
async fn reachable(endpoint: &str) -> bool {
    let Some(target) = target(endpoint) else {
        return false;
    };
    let attempt = async {
        let Ok(addresses) = tokio::net::lookup_host(target).await else {
            return false;
        };
        for address in addresses {
            if tokio::net::TcpStream::connect(address).await.is_ok() {
                return true;
            }
        }
        false
    };
    tokio::time::timeout(ENDPOINT_TIMEOUT, attempt)
        .await
        .unwrap_or(false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn probes_are_cached_and_unknown_until_probed() {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let open = format!("http://{}/health", listener.local_addr().unwrap());
        let closed = {
            let gone = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
            gone.local_addr().unwrap().to_string()
        };
        let prober = Prober::default();
        assert_eq!(prober.state(&open), EndpointState::Unknown);
        let answered = prober
            .probe([open.clone(), closed.clone(), "no-port".to_owned()])
            .await;
        assert_eq!(answered, 3);
        assert_eq!(prober.state(&open), EndpointState::Reachable);
        assert_eq!(prober.state(&closed), EndpointState::Unreachable);
        assert_eq!(prober.state("no-port"), EndpointState::Unreachable);
        // Cached: a second round probes nothing.
        assert_eq!(prober.probe([open.clone(), closed]).await, 0);
    }

    #[test]
    fn targets_of_urls_and_host_ports() {
        assert_eq!(
            target("https://api.example.com/v1").unwrap(),
            "api.example.com:443"
        );
        assert_eq!(target("http://user@h:8080/x").unwrap(), "h:8080");
        assert_eq!(target("db.local:5432").unwrap(), "db.local:5432");
        assert_eq!(target("db.local"), None);
    }
}
