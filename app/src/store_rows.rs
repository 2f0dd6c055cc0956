//! Shop rows for public requests, reused for up to a second.
//!
//! A cached page still needs its shop's `content_version` to build the cache key; reading
//! it from the database on every hit would cost more than serving the page. Rows are kept
//! for `TTL`, and every successful write through this instance's API forgets them all, so
//! an owner's edit shows at the next request here; a change made by another instance or by
//! the command line shows within `TTL`.
//!
//! Product counts (all and hidden), the category and brand lists and the status counts of a
//! shop are kept beside them, each for the `content_version` it was read at: every change to
//! a shop's products moves that version (`services::lock_store`), as the HTML cache relies on
//! too. A listing page of a 100,000-product shop so counts its rows once per change, not on
//! every request, and the list of every shop with its count (the explore page, the search
//! across shops) counts only the shops that changed.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};

use domain::ProductStatus;
use entities::store;
use sea_orm::{ColumnTrait, DatabaseConnection, QueryFilter};

use crate::error::Result;
use crate::services::catalogue::{self, Facet};
use crate::services::facets::{self, ListingFacet};
use crate::services::stores;

const TTL: Duration = Duration::from_secs(1);
/// Past this many shops the map starts again, so memory stays bounded.
const MAX_ROWS: usize = 50_000;
/// Shops whose category and brand lists are kept (each up to `catalogue::MAX_CATEGORIES`
/// names).
const MAX_LISTS: usize = 2_000;

/// Values read for a shop's `content_version`: a newer version reads them again.
struct PerVersion<T> {
    entries: RwLock<HashMap<i64, (i64, Arc<T>)>>,
    capacity: usize,
}

impl<T> PerVersion<T> {
    fn new(capacity: usize) -> Self {
        Self {
            entries: RwLock::default(),
            capacity,
        }
    }

    fn get(&self, store: &store::Model) -> Option<Arc<T>> {
        let entries = self.entries.read().ok()?;
        let (version, value) = entries.get(&store.id)?;
        (*version == store.content_version).then(|| value.clone())
    }

    fn put(&self, store: &store::Model, value: Arc<T>) {
        if let Ok(mut entries) = self.entries.write() {
            if entries.len() >= self.capacity {
                entries.clear();
            }
            entries.insert(store.id, (store.content_version, value));
        }
    }
}

/// Category or brand names with their product counts.
type Names = Vec<(String, u64)>;

/// A shop's products: all of them, and those kept off the public pages.
#[derive(Debug, Clone, Copy)]
struct Counts {
    all: u64,
    hidden: u64,
}

pub struct StoreRows {
    rows: RwLock<HashMap<i64, (Instant, Arc<store::Model>)>>,
    counts: PerVersion<Counts>,
    /// Per facet (category, brand): every product's, and (only for shops with hidden
    /// products, the others' public list being the first) the published products'.
    facets: [[PerVersion<Names>; 2]; 2],
    /// The public categories and brands with their pages' slugs, per facet.
    sections: [PerVersion<Vec<ListingFacet>>; 2],
    statuses: PerVersion<Vec<(ProductStatus, u64)>>,
    /// The lowest and highest public price, in cents (the shop's `priceRange`).
    prices: PerVersion<Option<(i64, i64)>>,
    /// Public priced products without a real picture (the owner's account panel).
    without_picture: PerVersion<u64>,
}

impl Default for StoreRows {
    fn default() -> Self {
        Self {
            rows: RwLock::default(),
            counts: PerVersion::new(MAX_ROWS),
            facets: std::array::from_fn(|_| std::array::from_fn(|_| PerVersion::new(MAX_LISTS))),
            sections: std::array::from_fn(|_| PerVersion::new(MAX_LISTS)),
            statuses: PerVersion::new(MAX_ROWS),
            prices: PerVersion::new(MAX_ROWS),
            without_picture: PerVersion::new(MAX_ROWS),
        }
    }
}

impl StoreRows {
    /// The public shop with this id (`stores::public`), from memory when read less than
    /// `TTL` ago.
    pub async fn find(
        &self,
        db: &DatabaseConnection,
        id: i64,
    ) -> Result<Option<Arc<store::Model>>> {
        if let Some((at, row)) = self
            .rows
            .read()
            .ok()
            .and_then(|rows| rows.get(&id).cloned())
        {
            if at.elapsed() < TTL {
                return Ok(Some(row));
            }
        }
        let Some(row) = stores::public()
            .filter(store::Column::Id.eq(id))
            .one(db)
            .await?
        else {
            return Ok(None);
        };
        let row = Arc::new(row);
        if let Ok(mut rows) = self.rows.write() {
            if rows.len() >= MAX_ROWS {
                rows.clear();
            }
            rows.insert(id, (Instant::now(), row.clone()));
        }
        Ok(Some(row))
    }

    /// How many products the shop has, as of the row's `content_version`.
    pub async fn product_count(
        &self,
        db: &DatabaseConnection,
        store: &store::Model,
    ) -> Result<u64> {
        Ok(self.counts(db, store).await?.all)
    }

    /// How many products visitors see (the shop's count without its hidden ones).
    pub async fn public_count(&self, db: &DatabaseConnection, store: &store::Model) -> Result<u64> {
        let counts = self.counts(db, store).await?;
        Ok(counts.all.saturating_sub(counts.hidden))
    }

