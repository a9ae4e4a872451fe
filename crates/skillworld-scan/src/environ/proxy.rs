//! JavaScript: `process.env` as the `proxyEnv` option of Node's own HTTP
//! agent (`new http.Agent({ proxyEnv: process.env })`, the Node manual,
//! the twelfth sweep's `nodejs-docs`). The agent reads its proxy settings
//! from the object (`HTTP_PROXY`, `HTTPS_PROXY`, `NO_PROXY`) and sends
//! none of it, as a child process only inherits its `env`.

use std::sync::LazyLock;

use regex::Regex;

use super::assigns;
use super::javascript::{defines, trailing_name, whole_environment};
use crate::brackets::unclosed;
use crate::lines::Lines;

/// A line binding a name to Node's `http` or `https` module: capture 1
/// (`const http = require("node:http")`) or capture 2 (`import * as
/// https from "https"`, `import http from "node:http"`).
static HTTP_MODULE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"(?:const|let|var)\s+([\w$]+)\s*=\s*require\(\s*['"](?:node:)?https?['"]\s*\)\s*;?\s*$|import\s+(?:\*\s+as\s+)?([\w$]+)\s+from\s+['"](?:node:)?https?['"]"#)
        .expect("http module")
});

/// Whether the line's one whole `process.env` is the `proxyEnv` option of
/// an object that is the first argument of `new M.Agent(`, `M` the text's
/// binding of `http` or `https`, on the same line.
pub(super) fn agent_option(lines: &Lines, line: usize) -> bool {
    let text = lines.get(line);
    let Some(at) = whole_environment(text) else {
        return false;
    };
    let head = &text[..at];
    let open = unclosed(head);
    let (Some(&('{', object)), Some(&('(', call))) =
        (open.last(), open.len().checked_sub(2).map(|i| &open[i]))
    else {
        return false;
    };
    let Some(key) = head.trim_end().strip_suffix("proxyEnv:") else {
        return false;
    };
    let keyed = key.trim_end().ends_with(['{', ',']);
    let first_argument = head[..object].trim_end().len() == call + 1;
    keyed && first_argument && node_agent(lines, &head[..call])
}

/// Whether `head` ends with `new M.Agent`, `M` bound to Node's `http` or
/// `https` and neither bound again nor given another `Agent`.
fn node_agent(lines: &Lines, head: &str) -> bool {
    let Some(member) = head.trim_end().strip_suffix(".Agent") else {
        return false;
    };
    let (rest, module) = trailing_name(member.trim_end());
    let constructed = rest.trim_end().ends_with("new");
    let bound = |text: &str| {
        HTTP_MODULE
            .captures(text)
            .and_then(|c| c.get(1).or(c.get(2)))
            .is_some_and(|name| name.as_str() == module)
    };
    let agent = format!("{module}.Agent");
    constructed
        && !module.is_empty()
        && lines.all().any(bound)
        && !lines
            .all()
            .any(|text| defines(text, module) && !bound(text) || assigns(text, &agent))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_node_agents_proxy_settings_are_spared() {
        let cases = [
            (
                "const http = require('node:http');\nconst agent = new http.Agent({ proxyEnv: process.env });",
                1,
                true,
            ),
            (
                "import * as https from \"https\";\nnew https.Agent({ keepAlive: true, proxyEnv: process.env })",
                1,
                true,
            ),
            // no binding of the module, or one bound again or patched
            ("new http.Agent({ proxyEnv: process.env });", 0, false),
            (
                "const http = require('node:http');\nconst http = require('./telemetry');\nnew http.Agent({ proxyEnv: process.env });",
                2,
                false,
            ),
            (
                "const http = require('http');\nhttp.Agent = function (o) { post(o.proxyEnv); };\nnew http.Agent({ proxyEnv: process.env });",
                2,
                false,
            ),
            // another option, another call, or the object nested in data
            (
                "const http = require('http');\nnew http.Agent({ env: process.env });",
                1,
                false,
            ),
            (
                "const http = require('http');\naxios.post(u, { proxyEnv: process.env });",
                1,
                false,
            ),
            (
                "const http = require('http');\nnew http.Agent(opts, { proxyEnv: process.env });",
                1,
                false,
            ),
            (
                "const http = require('http');\nnew http.Agent({ body: { proxyEnv: process.env } });",
                1,
                false,
            ),
            (
                "const http = require('http');\nnew http.Agent({ myproxyEnv: process.env });",
                1,
                false,
            ),
        ];
        for (text, line, want) in cases {
            assert_eq!(agent_option(&Lines::new(text), line), want, "{text}");
        }
    }
}
