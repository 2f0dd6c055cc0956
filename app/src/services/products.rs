//! Products of a shop. Every write runs in a transaction that starts with `lock_store`,
//! so plan limits hold under concurrency and the shop's `content_version` moves.

use domain::messages;
use domain::search::{self, ProductTerms};
use domain::Slug;
use domain::{Availability, Price, ProductFields, ProductStatus};
use entities::product;
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait,
    IntoActiveModel, QueryFilter, QueryOrder, QuerySelect, Set, TransactionTrait,
};
use time::OffsetDateTime;

use super::allowance::Allowance;
use super::batch_insert;
use crate::error::{AppError, Result};

/// A complete, validated product (`api::products`, imports, the demo shop).
#[derive(Debug, Clone, PartialEq)]
pub struct ProductData {
    pub product: ProductFields,
    pub status: ProductStatus,
    /// Why the product needs the owner's eye; none once it is normal.
    pub review_note: Option<String>,
    /// The line as the price list had it, when the import changed the name.
    pub source_name: Option<String>,
    /// The category the AI proposes when it is not sure (review queue only).
    pub suggested_category: Option<String>,
    /// The category as the price list had it (`products.source_category`).
    pub source_category: Option<String>,
}

impl ProductData {
    /// A product as the owner or a list gives it, shown as it is.
    pub fn new(product: ProductFields) -> Self {
        Self {
            product,
            status: ProductStatus::Normal,
            review_note: None,
            source_name: None,
            suggested_category: None,
            source_category: None,
        }
    }
}

/// Changes to a product; `None` leaves a field, `Some(None)` clears an optional one.
#[derive(Debug, Clone, Default)]
pub struct ProductChanges {
    pub name: Option<String>,
    pub price: Option<Option<Price>>,
    pub description: Option<Option<String>>,
    pub category: Option<Option<String>>,
    pub brand: Option<Option<String>>,
    pub image_url: Option<Option<String>>,
    pub availability: Option<Availability>,
    pub status: Option<ProductStatus>,
    pub sku: Option<Option<String>>,
    pub ean: Option<Option<String>>,
    pub review_note: Option<Option<String>>,
    pub published: Option<bool>,
}

pub async fn find(db: &impl ConnectionTrait, id: i64) -> Result<product::Model> {
    product::Entity::find_by_id(id)
        .one(db)
        .await?
        .ok_or_else(|| AppError::not_found(messages::PRODUCT_NOT_FOUND))
}

/// A product anyone may see: a published one, or any of `owner`'s shop. A product kept off
/// the public pages looks missing to everyone else.
pub async fn find_visible(
    db: &impl ConnectionTrait,
    id: i64,
    owner: Option<i64>,
) -> Result<product::Model> {
    let product = find(db, id).await?;
    if product.published || owner == Some(product.store_id) {
        Ok(product)
    } else {
        Err(AppError::not_found(messages::PRODUCT_NOT_FOUND))
    }
}

/// A product of this shop; another shop's id looks exactly like a missing one.
pub async fn find_own(db: &impl ConnectionTrait, store_id: i64, id: i64) -> Result<product::Model> {
    product::Entity::find_by_id(id)
        .filter(product::Column::StoreId.eq(store_id))
        .one(db)
        .await?
        .ok_or_else(|| AppError::not_found(messages::PRODUCT_NOT_FOUND))
}

/// Up to `limit` other products of the same brand in the same shop, newest first.
pub async fn same_brand(
    db: &impl ConnectionTrait,
    of: &product::Model,
    limit: u64,
) -> Result<Vec<product::Model>> {
    let Some(brand) = of.brand.as_deref() else {
        return Ok(Vec::new());
    };
    Ok(product::Entity::find()
        .filter(product::Column::StoreId.eq(of.store_id))
        .filter(product::Column::Published.eq(true))
        .filter(product::Column::Brand.eq(brand))
        .filter(product::Column::Id.ne(of.id))
        .order_by_desc(product::Column::Id)
        .limit(limit)
        .all(db)
        .await?)
}

/// Up to `each` published products of the same shop and category just before `of` (by id)
/// and as many just after: a product page's neighbours, so every product of a category is
/// linked from the next.
pub async fn category_neighbours(
    db: &impl ConnectionTrait,
    of: &product::Model,
    each: u64,
) -> Result<Vec<product::Model>> {
    let Some(category) = of.category.as_deref().filter(|c| !c.is_empty()) else {
        return Ok(Vec::new());
    };
    let same = || {
        product::Entity::find()
            .filter(product::Column::StoreId.eq(of.store_id))
            .filter(product::Column::Published.eq(true))
            .filter(product::Column::Category.eq(category))
    };
    let mut before = same()
        .filter(product::Column::Id.gt(of.id))
        .order_by_asc(product::Column::Id)
        .limit(each)
        .all(db)
        .await?;
    before.reverse();
    let after = same()
        .filter(product::Column::Id.lt(of.id))
        .order_by_desc(product::Column::Id)
        .limit(each)
        .all(db)
        .await?;
    before.extend(after);
    Ok(before)
}

