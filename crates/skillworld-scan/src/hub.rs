//! Model hub organisations (issue 18, batch 18): a load with
//! `trust_remote_code=True` runs the Python its repository ships, so whose
//! repository it is decides what runs. An organisation that publishes
//! well-known models with their own modelling code is the documented case
//! (Phi, Qwen, Evo-2); one the scanner does not know, unpinned, runs
//! whatever its owner pushes next.

use crate::rules::Severity;

/// Organisations on the Hugging Face Hub that publish models with their own
/// modelling code, lower case.
const KNOWN_ORGS: &[&str] = &[
    "01-ai",
    "alibaba-nlp",
    "allenai",
    "apple",
    "arcinstitute",
    "baai",
    "baichuan-inc",
    "bigcode",
    "bigscience",
    "cohereforai",
    "databricks",
    "deepseek-ai",
    "eleutherai",
    "facebook",
    "google",
    "huggingfacem4",
    "huggingfacetb",
    "ibm-granite",
    "instadeepai",
    "internlm",
    "intfloat",
    "jinaai",
    "meta-llama",
    "microsoft",
    "mistralai",
    "mosaicml",
    "nomic-ai",
    "nvidia",
    "openai",
    "openbmb",
    "opengvlab",
    "qwen",
    "salesforce",
    "sentence-transformers",
    "snowflake",
    "stabilityai",
    "thudm",
    "tiiuae",
    "zai-org",
];

/// The organisation of the first `org/name` standing between quotes in
/// `text` (which may start inside a quoted key: `repo": "org/name"`, so
/// every piece between two quotes is tried, not every other one).
fn first_org(text: &str) -> Option<&str> {
    text.split(['"', '\'']).skip(1).find_map(|quoted| {
        let (org, name) = quoted.split_once('/')?;
        let shaped = |part: &str| {
            !part.is_empty()
                && part
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c))
        };
        (shaped(org) && shaped(name)).then_some(org)
    })
}

/// Keeps a hub repository's line when one of the row's matches names an
/// organisation not in `KNOWN_ORGS` (`Rule::confirm` of `hub-repo-unknown`).
pub fn unknown_org(
    line: &str,
    at: usize,
    next: &dyn Fn(usize) -> Option<usize>,
) -> Option<(Severity, String)> {
    std::iter::successors(Some(at), |&at| next(at + 1))
        .filter_map(|at| first_org(line.get(at..)?))
        .any(|org| !KNOWN_ORGS.contains(&org.to_ascii_lowercase().as_str()))
        .then(|| (Severity::Medium, String::new()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unknown_organisation_is_kept_and_a_known_one_dropped() {
        let keep = |line: &str| unknown_org(line, 0, &|_| None).is_some();
        assert!(keep(
            "AutoModel.from_pretrained(\"qxl-research/longembed-32k\", trust_remote_code=True)"
        ));
        assert!(keep("pipeline('feature-extraction', model='qxl/embed')"));
        assert!(keep(
            "cfg = {\"repo\": \"vexa-ai/coder-13b\", \"remote\": True}"
        ));
        assert!(!keep(
            "AutoModel.from_pretrained(\"Qwen/Qwen2-7B\", trust_remote_code=True)"
        ));
        assert!(!keep(
            "pipeline('feature-extraction', model='microsoft/phi-2')"
        ));
        assert!(!keep("AutoModel.from_pretrained(MODEL)"));
    }
}
