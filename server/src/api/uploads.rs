//! `POST /api/uploads/logo`: the optional shop logo of the registration page, sent without
//! an account. The file must be an image by its content (not by its name or declared type),
//! at most 5 MB and 40 megapixels; it is decoded and stored re-encoded as PNG of at most
//! 512 × 512 (`media::stored_logo`) under `<data-dir>/media/logos/` with a random name, so
//! what is stored is a picture and weighs at most about a megabyte whatever was sent.
//! A client address may send 30 logos and `--upload-mb-per-hour` megabytes an hour: bytes
//! that are no picture count as well (random bytes behind a PNG signature once filled the
//! disk at 141 MB per address and hour).

pub use app::media::image_extension;
use std::net::IpAddr;

use axum::extract::multipart::MultipartRejection;
use axum::extract::{Multipart, State};
use axum::http::StatusCode;
use axum::Json;
use domain::messages;
use serde::Serialize;
use time::Duration;
use utoipa::ToSchema;

use crate::error::{AppError, Result};
use crate::media::{self, Lane, PictureError, Turn, UploadError};
use crate::net::ClientAddr;
use crate::services::rate_limit;
use crate::AppState;

pub const LOGO_MAX_BYTES: usize = 5 * 1024 * 1024;
/// The request may carry the multipart envelope around a file of the maximum size.
pub const LOGO_BODY_LIMIT: usize = LOGO_MAX_BYTES + 64 * 1024;
const UPLOADS_PER_CLIENT: u64 = 30;
const UPLOAD_WINDOW: Duration = Duration::hours(1);

#[derive(Debug, Serialize, ToSchema, ts_rs::TS)]
pub struct Uploaded {
    /// Path of the stored image, for `logo_img_url`.
    pub url: String,
}

/// The multipart form of a logo upload.
#[derive(ToSchema)]
#[allow(dead_code)]
pub struct LogoForm {
    /// PNG, JPEG, GIF or WebP, at most 5 MB.
    #[schema(value_type = String, format = Binary)]
    file: Vec<u8>,
}

/// Upload a logo image (multipart, field `file`).
#[utoipa::path(post, path = "/api/uploads/logo", tag = "uploads",
    request_body(content = LogoForm, content_type = "multipart/form-data"),
    responses((status = 201, body = Uploaded),
        (status = 400, description = "`bad_request`: no file in the form", body = crate::error::ErrorBody),
        (status = 413, description = "`payload_too_large`: over 5 MB or 40 megapixels", body = crate::error::ErrorBody),
        (status = 415, description = "`unsupported_media_type`: not a readable image", body = crate::error::ErrorBody),
        (status = 429, description = "`rate_limited`: too many logos or bytes from this address, or its logos still in the works", body = crate::error::ErrorBody),
        (status = 503, description = "`unavailable`: too many pictures in the works", body = crate::error::ErrorBody)))]
pub async fn logo(
    State(app): State<AppState>,
    ClientAddr(client): ClientAddr,
    multipart: Result<Multipart, MultipartRejection>,
) -> Result<(StatusCode, Json<Uploaded>)> {
    let bucket = format!("upload:ip:{client}");
    if rate_limit::count(&app.db, &bucket, UPLOAD_WINDOW).await? >= UPLOADS_PER_CLIENT {
        let retry_after = rate_limit::seconds_until_free(&app.db, &bucket, UPLOAD_WINDOW).await?;
        return Err(AppError::TooManyRequests {
            message: messages::TOO_MANY_UPLOADS.into(),
            retry_after,
        }
        .into());
    }
    let mut multipart =
        multipart.map_err(|_| AppError::BadRequest(messages::LOGO_MISSING.into()))?;
    let bytes = read_file(&mut multipart, &LOGO_FILE).await?;
    if image_extension(&bytes).is_none() {
        return Err(AppError::UnsupportedMedia(LOGO_FILE.not_image.into()).into());
    }
    // Counted before the work: bytes that turn out to be no picture cost as much.
    let received = bytes.len() as u64;
    let bytes_bucket = bytes_bucket(client);
    rate_limit::take_amount(
        &app.db,
        &bytes_bucket,
        received,
        app.config
            .limits
            .upload_mb_per_hour
            .saturating_mul(1024 * 1024),
        UPLOAD_WINDOW,
        messages::TOO_MANY_UPLOAD_BYTES,
    )
    .await?;
    rate_limit::record(&app.db, &bucket).await?;
    let turn = Turn::Asked(Lane::Client(client));
    let (url, written) = media::stored_logo(&app.config.media_dir(), bytes, turn)
        .await
        .map_err(|err| refused(err, &LOGO_FILE))?;
    // A copy larger than what was sent (a small JPEG made PNG) counts at its size on disk.
    let extra = (written as u64).saturating_sub(received);
    if extra > 0 {
        rate_limit::record_amount(&app.db, &bytes_bucket, extra).await?;
    }
    Ok((StatusCode::CREATED, Json(Uploaded { url })))
}

