//! The owner's photos of a product (`product_photos`), in the owner's order. The first is the
//! product's picture everywhere (`products.image_url`: cards, page, JSON-LD, Open Graph);
//! with none left, the product goes back to its drawn tile.

use std::collections::HashSet;

use domain::messages;
use entities::{product, product_photo, store};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait,
    IntoActiveModel, QueryFilter, QueryOrder, QuerySelect, Set, TransactionTrait,
};
use time::OffsetDateTime;

use super::products::find_own;
use crate::error::{AppError, Result};
use crate::media;
use crate::App;

/// Most photos of one product.
pub const PER_PRODUCT: usize = 6;
/// A photo file no product points to is kept this long (an upload on its way to its row).
pub const UNUSED_KEPT: std::time::Duration = std::time::Duration::from_secs(24 * 60 * 60);

/// The product's photos, first (its picture) first.
pub async fn of_product(db: &impl ConnectionTrait, product_id: i64) -> Result<Vec<String>> {
    Ok(product_photo::Entity::find()
        .filter(product_photo::Column::ProductId.eq(product_id))
        .order_by_asc(product_photo::Column::Position)
        .order_by_asc(product_photo::Column::Id)
        .all(db)
        .await?
        .into_iter()
        .map(|photo| photo.url)
        .collect())
}

/// Refuses before the work of reading a photo: another shop's product looks missing, and a
/// product with all its photos takes no more.
pub async fn check_room(db: &impl ConnectionTrait, store_id: i64, product_id: i64) -> Result<()> {
    find_own(db, store_id, product_id).await?;
    if of_product(db, product_id).await?.len() >= PER_PRODUCT {
        return Err(AppError::Conflict(messages::PHOTOS_FULL.into()));
    }
    Ok(())
}

/// Adds a stored photo (`media::stored_photo`) after the product's others; the first photo
/// becomes the product's picture. A photo the product has already is not added twice.
pub async fn add(
    db: &DatabaseConnection,
    store_id: i64,
    product_id: i64,
    url: &str,
) -> Result<(product::Model, Vec<String>)> {
    let txn = db.begin().await?;
    super::lock_store(&txn, store_id).await?;
    let mut product = find_own(&txn, store_id, product_id).await?;
    let mut photos = of_product(&txn, product_id).await?;
    if !photos.iter().any(|p| p == url) {
        if photos.len() >= PER_PRODUCT {
            return Err(AppError::Conflict(messages::PHOTOS_FULL.into()));
        }
        product_photo::ActiveModel {
            product_id: Set(product_id),
            position: Set(photos.len() as i32),
            url: Set(url.to_owned()),
            created_at: Set(OffsetDateTime::now_utc()),
            ..Default::default()
        }
        .insert(&txn)
        .await?;
        photos.push(url.to_owned());
    }
    product = set_picture(&txn, product, photos.first().map(String::as_str)).await?;
    txn.commit().await?;
    Ok((product, photos))
}

/// Keeps the listed photos in the listed order and removes the others. Every address must
/// be one of the product's photos.
pub async fn arrange(
    db: &DatabaseConnection,
    store_id: i64,
    product_id: i64,
    wanted: &[String],
) -> Result<(product::Model, Vec<String>)> {
    let txn = db.begin().await?;
    super::lock_store(&txn, store_id).await?;
    let product = find_own(&txn, store_id, product_id).await?;
    let current = of_product(&txn, product_id).await?;
    let mut seen = std::collections::HashSet::new();
    if wanted
        .iter()
        .any(|url| !current.contains(url) || !seen.insert(url))
    {
        return Err(AppError::field("photos", messages::PHOTOS_NOT_OF_PRODUCT));
    }
    product_photo::Entity::delete_many()
        .filter(product_photo::Column::ProductId.eq(product_id))
        .exec(&txn)
        .await?;
    let now = OffsetDateTime::now_utc();
    for (position, url) in wanted.iter().enumerate() {
        product_photo::ActiveModel {
            product_id: Set(product_id),
            position: Set(position as i32),
            url: Set(url.clone()),
            created_at: Set(now),
            ..Default::default()
        }
        .insert(&txn)
        .await?;
    }
    let product = set_picture(&txn, product, wanted.first().map(String::as_str)).await?;
    txn.commit().await?;
    Ok((product, wanted.to_vec()))
}

/// The product's picture follows its first photo. Without photos, a picture that was one
/// of them is cleared (the image pass draws the tile again); an address the owner typed,
/// or a tile, stays.
async fn set_picture(
    db: &impl ConnectionTrait,
    product: product::Model,
    first: Option<&str>,
) -> Result<product::Model> {
    let picture = match first {
        Some(url) => Some(url.to_owned()),
        None if product
            .image_url
            .as_deref()
            .is_some_and(|u| u.starts_with(media::PHOTO_PREFIX)) =>
        {
            None
        }
        None => return Ok(product),
    };
    if picture == product.image_url {
        return Ok(product);
    }
    let mut active = product.into_active_model();
    active.image_url = Set(picture);
    active.updated_at = Set(OffsetDateTime::now_utc());
    Ok(active.update(db).await?)
}

/// The housekeeping job's part: removes the photo files (every width) that no product or
/// shop points to any more and that were written more than `kept` ago; how many were removed.
/// Products removed or photos taken off leave their files behind until then.
pub async fn remove_unused_files(app: &App, kept: std::time::Duration) -> Result<usize> {
    let dir = app.config.media_dir().join("products");
    let folder_error = |err: std::io::Error| {
        AppError::Internal(anyhow::anyhow!("photo folder {}: {err}", dir.display()))
    };
    let old = media::files_older_than(&dir, "ph-", kept)
        .await
        .map_err(folder_error)?;
    if old.is_empty() {
        return Ok(0);
    }
    // The photos' own rows, and any product whose address names a photo.
    let mut used: HashSet<String> = product_photo::Entity::find()
        .select_only()
        .column(product_photo::Column::Url)
        .into_tuple::<String>()
        .all(&app.db)
        .await?
        .into_iter()
        .filter_map(|url| photo_stem(&url))
        .collect();
    used.extend(
        product::Entity::find()
            .select_only()
            .column(product::Column::ImageUrl)
            .filter(product::Column::ImageUrl.like(format!("{}%", media::PHOTO_PREFIX)))
            .into_tuple::<Option<String>>()
            .all(&app.db)
            .await?
            .into_iter()
            .flatten()
            .filter_map(|url| photo_stem(&url)),
    );
    // And the shops' own photos (`services::store_photos`).
    used.extend(
        store::Entity::find()
            .select_only()
            .column(store::Column::Photos)
            .filter(store::Column::Photos.is_not_null())
            .into_tuple::<Option<String>>()
            .all(&app.db)
            .await?
            .into_iter()
            .flatten()
            .flat_map(|list| serde_json::from_str::<Vec<String>>(&list).unwrap_or_default())
            .filter_map(|url| photo_stem(&url)),
    );
    let mut removed = 0;
    for name in old {
        let in_use = name
            .rsplit_once('-')
            .is_some_and(|(stem, _width)| used.contains(stem));
        if in_use {
            continue;
        }
        match tokio::fs::remove_file(dir.join(&name)).await {
            Ok(()) => removed += 1,
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => {}
            Err(err) => return Err(folder_error(err)),
        }
    }
    Ok(removed)
}

/// `ph-<hash>` of `/media/products/ph-<hash>-800.jpg`.
fn photo_stem(url: &str) -> Option<String> {
    let name = url.strip_prefix("/media/products/")?;
    let (stem, _width) = name.rsplit_once('-')?;
    Some(stem.to_owned())
}
