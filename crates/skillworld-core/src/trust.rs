//! GOV-2 trust levels: how far a skill's content is vouched for.

use crate::keyword::keyword_enum;
use crate::{Origin, Skill};

keyword_enum! {
    /// How far a skill's content is vouched for (GOV-2), lowest first, so
    /// `Trust::Builtin > Trust::Official > … > Trust::Agent`.
    Trust, "trust level" {
        Agent => "agent",
        Community => "community",
        Trusted => "trusted",
        Official => "official",
        Builtin => "builtin",
    }
}

impl Trust {
    /// The level of a skill written before trust levels existed (GOV-2's
    /// migration): shipped → builtin; imported, project, ACP and MCP mirrors
    /// → community; authored by hand → trusted in the Commons (only an
    /// admin writes there) and agent in a private world (the agent may have
    /// written it: the lower level is the safe guess); written by a review
    /// run → agent.
    pub fn migrated(origin: Origin, in_commons: bool) -> Trust {
        match origin {
            Origin::Builtin => Trust::Builtin,
            Origin::Imported | Origin::Project | Origin::Acp | Origin::Mcp => Trust::Community,
            Origin::User if in_commons => Trust::Trusted,
            Origin::User | Origin::Evolved | Origin::Routine => Trust::Agent,
        }
    }

    /// The level of content written by hand: an agent's → agent, an
    /// admin's (or the host's) → trusted.
    pub fn of_writer(by_agent: bool) -> Trust {
        if by_agent {
            Trust::Agent
        } else {
            Trust::Trusted
        }
    }
}

impl Skill {
    /// The skill's trust level; a skill that has none recorded (a document
    /// not yet in a world) gets the migration rule's level for a private
    /// skill.
    pub fn trust_level(&self) -> Trust {
        self.trust
            .unwrap_or_else(|| Trust::migrated(self.origin, false))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_are_ordered_builtin_first() {
        assert!(Trust::Builtin > Trust::Official);
        assert!(Trust::Official > Trust::Trusted);
        assert!(Trust::Trusted > Trust::Community);
        assert!(Trust::Community > Trust::Agent);
        assert_eq!("official".parse::<Trust>(), Ok(Trust::Official));
    }

    #[test]
    fn old_skills_migrate_by_origin_and_layer() {
        assert_eq!(Trust::migrated(Origin::Builtin, true), Trust::Builtin);
        assert_eq!(Trust::migrated(Origin::Imported, false), Trust::Community);
        assert_eq!(Trust::migrated(Origin::User, true), Trust::Trusted);
        assert_eq!(Trust::migrated(Origin::User, false), Trust::Agent);
        assert_eq!(Trust::migrated(Origin::Evolved, false), Trust::Agent);
    }
}
