//! Records: the host's own data kept in the world's file beside the world —
//! tokens, encrypted secrets, registrations. They are not world state: not
//! journaled, not in snapshots, so restoring a snapshot never brings back a
//! revoked token or an overwritten secret.

use redb::{ReadableDatabase, ReadableTable, TableDefinition, TableError};
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::{Store, StoreError};

fn table(kind: &str) -> String {
    format!("records/{kind}")
}

impl Store {
    /// Stores `value` under `key` in the record table `kind`, durably.
    pub fn put_record<T: Serialize>(
        &self,
        kind: &str,
        key: &str,
        value: &T,
    ) -> Result<(), StoreError> {
        let name = table(kind);
        let bytes = serde_json::to_vec(value).expect("records serialise");
        if let Some(backend) = &self.hooks.records {
            return backend.put(kind, key, &bytes);
        }
        let txn = self.db.begin_write()?;
        txn.open_table(TableDefinition::<&str, &[u8]>::new(&name))?
            .insert(key, bytes.as_slice())?;
        txn.commit()?;
        Ok(())
    }

    /// Removes the record `key` of `kind`; whether there was one.
    pub fn delete_record(&self, kind: &str, key: &str) -> Result<bool, StoreError> {
        if let Some(backend) = &self.hooks.records {
            return backend.delete(kind, key);
        }
        let name = table(kind);
        let txn = self.db.begin_write()?;
        let existed = txn
            .open_table(TableDefinition::<&str, &[u8]>::new(&name))?
            .remove(key)?
            .is_some();
        txn.commit()?;
        Ok(existed)
    }

    /// Every record of `kind`, in key order.
    pub fn records<T: DeserializeOwned>(&self, kind: &str) -> Result<Vec<(String, T)>, StoreError> {
        if let Some(backend) = &self.hooks.records {
            return backend
                .list(kind)?
                .into_iter()
                .map(|(key, bytes)| Ok((key.clone(), decode_record(kind, &key, &bytes)?)))
                .collect();
        }
        let name = table(kind);
        let txn = self.db.begin_read()?;
        let records = match txn.open_table(TableDefinition::<&str, &[u8]>::new(&name)) {
            Ok(records) => records,
            Err(TableError::TableDoesNotExist(_)) => return Ok(Vec::new()),
            Err(other) => return Err(other.into()),
        };
        let mut out = Vec::new();
        for item in records.iter()? {
            let (key, bytes) = item?;
            let value = decode_record(kind, key.value(), bytes.value())?;
            out.push((key.value().to_owned(), value));
        }
        Ok(out)
    }
}

fn decode_record<T: DeserializeOwned>(
    kind: &str,
    key: &str,
    bytes: &[u8],
) -> Result<T, StoreError> {
    crate::layout::decode_json(&format!("{kind} record '{key}'"), bytes)
}
