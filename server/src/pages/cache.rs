//! Rendered pages in memory, keyed by path and the version of the data they show (a
//! shop's `content_version`), so an edit anywhere — on this instance or another sharing
//! the database — changes the key and the next request renders afresh.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, RwLock};

use axum::body::Bytes;
use sha2::{Digest, Sha256};

pub struct CachedPage {
    pub body: Bytes,
    /// The body gzip-compressed once, when it is worth it: served to every client that
    /// accepts gzip, so compression costs nothing per request.
    pub gzip: Option<Bytes>,
    pub etag: String,
    pub status: u16,
    pub content_type: &'static str,
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
        let gzip = (body.len() >= GZIP_FROM_BYTES)
            .then(|| gzip(body.as_bytes()))
            .flatten();
        Self {
            body: Bytes::from(body),
            gzip,
            etag,
            status,
            content_type,
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
pub fn store_version(store: &crate::entities::store::Model, now: time::OffsetDateTime) -> i64 {
    let trial_running = crate::plans::running_trial_end(store, now).is_some();
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
        let size = page.body.len() + page.gzip.as_ref().map_or(0, Bytes::len) + path.len();
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
