//! Product images under `<data-dir>/media/products/`, served at `/media/products/…`
//! with long cache headers. File names follow the content (a hash of what the image is
//! made from), so an image is made or fetched once and a changed product gets a new URL.
//!
//! The import calls [`image_for`] for each product: it keeps an image already stored,
//! fetches and stores an image URL, and generates a card when there is none (or when the
//! URL gives no image, with a warning for the shop).

pub mod fetch;
pub mod generate;
pub mod worker;

use std::io::Cursor;
use std::path::{Path, PathBuf};

use anyhow::Context;
use domain::messages;
use fetch::{AddressPolicy, FetchError, FetchLimits};
use image::{DynamicImage, ImageReader, RgbImage};
use sha2::{Digest, Sha256};

pub use worker::{Lane, Refusal, Turn};

const PRODUCTS: &str = "products";
/// Widths of a fetched image: product page and list.
pub const WIDTHS: [u32; 2] = [800, 400];
const JPEG_QUALITY: u8 = 82;
/// Pixels a picture may have, read from its header before anything is decoded: a PNG of
/// 350 KB can say 11,000 × 11,000 and cost 17 s and half a gigabyte to decode.
pub const MAX_MEGAPIXELS: u64 = 40;
const MAX_PIXELS: u64 = MAX_MEGAPIXELS * 1_000_000;
/// Neither side may pass this, whatever the other.
const MAX_SIDE: u32 = 12_000;
/// What the decoder may allocate: a picture at the pixel bound with 16-bit RGBA channels.
const MAX_DECODE_BYTES: u64 = MAX_PIXELS * 8;

/// What a product's image became.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProductImage {
    /// `/media/products/…`, or `None` only when even the generated card could not be written.
    pub image_url: Option<String>,
    /// For the shop, when its image URL could not be used.
    pub warning: Option<String>,
}

/// What the card of a product shows.
#[derive(Debug, Clone, Copy)]
pub struct Card<'a> {
    pub name: &'a str,
    pub brand: Option<&'a str>,
    /// `Enrichment::pictogram` / `builtin::pictogram_for(category)`
    pub pictogram: &'a str,
}

/// The image of one product: `current` is the product's `image_url` as it stands.
/// `turn` says whose image work it is (`worker`): the shop's.
pub async fn image_for(
    media_dir: &Path,
    policy: &AddressPolicy,
    current: Option<&str>,
    card: Card<'_>,
    turn: Turn,
) -> ProductImage {
    let current = current.map(str::trim).filter(|u| !u.is_empty());
    let mut warning = None;
    match current {
        Some(url) if url.starts_with("/media/") && !is_generated(url) => {
            return ProductImage {
                image_url: Some(url.to_owned()),
                warning: None,
            }
        }
        Some(url) if url.starts_with("http://") || url.starts_with("https://") => {
            match stored_image_from_url(media_dir, url, policy, &FetchLimits::default(), turn).await
            {
                Ok(path) => {
                    return ProductImage {
                        image_url: Some(path),
                        warning: None,
                    }
                }
                Err(err) => {
                    tracing::warn!(url, error = %err, "product image not downloaded");
                    warning = Some(messages::image_not_fetched(url, &err.to_string()));
                }
            }
        }
        // no image, a generated card (the name may have changed) or something unusable
        _ => {}
    }
    let image_url = match generated_image_for(media_dir, card, turn).await {
        Ok(path) => Some(path),
        Err(err) if matches!(err.downcast_ref(), Some(Refusal::LaneFull)) => {
            tracing::warn!("generated image not made: the shop's image work is at its bound");
            None
        }
        Err(err) => {
            tracing::error!(error = ?err, "generated image not saved");
            None
        }
    };
    ProductImage { image_url, warning }
}

/// Where drawn product pictures are served from.
pub const PRODUCTS_PATH: &str = "/media/products/";

/// Whether `url` is a picture made by [`generated_image_for`] (of any design version).
pub fn is_generated(url: &str) -> bool {
    url.starts_with(PRODUCTS_PATH) && url.ends_with(".svg")
}