    /// How many products the owner keeps off the public pages.
    pub async fn hidden_count(&self, db: &DatabaseConnection, store: &store::Model) -> Result<u64> {
        Ok(self.counts(db, store).await?.hidden)
    }

    /// The lowest and highest price of the shop's public products, in cents; none without
    /// prices. Read once per shop version.
    pub async fn price_range(
        &self,
        db: &DatabaseConnection,
        store: &store::Model,
    ) -> Result<Option<(i64, i64)>> {
        if let Some(known) = self.prices.get(store) {
            return Ok(*known);
        }
        let range = stores::price_range(db, store.id).await?;
        self.prices.put(store, Arc::new(range));
        Ok(range)
    }

    /// The shop's public priced products without a real picture (`stores::without_picture_count`:
    /// a scan of the shop's products), read once per shop version.
    pub async fn without_picture_count(
        &self,
        db: &DatabaseConnection,
        store: &store::Model,
    ) -> Result<u64> {
        if let Some(known) = self.without_picture.get(store) {
            return Ok(*known);
        }
        let count = stores::without_picture_count(db, store.id).await?;
        self.without_picture.put(store, Arc::new(count));
        Ok(count)
    }

    async fn counts(&self, db: &DatabaseConnection, store: &store::Model) -> Result<Counts> {
        if let Some(known) = self.counts.get(store) {
            return Ok(*known);
        }
        // Read after the row: the counts are never older than the version they are kept for.
        let counts = Counts {
            all: stores::product_count(db, store.id).await?,
            hidden: stores::hidden_count(db, store.id).await?,
        };
        self.counts.put(store, Arc::new(counts));
        Ok(counts)
    }

    /// The shop's categories with their product counts, as of the row's `content_version`.
    /// Read after the row, like the count.
    pub async fn categories(
        &self,
        db: &DatabaseConnection,
        store: &store::Model,
    ) -> Result<Arc<Vec<(String, u64)>>> {
        self.facet(db, store, Facet::Category, false).await
    }

    /// The categories and counts of the products visitors see.
    pub async fn public_categories(
        &self,
        db: &DatabaseConnection,
        store: &store::Model,
    ) -> Result<Arc<Vec<(String, u64)>>> {
        self.facet(db, store, Facet::Category, true).await
    }

    /// The categories or brands of the shop's products (`catalogue::facet_counts`), of
    /// those visitors see with `public`.
    pub async fn facet(
        &self,
        db: &DatabaseConnection,
        store: &store::Model,
        facet: Facet,
        public: bool,
    ) -> Result<Arc<Vec<(String, u64)>>> {
        let public = public && self.hidden_count(db, store).await? > 0;
        let kept = &self.facets[facet as usize][usize::from(public)];
        if let Some(known) = kept.get(store) {
            return Ok(known);
        }
        let list = Arc::new(catalogue::facet_counts(db, store.id, facet, public).await?);
        kept.put(store, list.clone());
        Ok(list)
    }

    /// The categories (or brands) visitors see, each with its page's slug
    /// (`facets::slugged`), as of the row's `content_version`.
    pub async fn sections(
        &self,
        db: &DatabaseConnection,
        store: &store::Model,
        facet: Facet,
    ) -> Result<Arc<Vec<ListingFacet>>> {
        let kept = &self.sections[facet as usize];
        if let Some(known) = kept.get(store) {
            return Ok(known);
        }
        let list = Arc::new(facets::slugged(&self.facet(db, store, facet, true).await?));
        kept.put(store, list.clone());
        Ok(list)
    }

    /// How many of the shop's products have each status, as of the row's `content_version`.
    pub async fn status_counts(
        &self,
        db: &DatabaseConnection,
        store: &store::Model,
    ) -> Result<Arc<Vec<(ProductStatus, u64)>>> {
        if let Some(known) = self.statuses.get(store) {
            return Ok(known);
        }
        let counts = Arc::new(catalogue::status_counts(db, store.id).await?);
        self.statuses.put(store, counts.clone());
        Ok(counts)
    }

    /// Every public shop with the count of the products visitors see (`stores::public`),
    /// for the explore page and the search across shops. Counts are kept per shop as of its
    /// `content_version` (read after the shops, as in [`Self::product_count`]); those of the
    /// shops that changed are read in one grouped count.
    pub async fn list_with_counts(
        &self,
        db: &DatabaseConnection,
    ) -> Result<Vec<(store::Model, u64)>> {
        let shops = stores::public().all(db).await?;
        let missing: HashSet<i64> = shops
            .iter()
            .filter(|s| self.counts.get(s).is_none())
            .map(|s| s.id)
            .collect();
        let ids: Vec<i64> = missing.iter().copied().collect();
        let read = stores::product_counts(db, &ids).await?;
        let mut out = Vec::with_capacity(shops.len());
        for shop in shops {
            let counts = match self.counts.get(&shop) {
                Some(known) if !missing.contains(&shop.id) => *known,
                _ => {
                    let (all, hidden) = read.get(&shop.id).copied().unwrap_or_default();
                    let counts = Counts { all, hidden };
                    self.counts.put(&shop, Arc::new(counts));
                    counts
                }
            };
            out.push((shop, counts.all.saturating_sub(counts.hidden)));
        }
        Ok(out)
    }

    pub fn forget_all(&self) {
        if let Ok(mut rows) = self.rows.write() {
            rows.clear();
        }
    }
}
