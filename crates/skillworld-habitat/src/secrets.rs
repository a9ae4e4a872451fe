//! HAB-3: per-skill secrets, encrypted at rest with AES-256-GCM under a key
//! from configuration or a key file made on first start — never a built-in
//! key. Each value is sealed with its own random nonce and its place
//! (scope, owner, key) as associated data, so a ciphertext moved to another
//! place does not open.
//!
//! The owner is a string: for a skill, its identity as `binding` renders it
//! (stable id and home layer, SEC-2: never its name); for an MCP server
//! (HAB-5), the server's name. Callers holding a skill name go through the
//! habitat (`Habitat::run_secrets` and friends), which resolves it.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::Path;

use aes_gcm::aead::{Aead, KeyInit, Payload};
use aes_gcm::{Aes256Gcm, Key, Nonce};
use serde::{Deserialize, Serialize};
use skillworld_store::Store;
use thiserror::Error;

const RECORDS: &str = "secrets";
const KEY_BYTES: usize = 32;
const NONCE_BYTES: usize = 12;

/// Why a secret could not be set, read or listed.
#[derive(Debug, Error)]
pub enum SecretError {
    #[error("secret key '{0}' is not valid: it must match ^[A-Za-z_][A-Za-z0-9_]{{0,127}}$")]
    InvalidKey(String),
    #[error("secret key file {path}: {reason}")]
    KeyFile { path: String, reason: String },
    #[error("the configured secret key is not 64 hexadecimal characters (32 bytes)")]
    BadConfiguredKey,
    #[error("secret '{0}' does not decrypt: wrong key or damaged record")]
    Undecryptable(String),
    #[error(transparent)]
    Store(#[from] skillworld_store::StoreError),
}

/// Whose value a secret is: the Commons' (for every agent) or one agent's
/// own, which overrides the Commons' in that agent's runs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SecretScope {
    Commons,
    Agent(String),
}

impl SecretScope {
    fn prefix(&self, skill: &str) -> String {
        match self {
            SecretScope::Commons => format!("commons/{skill}/"),
            SecretScope::Agent(agent) => format!("agent/{agent}/{skill}/"),
        }
    }
}

/// A stored secret: nonce and ciphertext, never the value.
#[derive(Serialize, Deserialize)]
struct Sealed {
    nonce: String,
    ciphertext: String,
}

/// A secret in a listing: its key and a masked preview.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MaskedSecret {
    pub key: String,
    pub preview: String,
    pub scope: &'static str,
}

/// The cipher secrets are sealed with.
pub struct SecretBox {
    cipher: Aes256Gcm,
}