/// Start of the file names of the current design: products whose generated picture has
/// another name are drawn again by the image pass (`services::product_images`).
pub const GENERATED_PREFIX: &str = "/media/products/t2-";

/// Writes the picture of a product without one, unless it is there already: the tile as
/// SVG for pages and the link-preview card as PNG under the same name (for Open Graph and
/// feeds). Returns the SVG's URL, `/media/products/t2-<hash>.svg`.
pub async fn generated_image_for(
    media_dir: &Path,
    card: Card<'_>,
    turn: Turn,
) -> anyhow::Result<String> {
    let name = format!(
        "t2-{}",
        content_name(&[
            "card-v2",
            card.name,
            card.brand.unwrap_or(""),
            card.pictogram,
        ])
    );
    let dir = media_dir.join(PRODUCTS);
    let svg_path = dir.join(format!("{name}.svg"));
    let png_path = dir.join(format!("{name}.png"));
    if !(exists(&svg_path).await && exists(&png_path).await) {
        let tile = generate::product_tile(card.pictogram);
        let card = generate::product_card(card.name, card.brand, card.pictogram);
        let png = worker::run(turn, move || generate::render_png(&card)).await??;
        write_all_or_none(&[(png_path, png), (svg_path, tile.into_bytes())]).await?;
    }
    Ok(format!("/media/{PRODUCTS}/{name}.svg"))
}

/// The PNG beside a generated SVG card, for `og:image`.
pub fn png_of_generated(svg_url: &str) -> Option<String> {
    is_generated(svg_url).then(|| format!("{}.png", svg_url.trim_end_matches(".svg")))
}

/// Fetches the image at `url` (once: a stored copy is reused), re-encodes it as JPEG in
/// [`WIDTHS`] and returns the URL of the widest, `/media/products/<hash>-800.jpg`.
pub async fn stored_image_from_url(
    media_dir: &Path,
    url: &str,
    policy: &AddressPolicy,
    limits: &FetchLimits,
    turn: Turn,
) -> Result<String, FetchError> {
    let name = content_name(&["url-v1", url.trim()]);
    let dir = media_dir.join(PRODUCTS);
    let file = |width: u32| format!("{name}-{width}.jpg");
    let main = format!("/media/{PRODUCTS}/{}", file(WIDTHS[0]));
    let mut all_there = true;
    for width in WIDTHS {
        all_there &= exists(&dir.join(file(width))).await;
    }
    if all_there {
        return Ok(main);
    }
    let bytes = fetch::fetch_image(url, policy, limits).await?;
    check_pixels(&bytes).map_err(|err| fetched_picture_error(url, err))?;
    let resized = worker::run(turn, move || resize_to_jpegs(&bytes))
        .await
        .map_err(FetchError::from)?
        .map_err(|err| fetched_picture_error(url, err))?;
    let files: Vec<(PathBuf, Vec<u8>)> = resized
        .into_iter()
        .map(|(width, jpeg)| (dir.join(file(width)), jpeg))
        .collect();
    if let Err(err) = write_all_or_none(&files).await {
        // a full disk is ours, not the shop's: logged as an error, a warning for the shop
        tracing::error!(error = ?err, "product image not saved");
        return Err(not_stored(err));
    }
    Ok(main)
}

/// Widths of an owner's photo: thumbnails, list, product page, and a sharp copy for large
/// screens.
pub const PHOTO_WIDTHS: [u32; 4] = [160, 400, 800, 1600];
/// Start of the names of the owner's photos (`ph-<hash>-<width>.jpg`).
pub const PHOTO_PREFIX: &str = "/media/products/ph-";

/// Why a picture could not be used.
#[derive(Debug, thiserror::Error)]
pub enum PictureError {
    /// Its header gives more than [`MAX_MEGAPIXELS`]: refused before decoding.
    #[error("picture over {MAX_MEGAPIXELS} megapixels")]
    TooManyPixels,
    /// Not a picture we can read (unknown format, broken file).
    #[error("not a readable picture: {0:#}")]
    Unreadable(anyhow::Error),
}

