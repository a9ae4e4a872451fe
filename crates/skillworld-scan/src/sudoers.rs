//! A sudoers line that lets one named command run without a password
//! (`deploy ALL=(root) NOPASSWD: /usr/bin/systemctl restart app`) is how
//! deployment guides let a service restart itself; `NOPASSWD: ALL`, or a
//! command that opens a shell, an editor or a file write, is root for
//! anyone (batch 35's gateway setup). The `sudoers` row's
//! `Rule::confirm`: the scoped grant only warns.

use crate::rules::Severity;

/// Programs that give a root shell or a root file write to whoever may
/// run them with any arguments (GTFOBins' sudo entries, shells,
/// interpreters, editors, package managers).
const ROOT_FOR_ANYONE: &[&str] = &[
    "sh",
    "bash",
    "zsh",
    "dash",
    "ksh",
    "fish",
    "csh",
    "tcsh",
    "su",
    "sudo",
    "doas",
    "env",
    "python",
    "python2",
    "python3",
    "perl",
    "ruby",
    "node",
    "php",
    "lua",
    "vi",
    "vim",
    "nvim",
    "nano",
    "ed",
    "emacs",
    "less",
    "more",
    "man",
    "find",
    "awk",
    "gawk",
    "sed",
    "tee",
    "cp",
    "mv",
    "chmod",
    "chown",
    "dd",
    "tar",
    "zip",
    "unzip",
    "rsync",
    "install",
    "ln",
    "git",
    "docker",
    "podman",
    "kubectl",
    "crontab",
    "systemd-run",
    "nsenter",
    "chroot",
    "mount",
    "apt",
    "apt-get",
    "dpkg",
    "yum",
    "dnf",
    "rpm",
    "pip",
    "pip3",
    "npm",
    "make",
    "journalctl",
    "xargs",
    "nohup",
];

/// Keeps the line critical unless its `NOPASSWD:` names only commands
/// written out with their arguments, none of which hands out root, or
/// every match is a `NOPASSWD:ALL` the prose refuses (`refused`): those
/// warn.
pub fn scoped_grant(
    line: &str,
    at: usize,
    next: &dyn Fn(usize) -> Option<usize>,
) -> Option<(Severity, String)> {
    if crate::naming::matches(at, next).all(|at| refused(line, at)) {
        return Some((
            Severity::Medium,
            "names passwordless root for every command only to refuse it".to_owned(),
        ));
    }
    if tuning_only(line) {
        return Some((
            Severity::Medium,
            "writes a sudoers setting that grants nothing".to_owned(),
        ));
    }
    // A here-document's body (`engine::with_heredoc`): every rule it
    // writes is such a grant; a `Defaults` line, a grant that asks for a
    // password on every command, or one line of anything else keeps it.
    let scoped = match line.split_once('\n') {
        Some((_, body)) => {
            let mut rules = body
                .lines()
                .rev()
                .skip(1)
                .map(str::trim)
                .filter(|l| !l.is_empty() && !l.starts_with('#'))
                .peekable();
            rules.peek().is_some() && rules.all(scoped_line)
        }
        None => scoped_line(line),
    };
    Some(if scoped {
        (
            Severity::Medium,
            "lets one named command run as root without a password".to_owned(),
        )
    } else {
        (Severity::Critical, String::new())
    })
}

