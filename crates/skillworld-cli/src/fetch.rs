//! `import URL [--sha256 HEX] [--allow-private]` (GOV-3): a zip or a
//! SKILL.md fetched under the habitat's URL rules (size, time, addresses,
//! pin), then installed like any import, its source the URL.

use std::path::Path;

use skillworld_habitat::{UrlFetch, bundle_of, fetch_url};
use skillworld_world::{InstallRules, Layer};

use crate::Failure;
use crate::open::{Global, open, store_failure};
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

/// Fetches and installs each URL; one result per URL.
pub fn import_urls(
    global: &Global,
    urls: &[&str],
    layer: &Layer,
    rules: InstallRules,
    fetch: &UrlRules,
) -> Result<Vec<SkillResult>, Failure> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| Failure::failed(format!("cannot start the fetcher: {e}")))?;
    let mut results = Vec::with_capacity(urls.len());
    for url in urls {
        let request = UrlFetch {
            sha256: fetch.sha256.clone(),
            allow_private: fetch.allow_private,
            ..UrlFetch::new(url)
        };
        let bundle = runtime
            .block_on(fetch_url(&request))
            .and_then(|fetched| bundle_of(&fetched));
        let path = Path::new(url);
        let result = match bundle {
            Err(error) => SkillResult::failed(path, error),
            Ok(bundle) => {
                let mut store = open(global)?;
                store
                    .run(|world| crate::bulk::install_one(world, layer, rules, path, bundle))
                    .map_err(store_failure)?
            }
        };
        results.push(result);
    }
    Ok(results)
}
