//! HAB-2 bearer tokens: admin, agent, and agent read-only. A token is shown
//! once, when made; the store keeps only its SHA-256, so a copy of the
//! database opens nothing.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use skillworld_core::{StableId, Timestamp};
use skillworld_store::{Store, StoreError};
use skillworld_world::WorldError;
use thiserror::Error;

const RECORDS: &str = "tokens";
/// What every token starts with, so a leaked one is recognisable.
const PREFIX: &str = "swt_";

/// What a token may do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum TokenKind {
    /// Everything.
    Admin,
    /// Read the Commons; read and write its agent's private world.
    Agent,
    /// `skill.list`, `skill.get` and the catalog of its agent, nothing else.
    AgentReadOnly,
}

/// A token as stored and listed: never the token itself.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TokenRecord {
    pub id: String,
    pub kind: TokenKind,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub agent: Option<String>,
    /// The identity (private world id) of the agent the token was made
    /// for: an agent removed and added again under the same name is
    /// another agent, and its old tokens do not open it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub agent_id: Option<StableId>,
    pub created_at: Timestamp,
}

/// Why an agent could not be removed.
#[derive(Debug, Error)]
pub enum RemoveAgentError {
    #[error(transparent)]
    World(#[from] WorldError),
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Removes an agent and revokes every token it holds — the one rule the
/// HTTP route, the CLI and an embedding host all go through. Tokens go
/// first: should the removal then fail, the agent is locked out rather
/// than its tokens left valid.
pub fn remove_agent(
    store: &mut Store,
    tokens: &mut Tokens,
    name: &str,
) -> Result<(), RemoveAgentError> {
    store.world().agent(name)?;
    tokens.revoke_agent(store, name)?;
    store.run(|world| world.remove_agent(name))??;
    Ok(())
}

/// The tokens a server accepts, by hash; kept in memory beside the store
/// so authenticating a request reads no file.
#[derive(Default)]
pub struct Tokens {
    by_hash: HashMap<String, TokenRecord>,
}

fn digest(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

impl Tokens {
    /// The tokens stored in `store`, less those of agents that are gone:
    /// an agent removed (or removed and added again) by a door that did
    /// not revoke its tokens loses them here, at the latest.
    pub fn load(store: &Store) -> Result<Tokens, StoreError> {
        let mut tokens = Tokens {
            by_hash: store.records::<TokenRecord>(RECORDS)?.into_iter().collect(),
        };
        tokens.revoke_gone(store)?;
        Ok(tokens)
    }

    /// Revokes the tokens of agents that are gone (removed, or another
    /// agent by now under the name): at open, and after a snapshot restore,
    /// which can take agents away and, winding the id allocator back, let
    /// an agent added later take a removed one's identity.
    pub fn revoke_gone(&mut self, store: &Store) -> Result<(), StoreError> {
        let gone: Vec<String> = self
            .by_hash
            .iter()
            .filter(|(_, record)| agent_is_gone(store, record))
            .map(|(hash, _)| hash.clone())
            .collect();
        for hash in gone {
            store.delete_record(RECORDS, &hash)?;
            if let Some(record) = self.by_hash.remove(&hash) {
                tracing::info!(token = %record.id, "revoked: its agent is gone");
            }
        }
        Ok(())
    }

    /// Makes a token; returns its record and the token, which is never
    /// shown again.
    pub fn create(
        &mut self,
        store: &Store,
        kind: TokenKind,
        agent: Option<String>,
        now: Timestamp,
    ) -> Result<(TokenRecord, String), StoreError> {
        let mut secret = [0u8; 32];
        getrandom::fill(&mut secret).expect("the system has a random source");
        let token = format!("{PREFIX}{}", hex::encode(secret));
        let hash = digest(&token);
        let agent_id = agent
            .as_deref()
            .and_then(|name| store.world().agent(name).ok())
            .map(|found| found.private_world);
        let record = TokenRecord {
            id: hash[..12].to_owned(),
            kind,
            agent,
            agent_id,
            created_at: now,
        };
        store.put_record(RECORDS, &hash, &record)?;
        self.by_hash.insert(hash, record.clone());
        Ok((record, token))
    }

    /// Revokes the token with this id; whether there was one.
    pub fn revoke(&mut self, store: &Store, id: &str) -> Result<bool, StoreError> {
        let Some(hash) = self
            .by_hash
            .iter()
            .find(|(_, record)| record.id == id)
            .map(|(hash, _)| hash.clone())
        else {
            return Ok(false);
        };
        store.delete_record(RECORDS, &hash)?;
        self.by_hash.remove(&hash);
        Ok(true)
    }

    /// Revokes every token of an agent (when the agent is removed).
    pub fn revoke_agent(&mut self, store: &Store, agent: &str) -> Result<(), StoreError> {
        let ids: Vec<String> = self
            .list()
            .into_iter()
            .filter(|record| record.agent.as_deref() == Some(agent))
            .map(|record| record.id)
            .collect();
        for id in ids {
            self.revoke(store, &id)?;
        }
        Ok(())
    }

    /// The record of a presented token, if it is one of ours.
    pub fn authenticate(&self, token: &str) -> Option<&TokenRecord> {
        if !token.starts_with(PREFIX) {
            return None;
        }
        self.by_hash.get(&digest(token))
    }

    /// Every token's record, oldest first.
    pub fn list(&self) -> Vec<TokenRecord> {
        let mut records: Vec<TokenRecord> = self.by_hash.values().cloned().collect();
        records.sort_by(|a, b| (a.created_at, &a.id).cmp(&(b.created_at, &b.id)));
        records
    }

    pub fn has_admin(&self) -> bool {
        self.by_hash.values().any(|r| r.kind == TokenKind::Admin)
    }
}

/// Whether the agent a token was made for no longer exists: no agent of
/// that name, or another one (a different identity) under it.
fn agent_is_gone(store: &Store, record: &TokenRecord) -> bool {
    let Some(name) = &record.agent else {
        return false;
    };
    match store.world().agent(name) {
        Err(_) => true,
        Ok(agent) => record.agent_id.is_some_and(|id| id != agent.private_world),
    }
}
