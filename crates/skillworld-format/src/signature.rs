//! GOV-2 bundle signatures: `SKILL.sig` beside SKILL.md holds an Ed25519
//! signature (ed25519-dalek, strict verification) over a skill's canonical
//! digest ([`skill_digest`](crate::skill_digest)), with the signer's public
//! key. Keys and signatures are text files of hexadecimal lines, so a
//! publisher can read, diff and mail them.
//!
//! What is signed is [`SIGNED_CONTEXT`] followed by the 64 hex digits of the
//! digest: the context keeps a skill signature from being mistaken for any
//! other message signed with the same key.

use ed25519_dalek::{Signature, Signer, SigningKey, VerifyingKey};
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The signature file's name, at the bundle's root beside SKILL.md.
pub const SIGNATURE_FILE: &str = "SKILL.sig";
/// A `SKILL.sig` larger than this is not a signature.
pub const MAX_SIGNATURE_BYTES: u64 = 4096;
/// What a signature signs before the digest.
pub const SIGNED_CONTEXT: &str = "skillworld skill digest v1\n";
/// The first line of a `SKILL.sig`.
const SIGNATURE_HEADER: &str = "skillworld-signature v1";

/// Why a key or a signature could not be read, or does not verify.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SignatureError {
    /// The text is not a `SKILL.sig` (or key file) of this format.
    #[error("{what} is malformed: {reason}")]
    Malformed { what: &'static str, reason: String },
    /// The signature does not match the content: the bundle changed after
    /// it was signed, or it was signed by another key.
    #[error("the signature does not match the bundle's content (digest {digest})")]
    Mismatch { digest: String },
}

/// A parsed `SKILL.sig`: who signed (their public key) and the signature.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BundleSignature {
    /// The signer's Ed25519 public key, as 64 hex digits.
    #[serde(with = "hex::serde")]
    pub key: [u8; 32],
    #[serde(with = "hex::serde")]
    pub signature: [u8; 64],
}

impl BundleSignature {
    /// Signs a canonical digest (64 hex digits) with a secret key.
    pub fn sign(digest: &str, key: &SigningKey) -> BundleSignature {
        BundleSignature {
            key: key.verifying_key().to_bytes(),
            signature: key.sign(&signed_message(digest)).to_bytes(),
        }
    }

    /// Checks the signature over `digest` with the key it names; strict
    /// verification refuses weak keys and malleable signatures.
    pub fn verify(&self, digest: &str) -> Result<(), SignatureError> {
        let mismatch = || SignatureError::Mismatch {
            digest: digest.to_owned(),
        };
        let key = VerifyingKey::from_bytes(&self.key).map_err(|_| mismatch())?;
        key.verify_strict(
            &signed_message(digest),
            &Signature::from_bytes(&self.signature),
        )
        .map_err(|_| mismatch())
    }

    /// The signer's public key as hex, as `keys list` shows it.
    pub fn key_hex(&self) -> String {
        hex::encode(self.key)
    }

    /// Reads a `SKILL.sig`: the header line, `key: HEX` and
    /// `signature: HEX`, in that order; blank lines around are ignored.
    pub fn parse(bytes: &[u8]) -> Result<BundleSignature, SignatureError> {
        let malformed = |reason: &str| SignatureError::Malformed {
            what: SIGNATURE_FILE,
            reason: reason.to_owned(),
        };
        let text = std::str::from_utf8(bytes).map_err(|_| malformed("it is not UTF-8 text"))?;
        let lines: Vec<&str> = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect();
        let [header, key, signature] = lines.as_slice() else {
            return Err(malformed(
                "expected three lines: the header, 'key: HEX' and 'signature: HEX'",
            ));
        };
        if *header != SIGNATURE_HEADER {
            return Err(malformed(&format!(
                "the first line is not '{SIGNATURE_HEADER}'"
            )));
        }
        fn field<'t>(line: &'t str, name: &str) -> Option<&'t str> {
            line.strip_prefix(name)
                .and_then(|rest| rest.strip_prefix(':'))
                .map(str::trim)
        }
        let field = |line, name| {
            field(line, name).ok_or_else(|| malformed(&format!("expected a '{name}: HEX' line")))
        };
        Ok(BundleSignature {
            key: decode(field(key, "key")?, SIGNATURE_FILE)?,
            signature: decode(field(signature, "signature")?, SIGNATURE_FILE)?,
        })
    }

    /// The file's text, as [`BundleSignature::parse`] reads it.
    pub fn to_text(&self) -> String {
        format!(
            "{SIGNATURE_HEADER}\nkey: {}\nsignature: {}\n",
            hex::encode(self.key),
            hex::encode(self.signature)
        )
    }
}

