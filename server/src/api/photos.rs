//! `/api/products/{id}/photos`: the owner's photos of a product. An upload is checked by its
//! content (not its name or declared type), at most 10 MB and 40 megapixels (read from its
//! header before decoding), decoded in the shop's turn on the image thread and stored
//! re-encoded (`media::stored_photo`); nothing of the original file is served.

use axum::extract::multipart::MultipartRejection;
use axum::extract::{Multipart, Path, State};
use axum::http::StatusCode;
use axum::Json;
use domain::messages;
use serde::{Deserialize, Serialize};
use time::Duration;
use utoipa::ToSchema;

use super::extract::{parse_id, ApiJson};
use super::uploads::{image_extension, read_file, refused, FileRule};
use crate::auth::{OptionalOwner, Owner};
use crate::error::{AppError, Result};
use crate::media::{self, Lane, Turn};
use crate::services::{photos, product_images, products, rate_limit};
use crate::AppState;

pub use app::media::PHOTO_MAX_BYTES;
/// The request may carry the multipart envelope around a file of the maximum size.
pub const PHOTO_BODY_LIMIT: usize = PHOTO_MAX_BYTES + 64 * 1024;
/// Uploads per shop and hour: each costs the image thread a decode and four encodes.
const UPLOADS_PER_HOUR: u64 = 200;

const PHOTO_FILE: FileRule = FileRule {
    max_bytes: PHOTO_MAX_BYTES,
    too_large: messages::PHOTO_TOO_LARGE,
    missing: messages::PHOTO_MISSING,
    not_image: messages::PHOTO_NOT_IMAGE,
    unreadable: messages::PHOTO_UNREADABLE,
    too_many_pixels: messages::PHOTO_TOO_MANY_PIXELS,
};

/// A product's photos, first (the product's picture) first.
#[derive(Debug, Serialize, ToSchema, ts_rs::TS)]
pub struct ProductPhotos {
    /// The product's picture after the change (its first photo, when it has any).
    pub image_url: Option<String>,
    /// `/media/products/ph-<hash>-800.jpg`; 160, 400 and 1600 px copies are beside each.
    pub photos: Vec<String>,
}

/// The multipart form of a photo upload.
#[derive(ToSchema)]
#[allow(dead_code)]
pub struct PhotoForm {
    /// JPEG, PNG, WebP or GIF, at most 10 MB.
    #[schema(value_type = String, format = Binary)]
    file: Vec<u8>,
}

/// The photos to keep, in their new order (each one of the product's photos).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ArrangeInput {
    pub photos: Vec<String>,
}

/// A product's photos.
#[utoipa::path(get, path = "/api/products/{id}/photos", tag = "products", params(("id" = i64, Path)),
    responses((status = 200, body = ProductPhotos), (status = 404, body = crate::error::ErrorBody)))]
pub async fn list(
    State(app): State<AppState>,
    owner: OptionalOwner,
    Path(id): Path<String>,
) -> Result<Json<ProductPhotos>> {
    let id = parse_id(&id, messages::PRODUCT_NOT_FOUND)?;
    let product = products::find_visible(&app.db, id, owner.0.map(|s| s.id)).await?;
    Ok(Json(ProductPhotos {
        photos: photos::of_product(&app.db, id).await?,
        image_url: product.image_url,
    }))
}

/// Add a photo to a product of the caller's shop (multipart, field `file`).
#[utoipa::path(post, path = "/api/products/{id}/photos", tag = "products", params(("id" = i64, Path)),
    request_body(content = PhotoForm, content_type = "multipart/form-data"), security(("session" = [])),
    responses((status = 201, body = ProductPhotos),
        (status = 400, description = "`bad_request`: no file in the form", body = crate::error::ErrorBody),
        (status = 404, body = crate::error::ErrorBody),
        (status = 409, description = "`conflict`: the product has 6 photos", body = crate::error::ErrorBody),
        (status = 413, description = "`payload_too_large`: over 10 MB or 40 megapixels", body = crate::error::ErrorBody),
        (status = 415, description = "`unsupported_media_type`: not a readable photo", body = crate::error::ErrorBody),
        (status = 429, description = "`rate_limited`: too many photos this hour, or the shop's pictures still in the works", body = crate::error::ErrorBody),
        (status = 503, description = "`unavailable`: too many pictures in the works", body = crate::error::ErrorBody)))]
