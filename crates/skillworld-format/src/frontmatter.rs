//! FMT-1: finding the frontmatter, with every bound checked before YAML runs.

use std::borrow::Cow;

use skillworld_core::limits::MAX_FILE_BYTES;

use crate::{FormatError, Warning, WarningCode};

/// Largest frontmatter handed to the YAML parser.
pub const MAX_FRONTMATTER_BYTES: usize = 64 * 1024;
/// Deepest nesting (block indentation plus flow brackets) handed to it.
pub const MAX_NESTING: usize = 32;
/// A file with a NUL byte in its first this-many bytes is binary (FMT-7).
pub const BINARY_SNIFF_BYTES: usize = 8000;

/// A SKILL.md as text, split at its fences.
pub struct Split<'a> {
    pub yaml: &'a str,
    pub body: &'a str,
}

/// Decodes a file's bytes into text, dropping a BOM and turning CRLF into LF,
/// with a warning for each.
pub fn decode<'a>(
    bytes: &'a [u8],
    warnings: &mut Vec<Warning>,
) -> Result<Cow<'a, str>, FormatError> {
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(FormatError::FileTooLarge {
            bytes: bytes.len() as u64,
            limit: MAX_FILE_BYTES,
        });
    }
    // A SKILL.md is text through and through: a NUL anywhere refuses it
    // (bundle files are only sniffed, see `find_nul`). One pass looks for
    // NUL and CR together; CR is rare and only then is CRLF looked for.
    let mut has_cr = false;
    for offset in memchr::memchr2_iter(0, b'\r', bytes) {
        if bytes[offset] == 0 {
            return Err(FormatError::Binary { offset });
        }
        has_cr = true;
    }
    let bytes = match bytes.strip_prefix(b"\xEF\xBB\xBF") {
        Some(rest) => {
            warnings.push(Warning::new(
                WarningCode::Bom,
                "a UTF-8 byte order mark was removed",
            ));
            rest
        }
        None => bytes,
    };
    // The fast validator answers yes or no; on no, std finds the offset.
    let text = match simdutf8::basic::from_utf8(bytes) {
        Ok(text) => text,
        Err(_) => {
            let offset = std::str::from_utf8(bytes).map_or_else(|e| e.valid_up_to(), |_| 0);
            return Err(FormatError::NotUtf8 { offset });
        }
    };
    if has_cr && text.contains("\r\n") {
        warnings.push(Warning::new(
            WarningCode::Crlf,
            "CRLF line endings were turned into LF",
        ));
        Ok(Cow::Owned(strip_cr_before_lf(text)))
    } else {
        Ok(Cow::Borrowed(text))
    }
}

/// Drops every run of CRs that ends a line. Removing only `\r\n` pairs
/// would turn `\r\r\n` into a new `\r\n`, and reading the same text twice
/// would give two different bodies (found by the fuzzer).
fn strip_cr_before_lf(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut pending_crs = 0;
    for c in text.chars() {
        match c {
            '\r' => pending_crs += 1,
            '\n' => {
                pending_crs = 0;
                out.push('\n');
            }
            other => {
                out.extend(std::iter::repeat_n('\r', pending_crs));
                pending_crs = 0;
                out.push(other);
            }
        }
    }
    out.extend(std::iter::repeat_n('\r', pending_crs));
    out
}

/// The offset of a NUL byte in the sniffed prefix, if any.
pub fn find_nul(bytes: &[u8]) -> Option<usize> {
    memchr::memchr(0, &bytes[..bytes.len().min(BINARY_SNIFF_BYTES)])
}

/// Splits LF text at the opening and the first closing `---` fence.
pub fn split<'a>(text: &'a str, warnings: &mut Vec<Warning>) -> Result<Split<'a>, FormatError> {
    let mut rest = text;
    let mut blank_lines = 0;
    let opening = loop {
        let (line, after) = next_line(rest).ok_or(FormatError::NoFrontmatter)?;
        if line.trim().is_empty() {
            blank_lines += 1;
            rest = after;
            continue;
        }
        break (line, after);
    };
    if opening.0.trim_end() != "---" {
        return Err(FormatError::NoFrontmatter);
    }
    if blank_lines > 0 {
        warnings.push(Warning::new(
            WarningCode::LeadingBlankLines,
            format!("{blank_lines} blank line(s) before the opening fence were ignored"),
        ));
    }
    let yaml_start = opening.1;
    let mut cursor = yaml_start;
    loop {
        let consumed = yaml_start.len() - cursor.len();
        if consumed > MAX_FRONTMATTER_BYTES {
            return Err(FormatError::FrontmatterTooLarge {
                limit: MAX_FRONTMATTER_BYTES,
            });
        }
        let Some((line, after)) = next_line(cursor) else {
            return Err(FormatError::Unclosed);
        };
        if line.trim() == "---" {
            if line != "---" {
                warnings.push(Warning::new(
                    WarningCode::FenceSpaces,
                    "the closing fence had spaces around it",
                ));
            }
            let yaml = &yaml_start[..yaml_start.len() - cursor.len()];
            if yaml.len() > MAX_FRONTMATTER_BYTES {
                return Err(FormatError::FrontmatterTooLarge {
                    limit: MAX_FRONTMATTER_BYTES,
                });
            }
            return Ok(Split { yaml, body: after });
        }
        cursor = after;
    }
}

