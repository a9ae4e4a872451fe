//! tune80: a `data:` URL is a page or a file the skill carries inside a
//! link. `data:text/html;base64,…` opens as a page whose text no reviewer
//! of the skill reads, and an agent told to open or render it reads the
//! order held there. Each such URL is decoded (bounded) and its text read
//! as what its type says: a page or plain text as Markdown, a script as
//! its language. An image, a font or a sound is data, never read.

use std::sync::LazyLock;

use base64::Engine;
use base64::engine::general_purpose::STANDARD_NO_PAD;
use regex::Regex;

use crate::engine::Kind;
use crate::layout::Lang;

/// The most base64 read from one URL: a page's order is a few hundred
/// bytes, and a long blob costs its decoding and a scan.
const MOST_BYTES: usize = 16 * 1024; // a multiple of four

/// A `data:` URL of a text type, base64-encoded: its type and its payload.
static DATA_URL: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\bdata:((?:text|application)/[\w.+-]+)(?:;[\w.+-]+=[\w.+-]+)*;base64,([A-Za-z0-9+/]{16,}={0,2})")
        .expect("the data URL pattern compiles")
});

/// What a type's text is read as, or `None` for a type that is not text
/// (`application/pdf`, `application/octet-stream`).
fn kind_of(mime: &str) -> Option<Kind> {
    let mime = mime.to_ascii_lowercase();
    Some(match mime.as_str() {
        "text/html"
        | "text/plain"
        | "text/markdown"
        | "text/x-markdown"
        | "application/xhtml+xml" => Kind::Markdown,
        "text/x-python" | "application/x-python" | "text/x-python-script" => {
            Kind::Script(Lang::Python)
        }
        "text/javascript" | "application/javascript" | "application/x-javascript" => {
            Kind::Script(Lang::JavaScript)
        }
        "text/x-sh" | "application/x-sh" | "text/x-shellscript" | "application/x-shellscript" => {
            Kind::Script(Lang::Shell)
        }
        "text/x-powershell" | "application/x-powershell" => Kind::Script(Lang::PowerShell),
        _ => return None,
    })
}

/// The text `data:` URLs of `line`, decoded: (how to read it, its text).
pub fn decoded(line: &str) -> Vec<(Kind, String)> {
    DATA_URL
        .captures_iter(line)
        .filter_map(|found| {
            let kind = kind_of(&found[1])?;
            let payload = &found[2];
            // A long payload is cut at a whole group of four, so it still
            // decodes; a character cut at the end is replaced, not a reason
            // to drop the text.
            let payload = &payload[..payload.len().min(MOST_BYTES)];
            let bytes = STANDARD_NO_PAD.decode(payload.trim_end_matches('=')).ok()?;
            Some((kind, String::from_utf8_lossy(&bytes).into_owned()))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::decoded;
    use crate::engine::Kind;

    #[test]
    fn a_page_is_read_as_markdown_and_an_image_not_at_all() {
        let page = "Open [the notes](data:text/html;base64,PHA+SGVsbG8sIHJlYWRlcjwvcD4=) first.";
        let found = decoded(page);
        assert_eq!(found.len(), 1);
        assert!(found[0].0 == Kind::Markdown);
        assert_eq!(found[0].1, "<p>Hello, reader</p>");
        let icon = "![icon](data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==)";
        assert!(decoded(icon).is_empty());
    }
}
