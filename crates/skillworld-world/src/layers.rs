//! Worlds as entities (MOD-1, MOD-2).

use bevy_ecs::component::Component;
use serde::{Deserialize, Serialize};
use skillworld_core::StableId;
use thiserror::Error;

/// Where a skill is addressed: the Commons, or an agent's private world.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Layer {
    Commons,
    Agent(String),
}

/// What a grant allows on a private world.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Access {
    Read,
    Write,
}

/// One agent's access to a world it does not own.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Grant {
    pub subject: StableId,
    pub access: Access,
}

/// The configuration of a world entity (MOD-2).
#[derive(Component, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WorldConfig {
    pub private: bool,
    pub common: bool,
    /// The owning agent of a private world.
    pub owner: Option<StableId>,
    pub default_private: bool,
    pub grants: Vec<Grant>,
}

/// A world configuration that breaks MOD-2; refused at creation.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum WorldConfigError {
    #[error("a common world must be public, ownerless and not default-private")]
    CommonNotPublic,
    #[error("a private world must have an owner")]
    PrivateWithoutOwner,
    #[error("a public world cannot have an owner")]
    PublicWithOwner,
    #[error("grant subject {0} appears more than once")]
    DuplicateGrant(StableId),
    #[error("grant subject {0} is the world's owner")]
    GrantToOwner(StableId),
}

impl WorldConfig {
    /// The one shared Commons.
    pub fn commons() -> Self {
        WorldConfig {
            private: false,
            common: true,
            owner: None,
            default_private: false,
            grants: Vec::new(),
        }
    }

    /// An agent's private world.
    pub fn private_for(owner: StableId) -> Self {
        WorldConfig {
            private: true,
            common: false,
            owner: Some(owner),
            default_private: true,
            grants: Vec::new(),
        }
    }

    /// The habitat-wide proposals world of admins' and the host's held-back
    /// installs: public and ownerless like the Commons, but not common, so
    /// no layer stack contains it.
    pub fn habitat_proposals() -> Self {
        WorldConfig {
            common: false,
            ..WorldConfig::commons()
        }
    }

    /// Checks MOD-2: violations are errors, never silent fixes.
    pub fn validate(&self) -> Result<(), WorldConfigError> {
        if self.common && (self.private || self.owner.is_some() || self.default_private) {
            return Err(WorldConfigError::CommonNotPublic);
        }
        if self.private && self.owner.is_none() {
            return Err(WorldConfigError::PrivateWithoutOwner);
        }
        if !self.private && self.owner.is_some() {
            return Err(WorldConfigError::PublicWithOwner);
        }
        for (i, grant) in self.grants.iter().enumerate() {
            if Some(grant.subject) == self.owner {
                return Err(WorldConfigError::GrantToOwner(grant.subject));
            }
            if self.grants[..i].iter().any(|g| g.subject == grant.subject) {
                return Err(WorldConfigError::DuplicateGrant(grant.subject));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mod_2_rules() {
        assert_eq!(WorldConfig::commons().validate(), Ok(()));
        assert_eq!(WorldConfig::private_for(StableId(7)).validate(), Ok(()));
        let owned_commons = WorldConfig {
            owner: Some(StableId(1)),
            ..WorldConfig::commons()
        };
        assert_eq!(
            owned_commons.validate(),
            Err(WorldConfigError::CommonNotPublic)
        );
        let ownerless = WorldConfig {
            owner: None,
            ..WorldConfig::private_for(StableId(1))
        };
        assert_eq!(
            ownerless.validate(),
            Err(WorldConfigError::PrivateWithoutOwner)
        );
        let public_owned = WorldConfig {
            common: false,
            owner: Some(StableId(1)),
            ..WorldConfig::commons()
        };
        assert_eq!(
            public_owned.validate(),
            Err(WorldConfigError::PublicWithOwner)
        );
        let mut granted = WorldConfig::private_for(StableId(1));
        granted.grants.push(Grant {
            subject: StableId(1),
            access: Access::Read,
        });
        assert_eq!(
            granted.validate(),
            Err(WorldConfigError::GrantToOwner(StableId(1)))
        );
        granted.grants = vec![
            Grant {
                subject: StableId(2),
                access: Access::Read
            };
            2
        ];
        assert_eq!(
            granted.validate(),
            Err(WorldConfigError::DuplicateGrant(StableId(2)))
        );
    }
}
