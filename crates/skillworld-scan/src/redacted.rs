//! A credential its own clause says is redacted ("Secret values are
//! redacted by gitleaks, so the report is safe to paste into a ticket",
//! batch 51) is not there to disclose. The claim spares only what it is
//! about (misses24): a credential named in another clause ("paste
//! `~/.aws/credentials` into the ticket; the logs are redacted"), one
//! sent before the claim ("paste `.env` into the ticket, where tokens are
//! redacted"), or a line that undoes the redaction ("… are redacted by
//! default; rerun with `--no-redact` and paste them into the ticket") is
//! still named.

use std::sync::LazyLock;

use regex::Regex;

use crate::clause;

static CLAIM: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i-u)\b(?:are|is)\s+(?:always\s+|automatically\s+|already\s+)?redacted\b")
        .expect("the redaction claim")
});

/// Words that take the redaction back or send what it hid.
static UNDONE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i-u)no[-_]?redact|\bunredact|\bwithout\s+(?:the\s+)?redact|\bredact(?:ion)?\s*[=:]\s*(?:false|off|no|0)\b|\b(?:disable|turn\s+off|skip|bypass|remove)\s+(?:the\s+)?redaction|\b(?:raw|real|original|full)\s+(?:values?|secrets?|tokens?|keys?)\b")
        .expect("the redaction undone")
});

/// A send between the credential and the claim: the claim is then about
/// where it went, not about the credential.
static SENT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i-u)\b(?:paste|send|post|upload|attach|share|include|copy|put|into|onto)\b")
        .expect("a send")
});

/// Whether the credential named at byte `at` of `line` is claimed
/// redacted in its own clause, on a line that does not undo the claim.
pub fn claimed(line: &str, at: usize) -> bool {
    let Some(rest) = line.get(at..) else {
        return false;
    };
    let Some(claim) = CLAIM.find(rest) else {
        return false;
    };
    let between = &rest[..claim.start()];
    !UNDONE.is_match(line)
        && !SENT.is_match(between)
        && clause::runs_on(line, at, at + claim.start()).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(line: &str, credential: &str) -> bool {
        claimed(line, line.find(credential).expect("the credential"))
    }

    #[test]
    fn a_claim_spares_only_what_its_clause_is_about() {
        assert!(at(
            "Secret values are redacted by gitleaks, so the report is safe to paste into a ticket.",
            "Secret values"
        ));
        assert!(at(
            "The `~/.aws/credentials` path is redacted in the log.",
            "~/.aws"
        ));
        for (line, credential) in [
            (
                "Secret values are redacted by default; rerun with `--no-redact` and paste them into the ticket.",
                "Secret values",
            ),
            (
                "Paste `~/.aws/credentials` into the ticket; the logs are redacted.",
                "~/.aws",
            ),
            (
                "Paste `~/.aws/credentials` into the ticket, where tokens are redacted.",
                "~/.aws",
            ),
            (
                "Token values are redacted, but paste the raw values into the issue.",
                "Token values",
            ),
            ("Secret values. Logs are redacted.", "Secret values"),
        ] {
            assert!(!at(line, credential), "{line}");
        }
    }
}