/// A new secret key from the operating system's random source.
pub fn generate_key() -> std::io::Result<SigningKey> {
    let mut seed = [0u8; 32];
    getrandom::fill(&mut seed).map_err(|e| std::io::Error::other(e.to_string()))?;
    Ok(SigningKey::from_bytes(&seed))
}

/// A secret key file's text (`NAME.key`): its 32-byte seed in hex.
pub fn secret_key_text(key: &SigningKey) -> String {
    format!("{}\n", hex::encode(key.to_bytes()))
}

/// A public key file's text (`NAME.pub`): the key in hex.
pub fn public_key_text(key: &VerifyingKey) -> String {
    format!("{}\n", hex::encode(key.to_bytes()))
}

/// Reads a secret key file.
pub fn parse_secret_key(text: &str) -> Result<SigningKey, SignatureError> {
    Ok(SigningKey::from_bytes(&decode(text.trim(), "secret key")?))
}

/// Reads a public key (a `.pub` file's text, or the hex of `keys list`).
pub fn parse_public_key(text: &str) -> Result<[u8; 32], SignatureError> {
    let key: [u8; 32] = decode(text.trim(), "public key")?;
    VerifyingKey::from_bytes(&key).map_err(|_| SignatureError::Malformed {
        what: "public key",
        reason: "it is not a valid Ed25519 point".to_owned(),
    })?;
    Ok(key)
}

fn signed_message(digest: &str) -> Vec<u8> {
    format!("{SIGNED_CONTEXT}{digest}").into_bytes()
}

fn decode<const N: usize>(text: &str, what: &'static str) -> Result<[u8; N], SignatureError> {
    let mut out = [0u8; N];
    hex::decode_to_slice(text, &mut out).map_err(|e| SignatureError::Malformed {
        what,
        reason: format!("expected {} hex digits ({e})", 2 * N),
    })?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    const DIGEST: &str = "0f0e0d0c0b0a09080706050403020100f0e0d0c0b0a090807060504030201000";

    #[test]
    fn a_signature_verifies_its_digest_only() {
        let key = SigningKey::from_bytes(&[7; 32]);
        let signed = BundleSignature::sign(DIGEST, &key);
        let read = BundleSignature::parse(signed.to_text().as_bytes()).unwrap();
        assert_eq!(read, signed);
        assert_eq!(read.verify(DIGEST), Ok(()));
        let other = DIGEST.replace('f', "e");
        assert!(matches!(
            read.verify(&other),
            Err(SignatureError::Mismatch { .. })
        ));
        let mut forged = read;
        forged.key = SigningKey::from_bytes(&[8; 32]).verifying_key().to_bytes();
        assert!(forged.verify(DIGEST).is_err(), "another key's claim fails");
    }

    #[test]
    fn malformed_files_say_why() {
        for bad in [
            "",
            "skillworld-signature v1\nkey: zz\nsignature: 00\n",
            "other\nkey: 00\nsignature: 00\n",
            "skillworld-signature v1\nsignature: 00\nkey: 00\n",
        ] {
            assert!(
                matches!(
                    BundleSignature::parse(bad.as_bytes()),
                    Err(SignatureError::Malformed { .. })
                ),
                "{bad:?}"
            );
        }
    }

    #[test]
    fn key_files_round_trip() {
        let key = SigningKey::from_bytes(&[9; 32]);
        let again = parse_secret_key(&secret_key_text(&key)).unwrap();
        assert_eq!(again.to_bytes(), key.to_bytes());
        let public = parse_public_key(&public_key_text(&key.verifying_key())).unwrap();
        assert_eq!(public, key.verifying_key().to_bytes());
        assert!(parse_public_key("12").is_err());
    }
}