/// A `NOPASSWD:ALL` a line of prose names as what is not granted (a
/// scoped grant "— NOT `NOPASSWD:ALL`", "never add NOPASSWD: ALL",
/// "instead of `NOPASSWD:ALL`"; reg83's 5dive guide): a negation or a
/// refusal among the two words before it, and no sudoers file, `tee` or
/// redirect on the line to write it with.
fn refused(line: &str, at: usize) -> bool {
    const REFUSALS: &[&str] = &["avoid", "avoiding", "instead of", "rather than"];
    let (Some(before), Some(rest)) = (line.get(..at), line.get(at..)) else {
        return false;
    };
    let lower = line.to_ascii_lowercase();
    let writes = ["sudoers", "tee", ">", "visudo", "<<"]
        .iter()
        .any(|w| lower.contains(w));
    if writes || !rest.to_ascii_lowercase().starts_with("nopasswd") {
        return false;
    }
    let before = before
        .trim_end_matches(|c: char| "`'\"*_(".contains(c))
        .to_lowercase();
    let words: Vec<&str> = before.split_whitespace().rev().take(3).collect();
    let near = |n: usize| {
        words
            .iter()
            .take(n)
            .rev()
            .copied()
            .collect::<Vec<_>>()
            .join(" ")
    };
    words
        .iter()
        .take(2)
        .any(|w| crate::negation::negates_verb(w.trim_matches(['*', '_', '—', '-', ',']), false))
        || REFUSALS
            .iter()
            .any(|r| near(2).ends_with(r) || near(1) == *r)
}

/// code85: a line writing one `Defaults` entry that only tunes how sudo
/// asks (`Defaults:$ME timestamp_timeout=30`, `Defaults insults`): no
/// user is granted a command, and the password is still asked. A
/// negative or zero timeout (never ask again), `!authenticate` or any
/// grant on the line keeps it.
fn tuning_only(line: &str) -> bool {
    const TUNINGS: &[&str] = &[
        "timestamp_timeout=",
        "passwd_timeout=",
        "passwd_tries=",
        "insults",
        "pwfeedback",
        "lecture=",
        "use_pty",
        "log_input",
        "log_output",
        "logfile=",
    ];
    let Some(at) = line.find("Defaults") else {
        return false;
    };
    let entry = line[at..]
        .split(['"', '\'', '|', '>', ';', '`'])
        .next()
        .unwrap_or_default();
    let mut words = entry.split_whitespace().skip(1);
    let (Some(setting), None) = (words.next(), words.next()) else {
        return false;
    };
    let positive = |value: &str| value.parse::<u32>().is_ok_and(|n| n > 0);
    !line.contains('\n')
        && !line.to_ascii_lowercase().contains("nopasswd")
        && setting.split(',').all(|s| {
            TUNINGS.iter().any(|t| match t.strip_suffix('=') {
                Some(name) => s.strip_prefix(*t).is_some_and(|v| {
                    !name.ends_with("timeout") && !name.ends_with("tries") || positive(v)
                }),
                None => s == *t,
            })
        })
}

/// A line whose `NOPASSWD:` names only commands written out with their
/// arguments, none of which hands out root.
fn scoped_line(line: &str) -> bool {
    line.to_ascii_lowercase()
        .find("nopasswd")
        .and_then(|at| line[at + "nopasswd".len()..].trim_start().strip_prefix(':'))
        .is_some_and(|spec| {
            let spec = spec.split(['"', '\'', '|', '>', '<', ';', '`']).next();
            spec.is_some_and(|spec| spec.split(',').all(one_named_command))
        })
}

