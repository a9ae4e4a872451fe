//! A cloud SDK's command dispatched by its client (reg88's dev half, a
//! Japanese API-key guide: `const response = await client.send(command);`
//! after `new GetSecretValueCommand({ SecretId })`). AWS's JavaScript SDK
//! (v3) sends every request as `client.send(new XxxCommand(…))`, or a
//! command built the line before (`await client.send(command)`): a call to
//! the user's own account through the vendor's SDK, not data written to a
//! socket. `chat-sink`'s socket alternative (`client.send(`, `s.send(`)
//! reads it as a raw send; the argument tells them apart. Only a command
//! object counts: `new` of a name ending in `Command`, a camel-case name
//! ending in `Command` (`putCommand`), or the name `command` awaited as
//! JavaScript awaits the SDK (`await client.send(command)`). Anything
//! else handed to `send` — data, a buffer, `command.encode()`, a bare
//! `command` not awaited (Python's socket) — stays a send
//! (`Rule::confirm` of `chat-sink`).

use crate::naming::unless_all;
use crate::rules::Severity;

/// Whether the `chat-sink` match at `at` of `line` (and every other match
/// on the line) is something other than an SDK client sending its command.
pub fn sends_data(
    line: &str,
    at: usize,
    next: &dyn Fn(usize) -> Option<usize>,
) -> Option<(Severity, String)> {
    unless_all(line, at, next, Severity::Medium, |line, at, rest| {
        sdk_command(line, at, rest)
    })
}

/// Whether `rest` (the line from the match on) is `RECEIVER.send(` with a
/// command object as its whole argument.
fn sdk_command(line: &str, at: usize, rest: &str) -> bool {
    let Some(open) = rest.find(".send(") else {
        return false;
    };
    if !identifier(&rest[..open]) {
        return false;
    }
    let call = &rest[open + ".send(".len()..];
    let Some(close) = crate::brackets::closing(call) else {
        return false;
    };
    let argument = call[..close].trim();
    if let Some(built) = argument.strip_prefix("new ") {
        let name = built.split('(').next().unwrap_or("").trim();
        return built.contains('(') && command_name(name) && name.starts_with(char::is_uppercase);
    }
    let camel = argument.starts_with(char::is_lowercase) && command_name(argument);
    let awaited = line[..at].trim_end().ends_with("await");
    camel || argument == "command" && awaited
}

/// A type name of an SDK command (`GetSecretValueCommand`).
fn command_name(name: &str) -> bool {
    name.len() > "Command".len() && name.ends_with("Command") && identifier(name)
}

/// A non-empty run of ASCII letters, digits and underscores.
fn identifier(name: &str) -> bool {
    !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether the send on `line` (its receiver's first byte) stays.
    fn kept(line: &str) -> bool {
        let dot = line.find(".send(").expect("a send");
        let at = line[..dot]
            .rfind(|c: char| !c.is_ascii_alphanumeric() && c != '_')
            .map_or(0, |p| p + 1);
        sends_data(line, at, &|_| None).is_some()
    }

    #[test]
    fn an_sdk_command_is_no_socket_send() {
        for line in [
            "  const response = await client.send(command);",
            "const out = await client.send(new GetObjectCommand({ Bucket, Key }));",
            "await s.send(new PutObjectCommand(params))",
            "client.send(putCommand).then(done)",
        ] {
            assert!(!kept(line), "{line}");
        }
    }

    #[test]
    fn data_sent_stays_a_send() {
        for line in [
            "client.send(data)",
            "sock.send(secret.encode())",
            "client.send(command)",
            "client.send(command.encode())",
            "await client.send(payload)",
            "client.send(new Buffer(key))",
            "await client.send(command + token)",
        ] {
            assert!(kept(line), "{line}");
        }
    }
}