pub async fn upload(
    State(app): State<AppState>,
    owner: Owner,
    Path(id): Path<String>,
    multipart: Result<Multipart, MultipartRejection>,
) -> Result<(StatusCode, Json<ProductPhotos>)> {
    let id = parse_id(&id, messages::PRODUCT_NOT_FOUND)?;
    let store_id = owner.store.id;
    photos::check_room(&app.db, store_id, id).await?;
    let url = stored_upload(&app, store_id, multipart).await?;
    let (product, photos) = photos::add(&app.db, store_id, id, &url).await?;
    Ok((
        StatusCode::CREATED,
        Json(ProductPhotos {
            image_url: product.image_url,
            photos,
        }),
    ))
}

/// A photo sent by a shop's owner (a product's or the shop's), checked, counted against the
/// shop's hourly uploads, decoded in the shop's turn and stored; its address.
pub(crate) async fn stored_upload(
    app: &AppState,
    store_id: i64,
    multipart: Result<Multipart, MultipartRejection>,
) -> Result<String> {
    let mut multipart =
        multipart.map_err(|_| AppError::BadRequest(messages::PHOTO_MISSING.into()))?;
    let bytes = read_file(&mut multipart, &PHOTO_FILE).await?;
    if image_extension(&bytes).is_none() {
        return Err(AppError::UnsupportedMedia(PHOTO_FILE.not_image.into()).into());
    }
    // From the header alone: a picture too large to decode is refused before it waits.
    media::check_pixels(&bytes).map_err(|err| refused(err.into(), &PHOTO_FILE))?;
    rate_limit::take(
        &app.db,
        &format!("photo:store:{store_id}"),
        UPLOADS_PER_HOUR,
        Duration::hours(1),
        messages::TOO_MANY_PHOTOS,
    )
    .await?;
    // In the shop's lane of the image thread: another shop's pictures do not hold it up.
    let turn = Turn::Asked(Lane::Shop(store_id));
    Ok(media::stored_photo(&app.config.media_dir(), bytes, turn)
        .await
        .map_err(|err| refused(err, &PHOTO_FILE))?)
}

/// Reorder or remove a product's photos: the body lists the ones to keep, first the
/// product's picture. With none left the product gets its drawn tile again.
#[utoipa::path(put, path = "/api/products/{id}/photos", tag = "products", params(("id" = i64, Path)),
    request_body = ArrangeInput, security(("session" = [])),
    responses((status = 200, body = ProductPhotos), (status = 404, body = crate::error::ErrorBody),
        (status = 422, body = crate::error::ErrorBody)))]
pub async fn arrange(
    State(app): State<AppState>,
    owner: Owner,
    Path(id): Path<String>,
    ApiJson(input): ApiJson<ArrangeInput>,
) -> Result<Json<ProductPhotos>> {
    let id = parse_id(&id, messages::PRODUCT_NOT_FOUND)?;
    if input.photos.len() > photos::PER_PRODUCT {
        return Err(AppError::field("photos", messages::PHOTOS_NOT_OF_PRODUCT).into());
    }
    let (product, photos) = photos::arrange(&app.db, owner.store.id, id, &input.photos).await?;
    if product.image_url.is_none() {
        product_images::complete_in_background(&app, owner.store.id, product.id - 1);
    }
    Ok(Json(ProductPhotos {
        image_url: product.image_url,
        photos,
    }))
}
