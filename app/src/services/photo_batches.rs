//! Pictures that come with a price list, in one ZIP: each picture named by its product's
//! code (`ABC123.jpg`, then `ABC123_2.jpg`, `ABC123-3.png`, `ABC123 (4).jpg` for more) or by
//! the file name the list's image column gave it (`products.image_name`), attached to that product of the owner's
//! shop like a photo the owner uploaded (decoded, re-encoded, the first becoming the
//! product's picture).
//!
//! The request only stores the ZIP and matches its names (a few milliseconds for thousands
//! of entries); the pictures are stored by a background job (`jobs`, kind [`JOB`]) in the
//! shop's lane of the image thread, so the owner sees the progress and no request waits for
//! a thousand decodes. The job counts what it has handled: one taken over by another
//! instance goes on where the last stopped, and a picture stored twice is one photo.
//!
//! Bounded: the ZIP's size ([`MAX_ZIP_BYTES`]), its entries ([`MAX_ENTRIES`]), the pictures
//! used ([`MAX_PICTURES`]), each picture's size before it is inflated (the zip crate never
//! inflates an entry past the size it declares) and its pixels before it is decoded; one
//! batch at a time per shop, [`BATCHES_PER_DAY`] a day.

use std::collections::HashMap;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use domain::messages;
use entities::{photo_batch, product};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait,
    IntoActiveModel, QueryFilter, QueryOrder, QuerySelect, Set, TransactionTrait,
};
use serde::{Deserialize, Serialize};
use time::OffsetDateTime;

use crate::error::{AppError, Result};
use crate::jobs;
use crate::media::{self, Lane, Turn};
use crate::services::photos;
use crate::App;

/// The job kind; its key is the batch's id.
pub const JOB: &str = "photo_batch";
/// Largest ZIP accepted.
pub const MAX_ZIP_BYTES: u64 = 200 * 1024 * 1024;
/// Entries of any kind a ZIP may list.
pub const MAX_ENTRIES: usize = 10_000;
/// Pictures one ZIP may attach.
pub const MAX_PICTURES: usize = 2_000;
/// ZIPs a shop may send a day.
pub const BATCHES_PER_DAY: u64 = 10;
/// Names of unmatched pictures kept for the report (the count is always whole).
const UNMATCHED_KEPT: usize = 200;
/// The progress is written after this many pictures.
const PROGRESS_EVERY: usize = 10;
/// Where the ZIPs wait under the data directory.
pub const DIR: &str = "photo-batches";

pub const PENDING: &str = "pending";
pub const DONE: &str = "done";
pub const FAILED: &str = "failed";

/// A picture of the ZIP to attach: its entry, its name, its product.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    pub index: usize,
    pub name: String,
    pub product_id: i64,
}

/// A matched picture that could not be used, and why (in Italian, for the owner).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema, ts_rs::TS)]
pub struct PhotoProblem {
    pub name: String,
    pub reason: String,
}

/// What the ZIP's names matched.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Matched {
    pub entries: Vec<Entry>,
    /// Pictures no product matched, in the ZIP's order.
    pub unmatched: Vec<String>,
}

/// A product's keys a picture may be named by, as compared ([`code_key`]).
#[derive(Debug, Default)]
pub struct Keys {
    /// Codes (SKU, EAN) → product; the first product of a code wins.
    codes: HashMap<String, i64>,
    /// The file names the price list gave the products' pictures, without extension.
    names: HashMap<String, i64>,
}

impl Keys {
    pub fn add_code(&mut self, code: &str, product_id: i64) {
        let code = code_key(code);
        if !code.is_empty() {
            self.codes.entry(code).or_insert(product_id);
        }
    }

    /// The list's name of the product's picture ("ABC123.jpg"): the same picture saved as
    /// another format ("ABC123.png") still matches.
    pub fn add_file_name(&mut self, name: &str, product_id: i64) {
        let stem = code_key(stem_of(name));
        if !stem.is_empty() {
            self.names.entry(stem).or_insert(product_id);
        }
    }

    /// The product a picture's file name is for, and the picture's place among its
    /// pictures (0 for the name the list gave or the code alone, n for `code_n`).
    fn product_of(&self, file_name: &str) -> Option<(i64, u32)> {
        let stem = code_key(stem_of(file_name));
        if let Some(&id) = self.names.get(&stem).or_else(|| self.codes.get(&stem)) {
            return Some((id, 0));
        }
        let (base, n) = numbered(&stem)?;
        self.codes.get(base).map(|&id| (id, n))
    }
}

