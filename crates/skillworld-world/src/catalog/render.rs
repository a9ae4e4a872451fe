//! The three catalog renderers (CAT-5). Same lines in, same bytes out.

use std::fmt::Write;

use serde::{Deserialize, Serialize};
use skillworld_core::Readiness;

/// How a catalog is written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CatalogFormat {
    /// `- **name**: description`
    #[default]
    Markdown,
    /// The agentskills `<available_skills>` block.
    Xml,
    /// `| Skill | Status | Description |`
    Table,
}

impl std::str::FromStr for CatalogFormat {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "md" | "markdown" => Ok(CatalogFormat::Markdown),
            "xml" => Ok(CatalogFormat::Xml),
            "table" => Ok(CatalogFormat::Table),
            other => Err(format!(
                "unknown catalog format '{other}' (expected md, xml or table)"
            )),
        }
    }
}

/// One catalog line: the description is already cut to the budget.
pub struct Line<'a> {
    pub name: &'a str,
    pub description: &'a str,
    pub readiness: Readiness,
}

/// Renders lines, then the `Showing n of m` footer when some were left out.
pub fn render(out: &mut String, lines: &[Line<'_>], format: CatalogFormat, total: usize) {
    match format {
        CatalogFormat::Markdown => {
            for line in lines {
                if line.description.is_empty() {
                    let _ = writeln!(out, "- **{}**", line.name);
                } else {
                    let _ = writeln!(out, "- **{}**: {}", line.name, line.description);
                }
            }
        }
        CatalogFormat::Xml => {
            out.push_str("<available_skills>\n");
            for line in lines {
                out.push_str("<skill>\n<name>");
                escape_xml(out, line.name);
                out.push_str("</name>\n<description>");
                escape_xml(out, line.description);
                out.push_str("</description>\n<location>skill://");
                escape_xml(out, line.name);
                out.push_str("</location>\n</skill>\n");
            }
            out.push_str("</available_skills>\n");
        }
        CatalogFormat::Table => {
            out.push_str("| Skill | Status | Description |\n|---|---|---|\n");
            for line in lines {
                let _ = writeln!(
                    out,
                    "| {} | {} | {} |",
                    escape_cell(line.name),
                    line.readiness,
                    escape_cell(line.description)
                );
            }
        }
    }
    if lines.len() < total {
        let _ = writeln!(
            out,
            "Showing {} of {total} available skills. Use skill_list or skill_search to find the others.",
            lines.len()
        );
    }
}

fn escape_xml(out: &mut String, text: &str) {
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
}

fn escape_cell(text: &str) -> String {
    text.replace('|', "\\|").replace('\n', " ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines() -> Vec<Line<'static>> {
        vec![
            Line {
                name: "a-skill",
                description: "Does <a> & \"b\"",
                readiness: Readiness::Ready,
            },
            Line {
                name: "b-skill",
                description: "",
                readiness: Readiness::SetupNeeded,
            },
        ]
    }

    #[test]
    fn markdown_list() {
        let mut out = String::new();
        render(&mut out, &lines(), CatalogFormat::Markdown, 2);
        assert_eq!(out, "- **a-skill**: Does <a> & \"b\"\n- **b-skill**\n");
    }

    #[test]
    fn xml_block_is_escaped() {
        let mut out = String::new();
        render(&mut out, &lines()[..1], CatalogFormat::Xml, 1);
        assert_eq!(
            out,
            "<available_skills>\n<skill>\n<name>a-skill</name>\n<description>Does &lt;a&gt; &amp; &quot;b&quot;</description>\n<location>skill://a-skill</location>\n</skill>\n</available_skills>\n"
        );
    }

    #[test]
    fn table_with_footer() {
        let mut out = String::new();
        render(&mut out, &lines(), CatalogFormat::Table, 5);
        assert_eq!(
            out,
            "| Skill | Status | Description |\n|---|---|---|\n| a-skill | ready | Does <a> & \"b\" |\n| b-skill | setup-needed |  |\nShowing 2 of 5 available skills. Use skill_list or skill_search to find the others.\n"
        );
    }
}
