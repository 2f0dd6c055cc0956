//! The catalogue export (`GET /api/products/export`, docs/decisions/016-streamed-export.md):
//! a shop's products read in keyset batches, newest first, and the one-export-per-shop
//! slot that bounds the work.

use std::collections::HashSet;
use std::sync::{Arc, Mutex};

use domain::Price;
use entities::product;
use sea_orm::{
    ColumnTrait, Condition, ConnectionTrait, EntityTrait, FromQueryResult, PaginatorTrait,
    QueryFilter, QueryOrder, QuerySelect,
};

use crate::error::Result;
use crate::sync::lock;

/// Rows read per query: a few hundred KB of CSV, so memory stays flat whatever the size of
/// the shop, and 100 queries for 100,000 products.
pub const BATCH: u64 = 1000;

/// The columns the CSV has, and the id the next batch starts below.
#[derive(Clone, Debug, PartialEq, Eq, FromQueryResult)]
pub struct ExportRow {
    pub id: i64,
    pub name: String,
    pub price: Option<Price>,
    pub description: Option<String>,
    pub brand: Option<String>,
    pub category: Option<String>,
    pub in_stock: bool,
    pub sku: Option<String>,
    pub ean: Option<String>,
}

/// Whether any product of the shop has a SKU or an EAN (the export then has their columns).
pub async fn has_codes(db: &impl ConnectionTrait, store_id: i64) -> Result<bool> {
    let found = product::Entity::find()
        .select_only()
        .column(product::Column::Id)
        .filter(product::Column::StoreId.eq(store_id))
        .filter(
            Condition::any()
                .add(product::Column::Sku.is_not_null())
                .add(product::Column::Ean.is_not_null()),
        )
        .into_tuple::<i64>()
        .one(db)
        .await?;
    Ok(found.is_some())
}

pub async fn count(db: &impl ConnectionTrait, store_id: i64) -> Result<u64> {
    Ok(product::Entity::find()
        .filter(product::Column::StoreId.eq(store_id))
        .count(db)
        .await?)
}

/// Up to `limit` products of the shop with an id below `before` (all when `None`), newest
/// first: `WHERE store_id = ? AND id < ? ORDER BY id DESC LIMIT ?`, served by the
/// `(store_id, id)` index, so every batch costs the same however deep into the shop.
pub async fn batch(
    db: &impl ConnectionTrait,
    store_id: i64,
    before: Option<i64>,
    limit: u64,
) -> Result<Vec<ExportRow>> {
    let mut query = product::Entity::find()
        .select_only()
        .column_as(product::Column::Id, "id")
        .column_as(product::Column::Name, "name")
        .column_as(product::Column::Price, "price")
        .column_as(product::Column::Description, "description")
        .column_as(product::Column::Brand, "brand")
        .column_as(product::Column::Category, "category")
        .column_as(product::Column::InStock, "in_stock")
        .column_as(product::Column::Sku, "sku")
        .column_as(product::Column::Ean, "ean")
        .filter(product::Column::StoreId.eq(store_id));
    if let Some(before) = before {
        query = query.filter(product::Column::Id.lt(before));
    }
    Ok(query
        .order_by_desc(product::Column::Id)
        .limit(limit)
        .into_model::<ExportRow>()
        .all(db)
        .await?)
}

/// The shops with an export in progress on this server instance.
#[derive(Default)]
pub struct Running {
    shops: Mutex<HashSet<i64>>,
}

/// A shop's export in progress; dropping it (the body was sent, or the client went away)
/// frees the shop for the next one.
pub struct Slot {
    running: Arc<Running>,
    store_id: i64,
}

impl Running {
    /// The shop's slot, or `None` while another export of the shop is in progress.
    pub fn try_begin(self: &Arc<Self>, store_id: i64) -> Option<Slot> {
        lock(&self.shops).insert(store_id).then(|| Slot {
            running: self.clone(),
            store_id,
        })
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        lock(&self.running.shops).remove(&self.store_id);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_export_per_shop_at_a_time() {
        let running = Arc::new(Running::default());
        let first = running.try_begin(7);
        assert!(first.is_some());
        assert!(running.try_begin(7).is_none(), "a second export of shop 7");
        let other = running.try_begin(8);
        assert!(other.is_some(), "another shop is not held up");
        drop(first);
        assert!(
            running.try_begin(7).is_some(),
            "free again once the first ends"
        );
    }
}
