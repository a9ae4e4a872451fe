//! A body of text that is either in memory or still in the store (issue
//! 19): opening a world leaves each stored body behind a handle — its
//! SHA-256 and a once-filled cell — and the first read fills
//! the cell from the [`BlobSource`] the store gave the handle. (The rows
//! of schema 3 carry a blob's hash, not its length: the handle holds the
//! hash only.) A world that
//! never had a store holds its bodies in memory; both read the same way.

use std::fmt;
use std::sync::{Arc, OnceLock};

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use sha2::{Digest, Sha256};
use thiserror::Error;

/// Where stored bodies are read from: the store that opened the world.
pub trait BlobSource: Send + Sync {
    /// The bytes of the blob with this SHA-256.
    fn read(&self, sha256: &[u8; 32]) -> Result<Vec<u8>, String>;
}

/// A body that could not be read from the store: which entity, which blob
/// and why. Never served as an empty body.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("the body of '{entity}' (blob sha256 {sha256}) cannot be read from the store: {reason}")]
pub struct BodyError {
    /// The entity's title (a skill's name); empty until the record names it.
    pub entity: String,
    pub sha256: String,
    pub reason: String,
}

/// A text body (a skill's Markdown, MOD-3 `content`). Serialises as the
/// plain string either way, so snapshots and digests do not change.
#[derive(Clone, Default)]
pub struct Body(Repr);

#[derive(Clone)]
enum Repr {
    Text(String),
    Hashed(Arc<Hashed>),
    Stored(Arc<Stored>),
}

/// A text in memory with its SHA-256, taken where the bytes were hashed
/// already (a bulk import's readers), so the store keys its blob without
/// hashing the text again (issue 19). Shared by its clones: the row staged
/// for the store and its blob take the world's text without copying it
/// (issue 19: the copy was ~2 % of a bulk import's samples).
struct Hashed {
    text: String,
    sha256: [u8; 32],
}

impl Repr {
    /// The text, when it is in memory.
    fn in_memory(&self) -> Option<&str> {
        match self {
            Repr::Text(text) => Some(text),
            Repr::Hashed(hashed) => Some(&hashed.text),
            Repr::Stored(stored) => stored.text.get().map(String::as_str),
        }
    }
}

impl Default for Repr {
    fn default() -> Self {
        Repr::Text(String::new())
    }
}

struct Stored {
    sha256: [u8; 32],
    source: Arc<dyn BlobSource>,
    text: OnceLock<String>,
}

impl Body {
    /// A body in memory.
    pub fn new(text: impl Into<String>) -> Body {
        Body(Repr::Text(text.into()))
    }

    /// A body in memory whose SHA-256 the caller took from these very
    /// bytes: the store keys the body's blob by it without hashing the text
    /// again, so a wrong hash would file the text under another text's key.
    /// Only for a hash computed from `text`'s bytes (checked in debug
    /// builds).
    pub fn hashed(text: String, sha256: [u8; 32]) -> Body {
        debug_assert_eq!(<[u8; 32]>::from(Sha256::digest(text.as_bytes())), sha256);
        Body(Repr::Hashed(Arc::new(Hashed { text, sha256 })))
    }

    /// A body left in the store: the blob `sha256`, read from `source` on
    /// first use.
    pub fn stored(sha256: [u8; 32], source: Arc<dyn BlobSource>) -> Body {
        Body(Repr::Stored(Arc::new(Stored {
            sha256,
            source,
            text: OnceLock::new(),
        })))
    }

    /// The text, read from the store the first time (clones of a handle
    /// share what was read).
    pub fn text(&self) -> Result<&str, BodyError> {
        let stored = match &self.0 {
            Repr::Text(text) => return Ok(text),
            Repr::Hashed(hashed) => return Ok(&hashed.text),
            Repr::Stored(stored) => stored,
        };
        if let Some(text) = stored.text.get() {
            return Ok(text);
        }
        let text = stored.read()?;
        Ok(stored.text.get_or_init(|| text))
    }

