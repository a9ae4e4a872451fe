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
/// written out with their arguments, none of which hands out root.
pub fn scoped_grant(
    line: &str,
    _at: usize,
    _next: &dyn Fn(usize) -> Option<usize>,
) -> Option<(Severity, String)> {
    let scoped = line
        .to_ascii_lowercase()
        .find("nopasswd")
        .and_then(|at| line[at + "nopasswd".len()..].trim_start().strip_prefix(':'))
        .is_some_and(|spec| {
            let spec = spec.split(['"', '\'', '|', '>', '<', ';', '`']).next();
            spec.is_some_and(|spec| spec.split(',').all(one_named_command))
        });
    Some(if scoped {
        (
            Severity::Medium,
            "lets one named command run as root without a password".to_owned(),
        )
    } else {
        (Severity::Critical, String::new())
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
        ] {
            assert_eq!(severity(line), Severity::Critical, "{line}");
        }
    }
}
