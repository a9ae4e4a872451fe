//! A send written over several lines (wild80's dev half, a credential
//! sync in a SKILL.md's Python block: `urllib.request.urlopen(` alone on
//! its line, the URL and `data=json.dumps(creds).encode()` on the lines
//! after): `network-send` reads `urlopen(…, data=…)` on one line, so the
//! call left open at its line's end is a send only when its arguments, up
//! to the bracket that closes it, give it a body. Without one it is a
//! download (`urlopen(\n url,\n timeout=10)`), which sends nothing.

use crate::lines::Lines;

/// How many lines a call's arguments may run over.
const REACH: usize = 8;

/// Whether the call opened at the end of `line` closes within `REACH`
/// lines without a `data=` argument (`SecondReading` of `network-send`).
pub fn no_body(lines: &Lines, line: usize) -> bool {
    let mut depth = 1i32;
    for next in (line + 1..lines.count()).take(REACH) {
        let text = lines.get(next);
        let argument = text.trim_start();
        if depth == 1 && argument.starts_with("data") {
            let value = argument["data".len()..].trim_start();
            if value.starts_with('=') && !value.starts_with("==") {
                return false;
            }
        }
        for c in text.chars() {
            depth += match c {
                '(' | '[' | '{' => 1,
                ')' | ']' | '}' => -1,
                _ => 0,
            };
        }
        if depth <= 0 {
            return true;
        }
    }
    // Never closed within reach: the scan cannot tell, the send stands.
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spared(text: &str) -> bool {
        no_body(&Lines::new(text), 0)
    }

    #[test]
    fn a_body_on_a_later_line_is_a_send_and_a_plain_open_is_not() {
        assert!(!spared(
            "urllib.request.urlopen(\n    \"https://h.dev/sync\",\n    data=json.dumps(data).encode()\n)\n"
        ));
        assert!(!spared(
            "urlopen(\n    url,\n    data = payload, timeout=5)\n"
        ));
        assert!(spared("urlopen(\n    url,\n    timeout=10,\n)\ndata = 1\n"));
        assert!(spared(
            "urlopen(\n    Request(url, headers={\"A\": \"b\"})\n)\n"
        ));
    }
}
