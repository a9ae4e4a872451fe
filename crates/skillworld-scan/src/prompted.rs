//! A password the person types at the prompt (the sixteenth sweep's
//! Tencent Cloud server guide: "after the first login, change the root
//! password at once: `passwd root`"): `passwd` run with nothing fed to
//! it asks whoever sits at the terminal for the new password, so the
//! skill sets none; it is advice on the reader's own server and warns.
//! A password fed in (`echo 'root:x' | chpasswd`, `echo -e "p\np" |
//! passwd root`, `passwd root <<< "$P"`) is one the skill chose: a
//! known password on a root account, which still blocks.

use crate::rules::Severity;

/// Warns for a line whose every `account-change` match is an interactive
/// `passwd root`; any other match keeps the row's block
/// (`Rule::confirm`).
pub fn typed_at_prompt(
    line: &str,
    at: usize,
    next: &dyn Fn(usize) -> Option<usize>,
) -> Option<(Severity, String)> {
    let every = std::iter::successors(Some(at), |&at| next(at + 1)).all(|at| interactive(line, at));
    Some((
        if every {
            Severity::Medium
        } else {
            Severity::High
        },
        String::new(),
    ))
}

/// The match at `at` is `passwd root` with no input piped into its
/// command or redirected after it.
fn interactive(line: &str, at: usize) -> bool {
    let (Some(before), Some(rest)) = (line.get(..at), line.get(at..)) else {
        return false;
    };
    let Some(after) = rest.strip_prefix("passwd") else {
        return false;
    };
    let Some(after) = after.trim_start().strip_prefix("root") else {
        return false;
    };
    // The command's own text: back to the start of its code span or the
    // last `;`/`&&`, on to the end of its span or the line.
    let command_start = before.rfind(['`', ';', '&', '(']).map_or(0, |i| i + 1);
    let fed = before[command_start..].contains('|');
    let command_end = after.find(['`', ';', '&', ')']).unwrap_or(after.len());
    let redirected = after[..command_end].contains('<');
    let ends = after[..command_end].trim().is_empty();
    !fed && !redirected && ends
}
