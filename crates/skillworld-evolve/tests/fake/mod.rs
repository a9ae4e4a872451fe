//! A fake chat-completions server on 127.0.0.1 for tests: answers each
//! connection with the next canned response and keeps what it was sent.
//! Plain threads and std sockets, so any test can use it with or without
//! a runtime (the CLI's tests include this file too).

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::{Arc, Mutex};

use serde_json::{Value, json};

/// One canned answer.
pub enum Canned {
    /// Status, extra headers, body.
    Answer(u16, Vec<(&'static str, String)>, String),
    /// Read the request and never answer; the connection ends when the
    /// client gives up.
    Hang,
    /// Read the request, wait until the test sends on the gate (or drops
    /// it), then answer as the inner one. (The CLI's multi-node tests hold
    /// a review run open with it.)
    #[allow(dead_code)]
    After(std::sync::mpsc::Receiver<()>, Box<Canned>),
}

impl Canned {
    /// A 200 with a final text.
    pub fn text(text: &str) -> Canned {
        let body = json!({"choices": [{"message": {"role": "assistant", "content": text}}]});
        Canned::Answer(200, Vec::new(), body.to_string())
    }

    /// A 200 with tool calls; `arguments` is the raw string on the wire.
    pub fn calls(calls: &[(&str, &str)]) -> Canned {
        let calls: Vec<Value> = calls
            .iter()
            .enumerate()
            .map(|(i, (name, arguments))| {
                json!({"id": format!("c{i}"), "type": "function",
                       "function": {"name": name, "arguments": arguments}})
            })
            .collect();
        let body = json!({"choices": [{"message": {"role": "assistant", "content": null, "tool_calls": calls}}]});
        Canned::Answer(200, Vec::new(), body.to_string())
    }

    pub fn status(status: u16, headers: Vec<(&'static str, String)>) -> Canned {
        Canned::Answer(
            status,
            headers,
            format!("{{\"error\":\"status {status}\"}}"),
        )
    }
}

/// A request as received: the head (lower-cased) and the JSON body.
#[derive(Clone, Debug)]
pub struct Received {
    pub head: String,
    pub body: Value,
}

pub struct FakeServer {
    pub url: String,
    received: Arc<Mutex<Vec<Received>>>,
}

impl FakeServer {
    pub fn start(script: Vec<Canned>) -> FakeServer {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        let received = Arc::new(Mutex::new(Vec::new()));
        let log = received.clone();
        std::thread::spawn(move || {
            for canned in script {
                let Ok((mut stream, _)) = listener.accept() else {
                    return;
                };
                let Some(request) = read_request(&mut stream) else {
                    return;
                };
                // Logged before answering: once the client has its answer,
                // the request is in the log.
                log.lock().unwrap().push(request);
                answer(&mut stream, canned);
            }
        });
        FakeServer { url, received }
    }

    pub fn received(&self) -> Vec<Received> {
        self.received.lock().unwrap().clone()
    }
}

fn answer(stream: &mut TcpStream, canned: Canned) {
    match canned {
        Canned::Answer(status, headers, body) => {
            let mut head = format!(
                "HTTP/1.1 {status} Canned\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n",
                body.len()
            );
            for (name, value) in headers {
                head.push_str(&format!("{name}: {value}\r\n"));
            }
            let _ = stream.write_all(format!("{head}\r\n{body}").as_bytes());
        }
        Canned::Hang => {
            let _ = stream.read(&mut [0; 1]);
        }
        Canned::After(gate, then) => {
            let _ = gate.recv();
            answer(stream, *then);
        }
    }
}

fn read_request(stream: &mut TcpStream) -> Option<Received> {
    let mut bytes = Vec::new();
    let mut chunk = [0; 4096];
    let head_end = loop {
        let read = stream.read(&mut chunk).ok()?;
        if read == 0 {
            return None;
        }
        bytes.extend_from_slice(&chunk[..read]);
        if let Some(end) = bytes.windows(4).position(|w| w == b"\r\n\r\n") {
            break end + 4;
        }
    };
    let head = String::from_utf8_lossy(&bytes[..head_end]).to_lowercase();
    let length: usize = head
        .lines()
        .find_map(|l| l.strip_prefix("content-length:"))
        .map_or(0, |v| v.trim().parse().unwrap());
    while bytes.len() < head_end + length {
        let read = stream.read(&mut chunk).ok()?;
        if read == 0 {
            return None;
        }
        bytes.extend_from_slice(&chunk[..read]);
    }
    let body = serde_json::from_slice(&bytes[head_end..head_end + length]).unwrap_or(Value::Null);
    Some(Received { head, body })
}
