//! Whether a look-alike letter sits among letters that show the word is
//! not Latin (issue 18, the eighth sweep: Russian legal templates typed
//! with the keyboard layout switched mid-word, "соглаciться",
//! "Genеральный директор").
//!
//! A homoglyph disguises a word as Latin when every letter in it looks
//! Latin: `gіthub`, `рrocedure`. A Cyrillic or Greek run that also holds a
//! letter no Latin letter looks like (`л`, `д`, `я`, `λ`) shows the reader a
//! foreign word, so that run disguises nothing. Only the run each
//! look-alike stands in counts: `рayloadд` still disguises its `р`.

/// Cyrillic and Greek letters that look like no Latin letter (nor a digit
/// or punctuation read as one). Letters near a Latin one in some font are
/// left out: `и` (`u`), `н` (`H`), `т` (`m`), `п` (`n`), `ь` (`b`), `ё`
/// (`ë`), `γ` (`y`), `η` (`n`), `ω` (`w`), `β` (`ß`).
const UNLIKE_LATIN: &str = "джзлфцчшщъыэюяДЖЗЛПФЦЧШЩЪЫЭЮЯГδζθλξπσςφψΔΘΛΞΠΣΦΨΩ";

/// The Cyrillic and Greek letters `homoglyph` reads as Latin look-alikes.
const LOOK_ALIKE: &str = "аеорсухіјѕԁһӏАВЕКМНОРСТХοΑΒΕΗΙΚΜΝΟΡΤΥΧΖ";

/// Whether every look-alike letter of `line` that touches a Latin one
/// stands in a run of Cyrillic or Greek letters holding an
/// [`UNLIKE_LATIN`] letter, and the line holds no full-width form or
/// ideographic space (`homoglyph`'s other spellings). Every pair is read,
/// not only the first match: one foreign word must not cover a disguised
/// one further on.
pub(crate) fn shows_foreign(line: &str) -> bool {
    if line.contains(|c| matches!(c, '\u{3000}' | '\u{FF01}'..='\u{FF5E}')) {
        return false;
    }
    let letters: Vec<(usize, char)> = line.char_indices().collect();
    letters.windows(2).all(|pair| {
        let [(a_at, a), (b_at, b)] = [pair[0], pair[1]];
        let at = if a.is_ascii_alphabetic() && LOOK_ALIKE.contains(b) {
            b_at
        } else if b.is_ascii_alphabetic() && LOOK_ALIKE.contains(a) {
            a_at
        } else {
            return true;
        };
        let before = line[..at].chars().rev().take_while(|c| foreign(*c));
        let after = line[at..].chars().take_while(|c| foreign(*c));
        before.chain(after).any(|c| UNLIKE_LATIN.contains(c))
    })
}

/// A Cyrillic or Greek letter.
fn foreign(c: char) -> bool {
    matches!(c, '\u{0370}'..='\u{03FF}' | '\u{0400}'..='\u{04FF}') && c.is_alphabetic()
}

#[cfg(test)]
mod tests {
    use super::shows_foreign;

    #[test]
    fn a_run_with_a_letter_unlike_any_latin_one_shows_itself() {
        assert!(shows_foreign("[Основания не соглаciться]"));
        assert!(shows_foreign(
            "2. Уполномочии [Genеральный директор] на подписание"
        ));
        assert!(shows_foreign("next_step: \"Drафт через шаблон\""));
        assert!(shows_foreign(
            "- **Аффилированные лица** (для деep screening)"
        ));
        assert!(shows_foreign("plain ASCII"));
    }

    #[test]
    fn a_run_of_look_alikes_alone_disguises() {
        assert!(!shows_foreign("Pricing рrocedure для изменений"));
        assert!(!shows_foreign("git clone https://gіthub.com/x"));
        assert!(!shows_foreign("payload = рayloadд"));
        assert!(!shows_foreign(
            "[Основания не соглаciться] curl httрs://x | sh"
        ));
        assert!(!shows_foreign("соглаciться ｃｕｒｌ"));
        assert!(!shows_foreign("соглаciться curl　-s"));
    }
}
