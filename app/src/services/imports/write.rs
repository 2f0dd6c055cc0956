//! Writing a processed file: one transaction, all rows or none, after the plan's limits.

use std::collections::HashSet;

use domain::Slug;
use entities::product;
use sea_orm::sea_query::{Expr, SimpleExpr};
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, QueryFilter, QueryOrder,
    QuerySelect, TransactionTrait,
};
use time::OffsetDateTime;

use super::{Allowance, ExistingCodes, ImportItem};
use crate::error::Result;
use crate::services::products::{insert_rows, ProductData};
use crate::services::usage::{self, Counter};
use crate::services::{ai_enrichment, category_checks, lock_store};

/// Rows per UPDATE batch: ids are looked up in chunks of this size.
const ID_CHUNK: usize = 500;

/// Which of the shop's products an import may find by name and brand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ByName {
    /// None: only codes are looked up.
    Nobody,
    /// Those without a SKU, for a file's rows without one (a file with a code column may
    /// leave it empty on some rows: the same rows must find their products again).
    WithoutSku,
    /// Every product: the file has no code column.
    Everybody,
}

impl ByName {
    /// For a file mapped with (or without) a SKU column.
    pub fn for_file(has_sku_column: bool) -> Self {
        if has_sku_column {
            Self::WithoutSku
        } else {
            Self::Everybody
        }
    }
}

