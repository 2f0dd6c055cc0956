//! The review queue (`services::review`): `GET /api/stores/me/review` lists the owner's
//! products to check by reason; `POST /api/products/accept` marks products as checked.

use axum::extract::State;
use axum::Json;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::extract::ApiJson;
use super::fields::nullable;
use crate::auth::Owner;
use crate::error::{AppError, Result};
use crate::messages;
use crate::services::review::{self, Accept, MAX_IDS};
use crate::views::ProductView;
use crate::AppState;

/// The products to check, by reason.
#[derive(Debug, Serialize, ToSchema, ts_rs::TS)]
pub struct ReviewView {
    /// Products to check, over all reasons.
    pub total: u64,
    pub groups: Vec<ReviewGroup>,
}

#[derive(Debug, Serialize, ToSchema, ts_rs::TS)]
pub struct ReviewGroup {
    /// Why these products need checking; null for products saved without a reason.
    pub reason: Option<String>,
    pub count: u64,
    /// The newest products of the group (up to 20).
    pub items: Vec<ProductView>,
}

#[utoipa::path(get, path = "/api/stores/me/review", tag = "products", security(("session" = [])),
    responses((status = 200, body = ReviewView), (status = 401, body = crate::error::ErrorBody)))]
pub async fn show(State(app): State<AppState>, owner: Owner) -> Result<Json<ReviewView>> {
    let groups = review::groups(&app.db, owner.store.id).await?;
    Ok(Json(ReviewView {
        total: groups.iter().map(|g| g.count).sum(),
        groups: groups
            .into_iter()
            .map(|g| ReviewGroup {
                reason: g.reason,
                count: g.count,
                items: g.items.into_iter().map(ProductView::for_owner).collect(),
            })
            .collect(),
    }))
}

/// Exactly one of: `ids` (up to 500), `reason` (a group; null for products without one),
/// `all: true`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AcceptInput {
    pub ids: Option<Vec<i64>>,
    #[serde(default, deserialize_with = "nullable")]
    #[schema(value_type = Option<String>)]
    pub reason: Option<Option<String>>,
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
    let which = match (input.ids, input.reason, input.all) {
        (Some(ids), None, None) if !ids.is_empty() && ids.len() <= MAX_IDS => Accept::Ids(ids),
        (Some(_), None, None) => return Err(AppError::field("ids", messages::ACCEPT_IDS)),
        (None, Some(reason), None) => Accept::Reason(reason),
        (None, None, Some(true)) => Accept::All,
        _ => return Err(AppError::field("ids", messages::ACCEPT_TARGET)),
    };
    let accepted = review::accept(&app.db, owner.store.id, which).await?;
    Ok(Json(Accepted { accepted }))
}
