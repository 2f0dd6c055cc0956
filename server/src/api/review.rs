//! The review queue (`services::review`): `GET /api/stores/me/review` lists the owner's
//! products to check by proposal, family and reason; `POST /api/products/accept` marks products as checked.

use axum::extract::State;
use axum::Json;
use domain::messages;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::extract::ApiJson;
use crate::auth::Owner;
use crate::error::{AppError, Result};
use crate::fields::nullable;
use crate::services::review::{self, Accept, MAX_IDS};
use crate::views::ProductView;
use crate::AppState;

/// The products to check, by proposed category and by reason.
#[derive(Debug, Serialize, ToSchema, ts_rs::TS)]
pub struct ReviewView {
    /// Products to check, over all groups.
    pub total: u64,
    pub groups: Vec<ReviewGroup>,
    /// The taxonomy's categories, for putting a group in another.
    pub categories: Vec<String>,
}

#[derive(Debug, Serialize, ToSchema, ts_rs::TS)]
pub struct ReviewGroup {
    /// The category the AI proposes for all of them; null for a group by reason.
    pub suggestion: Option<String>,
    /// Why these products need checking; null for products saved without a reason, and
    /// for a group by proposal or family.
    pub reason: Option<String>,
    /// A group by family (same leading word of the name, or same code family): its key, to
    /// confirm it or file it under a category (`POST /api/products/accept`); else null.
    pub family: Option<String>,
    /// The family's word or code as the names have it; null for other groups.
    pub family_label: Option<String>,
    pub count: u64,
    /// The newest products of the group (up to 20; 6 examples of a proposal or family).
    pub items: Vec<ProductView>,
}

#[utoipa::path(get, path = "/api/stores/me/review", tag = "products", security(("session" = [])),
    responses((status = 200, body = ReviewView), (status = 401, body = crate::error::ErrorBody)))]
pub async fn show(State(app): State<AppState>, owner: Owner) -> Result<Json<ReviewView>> {
    let groups = review::groups(&app.db, owner.store.id).await?;
    Ok(Json(ReviewView {
        total: review::total(&app.db, owner.store.id).await?,
        groups: groups
            .into_iter()
            .map(|g| ReviewGroup {
                suggestion: g.suggestion,
                reason: g.reason,
                family_label: g.family.as_ref().map(|(_, label)| label.clone()),
                family: g.family.map(|(key, _)| key),
                count: g.count,
                items: g.items.into_iter().map(ProductView::for_owner).collect(),
            })
            .collect(),
        categories: ai::builtin::categories().map(str::to_owned).collect(),
    }))
}

/// Exactly one of: `ids` (up to 500), `reason` (a group; null for products without one),
/// `suggestion` with `category` (a proposal's group, filed under the proposal or another
/// category), `family` (a family's key, with `category` to file it under one), `all: true`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AcceptInput {
    pub ids: Option<Vec<i64>>,
    #[serde(default, deserialize_with = "nullable")]
    #[schema(value_type = Option<String>)]
    pub reason: Option<Option<String>>,
    pub suggestion: Option<String>,
    pub family: Option<String>,
    pub category: Option<String>,
    pub all: Option<bool>,
}

#[derive(Debug, Serialize, ToSchema, ts_rs::TS)]
pub struct Accepted {
    pub accepted: u64,
}

#[utoipa::path(post, path = "/api/products/accept", tag = "products", request_body = AcceptInput, security(("session" = [])),
    responses((status = 200, body = Accepted), (status = 401, body = crate::error::ErrorBody), (status = 422, body = crate::error::ErrorBody)))]
pub async fn accept(
    State(app): State<AppState>,
    owner: Owner,
    ApiJson(input): ApiJson<AcceptInput>,
) -> Result<Json<Accepted>> {
    let category = input.category.map(|c| {
        domain::validation::without_unwanted_chars(&c)
            .trim()
            .to_owned()
    });
    let category = match category {
        Some(c) if c.is_empty() || c.chars().count() > domain::limits::product::LABEL => {
            return Err(AppError::field("category", messages::ACCEPT_CATEGORY).into())
        }
        c => c,
    };
    let target = (
        input.ids,
        input.reason,
        input.suggestion,
        input.family,
        input.all,
    );
    let which = match (target, category) {
        ((Some(ids), None, None, None, None), None) if !ids.is_empty() && ids.len() <= MAX_IDS => {
            Accept::Ids(ids)
        }
        ((Some(_), None, None, None, None), None) => {
            return Err(AppError::field("ids", messages::ACCEPT_IDS).into())
        }
        ((None, Some(reason), None, None, None), None) => Accept::Reason(reason),
        ((None, None, Some(suggestion), None, None), Some(category)) => Accept::Suggestion {
            suggestion,
            category,
        },
        ((None, None, Some(_), None, None), None) => {
            return Err(AppError::field("category", messages::ACCEPT_CATEGORY).into())
        }
        ((None, None, None, Some(key), None), category)
            if key.chars().count() <= domain::limits::product::LABEL =>
        {
            Accept::Family { key, category }
        }
        ((None, None, None, None, Some(true)), None) => Accept::All,
        _ => return Err(AppError::field("ids", messages::ACCEPT_TARGET).into()),
    };
    let refiled = matches!(
        which,
        Accept::Suggestion { .. }
            | Accept::Family {
                category: Some(_),
                ..
            }
    );
    let accepted = review::accept(&app.db, owner.store.id, which).await?;
    if refiled && accepted > 0 {
        // Drawn pictures follow the category.
        app.store_rows.forget_all();
        crate::services::product_images::complete_in_background(&app, owner.store.id, 0);
    }
    Ok(Json(Accepted { accepted }))
}