/// The rate-limit bucket of a client's logo bytes.
pub fn bytes_bucket(client: IpAddr) -> String {
    format!("upload-bytes:ip:{client}")
}

/// What a multipart upload accepts and how its refusals read.
pub struct FileRule {
    pub max_bytes: usize,
    pub too_large: &'static str,
    pub missing: &'static str,
    /// Its signature is not of a picture format we take.
    pub not_image: &'static str,
    /// It says it is one but does not decode.
    pub unreadable: &'static str,
    /// Its header gives more than `media::MAX_MEGAPIXELS`.
    pub too_many_pixels: &'static str,
}

const LOGO_FILE: FileRule = FileRule {
    max_bytes: LOGO_MAX_BYTES,
    too_large: messages::LOGO_TOO_LARGE,
    missing: messages::LOGO_MISSING,
    not_image: messages::LOGO_NOT_IMAGE,
    unreadable: messages::LOGO_NOT_IMAGE,
    too_many_pixels: messages::LOGO_TOO_MANY_PIXELS,
};

/// The answer to a picture that was not stored.
pub fn refused(err: UploadError, rule: &FileRule) -> AppError {
    match err {
        UploadError::Picture(PictureError::Unreadable(_)) => {
            AppError::UnsupportedMedia(rule.unreadable.into())
        }
        UploadError::Picture(PictureError::TooManyPixels) => {
            AppError::PayloadTooLarge(rule.too_many_pixels.into())
        }
        UploadError::LaneFull => AppError::TooManyRequests {
            message: messages::IMAGES_LANE_BUSY.into(),
            retry_after: media::worker::RETRY_AFTER_SECS,
        },
        UploadError::Busy => AppError::Unavailable(messages::IMAGES_BUSY.into()),
        UploadError::Storage(err) => AppError::from(err),
    }
}

/// The first file part, refused as soon as it passes the size limit.
pub async fn read_file(multipart: &mut Multipart, rule: &FileRule) -> Result<Vec<u8>> {
    let too_large = || AppError::PayloadTooLarge(rule.too_large.into());
    let missing = || AppError::BadRequest(rule.missing.into());
    let broken = |e| broken_form(e, rule.too_large, rule.missing);
    while let Some(mut field) = multipart.next_field().await.map_err(broken)? {
        if field.file_name().is_none() && field.name() != Some("file") {
            continue;
        }
        let mut bytes = Vec::new();
        while let Some(chunk) = field.chunk().await.map_err(broken)? {
            if bytes.len() + chunk.len() > rule.max_bytes {
                return Err(too_large().into());
            }
            bytes.extend_from_slice(&chunk);
        }
        if bytes.is_empty() {
            return Err(missing().into());
        }
        return Ok(bytes);
    }
    Err(missing().into())
}

/// A multipart form that could not be read: past the body limit (413, `too_large`), or cut
/// or malformed, which reads as a form without its file (400, `missing`).
pub fn broken_form(
    e: axum::extract::multipart::MultipartError,
    too_large: &str,
    missing: &str,
) -> AppError {
    if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
        AppError::PayloadTooLarge(too_large.into())
    } else {
        AppError::BadRequest(missing.into())
    }
}
