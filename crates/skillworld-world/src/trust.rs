//! GOV-2's world-wide trust state: the publishers' keys registered with a
//! level, and the trust policy (which levels need approval). Both are world
//! state: changed by journaled commands, kept in snapshots.

use std::collections::{BTreeMap, BTreeSet};

use bevy_ecs::resource::Resource;
use serde::{Deserialize, Serialize};
use skillworld_core::{Timestamp, Trust};

/// The levels a registered key may carry: `builtin` belongs to shipped
/// skills, and `community` is what any unregistered signer gets anyway.
pub const KEY_LEVELS: [Trust; 2] = [Trust::Official, Trust::Trusted];

/// A publisher's key, registered by an admin.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TrustedKey {
    /// The Ed25519 public key.
    #[serde(with = "hex::serde")]
    pub key: [u8; 32],
    /// The level a valid signature by this key gives a skill.
    pub level: Trust,
    pub added_at: Timestamp,
}

/// Registered keys by name.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TrustedKeys {
    keys: BTreeMap<String, TrustedKey>,
}

impl TrustedKeys {
    /// The registered key with these bytes, with its name.
    pub fn find(&self, key: &[u8; 32]) -> Option<(&str, &TrustedKey)> {
        self.keys
            .iter()
            .find(|(_, k)| &k.key == key)
            .map(|(name, k)| (name.as_str(), k))
    }

    pub fn get(&self, name: &str) -> Option<&TrustedKey> {
        self.keys.get(name)
    }

    /// Every key, by name.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &TrustedKey)> {
        self.keys.iter().map(|(name, key)| (name.as_str(), key))
    }

    pub(crate) fn insert(&mut self, name: &str, key: TrustedKey) {
        self.keys.insert(name.to_owned(), key);
    }

    pub(crate) fn remove(&mut self, name: &str) -> bool {
        self.keys.remove(name).is_some()
    }
}

/// Which trust levels need an admin's approval before a skill of that
/// level goes live (GOV-2). The default, no level, is today's behaviour:
/// every level goes live, subject to the scan.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct TrustPolicy {
    pub needs_approval: BTreeSet<Trust>,
}

impl TrustPolicy {
    /// Whether a skill of `level` waits for approval under this policy —
    /// the one question GOV-1's approval asks of trust.
    pub fn needs_approval(&self, level: Trust) -> bool {
        self.needs_approval.contains(&level)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_policy_approves_nothing_and_a_policy_names_its_levels() {
        let default = TrustPolicy::default();
        assert!(Trust::ALL.iter().all(|&l| !default.needs_approval(l)));
        let policy = TrustPolicy {
            needs_approval: [Trust::Community, Trust::Agent].into(),
        };
        assert!(policy.needs_approval(Trust::Community));
        assert!(policy.needs_approval(Trust::Agent));
        assert!(!policy.needs_approval(Trust::Official));
    }
}
