//! `/api/stores/me/photo-batches`: a ZIP of product pictures named by the products' codes
//! (`services::photo_batches`). The upload is written to disk as it arrives (never held in
//! memory), at most 200 MB; its names are matched at once and the answer says what matched;
//! the pictures are then stored in the background, and `…/latest` tells how far it got.

use axum::extract::multipart::MultipartRejection;
use axum::extract::{Multipart, State};
use axum::http::StatusCode;
use axum::Json;
use domain::messages;
use entities::photo_batch;
use serde::Serialize;
use time::format_description::well_known::Rfc3339;
use time::Duration;
use tokio::io::AsyncWriteExt;
use utoipa::ToSchema;

use crate::auth::Owner;
use crate::error::{ApiError, AppError, Result};
use crate::services::photo_batches::{self, PhotoProblem};
use crate::services::rate_limit;
use crate::AppState;

/// The request may carry the multipart envelope around a ZIP of the maximum size.
pub const ZIP_BODY_LIMIT: usize = photo_batches::MAX_ZIP_BYTES as usize + 64 * 1024;

/// A ZIP of pictures and how far its pictures are.
#[derive(Debug, Serialize, ToSchema, ts_rs::TS)]
pub struct PhotoBatchView {
    pub id: i64,
    /// The ZIP's name on the owner's computer.
    pub file_name: String,
    /// `pending` (pictures being stored), `done`, or `failed` (the ZIP could not be read).
    pub state: String,
    /// Pictures matched to a product.
    pub total: i32,
    /// Of those, handled so far.
    pub done: i32,
    /// Of those, attached to their product.
    pub added: i32,
    /// Pictures whose name matched no product's code (the first 200).
    pub unmatched: Vec<String>,
    pub unmatched_count: u32,
    /// Matched pictures that could not be used, and why.
    pub problems: Vec<PhotoProblem>,
    /// RFC 3339.
    pub created_at: String,
}

impl From<photo_batch::Model> for PhotoBatchView {
    fn from(b: photo_batch::Model) -> Self {
        #[derive(serde::Deserialize, Default)]
        struct Unmatched {
            count: u32,
            names: Vec<String>,
        }
        let unmatched: Unmatched = serde_json::from_str(&b.unmatched).unwrap_or_default();
        Self {
            id: b.id,
            file_name: b.file_name,
            state: b.state,
            total: b.total,
            done: b.done,
            added: b.added,
            unmatched: unmatched.names,
            unmatched_count: unmatched.count,
            problems: serde_json::from_str(&b.report).unwrap_or_default(),
            created_at: b.created_at.format(&Rfc3339).unwrap_or_default(),
        }
    }
}

/// The multipart form of a ZIP upload.
#[derive(ToSchema)]
#[allow(dead_code)]
pub struct ZipForm {
    /// A ZIP of JPEG, PNG, WebP or GIF pictures, at most 200 MB.
    #[schema(value_type = String, format = Binary)]
    file: Vec<u8>,
}

/// Send a ZIP of product pictures named by the products' codes (multipart, field `file`).
#[utoipa::path(post, path = "/api/stores/me/photo-batches", tag = "products",
    request_body(content = ZipForm, content_type = "multipart/form-data"), security(("session" = [])),
    responses((status = 202, body = PhotoBatchView),
        (status = 400, description = "`bad_request`: no file in the form", body = crate::error::ErrorBody),
        (status = 409, description = "`conflict`: the shop's previous ZIP is still being stored", body = crate::error::ErrorBody),
        (status = 413, description = "`payload_too_large`: over 200 MB, or over 2,000 pictures", body = crate::error::ErrorBody),
        (status = 415, description = "`unsupported_media_type`: not a ZIP", body = crate::error::ErrorBody),
        (status = 422, description = "`validation_error`: no picture is named by a product's code", body = crate::error::ErrorBody),
        (status = 429, description = "`rate_limited`: too many ZIPs today", body = crate::error::ErrorBody)))]
