//! Decoded text handed to a network client as its arguments
//! (`echo … | base64 -d | xargs curl -X POST`): the address the request
//! goes to is kept in base64, so no reader sees it.

use std::sync::LazyLock;

use regex::Regex;

use crate::rules::Severity;

/// `xargs`, its options, then a network client.
static XARGS_CLIENT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"\|\s*xargs\s+(?:-\S+\s+)*(?:\S+\s+)?(?:curl|wget|nc|ncat)\b")
        .expect("the xargs-client pattern compiles")
});

/// Keeps a decode piped into `xargs` only where `xargs` starts a network
/// client (`Rule::confirm` of `decoded-fetch-target`); a decoded list of
/// files handed to `ls` hides no destination. The client's words are no
/// part of the row's pattern: `curl` is on so many lines that searching
/// every one of them for a decoder cost more than the row's own search.
pub fn hands_to_client(
    line: &str,
    _at: usize,
    _next: &dyn Fn(usize) -> Option<usize>,
) -> Option<(Severity, String)> {
    XARGS_CLIENT
        .is_match(line)
        .then(|| (Severity::High, String::new()))
}