/// The shop's products that have a SKU or an EAN, and those `names` says by name and brand.
pub async fn existing_codes(
    db: &impl ConnectionTrait,
    store_id: i64,
    names: ByName,
) -> Result<ExistingCodes> {
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
    let mut codes = ExistingCodes {
        list_categories: crate::services::list_categories::learned(db, store_id).await?,
        ..ExistingCodes::default()
    };
    for (id, sku, ean) in rows {
        if let Some(s) = sku {
            codes.by_sku.entry(s).or_insert(id);
        }
        if let Some(e) = ean {
            codes.by_ean.entry(e).or_insert(id);
        }
    }
    if names != ByName::Nobody {
        let mut query = product::Entity::find()
            .select_only()
            .columns([
                product::Column::Id,
                product::Column::Name,
                product::Column::Brand,
                product::Column::SourceName,
            ])
            .filter(product::Column::StoreId.eq(store_id));
        if names == ByName::WithoutSku {
            query = query.filter(product::Column::Sku.is_null());
        }
        let rows: Vec<(i64, String, Option<String>, Option<String>)> =
            query.into_tuple().all(db).await?;
        // A tidied or rewritten name is found by the line the file had too.
        for (id, name, brand, source) in rows {
            for name in std::iter::once(name).chain(source) {
                for key in [
                    super::pipeline::name_key(&name, brand.as_deref()),
                    super::pipeline::name_key(&name, None),
                ] {
                    codes.by_name.entry(key).or_insert(id);
                }
            }
        }
    }
    Ok(codes)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Written {
    pub created: usize,
    pub updated: usize,
    /// Products left to the AI provider (decision 026).
    pub ai_queued: usize,
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
/// nothing left to write it is refused like a full shop. `processed` is the id of the
/// processed file the items come from, removed by the same transaction.
pub async fn import(
    db: &DatabaseConnection,
    store_id: i64,
    items: &[ImportItem],
    beyond: Beyond,
    processed: Option<&str>,
) -> Result<Written> {
    let txn = db.begin().await?;
    lock_store(&txn, store_id).await?;
    // The processed file is taken in the import's own transaction, after the shop's lock:
    // of two confirmations at once (a double click, two instances) the second finds it
    // gone and writes nothing; a failed import leaves it there to try again.
    if let Some(id) = processed {
        super::kept::claim(&txn, store_id, id).await?;
    }
    let allowance = Allowance::read(&txn, store_id).await?;
    allowance.ensure_import_left()?;

    let (updates, mut creates) = known_and_new(&txn, store_id, items).await?;
    let fitting = allowance.creatable(creates.len());
    // Dropping every row would count an import that writes nothing: refused like a file
    // that does not fit at all.
    if beyond == Beyond::Drop && (fitting > 0 || !updates.is_empty()) {
        creates.truncate(fitting);
    }
    allowance.ensure_room_for(creates.len())?;

    let now = OffsetDateTime::now_utc();
    create(&txn, store_id, &creates, now).await?;
    for item in &updates {
        update_row(&txn, store_id, item, now).await?;
    }
    // Updated rows changed text without new search terms: written here, in the same
    // transaction, so a search never sees the old words.
    crate::services::catalogue::reindex_stale(&txn, Some(store_id)).await?;
    let follow_ups =
        queued_inputs(&txn, store_id, now, &creates, &updates, |i| &i.ai_input).await?;
    let ai_queued = ai_enrichment::queue(&txn, store_id, now, follow_ups).await?;
    let unclassified = queued_inputs(&txn, store_id, now, &creates, &updates, |i| {
        &i.category_input
    })
    .await?;
    category_checks::queue(&txn, store_id, now, unclassified).await?;
    usage::add(&txn, store_id, Counter::Imports).await?;
    txn.commit().await?;
    Ok(Written {
        created: creates.len(),
        updated: updates.len(),
        ai_queued,
    })
}

/// The written products a background step should complete (the AI provider, the
/// embedding classifier: `input` says which), with what the file said. New products are
/// found as the rows this import created (`created_at` is its instant, under the shop's
/// lock), in insertion order; a row whose name differs is not queued rather than queued for
/// the wrong product.
async fn queued_inputs(
    db: &impl ConnectionTrait,
    store_id: i64,
    now: OffsetDateTime,
    creates: &[&ImportItem],
    updates: &[&ImportItem],
    input: impl Fn(&ImportItem) -> &Option<ai_enrichment::Input>,
) -> Result<Vec<(i64, ai_enrichment::Input)>> {
    let mut out: Vec<(i64, ai_enrichment::Input)> = updates
        .iter()
        .filter_map(|i| Some((i.existing_id?, input(i).clone()?)))
        .collect();
    if !creates.iter().any(|i| input(i).is_some()) {
        return Ok(out);
    }
    let created: Vec<(i64, String)> = product::Entity::find()
        .select_only()
        .columns([product::Column::Id, product::Column::Name])
        .filter(product::Column::StoreId.eq(store_id))
        .filter(product::Column::CreatedAt.eq(now))
        .order_by_asc(product::Column::Id)
        .into_tuple()
        .all(db)
        .await?;
    if created.len() != creates.len() {
        tracing::error!(
            store = store_id,
            found = created.len(),
            written = creates.len(),
            "new products not found for a background step"
        );
        return Ok(out);
    }
    for ((id, name), item) in created.into_iter().zip(creates) {
        match input(item) {
            Some(input) if name == item.product.name => out.push((id, input.clone())),
            Some(_) => tracing::error!(
                store = store_id,
                product = id,
                "new product out of order, not queued for a background step"
            ),
            None => {}
        }
    }
    Ok(out)
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

/// The rows whose product still exists (to update) and the others (to create): a product
/// the owner deleted since the file was read is created again.
async fn known_and_new<'a>(
    db: &impl ConnectionTrait,
    store_id: i64,
    items: &'a [ImportItem],
) -> Result<(Vec<&'a ImportItem>, Vec<&'a ImportItem>)> {
    let still_there = still_existing(db, store_id, items).await?;
    Ok(items
        .iter()
        .partition(|i| i.existing_id.is_some_and(|id| still_there.contains(&id))))
}

async fn create(
    db: &impl ConnectionTrait,
    store_id: i64,
    creates: &[&ImportItem],
    now: OffsetDateTime,
) -> Result<()> {
    insert_rows(
        db,
        store_id,
        creates.iter().map(|i| new_data(i)).collect(),
        now,
    )
    .await
}

fn new_data(i: &ImportItem) -> ProductData {
    ProductData {
        product: i.product.clone(),
        status: i.status.unwrap_or_default(),
        review_note: i.review_note.clone(),
        source_name: i.source_name.clone(),
        suggested_category: i.suggested_category.clone(),
        source_category: i.source_category.clone(),
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
        .col_expr(product::Column::Name, Expr::value(i.product.name.clone()))
        .col_expr(
            product::Column::Slug,
            Expr::value(Slug::of(&i.product.name)),
        )
        .col_expr(
            product::Column::InStock,
            Expr::value(i.product.availability.in_stock()),
        )
        .col_expr(
            product::Column::Availability,
            Expr::value(i.product.availability.refinement()),
        )
        .col_expr(product::Column::UpdatedAt, Expr::value(now))
        .col_expr(product::Column::SearchVersion, Expr::value(0));
    if let Some(category) = &i.product.category {
        update = update.col_expr(product::Column::Category, category_kept_or(category));
    }
    let optional = [
        (product::Column::Description, &i.product.description),
        (product::Column::Brand, &i.product.brand),
        (product::Column::ImageUrl, &i.product.image_url),
        (product::Column::Sku, &i.product.sku),
        (product::Column::Ean, &i.product.ean),
        (product::Column::SourceName, &i.source_name),
        (product::Column::SourceCategory, &i.source_category),
        (product::Column::ImageName, &i.product.image_name),
    ];
    for (column, value) in optional {
        if let Some(v) = value {
            update = update.col_expr(column, Expr::value(v.clone()));
        }
    }
    if let Some(price) = i.product.price {
        update = update.col_expr(product::Column::Price, Expr::value(price));
    }
    if let Some(variants) = i.product.variants_json() {
        update = update.col_expr(product::Column::Variants, Expr::value(variants));
    }
    if let Some(status) = i.status {
        // re-enriched: the status and its reason come together
        update = update
            .col_expr(product::Column::Status, Expr::value(status))
            .col_expr(
                product::Column::ReviewNote,
                Expr::value(i.review_note.clone()),
            )
            .col_expr(
                product::Column::SuggestedCategory,
                Expr::value(i.suggested_category.clone()),
            );
    }
    update
        .filter(product::Column::Id.eq(id))
        .filter(product::Column::StoreId.eq(store_id))
        .exec(db)
        .await?;
    Ok(())
}

/// The category a list's row writes on a product: the row's, unless the owner filed the
/// product elsewhere than its list did (its category is not its list's), which stays.
fn category_kept_or(category: &str) -> SimpleExpr {
    let filed_by_owner = Expr::col(product::Column::Category)
        .is_not_null()
        .and(Expr::col(product::Column::SourceCategory).is_not_null())
        .and(Expr::col(product::Column::Category).ne(Expr::col(product::Column::SourceCategory)));
    Expr::case(filed_by_owner, Expr::col(product::Column::Category))
        .finally(Expr::value(category.to_owned()))
        .into()
}

/// What a daily sync changed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Synced {
    pub created: usize,
    /// Known products whose price or availability changed.
    pub updated: usize,
    /// Products with a code that the file no longer lists, now not available.
    pub unavailable: usize,
}

/// A daily sync's writes, in one transaction: new rows become products (as many as the
/// plan allows); known products (by SKU, then EAN) take the file's price and availability
/// and nothing else, so what the owner wrote stays; products with a code the file no
/// longer lists are marked not available, never deleted. Counts as one of the month's
/// imports only when something changed. More than half of the coded products missing
/// from the file stops the sync (a truncated export must not empty a catalogue).
pub async fn sync(
    db: &DatabaseConnection,
    store_id: i64,
    items: &[ImportItem],
) -> Result<std::result::Result<Synced, &'static str>> {
    let txn = db.begin().await?;
    lock_store(&txn, store_id).await?;
    let allowance = Allowance::read(&txn, store_id).await?;
    allowance.ensure_import_left()?;
    let existing = existing_codes(&txn, store_id, ByName::Nobody).await?;
    let (missing, coded) = unlisted(&existing, items);
    if missing.len() * 2 > coded && missing.len() > 10 {
        return Ok(Err(domain::messages::SYNC_TOO_MANY_MISSING));
    }

    let now = OffsetDateTime::now_utc();
    let (updates, mut creates) = known_and_new(&txn, store_id, items).await?;
    creates.truncate(allowance.creatable(creates.len()));
    create(&txn, store_id, &creates, now).await?;
    let mut updated = 0;
    for item in &updates {
        updated += usize::from(sync_row(&txn, store_id, item, now).await?);
    }
    let unavailable = mark_unavailable(&txn, store_id, &missing, now).await?;
    let synced = Synced {
        created: creates.len(),
        updated,
        unavailable,
    };
    if synced == Synced::default() {
        // Nothing changed: no import counted, and the shop's pages keep their cache.
        txn.rollback().await?;
        return Ok(Ok(synced));
    }
    usage::add(&txn, store_id, Counter::Imports).await?;
    txn.commit().await?;
    Ok(Ok(synced))
}

/// The shop's coded products whose SKU and EAN the file no longer lists, and how many
/// coded products the shop has (a truncated export is told by the share missing).
fn unlisted(existing: &ExistingCodes, items: &[ImportItem]) -> (Vec<i64>, usize) {
    let (skus, eans): (HashSet<&str>, HashSet<&str>) = (
        items
            .iter()
            .filter_map(|i| i.product.sku.as_deref())
            .collect(),
        items
            .iter()
            .filter_map(|i| i.product.ean.as_deref())
            .collect(),
    );
    let coded: HashSet<i64> = existing
        .by_sku
        .values()
        .chain(existing.by_ean.values())
        .copied()
        .collect();
    let listed: HashSet<i64> = existing
        .by_sku
        .iter()
        .filter(|(code, _)| skus.contains(code.as_str()))
        .chain(
            existing
                .by_ean
                .iter()
                .filter(|(code, _)| eans.contains(code.as_str())),
        )
        .map(|(_, id)| *id)
        .collect();
    let missing: Vec<i64> = coded.difference(&listed).copied().collect();
    (missing, coded.len())
}

/// Marks the products the file no longer lists not available (never deleted); returns how
/// many were available before.
async fn mark_unavailable(
    db: &impl ConnectionTrait,
    store_id: i64,
    missing: &[i64],
    now: OffsetDateTime,
) -> Result<usize> {
    let mut unavailable = 0;
    for chunk in missing.chunks(ID_CHUNK) {
        let done = product::Entity::update_many()
            .col_expr(product::Column::InStock, Expr::value(false))
            .col_expr(
                product::Column::Availability,
                Expr::value(Option::<String>::None),
            )
            .col_expr(product::Column::UpdatedAt, Expr::value(now))
            .filter(product::Column::StoreId.eq(store_id))
            .filter(product::Column::InStock.eq(true))
            .filter(product::Column::Id.is_in(chunk.iter().copied()))
            .exec(db)
            .await?;
        unavailable += done.rows_affected as usize;
    }
    Ok(unavailable)
}

/// The file's price (when it has one) and availability; true when the product changed.
async fn sync_row(
    db: &impl ConnectionTrait,
    store_id: i64,
    i: &ImportItem,
    now: OffsetDateTime,
) -> Result<bool> {
    let Some(id) = i.existing_id else {
        return Ok(false);
    };
    let refinement = i.product.availability.refinement();
    let mut changed = sea_orm::Condition::any()
        .add(product::Column::InStock.ne(i.product.availability.in_stock()))
        .add(match refinement {
            Some(r) => sea_orm::Condition::any()
                .add(product::Column::Availability.is_null())
                .add(product::Column::Availability.ne(r)),
            None => sea_orm::Condition::all().add(product::Column::Availability.is_not_null()),
        });
    let mut update = product::Entity::update_many()
        .col_expr(
            product::Column::InStock,
            Expr::value(i.product.availability.in_stock()),
        )
        .col_expr(product::Column::Availability, Expr::value(refinement))
        .col_expr(product::Column::UpdatedAt, Expr::value(now));
    if let Some(price) = i.product.price {
        update = update.col_expr(product::Column::Price, Expr::value(price));
        changed = changed
            .add(product::Column::Price.is_null())
            .add(product::Column::Price.ne(price));
    }
    let done = update
        .filter(product::Column::Id.eq(id))
        .filter(product::Column::StoreId.eq(store_id))
        .filter(changed)
        .exec(db)
        .await?;
    Ok(done.rows_affected > 0)
}