    /// `read` over the text without keeping a stored body in memory
    /// afterwards: for a pass over every body (the term index build), which
    /// would otherwise bring the whole store's bodies back into memory.
    pub fn with_text<R>(&self, read: impl FnOnce(&str) -> R) -> Result<R, BodyError> {
        match &self.0 {
            Repr::Text(text) => Ok(read(text)),
            Repr::Hashed(hashed) => Ok(read(&hashed.text)),
            Repr::Stored(stored) => match stored.text.get() {
                Some(text) => Ok(read(text)),
                None => Ok(read(&stored.read()?)),
            },
        }
    }

    /// The text, when it is in memory: never reads the store.
    pub fn text_in_memory(&self) -> Option<&str> {
        self.0.in_memory()
    }

    /// The text as an owned string (a copy when a clone shares it).
    pub fn into_text(self) -> Result<String, BodyError> {
        match self.0 {
            Repr::Text(text) => Ok(text),
            Repr::Hashed(hashed) => {
                Ok(Arc::try_unwrap(hashed)
                    .map_or_else(|shared| shared.text.clone(), |own| own.text))
            }
            Repr::Stored(_) => self.text().map(str::to_owned),
        }
    }

    /// The SHA-256 of a body still (or once) in the store.
    pub fn stored_sha256(&self) -> Option<&[u8; 32]> {
        match &self.0 {
            Repr::Text(_) | Repr::Hashed(_) => None,
            Repr::Stored(stored) => Some(&stored.sha256),
        }
    }

    /// The SHA-256 given with a text in memory ([`Body::hashed`]).
    pub fn given_sha256(&self) -> Option<&[u8; 32]> {
        match &self.0 {
            Repr::Hashed(hashed) => Some(&hashed.sha256),
            Repr::Text(_) | Repr::Stored(_) => None,
        }
    }

    /// Whether the text is in memory (never stored, or read already).
    pub fn is_in_memory(&self) -> bool {
        self.0.in_memory().is_some()
    }
}

impl Stored {
    /// The text, from the store; never kept here.
    fn read(&self) -> Result<String, BodyError> {
        let failed = |reason: String| BodyError {
            entity: String::new(),
            sha256: hex::encode(self.sha256),
            reason,
        };
        let bytes = self.source.read(&self.sha256).map_err(failed)?;
        String::from_utf8(bytes).map_err(|e| failed(format!("not UTF-8: {e}")))
    }
}

impl From<String> for Body {
    fn from(text: String) -> Body {
        Body::new(text)
    }
}

impl From<&str> for Body {
    fn from(text: &str) -> Body {
        Body::new(text)
    }
}

/// Equal texts are equal bodies; a stored body is compared by its hash, so
/// comparing never reads the store.
impl PartialEq for Body {
    fn eq(&self, other: &Body) -> bool {
        match (&self.0, &other.0) {
            (Repr::Stored(a), Repr::Stored(b)) => a.sha256 == b.sha256,
            (Repr::Hashed(hashed), Repr::Stored(stored))
            | (Repr::Stored(stored), Repr::Hashed(hashed)) => hashed.sha256 == stored.sha256,
            (Repr::Text(text), Repr::Stored(stored)) | (Repr::Stored(stored), Repr::Text(text)) => {
                <[u8; 32]>::from(Sha256::digest(text.as_bytes())) == stored.sha256
            }
            (a, b) => a.in_memory() == b.in_memory(),
        }
    }
}

/// Comparing by hash is as reflexive as comparing the texts.
impl Eq for Body {}

impl PartialEq<str> for Body {
    fn eq(&self, other: &str) -> bool {
        match &self.0 {
            Repr::Text(text) => text == other,
            Repr::Hashed(hashed) => hashed.text == other,
            Repr::Stored(stored) => {
                <[u8; 32]>::from(Sha256::digest(other.as_bytes())) == stored.sha256
            }
        }
    }
}

impl PartialEq<&str> for Body {
    fn eq(&self, other: &&str) -> bool {
        *self == **other
    }
}

