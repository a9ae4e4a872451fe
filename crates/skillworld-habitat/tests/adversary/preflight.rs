//! Attack 10: a skill declaring 40 slow endpoints stalled every agent's
//! reads (preflight probed them one by one under the store's lock), and a
//! private skill's `missing` list worked as a port scanner. Probes now run
//! off the lock, bounded, concurrent and cached; private skills' endpoints
//! are never probed.

use std::time::Duration;

use reqwest::{Method, StatusCode};
use serde_json::Value;
use tokio::net::{TcpListener, TcpSocket, TcpStream};

use crate::support::{Answer, Server, skill_md};

/// A listener whose accept queue is full: a connection to it hangs until
/// the prober gives up. The filler connection is returned to keep it full.
async fn slow_endpoint() -> (TcpListener, TcpStream, String) {
    let socket = TcpSocket::new_v4().unwrap();
    socket.bind("127.0.0.1:0".parse().unwrap()).unwrap();
    let listener = socket.listen(0).unwrap();
    let address = listener.local_addr().unwrap();
    let filler = TcpStream::connect(address).await.unwrap();
    (listener, filler, address.to_string())
}

fn with_endpoints(name: &str, endpoints: &[String]) -> String {
    let list: Vec<String> = endpoints.iter().map(|e| format!("\"{e}\"")).collect();
    skill_md(
        name,
        "Talks to many services.",
        &format!(
            "metadata:\n  skillworld.requires: '{{\"endpoints\": [{}]}}'\n",
            list.join(", ")
        ),
        "Call the services.\n",
    )
}

fn entry<'a>(preflight: &'a Value, name: &str) -> &'a Value {
    preflight["skills"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["name"] == name)
        .unwrap_or_else(|| panic!("{name} not in {preflight}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_endpoints_stall_no_reads_and_are_bounded() {
    let server = Server::start_with(|options| options.probe_endpoints = true).await;
    let ada = server.agent_with_token("ada", "agent").await;
    let bob = server.agent_with_token("bob", "agent").await;
    // The first endpoint answers (and tells the test a probe round has
    // begun); 39 more hang.
    let tripwire = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let mut endpoints = vec![tripwire.local_addr().unwrap().to_string()];
    let mut slow = Vec::new();
    for _ in 0..39 {
        let (listener, filler, address) = slow_endpoint().await;
        endpoints.push(address);
        slow.push((listener, filler));
    }

    let md = with_endpoints("many-services", &endpoints);
    let creating = {
        let (url, admin) = (server.url.clone(), server.admin.clone());
        tokio::spawn(async move {
            reqwest::Client::new()
                .post(format!("{url}/api/v1/commons/skills"))
                .bearer_auth(admin)
                .header("content-type", "text/markdown")
                .body(md)
                .send()
                .await
                .unwrap()
                .status()
        })
    };
    // A probe round is under way once the tripwire is connected to.
    let (_probe, _) = tokio::time::timeout(Duration::from_secs(20), tripwire.accept())
        .await
        .expect("the endpoints are probed")
        .unwrap();
    // While the other endpoints hang, another agent reads.
    let read = tokio::time::timeout(
        Duration::from_secs(10),
        server.get("/api/v1/agents/bob/catalog?chars=2000", &bob),
    )
    .await
    .expect("a read waited for the endpoint probes");
    assert_eq!(read.status, StatusCode::OK, "{}", read.body);
    assert_eq!(creating.await.unwrap(), StatusCode::CREATED);

    // On demand: at most 16 endpoints of a skill are considered.
    let Answer {
        status,
        body: preflight,
    } = server.get("/api/v1/agents/ada/preflight", &ada).await;
    assert_eq!(status, StatusCode::OK, "{preflight}");
    let many = entry(&preflight, "many-services");
    let unchecked = many["unchecked"].to_string();
    assert!(unchecked.contains("24 more endpoints not probed"), "{many}");
    assert!(
        !many["missing"].to_string().contains(&endpoints[0]),
        "the tripwire answered: {many}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_private_skills_endpoints_are_never_probed() {
    let server = Server::start_with(|options| options.probe_endpoints = true).await;
    let bob = server.agent_with_token("bob", "agent").await;
    let watched = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    watched.set_nonblocking(true).unwrap();
    let closed = {
        let gone = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        gone.local_addr().unwrap().to_string()
    };
    let endpoints = [watched.local_addr().unwrap().to_string(), closed.clone()];
    let md = with_endpoints("port-scan", &endpoints);
    let Answer {
        status,
        body: created,
    } = server
        .send(
            Method::POST,
            "/api/v1/agents/bob/skills",
            &bob,
            Some((md.into_bytes(), "text/markdown")),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let Answer {
        status,
        body: preflight,
    } = server.get("/api/v1/agents/bob/preflight", &bob).await;
    assert_eq!(status, StatusCode::OK, "{preflight}");
    let scan = entry(&preflight, "port-scan");
    // Neither open nor closed is told apart: nothing was probed, and the
    // answer says why.
    assert_eq!(scan["readiness"], "ready", "{scan}");
    assert_eq!(scan["missing"], Value::Array(vec![]), "{scan}");
    assert!(
        scan["unchecked"][0]
            .as_str()
            .unwrap()
            .contains("a private skill's endpoints are not checked"),
        "{scan}"
    );
    let Answer { body: got, .. } = server
        .get("/api/v1/agents/bob/skills/port-scan", &bob)
        .await;
    assert!(!got["missing"].to_string().contains(&closed), "{got}");
    assert_eq!(
        watched.accept().unwrap_err().kind(),
        std::io::ErrorKind::WouldBlock,
        "the habitat connected to a private skill's endpoint"
    );
}
