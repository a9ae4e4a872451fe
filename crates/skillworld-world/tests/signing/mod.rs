//! Publishers' keys made from fixed seeds, for the GOV-2 tests.

use skillworld_format::{
    BundleFile, BundleSignature, SkillDocument, parse_secret_key, skill_digest,
};

/// A secret key file's text made from a fixed seed.
pub fn key_text(seed: u8) -> String {
    format!("{seed:02x}").repeat(32)
}

/// The bundle's signature by the key of `seed`.
pub fn sign(seed: u8, document: &SkillDocument, files: &[BundleFile]) -> BundleSignature {
    let secret = parse_secret_key(&key_text(seed)).unwrap();
    BundleSignature::sign(&skill_digest(document, files), &secret)
}

/// The public key of `seed`.
pub fn public(seed: u8) -> [u8; 32] {
    let secret = parse_secret_key(&key_text(seed)).unwrap();
    secret.verifying_key().to_bytes()
}