/// `/usr/bin/systemctl restart app`: an absolute path, at least one
/// argument, no wildcard, and a program that is not root for anyone.
fn one_named_command(command: &str) -> bool {
    let mut words = command.split_whitespace();
    let Some(program) = words.next().filter(|p| p.starts_with('/')) else {
        return false;
    };
    let name = program.rsplit('/').next().unwrap_or_default();
    words.next().is_some()
        && !command.contains('*')
        && !command.split_whitespace().any(|w| w == "ALL")
        && !ROOT_FOR_ANYONE.contains(&name)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn severity(line: &str) -> Severity {
        scoped_grant(line, 0, &|_| None).expect("kept").0
    }

    #[test]
    fn a_timeout_setting_warns_and_a_grant_stays() {
        // code85: a sudo timeout asked for is no grant; never asking again,
        // or no password at all, is.
        let timeout = "echo \"Defaults:$ME timestamp_timeout=30\" | sudo tee /etc/sudoers.d/90-dev";
        assert_eq!(severity(timeout), Severity::Medium);
        for grant in [
            "echo \"Defaults:$ME timestamp_timeout=-1\" | sudo tee /etc/sudoers.d/90-dev",
            "echo \"Defaults:$ME !authenticate\" | sudo tee /etc/sudoers.d/90-dev",
            "echo \"Defaults:$ME timestamp_timeout=30, !authenticate\" | sudo tee /etc/sudoers.d/x",
        ] {
            assert_eq!(severity(grant), Severity::Critical, "{grant}");
        }
    }

    #[test]
    fn one_named_restart_warns() {
        assert_eq!(
            severity(
                "echo \"$U ALL=(root) NOPASSWD: /usr/bin/systemctl restart gw\" | sudo tee /etc/sudoers.d/gw"
            ),
            Severity::Medium
        );
    }

    #[test]
    fn every_command_a_shell_or_a_wildcard_stays_critical() {
        for line in [
            "echo \"$U ALL=(ALL) NOPASSWD:ALL\" | sudo tee /etc/sudoers.d/x",
            "echo \"$U ALL=(ALL) NOPASSWD: /bin/bash -i\" | sudo tee /etc/sudoers.d/x",
            "echo \"$U ALL=(ALL) NOPASSWD: /usr/bin/vim /etc/hosts\" >> /etc/sudoers",
            "echo \"$U ALL=(ALL) NOPASSWD: /usr/bin/systemctl *\" >> /etc/sudoers",
            "echo \"$U ALL=(ALL) NOPASSWD: /usr/bin/systemctl\" >> /etc/sudoers",
            "echo \"$U ALL=(ALL) NOPASSWD: /usr/bin/id, /usr/bin/python3 x.py\" >> /etc/sudoers",
            "sudo tee /etc/sudoers.d/x <<EOF",
            "Don't worry: echo \"$U ALL=(ALL) NOPASSWD:ALL\" | sudo tee /etc/sudoers.d/x",
            "never prompt again: $U ALL=(ALL) NOPASSWD:ALL",
        ] {
            assert_eq!(severity(line), Severity::Critical, "{line}");
        }
    }

    #[test]
    fn a_here_document_of_named_commands_warns() {
        // reg84's dev half (clamshell-setup): the heredoc's body is read
        // with the `tee` line that opens it.
        assert_eq!(
            severity(
                "sudo tee /etc/sudoers.d/coffee >/dev/null <<EOF\n$(id -un) ALL=(root) NOPASSWD: /usr/bin/pmset -a disablesleep 0, /usr/bin/pmset -a disablesleep 1\nEOF"
            ),
            Severity::Medium
        );
        for body in [
            "$U ALL=(ALL) NOPASSWD: ALL",
            "$U ALL=(root) NOPASSWD: /usr/bin/pmset -a disablesleep 0, /bin/bash",
            "$U ALL=(root) NOPASSWD: /usr/bin/pmset -a disablesleep 0\nDefaults:$U !authenticate",
            "$U ALL=(root) NOPASSWD: /usr/bin/pmset -a disablesleep 0\n$U ALL=(ALL) ALL",
            "$U ALL=(root) NOPASSWD: /usr/bin/pmset *",
            "",
        ] {
            let line = format!("sudo tee /etc/sudoers.d/x <<EOF\n{body}\nEOF");
            assert_eq!(severity(&line), Severity::Critical, "{line}");
        }
    }

    #[test]
    fn a_refused_grant_warns() {
        for line in [
            "gets a scoped grant: the CLI plus `systemctl restart` of its units — NOT `NOPASSWD:ALL`. So",
            "Never add NOPASSWD: ALL for the agent user.",
            "Grant the one restart command instead of `NOPASSWD:ALL`.",
            "Do not use NOPASSWD:ALL here.",
            "Scope the rule rather than NOPASSWD:ALL.",
        ] {
            let at = line.to_ascii_lowercase().find("nopasswd").expect("match");
            let kept = scoped_grant(line, at, &|_| None).expect("kept");
            assert_eq!(kept.0, Severity::Medium, "{line}");
        }
    }
}
