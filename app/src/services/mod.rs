//! Database logic. Functions take `&impl ConnectionTrait` so they run on the pool or
//! inside a caller's transaction alike.

pub mod accounts;
pub mod ai_enrichment;
pub mod allowance;
pub mod analytics;
pub mod batch_insert;
pub mod catalogue;
pub mod category_checks;
pub mod category_examples;
pub mod demo;
pub mod email_tokens;
pub mod enrichment;
pub mod explore;
pub mod exports;
pub mod facets;
pub mod geo;
pub mod imports;
pub mod inquiries;
pub mod jobs;
pub mod leads;
pub mod list_categories;
pub mod logo_files;
pub mod match_cache;
pub mod nearby;
pub mod photo_batches;
pub mod photos;
pub mod price_sync;
pub mod product_images;
pub mod product_queue;
pub mod products;
pub mod query_params;
pub mod rate_limit;
pub mod review;
pub mod review_families;
pub mod search_terms;
pub mod sessions;
pub mod store_photos;
pub mod stores;
pub mod usage;

use domain::messages;
use entities::store;
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter};

use crate::error::{AppError, Result};

/// First statement of every transaction that changes a shop or its products. Being a
/// write, it takes SQLite's write lock at once (as `BEGIN IMMEDIATE` would, so the
/// transaction never has to upgrade a read lock and `busy_timeout` applies) and locks
/// the shop's row on PostgreSQL; concurrent writers to one shop queue up here. It also
/// bumps `content_version`, the HTML cache key.
pub async fn lock_store(db: &impl ConnectionTrait, store_id: i64) -> Result<()> {
    let updated = store::Entity::update_many()
        .col_expr(
            store::Column::ContentVersion,
            Expr::col(store::Column::ContentVersion).add(1),
        )
        .col_expr(
            store::Column::UpdatedAt,
            Expr::value(time::OffsetDateTime::now_utc()),
        )
        .filter(store::Column::Id.eq(store_id))
        .exec(db)
        .await?;
    if updated.rows_affected == 0 {
        return Err(AppError::not_found(messages::STORE_NOT_FOUND));
    }
    Ok(())
}
