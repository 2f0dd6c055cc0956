//! Rendered pages in memory, keyed by path and the version of the data they show (a
//! shop's `content_version`), so an edit anywhere — on this instance or another sharing
//! the database — changes the key and the next request renders afresh.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock, RwLock};

use axum::body::Bytes;
use entities::store;
use sea_orm::sea_query::Expr;
use sea_orm::{DatabaseConnection, QuerySelect};
use sha2::{Digest, Sha256};

use crate::error::Result;
use crate::services::stores;

pub struct CachedPage {
    pub body: Bytes,
    /// The body gzip-compressed, made by the first request that accepts gzip and then
    /// served to every other one: no work for clients that do not ask for it, and none
    /// per request after the first.
    gzip: OnceLock<Option<Bytes>>,
    pub etag: String,
    pub status: u16,
    pub content_type: &'static str,
    /// A paged API reply: the items over all pages, sent as `X-Total-Count`.
    pub total_count: Option<u64>,
}

impl CachedPage {
    pub fn new(body: String, status: u16) -> Self {
        Self::with_type(body, status, "text/html; charset=utf-8")
    }

    pub fn json(body: String) -> Self {
        Self::with_type(body, 200, "application/json")
    }

    fn with_type(body: String, status: u16, content_type: &'static str) -> Self {
        let digest = Sha256::digest(body.as_bytes());
        let etag = format!("\"{}\"", hex::encode(&digest[..12]));
        Self {
            body: Bytes::from(body),
            gzip: OnceLock::new(),
            etag,
            status,
            content_type,
            total_count: None,
        }
    }

    /// Whether the page is big enough to be sent compressed (and so varies by
    /// `Accept-Encoding`).
    pub fn compressible(&self) -> bool {
        self.body.len() >= GZIP_FROM_BYTES
    }

    /// The compressed body, made on first use; `None` for small pages.
    pub fn gzipped(&self) -> Option<&Bytes> {
        self.gzip
            .get_or_init(|| self.compressible().then(|| gzip(&self.body)).flatten())
            .as_ref()
    }

    /// Memory the page may take in the cache: the body, and room for its compressed copy
    /// (HTML compresses to well under a third).
    fn weight(&self) -> usize {
        let body = self.body.len();
        if self.compressible() {
            body + body / 3
        } else {
            body
        }
    }
}

/// Smaller bodies fit in a packet or two anyway.
const GZIP_FROM_BYTES: usize = 1024;

fn gzip(bytes: &[u8]) -> Option<Bytes> {
    use std::io::Write;
    let mut encoder = flate2::write::GzEncoder::new(
        Vec::with_capacity(bytes.len() / 3),
        flate2::Compression::default(),
    );
    encoder.write_all(bytes).ok()?;
    encoder.finish().ok().map(Bytes::from)
}

/// The cache version of a shop's pages: its `content_version`, and whether a trial is
/// running, since a trial that ends changes the plan shown without any write.
pub fn store_version(store: &entities::store::Model, now: time::OffsetDateTime) -> i64 {
    let trial_running = store.running_trial_end(now).is_some();
    store
        .content_version
        .wrapping_mul(2)
        .wrapping_add(i64::from(trial_running))
}

pub struct HtmlCache {
    pages: RwLock<HashMap<(String, i64), Arc<CachedPage>>>,
    bytes: AtomicUsize,
    budget: usize,
}

impl HtmlCache {
    pub fn new(budget_bytes: usize) -> Self {
        Self {
            pages: RwLock::new(HashMap::new()),
            bytes: AtomicUsize::new(0),
            budget: budget_bytes,
        }
    }

    pub fn get(&self, path: &str, version: i64) -> Option<Arc<CachedPage>> {
        let pages = self.pages.read().ok()?;
        pages.get(&(path.to_owned(), version)).cloned()
    }

    /// Stores a page. Past the byte budget the whole cache starts again: old versions
    /// are never read again anyway, and a full clear keeps memory bounded without
    /// bookkeeping on the hot path.
    pub fn put(&self, path: &str, version: i64, page: Arc<CachedPage>) {
        if self.budget == 0 {
            return;
        }
        let Ok(mut pages) = self.pages.write() else {
            return;
        };
        let size = page.weight() + path.len();
        if self.bytes.load(Ordering::Relaxed) + size > self.budget {
            pages.clear();
            self.bytes.store(0, Ordering::Relaxed);
        }
        if pages.insert((path.to_owned(), version), page).is_none() {
            self.bytes.fetch_add(size, Ordering::Relaxed);
        }
    }

    pub fn len(&self) -> usize {
        self.pages.read().map(|p| p.len()).unwrap_or(0)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The version of the explore listing: any change to any shop bumps its content_version,
/// so the sum moves with every change and the count with every shop that becomes public
/// (its owner confirmed the e-mail) or is deleted.
pub async fn explore_version(db: &DatabaseConnection) -> Result<i64> {
    let (count, sum): (i64, i64) = stores::public()
        .select_only()
        .column_as(Expr::col((store::Entity, store::Column::Id)).count(), "n")
        .column_as(
            Expr::cust("CAST(COALESCE(SUM(stores.content_version), 0) AS BIGINT)"),
            "v",
        )
        .into_tuple::<(i64, i64)>()
        .one(db)
        .await?
        .unwrap_or((0, 0));
    Ok(count.wrapping_mul(1_000_003).wrapping_add(sum))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_version_misses_and_the_budget_bounds_memory() {
        let cache = HtmlCache::new(100);
        cache.put("/a", 1, Arc::new(CachedPage::new("x".repeat(40), 200)));
        assert!(cache.get("/a", 1).is_some());
        assert!(cache.get("/a", 2).is_none());
        cache.put("/b", 1, Arc::new(CachedPage::new("y".repeat(40), 200)));
        cache.put("/c", 1, Arc::new(CachedPage::new("z".repeat(40), 200)));
        assert!(cache.len() <= 2, "budget exceeded: {}", cache.len());
        assert!(cache.get("/c", 1).is_some());
    }
}

#[cfg(test)]
mod gzip_tests {
    use super::*;

    #[test]
    fn a_page_is_compressed_once_on_first_use_and_small_ones_never() {
        let html = "<p>Cemento grigio 25 kg</p>".repeat(100);
        let page = CachedPage::new(html.clone(), 200);
        assert!(page.compressible());
        let first = page.gzipped().expect("compressed").clone();
        assert!(first.len() < html.len() / 3);
        let mut back = String::new();
        std::io::Read::read_to_string(&mut flate2::read::GzDecoder::new(&first[..]), &mut back)
            .expect("valid gzip");
        assert_eq!(back, html);
        assert!(std::ptr::eq(
            page.gzipped().expect("kept").as_ptr(),
            first.as_ptr()
        ));
        let small = CachedPage::new("<p>x</p>".into(), 200);
        assert!(!small.compressible());
        assert!(small.gzipped().is_none());
    }
}