/// A file name without its extension.
fn stem_of(name: &str) -> &str {
    name.rsplit_once('.').map_or(name, |(stem, _)| stem)
}

/// Codes are compared trimmed and without case: `abc123.JPG` is `ABC123`'s picture.
fn code_key(text: &str) -> String {
    text.trim().to_lowercase()
}

/// `code_2`, `code-2`, `code 2`, `code (2)` → (`code`, 2).
fn numbered(stem: &str) -> Option<(&str, u32)> {
    let inner = stem
        .strip_suffix(')')
        .and_then(|s| s.rsplit_once('('))
        .map(|(base, n)| (base.trim_end(), n));
    let (base, digits) = inner.or_else(|| {
        let at = stem.rfind(['_', '-', ' '])?;
        Some((&stem[..at], &stem[at + 1..]))
    })?;
    let n = digits
        .parse::<u32>()
        .ok()
        .filter(|n| (1..100).contains(n))?;
    (!base.is_empty()).then_some((base.trim_end(), n))
}

/// The file name of a ZIP entry when it is a picture worth reading: not a folder, not the
/// resource forks macOS adds (`__MACOSX/`, `._name`), an image's extension.
fn picture_name(entry: &str) -> Option<&str> {
    if entry.ends_with('/') || entry.starts_with("__MACOSX/") || entry.contains("/__MACOSX/") {
        return None;
    }
    let name = entry.rsplit(['/', '\\']).next()?;
    let extension = name.rsplit_once('.')?.1.to_ascii_lowercase();
    let picture = ["jpg", "jpeg", "png", "webp", "gif"].contains(&extension.as_str());
    (picture && !name.starts_with('.')).then_some(name)
}

/// Reads the names of the ZIP at `path` and matches its pictures to `keys`; a product's
/// pictures in their order (the code alone first, then `_2`, `_3`…).
pub fn match_zip(path: &Path, keys: &Keys) -> Result<Matched> {
    let file = std::fs::File::open(path).map_err(anyhow::Error::from)?;
    let mut archive = zip::ZipArchive::new(file)
        .map_err(|_| AppError::UnsupportedMedia(messages::PHOTO_ZIP_NOT_ZIP.into()))?;
    if archive.len() > MAX_ENTRIES {
        return Err(AppError::PayloadTooLarge(
            messages::PHOTO_ZIP_TOO_MANY.into(),
        ));
    }
    let mut found: Vec<(i64, u32, Entry)> = Vec::new();
    let mut unmatched = Vec::new();
    for index in 0..archive.len() {
        let entry = archive
            .by_index_raw(index)
            .map_err(|_| AppError::UnsupportedMedia(messages::PHOTO_ZIP_NOT_ZIP.into()))?;
        let full = entry.name().map_or_else(
            |_| String::from_utf8_lossy(entry.name_raw()).into_owned(),
            |n| n.into_owned(),
        );
        let Some(name) = picture_name(&full) else {
            continue;
        };
        match keys.product_of(name) {
            Some((product_id, n)) => found.push((
                product_id,
                n,
                Entry {
                    index,
                    name: name.to_owned(),
                    product_id,
                },
            )),
            None => unmatched.push(name.to_owned()),
        }
    }
    if found.len() > MAX_PICTURES {
        return Err(AppError::PayloadTooLarge(
            messages::PHOTO_ZIP_TOO_MANY.into(),
        ));
    }
    found.sort_by(|a, b| (a.0, a.1, &a.2.name).cmp(&(b.0, b.1, &b.2.name)));
    Ok(Matched {
        entries: found.into_iter().map(|(_, _, e)| e).collect(),
        unmatched,
    })
}

