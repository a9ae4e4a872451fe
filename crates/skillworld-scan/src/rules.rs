//! The rule table (SEC-1, TOOL-3): data, one row per rule. Patterns are
//! case-insensitive and match within one line; `unless` lists substrings
//! that, on the same line, make a match harmless.

use serde::Serialize;

/// How bad a finding is. HIGH and CRITICAL block a skill (SEC-1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Medium,
    High,
    Critical,
}

impl Severity {
    pub fn blocks(self) -> bool {
        self >= Severity::High
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Medium => "medium",
            Severity::High => "high",
            Severity::Critical => "critical",
        }
    }
}

/// Which files a rule reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// Files under `scripts/`.
    Scripts,
    /// SKILL.md and `references/`.
    Markdown,
    /// Both.
    All,
    /// Text an autonomous write would store (TOOL-3 only).
    Autonomous,
}

pub struct Rule {
    pub id: &'static str,
    pub severity: Severity,
    pub target: Target,
    pub pattern: &'static str,
    pub unless: &'static [&'static str],
    pub what: &'static str,
}

const REVERSE_SHELL: &str = r"(?:ba|z)?sh\s+-i\s*[>&]+\s*/dev/tcp/|exec\s+\d+<>\s*/dev/tcp/|\bnc(?:at)?\b[^\n]*\s-[ec]\s+/bin/(?:ba)?sh|pty\.spawn\(\s*['\x22]/bin/(?:ba)?sh|mkfifo[^\n]*\|\s*/bin/(?:ba)?sh[^\n]*\|\s*nc\b|socket\.socket\([^\n]*\)[^\n]*\.connect\([^\n]*(?:subprocess|os\.dup2)";
const DECODE_TO_SHELL: &str = r"\bbase64\s+(?:-d|-D|--decode)\b[^\n]*\|\s*(?:sudo\s+)?(?:ba|z)?sh\b|\bxxd\s+-r[^\n]*\|\s*(?:ba)?sh\b|(?:exec|eval)\s*\(\s*(?:base64\.b64decode|bytes\.fromhex|codecs\.decode)|\beval\s+\x22?\$\(\s*(?:echo|printf)[^\n]*\|\s*base64\s+(?:-d|--decode)";
const DOWNLOAD_EXECUTE: &str = r"\b(?:curl|wget)\b[^\n|]*\|\s*(?:sudo\s+)?(?:ba|z)?sh\b|\beval\s+\x22?\$\(\s*(?:curl|wget)\b|(?:ba)?sh\s+<\(\s*(?:curl|wget)\b|\b(?:iwr|invoke-webrequest)\b[^\n]*\|\s*iex\b";

