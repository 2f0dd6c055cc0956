//! Shop logos are files of ours, under `<data-dir>/media/logos/`: a logo given as a web
//! address is fetched once through the outbound-request guard and its copy served, so a
//! visitor's browser never loads a third party's address (tracking, and a GDPR problem
//! for the shop). Uploads no shop uses are removed after a day.

use std::collections::HashSet;
use std::time::Duration as StdDuration;

use domain::messages;
use entities::store;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QuerySelect, Set};

use crate::error::{AppError, Result};
use crate::media::{self, fetch::FetchError, Lane, Turn};
use crate::App;

/// Where uploads and copies are served from.
pub const PREFIX: &str = "/media/logos/";
/// An upload no shop points to is kept this long (the registration form in between).
pub const UNUSED_KEPT: StdDuration = StdDuration::from_secs(24 * 60 * 60);
/// External logos of older shops copied per run.
const COPIES_PER_RUN: u64 = 50;

/// Whether a logo address is outside our server.
pub fn is_external(url: &str) -> bool {
    !url.starts_with("/media/")
}

/// The logo to store for what the owner gave: our own files as they are, a web address
/// replaced by the copy of its image (422 on `logo_img_url` when it gives none). `lane` is
/// whose image work the copy is: the shop's, or the registering client's.
pub async fn local_copy(app: &App, logo: Option<String>, lane: Lane) -> Result<Option<String>> {
    let url = match logo {
        Some(url) if is_external(&url) => url,
        ours => return Ok(ours),
    };
    let policy = &app.config.fetch_policy;
    media::stored_logo_from_url(&app.config.media_dir(), &url, policy, Turn::Asked(lane))
        .await
        .map(Some)
        .map_err(|err| {
            tracing::info!(url, error = %err, "logo address refused");
            match err {
                FetchError::DiskFull(cause) => AppError::from(cause),
                FetchError::Busy => AppError::TooManyRequests {
                    message: messages::IMAGES_LANE_BUSY.into(),
                    retry_after: media::worker::RETRY_AFTER_SECS,
                },
                FetchError::TooManyPixels(_) => {
                    AppError::field("logo_img_url", messages::LOGO_TOO_MANY_PIXELS)
                }
                _ => AppError::field("logo_img_url", messages::LOGO_NOT_FETCHED),
            }
        })
}

/// The housekeeping job's part: copies the external logos of shops saved before logos were copied,
/// then removes unused uploads.
pub async fn tend(app: &App) -> Result<()> {
    copy_external(app).await?;
    let removed = remove_unused(app, UNUSED_KEPT).await?;
    if removed > 0 {
        tracing::info!(removed, "unused logo uploads removed");
    }
    Ok(())
}

/// A logo address that gives no image is dropped: it was never shown to visitors anyway.
async fn copy_external(app: &App) -> Result<()> {
    let shops: Vec<(i64, String)> = store::Entity::find()
        .select_only()
        .columns([store::Column::Id, store::Column::LogoImgUrl])
        .filter(store::Column::LogoImgUrl.is_not_null())
        .filter(store::Column::LogoImgUrl.not_like("/media/%"))
        .limit(COPIES_PER_RUN)
        .into_tuple()
        .all(&app.db)
        .await?;
    for (id, url) in shops {
        let turn = Turn::Background(Lane::Shop(id));
        let copy = media::stored_logo_from_url(
            &app.config.media_dir(),
            &url,
            &app.config.fetch_policy,
            turn,
        )
        .await
        .inspect_err(|err| tracing::warn!(store = id, url, error = %err, "logo not copied"))
        .ok();
        // Only the row that still holds this address: the owner may have changed it since.
        store::Entity::update_many()
            .set(store::ActiveModel {
                logo_img_url: Set(copy),
                ..Default::default()
            })
            .filter(store::Column::Id.eq(id))
            .filter(store::Column::LogoImgUrl.eq(url))
            .exec(&app.db)
            .await?;
    }
    Ok(())
}

/// Removes the files under the logo folder that no shop points to and that are older than
/// `kept`; how many were removed.
pub async fn remove_unused(app: &App, kept: StdDuration) -> Result<usize> {
    let dir = app.config.media_dir().join("logos");
    let old = media::files_older_than(&dir, "", kept)
        .await
        .map_err(|e| io_error(&dir, e))?;
    if old.is_empty() {
        return Ok(0);
    }
    let used: HashSet<String> = store::Entity::find()
        .select_only()
        .column(store::Column::LogoImgUrl)
        .filter(store::Column::LogoImgUrl.like(format!("{PREFIX}%")))
        .into_tuple::<Option<String>>()
        .all(&app.db)
        .await?
        .into_iter()
        .flatten()
        .collect();
    let mut removed = 0;
    for name in old {
        if used.contains(&format!("{PREFIX}{name}")) {
            continue;
        }
        match tokio::fs::remove_file(dir.join(&name)).await {
            Ok(()) => removed += 1,
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => {}
            Err(err) => return Err(io_error(&dir, err)),
        }
    }
    Ok(removed)
}

fn io_error(dir: &std::path::Path, err: std::io::Error) -> AppError {
    AppError::Internal(anyhow::anyhow!("logo folder {}: {err}", dir.display()))
}
