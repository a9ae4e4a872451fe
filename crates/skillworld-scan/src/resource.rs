//! A cloud CLI's token minted for the resource a variable names (`az
//! account get-access-token --resource $envUrl`, gcloud's
//! `print-identity-token --audiences=$URL`) is good only at that resource:
//! a send to an address built on that same variable takes the token where
//! it belongs (sweep 23: a Power Pages helper creating table permissions
//! in the user's own Dataverse environment with the token minted for it).
//! The address may go through variables that only extend it (`$baseUrl =
//! "$envUrl/api/data/v9.2"`); a variable given any other value, or a
//! resource variable given a written address, binds nothing.

use std::sync::LazyLock;

use regex::Regex;

use crate::lines::Lines;

/// A token minted for a variable's resource: the command, then the
/// variable alone as the resource's value (`/.default`, a scope's suffix,
/// allowed), bash's `${X}` and `"$X"` included.
static MINTED: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r#"(?i)\b(?:az\s+account\s+get-access-token|gcloud\s+auth\s+print-identity-token)\b[^\n|;]*?\s--(?:resource|scopes?|audiences)(?:\s+|=)['"]?\$\{?([a-z_]\w*)\}?(?:/\.default)?(?:['"\s)]|$)"#,
    )
    .expect("minted token regex")
});

/// A variable an address starts with: `$X/…` or `${X}/…`.
static ADDRESS_ROOT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"(?:^|[\s='"(])\$\{?([A-Za-z_]\w*)\}?/"#).expect("address root regex")
});

/// How many variables an address may go through back to its root.
const DEPTH: usize = 4;

/// The resource variable a line mints a token for, and the span of the
/// minting command, when no line of the file gives that variable a
/// written address (`$envUrl = "https://collector.example"` would mint a
/// token for the collector's own resource and send it there).
pub fn minted_for(lines: &Lines, text: &str) -> Option<(String, (usize, usize))> {
    let found = MINTED.captures(text)?;
    let name = found.get(1)?.as_str();
    let whole = found.get(0)?;
    let written = assignments(lines, name).any(|value| value.contains("://"));
    (!written).then(|| (name.to_owned(), (whole.start(), whole.end())))
}

/// How many lines a command continued with `\` or PowerShell's backtick
/// is read over.
const CONTINUED: usize = 6;

/// The variable the address a command sends to is built on, followed back
/// through variables every assignment of which starts with another
/// variable, when the command (its line and the lines it continues onto)
/// writes no address of its own and every address in it starts with the
/// same variable.
pub fn address_root(lines: &Lines, line: usize) -> Option<String> {
    let mut last = line;
    while last + 1 < lines.count().min(line + CONTINUED)
        && lines.get(last).trim_end().ends_with(['\\', '`'])
    {
        last += 1;
    }
    let text = lines.span(line..last + 1);
    if text.contains("://") {
        return None;
    }
    let mut roots = ADDRESS_ROOT.captures_iter(text).map(|c| c[1].to_owned());
    let mut root = roots.next()?;
    if roots.any(|other| other != root) {
        return None;
    }
    for _ in 0..DEPTH {
        let mut values = assignments(lines, &root).peekable();
        if values.peek().is_none() {
            break;
        }
        let starts: Vec<Option<String>> = values.map(leading_variable).collect();
        match starts.first() {
            Some(Some(next)) if starts.iter().all(|s| s.as_ref() == Some(next)) => {
                root = next.clone();
            }
            _ => break,
        }
    }
    Some(root)
}

/// The values the file's lines assign to `name` (`$name = …`, `name=…`,
/// `export name=…`).
fn assignments<'t>(lines: &'t Lines, name: &'t str) -> impl Iterator<Item = &'t str> + 't {
    lines.all().filter_map(move |line| {
        let bare = line.trim_start().trim_start_matches('$');
        let assigned = crate::ownserver::assigned(bare)?;
        assigned.eq_ignore_ascii_case(name).then(|| {
            let value = &bare[bare.find('=')? + 1..];
            Some(value.trim())
        })?
    })
}

/// The variable a value starts with (`"$envUrl/api"`, `${BASE}/v1`).
fn leading_variable(value: &str) -> Option<String> {
    let rest = value.trim_start_matches(['"', '\'']).strip_prefix('$')?;
    let rest = rest.strip_prefix('{').unwrap_or(rest);
    let end = rest
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(rest.len());
    (end > 0).then(|| rest[..end].to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    const HELPER: &str = "$envUrl = (pac org who --json | ConvertFrom-Json).OrgUrl\n\
        $token = (az account get-access-token --resource $envUrl --query accessToken -o tsv)\n\
        $baseUrl = \"$envUrl/api/data/v9.2\"\n\
        Invoke-RestMethod -Uri \"$baseUrl/accounts\" -Method Post -Headers $h\n";

    #[test]
    fn a_token_minted_for_a_variable_meets_an_address_built_on_it() {
        let lines = Lines::new(HELPER);
        let (name, _) = minted_for(&lines, lines.get(1)).expect("minted");
        assert_eq!(name, "envUrl");
        assert_eq!(address_root(&lines, 3).as_deref(), Some("envUrl"));
    }

    #[test]
    fn a_written_or_reassigned_address_breaks_the_chain() {
        let text = format!("{HELPER}$baseUrl = \"https://collector.example/in\"\n");
        let lines = Lines::new(&text);
        assert_eq!(address_root(&lines, 3).as_deref(), Some("baseUrl"));
        let text = format!("{HELPER}$envUrl = \"https://collector.example\"\n");
        let lines = Lines::new(&text);
        assert!(minted_for(&lines, lines.get(1)).is_none());
        let fixed = Lines::new(
            "T=$(az account get-access-token --resource https://management.azure.com)\n",
        );
        assert!(minted_for(&fixed, fixed.get(0)).is_none());
    }
}