/// The codes and picture names of the shop's products.
pub async fn keys_of_shop(db: &impl ConnectionTrait, store_id: i64) -> Result<Keys> {
    type Row = (i64, Option<String>, Option<String>, Option<String>);
    let rows: Vec<Row> = product::Entity::find()
        .select_only()
        .columns([
            product::Column::Id,
            product::Column::Sku,
            product::Column::Ean,
            product::Column::ImageName,
        ])
        .filter(product::Column::StoreId.eq(store_id))
        .order_by_asc(product::Column::Id)
        .into_tuple()
        .all(db)
        .await?;
    let mut keys = Keys::default();
    for (id, sku, ean, image_name) in rows {
        for code in [sku, ean].into_iter().flatten() {
            keys.add_code(&code, id);
        }
        if let Some(name) = image_name {
            keys.add_file_name(&name, id);
        }
    }
    Ok(keys)
}

/// The shop's batch still at work, if any.
pub async fn running(
    db: &impl ConnectionTrait,
    store_id: i64,
) -> Result<Option<photo_batch::Model>> {
    Ok(photo_batch::Entity::find()
        .filter(photo_batch::Column::StoreId.eq(store_id))
        .filter(photo_batch::Column::State.eq(PENDING))
        .one(db)
        .await?)
}

/// The shop's newest batch.
pub async fn latest(
    db: &impl ConnectionTrait,
    store_id: i64,
) -> Result<Option<photo_batch::Model>> {
    Ok(photo_batch::Entity::find()
        .filter(photo_batch::Column::StoreId.eq(store_id))
        .order_by_desc(photo_batch::Column::Id)
        .one(db)
        .await?)
}

/// Records a matched ZIP kept at `path` and schedules its job; a conflict when the shop
/// has a batch at work. Checked and written under the shop's lock, so two uploads sent at
/// once (a double click, two instances) never both start.
pub async fn start(
    app: &App,
    store_id: i64,
    file_name: &str,
    path: &Path,
    matched: Matched,
) -> Result<photo_batch::Model> {
    let unmatched: Vec<&String> = matched.unmatched.iter().take(UNMATCHED_KEPT).collect();
    let txn = app.db.begin().await?;
    super::lock_store(&txn, store_id).await?;
    if running(&txn, store_id).await?.is_some() {
        return Err(AppError::Conflict(messages::PHOTO_ZIP_RUNNING.into()));
    }
    let batch = photo_batch::ActiveModel {
        store_id: Set(store_id),
        file_name: Set(file_name
            .chars()
            .filter(|c| !c.is_control())
            .take(200)
            .collect()),
        path: Set(path.to_string_lossy().into_owned()),
        state: Set(PENDING.to_owned()),
        entries: Set(serde_json::to_string(&matched.entries).map_err(anyhow::Error::from)?),
        total: Set(matched.entries.len() as i32),
        done: Set(0),
        added: Set(0),
        unmatched: Set(serde_json::json!({
            "count": matched.unmatched.len(),
            "names": unmatched,
        })
        .to_string()),
        report: Set("[]".to_owned()),
        created_at: Set(OffsetDateTime::now_utc()),
        finished_at: Set(None),
        ..Default::default()
    }
    .insert(&txn)
    .await?;
    jobs::schedule(&txn, JOB, &batch.id.to_string(), OffsetDateTime::now_utc()).await?;
    txn.commit().await?;
    app.jobs_due.notify_one();
    Ok(batch)
}

/// The job: stores the batch's pictures from where it stopped; done for good at the end.
pub async fn run(app: &App, key: &str) -> Result<Option<OffsetDateTime>> {
    let Some(batch) = (match key.parse::<i64>() {
        Ok(id) => photo_batch::Entity::find_by_id(id).one(&app.db).await?,
        Err(_) => None,
    }) else {
        return Ok(None);
    };
    if batch.state != PENDING {
        return Ok(None);
    }
    let entries: Vec<Entry> = serde_json::from_str(&batch.entries).unwrap_or_default();
    let mut report: Vec<PhotoProblem> = serde_json::from_str(&batch.report).unwrap_or_default();
    let (mut done, mut added) = (batch.done.max(0) as usize, batch.added);
    let media_dir = app.config.media_dir();
    let zip = match open_zip(PathBuf::from(&batch.path)).await {
        Ok(zip) => zip,
        Err(err) => {
            tracing::warn!(batch = batch.id, error = %err, "photo ZIP unreadable");
            report.push(PhotoProblem {
                name: batch.file_name.clone(),
                reason: messages::PHOTO_ZIP_LOST.to_owned(),
            });
            return finish(&app.db, batch, done, added, report, FAILED).await;
        }
    };
    let mut since_saved = 0;
    for entry in entries.iter().skip(done) {
        match read_entry(&zip, entry.index).await {
            Ok(bytes) => match attach(app, &media_dir, batch.store_id, entry, bytes).await {
                Ok(()) => added += 1,
                Err(reason) => report.push(PhotoProblem {
                    name: entry.name.clone(),
                    reason,
                }),
            },
            Err(ReadError::Picture(reason)) => report.push(PhotoProblem {
                name: entry.name.clone(),
                reason,
            }),
            Err(ReadError::Zip(err)) => {
                // The ZIP itself is gone or broken: the rest cannot be read.
                tracing::warn!(batch = batch.id, error = %err, "photo ZIP unreadable");
                report.push(PhotoProblem {
                    name: batch.file_name.clone(),
                    reason: messages::PHOTO_ZIP_LOST.to_owned(),
                });
                return finish(&app.db, batch, done, added, report, FAILED).await;
            }
        }
        done += 1;
        since_saved += 1;
        if since_saved >= PROGRESS_EVERY {
            since_saved = 0;
            save_progress(&app.db, &batch, done, added, &report).await?;
        }
    }
    finish(&app.db, batch, done, added, report, DONE).await
}

