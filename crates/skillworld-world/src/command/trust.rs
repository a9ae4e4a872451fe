//! Trust (GOV-2): publishers' keys and the trust policy (admin only), and
//! the level an install gets — from a bundle's `SKILL.sig` checked against
//! the registered keys, or from who installs it.

use skillworld_core::{Origin, Timestamp, Trust};
use skillworld_format::{BundleFile, BundleSignature, SkillDocument, skill_digest};

use super::{Applied, Caller, Command};
use crate::error::{ContentError, WorldError};
use crate::state::SkillWorld;
use crate::trust::{KEY_LEVELS, TrustPolicy, TrustedKey, TrustedKeys};

impl SkillWorld {
    /// Registers a publisher's key under `name` with `level`.
    pub(super) fn trust_key_at(
        &mut self,
        at: Timestamp,
        caller: &Caller,
        name: &str,
        key: &[u8; 32],
        level: Trust,
    ) -> Result<Applied, WorldError> {
        admin_only(caller, name, "only an admin registers keys")?;
        skillworld_core::SkillName::new(name).map_err(|e| key_refused(name, e.to_string()))?;
        let keys = self.world.resource::<TrustedKeys>();
        if !KEY_LEVELS.contains(&level) {
            let reason = format!("a key's level is official or trusted, not {level}");
            return Err(key_refused(name, reason));
        }
        if let Some((other, _)) = keys.find(key).filter(|(other, _)| *other != name) {
            let reason = format!("the same public key is registered as '{other}'");
            return Err(key_refused(name, reason));
        }
        self.world.resource_mut::<TrustedKeys>().insert(
            name,
            TrustedKey {
                key: *key,
                level,
                added_at: at,
            },
        );
        Ok(Applied::default())
    }

    /// Removes a registered key (admin only).
    pub(super) fn remove_key_at(
        &mut self,
        caller: &Caller,
        name: &str,
    ) -> Result<Applied, WorldError> {
        admin_only(caller, name, "only an admin removes keys")?;
        if !self.world.resource_mut::<TrustedKeys>().remove(name) {
            return Err(key_refused(name, "no key of that name is registered"));
        }
        Ok(Applied::default())
    }

    /// Sets which trust levels need approval (admin only).
    pub(super) fn trust_policy_at(
        &mut self,
        caller: &Caller,
        needs_approval: &[Trust],
    ) -> Result<Applied, WorldError> {
        admin_only(caller, "policy", "only an admin sets the trust policy")?;
        *self.world.resource_mut::<TrustPolicy>() = TrustPolicy {
            needs_approval: needs_approval.iter().copied().collect(),
        };
        Ok(Applied::default())
    }

    /// The level `command` installs at, when it is an install: decided once,
    /// before it is dispatched, so approval can weigh it and the install
    /// stamps it (GOV-2).
    pub(super) fn install_level_of(
        &self,
        caller: &Caller,
        command: &Command,
    ) -> Result<Option<Trust>, ContentError> {
        let Command::InstallSkill {
            document,
            files,
            signature,
            ..
        } = command
        else {
            return Ok(None);
        };
        self.install_level(caller, document, files, signature.as_ref())
            .map(Some)
    }

    /// The level an installed bundle gets. A signature is checked first: a
    /// valid one by a registered key gives that key's level; one that does
    /// not match the content refuses the install, whoever signed. Without a
    /// registered signer: shipped skills (the host's `install_builtin`, the
    /// only source of a document already marked builtin) are builtin; what
    /// an agent installs is its own (agent: an agent must not raise its
    /// content to community by importing it); anything else — a file
    /// claiming `origin: builtin` included — is community.
    fn install_level(
        &self,
        caller: &Caller,
        document: &SkillDocument,
        files: &[BundleFile],
        signature: Option<&BundleSignature>,
    ) -> Result<Trust, ContentError> {
        if let Some(signature) = signature {
            let keys = self.world.resource::<TrustedKeys>();
            let signer = keys.find(&signature.key);
            let digest = skill_digest(document, files);
            if let Err(error) = signature.verify(&digest) {
                return Err(ContentError::BadSignature {
                    skill: document.name.clone(),
                    key: match signer {
                        Some((name, key)) => format!("'{name}' ({})", key.level),
                        None => format!("{} (not registered)", signature.key_hex()),
                    },
                    reason: error.to_string(),
                });
            }
            if let Some((_, key)) = signer {
                return Ok(key.level);
            }
        }
        let shipped = document.skill.origin == Origin::Builtin
            && document.skill.trust == Some(Trust::Builtin);
        Ok(match (shipped, caller.agent.is_some()) {
            (_, true) => Trust::Agent,
            (true, false) => Trust::Builtin,
            (false, false) => Trust::Community,
        })
    }
}

/// Keys and the trust policy belong to admins and the host.
fn admin_only(caller: &Caller, name: &str, reason: &str) -> Result<(), WorldError> {
    match caller.agent {
        Some(_) => Err(key_refused(name, reason)),
        None => Ok(()),
    }
}

fn key_refused(name: &str, reason: impl Into<String>) -> WorldError {
    WorldError::KeyRefused {
        name: name.to_owned(),
        reason: reason.into(),
    }
}
