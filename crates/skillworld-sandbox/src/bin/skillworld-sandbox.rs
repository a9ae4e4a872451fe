//! A standalone sandbox helper for hosts that embed the habitat without
//! the `skillworld` binary (point `sandbox.helper` at it). Run by hand, it
//! prints what the sandbox can enforce on this host as JSON.

fn main() {
    skillworld_sandbox::run_helper_if_asked();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    let config = skillworld_sandbox::SandboxConfig {
        helper: std::env::current_exe().ok(),
        ..Default::default()
    };
    let report = runtime.block_on(skillworld_sandbox::doctor(&config));
    println!(
        "{}",
        serde_json::to_string_pretty(&report).expect("a report serialises")
    );
    std::process::exit(if report.confined { 0 } else { 1 });
}
