//! The mapping a shop confirmed for a file's headers, proposed again for the next file with
//! the same headers (the same export of the same management program, month after month).

use entities::saved_mapping;
use import::Mapping;
use sea_orm::sea_query::OnConflict;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, Set};
use sha2::{Digest, Sha256};
use time::OffsetDateTime;

use crate::error::Result;

/// The same header names in the same order give the same key.
pub fn headers_key(headers: &[String]) -> String {
    let mut hasher = Sha256::new();
    for header in headers {
        hasher.update(header.as_bytes());
        hasher.update([0x1f]);
    }
    hex::encode(hasher.finalize())
}

/// The mapping the shop last confirmed for these headers.
pub async fn find(
    db: &impl ConnectionTrait,
    store_id: i64,
    headers: &[String],
) -> Result<Option<Mapping>> {
    let row = saved_mapping::Entity::find()
        .filter(saved_mapping::Column::StoreId.eq(store_id))
        .filter(saved_mapping::Column::HeadersKey.eq(headers_key(headers)))
        .one(db)
        .await?;
    // A mapping written by another version that no longer reads is simply not proposed.
    Ok(row.and_then(|r| serde_json::from_str(&r.mapping).ok()))
}

/// Remembers the mapping of a confirmed import.
pub async fn remember(
    db: &impl ConnectionTrait,
    store_id: i64,
    key: &str,
    mapping: &Mapping,
) -> Result<()> {
    let json =
        serde_json::to_string(mapping).map_err(|e| crate::error::AppError::Internal(e.into()))?;
    saved_mapping::Entity::insert(saved_mapping::ActiveModel {
        store_id: Set(store_id),
        headers_key: Set(key.to_owned()),
        mapping: Set(json),
        updated_at: Set(OffsetDateTime::now_utc()),
        ..Default::default()
    })
    .on_conflict(
        OnConflict::columns([
            saved_mapping::Column::StoreId,
            saved_mapping::Column::HeadersKey,
        ])
        .update_columns([
            saved_mapping::Column::Mapping,
            saved_mapping::Column::UpdatedAt,
        ])
        .to_owned(),
    )
    .exec_without_returning(db)
    .await?;
    Ok(())
}
