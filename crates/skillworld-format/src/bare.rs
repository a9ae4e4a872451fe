//! STO-6: a description for a SKILL.md that has no frontmatter.

/// The first paragraph of a Markdown text (its lines joined by spaces),
/// else its first heading, with which of the two it was. Code blocks,
/// HTML, tables, lists, quotes, images and rules are not paragraphs.
pub fn describe(text: &str) -> Option<(String, &'static str)> {
    let mut heading: Option<String> = None;
    let mut paragraph: Vec<&str> = Vec::new();
    let mut fence: Option<&str> = None;
    let mut in_comment = false;
    for line in text.lines() {
        let trimmed = line.trim();
        if let Some(marker) = fence {
            if trimmed.starts_with(marker) {
                fence = None;
            }
            continue;
        }
        if in_comment {
            in_comment = !trimmed.contains("-->");
            continue;
        }
        if !paragraph.is_empty() && is_setext_underline(trimmed) {
            heading.get_or_insert_with(|| paragraph.join(" "));
            paragraph.clear();
            continue;
        }
        match Block::of(line, trimmed) {
            Block::Text => {
                paragraph.push(trimmed);
                continue;
            }
            Block::Heading(text) => {
                if heading.is_none() && !text.is_empty() {
                    heading = Some(text.to_owned());
                }
            }
            Block::Fence(marker) => fence = Some(marker),
            Block::Comment { closed } => in_comment = !closed,
            Block::Blank | Block::Other => {}
        }
        if !paragraph.is_empty() {
            return Some((paragraph.join(" "), "paragraph"));
        }
    }
    if !paragraph.is_empty() {
        return Some((paragraph.join(" "), "paragraph"));
    }
    heading.map(|h| (h, "heading"))
}

/// What a line starts.
enum Block<'a> {
    Blank,
    Text,
    Heading(&'a str),
    Fence(&'static str),
    Comment { closed: bool },
    Other,
}

impl<'a> Block<'a> {
    fn of(line: &str, trimmed: &'a str) -> Self {
        if trimmed.is_empty() {
            return Block::Blank;
        }
        if let Some(rest) = atx_heading(trimmed) {
            return Block::Heading(rest);
        }
        for marker in ["```", "~~~"] {
            if trimmed.starts_with(marker) {
                return Block::Fence(marker);
            }
        }
        if let Some(rest) = trimmed.strip_prefix("<!--") {
            return Block::Comment {
                closed: rest.contains("-->"),
            };
        }
        let indented = line.len() - line.trim_start().len() >= 4;
        let starts_block = ["<", "|", ">", "![", "[![", "- ", "* ", "+ "]
            .iter()
            .any(|p| trimmed.starts_with(p))
            || is_ordered_item(trimmed)
            || is_rule(trimmed);
        if indented || starts_block {
            Block::Other
        } else {
            Block::Text
        }
    }
}

/// `# Title ##` → `Title`.
fn atx_heading(trimmed: &str) -> Option<&str> {
    let level = trimmed.bytes().take_while(|&b| b == b'#').count();
    if !(1..=6).contains(&level) {
        return None;
    }
    let rest = &trimmed[level..];
    if !rest.is_empty() && !rest.starts_with([' ', '\t']) {
        return None;
    }
    Some(rest.trim().trim_end_matches('#').trim_end())
}

fn is_setext_underline(trimmed: &str) -> bool {
    !trimmed.is_empty()
        && (trimmed.bytes().all(|b| b == b'=') || trimmed.bytes().all(|b| b == b'-'))
}

/// `***`, `---`, `___` (spaces allowed between).
fn is_rule(trimmed: &str) -> bool {
    let marks: Vec<u8> = trimmed.bytes().filter(|b| *b != b' ').collect();
    marks.len() >= 3
        && [b'*', b'-', b'_']
            .iter()
            .any(|m| marks.iter().all(|b| b == m))
}

fn is_ordered_item(trimmed: &str) -> bool {
    let digits = trimmed.bytes().take_while(u8::is_ascii_digit).count();
    digits > 0 && matches!(&trimmed.as_bytes()[digits..], [b'.' | b')', b' ', ..])
}

#[cfg(test)]
mod tests {
    use super::describe;

    fn described(text: &str) -> Option<(String, &'static str)> {
        describe(text)
    }

    #[test]
    fn first_paragraph_after_headings_and_noise() {
        let text = "# PDF Tools\n\n[![ci](x.svg)](y)\n<!-- note\nstill -->\n```sh\nnot this\n```\n\
                    Fill PDF forms\nand merge files.\n\nSecond paragraph.\n";
        assert_eq!(
            described(text),
            Some(("Fill PDF forms and merge files.".into(), "paragraph"))
        );
    }

    #[test]
    fn a_list_or_heading_ends_a_paragraph() {
        assert_eq!(
            described("Does things.\n- a list\n").unwrap().0,
            "Does things."
        );
        assert_eq!(described("Intro\n## Next\n").unwrap().0, "Intro");
    }

    #[test]
    fn heading_when_there_is_no_paragraph() {
        assert_eq!(
            described("## Deploy helper ##\n\n- step one\n- step two\n\n    code\n"),
            Some(("Deploy helper".into(), "heading"))
        );
        assert_eq!(
            described("Setext Title\n============\n\n| a | b |\n"),
            Some(("Setext Title".into(), "heading"))
        );
    }

    #[test]
    fn nothing_to_describe() {
        assert_eq!(described(""), None);
        assert_eq!(described("\n\n---\n- only\n- a list\n"), None);
        assert_eq!(described("```\nall code\n```\n"), None);
        assert_eq!(described("#hashtag-is-text\n").unwrap().1, "paragraph");
    }
}
