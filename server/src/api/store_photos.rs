//! `/api/stores/me/photos`: photos of the shop itself, shown on its page and in its
//! structured data. Uploads are checked and stored as product photos are (`api::photos`).

use axum::extract::multipart::MultipartRejection;
use axum::extract::{Multipart, State};
use axum::http::StatusCode;
use axum::Json;
use domain::messages;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::extract::ApiJson;
use super::photos::stored_upload;
use crate::auth::Owner;
use crate::error::{AppError, Result};
use crate::services::store_photos;
use crate::AppState;

/// The shop's photos, first shown first.
#[derive(Debug, Serialize, ToSchema, ts_rs::TS)]
pub struct StorePhotos {
    /// `/media/products/ph-<hash>-800.jpg`; 160, 400 and 1600 px copies are beside each.
    pub photos: Vec<String>,
}

/// The photos to keep, in their new order (each one of the shop's).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct StorePhotosInput {
    pub photos: Vec<String>,
}

/// The owner's shop's photos.
#[utoipa::path(get, path = "/api/stores/me/photos", tag = "stores", security(("session" = [])),
    responses((status = 200, body = StorePhotos), (status = 401, body = crate::error::ErrorBody)))]
pub async fn list(owner: Owner) -> Json<StorePhotos> {
    Json(StorePhotos {
        photos: store_photos::of_store(&owner.store),
    })
}

/// Add a photo of the shop (multipart, field `file`).
#[utoipa::path(post, path = "/api/stores/me/photos", tag = "stores",
    request_body(content = super::photos::PhotoForm, content_type = "multipart/form-data"), security(("session" = [])),
    responses((status = 201, body = StorePhotos),
        (status = 400, description = "`bad_request`: no file in the form", body = crate::error::ErrorBody),
        (status = 409, description = "`conflict`: the shop has 6 photos", body = crate::error::ErrorBody),
        (status = 413, description = "`payload_too_large`: over 10 MB or 40 megapixels", body = crate::error::ErrorBody),
        (status = 415, description = "`unsupported_media_type`: not a readable photo", body = crate::error::ErrorBody),
        (status = 429, description = "`rate_limited`: too many photos this hour, or the shop's pictures still in the works", body = crate::error::ErrorBody),
        (status = 503, description = "`unavailable`: too many pictures in the works", body = crate::error::ErrorBody)))]
pub async fn upload(
    State(app): State<AppState>,
    owner: Owner,
    multipart: Result<Multipart, MultipartRejection>,
) -> Result<(StatusCode, Json<StorePhotos>)> {
    store_photos::check_room(&owner.store)?;
    let url = stored_upload(&app, owner.store.id, multipart).await?;
    let photos = store_photos::add(&app.db, owner.store.id, &url).await?;
    Ok((StatusCode::CREATED, Json(StorePhotos { photos })))
}

/// Reorder or remove the shop's photos: the body lists the ones to keep.
#[utoipa::path(put, path = "/api/stores/me/photos", tag = "stores", request_body = StorePhotosInput,
    security(("session" = [])),
    responses((status = 200, body = StorePhotos), (status = 422, body = crate::error::ErrorBody)))]
pub async fn arrange(
    State(app): State<AppState>,
    owner: Owner,
    ApiJson(input): ApiJson<StorePhotosInput>,
) -> Result<Json<StorePhotos>> {
    if input.photos.len() > store_photos::PER_STORE {
        return Err(AppError::field("photos", messages::PHOTOS_NOT_OF_SHOP).into());
    }
    let photos = store_photos::arrange(&app.db, owner.store.id, &input.photos).await?;
    Ok(Json(StorePhotos { photos }))
}