pub async fn upload(
    State(app): State<AppState>,
    owner: Owner,
    multipart: Result<Multipart, MultipartRejection>,
) -> Result<(StatusCode, Json<PhotoBatchView>)> {
    let store_id = owner.store.id;
    if photo_batches::running(&app.db, store_id).await?.is_some() {
        return Err(AppError::Conflict(messages::PHOTO_ZIP_RUNNING.into()).into());
    }
    let dir = app.config.data_dir.join(photo_batches::DIR);
    tokio::fs::create_dir_all(&dir)
        .await
        .map_err(anyhow::Error::from)?;
    let path = dir.join(format!("{store_id}-{:016x}.zip", rand::random::<u64>()));
    let outcome = async {
        let file_name = receive(multipart, &path).await?;
        let keys = photo_batches::keys_of_shop(&app.db, store_id).await?;
        let zip = path.clone();
        let matched = tokio::task::spawn_blocking(move || photo_batches::match_zip(&zip, &keys))
            .await
            .map_err(anyhow::Error::from)??;
        if matched.entries.is_empty() {
            return Err(AppError::field("file", messages::PHOTO_ZIP_NO_MATCH).into());
        }
        rate_limit::take(
            &app.db,
            &format!("photo-zip:store:{store_id}"),
            photo_batches::BATCHES_PER_DAY,
            Duration::days(1),
            messages::PHOTO_ZIP_TOO_MANY_TODAY,
        )
        .await?;
        photo_batches::start(&app, store_id, &file_name, &path, matched)
            .await
            .map_err(ApiError::from)
    }
    .await;
    match outcome {
        Ok(batch) => Ok((StatusCode::ACCEPTED, Json(batch.into()))),
        Err(err) => {
            // Nothing of a refused ZIP stays on disk.
            let _ = tokio::fs::remove_file(&path).await;
            Err(err)
        }
    }
}

/// Writes the form's file to `path` as it arrives, at most [`photo_batches::MAX_ZIP_BYTES`];
/// the file's name on the owner's computer.
async fn receive(
    multipart: Result<Multipart, MultipartRejection>,
    path: &std::path::Path,
) -> Result<String> {
    let missing = || AppError::BadRequest(messages::PHOTO_ZIP_MISSING.into());
    let too_large = || AppError::PayloadTooLarge(messages::PHOTO_ZIP_TOO_LARGE.into());
    let broken = |e| {
        super::uploads::broken_form(
            e,
            messages::PHOTO_ZIP_TOO_LARGE,
            messages::PHOTO_ZIP_MISSING,
        )
    };
    let mut multipart = multipart.map_err(|_| missing())?;
    while let Some(mut field) = multipart.next_field().await.map_err(broken)? {
        if field.name() != Some("file") {
            continue;
        }
        let name = field.file_name().unwrap_or("foto.zip").to_owned();
        let mut out = tokio::fs::File::create(path)
            .await
            .map_err(anyhow::Error::from)?;
        let mut written: u64 = 0;
        while let Some(chunk) = field.chunk().await.map_err(broken)? {
            written += chunk.len() as u64;
            if written > photo_batches::MAX_ZIP_BYTES {
                return Err(too_large().into());
            }
            out.write_all(&chunk).await.map_err(anyhow::Error::from)?;
        }
        out.flush().await.map_err(anyhow::Error::from)?;
        if written == 0 {
            return Err(missing().into());
        }
        return Ok(name);
    }
    Err(missing().into())
}

/// The shop's newest ZIP of pictures and how far it got (`null` before the first).
#[utoipa::path(get, path = "/api/stores/me/photo-batches/latest", tag = "products",
    security(("session" = [])), responses((status = 200, body = Option<PhotoBatchView>)))]
pub async fn latest(
    State(app): State<AppState>,
    owner: Owner,
) -> Result<Json<Option<PhotoBatchView>>> {
    Ok(Json(
        photo_batches::latest(&app.db, owner.store.id)
            .await?
            .map(PhotoBatchView::from),
    ))
}
