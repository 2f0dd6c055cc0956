//! `GET /api/search`: products of every public shop, nearest shops first.

use std::collections::BTreeMap;

use axum::extract::{RawQuery, State};
use axum::Json;
use domain::messages;
use time::OffsetDateTime;

use crate::error::{AppError, Result};
use crate::services::nearby::{self, NearbyQuery};
use crate::views::NearbyResults;
use crate::AppState;

/// Products of all public shops matching `q`, ordered by the distance of their shop from
/// the CAP's comune, then by relevance.
#[utoipa::path(get, path = "/api/search", tag = "stores",
    params(
        ("q" = String, Query, description = "The products sought, searched as on a shop page"),
        ("cap" = Option<String>, Query, description = "The visitor's CAP (5 digits): nearest shops first"),
        ("page" = Option<u64>, Query, description = "1 to 20; 20 results a page (`nearby::MAX_PAGE`)"),
    ),
    responses((status = 200, body = NearbyResults),
        (status = 422, description = "`validation`: no search, a CAP not of 5 digits or not in the postal data, a page out of 1–20", body = crate::error::ErrorBody),
        (status = 503, description = "`unavailable`: too many searches across shops at once; try again in a few seconds", body = crate::error::ErrorBody)))]
pub async fn search(
    State(app): State<AppState>,
    RawQuery(query): RawQuery,
) -> Result<Json<NearbyResults>> {
    let asked = NearbyQuery::parse(query.as_deref())?;
    if asked.q.trim().is_empty() {
        return Err(AppError::fields(BTreeMap::from([(
            "q",
            messages::NEARBY_QUERY_REQUIRED.to_owned(),
        )]))
        .into());
    }
    let _turn = nearby::turn()
        .await
        .ok_or_else(|| AppError::Unavailable(messages::NEARBY_BUSY.into()))?;
    let shops = app.store_rows.list_with_counts(&app.db).await?;
    let found = nearby::search(&app.db, &app.pages.matches, &app.places, shops, &asked).await?;
    Ok(Json(NearbyResults::of(found, OffsetDateTime::now_utc())))
}