pub static RULES: &[Rule] = &[
    Rule {
        id: "reverse-shell",
        severity: Severity::Critical,
        target: Target::All,
        pattern: REVERSE_SHELL,
        unless: &[],
        what: "opens a reverse shell",
    },
    Rule {
        id: "rm-rf-root",
        severity: Severity::Critical,
        target: Target::Scripts,
        pattern: r"\brm\s+-(?:rf|fr|r\s+-f|f\s+-r)\s+(?:--no-preserve-root\s+)?(?:/\*?|~/?|\$HOME/?|\x22\$HOME\x22/?)(?:\s|$|;|&|\))",
        unless: &[],
        what: "deletes the filesystem root or home",
    },
    Rule {
        id: "disk-format",
        severity: Severity::Critical,
        target: Target::Scripts,
        pattern: r"\bmkfs(?:\.\w+)?\s+(?:-\w+\s+)*/dev/|\bformat\s+[c-z]:\s*(?:/|$)",
        unless: &[],
        what: "formats a disk",
    },
    Rule {
        id: "dd-to-device",
        severity: Severity::Critical,
        target: Target::Scripts,
        pattern: r"\bdd\b[^\n]*\bof=/dev/(?:sd|hd|nvme|disk|mmcblk|xvd|vd)",
        unless: &[],
        what: "writes raw data onto a disk device",
    },
    Rule {
        id: "fork-bomb",
        severity: Severity::Critical,
        target: Target::Scripts,
        pattern: r":\s*\(\)\s*\{\s*:\s*\|\s*:\s*&\s*\}\s*;\s*:",
        unless: &[],
        what: "is a fork bomb",
    },
    Rule {
        id: "sudo",
        severity: Severity::High,
        target: Target::Scripts,
        pattern: r"(?:^|[;&|(]\s*|\s)sudo\s+\S",
        unless: &[],
        what: "runs commands as root",
    },
    Rule {
        id: "chmod-777",
        severity: Severity::High,
        target: Target::Scripts,
        pattern: r"\bchmod\s+(?:-R\s+)?0?777\b",
        unless: &[],
        what: "makes files writable by everyone",
    },
    Rule {
        id: "download-execute",
        severity: Severity::High,
        target: Target::Scripts,
        pattern: DOWNLOAD_EXECUTE,
        unless: &[],
        what: "downloads code and runs it",
    },
    Rule {
        id: "eval-fetched",
        severity: Severity::High,
        target: Target::Scripts,
        pattern: r"\b(?:eval|exec)\s*\(\s*(?:requests\.get|urllib\.request\.urlopen|urlopen|httpx\.get)\(|\b(?:eval|exec)\s*\([^\n]*(?:requests\.get|urlopen)\([^\n]*\)\.(?:text|read)",
        unless: &[],
        what: "evaluates data fetched from the network",
    },
    Rule {
        id: "pickle-fetched",
        severity: Severity::High,
        target: Target::Scripts,
        pattern: r"\b(?:pickle|marshal)\.loads?\s*\([^\n]*(?:requests\.|urlopen|urllib|httpx\.)",
        unless: &[],
        what: "unpickles data fetched from the network",
    },
    Rule {
        id: "sandbox-escape",
        severity: Severity::High,
        target: Target::Scripts,
        pattern: r"--privileged\b|\bnsenter\b|/var/run/docker\.sock|\bchroot\s+/host\b|\bcapsh\b[^\n]*--",
        unless: &[],
        what: "tries to escape its sandbox",
    },
    Rule {
        id: "decode-to-shell",
        severity: Severity::High,
        target: Target::All,
        pattern: DECODE_TO_SHELL,
        unless: &[],
        what: "decodes hidden data and runs it",
    },
    Rule {
        id: "secret-exfiltration",
        severity: Severity::High,
        target: Target::Scripts,
        pattern: r"(?:(?:~|\$HOME)/\.ssh/id_\w*|\.aws/credentials|\.kube/config|/etc/shadow)[^\n]*(?:\bcurl\b|\bwget\b|\bnc\b|requests\.|https?://)|(?:\bcurl\b|\bwget\b|\bnc\b|requests\.)[^\n]*(?:(?:~|\$HOME)/\.ssh/id_|\.aws/credentials|\.kube/config|/etc/shadow)",
        unless: &[],
        what: "sends secret files over the network",
    },
    Rule {
        id: "bash-c",
        severity: Severity::Medium,
        target: Target::Scripts,
        pattern: r"\b(?:ba|z)?sh\s+-c\s",
        unless: &[],
        what: "runs a command string through a shell",
    },
    Rule {
        id: "network-upload",
        severity: Severity::Medium,
        target: Target::Scripts,
        pattern: r"\bcurl\b[^\n]*\s(?:-F|--form|-T|--upload-file)\s|\bcurl\b[^\n]*\s(?:--data-binary|-d|--data)\s+@|requests\.(?:post|put)\([^\n]*files\s*=",
        unless: &[],
        what: "uploads files",
    },
    Rule {
        id: "env-dump",
        severity: Severity::Medium,
        target: Target::Scripts,
        pattern: r"\b(?:printenv|env)\s*(?:>|\|)|\bdict\(\s*os\.environ\s*\)|json\.dumps?\(\s*(?:dict\()?\s*os\.environ",
        unless: &[],
        what: "dumps the environment",
    },
    Rule {
        id: "unsafe-yaml",
        severity: Severity::Medium,
        target: Target::Scripts,
        pattern: r"\byaml\.load\(",
        unless: &["SafeLoader", "safe_load", "CSafeLoader"],
        what: "loads YAML unsafely",
    },
    Rule {
        id: "persistence",
        severity: Severity::Medium,
        target: Target::Scripts,
        pattern: r"\bcrontab\s+-|>>\s*(?:~|\$HOME)?/?[\w./]*\.(?:bashrc|zshrc|profile|bash_profile)\b|/etc/cron\.|\bsystemctl\s+enable\b|/Library/LaunchAgents/",
        unless: &[],
        what: "installs itself to run again later",
    },
    Rule {
        id: "instruction-override",
        severity: Severity::High,
        target: Target::Markdown,
        pattern: r"\b(?:ignore|disregard|forget|override)\s+(?:all\s+|any\s+|the\s+|your\s+)*(?:previous|prior|above|earlier|system|original)\s+(?:instructions|prompts?|rules|directions|guidelines)",
        unless: &[],
        what: "tells the agent to override its instructions",
    },
    Rule {
        id: "disable-guards",
        severity: Severity::High,
        target: Target::Markdown,
        pattern: r"\b(?:disable|bypass|turn\s+off|skip|circumvent)\s+(?:the\s+|all\s+|any\s+)?(?:safety|security|guard(?:rail)?s?|approvals?|confirmations?|sandbox(?:ing)?|content\s+filters?)\b",
        unless: &[],
        what: "tells the agent to disable guards or approvals",
    },
    Rule {
        id: "exfiltrate-credentials",
        severity: Severity::High,
        target: Target::Markdown,
        pattern: r"\b(?:send|post|upload|exfiltrate|forward|email|transmit)\b[^\n]{0,60}\b(?:credentials|secrets?|api[\s_-]?keys?|access\s+tokens?|passwords?|private\s+keys?|\.ssh|\.env|id_rsa)\b[^\n]{0,60}\b(?:to|at)\s+(?:https?://|[\w.-]+@|\S+\.\w{2,})",
        unless: &[],
        what: "tells the agent to send credentials away",
    },
    Rule {
        id: "hidden-unicode",
        severity: Severity::High,
        target: Target::All,
        pattern: r"[\x{E0000}-\x{E007F}]|[\x{200B}\x{200C}\x{200D}\x{2060}\x{FEFF}]{2,}|[\x{202A}-\x{202E}\x{2066}-\x{2069}]",
        unless: &[],
        what: "hides text with invisible Unicode",
    },
    Rule {
        id: "curl-pipe-installer",
        severity: Severity::Medium,
        target: Target::Markdown,
        pattern: DOWNLOAD_EXECUTE,
        unless: &[],
        what: "shows a download-and-run installer",
    },
    Rule {
        id: "sudo-in-docs",
        severity: Severity::Medium,
        target: Target::Markdown,
        pattern: r"(?:^|[;&|`(]\s*|\s)sudo\s+\S",
        unless: &[],
        what: "shows commands run as root",
    },
    Rule {
        id: "system-path",
        severity: Severity::Medium,
        target: Target::Markdown,
        pattern: r"(?:^|[\s`'\x22(])/(?:etc|usr|bin|sbin|var|root|boot|sys|proc)/\w",
        unless: &[],
        what: "points at absolute system paths",
    },
    Rule {
        id: "pickle-in-docs",
        severity: Severity::Medium,
        target: Target::Markdown,
        pattern: r"\bpickle\.loads?\(",
        unless: &[],
        what: "shows unpickling",
    },
    Rule {
        id: "persona-switch",
        severity: Severity::High,
        target: Target::Autonomous,
        pattern: r"\byou\s+are\s+now\s+(?:in\s+)?(?:dan|developer\s+mode|jailbreak|unrestricted)",
        unless: &[],
        what: "tries to switch the agent into another persona",
    },
    Rule {
        id: "openai-style-key",
        severity: Severity::High,
        target: Target::Autonomous,
        pattern: r"\bsk-[A-Za-z0-9_-]{16,}",
        unless: &[],
        what: "contains a secret key",
    },
    Rule {
        id: "bearer-token",
        severity: Severity::High,
        target: Target::Autonomous,
        pattern: r"\bbearer\s+[A-Za-z0-9._~+/-]{20,}=*",
        unless: &[],
        what: "contains a bearer token",
    },
    Rule {
        id: "password-assignment",
        severity: Severity::High,
        target: Target::Autonomous,
        pattern: r#"\b(?:password|passwd|pwd)\s*[:=]\s*["']?[^\s"']{4,}"#,
        unless: &[],
        what: "contains a password",
    },
    Rule {
        id: "cloud-key",
        severity: Severity::High,
        target: Target::Autonomous,
        pattern: r"\b(?:AKIA|ASIA)[0-9A-Z]{16}\b|\bgh[pousr]_[A-Za-z0-9]{36}\b",
        unless: &[],
        what: "contains a cloud access key",
    },
    Rule {
        id: "private-key",
        severity: Severity::High,
        target: Target::Autonomous,
        pattern: r"-----BEGIN [A-Z ]*PRIVATE KEY-----",
        unless: &[],
        what: "contains a private key",
    },
];