/// Stores a picture and adds it to its product; why not, in the owner's words.
async fn attach(
    app: &App,
    media_dir: &Path,
    store_id: i64,
    entry: &Entry,
    bytes: Vec<u8>,
) -> std::result::Result<(), String> {
    let url = media::stored_photo(media_dir, bytes, Turn::Background(Lane::Shop(store_id)))
        .await
        .map_err(|err| match err {
            media::UploadError::Picture(media::PictureError::TooManyPixels) => {
                messages::PHOTO_TOO_MANY_PIXELS.to_owned()
            }
            media::UploadError::Picture(_) => messages::PHOTO_UNREADABLE.to_owned(),
            other => {
                tracing::warn!(error = %other, "picture of a ZIP not stored");
                messages::PHOTO_ZIP_NOT_STORED.to_owned()
            }
        })?;
    match photos::add(&app.db, store_id, entry.product_id, &url).await {
        Ok(_) => Ok(()),
        Err(AppError::Conflict(message) | AppError::NotFound(message)) => Err(message),
        Err(err) => {
            tracing::warn!(error = ?err, "picture of a ZIP not attached");
            Err(messages::PHOTO_ZIP_NOT_STORED.to_owned())
        }
    }
}

enum ReadError {
    /// This picture cannot be used (the owner is told why).
    Picture(String),
    /// The ZIP cannot be read any more.
    Zip(anyhow::Error),
}

type Archive = Arc<Mutex<zip::ZipArchive<std::fs::File>>>;

/// The ZIP, its directory read once for all its pictures.
async fn open_zip(path: PathBuf) -> anyhow::Result<Archive> {
    tokio::task::spawn_blocking(move || {
        let file = std::fs::File::open(&path)?;
        Ok(Arc::new(Mutex::new(zip::ZipArchive::new(file)?)))
    })
    .await?
}

/// One entry's bytes, at most a photo's size (declared and read).
async fn read_entry(zip: &Archive, index: usize) -> std::result::Result<Vec<u8>, ReadError> {
    let zip = zip.clone();
    let limit = crate::media::PHOTO_MAX_BYTES as u64;
    tokio::task::spawn_blocking(move || {
        let mut archive = crate::sync::lock(&zip);
        let entry = archive
            .by_index(index)
            .map_err(|_| ReadError::Picture(messages::PHOTO_UNREADABLE.to_owned()))?;
        if entry.size() > limit {
            return Err(ReadError::Picture(messages::PHOTO_TOO_LARGE.to_owned()));
        }
        let mut bytes = Vec::with_capacity(entry.size() as usize);
        entry
            .take(limit + 1)
            .read_to_end(&mut bytes)
            .map_err(|_| ReadError::Picture(messages::PHOTO_UNREADABLE.to_owned()))?;
        if bytes.len() as u64 > limit {
            return Err(ReadError::Picture(messages::PHOTO_TOO_LARGE.to_owned()));
        }
        Ok(bytes)
    })
    .await
    .map_err(|e| ReadError::Zip(e.into()))?
}