/// Whether `key` may name a secret (HAB-3).
pub fn valid_secret_key(key: &str) -> bool {
    let mut chars = key.chars();
    let Some(first) = chars.next() else {
        return false;
    };
    (first.is_ascii_alphabetic() || first == '_')
        && key.len() <= 128
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// The masked preview of a value: the first two and last two characters
/// around `••••`, or `••••` alone when the value has four or fewer.
pub fn mask(value: &str) -> String {
    let chars: Vec<char> = value.chars().collect();
    if chars.len() <= 4 {
        return "••••".to_owned();
    }
    let head: String = chars[..2].iter().collect();
    let tail: String = chars[chars.len() - 2..].iter().collect();
    format!("{head}••••{tail}")
}

impl SecretBox {
    /// The cipher from a configured key (64 hex characters).
    pub fn from_hex(key: &str) -> Result<SecretBox, SecretError> {
        let bytes = unhex(key.trim()).ok_or(SecretError::BadConfiguredKey)?;
        if bytes.len() != KEY_BYTES {
            return Err(SecretError::BadConfiguredKey);
        }
        Ok(SecretBox::from_bytes(&bytes))
    }

    /// The cipher from the key file at `path`, made (mode 0600, a fresh
    /// random key) when missing.
    pub fn from_key_file(path: &Path) -> Result<SecretBox, SecretError> {
        let failure = |reason: String| SecretError::KeyFile {
            path: path.display().to_string(),
            reason,
        };
        match std::fs::read_to_string(path) {
            Ok(text) => {
                let bytes = unhex(text.trim())
                    .filter(|b| b.len() == KEY_BYTES)
                    .ok_or_else(|| failure("not 64 hexadecimal characters".into()))?;
                Ok(SecretBox::from_bytes(&bytes))
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                let mut key = [0u8; KEY_BYTES];
                getrandom::fill(&mut key).map_err(|e| failure(e.to_string()))?;
                write_private(path, format!("{}\n", hex::encode(key)).as_bytes())
                    .map_err(|e| failure(e.to_string()))?;
                Ok(SecretBox::from_bytes(&key))
            }
            Err(e) => Err(failure(e.to_string())),
        }
    }

    fn from_bytes(bytes: &[u8]) -> SecretBox {
        SecretBox {
            cipher: Aes256Gcm::new(Key::<Aes256Gcm>::from_slice(bytes)),
        }
    }

    /// Sets (or, with an empty value, deletes) a secret.
    pub fn set(
        &self,
        store: &Store,
        scope: &SecretScope,
        skill: &str,
        key: &str,
        value: &str,
    ) -> Result<(), SecretError> {
        if !valid_secret_key(key) {
            return Err(SecretError::InvalidKey(key.to_owned()));
        }
        let place = format!("{}{key}", scope.prefix(skill));
        if value.is_empty() {
            store.delete_record(RECORDS, &place)?;
            return Ok(());
        }
        self.seal(store, &place, value)
    }

    /// Seals `value` for `place` and stores it there.
    fn seal(&self, store: &Store, place: &str, value: &str) -> Result<(), SecretError> {
        let mut nonce = [0u8; NONCE_BYTES];
        getrandom::fill(&mut nonce).expect("the system has a random source");
        let ciphertext = self
            .cipher
            .encrypt(
                Nonce::from_slice(&nonce),
                Payload {
                    msg: value.as_bytes(),
                    aad: place.as_bytes(),
                },
            )
            .expect("AES-GCM encrypts any message under 64 GiB");
        let sealed = Sealed {
            nonce: hex::encode(nonce),
            ciphertext: hex::encode(&ciphertext),
        };
        store.put_record(RECORDS, place, &sealed)?;
        Ok(())
    }

    /// Deletes a secret; whether there was one.
    pub fn delete(
        &self,
        store: &Store,
        scope: &SecretScope,
        skill: &str,
        key: &str,
    ) -> Result<bool, SecretError> {
        Ok(store.delete_record(RECORDS, &format!("{}{key}", scope.prefix(skill)))?)
    }

    /// A scope's secrets of a skill, masked, by key.
    pub fn list(
        &self,
        store: &Store,
        scope: &SecretScope,
        skill: &str,
    ) -> Result<Vec<MaskedSecret>, SecretError> {
        let label = match scope {
            SecretScope::Commons => "commons",
            SecretScope::Agent(_) => "agent",
        };
        Ok(self
            .open_scope(store, scope, skill)?
            .into_iter()
            .map(|(key, value)| MaskedSecret {
                preview: mask(&value),
                key,
                scope: label,
            })
            .collect())
    }

    /// The values of owner `skill` for a run by `agent`: the Commons'
    /// values, overridden by the agent's own. For a skill, use
    /// `Habitat::run_secrets`, which binds by identity.
    pub fn for_run(
        &self,
        store: &Store,
        agent: Option<&str>,
        skill: &str,
    ) -> Result<BTreeMap<String, String>, SecretError> {
        let mut values = self.open_scope(store, &SecretScope::Commons, skill)?;
        if let Some(agent) = agent {
            values.extend(self.open_scope(store, &SecretScope::Agent(agent.to_owned()), skill)?);
        }
        Ok(values)
    }

    /// A scope's values of one owner (a skill's identity, or an MCP
    /// server's name), by key.
    pub(crate) fn open_scope(
        &self,
        store: &Store,
        scope: &SecretScope,
        skill: &str,
    ) -> Result<BTreeMap<String, String>, SecretError> {
        let prefix = scope.prefix(skill);
        let mut out = BTreeMap::new();
        for (place, sealed) in store.records::<Sealed>(RECORDS)? {
            let Some(key) = place.strip_prefix(&prefix) else {
                continue;
            };
            out.insert(key.to_owned(), self.open(&place, &sealed)?);
        }
        Ok(out)
    }

    fn open(&self, place: &str, sealed: &Sealed) -> Result<String, SecretError> {
        let undecryptable = || SecretError::Undecryptable(place.to_owned());
        let nonce = unhex(&sealed.nonce)
            .filter(|n| n.len() == NONCE_BYTES)
            .ok_or_else(undecryptable)?;
        let ciphertext = unhex(&sealed.ciphertext).ok_or_else(undecryptable)?;
        let plain = self
            .cipher
            .decrypt(
                Nonce::from_slice(&nonce),
                Payload {
                    msg: &ciphertext,
                    aad: place.as_bytes(),
                },
            )
            .map_err(|_| undecryptable())?;
        String::from_utf8(plain).map_err(|_| undecryptable())
    }

    /// Moves a scope's values from one owner to another (re-sealed for
    /// their new place); values the new owner already has are kept.
    pub(crate) fn move_scope(
        &self,
        store: &Store,
        scope: &SecretScope,
        from: &str,
        to: &str,
    ) -> Result<(), SecretError> {
        let present = self.open_scope(store, scope, to)?;
        for (key, value) in self.open_scope(store, scope, from)? {
            if !present.contains_key(&key) {
                self.seal(store, &format!("{}{key}", scope.prefix(to)), &value)?;
            }
            store.delete_record(RECORDS, &format!("{}{key}", scope.prefix(from)))?;
        }
        Ok(())
    }

    /// Every stored place, for migrations.
    pub(crate) fn places(store: &Store) -> Result<Vec<String>, SecretError> {
        Ok(store
            .records::<serde::de::IgnoredAny>(RECORDS)?
            .into_iter()
            .map(|(place, _)| place)
            .collect())
    }

    /// Moves the value at `from` to `to`, re-sealed.
    pub(crate) fn move_place(
        &self,
        store: &Store,
        from: &str,
        to: &str,
    ) -> Result<(), SecretError> {
        let Some((_, sealed)) = store
            .records::<Sealed>(RECORDS)?
            .into_iter()
            .find(|(place, _)| place == from)
        else {
            return Ok(());
        };
        let value = self.open(from, &sealed)?;
        self.seal(store, to, &value)?;
        store.delete_record(RECORDS, from)?;
        Ok(())
    }
}

fn unhex(text: &str) -> Option<Vec<u8>> {
    hex::decode(text).ok()
}

/// Writes a file only its owner can read (mode 0600), refusing to replace
/// one.
pub(crate) fn write_private(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let mut file = options.open(path)?;
    file.write_all(bytes)?;
    file.sync_all()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks_as_the_spec_says() {
        assert_eq!(mask("sk-abcdef12"), "sk••••12");
        assert_eq!(mask("abcde"), "ab••••de");
        assert_eq!(mask("abcd"), "••••");
        assert_eq!(mask(""), "••••");
        assert_eq!(mask("ключ-секрет"), "кл••••ет");
    }

    #[test]
    fn key_names_follow_the_pattern() {
        for good in ["A", "_", "API_KEY", "a1_b2", &"x".repeat(128)] {
            assert!(valid_secret_key(good), "{good}");
        }
        for bad in ["", "1ABC", "A-B", "A B", "É", &"x".repeat(129)] {
            assert!(!valid_secret_key(bad), "{bad}");
        }
    }
}
