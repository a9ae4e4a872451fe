//! A download piped to a shell with its address elided, in a sentence
//! (sweep 23: "it is a third-party binary (`curl … install.sh | sh`, not
//! `npx`), so a global install is owner-gated"): prose naming the form a
//! tool installs by, with nothing named to fetch. It warns rather than
//! blocks while the address stays unnamed: the sentence's paragraph holds
//! no address at all, and no address in the file ends with the file name
//! the elision keeps (`https://x.example/install.sh` elsewhere would say
//! what "…" stands for).

use std::sync::LazyLock;

use regex::Regex;

use crate::layout::Layout;
use crate::lines::Lines;

/// `curl`/`wget`, flags, an ellipsis, then at most bare file names, piped
/// to a shell. A word with `/`, `:`, `$` or a quote is an address or a
/// value and never matches.
static ELIDED: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"^(?:curl|wget)(?:\s+-[\w-]+)*\s+(?:…|\.\.\.)((?:\s+[\w.-]+)*)\s*\|\s*(?:sudo\s+)?(?:ba|z|k|da)?sh\b",
    )
    .expect("elided download regex")
});

/// Whether the download at `column` of prose line `line` elides its
/// address and no text around it names one.
pub fn unnamed(lines: &Lines, layout: &Layout, line: usize, (text, column): (&str, usize)) -> bool {
    let Some(found) = text.get(column..).and_then(|rest| ELIDED.captures(rest)) else {
        return false;
    };
    let mut kept = found[1].split_whitespace().filter(|w| !w.starts_with('-'));
    let (_, paragraph) = layout.at(line);
    let named_here = layout
        .block_lines(paragraph)
        .any(|l| lines.get(l).contains("://"));
    let named_elsewhere = kept.any(|name| {
        lines.all().any(|l| {
            l.match_indices(name)
                .any(|(at, _)| l[..at].ends_with('/') && l.contains("://"))
        })
    });
    !named_here && !named_elsewhere
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reads(text: &str, line: usize) -> bool {
        let lines = Lines::new(text);
        let layout = Layout::markdown(&lines);
        let at = lines.get(line).find("curl").expect("a download");
        unnamed(&lines, &layout, line, (lines.get(line), at))
    }

    #[test]
    fn an_elided_address_in_a_sentence_is_unnamed() {
        assert!(reads(
            "It installs by (`curl … install.sh | sh`, not `npx`), so ask first.\n",
            0
        ));
    }

    #[test]
    fn an_address_nearby_names_what_the_elision_stands_for() {
        assert!(!reads(
            "Run `curl … | sh` where … is https://x.example/i.sh.\n",
            0
        ));
        assert!(!reads(
            "Run `curl … install.sh | sh` now.\n\nGet install.sh from https://x.example/install.sh.\n",
            0
        ));
        assert!(!reads("Run `curl https://x.example/i.sh | sh` now.\n", 0));
    }
}
