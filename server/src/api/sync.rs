//! `/api/stores/me/sync`: the address the shop's price list is fetched from each day, and
//! the record of the syncs (`services::price_sync`).

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use domain::messages;
use entities::sync_run;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::extract::ApiJson;
use crate::auth::Owner;
use crate::error::{AppError, Result};
use crate::fields::nullable;
use crate::services::price_sync;
use crate::AppState;

/// Longest accepted address.
const URL_MAX: usize = 1000;

#[derive(Debug, Serialize, ToSchema, ts_rs::TS)]
pub struct SyncView {
    /// Where the price list is fetched from each day; null when the shop does not sync.
    pub url: Option<String>,
    /// The last syncs, newest first.
    pub runs: Vec<SyncRunView>,
}

#[derive(Debug, Serialize, ToSchema, ts_rs::TS)]
pub struct SyncRunView {
    /// RFC 3339.
    #[serde(rename = "startedAt")]
    pub started_at: String,
    pub succeeded: bool,
    pub created: i32,
    pub updated: i32,
    pub unavailable: i32,
    /// Why it failed, in Italian.
    pub message: Option<String>,
}

impl From<sync_run::Model> for SyncRunView {
    fn from(r: sync_run::Model) -> Self {
        Self {
            started_at: crate::views::rfc3339(r.started_at),
            succeeded: r.succeeded,
            created: r.created,
            updated: r.updated,
            unavailable: r.unavailable,
            message: r.message,
        }
    }
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct SyncInput {
    /// http(s) address of a CSV or Excel export; null or empty stops the daily sync.
    #[serde(default, deserialize_with = "nullable")]
    #[schema(value_type = Option<String>)]
    pub url: Option<Option<String>>,
}

async fn view(app: &AppState, store_id: i64) -> Result<SyncView> {
    Ok(SyncView {
        url: price_sync::url_of(&app.db, store_id).await?,
        runs: price_sync::history(&app.db, store_id)
            .await?
            .into_iter()
            .map(SyncRunView::from)
            .collect(),
    })
}

/// The shop's sync address and its last syncs.
#[utoipa::path(get, path = "/api/stores/me/sync", tag = "stores", security(("session" = [])),
    responses((status = 200, body = SyncView)))]
pub async fn show(State(app): State<AppState>, owner: Owner) -> Result<Json<SyncView>> {
    Ok(Json(view(&app, owner.store.id).await?))
}

/// Set the address of the shop's price list (synced at once, then every day), or stop the
/// sync with null. The columns are read with the mapping confirmed in the import wizard for
/// a file with the same headers.
#[utoipa::path(put, path = "/api/stores/me/sync", tag = "stores", request_body = SyncInput,
    security(("session" = [])),
    responses((status = 200, body = SyncView), (status = 422, body = crate::error::ErrorBody)))]
pub async fn update(
    State(app): State<AppState>,
    owner: Owner,
    ApiJson(input): ApiJson<SyncInput>,
) -> Result<Json<SyncView>> {
    let url = input
        .url
        .flatten()
        .map(|u| u.trim().to_owned())
        .filter(|u| !u.is_empty());
    if let Some(u) = &url {
        let ok = u.len() <= URL_MAX
            && url::Url::parse(u)
                .is_ok_and(|p| matches!(p.scheme(), "http" | "https") && p.host_str().is_some());
        if !ok {
            return Err(AppError::field("url", messages::SYNC_URL_INVALID).into());
        }
    }
    price_sync::set_url(&app.db, owner.store.id, url).await?;
    Ok(Json(view(&app, owner.store.id).await?))
}

#[derive(Debug, Serialize, ToSchema, ts_rs::TS)]
pub struct SyncQueued {
    pub success: bool,
}

/// Sync now instead of waiting for the day's run (within half a minute).
#[utoipa::path(post, path = "/api/stores/me/sync/run", tag = "stores", security(("session" = [])),
    responses((status = 202, body = SyncQueued), (status = 422, body = crate::error::ErrorBody)))]
pub async fn run_now(
    State(app): State<AppState>,
    owner: Owner,
) -> Result<(StatusCode, Json<SyncQueued>)> {
    if price_sync::url_of(&app.db, owner.store.id).await?.is_none() {
        return Err(AppError::field("url", messages::SYNC_URL_MISSING).into());
    }
    price_sync::run_soon(&app.db, owner.store.id).await?;
    Ok((StatusCode::ACCEPTED, Json(SyncQueued { success: true })))
}