pub async fn create(
    db: &DatabaseConnection,
    store_id: i64,
    data: ProductData,
) -> Result<product::Model> {
    let mut created = create_many(db, store_id, vec![data]).await?;
    created
        .pop()
        .ok_or_else(|| AppError::Internal(anyhow::anyhow!("inserted product not read back")))
}

/// Inserts all products or none; refused with 403 when the plan's cap would be passed.
pub async fn create_many(
    db: &DatabaseConnection,
    store_id: i64,
    items: Vec<ProductData>,
) -> Result<Vec<product::Model>> {
    if items.is_empty() {
        return Ok(Vec::new());
    }
    let txn = db.begin().await?;
    super::lock_store(&txn, store_id).await?;
    Allowance::read(&txn, store_id)
        .await?
        .ensure_room_for(items.len())?;
    let created = insert_all(&txn, store_id, items).await?;
    txn.commit().await?;
    Ok(created)
}

/// Inserts in chunks and reads the rows back (the shop is locked, so the new ids of this
/// shop are exactly the ones above its previous highest id).
pub async fn insert_all(
    db: &impl ConnectionTrait,
    store_id: i64,
    items: Vec<ProductData>,
) -> Result<Vec<product::Model>> {
    let before: Option<i64> = product::Entity::find()
        .select_only()
        .column_as(Expr::col(product::Column::Id).max(), "max_id")
        .filter(product::Column::StoreId.eq(store_id))
        .into_tuple::<Option<i64>>()
        .one(db)
        .await?
        .flatten();
    insert_rows(db, store_id, items, OffsetDateTime::now_utc()).await?;
    Ok(product::Entity::find()
        .filter(product::Column::StoreId.eq(store_id))
        .filter(product::Column::Id.gt(before.unwrap_or(0)))
        .order_by_asc(product::Column::Id)
        .all(db)
        .await?)
}

/// Inserts in chunks without reading the rows back (imports of 100,000 rows).
pub async fn insert_rows(
    db: &impl ConnectionTrait,
    store_id: i64,
    items: Vec<ProductData>,
    now: OffsetDateTime,
) -> Result<()> {
    let rows = items.into_iter().map(|data| new_row(store_id, data, now));
    batch_insert::insert_in_chunks(db, rows, None).await
}

