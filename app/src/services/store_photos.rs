//! Photos of the shop itself (`stores.photos`, a JSON list), in the owner's order: shown on
//! the shop page and given to search engines as the `HardwareStore`'s `image`. The files are
//! stored like product photos (`media::stored_photo`), so housekeeping keeps them alike.

use domain::messages;
use entities::store;
use sea_orm::{ActiveModelTrait, DatabaseConnection, IntoActiveModel, Set, TransactionTrait};
use time::OffsetDateTime;

use super::stores;
use crate::error::{AppError, Result};

/// Most photos of one shop.
pub const PER_STORE: usize = 6;

/// The stored list, or none for a missing or unreadable value.
pub fn of_store(shop: &store::Model) -> Vec<String> {
    shop.photos
        .as_deref()
        .and_then(|text| serde_json::from_str(text).ok())
        .unwrap_or_default()
}

/// Refused before an upload is decoded: the shop has no room left.
pub fn check_room(shop: &store::Model) -> Result<()> {
    if of_store(shop).len() >= PER_STORE {
        return Err(AppError::Conflict(messages::SHOP_PHOTOS_FULL.into()));
    }
    Ok(())
}

/// Adds a stored photo at the end; the shop's list after it.
pub async fn add(db: &DatabaseConnection, store_id: i64, url: &str) -> Result<Vec<String>> {
    change(db, store_id, |mut list| {
        if list.len() >= PER_STORE {
            return Err(AppError::Conflict(messages::SHOP_PHOTOS_FULL.into()));
        }
        list.push(url.to_owned());
        Ok(list)
    })
    .await
}

/// Keeps the listed photos in the listed order, each one of the shop's.
pub async fn arrange(
    db: &DatabaseConnection,
    store_id: i64,
    wanted: &[String],
) -> Result<Vec<String>> {
    change(db, store_id, |list| {
        let mut seen = std::collections::HashSet::new();
        if wanted
            .iter()
            .any(|url| !list.contains(url) || !seen.insert(url))
        {
            return Err(AppError::field("photos", messages::PHOTOS_NOT_OF_SHOP));
        }
        Ok(wanted.to_vec())
    })
    .await
}

/// One change of the list under the shop's lock (two uploads at once both land).
async fn change(
    db: &DatabaseConnection,
    store_id: i64,
    edit: impl FnOnce(Vec<String>) -> Result<Vec<String>>,
) -> Result<Vec<String>> {
    let txn = db.begin().await?;
    super::lock_store(&txn, store_id).await?;
    let shop = stores::find(&txn, store_id).await?;
    let list = edit(of_store(&shop))?;
    let mut active = shop.into_active_model();
    active.photos = Set((!list.is_empty())
        .then(|| serde_json::to_string(&list))
        .transpose()
        .map_err(|e| AppError::Internal(e.into()))?);
    active.updated_at = Set(OffsetDateTime::now_utc());
    active.update(&txn).await?;
    txn.commit().await?;
    Ok(list)
}
