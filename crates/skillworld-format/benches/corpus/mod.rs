//! The generated corpus the benches share: skills shaped like real ones (a
//! few frontmatter fields, a description of about 200 chars, a Markdown
//! body of 2–14 KB), optionally with the irregularities of a real public
//! corpus (STO-6): names that collide across authors, files without
//! frontmatter, and bundle files beside SKILL.md.
//!
//! Used by `validate.rs` (`mod corpus;`) and by other crates' benches
//! through `#[path]`.

#![allow(dead_code)] // each bench uses part of it

use std::fs;
use std::path::Path;

/// What a generated corpus holds besides plain skills.
#[derive(Clone, Copy, Debug, Default)]
pub struct Shape {
    /// Every Nth skill takes the `name:` of the skill N-1 folders before it
    /// (another author's skill of the same name).
    pub collide_every: Option<usize>,
    /// Every Nth skill is a heading and paragraphs with no frontmatter.
    pub bare_every: Option<usize>,
    /// Some skills get `scripts/run.sh` (1–3 KB) and `references/guide.md`
    /// (4–20 KB), as real bundles do.
    pub bundle_files: bool,
}

/// What [`generate_shaped`] wrote.
#[derive(Clone, Copy, Debug, Default)]
pub struct Written {
    pub skills: usize,
    pub collisions: usize,
    pub bare: usize,
    pub files: usize,
    pub bytes: u64,
}

const WORDS: [&str; 16] = [
    "data", "analysis", "pipeline", "use", "when", "the", "user", "asks", "for", "plots", "tables",
    "reports", "with", "python", "and", "files",
];

/// `count` plain skills, `generated-skill-N/SKILL.md` (the same bytes for
/// the same count, run after run).
pub fn generate(root: &Path, count: usize) {
    generate_shaped(root, count, Shape::default());
}

pub fn generate_shaped(root: &Path, count: usize, shape: Shape) -> Written {
    let mut next = xorshift(42);
    let mut written = Written {
        skills: count,
        ..Written::default()
    };
    for i in 0..count {
        let folder = format!("generated-skill-{i}");
        let mut description = String::from("Generated skill for benchmarks. Use when");
        while description.len() < 200 {
            description.push(' ');
            description.push_str(WORDS[next() as usize % WORDS.len()]);
        }
        let mut body = format!("# {folder}\n\n## When to use\n\n");
        let target = 2_000 + (next() % 12_000) as usize;
        while body.len() < target {
            match next() % 10 {
                0 => body.push_str("\n## Steps\n\n"),
                1 => body
                    .push_str("\n```python\nimport pandas as pd\ndf = pd.read_csv('x.csv')\n```\n"),
                2 => body.push_str("- a list item with `code` and **bold** text\n"),
                _ => {
                    for _ in 0..12 {
                        body.push_str(WORDS[next() as usize % WORDS.len()]);
                        body.push(' ');
                    }
                    body.push('\n');
                }
            }
        }
        let name = match shape.collide_every {
            Some(n) if i % n == n - 1 => {
                written.collisions += 1;
                format!("generated-skill-{}", i + 1 - n)
            }
            _ => folder.clone(),
        };
        let text = match shape.bare_every {
            Some(n) if i % n == n / 2 => {
                written.bare += 1;
                body.replacen(
                    "## When to use\n\n",
                    &format!("{description}\n\n## When to use\n\n"),
                    1,
                )
            }
            _ => format!(
                "---\nname: {name}\ndescription: {description}\nlicense: MIT\nallowed-tools: Read Write Bash\nmetadata:\n  version: \"1.{i}.0\"\n  skill-author: bench\n---\n{body}"
            ),
        };
        let dir = root.join(&folder);
        write(&dir.join("SKILL.md"), text.as_bytes(), &mut written);
        if shape.bundle_files {
            bundle_files(&dir, i, &mut written);
        }
    }
    written
}

/// A script for every 4th skill, a reference for every 5th, from their own
/// random sequence (the SKILL.md bytes do not depend on them).
fn bundle_files(dir: &Path, i: usize, written: &mut Written) {
    let mut next = xorshift(7 + i as u64);
    let mut text = |min: usize, spread: u64, line: &str| {
        let len = min + (next() % spread) as usize;
        line.repeat(len / line.len() + 1)
    };
    if i.is_multiple_of(4) {
        let script = format!(
            "#!/bin/sh\nset -eu\n{}",
            text(
                1_000,
                2_000,
                "python3 -m report --input \"$1\" --out out.csv\n"
            )
        );
        write(&dir.join("scripts/run.sh"), script.as_bytes(), written);
    }
    if i.is_multiple_of(5) {
        let guide = text(
            4_000,
            16_000,
            "Columns are named in the header row; dates are ISO 8601.\n",
        );
        write(&dir.join("references/guide.md"), guide.as_bytes(), written);
    }
}

fn write(path: &Path, bytes: &[u8], written: &mut Written) {
    fs::create_dir_all(path.parent().expect("inside the corpus")).expect("a writable corpus");
    fs::write(path, bytes).expect("a writable corpus");
    written.files += 1;
    written.bytes += bytes.len() as u64;
}

fn xorshift(mut seed: u64) -> impl FnMut() -> u64 {
    move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    }
}
