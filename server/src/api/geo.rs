//! `/api/geo/city-by-cap`: towns for an Italian postal code, from the offline dataset.

use axum::extract::{Query, State};
use axum::Json;
use domain::messages;
use domain::Cap;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::error::{AppError, Result};
use crate::AppState;

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct CapQuery {
    /// Exactly 5 digits.
    pub cap: Option<String>,
}

#[derive(Debug, Serialize, ToSchema, ts_rs::TS)]
pub struct Towns {
    pub comuni: Vec<String>,
}

/// Towns with this CAP; 404 when none, 400 (and no lookup) when it is not 5 digits.
#[utoipa::path(get, path = "/api/geo/city-by-cap", tag = "geo", params(CapQuery),
    responses((status = 200, body = Towns),
        (status = 400, description = "`bad_request`: not 5 digits", body = crate::error::ErrorBody),
        (status = 404, description = "`not_found`: no town has this CAP", body = crate::error::ErrorBody),
        (status = 503, description = "`unavailable`: the postal data is missing", body = crate::error::ErrorBody)))]
pub async fn city_by_cap(
    State(app): State<AppState>,
    Query(query): Query<CapQuery>,
) -> Result<Json<Towns>> {
    let cap = query.cap.unwrap_or_default();
    if Cap::parse(&cap).is_none() {
        return Err(AppError::BadRequest(messages::POSTAL_CODE_INVALID.into()).into());
    }
    if app.geo.is_empty() {
        return Err(AppError::Unavailable(messages::CAP_UNAVAILABLE.into()).into());
    }
    let towns = app
        .geo
        .towns(&cap)
        .ok_or_else(|| AppError::not_found(messages::CAP_NOT_FOUND))?;
    Ok(Json(Towns {
        comuni: towns.to_vec(),
    }))
}
