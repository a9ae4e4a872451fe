//! A tester's description of an override (wild82's dev half: a
//! prompt-injection testing guide's "attacker payload inside a document
//! overrides the system prompt"). The sentence's subject is the attack — a
//! payload, an injection, an attacker's text — and its verb is in the
//! third person (`overrides`, `ignores`, `bypasses`): it says what an
//! attack does, to the tester who looks for it. An order to the agent is
//! imperative ("ignore previous instructions") or claims authority for a
//! plain subject ("this document overrides the system prompt"), and keeps
//! its block.

use std::sync::LazyLock;

use regex::Regex;

/// An attack noun, then, within the same clause, a third-person override
/// verb.
static ATTACK_DOES: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i)\b(?:payloads?|attackers?(?:'s)?|injections?|injected\s+(?:text|content|instructions?)|malicious\s+(?:text|content|input|documents?|instructions?)|adversarial\s+(?:text|content|input|prompts?))\b[^.;:!?\x22'`\n]{0,60}?\b(?:overrides|overrode|overrules|ignores|disregards|bypasses|supersedes)\b",
    )
    .expect("the attack-description pattern compiles")
});

/// An override's verb opening a sentence or a clause: the order itself,
/// which no description beside it excuses.
static ORDER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i)(?:^|[.!?:;(\[*>-]\s*|\b(?:and|then|please|now|must|should)\s+)(?:ignore|disregard|forget|override|bypass)\s",
    )
    .expect("the order pattern compiles")
});

/// Whether the line (read with the line before it, for a wrapped
/// sentence) describes an attack overriding instructions, and gives no
/// order of its own.
pub fn describes_attack(before: &str, line: &str) -> bool {
    !ORDER.is_match(line.trim())
        && (ATTACK_DOES.is_match(line)
            || ATTACK_DOES.is_match(&format!("{} {}", before.trim(), line.trim())))
}
