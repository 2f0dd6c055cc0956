//! Plans and their limits (spec section 9). A running trial is layered on top of the plan
//! sold to the shop and simply stops counting when `trial_ends_at` passes: no job needed.

use serde::{Deserialize, Serialize};
use time::OffsetDateTime;

use crate::entities::store;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Plan {
    Free,
    Starter,
    Pro,
    Business,
}

/// `None` means unlimited.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct Limits {
    pub products: Option<u64>,
    pub imports_per_month: Option<u32>,
    pub regenerations_per_month: Option<u32>,
}

pub const TRIAL_DAYS: i64 = 14;

impl Plan {
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

    /// The name shown to shop owners.
    pub fn title(self) -> &'static str {
        match self {
            Self::Free => "Base",
            Self::Starter => "Avanzato",
            Self::Pro => "Pro",
            Self::Business => "Business",
        }
    }

    /// The limits enforced (spec section 9: the account panel's figures).
    pub fn limits(self) -> Limits {
        match self {
            Self::Free => Limits {
                products: Some(50),
                imports_per_month: Some(3),
                regenerations_per_month: Some(0),
            },
            Self::Starter => Limits {
                products: Some(200),
                imports_per_month: Some(10),
                regenerations_per_month: Some(20),
            },
            Self::Pro => Limits {
                products: Some(500),
                imports_per_month: None,
                regenerations_per_month: None,
            },
            Self::Business => Limits {
                products: None,
                imports_per_month: None,
                regenerations_per_month: None,
            },
        }
    }

    pub fn is_trial_plan(self) -> bool {
        matches!(self, Self::Starter | Self::Pro)
    }
}

/// The plan in force at `now`: the trial's while it runs, the sold plan otherwise.
pub fn effective_plan(store: &store::Model, now: OffsetDateTime) -> Plan {
    let sold = Plan::parse(&store.plan).unwrap_or(Plan::Free);
    match (
        store.trial_plan.as_deref().and_then(Plan::parse),
        store.trial_ends_at,
    ) {
        (Some(trial), Some(ends)) if now < ends => trial,
        _ => sold,
    }
}

/// When the trial in force ends, or `None` when no trial is running.
pub fn running_trial_end(store: &store::Model, now: OffsetDateTime) -> Option<OffsetDateTime> {
    store
        .trial_ends_at
        .filter(|ends| store.trial_plan.is_some() && now < *ends)
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::Duration;

    fn store(plan: &str, trial: Option<(&str, OffsetDateTime)>) -> store::Model {
        let now = OffsetDateTime::now_utc();
        store::Model {
            id: 1,
            user_id: 1,
            name: "Ferramenta".into(),
            slug: "ferramenta".into(),
            description: "Una ferramenta".into(),
            partner_group: None,
            logo_img_url: None,
            address: "Via Roma 1".into(),
            city: "Roma".into(),
            postal_code: "00118".into(),
            website_url: None,
            telephone: "0612345678".into(),
            email: "a@b.it".into(),
            plan: plan.into(),
            trial_plan: trial.map(|(p, _)| p.into()),
            trial_used: trial.is_some(),
            trial_ends_at: trial.map(|(_, t)| t),
            content_version: 1,
            created_at: now,
            updated_at: now,
        }
    }

    #[test]
    fn a_running_trial_gives_its_plan_and_an_ended_one_gives_free_back() {
        let now = OffsetDateTime::now_utc();
        assert_eq!(
            effective_plan(&store("free", Some(("pro", now + Duration::days(3)))), now),
            Plan::Pro
        );
        assert_eq!(
            effective_plan(
                &store("free", Some(("pro", now - Duration::seconds(1)))),
                now
            ),
            Plan::Free
        );
        assert_eq!(
            effective_plan(&store("business", None), now),
            Plan::Business
        );
        assert_eq!(effective_plan(&store("unknown", None), now), Plan::Free);
    }

    #[test]
    fn limits_follow_the_account_panel() {
        assert_eq!(Plan::Free.limits().products, Some(50));
        assert_eq!(Plan::Starter.limits().regenerations_per_month, Some(20));
        assert_eq!(Plan::Pro.limits().imports_per_month, None);
        assert_eq!(Plan::Business.limits().products, None);
    }
}
