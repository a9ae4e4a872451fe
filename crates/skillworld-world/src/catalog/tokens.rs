//! Words for relevance (CAT-10): Unicode-aware, lowercased, split on
//! anything that is not a letter or a digit; runs of CJK characters become
//! overlapping bigrams (there are no spaces to split on); a small stopword
//! list and a light English stemmer so that "plots", "plotting" and "plot"
//! meet. Skills and queries go through the same function.

/// Function words that say nothing about which skill fits. Kept short:
/// inverse document frequency already discounts common words. Sorted: every
/// word of every body is looked up here by binary search.
const STOPWORDS: &[&str] = &[
    "a", "about", "all", "also", "am", "an", "and", "any", "are", "as", "at", "be", "been", "but",
    "by", "can", "could", "do", "does", "doing", "for", "from", "get", "got", "had", "has", "have",
    "how", "i", "if", "im", "in", "into", "is", "it", "its", "just", "let", "lets", "me", "my",
    "need", "needs", "of", "on", "or", "our", "please", "should", "so", "some", "than", "that",
    "the", "their", "them", "then", "there", "these", "this", "those", "to", "up", "us", "use",
    "used", "using", "want", "wants", "was", "we", "were", "what", "when", "where", "which",
    "while", "who", "why", "will", "with", "would", "you", "your",
];

/// The terms of `text`, in order, repeats kept (they are term frequencies).
pub fn terms(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut cjk: Vec<char> = Vec::new();
    for c in text.chars().flat_map(char::to_lowercase) {
        if is_cjk(c) {
            flush_word(&mut word, &mut out);
            cjk.push(c);
        } else if c.is_alphanumeric() {
            flush_cjk(&mut cjk, &mut out);
            word.push(c);
        } else {
            flush_word(&mut word, &mut out);
            flush_cjk(&mut cjk, &mut out);
        }
    }
    flush_word(&mut word, &mut out);
    flush_cjk(&mut cjk, &mut out);
    out
}

fn flush_word(word: &mut String, out: &mut Vec<String>) {
    if word.is_empty() {
        return;
    }
    let single_letter = word.len() == 1 && word.chars().all(|c| c.is_ascii_alphabetic());
    if !single_letter && STOPWORDS.binary_search(&word.as_str()).is_err() {
        out.push(stem(word));
    }
    word.clear();
}

/// A lone CJK character is a term; a longer run gives its bigrams.
fn flush_cjk(run: &mut Vec<char>, out: &mut Vec<String>) {
    match run.len() {
        0 => {}
        1 => out.push(run[0].to_string()),
        _ => out.extend(run.windows(2).map(|pair| pair.iter().collect())),
    }
    run.clear();
}

/// Han ideographs, kana and Hangul: scripts written without spaces.
fn is_cjk(c: char) -> bool {
    matches!(c as u32,
        0x3040..=0x30FF      // Hiragana, Katakana
        | 0x3400..=0x4DBF    // CJK Extension A
        | 0x4E00..=0x9FFF    // CJK Unified Ideographs
        | 0xAC00..=0xD7AF    // Hangul syllables
        | 0xF900..=0xFAFF    // CJK Compatibility Ideographs
        | 0x20000..=0x2FA1F) // CJK Extensions B.. and supplements
}

/// A light English stemmer: plurals, -ing/-ed, -ly, -ation/-ization and a
/// final -e, so inflections of one word meet. Words with letters outside
/// ASCII, and short words, are left alone.
pub fn stem(word: &str) -> String {
    if !word.is_ascii() || word.len() <= 3 || word.bytes().any(|b| b.is_ascii_digit()) {
        return word.to_owned();
    }
    let mut w = word.to_owned();
    plural(&mut w);
    for (suffix, replacement) in [
        ("yses", "yz"),
        ("ysis", "yz"),
        ("yse", "yz"),
        ("ization", "iz"),
        ("isation", "iz"),
        ("ation", "at"),
        ("izing", "iz"),
        ("ising", "iz"),
        ("ize", "iz"),
        ("ise", "iz"),
    ] {
        if w.len() > suffix.len() + 2 && w.ends_with(suffix) {
            w.truncate(w.len() - suffix.len());
            w.push_str(replacement);
            return finish(w);
        }
    }
    for suffix in ["ing", "ed", "ly"] {
        if let Some(base) = w.strip_suffix(suffix)
            && base.len() >= 3
            && base.bytes().any(is_vowel)
        {
            let mut base = base.to_owned();
            undouble(&mut base);
            return finish(base);
        }
    }
    finish(w)
}

fn plural(w: &mut String) {
    if w.ends_with("sses") {
        w.truncate(w.len() - 2);
    } else if w.ends_with("ies") && w.len() > 4 {
        w.truncate(w.len() - 3);
        w.push('y');
    } else if w.ends_with('s') && !w.ends_with("ss") && !w.ends_with("us") && !w.ends_with("is") {
        w.pop();
    }
}

/// Drops a final silent `e` so that "image" meets "imaging".
fn finish(mut w: String) -> String {
    if w.len() > 4 && w.ends_with('e') {
        w.pop();
    }
    w
}

/// "plott" → "plot", "runn" → "run"; double l, s and z stay ("install").
fn undouble(w: &mut String) {
    let bytes = w.as_bytes();
    if let [.., a, b] = bytes
        && a == b
        && !is_vowel(*a)
        && !matches!(a, b'l' | b's' | b'z')
    {
        w.pop();
    }
}

fn is_vowel(b: u8) -> bool {
    matches!(b, b'a' | b'e' | b'i' | b'o' | b'u' | b'y')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stopwords_are_sorted_for_binary_search() {
        assert!(STOPWORDS.windows(2).all(|pair| pair[0] < pair[1]));
        for word in STOPWORDS {
            assert!(
                terms(&format!("alpha {word} beta")) == ["alpha", "beta"],
                "{word}"
            );
        }
    }

    #[test]
    fn words_are_lowercased_split_and_filtered() {
        assert_eq!(
            terms("Make a VOLCANO-plot of my DE genes!"),
            ["make", "volcano", "plot", "de", "gene"]
        );
        assert_eq!(
            terms("scikit-learn, pydeseq2 & 3D"),
            ["scikit", "learn", "pydeseq2", "3d"]
        );
        assert_eq!(terms("Ünïcode Straße"), ["ünïcode", "straße"]);
    }

    #[test]
    fn inflections_meet() {
        let same = |a: &str, b: &str| assert_eq!(stem(a), stem(b), "{a} / {b}");
        same("plots", "plotting");
        same("plot", "plotted");
        same("forecasting", "forecast");
        same("visualization", "visualize");
        same("visualizing", "visualise");
        same("images", "image");
        same("analysis", "analyze");
        same("libraries", "library");
        same("generation", "generated");
        assert_eq!(stem("install"), "install");
        assert_eq!(stem("installed"), "install");
        assert_eq!(stem("string"), "string");
        assert_eq!(stem("class"), "class");
    }

    #[test]
    fn cjk_runs_become_bigrams() {
        assert_eq!(terms("数据分析"), ["数据", "据分", "分析"]);
        assert_eq!(terms("图 chart"), ["图", "chart"]);
        assert_eq!(
            terms("データ分析をする"),
            ["デー", "ータ", "タ分", "分析", "析を", "をす", "する"]
        );
    }
}
