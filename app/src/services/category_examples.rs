//! Learning from the owner (decision 037): every category the owner confirms for a group
//! of the review queue, corrects, or sets on a product becomes evidence for that shop
//! (`category_examples`, read by `ai::examples`). The shop's products still to check are
//! queued again at once, and the `categories` job reads them with what was taught, using
//! the embeddings it kept (`category_checks.vector`): nothing is embedded twice. The
//! products of a price-list category the owner has filed alike follow
//! (`list_categories`).

use ai::classifier;
use ai::examples::{self, Examples};
use domain::ProductStatus;
use entities::{category_check, category_example, product};
use sea_orm::sea_query::{Expr, OnConflict, Query};
use sea_orm::{
    ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Set,
};
use time::OffsetDateTime;

use crate::error::Result;
use crate::jobs;
use crate::services::ai_enrichment::Input;
use crate::services::{category_checks, list_categories};

/// Taught lines a shop's job reads, newest first: about 1 MB of embeddings, and a line is
/// compared with each of them.
pub const MAX_READ: u64 = 2_000;
/// Products one action teaches (a confirmed group of 20,000 teaches its newest 500).
pub const MAX_PER_ACTION: u64 = 500;

/// Records that the owner filed these products of the shop under these categories, then
/// queues the shop's products still to check for another reading. Inside the caller's
/// transaction (which holds the shop's lock).
pub async fn learn(
    db: &impl ConnectionTrait,
    store_id: i64,
    taught: Vec<(i64, String)>,
) -> Result<()> {
    let taught: Vec<(i64, String)> = taught
        .into_iter()
        .filter(|(_, c)| !c.trim().is_empty())
        .take(MAX_PER_ACTION as usize)
        .collect();
    if taught.is_empty() {
        return Ok(());
    }
    let ids: Vec<i64> = taught.iter().map(|(id, _)| *id).collect();
    let products = product::Entity::find()
        .filter(product::Column::StoreId.eq(store_id))
        .filter(product::Column::Id.is_in(ids.iter().copied()))
        .all(db)
        .await?;
    let checks = category_check::Entity::find()
        .filter(category_check::Column::StoreId.eq(store_id))
        .filter(category_check::Column::ProductId.is_in(ids.iter().copied()))
        .all(db)
        .await?;
    let now = OffsetDateTime::now_utc();
    let rows: Vec<category_example::ActiveModel> = taught
        .iter()
        .filter_map(|(id, category)| {
            let p = products.iter().find(|p| p.id == *id)?;
            let check = checks.iter().find(|c| c.product_id == *id);
            Some(category_example::ActiveModel {
                store_id: Set(store_id),
                product_id: Set(*id),
                text: Set(example_text(p, check)),
                category: Set(category.trim().to_owned()),
                source_category: Set(p.source_category.clone()),
                vector: Set(check.and_then(|c| c.vector.clone())),
                created_at: Set(now),
                ..Default::default()
            })
        })
        .collect();
    if rows.is_empty() {
        return Ok(());
    }
    save(db, rows).await?;
    let mut sources: Vec<String> = products
        .iter()
        .filter_map(|p| p.source_category.clone())
        .collect();
    sources.sort_unstable();
    sources.dedup();
    list_categories::follow(db, store_id, &sources).await?;
    requeue(db, store_id).await?;
    jobs::schedule(
        db,
        category_checks::JOB,
        &store_id.to_string(),
        OffsetDateTime::now_utc(),
    )
    .await?;
    Ok(())
}

/// The line a taught product is compared by: the one the model read for it, when it did;
/// else the line as the file had it.
fn example_text(p: &product::Model, check: Option<&category_check::Model>) -> String {
    check
        .and_then(|c| serde_json::from_str::<Input>(&c.input).ok())
        .filter(|i| !i.name.is_empty())
        .map_or_else(
            || {
                classifier::text_of(
                    p.source_name.as_deref().unwrap_or(&p.name),
                    p.brand.as_deref(),
                    None,
                )
            },
            |i| classifier::text_of(&i.name, i.brand.as_deref(), i.description.as_deref()),
        )
}

/// Writes the taught lines; a product taught again keeps only its latest lesson.
async fn save(db: &impl ConnectionTrait, rows: Vec<category_example::ActiveModel>) -> Result<()> {
    category_example::Entity::insert_many(rows)
        .on_conflict(
            OnConflict::column(category_example::Column::ProductId)
                .update_columns([
                    category_example::Column::Text,
                    category_example::Column::Category,
                    category_example::Column::SourceCategory,
                    category_example::Column::Vector,
                    category_example::Column::CreatedAt,
                ])
                .to_owned(),
        )
        .exec_without_returning(db)
        .await?;
    Ok(())
}

/// The shop's lines already read whose products are still to check: read again.
async fn requeue(db: &impl ConnectionTrait, store_id: i64) -> Result<u64> {
    let to_check = Query::select()
        .column(product::Column::Id)
        .from(product::Entity)
        .and_where(Expr::col(product::Column::StoreId).eq(store_id))
        .and_where(Expr::col(product::Column::Status).ne(ProductStatus::Normal))
        .to_owned();
    let again = category_check::Entity::update_many()
        .col_expr(category_check::Column::Done, Expr::value(false))
        .filter(category_check::Column::StoreId.eq(store_id))
        .filter(category_check::Column::Done.eq(true))
        .filter(category_check::Column::Vector.is_not_null())
        .filter(category_check::Column::ProductId.in_subquery(to_check))
        .exec(db)
        .await?;
    Ok(again.rows_affected)
}

/// Taught lines of the shop not embedded yet (at most `limit`): id and text.
pub async fn unembedded(
    db: &impl ConnectionTrait,
    store_id: i64,
    limit: u64,
) -> Result<Vec<(i64, String)>> {
    Ok(category_example::Entity::find()
        .select_only()
        .column(category_example::Column::Id)
        .column(category_example::Column::Text)
        .filter(category_example::Column::StoreId.eq(store_id))
        .filter(category_example::Column::Vector.is_null())
        .order_by_asc(category_example::Column::Id)
        .limit(limit)
        .into_tuple()
        .all(db)
        .await?)
}

pub async fn set_vector(db: &impl ConnectionTrait, id: i64, vector: Vec<u8>) -> Result<()> {
    category_example::Entity::update_many()
        .col_expr(category_example::Column::Vector, Expr::value(vector))
        .filter(category_example::Column::Id.eq(id))
        .exec(db)
        .await?;
    Ok(())
}

/// What the shop taught, newest first, as the job compares lines with it.
pub async fn read(db: &impl ConnectionTrait, store_id: i64) -> Result<Examples> {
    let rows: Vec<(String, Option<Vec<u8>>)> = category_example::Entity::find()
        .select_only()
        .column(category_example::Column::Category)
        .column(category_example::Column::Vector)
        .filter(category_example::Column::StoreId.eq(store_id))
        .filter(category_example::Column::Vector.is_not_null())
        .order_by_desc(category_example::Column::Id)
        .limit(MAX_READ)
        .into_tuple()
        .all(db)
        .await?;
    Ok(Examples::new(
        rows.into_iter()
            .filter_map(|(category, v)| Some((category, examples::dequantize(&v?)?)))
            .collect(),
    ))
}
