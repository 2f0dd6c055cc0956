//! Plans and their limits (docs/product/limits.md). A running trial is layered on top of the plan
//! sold to the shop and simply stops counting when `trial_ends_at` passes: no job needed.

use serde::{Deserialize, Serialize};
use time::OffsetDateTime;

use crate::messages;

/// The same lowercase key in the database, the JSON API and the command line.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema, ts_rs::TS,
)]
#[cfg_attr(
    feature = "orm",
    derive(sea_orm::EnumIter, sea_orm::DeriveActiveEnum),
    sea_orm(
        rs_type = "String",
        db_type = "String(sea_orm::sea_query::StringLen::N(16))"
    )
)]
#[serde(rename_all = "lowercase")]
pub enum Plan {
    #[cfg_attr(feature = "orm", sea_orm(string_value = "free"))]
    Free,
    #[cfg_attr(feature = "orm", sea_orm(string_value = "starter"))]
    Starter,
    #[cfg_attr(feature = "orm", sea_orm(string_value = "pro"))]
    Pro,
    #[cfg_attr(feature = "orm", sea_orm(string_value = "business"))]
    Business,
}

/// `None` means unlimited.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema, ts_rs::TS)]
pub struct Limits {
    pub products: Option<u64>,
    pub imports_per_month: Option<u32>,
    pub regenerations_per_month: Option<u32>,
    /// Products the AI provider completes after imports, when the server runs one
    /// (decision 026): the provider is paid per request, so every plan has a ceiling.
    pub ai_products_per_month: Option<u32>,
}

impl Limits {
    /// New products a shop holding `existing` may still add; `None` when unlimited. A shop
    /// moved down to a smaller plan may hold more than its cap: 0 left, never negative.
    pub fn products_left(&self, existing: u64) -> Option<u64> {
        self.products.map(|cap| cap.saturating_sub(existing))
    }

    /// The one check of the product cap, for every way products are added (one by one, in
    /// bulk, by an import): refused with the plan's message (403 at the API) when `adding`
    /// new products to `existing` would pass it.
    pub fn ensure_room_for(&self, existing: u64, adding: u64) -> Result<(), PlanLimitReached> {
        match (self.products, self.products_left(existing)) {
            (Some(cap), Some(left)) if adding > left => {
                Err(PlanLimitReached(messages::product_limit_reached(cap)))
            }
            _ => Ok(()),
        }
    }
}

/// Refused by the plan: the Italian message says which limit and how to raise it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct PlanLimitReached(pub String);

pub const TRIAL_DAYS: i64 = 14;

impl Plan {
    pub const ALL: [Plan; 4] = [Self::Free, Self::Starter, Self::Pro, Self::Business];

    pub fn parse(key: &str) -> Option<Self> {
        match key {
            "free" => Some(Self::Free),
            "starter" => Some(Self::Starter),
            "pro" => Some(Self::Pro),
            "business" => Some(Self::Business),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Free => "free",
            Self::Starter => "starter",
            Self::Pro => "pro",
            Self::Business => "business",
        }
    }

    /// The data-analysis report (docs/product/limits.md): Pro and Business.
    pub fn has_analytics(self) -> bool {
        matches!(self, Self::Pro | Self::Business)
    }

    /// The name shown to shop owners.
    pub fn title(self) -> &'static str {
        match self {
            Self::Free => "Base",
            Self::Starter => "Avanzato",
            Self::Pro => "Pro",
            Self::Business => "Business",
        }
    }

    /// The limits enforced (docs/product/limits.md: the account panel's figures).
    pub fn limits(self) -> Limits {
        match self {
            Self::Free => Limits {
                products: Some(50),
                imports_per_month: Some(3),
                regenerations_per_month: Some(0),
                ai_products_per_month: Some(50),
            },
            Self::Starter => Limits {
                products: Some(200),
                imports_per_month: Some(10),
                regenerations_per_month: Some(20),
                ai_products_per_month: Some(500),
            },
            Self::Pro => Limits {
                products: Some(500),
                imports_per_month: None,
                regenerations_per_month: None,
                ai_products_per_month: Some(2_000),
            },
            Self::Business => Limits {
                products: None,
                imports_per_month: None,
                regenerations_per_month: None,
                ai_products_per_month: Some(50_000),
            },
        }
    }

    pub fn is_trial_plan(self) -> bool {
        matches!(self, Self::Starter | Self::Pro)
    }
}

/// The plan in force at `now`: the trial's while it runs, the sold plan otherwise.
pub fn in_force(
    sold: Plan,
    trial_plan: Option<Plan>,
    trial_ends_at: Option<OffsetDateTime>,
    now: OffsetDateTime,
) -> Plan {
    match (trial_plan, trial_ends_at) {
        (Some(trial), Some(ends)) if now < ends => trial,
        _ => sold,
    }
}

/// When the trial in force ends, or `None` when no trial is running.
pub fn trial_end(
    trial_plan: Option<Plan>,
    trial_ends_at: Option<OffsetDateTime>,
    now: OffsetDateTime,
) -> Option<OffsetDateTime> {
    trial_ends_at.filter(|ends| trial_plan.is_some() && now < *ends)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use time::Duration;

    #[test]
    fn a_running_trial_gives_its_plan_and_an_ended_one_gives_free_back() {
        let now = OffsetDateTime::now_utc();
        let (pro, free) = (Some(Plan::Pro), Plan::Free);
        let running = Some(now + Duration::days(3));
        assert_eq!(in_force(free, pro, running, now), Plan::Pro);
        assert_eq!(trial_end(pro, running, now), running);
        let ended = Some(now - Duration::seconds(1));
        assert_eq!(in_force(free, pro, ended, now), Plan::Free);
        assert_eq!(trial_end(pro, ended, now), None);
        assert_eq!(in_force(Plan::Business, None, None, now), Plan::Business);
    }

    #[test]
    fn one_key_per_plan_everywhere() {
        for plan in Plan::ALL {
            #[cfg(feature = "orm")]
            assert_eq!(
                sea_orm::ActiveEnum::to_value(&plan),
                plan.as_str(),
                "database"
            );
            assert_eq!(
                serde_json::to_value(plan).ok(),
                Some(serde_json::Value::from(plan.as_str())),
                "JSON"
            );
            assert_eq!(Plan::parse(plan.as_str()), Some(plan));
        }
        assert_eq!(Plan::parse("gold"), None);
    }

    #[test]
    fn the_product_cap_counts_what_is_there_and_what_comes() {
        let free = Plan::Free.limits();
        assert_eq!(free.products_left(20), Some(30));
        assert_eq!(free.products_left(66), Some(0), "moved down to Base");
        assert!(free.ensure_room_for(49, 1).is_ok());
        assert!(free.ensure_room_for(50, 0).is_ok());
        let refused = free.ensure_room_for(50, 1).unwrap_err();
        assert!(
            refused.to_string().contains("limite di 50 prodotti"),
            "{refused}"
        );
        assert!(free.ensure_room_for(66, 1).is_err());
        let business = Plan::Business.limits();
        assert_eq!(business.products_left(1_000_000), None);
        assert!(business.ensure_room_for(1_000_000, 100_000).is_ok());
    }

    #[test]
    fn limits_follow_the_account_panel() {
        assert_eq!(Plan::Free.limits().products, Some(50));
        assert_eq!(Plan::Starter.limits().regenerations_per_month, Some(20));
        assert_eq!(Plan::Pro.limits().imports_per_month, None);
        assert_eq!(Plan::Business.limits().products, None);
    }
}