async fn save_progress(
    db: &DatabaseConnection,
    batch: &photo_batch::Model,
    done: usize,
    added: i32,
    report: &[PhotoProblem],
) -> Result<()> {
    photo_batch::Entity::update_many()
        .col_expr(photo_batch::Column::Done, (done as i32).into())
        .col_expr(photo_batch::Column::Added, added.into())
        .col_expr(
            photo_batch::Column::Report,
            serde_json::to_string(report).unwrap_or_default().into(),
        )
        .filter(photo_batch::Column::Id.eq(batch.id))
        .filter(photo_batch::Column::State.eq(PENDING))
        .exec(db)
        .await?;
    Ok(())
}

/// Records the end and removes the ZIP (its pictures are stored, or it cannot be read).
async fn finish(
    db: &DatabaseConnection,
    batch: photo_batch::Model,
    done: usize,
    added: i32,
    report: Vec<PhotoProblem>,
    state: &str,
) -> Result<Option<OffsetDateTime>> {
    let path = PathBuf::from(&batch.path);
    let mut active = batch.into_active_model();
    active.done = Set(done as i32);
    active.added = Set(added);
    active.report = Set(serde_json::to_string(&report).unwrap_or_default());
    active.state = Set(state.to_owned());
    active.finished_at = Set(Some(OffsetDateTime::now_utc()));
    active.update(db).await?;
    if let Err(err) = tokio::fs::remove_file(&path).await {
        if err.kind() != std::io::ErrorKind::NotFound {
            tracing::warn!(error = %err, path = %path.display(), "photo ZIP not removed");
        }
    }
    Ok(None)
}

/// The housekeeping's part: ZIPs no batch at work needs (a finished one whose removal
/// failed, an upload cut short) once older than `kept`; how many were removed.
pub async fn remove_leftovers(app: &App, kept: std::time::Duration) -> Result<usize> {
    let dir = app.config.data_dir.join(DIR);
    let needed: Vec<String> = photo_batch::Entity::find()
        .select_only()
        .column(photo_batch::Column::Path)
        .filter(photo_batch::Column::State.eq(PENDING))
        .into_tuple()
        .all(&app.db)
        .await?;
    let mut removed = 0;
    for name in media::files_older_than(&dir, "", kept)
        .await
        .map_err(anyhow::Error::from)?
    {
        let path = dir.join(name);
        if !needed.iter().any(|p| Path::new(p) == path)
            && tokio::fs::remove_file(&path).await.is_ok()
        {
            removed += 1;
        }
    }
    Ok(removed)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn pictures_are_found_by_code_then_by_their_number() {
        let mut keys = Keys::default();
        keys.add_code(" ABC123 ", 1);
        keys.add_code("8001234567890", 2);
        keys.add_code("XY-2", 3);
        assert_eq!(keys.product_of("abc123.JPG"), Some((1, 0)));
        assert_eq!(keys.product_of("ABC123_2.jpg"), Some((1, 2)));
        assert_eq!(keys.product_of("ABC123-3.png"), Some((1, 3)));
        assert_eq!(keys.product_of("ABC123 (4).jpeg"), Some((1, 4)));
        assert_eq!(keys.product_of("8001234567890.webp"), Some((2, 0)));
        assert_eq!(
            keys.product_of("XY-2.jpg"),
            Some((3, 0)),
            "a code ending in a number"
        );
        assert_eq!(keys.product_of("XY-2_2.jpg"), Some((3, 2)));
        assert_eq!(keys.product_of("ABC12.jpg"), None);
        assert_eq!(keys.product_of("ABC123_x.jpg"), None);
        assert_eq!(keys.product_of("_2.jpg"), None);
        keys.add_file_name("IMG_0042.JPG", 4);
        assert_eq!(
            keys.product_of("img_0042.png"),
            Some((4, 0)),
            "the list's name"
        );
    }

    #[test]
    fn only_pictures_are_read() {
        assert_eq!(picture_name("foto/ABC.JPG"), Some("ABC.JPG"));
        assert_eq!(picture_name("ABC.webp"), Some("ABC.webp"));
        assert_eq!(picture_name("__MACOSX/foto/._ABC.jpg"), None);
        assert_eq!(picture_name("foto/._ABC.jpg"), None);
        assert_eq!(picture_name("foto/"), None);
        assert_eq!(picture_name("leggimi.txt"), None);
        assert_eq!(picture_name("logo.svg"), None);
    }
}
