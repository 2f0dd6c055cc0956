//! What the shop's plan still allows: the one check behind every way products are added
//! (one by one and in bulk through `/api/products`, the import wizard's early answers,
//! which say it before the work, and the import's final write). Writers read it inside
//! their transaction after `lock_store`, so no client can pass it.

use domain::messages;
use domain::plan::{Limits, Plan};
use sea_orm::ConnectionTrait;
use serde::Serialize;
use time::OffsetDateTime;

use crate::error::{AppError, Result};
use crate::services::stores;
use crate::services::usage;

/// The plan in force, its limits and what the shop has used of them.
#[derive(Debug, Clone, Copy)]
pub struct Allowance {
    pub plan: Plan,
    limits: Limits,
    products: u64,
    imports: u32,
}

/// The figures the wizard shows; `None` (JSON null) means unlimited.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema, ts_rs::TS)]
pub struct AllowanceView {
    pub plan: Plan,
    #[serde(rename = "planTitle")]
    pub plan_title: &'static str,
    #[serde(rename = "productsRemaining")]
    pub products_remaining: Option<u64>,
    #[serde(rename = "importsRemaining")]
    pub imports_remaining: Option<u32>,
    #[serde(rename = "productLimit")]
    pub product_limit: Option<u64>,
    #[serde(rename = "importsPerMonth")]
    pub imports_per_month: Option<u32>,
}

impl Allowance {
    /// Reads the shop's plan, product count and imports of the month. Inside a writer's
    /// transaction call it after `lock_store`.
    pub async fn read(db: &impl ConnectionTrait, store_id: i64) -> Result<Self> {
        let store = stores::find(db, store_id).await?;
        let plan = store.effective_plan(OffsetDateTime::now_utc());
        let products = stores::product_count(db, store_id).await?;
        let imports = usage::current(db, store_id).await?.imports;
        Ok(Self::new(
            plan,
            plan.limits(),
            products,
            u32::try_from(imports).unwrap_or(0),
        ))
    }

    pub fn new(plan: Plan, limits: Limits, products: u64, imports: u32) -> Self {
        Self {
            plan,
            limits,
            products,
            imports,
        }
    }

    /// New products the shop may still add; `None` when unlimited.
    pub fn products_remaining(&self) -> Option<u64> {
        self.limits.products_left(self.products)
    }

    /// Imports left this month; `None` when unlimited.
    pub fn imports_remaining(&self) -> Option<u32> {
        self.limits
            .imports_per_month
            .map(|max| max.saturating_sub(self.imports))
    }

    /// Refused with 403 and the plan's message when the month's imports are used up.
    pub fn ensure_import_left(&self) -> Result<()> {
        match self.limits.imports_per_month {
            Some(max) if self.imports >= max => {
                Err(AppError::PlanLimit(messages::import_limit_reached(max)))
            }
            _ => Ok(()),
        }
    }

    /// How many of `creating` new products fit in the plan (updates never count).
    pub fn creatable(&self, creating: usize) -> usize {
        match self.products_remaining() {
            Some(left) => creating.min(usize::try_from(left).unwrap_or(usize::MAX)),
            None => creating,
        }
    }

    /// Refused with 403 and the plan's message when `creating` new products do not fit
    /// (`Limits::ensure_room_for`, the one rule).
    pub fn ensure_room_for(&self, creating: usize) -> Result<()> {
        let creating = u64::try_from(creating).unwrap_or(u64::MAX);
        Ok(self.limits.ensure_room_for(self.products, creating)?)
    }

    pub fn view(&self) -> AllowanceView {
        AllowanceView {
            plan: self.plan,
            plan_title: self.plan.title(),
            products_remaining: self.products_remaining(),
            imports_remaining: self.imports_remaining(),
            product_limit: self.limits.products,
            imports_per_month: self.limits.imports_per_month,
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn free(products: u64, imports: u32) -> Allowance {
        Allowance::new(Plan::Free, Plan::Free.limits(), products, imports)
    }

    #[test]
    fn remaining_figures_follow_the_plan_and_never_go_negative() {
        let a = free(20, 1);
        assert_eq!(a.products_remaining(), Some(30));
        assert_eq!(a.imports_remaining(), Some(2));
        assert!(a.ensure_import_left().is_ok());
        // a shop moved down to Base with more products than it allows
        assert_eq!(free(66, 3).products_remaining(), Some(0));
        assert_eq!(free(66, 3).imports_remaining(), Some(0));
        let business = Allowance::new(Plan::Business, Plan::Business.limits(), 9_999, 99);
        assert_eq!(business.products_remaining(), None);
        assert_eq!(business.imports_remaining(), None);
        assert_eq!(business.creatable(100_000), 100_000);
    }

    #[test]
    fn creations_fit_up_to_the_remainder() {
        let a = free(40, 0);
        assert_eq!(a.creatable(5), 5);
        assert_eq!(a.creatable(1_063), 10);
        assert!(a.ensure_room_for(10).is_ok());
        let refused = a.ensure_room_for(11).unwrap_err();
        assert!(refused.to_string().contains("limite di 50 prodotti"));
    }

    #[test]
    fn no_import_left_is_refused_with_the_plan_message() {
        let refused = free(0, 3).ensure_import_left().unwrap_err();
        assert!(matches!(refused, AppError::PlanLimit(_)));
        assert!(refused.to_string().contains("3 importazioni mensili"));
    }
}
