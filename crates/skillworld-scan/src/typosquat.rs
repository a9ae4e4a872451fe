//! Typosquatting (SEC-4): a skill named one typo away from a known skill
//! from another origin. A warning only, never a block: `docx`/`pptx`/`xlsx`
//! and numbered names (`pdf-2`) are legitimate neighbours.

use crate::rules::WELL_KNOWN_SKILLS;

/// What the world knows when it scans a skill.
#[derive(Clone, Debug)]
pub struct ScanContext {
    /// Skills already known: builtins and installed Commons skills, each
    /// with its origin (provenance source: a path, URL or `builtin`).
    pub known: Vec<KnownSkill>,
    /// Where the scanned skill comes from, as provenance records it.
    pub origin: Option<String>,
    /// Also compare with the compiled-in list of well-known skill names.
    pub well_known: bool,
}

impl Default for ScanContext {
    /// No world: the compiled-in list only, as `skillworld scan PATH` uses.
    fn default() -> Self {
        ScanContext {
            known: Vec::new(),
            origin: None,
            well_known: true,
        }
    }
}

/// A skill the world already holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KnownSkill {
    pub name: String,
    pub origin: String,
}

/// The known name `name` imitates, if any.
pub fn imitated<'c>(name: &str, context: &'c ScanContext) -> Option<&'c str> {
    let folded: String = name.chars().map(fold_confusable).collect();
    let from_world = context
        .known
        .iter()
        .filter(|k| context.origin.as_deref() != Some(k.origin.as_str()))
        .map(|k| k.name.as_str());
    let well_known = WELL_KNOWN_SKILLS
        .iter()
        .copied()
        .filter(|_| context.well_known);
    let mut candidates = from_world.chain(well_known);
    if context
        .known
        .iter()
        .any(|k| k.name == name && context.origin.as_deref() == Some(k.origin.as_str()))
        || WELL_KNOWN_SKILLS.contains(&name)
    {
        return None;
    }
    candidates.find(|known| {
        *known != name
            && known.chars().count() >= 4
            && !neighbours(name, known)
            && (folded == *known || distance(&folded, known) <= limit(known))
    })
}

fn limit(known: &str) -> usize {
    if known.chars().count() >= 10 { 2 } else { 1 }
}

/// Names that are legitimately close: a numbered copy (FMT-4) or the
/// office formats.
fn neighbours(a: &str, b: &str) -> bool {
    const OFFICE: &[&str] = &[
        "docx", "pptx", "xlsx", "pdf", "doc", "ppt", "xls", "csv", "docs",
    ];
    let base = |s: &str| {
        s.trim_end_matches(|c: char| c.is_ascii_digit() || c == '-')
            .to_owned()
    };
    (OFFICE.contains(&a) && OFFICE.contains(&b))
        || (base(a) == base(b) && (a != base(a) || b != base(b)))
}

fn fold_confusable(c: char) -> char {
    match c {
        'а' => 'a',
        'е' => 'e',
        'о' | 'ο' | '0' => 'o',
        'р' => 'p',
        'с' => 'c',
        'х' => 'x',
        'у' => 'y',
        'і' | 'ı' => 'i',
        'ѕ' => 's',
        _ => c,
    }
}

/// Optimal string alignment distance: edits plus adjacent swaps.
fn distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut rows = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in rows.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in rows[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (rows[i - 1][j] + 1)
                .min(rows[i][j - 1] + 1)
                .min(rows[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(rows[i - 2][j - 2] + 1);
            }
            rows[i][j] = best;
        }
    }
    rows[a.len()][b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn world(names: &[(&str, &str)], origin: &str) -> ScanContext {
        ScanContext {
            known: names
                .iter()
                .map(|(n, o)| KnownSkill {
                    name: (*n).to_owned(),
                    origin: (*o).to_owned(),
                })
                .collect(),
            origin: Some(origin.to_owned()),
            well_known: false,
        }
    }

    #[test]
    fn typos_of_known_names_are_caught() {
        let context = ScanContext::default();
        assert_eq!(imitated("clawhubb", &context), Some("clawhub"));
        assert_eq!(imitated("cllawhub", &context), Some("clawhub"));
        assert_eq!(imitated("skill-cretor", &context), Some("skill-creator"));
        assert_eq!(imitated("yahoo-finnace", &context), Some("yahoo-finance"));
        assert_eq!(imitated("githuh", &context), Some("github"));
        assert_eq!(imitated("gіthub", &context), Some("github"), "homoglyph");
    }

    #[test]
    fn legitimate_neighbours_pass() {
        let context = ScanContext::default();
        for name in [
            "docx",
            "pptx",
            "xlsx",
            "pdf-2",
            "github",
            "my-weather-tool",
            "notes",
            "csv",
        ] {
            assert_eq!(imitated(name, &context), None, "{name}");
        }
    }

    #[test]
    fn the_world_names_count_by_origin() {
        let context = world(
            &[("invoice-parser", "https://a.example/skills")],
            "https://b.example/x",
        );
        assert_eq!(imitated("invoice-parsr", &context), Some("invoice-parser"));
        let same = world(
            &[("invoice-parser", "https://a.example/skills")],
            "https://a.example/skills",
        );
        assert_eq!(imitated("invoice-parsr", &same), None, "same origin");
    }
}
