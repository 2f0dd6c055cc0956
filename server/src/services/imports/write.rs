//! Writing a processed file: one transaction, all rows or none, after the plan's limits.

use std::collections::HashSet;

use sea_orm::sea_query::Expr;
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, QueryFilter, QuerySelect,
    TransactionTrait,
};
use time::OffsetDateTime;

use super::{Allowance, ExistingCodes, ImportItem};
use crate::entities::product;
use crate::error::Result;
use crate::services::lock_store;
use crate::services::products::{insert_rows, ProductData};
use crate::services::usage::{self, Counter};
use crate::slug::slugify;

/// Rows per UPDATE batch: ids are looked up in chunks of this size.
const ID_CHUNK: usize = 500;

/// The shop's products that have a SKU or an EAN.
pub async fn existing_codes(db: &impl ConnectionTrait, store_id: i64) -> Result<ExistingCodes> {
    let rows: Vec<(i64, Option<String>, Option<String>)> = product::Entity::find()
        .select_only()
        .columns([
            product::Column::Id,
            product::Column::Sku,
            product::Column::Ean,
        ])
        .filter(product::Column::StoreId.eq(store_id))
        .filter(
            product::Column::Sku
                .is_not_null()
                .or(product::Column::Ean.is_not_null()),
        )
        .into_tuple()
        .all(db)
        .await?;
    let mut codes = ExistingCodes::default();
    for (id, sku, ean) in rows {
        if let Some(s) = sku {
            codes.by_sku.entry(s).or_insert(id);
        }
        if let Some(e) = ean {
            codes.by_ean.entry(e).or_insert(id);
        }
    }
    Ok(codes)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Written {
    pub created: usize,
    pub updated: usize,
}

/// What to do with new products beyond the plan's allowance.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Beyond {
    /// Refuse the whole import (all rows or none).
    #[default]
    Refuse,
    /// Write every update and the first new products that fit; drop the rest.
    Drop,
}

/// Creates and updates every item in one transaction, after checking the month's imports
/// and the product cap (`Allowance`, read under the shop's lock); counts one import. A
/// product deleted since processing is created again rather than lost. With
/// `Beyond::Drop` the new products past the allowance are left out, in file order; with
/// nothing left to write it is refused like a full shop.
pub async fn import(
    db: &DatabaseConnection,
    store_id: i64,
    items: &[ImportItem],
    beyond: Beyond,
) -> Result<Written> {
    let txn = db.begin().await?;
    lock_store(&txn, store_id).await?;
    let allowance = Allowance::read(&txn, store_id).await?;
    allowance.ensure_import_left()?;

    let still_there = still_existing(&txn, store_id, items).await?;
    let (updates, mut creates): (Vec<&ImportItem>, Vec<&ImportItem>) = items
        .iter()
        .partition(|i| i.existing_id.is_some_and(|id| still_there.contains(&id)));
    let fitting = allowance.creatable(creates.len());
    // Dropping every row would count an import that writes nothing: refused like a file
    // that does not fit at all.
    if beyond == Beyond::Drop && (fitting > 0 || !updates.is_empty()) {
        creates.truncate(fitting);
    }
    allowance.ensure_room_for(creates.len())?;

    let now = OffsetDateTime::now_utc();
    insert_rows(
        &txn,
        store_id,
        creates.iter().map(|i| new_data(i)).collect(),
        now,
    )
    .await?;
    for item in &updates {
        update_row(&txn, store_id, item, now).await?;
    }
    // Updated rows changed text without new search terms: written here, in the same
    // transaction, so a search never sees the old words.
    crate::services::catalogue::reindex_stale(&txn, Some(store_id)).await?;
    usage::add(&txn, store_id, Counter::Imports).await?;
    txn.commit().await?;
    Ok(Written {
        created: creates.len(),
        updated: updates.len(),
    })
}

async fn still_existing(
    db: &impl ConnectionTrait,
    store_id: i64,
    items: &[ImportItem],
) -> Result<HashSet<i64>> {
    let ids: Vec<i64> = items.iter().filter_map(|i| i.existing_id).collect();
    let mut found = HashSet::with_capacity(ids.len());
    for chunk in ids.chunks(ID_CHUNK) {
        let rows: Vec<i64> = product::Entity::find()
            .select_only()
            .column(product::Column::Id)
            .filter(product::Column::StoreId.eq(store_id))
            .filter(product::Column::Id.is_in(chunk.iter().copied()))
            .into_tuple()
            .all(db)
            .await?;
        found.extend(rows);
    }
    Ok(found)
}

fn new_data(i: &ImportItem) -> ProductData {
    ProductData {
        name: i.name.clone(),
        price: i.price,
        description: i.description.clone(),
        category: i.category.clone(),
        brand: i.brand.clone(),
        image_url: i.image_url.clone(),
        in_stock: i.in_stock,
        status: i.status.unwrap_or_default(),
        sku: i.sku.clone(),
        ean: i.ean.clone(),
    }
}

/// The row's values replace the product's; a field the row leaves empty keeps its value.
async fn update_row(
    db: &impl ConnectionTrait,
    store_id: i64,
    i: &ImportItem,
    now: OffsetDateTime,
) -> Result<()> {
    let Some(id) = i.existing_id else {
        return Ok(());
    };
    let mut update = product::Entity::update_many()
        .col_expr(product::Column::Name, Expr::value(i.name.clone()))
        .col_expr(product::Column::Slug, Expr::value(slugify(&i.name)))
        .col_expr(product::Column::InStock, Expr::value(i.in_stock))
        .col_expr(product::Column::UpdatedAt, Expr::value(now))
        .col_expr(product::Column::SearchVersion, Expr::value(0));
    let optional = [
        (product::Column::Description, &i.description),
        (product::Column::Category, &i.category),
        (product::Column::Brand, &i.brand),
        (product::Column::ImageUrl, &i.image_url),
        (product::Column::Sku, &i.sku),
        (product::Column::Ean, &i.ean),
    ];
    for (column, value) in optional {
        if let Some(v) = value {
            update = update.col_expr(column, Expr::value(v.clone()));
        }
    }
    if let Some(price) = i.price {
        update = update.col_expr(product::Column::Price, Expr::value(price));
    }
    if let Some(status) = i.status {
        update = update.col_expr(product::Column::Status, Expr::value(status));
    }
    update
        .filter(product::Column::Id.eq(id))
        .filter(product::Column::StoreId.eq(store_id))
        .exec(db)
        .await?;
    Ok(())
}
