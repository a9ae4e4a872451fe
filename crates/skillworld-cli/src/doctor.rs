//! `skillworld doctor`: what the script sandbox can enforce on this host
//! (SEC-3), and the loud word at `serve`'s start when it is off or cannot
//! confine.

use std::path::Path;

use skillworld_habitat::ServeConfig;
use skillworld_sandbox::{Doctor, SandboxConfig, doctor};

use crate::Failure;

/// Prints the sandbox's report under the configuration at `config` (the
/// one `serve --config` reads); false when the sandbox is on but cannot
/// confine a script here.
pub fn run(json: bool, config: Option<&Path>) -> Result<bool, Failure> {
    let sandbox = match config {
        Some(path) => {
            ServeConfig::read(path)
                .map_err(|e| Failure::usage(e.to_string()))?
                .sandbox
        }
        None => SandboxConfig::default(),
    };
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| Failure::usage(format!("cannot start the runtime: {e}")))?;
    let report = runtime.block_on(doctor(&sandbox));
    if json {
        crate::say(serde_json::to_value(&report).expect("a report serialises"));
    } else {
        print!("{}", text(&report));
    }
    Ok(report.confined || !report.enabled)
}

fn text(report: &Doctor) -> String {
    let yes = |b: bool| if b { "yes" } else { "no" };
    let mut out = format!(
        "sandbox: {}\nhelper: {}\nrunning as root: {}\nLandlock ABI: {}\nseccomp: {}\nuser namespaces: {}\nconfined probe: {}\n",
        if report.enabled {
            "on"
        } else {
            "OFF (configuration)"
        },
        report.helper,
        yes(report.root),
        report
            .landlock_abi
            .map_or("none".to_owned(), |abi| abi.to_string()),
        yes(report.seccomp),
        yes(report.user_namespaces),
        match &report.error {
            None => "ran confined".to_owned(),
            Some(error) => format!("FAILED: {error}"),
        },
    );
    out.push_str("enforces:\n");
    for line in &report.enforces {
        out.push_str(&format!("  - {line}\n"));
    }
    out.push_str("does not enforce:\n");
    for line in &report.gaps {
        out.push_str(&format!("  - {line}\n"));
    }
    out
}

/// At `serve`'s start: a warning when the admin turned the sandbox off,
/// an error naming the missing feature when it cannot confine (script
/// tools then answer that error).
pub async fn announce(sandbox: &SandboxConfig) {
    if !sandbox.enabled {
        tracing::warn!(
            "THE SCRIPT SANDBOX IS OFF (sandbox: (enabled: false) in the configuration): skill scripts run unconfined as the server's user"
        );
        eprintln!(
            "WARNING: the script sandbox is off by configuration; skill scripts run unconfined as the server's user"
        );
        return;
    }
    let report = doctor(sandbox).await;
    if let Some(error) = &report.error {
        tracing::error!(%error, "the script sandbox cannot confine scripts on this host; script tools will fail");
        eprintln!(
            "ERROR: the script sandbox cannot confine scripts on this host ({error}); script tools will answer this error (see `skillworld doctor`)"
        );
    }
}
