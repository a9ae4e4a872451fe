//! `import URL [--sha256 HEX] [--allow-private]` (GOV-3): a zip or a
//! SKILL.md fetched under the habitat's URL rules (size, time, addresses,
//! pin), then installed like any import, its source the URL.

use std::path::Path;

use skillworld_format::Bundle;
use skillworld_habitat::{UrlFetch, bundle_of, fetch_url};
use skillworld_store::Store;
use skillworld_world::{InstallRules, Layer};

use crate::Failure;
use crate::open::store_failure;
use crate::report::SkillResult;

/// How URLs are fetched for one import.
pub struct UrlRules {
    pub sha256: Option<String>,
    pub allow_private: bool,
}

/// Whether a command-line path is meant as a URL.
pub fn is_url(path: &Path) -> bool {
    path.to_str()
        .is_some_and(|p| p.starts_with("http://") || p.starts_with("https://"))
}

/// A URL and what fetching it gave: a bundle to install, or why not.
pub struct Fetched {
    url: String,
    bundle: Result<Bundle, String>,
}

/// Fetches every URL before the store is opened, so no store is held
/// while the network is waited on.
pub fn fetch_urls(urls: &[&str], fetch: &UrlRules) -> Result<Vec<Fetched>, Failure> {
    if urls.is_empty() {
        return Ok(Vec::new());
    }
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| Failure::failed(format!("cannot start the fetcher: {e}")))?;
    Ok(urls
        .iter()
        .map(|url| {
            let request = UrlFetch {
                sha256: fetch.sha256.clone(),
                allow_private: fetch.allow_private,
                ..UrlFetch::new(url)
            };
            let bundle = runtime
                .block_on(fetch_url(&request))
                .and_then(|fetched| bundle_of(&fetched))
                .map_err(|error| error.to_string());
            Fetched {
                url: (*url).to_owned(),
                bundle,
            }
        })
        .collect())
}

/// Installs what was fetched, in one open store; one result per URL.
pub fn install_fetched(
    store: &mut Store,
    fetched: Vec<Fetched>,
    layer: &Layer,
    rules: InstallRules,
) -> Result<Vec<SkillResult>, Failure> {
    fetched
        .into_iter()
        .map(|Fetched { url, bundle }| {
            let path = Path::new(&url);
            match bundle {
                Err(error) => Ok(SkillResult::failed(path, error)),
                Ok(bundle) => store
                    .run(|world| crate::bulk::install_one(world, layer, rules, path, bundle))
                    .map_err(store_failure),
            }
        })
        .collect()
}
