//! GOV-3's install from a URL: one http(s) GET of a zip or a SKILL.md,
//! bounded in size and time, that never reaches loopback, private,
//! link-local (or otherwise restricted) addresses unless the operator
//! allows it. The addresses checked are the ones connected to: each hop's
//! host is resolved here, checked, and the client is pinned to exactly
//! those addresses (no second lookup a DNS server could answer
//! differently). Redirects are followed by hand, each hop checked again;
//! proxies from the environment are not used (they would connect for us).

use std::net::{IpAddr, SocketAddr};
use std::time::Duration;

use sha2::{Digest, Sha256};
use skillworld_core::limits::MAX_BUNDLE_BYTES;
use skillworld_format::{Bundle, BundleError, Imported, Source, import_skill_md, read_bundle_zip};
use thiserror::Error;

/// The largest download: a bundle's limit plus room for zip overhead.
pub const MAX_DOWNLOAD_BYTES: u64 = MAX_BUNDLE_BYTES + (1 << 20);
/// The whole fetch, every hop and the body, ends within this.
pub const FETCH_TIMEOUT: Duration = Duration::from_secs(30);
/// Redirects followed at most.
pub const MAX_REDIRECTS: usize = 5;

/// What to fetch, and how.
#[derive(Clone, Debug)]
pub struct UrlFetch {
    pub url: String,
    /// A pinned SHA-256 of the body, as 64 hex digits.
    pub sha256: Option<String>,
    /// Reach loopback, private and link-local addresses too
    /// (`--allow-private`, or `allow_private_urls` in the configuration).
    pub allow_private: bool,
    pub timeout: Duration,
    pub max_bytes: u64,
}

impl UrlFetch {
    /// A fetch of `url` with the default limits, public addresses only.
    pub fn new(url: &str) -> UrlFetch {
        UrlFetch {
            url: url.to_owned(),
            sha256: None,
            allow_private: false,
            timeout: FETCH_TIMEOUT,
            max_bytes: MAX_DOWNLOAD_BYTES,
        }
    }
}

/// Why a URL could not be installed from. Every variant names the URL.
#[derive(Debug, Error)]
pub enum FetchError {
    #[error("{url}: {reason}")]
    BadUrl { url: String, reason: String },
    #[error("{url}: cannot resolve '{host}': {reason}")]
    Resolve {
        url: String,
        host: String,
        reason: String,
    },
    #[error(
        "{url}: '{host}' resolves to {address}, a loopback, private or link-local address; refused (pass --allow-private, or set allow_private_urls in the configuration, to allow it)"
    )]
    Restricted {
        url: String,
        host: String,
        address: IpAddr,
    },
    #[error("{url}: {reason}")]
    Http { url: String, reason: String },
    #[error("{url}: the download is over the {limit}-byte limit")]
    TooLarge { url: String, limit: u64 },
    #[error("{url}: no answer within {seconds} s")]
    Timeout { url: String, seconds: u64 },
    #[error("{url}: SHA-256 mismatch: expected {expected}, got {actual}; nothing was installed")]
    Sha256Mismatch {
        url: String,
        expected: String,
        actual: String,
    },
    #[error(transparent)]
    Bundle(#[from] BundleError),
}

/// A downloaded body and where it finally came from.
#[derive(Clone, Debug)]
pub struct Fetched {
    /// The URL asked for (what the skill's provenance records).
    pub url: String,
    pub bytes: Vec<u8>,
    pub sha256: String,
}

/// Downloads `request.url` under its limits and checks its pinned hash.
pub async fn fetch_url(request: &UrlFetch) -> Result<Fetched, FetchError> {
    let url = request.url.clone();
    let expected = request
        .sha256
        .as_deref()
        .map(|hex| check_sha256(&url, hex))
        .transpose()?;
    let bytes = tokio::time::timeout(request.timeout, follow(request))
        .await
        .map_err(|_| FetchError::Timeout {
            url: url.clone(),
            seconds: request.timeout.as_secs(),
        })??;
    let actual = hex::encode(Sha256::digest(&bytes));
    if let Some(expected) = expected
        && expected != actual
    {
        return Err(FetchError::Sha256Mismatch {
            url,
            expected,
            actual,
        });
    }
    Ok(Fetched {
        url,
        bytes,
        sha256: actual,
    })
}

/// A downloaded zip or SKILL.md as a bundle (with its `SKILL.sig` when a
/// zip carries one), its source the URL.
pub fn bundle_of(fetched: &Fetched) -> Result<Bundle, FetchError> {
    let origin = std::path::Path::new(&fetched.url);
    let mut bundle = if fetched.bytes.starts_with(b"PK\x03\x04") {
        read_bundle_zip(&fetched.bytes, origin)?.import()?
    } else {
        let name = url_folder_name(&fetched.url);
        let source = Source {
            dir_name: name.as_deref(),
            file_name: Some("SKILL.md"),
            location: Some(&fetched.url),
        };
        let imported: Imported =
            import_skill_md(&fetched.bytes, &source).map_err(|source| BundleError::Skill {
                path: origin.to_owned(),
                source,
            })?;
        Bundle {
            imported,
            files: Vec::new(),
            signature: None,
        }
    };
    bundle.imported.document.skill.provenance.import_source = Some(fetched.url.clone());
    Ok(bundle)
}

/// `https://host/skills/pdf-fill/SKILL.md` → `pdf-fill`: the name a
/// SKILL.md without one takes, as a folder's would.
fn url_folder_name(url: &str) -> Option<String> {
    let path = reqwest::Url::parse(url).ok()?.path().to_owned();
    let mut parts = path.rsplit('/').filter(|p| !p.is_empty());
    let last = parts.next()?;
    let folder = if last.eq_ignore_ascii_case("skill.md") {
        parts.next()?
    } else {
        last.strip_suffix(".md").unwrap_or(last)
    };
    Some(folder.to_owned())
}

