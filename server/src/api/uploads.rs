//! `POST /api/uploads/logo`: the optional shop logo of the registration page. The file
//! must be an image by its content (not by its name or declared type), at most 5 MB; it
//! is stored under `<data-dir>/media/logos/` with a random name and served at `/media`.

use std::net::SocketAddr;

use axum::extract::multipart::MultipartRejection;
use axum::extract::{ConnectInfo, Multipart, State};
use axum::http::StatusCode;
use axum::Json;
use serde::Serialize;
use time::Duration;
use utoipa::ToSchema;

use crate::error::{AppError, Result};
use crate::media;
use crate::messages;
use crate::services::{rate_limit, sessions};
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
        (status = 413, body = crate::error::ErrorBody),
        (status = 415, description = "`unsupported_media_type`: not an image", body = crate::error::ErrorBody),
        (status = 429, description = "`rate_limited`", body = crate::error::ErrorBody)))]
pub async fn logo(
    State(app): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    multipart: Result<Multipart, MultipartRejection>,
) -> Result<(StatusCode, Json<Uploaded>)> {
    let bucket = format!("upload:ip:{}", peer.ip());
    if rate_limit::count(&app.db, &bucket, UPLOAD_WINDOW).await? >= UPLOADS_PER_CLIENT {
        let retry_after = rate_limit::seconds_until_free(&app.db, &bucket, UPLOAD_WINDOW).await?;
        return Err(AppError::TooManyRequests {
            message: messages::TOO_MANY_UPLOADS.into(),
            retry_after,
        });
    }
    let mut multipart =
        multipart.map_err(|_| AppError::BadRequest(messages::LOGO_MISSING.into()))?;
    let bytes = read_file(&mut multipart, &LOGO_FILE).await?;
    let ext = image_extension(&bytes)
        .ok_or(AppError::UnsupportedMedia(messages::LOGO_NOT_IMAGE.into()))?;
    rate_limit::record(&app.db, &bucket).await?;
    let name = format!("{}.{ext}", &sessions::new_token()[..32]);
    let path = app.config.media_dir().join("logos").join(&name);
    media::write_atomically(&path, &bytes).await?;
    Ok((
        StatusCode::CREATED,
        Json(Uploaded {
            url: format!("/media/logos/{name}"),
        }),
    ))
}

/// What a multipart upload accepts and how its refusals read.
pub struct FileRule {
    pub max_bytes: usize,
    pub too_large: &'static str,
    pub missing: &'static str,
}

const LOGO_FILE: FileRule = FileRule {
    max_bytes: LOGO_MAX_BYTES,
    too_large: messages::LOGO_TOO_LARGE,
    missing: messages::LOGO_MISSING,
};

/// The first file part, refused as soon as it passes the size limit.
pub async fn read_file(multipart: &mut Multipart, rule: &FileRule) -> Result<Vec<u8>> {
    let too_large = || AppError::PayloadTooLarge(rule.too_large.into());
    let missing = || AppError::BadRequest(rule.missing.into());
    let broken = |e: axum::extract::multipart::MultipartError| {
        if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
            too_large()
        } else {
            missing()
        }
    };
    while let Some(mut field) = multipart.next_field().await.map_err(broken)? {
        if field.file_name().is_none() && field.name() != Some("file") {
            continue;
        }
        let mut bytes = Vec::new();
        while let Some(chunk) = field.chunk().await.map_err(broken)? {
            if bytes.len() + chunk.len() > rule.max_bytes {
                return Err(too_large());
            }
            bytes.extend_from_slice(&chunk);
        }
        if bytes.is_empty() {
            return Err(missing());
        }
        return Ok(bytes);
    }
    Err(missing())
}

/// PNG, JPEG, GIF or WebP by their signatures. SVG is refused: it can carry scripts.
pub fn image_extension(bytes: &[u8]) -> Option<&'static str> {
    if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        Some("png")
    } else if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
        Some("jpg")
    } else if bytes.starts_with(b"GIF87a") || bytes.starts_with(b"GIF89a") {
        Some("gif")
    } else if bytes.len() >= 12 && &bytes[..4] == b"RIFF" && &bytes[8..12] == b"WEBP" {
        Some("webp")
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::image_extension;

    #[test]
    fn images_are_recognised_by_content() {
        assert_eq!(image_extension(b"\x89PNG\r\n\x1a\n...."), Some("png"));
        assert_eq!(image_extension(&[0xFF, 0xD8, 0xFF, 0xE0]), Some("jpg"));
        assert_eq!(image_extension(b"GIF89a..."), Some("gif"));
        assert_eq!(image_extension(b"RIFF\x10\0\0\0WEBPVP8 "), Some("webp"));
        assert_eq!(
            image_extension(b"<svg xmlns='http://www.w3.org/2000/svg'/>"),
            None
        );
        assert_eq!(image_extension(b"name;price\n"), None);
    }
}
