//! Applying envelopes: the one entry of every write, and the table that
//! sends each command to the family that carries it out.

use skillworld_core::{Timestamp, Trust};

use super::skills::{FileWrite, InstallBundle, Patch, WriteTo};
use super::{Applied, Caller, Command, Envelope, InstallRules};
use crate::error::WorldError;
use crate::layers::Layer;
use crate::state::SkillWorld;

impl SkillWorld {
    /// Applies a command now, as `caller`, and journals it.
    pub fn execute(&mut self, caller: Caller, command: Command) -> Result<Applied, WorldError> {
        let envelope = Envelope {
            at: self.now(),
            caller,
            command,
        };
        self.apply(envelope)
    }

    /// Applies an envelope (live or replayed): all of it or, with an error,
    /// none of it. Applied envelopes are appended to the journal.
    pub fn apply(&mut self, envelope: Envelope) -> Result<Applied, WorldError> {
        let applied = self.apply_command(envelope.at, &envelope.caller, &envelope.command)?;
        self.journal.push(envelope);
        Ok(applied)
    }

    /// The envelopes applied so far, oldest first.
    pub fn journal(&self) -> &[Envelope] {
        &self.journal
    }

    /// Hands the journal over (to a store) and starts a new one.
    pub fn take_journal(&mut self) -> Vec<Envelope> {
        std::mem::take(&mut self.journal)
    }

    fn apply_command(
        &mut self,
        at: Timestamp,
        caller: &Caller,
        command: &Command,
    ) -> Result<Applied, WorldError> {
        // Content written by this command is vouched for by its writer
        // (GOV-2), or by an install's signature, checked here so approval
        // can weigh the level; a copy says otherwise before it writes.
        let install = self.install_level_of(caller, command)?;
        self.write_trust = install.unwrap_or(Trust::of_writer(caller.agent.is_some()));
        // GOV-1: an agent's content write, or an install of a level the
        // trust policy names, may wait for an admin.
        let applied = match self.proposed_layer(caller, command, install) {
            Some(layer) => self.propose(at, caller, command, &layer),
            None => self.dispatch(at, caller, command),
        };
        match command {
            Command::CreateSkill { .. }
            | Command::ReplaceSkill { .. }
            | Command::PatchSkill { .. }
            | Command::WriteFile { .. } => self.count_activity(at, applied),
            _ => applied,
        }
    }

    /// One arm per command; each family lives in its own module.
    pub(super) fn dispatch(
        &mut self,
        at: Timestamp,
        caller: &Caller,
        command: &Command,
    ) -> Result<Applied, WorldError> {
        use Command as C;
        match command {
            C::AddAgent { name, tools } => self.add_agent_at(at, name, tools.clone()),
            C::UpdateAgent { name, change } => self.update_agent_at(name, change),
            C::Bind { agent, skill } => self.bind_at(agent, skill, true),
            C::Unbind { agent, skill } => self.bind_at(agent, skill, false),
            C::Grant {
                owner,
                subject,
                access,
            } => self.grant_at(owner, subject, *access),
            C::RemoveAgent { name } => self.remove_agent_at(at, name),
            C::CopySkill { from, name, to } => self.copy_skill_at(at, caller, from, name, to),
            C::SetToolSet { name, tools } => self.set_tool_set_at(name, tools.as_deref()),
            C::TrustKey { name, key, level } => self.trust_key_at(at, caller, name, key, *level),
            C::RemoveKey { name } => self.remove_key_at(caller, name),
            C::SetTrustPolicy { needs_approval } => self.trust_policy_at(caller, needs_approval),
            C::CreateSkill { layer, document } => self.create_at(at, caller, layer, document),
            C::InstallSkill {
                layer,
                document,
                files,
                on_collision,
                force_prune,
                signature,
            } => {
                let rules = InstallRules {
                    on_collision: *on_collision,
                    force_prune: *force_prune,
                };
                let bundle = InstallBundle {
                    document,
                    files,
                    signature: signature.as_ref(),
                };
                self.install_at(at, caller, layer, bundle, rules)
            }
            C::ReplaceSkill {
                layer,
                name,
                document,
                expected_revision,
                copy_from,
            } => {
                let to = write_to(layer, name, *expected_revision, copy_from.as_ref());
                self.replace_at(at, caller, to, document)
            }
            C::PatchSkill {
                layer,
                name,
                old_string,
                new_string,
                replace_all,
                expected_revision,
                copy_from,
            } => {
                let to = write_to(layer, name, *expected_revision, copy_from.as_ref());
                let patch = Patch {
                    old_string,
                    new_string,
                    replace_all: *replace_all,
                };
                self.patch_at(at, caller, to, patch)
            }
            C::WriteFile {
                layer,
                name,
                path,
                bytes,
                executable,
                expected_revision,
                copy_from,
            } => {
                let to = write_to(layer, name, *expected_revision, copy_from.as_ref());
                let file = FileWrite {
                    path,
                    bytes: bytes.as_deref(),
                    executable: *executable,
                };
                self.write_file_at(at, caller, to, file)
            }
            C::DeleteSkill {
                layer,
                name,
                expected_revision,
            } => self.delete_at(at, caller, layer, name, *expected_revision),
            C::SetSwitches {
                layer,
                name,
                switches,
            } => self.switch_at(at, layer, name, switches),
            C::Revert {
                layer,
                name,
                number,
            } => self.revert_at(at, caller, layer, name, *number),
            C::RecordLoad { agent, skill, run } => {
                self.count_load(at, agent, *skill, run.as_deref())
            }
            C::RecordLesson { agent, skill, text } => self.lesson_at(at, agent, *skill, text),
            C::EditLesson { skill, id, text } => {
                self.edit_lesson_at(caller, *skill, *id, Some(text))
            }
            C::DeleteLesson { skill, id } => self.edit_lesson_at(caller, *skill, *id, None),
            C::CuratorSweep { dry_run, scheduled } => self.sweep(at, *dry_run, *scheduled),
            C::CuratorActivate | C::CuratorPause | C::CuratorResume => self.curator_switch(command),
            C::CuratorConfigure { settings } => self.curator_configure(settings),
            C::CuratorArchive { layer, name, force } => self.archive_at(at, layer, name, *force),
            C::CuratorRestore { layer, name } => self.restore_at(at, layer, name),
            C::Purge { older_than_days } => self.purge_at(at, *older_than_days),
            C::SetApproval {
                mode,
                expire_after_days,
            } => self.set_approval_at(caller, *mode, *expire_after_days),
            C::ApproveProposal {
                agent,
                name,
                rename,
            } => self.approve_at(at, caller, agent, name, rename.as_deref()),
            C::RejectProposal {
                agent,
                name,
                reason,
            } => self.reject_at(at, caller, agent, name, reason),
            C::ExpireProposals => self.expire_at(at, caller),
        }
    }
}

fn write_to<'a>(
    layer: &'a Layer,
    name: &'a str,
    expected_revision: Option<u64>,
    copy_from: Option<&'a Layer>,
) -> WriteTo<'a> {
    WriteTo {
        layer,
        name,
        expected_revision,
        copy_from,
    }
}