fn check_sha256(url: &str, hex: &str) -> Result<String, FetchError> {
    let hex = hex.trim().to_ascii_lowercase();
    if hex.len() != 64 || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(FetchError::BadUrl {
            url: url.to_owned(),
            reason: format!("--sha256 '{hex}' is not 64 hex digits"),
        });
    }
    Ok(hex)
}

/// GETs the URL, following at most [`MAX_REDIRECTS`] redirects, each hop
/// resolved, checked and pinned.
async fn follow(request: &UrlFetch) -> Result<Vec<u8>, FetchError> {
    let mut url = parse(&request.url)?;
    for _ in 0..=MAX_REDIRECTS {
        let shown = url.to_string();
        let client = pinned_client(&url, request.allow_private).await?;
        let http = |reason: String| FetchError::Http {
            url: shown.clone(),
            reason,
        };
        let mut response = client
            .get(url.clone())
            .send()
            .await
            .map_err(|e| http(e.to_string()))?;
        let status = response.status();
        if status.is_redirection() {
            let location = response
                .headers()
                .get(reqwest::header::LOCATION)
                .and_then(|l| l.to_str().ok())
                .ok_or_else(|| http(format!("{status} without a Location")))?;
            url = url
                .join(location)
                .map_err(|e| http(format!("bad redirect '{location}': {e}")))?;
            check_scheme(&url)?;
            continue;
        }
        if !status.is_success() {
            return Err(http(format!("the server answered {status}")));
        }
        let too_large = || FetchError::TooLarge {
            url: shown.clone(),
            limit: request.max_bytes,
        };
        if response
            .content_length()
            .is_some_and(|n| n > request.max_bytes)
        {
            return Err(too_large());
        }
        let mut body = Vec::new();
        while let Some(chunk) = response.chunk().await.map_err(|e| http(e.to_string()))? {
            if (body.len() + chunk.len()) as u64 > request.max_bytes {
                return Err(too_large());
            }
            body.extend_from_slice(&chunk);
        }
        return Ok(body);
    }
    Err(FetchError::Http {
        url: request.url.clone(),
        reason: format!("more than {MAX_REDIRECTS} redirects"),
    })
}

fn parse(text: &str) -> Result<reqwest::Url, FetchError> {
    let url = reqwest::Url::parse(text).map_err(|e| FetchError::BadUrl {
        url: text.to_owned(),
        reason: e.to_string(),
    })?;
    check_scheme(&url)?;
    Ok(url)
}

fn check_scheme(url: &reqwest::Url) -> Result<(), FetchError> {
    if !matches!(url.scheme(), "http" | "https") {
        return Err(FetchError::BadUrl {
            url: url.to_string(),
            reason: format!(
                "'{}' URLs are not fetched; only http and https",
                url.scheme()
            ),
        });
    }
    if !url.username().is_empty() || url.password().is_some() {
        return Err(FetchError::BadUrl {
            url: url.to_string(),
            reason: "URLs with credentials are refused".to_owned(),
        });
    }
    Ok(())
}

/// A client that connects to `url`'s host only at the addresses resolved
/// and checked here.
async fn pinned_client(
    url: &reqwest::Url,
    allow_private: bool,
) -> Result<reqwest::Client, FetchError> {
    let shown = url.to_string();
    let host = url.host_str().ok_or_else(|| FetchError::BadUrl {
        url: shown.clone(),
        reason: "it has no host".to_owned(),
    })?;
    let port = url.port_or_known_default().unwrap_or(443);
    // `[::1]` is written with brackets in URLs, not in lookups.
    let bare = host.trim_start_matches('[').trim_end_matches(']');
    let addresses: Vec<SocketAddr> = tokio::net::lookup_host((bare, port))
        .await
        .map_err(|e| FetchError::Resolve {
            url: shown.clone(),
            host: host.to_owned(),
            reason: e.to_string(),
        })?
        .collect();
    if addresses.is_empty() {
        return Err(FetchError::Resolve {
            url: shown,
            host: host.to_owned(),
            reason: "no addresses".to_owned(),
        });
    }
    if !allow_private
        && let Some(address) = addresses
            .iter()
            .find(|a| skillworld_sandbox::restricted(a.ip()))
    {
        return Err(FetchError::Restricted {
            url: shown,
            host: host.to_owned(),
            address: address.ip(),
        });
    }
    reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .no_proxy()
        .connect_timeout(Duration::from_secs(10))
        .resolve_to_addrs(bare, &addresses)
        .build()
        .map_err(|e| FetchError::Http {
            url: shown,
            reason: e.to_string(),
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_http_and_https_without_credentials() {
        assert!(parse("https://example.com/a.zip").is_ok());
        for bad in [
            "file:///etc/passwd",
            "ftp://example.com/x",
            "https://user:pw@example.com/x",
            "not a url",
        ] {
            assert!(
                matches!(parse(bad), Err(FetchError::BadUrl { .. })),
                "{bad}"
            );
        }
    }

    #[test]
    fn a_skill_md_url_names_its_folder() {
        let name = |u| url_folder_name(u);
        assert_eq!(
            name("https://h/s/pdf-fill/SKILL.md").as_deref(),
            Some("pdf-fill")
        );
        assert_eq!(name("https://h/s/notes.md").as_deref(), Some("notes"));
    }

    #[test]
    fn pins_are_64_hex_digits() {
        assert!(check_sha256("u", &"A".repeat(64)).is_ok());
        assert!(check_sha256("u", "abc").is_err());
    }
}
