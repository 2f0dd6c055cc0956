//! The monthly allowance of regenerations (docs/product/limits.md): checked and counted in one
//! transaction that starts with `lock_store`, so concurrent requests of one shop queue up
//! and the allowance is never passed nor a regeneration counted twice.

use domain::messages;
use entities::product;
use sea_orm::{DatabaseConnection, TransactionTrait};
use time::OffsetDateTime;

use super::usage::{self, Counter};
use crate::error::{AppError, Result};

/// The shop's product `product_id`, with one regeneration of this month counted for it;
/// 404 for another shop's product, 403 when the month's allowance is used up.
pub async fn take_regeneration(
    db: &DatabaseConnection,
    store_id: i64,
    product_id: i64,
) -> Result<product::Model> {
    let txn = db.begin().await?;
    super::lock_store(&txn, store_id).await?;
    let product = super::products::find_own(&txn, store_id, product_id).await?;
    let store = super::stores::find(&txn, store_id).await?;
    let plan = store.effective_plan(OffsetDateTime::now_utc());
    if let Some(allowance) = plan.limits().regenerations_per_month {
        let used = usage::current(&txn, store_id).await?.regenerations;
        if i64::from(used) >= i64::from(allowance) {
            return Err(AppError::PlanLimit(
                messages::REGENERATION_LIMIT_REACHED.into(),
            ));
        }
    }
    usage::add(&txn, store_id, Counter::Regenerations).await?;
    txn.commit().await?;
    Ok(product)
}