/// The first line of `text` (without its `\n`) and what follows it; `None`
/// at the end of the text.
fn next_line(text: &str) -> Option<(&str, &str)> {
    if text.is_empty() {
        return None;
    }
    Some(match text.find('\n') {
        Some(i) => (&text[..i], &text[i + 1..]),
        None => (text, ""),
    })
}

/// Refuses frontmatter that nests deeper than [`MAX_NESTING`]: the YAML
/// parser is quadratic in flow nesting before its own limit answers.
/// Counts block indentation levels and `- ` prefixes plus open flow brackets
/// outside quoted scalars; an over-estimate only refuses absurd input.
pub fn check_nesting(yaml: &str) -> Result<(), FormatError> {
    let mut indents: Vec<usize> = Vec::new();
    let mut flow_depth = 0usize;
    let mut quote: Option<u8> = None;
    // The indentation of the line that opened a `|` or `>` block scalar,
    // whose more-indented lines are text, not structure.
    let mut block_scalar: Option<usize> = None;
    for (index, line) in yaml.split('\n').enumerate() {
        let bytes = line.as_bytes();
        let mut i = 0;
        if quote.is_none() && flow_depth == 0 {
            let indent = bytes.iter().take_while(|&&b| b == b' ').count();
            if indent == bytes.len() {
                continue;
            }
            match block_scalar {
                Some(opener) if indent > opener => continue,
                _ => block_scalar = None,
            }
            if bytes[indent] == b'#' {
                continue;
            }
            if opens_block_scalar(line) {
                block_scalar = Some(indent);
            }
            while indents.last().is_some_and(|&top| top >= indent) {
                indents.pop();
            }
            indents.push(indent);
            i = indent;
            while bytes.get(i) == Some(&b'-') && bytes.get(i + 1) == Some(&b' ') {
                i += 2;
                indents.push(i);
            }
        }
        let mut previous = b' ';
        while i < bytes.len() {
            let b = bytes[i];
            match quote {
                Some(b'"') if b == b'\\' => i += 1,
                Some(q) if b == q => {
                    // '' inside a single-quoted scalar is an escaped quote.
                    if q == b'\'' && bytes.get(i + 1) == Some(&b'\'') {
                        i += 1;
                    } else {
                        quote = None;
                    }
                }
                Some(_) => {}
                None => match b {
                    b'"' | b'\''
                        if matches!(previous, b' ' | b'[' | b'{' | b',' | b':' | b'-' | b'?') =>
                    {
                        quote = Some(b)
                    }
                    b'[' | b'{' => flow_depth += 1,
                    b']' | b'}' => flow_depth = flow_depth.saturating_sub(1),
                    b'#' if previous == b' ' => break,
                    _ => {}
                },
            }
            if indents.len() + flow_depth > MAX_NESTING {
                return Err(FormatError::TooDeep {
                    limit: MAX_NESTING,
                    line: index + 2,
                });
            }
            previous = b;
            i += 1;
        }
        if indents.len() + flow_depth > MAX_NESTING {
            return Err(FormatError::TooDeep {
                limit: MAX_NESTING,
                line: index + 2,
            });
        }
    }
    Ok(())
}

