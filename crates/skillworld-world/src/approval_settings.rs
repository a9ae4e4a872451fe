//! The approval setting (GOV-1): whether agents' writes go live at once or
//! wait for an admin, and for how long a proposal waits. Plain data, read by
//! the policy settings and the commands; the decision is in `approval.rs`.

use serde::{Deserialize, Serialize};
use skillworld_core::Timestamp;

/// Days an undecided proposal waits before it expires, unless configured.
pub const DEFAULT_PROPOSAL_DAYS: u32 = 14;

/// Whether agents' writes go live at once or wait for an admin (GOV-1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ApprovalMode {
    /// Every write goes live as it is applied (the behaviour before GOV-1).
    #[default]
    Auto,
    /// Skills created or changed by an agent become proposals.
    Review,
}

impl std::str::FromStr for ApprovalMode {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        match text {
            "auto" => Ok(ApprovalMode::Auto),
            "review" => Ok(ApprovalMode::Review),
            other => Err(format!("approval mode '{other}' is not auto or review")),
        }
    }
}

impl std::fmt::Display for ApprovalMode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            ApprovalMode::Auto => "auto",
            ApprovalMode::Review => "review",
        })
    }
}

/// The world's approval settings, part of its policy settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ApprovalSettings {
    pub mode: ApprovalMode,
    /// Days on the world's clock before an undecided proposal expires.
    pub expire_after_days: u32,
}

impl Default for ApprovalSettings {
    fn default() -> Self {
        ApprovalSettings {
            mode: ApprovalMode::Auto,
            expire_after_days: DEFAULT_PROPOSAL_DAYS,
        }
    }
}

impl ApprovalSettings {
    /// When a proposal made at `proposed_at` expires.
    pub fn expires_at(&self, proposed_at: Timestamp) -> Timestamp {
        proposed_at.plus_days(i64::from(self.expire_after_days))
    }
}