/// Why an uploaded picture (an owner's photo, a logo) was not stored.
#[derive(Debug, thiserror::Error)]
pub enum UploadError {
    #[error(transparent)]
    Picture(#[from] PictureError),
    /// The shop (or client) has its share of image work waiting: try again shortly.
    #[error("image work of this shop or client at its bound")]
    LaneFull,
    /// Too many pictures waiting for the image thread: try again shortly.
    #[error("image work queue full")]
    Busy,
    #[error(transparent)]
    Storage(#[from] anyhow::Error),
}

impl From<Refusal> for UploadError {
    fn from(refusal: Refusal) -> Self {
        match refusal {
            Refusal::LaneFull => UploadError::LaneFull,
            other => {
                tracing::warn!(error = %other, "uploaded picture not processed");
                UploadError::Busy
            }
        }
    }
}

impl From<Refusal> for FetchError {
    fn from(refusal: Refusal) -> Self {
        match refusal {
            Refusal::LaneFull => FetchError::Busy,
            other => {
                tracing::warn!(error = %other, "fetched picture not processed");
                FetchError::NotStored
            }
        }
    }
}

fn fetched_picture_error(url: &str, err: PictureError) -> FetchError {
    tracing::warn!(url, error = %err, "fetched picture refused");
    match err {
        PictureError::TooManyPixels => FetchError::TooManyPixels(MAX_MEGAPIXELS),
        PictureError::Unreadable(_) => FetchError::NotAnImage,
    }
}

/// Stores an owner's photo as JPEG in [`PHOTO_WIDTHS`] (a copy is never wider than the
/// original) and returns the address of the 800 px copy, `/media/products/ph-<hash>-800.jpg`.
/// The name follows the file's bytes: the same photo uploaded twice is stored once.
pub async fn stored_photo(
    media_dir: &Path,
    bytes: Vec<u8>,
    turn: Turn,
) -> Result<String, UploadError> {
    let name = format!(
        "ph-{}",
        content_name(&["photo-v1", &hex::encode(Sha256::digest(&bytes))])
    );
    let dir = media_dir.join(PRODUCTS);
    let file = |width: u32| format!("{name}-{width}.jpg");
    let main = format!("/media/{PRODUCTS}/{}", file(800));
    let mut all_there = true;
    for width in PHOTO_WIDTHS {
        all_there &= exists(&dir.join(file(width))).await;
    }
    if all_there {
        // Written again as far as the clean-up can tell: a photo uploaded anew is not
        // removed as an old unused one before its product points to it.
        for width in PHOTO_WIDTHS {
            let path = dir.join(file(width));
            let touched = std::fs::File::options()
                .write(true)
                .open(&path)
                .and_then(|f| f.set_modified(std::time::SystemTime::now()));
            if let Err(err) = touched {
                tracing::warn!(error = %err, path = %path.display(), "photo not touched");
            }
        }
        return Ok(main);
    }
    check_pixels(&bytes)?;
    let resized = worker::run(turn, move || jpegs_of(&bytes, &PHOTO_WIDTHS))
        .await?
        .inspect_err(|err| tracing::info!(error = %err, "uploaded photo refused"))?;
    let files: Vec<(PathBuf, Vec<u8>)> = resized
        .into_iter()
        .map(|(width, jpeg)| (dir.join(file(width)), jpeg))
        .collect();
    write_all_or_none(&files).await?;
    Ok(main)
}

/// A logo's copy fits in this square.
const LOGO_MAX_SIDE: u32 = 512;

/// Stores an uploaded logo re-encoded as PNG (at most [`LOGO_MAX_SIDE`] px a side, so at
/// most about a megabyte whatever was sent) under `<media>/logos/` with a random name.
/// Returns `/media/logos/<name>.png` and the bytes written.
pub async fn stored_logo(
    media_dir: &Path,
    bytes: Vec<u8>,
    turn: Turn,
) -> Result<(String, usize), UploadError> {
    check_pixels(&bytes)?;
    let png = worker::run(turn, move || logo_png(&bytes))
        .await?
        .inspect_err(|err| tracing::info!(error = %err, "uploaded logo refused"))?;
    let url = write_logo(media_dir, &png).await?;
    Ok((url, png.len()))
}

/// Fetches the logo at `url` through the address guard and stores a PNG copy under
/// `<media>/logos/`, so that visitors' browsers never load a third party's address.
/// Returns `/media/logos/<name>.png`.
pub async fn stored_logo_from_url(
    media_dir: &Path,
    url: &str,
    policy: &AddressPolicy,
    turn: Turn,
) -> Result<String, FetchError> {
    let limits = FetchLimits {
        max_bytes: 5 * 1024 * 1024,
        ..FetchLimits::default()
    };
    let bytes = fetch::fetch_image(url, policy, &limits).await?;
    check_pixels(&bytes).map_err(|err| fetched_picture_error(url, err))?;
    let png = worker::run(turn, move || logo_png(&bytes))
        .await?
        .map_err(|err| fetched_picture_error(url, err))?;
    write_logo(media_dir, &png).await.map_err(|err| {
        tracing::error!(error = ?err, "logo not saved");
        not_stored(err)
    })
}

async fn write_logo(media_dir: &Path, png: &[u8]) -> anyhow::Result<String> {
    let name = format!("{}.png", &crate::token::new_token()[..32]);
    write_atomically(&media_dir.join("logos").join(&name), png).await?;
    Ok(format!("/media/logos/{name}"))
}

fn logo_png(bytes: &[u8]) -> Result<Vec<u8>, PictureError> {
    let picture = decode_within_limits(bytes)?;
    let scaled = shrunk(picture, LOGO_MAX_SIDE, LOGO_MAX_SIDE);
    let mut png = Vec::new();
    scaled
        .to_rgba8()
        .write_to(&mut Cursor::new(&mut png), image::ImageFormat::Png)
        .map_err(|err| PictureError::Unreadable(err.into()))?;
    Ok(png)
}

/// Refuses a picture whose header gives more than [`MAX_MEGAPIXELS`], reading nothing but
/// the header (microseconds, no pixel memory): before it waits for the image thread.
pub fn check_pixels(bytes: &[u8]) -> Result<(), PictureError> {
    let (width, height) = ImageReader::new(Cursor::new(bytes))
        .with_guessed_format()
        .map_err(|err| PictureError::Unreadable(err.into()))?
        .into_dimensions()
        .map_err(|err| PictureError::Unreadable(err.into()))?;
    within_pixel_bound(width, height)
}

fn within_pixel_bound(width: u32, height: u32) -> Result<(), PictureError> {
    if u64::from(width) * u64::from(height) > MAX_PIXELS {
        return Err(PictureError::TooManyPixels);
    }
    Ok(())
}

/// Decodes within the size limits and turns the picture as its EXIF orientation says (a
/// phone stores a portrait photo sideways with a note to turn it).
fn decode_within_limits(bytes: &[u8]) -> Result<DynamicImage, PictureError> {
    let unreadable = |err: image::ImageError| PictureError::Unreadable(err.into());
    let mut reader = ImageReader::new(Cursor::new(bytes))
        .with_guessed_format()
        .map_err(|err| PictureError::Unreadable(err.into()))?;
    let mut limits = image::Limits::default();
    limits.max_image_width = Some(MAX_SIDE);
    limits.max_image_height = Some(MAX_SIDE);
    limits.max_alloc = Some(MAX_DECODE_BYTES);
    reader.limits(limits);
    let mut decoder = reader.into_decoder().map_err(|err| match err {
        image::ImageError::Limits(_) => PictureError::TooManyPixels,
        other => unreadable(other),
    })?;
    let (width, height) = image::ImageDecoder::dimensions(&decoder);
    within_pixel_bound(width, height)?;
    let orientation = image::ImageDecoder::orientation(&mut decoder)
        .unwrap_or(image::metadata::Orientation::NoTransforms);
    let mut picture = DynamicImage::from_decoder(decoder).map_err(|err| match err {
        image::ImageError::Limits(_) => PictureError::TooManyPixels,
        other => unreadable(other),
    })?;
    picture.apply_orientation(orientation);
    Ok(picture)
}

/// Decodes (within limits) and re-encodes: nothing of the original file is served, so
/// whatever it carried beside the pixels is dropped.
pub fn resize_to_jpegs(bytes: &[u8]) -> Result<Vec<(u32, Vec<u8>)>, PictureError> {
    jpegs_of(bytes, &WIDTHS)
}

/// The copies, widest first, each made from the one before it: shrinking a large picture
/// once, then the small copy, costs a fraction of shrinking the large one for every width.
fn jpegs_of(bytes: &[u8], widths: &[u32]) -> Result<Vec<(u32, Vec<u8>)>, PictureError> {
    let mut widths = widths.to_vec();
    widths.sort_unstable_by(|a, b| b.cmp(a));
    let mut picture = decode_within_limits(bytes)?;
    let mut copies = Vec::with_capacity(widths.len());
    for width in widths {
        picture = shrunk(picture, width, MAX_SIDE);
        let mut jpeg = Vec::new();
        image::codecs::jpeg::JpegEncoder::new_with_quality(&mut jpeg, JPEG_QUALITY)
            .encode_image(&on_white(&picture))
            .map_err(|err| PictureError::Unreadable(err.into()))?;
        copies.push((width, jpeg));
    }
    Ok(copies)
}

/// The picture fitted in `width` × `height`, never enlarged. Shrinking by half or more
/// averages whole boxes of pixels (fast, no buffer but the result's, as sharp as a filter at
/// such ratios); closer sizes get the triangle filter, which a box would alias.
fn shrunk(picture: DynamicImage, width: u32, height: u32) -> DynamicImage {
    if picture.width() <= width && picture.height() <= height {
        picture
    } else if picture.width() >= 2 * width || picture.height() >= 2 * height {
        picture.thumbnail(width, height)
    } else {
        picture.resize(width, height, image::imageops::FilterType::Triangle)
    }
}

/// JPEG has no transparency: transparent pixels become white, not black.
fn on_white(picture: &DynamicImage) -> RgbImage {
    let rgba = picture.to_rgba8();
    RgbImage::from_fn(rgba.width(), rgba.height(), |x, y| {
        let [r, g, b, a] = rgba.get_pixel(x, y).0;
        let blend =
            |c: u8| ((u16::from(c) * u16::from(a) + 255 * (255 - u16::from(a))) / 255) as u8;
        image::Rgb([blend(r), blend(g), blend(b)])
    })
}

/// Names of the files in `dir` starting with `prefix` and last written before `kept` ago
/// (none when the folder does not exist yet): candidates for removal, checked by the caller
/// against what the database still points to.
pub async fn files_older_than(
    dir: &Path,
    prefix: &str,
    kept: std::time::Duration,
) -> std::io::Result<Vec<String>> {
    let mut entries = match tokio::fs::read_dir(dir).await {
        Ok(entries) => entries,
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(err) => return Err(err),
    };
    let cutoff = std::time::SystemTime::now() - kept;
    let mut old = Vec::new();
    while let Some(entry) = entries.next_entry().await? {
        let name = entry.file_name().to_string_lossy().into_owned();
        if !name.starts_with(prefix) {
            continue;
        }
        let Ok(meta) = entry.metadata().await else {
            continue;
        };
        if meta.is_file() && meta.modified().is_ok_and(|m| m < cutoff) {
            old.push(name);
        }
    }
    Ok(old)
}

fn content_name(parts: &[&str]) -> String {
    let mut hasher = Sha256::new();
    for part in parts {
        hasher.update(part.as_bytes());
        hasher.update([0]);
    }
    hex::encode(&hasher.finalize()[..16])
}

async fn exists(path: &Path) -> bool {
    tokio::fs::try_exists(path).await.unwrap_or(false)
}

/// End of the names of temporary files: a write goes to `.<random>.tmp` beside its file.
const TEMPORARY_SUFFIX: &str = ".tmp";
/// A temporary file older than this belongs to a write that never finished (the process
/// died between writing and renaming); a write in progress takes seconds.
pub const TEMPORARY_KEPT: std::time::Duration = std::time::Duration::from_secs(60 * 60);

/// Readers never see half a file and a failed write leaves nothing behind: the bytes go to
/// a temporary file beside `path`, reach the disk (fsync), then take the name, and the
/// rename is made durable too. When any step fails (a full disk, ENOSPC) the temporary is
/// removed at once; one left by a crash is removed by housekeeping
/// ([`remove_stale_temporaries`]).
pub async fn write_atomically(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    let dir = path
        .parent()
        .context("media path without folder")?
        .to_owned();
    let tmp = dir.join(format!(
        ".{}{TEMPORARY_SUFFIX}",
        &crate::token::new_token()[..16]
    ));
    let (path, bytes) = (path.to_owned(), bytes.to_vec());
    tokio::task::spawn_blocking(move || {
        let written = write_durably(&dir, &tmp, &path, &bytes);
        if written.is_err() {
            remove_quietly(&tmp);
        }
        written
    })
    .await
    .context("file writer stopped")?
}

fn write_durably(dir: &Path, tmp: &Path, path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    use std::io::Write;
    std::fs::create_dir_all(dir).with_context(|| format!("creating folder {}", dir.display()))?;
    let mut file =
        std::fs::File::create(tmp).with_context(|| format!("creating {}", tmp.display()))?;
    file.write_all(bytes)
        .and_then(|()| file.sync_all())
        .with_context(|| format!("writing {}", tmp.display()))?;
    drop(file);
    std::fs::rename(tmp, path).with_context(|| format!("renaming to {}", path.display()))?;
    std::fs::File::open(dir)
        .and_then(|folder| folder.sync_all())
        .with_context(|| format!("syncing folder {}", dir.display()))
}

/// Writes every file or, when one fails, removes the ones this call wrote: a picture is
/// stored in all its sizes or not at all.
async fn write_all_or_none(files: &[(PathBuf, Vec<u8>)]) -> anyhow::Result<()> {
    for (done, (path, bytes)) in files.iter().enumerate() {
        if let Err(err) = write_atomically(path, bytes).await {
            for (written, _) in &files[..done] {
                remove_quietly(written);
            }
            return Err(err);
        }
    }
    Ok(())
}

fn remove_quietly(path: &Path) {
    if let Err(err) = std::fs::remove_file(path) {
        if err.kind() != std::io::ErrorKind::NotFound {
            tracing::warn!(error = %err, path = %path.display(), "file of a failed write not removed");
        }
    }
}

/// A write that failed: for lack of space, or for another reason of ours.
fn not_stored(err: anyhow::Error) -> FetchError {
    if crate::error::storage_fault(err.as_ref()) == Some(crate::error::StorageFault::DiskFull) {
        FetchError::DiskFull(err)
    } else {
        FetchError::NotStored
    }
}

/// Removes the temporary files older than `kept` from the media folder and the folders in
/// it (writes that a crash interrupted); how many.
pub async fn remove_stale_temporaries(
    media_dir: &Path,
    kept: std::time::Duration,
) -> std::io::Result<usize> {
    let mut dirs = vec![media_dir.to_owned()];
    match tokio::fs::read_dir(media_dir).await {
        Ok(mut entries) => {
            while let Some(entry) = entries.next_entry().await? {
                if entry.file_type().await?.is_dir() {
                    dirs.push(entry.path());
                }
            }
        }
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => return Ok(0),
        Err(err) => return Err(err),
    }
    let mut removed = 0;
    for dir in dirs {
        for name in files_older_than(&dir, ".", kept).await? {
            if !name.ends_with(TEMPORARY_SUFFIX) {
                continue;
            }
            match tokio::fs::remove_file(dir.join(&name)).await {
                Ok(()) => removed += 1,
                Err(err) if err.kind() == std::io::ErrorKind::NotFound => {}
                Err(err) => return Err(err),
            }
        }
    }
    Ok(removed)
}

/// The largest photo an owner may upload, in bytes.
pub const PHOTO_MAX_BYTES: usize = 10 * 1024 * 1024;

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
mod tests;