/// Whether a line ends with a block scalar indicator (`key: |`, `- >-`,
/// `key: |2 # comment`).
fn opens_block_scalar(line: &str) -> bool {
    let content = match line.find(" #") {
        Some(comment) => &line[..comment],
        None => line,
    };
    let content = content.trim_end();
    let start = content.rfind(' ').map_or(0, |i| i + 1);
    let token = &content[start..];
    let is_indicator = token.starts_with(['|', '>'])
        && token[1..]
            .bytes()
            .all(|b| b.is_ascii_digit() || b == b'-' || b == b'+');
    let before = content[..start].trim_end();
    is_indicator && (before.is_empty() || before.ends_with(':') || before.ends_with('-'))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn split_ok(text: &str) -> (String, String, Vec<WarningCode>) {
        let mut warnings = Vec::new();
        let decoded = decode(text.as_bytes(), &mut warnings).unwrap().into_owned();
        let s = split(&decoded, &mut warnings).unwrap();
        (
            s.yaml.to_owned(),
            s.body.to_owned(),
            warnings.iter().map(|w| w.code).collect(),
        )
    }

    #[test]
    fn plain_file() {
        let (yaml, body, warnings) = split_ok("---\nname: a\n---\n# Body\n");
        assert_eq!(yaml, "name: a\n");
        assert_eq!(body, "# Body\n");
        assert!(warnings.is_empty());
    }

    #[test]
    fn quirks_are_tolerated_and_reported() {
        let (yaml, body, warnings) =
            split_ok("\u{feff}\r\n\r\n---\r\nname: a\r\n  ---  \r\nbody\r\n---\r\nmore\r\n");
        assert_eq!(yaml, "name: a\n");
        assert_eq!(body, "body\n---\nmore\n");
        assert_eq!(
            warnings,
            [
                WarningCode::Bom,
                WarningCode::Crlf,
                WarningCode::LeadingBlankLines,
                WarningCode::FenceSpaces
            ]
        );
    }

    #[test]
    fn line_ending_normalisation_is_idempotent() {
        assert_eq!(strip_cr_before_lf("a\r\r\nb\rc\r\n\r"), "a\nb\rc\n\r");
        let (_, body, _) = split_ok("---\r\nname: a\r\n---\r\nx\r\r\ny\r\n");
        assert_eq!(body, "x\ny\n");
    }

    #[test]
    fn missing_and_unclosed_fences() {
        let mut w = Vec::new();
        assert!(matches!(
            split("# no frontmatter\n", &mut w),
            Err(FormatError::NoFrontmatter)
        ));
        assert!(matches!(split("", &mut w), Err(FormatError::NoFrontmatter)));
        assert!(matches!(
            split("---\nname: a\n", &mut w),
            Err(FormatError::Unclosed)
        ));
        assert!(matches!(split("---", &mut w), Err(FormatError::Unclosed)));
    }

    #[test]
    fn file_without_body_or_final_newline() {
        let (yaml, body, _) = split_ok("---\nname: a\n---");
        assert_eq!((yaml.as_str(), body.as_str()), ("name: a\n", ""));
    }

    #[test]
    fn bounds() {
        let mut w = Vec::new();
        let big = format!("---\nx: '{}'\n---\n", "a".repeat(MAX_FRONTMATTER_BYTES));
        assert!(matches!(
            split(&big, &mut w),
            Err(FormatError::FrontmatterTooLarge { .. })
        ));
        let deep = format!("x: {}{}\n", "[".repeat(33), "]".repeat(33));
        assert!(matches!(
            check_nesting(&deep),
            Err(FormatError::TooDeep { .. })
        ));
        let ok = format!("x: {}{}\n", "[".repeat(20), "]".repeat(20));
        assert!(check_nesting(&ok).is_ok());
        let quoted = format!("x: '{}'\n", "[".repeat(100));
        assert!(check_nesting(&quoted).is_ok());
        let mut block = String::new();
        for depth in 0..40 {
            block.push_str(&format!("{}k{depth}:\n", " ".repeat(depth * 2)));
        }
        assert!(matches!(
            check_nesting(&block),
            Err(FormatError::TooDeep { .. })
        ));
        // Brackets inside block scalars are text (found by the fuzzer).
        let literal = format!("d: |-\n  {}\n  more\nname: x\n", "[".repeat(40));
        assert!(check_nesting(&literal).is_ok());
        let after = format!("d: >\n  text\nx: {}\n", "[".repeat(40));
        assert!(matches!(
            check_nesting(&after),
            Err(FormatError::TooDeep { .. })
        ));
        assert!(matches!(
            decode(b"---\n\0", &mut w),
            Err(FormatError::Binary { offset: 4 })
        ));
        assert!(matches!(
            decode(b"---\n\xff", &mut w),
            Err(FormatError::NotUtf8 { offset: 4 })
        ));
    }
}