impl fmt::Debug for Body {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            Repr::Text(text) => fmt::Debug::fmt(text, f),
            Repr::Hashed(hashed) => fmt::Debug::fmt(&hashed.text, f),
            Repr::Stored(stored) => match stored.text.get() {
                Some(text) => fmt::Debug::fmt(text, f),
                None => write!(f, "<stored sha256 {}>", hex::encode(stored.sha256)),
            },
        }
    }
}

impl Serialize for Body {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let text = self.text().map_err(serde::ser::Error::custom)?;
        serializer.serialize_str(text)
    }
}

impl<'de> Deserialize<'de> for Body {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Body, D::Error> {
        String::deserialize(deserializer).map(Body::new)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    /// A store of one blob that counts its reads and can be made to fail.
    struct OneBlob {
        bytes: Vec<u8>,
        reads: Mutex<u32>,
        fail: bool,
    }

    impl BlobSource for OneBlob {
        fn read(&self, sha256: &[u8; 32]) -> Result<Vec<u8>, String> {
            *self.reads.lock().unwrap() += 1;
            if self.fail || <[u8; 32]>::from(Sha256::digest(&self.bytes)) != *sha256 {
                return Err("no such blob".into());
            }
            Ok(self.bytes.clone())
        }
    }

    fn stored(text: &str, fail: bool) -> (Body, Arc<OneBlob>) {
        let source = Arc::new(OneBlob {
            bytes: text.as_bytes().to_vec(),
            reads: Mutex::new(0),
            fail,
        });
        let sha256 = Sha256::digest(text.as_bytes()).into();
        let body = Body::stored(sha256, source.clone());
        (body, source)
    }

    #[test]
    fn a_stored_body_is_read_once_and_shared_by_its_clones() {
        let (body, source) = stored("# Title\nbody text\n", false);
        let copy = body.clone();
        assert!(!body.is_in_memory());
        assert_eq!(*source.reads.lock().unwrap(), 0);
        assert_eq!(body.text().unwrap(), "# Title\nbody text\n");
        assert_eq!(copy.text().unwrap(), "# Title\nbody text\n");
        assert_eq!(*source.reads.lock().unwrap(), 1);
        assert!(copy.is_in_memory());
    }

    #[test]
    fn an_unreadable_body_is_an_error_naming_the_blob_never_an_empty_text() {
        let (body, _) = stored("# Gone\n", true);
        let error = body.text().unwrap_err();
        assert_eq!(error.sha256, hex::encode(Sha256::digest(b"# Gone\n")));
        assert!(error.to_string().contains("no such blob"), "{error}");
        let json = serde_json::to_string(&body);
        assert!(json.is_err(), "serialising an unreadable body fails");
    }

    #[test]
    fn a_hashed_body_is_its_text_with_the_hash_given() {
        let text = "# Title\nbody text\n";
        let sha256: [u8; 32] = Sha256::digest(text.as_bytes()).into();
        let body = Body::hashed(text.to_owned(), sha256);
        assert_eq!(body.given_sha256(), Some(&sha256));
        assert_eq!(body.stored_sha256(), None);
        assert!(body.is_in_memory());
        assert_eq!(body, Body::new(text));
        assert_eq!(body, stored(text, false).0);
        assert_ne!(body, stored("other", false).0);
        assert_eq!(body, text);
        assert_eq!(body.clone().into_text().unwrap(), text);
        assert_eq!(Body::new(text).given_sha256(), None);
    }

    #[test]
    fn a_stored_body_equals_and_serialises_as_its_text() {
        let (body, source) = stored("same text", false);
        assert_eq!(body, Body::new("same text"));
        assert_ne!(body, Body::new("other text"));
        assert_eq!(body, "same text");
        assert_eq!(*source.reads.lock().unwrap(), 0, "comparing reads nothing");
        assert_eq!(
            serde_json::to_string(&body).unwrap(),
            serde_json::to_string("same text").unwrap()
        );
        let back: Body = serde_json::from_str("\"same text\"").unwrap();
        assert!(back.is_in_memory() && back == body);
    }
}
