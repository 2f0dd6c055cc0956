//! Processed files waiting for their import, in the database as compressed JSON: any
//! instance can confirm them (no session affinity), and no instance holds a file's rows in
//! its heap for the hour they wait. One per shop: processing another file replaces it.

use std::io::{BufReader, Write};

use domain::messages;
use entities::processed_import;
use flate2::read::GzDecoder;
use flate2::write::GzEncoder;
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, Set, TransactionTrait};
use time::{Duration, OffsetDateTime};

use super::Processed;
use crate::error::{AppError, Result};

/// How long a processed file waits for its import.
pub const KEEP_FOR: Duration = Duration::hours(1);

/// Stores the shop's processed file under a new id, replacing the shop's previous one.
pub async fn keep(
    db: &(impl ConnectionTrait + TransactionTrait),
    store_id: i64,
    processed: Processed,
) -> Result<String> {
    // Compressed as it is written: the JSON text never stands whole in memory.
    let payload = super::WORKER
        .run(move || -> std::io::Result<Vec<u8>> {
            let mut gz = GzEncoder::new(Vec::new(), flate2::Compression::fast());
            serde_json::to_writer(&mut gz, &processed)?;
            gz.flush()?;
            gz.finish()
        })
        .await
        .map_err(super::worker_error)?
        .map_err(|e| AppError::Internal(anyhow::anyhow!("processed import not encoded: {e}")))?;
    let id = crate::token::new_token()[..24].to_string();
    let txn = db.begin().await?;
    processed_import::Entity::delete_many()
        .filter(processed_import::Column::StoreId.eq(store_id))
        .exec(&txn)
        .await?;
    processed_import::Entity::insert(processed_import::ActiveModel {
        id: Set(id.clone()),
        store_id: Set(store_id),
        created_at: Set(OffsetDateTime::now_utc()),
        payload: Set(payload),
        imported_at: Set(None),
    })
    .exec_without_returning(&txn)
    .await?;
    txn.commit().await?;
    Ok(id)
}

/// The shop's processed file under `id`, if it is less than an hour old and not imported;
/// another shop's id reads as missing.
pub async fn get(db: &impl ConnectionTrait, store_id: i64, id: &str) -> Result<Option<Processed>> {
    let Some(row) = processed_import::Entity::find_by_id(id.to_owned())
        .filter(processed_import::Column::StoreId.eq(store_id))
        .filter(processed_import::Column::CreatedAt.gt(OffsetDateTime::now_utc() - KEEP_FOR))
        .filter(processed_import::Column::ImportedAt.is_null())
        .one(db)
        .await?
    else {
        return Ok(None);
    };
    let processed = super::WORKER
        .run(move || {
            serde_json::from_reader::<_, Processed>(BufReader::new(GzDecoder::new(
                &row.payload[..],
            )))
        })
        .await
        .map_err(super::worker_error)?
        .map_err(|e| AppError::Internal(anyhow::anyhow!("processed import not decoded: {e}")))?;
    Ok(Some(processed))
}

/// Takes the shop's processed file `id` for its import, inside the import's transaction
/// (so a failed import leaves it waiting): 409 when another confirmation took it first.
pub async fn claim(db: &impl ConnectionTrait, store_id: i64, id: &str) -> Result<()> {
    let taken = processed_import::Entity::update_many()
        .col_expr(
            processed_import::Column::ImportedAt,
            Expr::value(OffsetDateTime::now_utc()),
        )
        .col_expr(
            processed_import::Column::Payload,
            Expr::value(Vec::<u8>::new()),
        )
        .filter(processed_import::Column::Id.eq(id))
        .filter(processed_import::Column::StoreId.eq(store_id))
        .filter(processed_import::Column::ImportedAt.is_null())
        .exec(db)
        .await?;
    if taken.rows_affected == 0 {
        return Err(already_imported());
    }
    Ok(())
}

/// Whether the shop's processed file `id` has been imported (within the hour it is kept).
pub async fn was_imported(db: &impl ConnectionTrait, store_id: i64, id: &str) -> Result<bool> {
    let found = processed_import::Entity::find_by_id(id.to_owned())
        .filter(processed_import::Column::StoreId.eq(store_id))
        .filter(processed_import::Column::ImportedAt.is_not_null())
        .one(db)
        .await?;
    Ok(found.is_some())
}

pub fn already_imported() -> AppError {
    AppError::Conflict(messages::IMPORT_ALREADY_CLAIMED.to_owned())
}

/// Drops the files nobody imported within the hour; how many.
pub async fn delete_expired(db: &impl ConnectionTrait) -> Result<u64> {
    let gone = processed_import::Entity::delete_many()
        .filter(processed_import::Column::CreatedAt.lte(OffsetDateTime::now_utc() - KEEP_FOR))
        .exec(db)
        .await?;
    Ok(gone.rows_affected)
}
