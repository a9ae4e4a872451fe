//! Catalog budgets (CAT-4).

use serde::{Deserialize, Serialize};

/// A catalog budget: the model's max input tokens, or characters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Budget {
    Tokens(u64),
    Chars(usize),
}

impl Default for Budget {
    fn default() -> Self {
        Budget::Tokens(8192)
    }
}

/// Entries shown and description length for a token budget (CAT-4).
pub fn token_limits(tokens: u64) -> (usize, usize) {
    match tokens {
        0..=8_192 => (8, 80),
        8_193..=16_384 => (12, 100),
        16_385..=32_768 => (20, 140),
        _ => (32, 160),
    }
}

/// Description lengths tried, longest first, when characters run short.
pub const SHORTENED_DESCRIPTIONS: [usize; 4] = [160, 100, 60, 30];

/// `text` cut to at most `max` characters, the last one an ellipsis when
/// cut; never inside a character.
pub fn cut(text: &str, max: usize) -> std::borrow::Cow<'_, str> {
    match text.char_indices().nth(max) {
        None => std::borrow::Cow::Borrowed(text),
        Some(_) if max == 0 => std::borrow::Cow::Borrowed(""),
        Some(_) => {
            let end = text
                .char_indices()
                .nth(max - 1)
                .map_or(text.len(), |(i, _)| i);
            std::borrow::Cow::Owned(format!("{}…", text[..end].trim_end()))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tiers() {
        assert_eq!(token_limits(8192), (8, 80));
        assert_eq!(token_limits(8193), (12, 100));
        assert_eq!(token_limits(32_768), (20, 140));
        assert_eq!(token_limits(200_000), (32, 160));
    }

    #[test]
    fn cutting_respects_characters() {
        assert_eq!(cut("short", 80), "short");
        assert_eq!(cut("ééééé", 3), "éé…");
        assert_eq!(cut("abc", 3), "abc");
        assert_eq!(cut("abcd", 3).chars().count(), 3);
        assert_eq!(cut("abcd", 0), "");
    }
}