fn new_row(store_id: i64, data: ProductData, now: OffsetDateTime) -> product::ActiveModel {
    let terms = ProductTerms::of(
        &data.product.name,
        data.product.brand.as_deref(),
        data.product.category.as_deref(),
        data.product.description.as_deref(),
        [data.product.sku.as_deref(), data.product.ean.as_deref()],
        data.source_name.as_deref(),
    );
    let variants = data.product.variants_json();
    let ProductFields {
        name,
        price,
        description,
        category,
        brand,
        image_url,
        image_name,
        availability,
        sku,
        ean,
        variants: _,
    } = data.product;
    product::ActiveModel {
        search_name: Set(terms.name),
        search_rest: Set(terms.rest),
        name_key: Set(terms.name_key),
        search_version: Set(search::VERSION),
        store_id: Set(store_id),
        slug: Set(Slug::of(&name)),
        name: Set(name),
        price: Set(price),
        description: Set(description),
        category: Set(category),
        brand: Set(brand),
        image_url: Set(image_url),
        in_stock: Set(availability.in_stock()),
        availability: Set(availability.refinement().map(str::to_owned)),
        status: Set(data.status),
        sku: Set(sku),
        ean: Set(ean),
        review_note: Set(data
            .review_note
            .filter(|_| data.status != ProductStatus::Normal)),
        source_name: Set(data.source_name),
        source_category: Set(data.source_category),
        image_name: Set(image_name),
        variants: Set(variants),
        suggested_category: Set(data
            .suggested_category
            .filter(|_| data.status != ProductStatus::Normal)),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
}

pub async fn update(
    db: &DatabaseConnection,
    store_id: i64,
    id: i64,
    changes: ProductChanges,
) -> Result<product::Model> {
    let txn = db.begin().await?;
    super::lock_store(&txn, store_id).await?;
    let mut p = find_own(&txn, store_id, id).await?;
    let taught = taught_category(&p, &changes);
    apply_changes(&mut p, changes);
    p.updated_at = OffsetDateTime::now_utc();
    let terms = p.search_terms();
    p.search_name = terms.name;
    p.search_rest = terms.rest;
    p.name_key = terms.name_key;
    p.search_version = search::VERSION;
    let updated = p.into_active_model().reset_all().update(&txn).await?;
    if let Some(category) = taught {
        super::category_examples::learn(&txn, store_id, vec![(id, category)]).await?;
    }
    txn.commit().await?;
    Ok(updated)
}

/// The category an update teaches the shop's classifier: one the owner sets (another one,
/// or the AI's unsure one, confirmed).
fn taught_category(p: &product::Model, changes: &ProductChanges) -> Option<String> {
    let changes_category = changes.category.as_ref().is_some_and(|c| *c != p.category);
    let confirmed =
        p.status != ProductStatus::Normal && changes.status == Some(ProductStatus::Normal);
    match &changes.category {
        Some(Some(c)) if changes_category || confirmed => Some(c.clone()),
        _ => None,
    }
}

/// Writes the changes on the product read, with what follows from them: the slug of a new
/// name, a drawn picture dropped, the reason and proposal of a normal product cleared.
fn apply_changes(p: &mut product::Model, changes: ProductChanges) {
    let changes_category = changes.category.as_ref().is_some_and(|c| *c != p.category);
    let renamed = changes.name.as_ref().is_some_and(|n| *n != p.name);
    if let Some(name) = changes.name {
        p.slug = Slug::of(&name);
        p.name = name;
    }
    if let Some(v) = changes.price {
        p.price = v;
    }
    if let Some(v) = changes.description {
        p.description = v;
    }
    if let Some(v) = changes.category {
        p.category = v;
    }
    if let Some(v) = changes.brand {
        p.brand = v;
    }
    if let Some(v) = changes.image_url {
        p.image_url = v;
    } else if (changes_category || renamed)
        && p.image_url
            .as_deref()
            .is_some_and(|u| u.starts_with(crate::media::GENERATED_PREFIX))
    {
        // A drawn picture shows the category and the name: drawn again (a real one stays).
        p.image_url = None;
    }
    if let Some(v) = changes.availability {
        p.in_stock = v.in_stock();
        p.availability = v.refinement().map(str::to_owned);
    }
    if let Some(v) = changes.published {
        p.published = v;
    }
    if let Some(v) = changes.status {
        p.status = v;
    }
    if let Some(v) = changes.review_note {
        p.review_note = v;
    }
    // A normal product needs nothing checked: accepting it clears the reason and the
    // proposal.
    if p.status == ProductStatus::Normal {
        p.review_note = None;
        p.suggested_category = None;
    }
    if let Some(v) = changes.sku {
        p.sku = v;
    }
    if let Some(v) = changes.ean {
        p.ean = v;
    }
}

pub async fn delete(db: &DatabaseConnection, store_id: i64, id: i64) -> Result<()> {
    let txn = db.begin().await?;
    super::lock_store(&txn, store_id).await?;
    let deleted = product::Entity::delete_many()
        .filter(product::Column::Id.eq(id))
        .filter(product::Column::StoreId.eq(store_id))
        .exec(&txn)
        .await?;
    if deleted.rows_affected == 0 {
        return Err(AppError::not_found(messages::PRODUCT_NOT_FOUND));
    }
    txn.commit().await?;
    Ok(())
}

/// Deletes the shop's products with this status, or all of them, in one statement.
pub async fn delete_by_status(
    db: &DatabaseConnection,
    store_id: i64,
    status: Option<ProductStatus>,
) -> Result<u64> {
    let txn = db.begin().await?;
    super::lock_store(&txn, store_id).await?;
    let mut query = product::Entity::delete_many().filter(product::Column::StoreId.eq(store_id));
    if let Some(status) = status {
        query = query.filter(product::Column::Status.eq(status));
    }
    let deleted = query.exec(&txn).await?.rows_affected;
    if deleted == 0 {
        return Err(AppError::not_found(messages::NOTHING_TO_DELETE));
    }
    txn.commit().await?;
    Ok(deleted)
}

/// Deletes the listed products that belong to this shop; others' ids are skipped.
pub async fn delete_many(db: &DatabaseConnection, store_id: i64, ids: &[i64]) -> Result<u64> {
    if ids.is_empty() {
        return Ok(0);
    }
    let txn = db.begin().await?;
    super::lock_store(&txn, store_id).await?;
    let mut deleted = 0;
    for chunk in ids.chunks(batch_insert::CHUNK) {
        deleted += product::Entity::delete_many()
            .filter(product::Column::StoreId.eq(store_id))
            .filter(product::Column::Id.is_in(chunk.iter().copied()))
            .exec(&txn)
            .await?
            .rows_affected;
    }
    if deleted == 0 {
        return Err(AppError::not_found(messages::NOTHING_TO_DELETE));
    }
    txn.commit().await?;
    Ok(deleted)
}
