//! The imported records (table `records`): the PCN a game was imported from, kept whole for
//! its exports.

use sqlx::Row;

use super::{ctx, Store, StoreError};

/// An imported record as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordRow {
    /// The record, PCN JSON.
    pub pcn: String,
    /// How many of its plies the game played at its import.
    pub plies: i64,
}

impl Store {
    /// Stores the record game `id` was imported from.
    ///
    /// # Errors
    /// Database errors (a second record for the same game among them).
    pub async fn insert_record(&self, id: &str, r: &RecordRow) -> Result<(), StoreError> {
        sqlx::query("INSERT INTO records (game_id, pcn, plies) VALUES ($1, $2, $3)")
            .bind(id)
            .bind(&r.pcn)
            .bind(r.plies)
            .execute(&self.pool)
            .await
            .map_err(ctx("storing a record"))?;
        Ok(())
    }

    /// The record game `id` was imported from, if it was.
    ///
    /// # Errors
    /// Database errors.
    pub async fn record(&self, id: &str) -> Result<Option<RecordRow>, StoreError> {
        let row = sqlx::query("SELECT pcn, plies FROM records WHERE game_id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await
            .map_err(ctx("reading a record"))?;
        row.map(|r| {
            Ok(RecordRow {
                pcn: r.try_get(0)?,
                plies: r.try_get(1)?,
            })
        })
        .transpose()
        .map_err(ctx("reading a record"))
    }
}
