//! "Chi ce l'ha vicino a me": a product search across every public shop (`/cerca` and
//! `GET /api/search`), nearest shops first. Shops are ordered by their distance (whole
//! kilometres) from the comune of the visitor's CAP; the products of the shops at one
//! distance (often one comune) are ranked together, best match first. The search is the shop
//! pages' own (`crate::search`), run shop by shop through the index (each shop's words carry
//! its prefix): counted per shop, and a page's products ranked by the shops' scores merged.

use std::collections::BTreeMap;

use sea_orm::ConnectionTrait;

use crate::entities::{product, store};
use crate::error::{AppError, Result};
use crate::messages;
use crate::search::SearchQuery;
use crate::services::catalogue;
use crate::services::geo::{Place, Places};
use crate::validation::is_postal_code;

/// Results a page shows.
pub const PAGE_SIZE: u64 = 20;
/// Deepest page served: 1,000 results are more than anyone reads across shops.
pub const MAX_PAGE: u64 = 50;
/// Nearest shops searched: bounds the size of the one full-text query.
const MAX_SHOPS: usize = 1_000;
/// Characters of a search read.
const MAX_SEARCH: usize = 200;
/// Searches across shops one instance runs at once (each reads every shop's index), and
/// how long one waits for its turn before the visitor is asked to try again.
const RUNNING: usize = 4;
const WAIT: std::time::Duration = std::time::Duration::from_secs(3);
static SLOTS: tokio::sync::Semaphore = tokio::sync::Semaphore::const_new(RUNNING);

/// A turn to search across shops, or `None` when [`RUNNING`] searches kept it busy for
/// [`WAIT`] (the caller answers 503).
pub async fn turn() -> Option<tokio::sync::SemaphorePermit<'static>> {
    tokio::time::timeout(WAIT, SLOTS.acquire())
        .await
        .ok()
        .and_then(Result::ok)
}

/// What `?q=&cap=&page=` asks, checked.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct NearbyQuery {
    /// The search as typed ("" for none).
    pub q: String,
    /// Five digits, or "" for none.
    pub cap: String,
    pub page: u64,
}

impl NearbyQuery {
    /// Other parameters are ignored; a bad value is refused with its field named.
    pub fn parse(query: Option<&str>) -> Result<Self> {
        let mut problems: BTreeMap<&'static str, String> = BTreeMap::new();
        let mut out = Self {
            page: 1,
            ..Self::default()
        };
        for (key, value) in url::form_urlencoded::parse(query.unwrap_or_default().as_bytes()) {
            let value = value.trim();
            match key.as_ref() {
                "q" => out.q = value.chars().take(MAX_SEARCH).collect(),
                "cap" if value.is_empty() || is_postal_code(value) => {
                    value.clone_into(&mut out.cap)
                }
                "cap" => {
                    problems.insert("cap", messages::POSTAL_CODE_INVALID.into());
                }
                "page" => match value.parse::<u64>() {
                    Ok(n) if (1..=MAX_PAGE).contains(&n) => out.page = n,
                    _ => {
                        problems.insert("page", messages::NEARBY_PAGE_INVALID.into());
                    }
                },
                _ => {}
            }
        }
        if problems.is_empty() {
            Ok(out)
        } else {
            Err(AppError::fields(problems))
        }
    }

    /// The query string of this search at `page`: fixed order, defaults left out.
    pub fn canonical_query(&self, page: u64) -> String {
        let mut out = url::form_urlencoded::Serializer::new(String::new());
        if !self.q.is_empty() {
            out.append_pair("q", &self.q);
        }
        if !self.cap.is_empty() {
            out.append_pair("cap", &self.cap);
        }
        if page > 1 {
            out.append_pair("page", &page.to_string());
        }
        out.finish()
    }
}

/// One product found, with its shop and how far that shop is.
#[derive(Debug, Clone)]
pub struct Found {
    pub product: product::Model,
    pub store: store::Model,
    pub store_products: u64,
    /// Whole kilometres from the visitor's comune; `None` without a CAP, or for a shop
    /// whose CAP is not in the data.
    pub distance_km: Option<u32>,
}

#[derive(Debug, Clone, Default)]
pub struct NearbyPage {
    pub items: Vec<Found>,
    pub total: u64,
    pub page: u64,
    pub pages: u64,
    /// The comune of the visitor's CAP.
    pub origin: Option<Place>,
}

/// A shop that could hold results, and how far it is.
struct Candidate {
    store: store::Model,
    products: u64,
    km: Option<u32>,
}

/// The page of products `asked` wants among `shops` (the public shops with their product
/// counts). A CAP not in the data is refused (`cap`); without a search the page is empty.
pub async fn search(
    db: &impl ConnectionTrait,
    places: &Places,
    shops: Vec<(store::Model, u64)>,
    asked: &NearbyQuery,
) -> Result<NearbyPage> {
    let origin = match asked.cap.as_str() {
        "" => None,
        cap => Some(places.locate(cap, "").cloned().ok_or_else(|| {
            AppError::fields(BTreeMap::from([(
                "cap",
                messages::CAP_NOT_FOUND.to_owned(),
            )]))
        })?),
    };
    let mut page = NearbyPage {
        page: asked.page,
        pages: 1,
        origin,
        ..NearbyPage::default()
    };
    let Some(query) = SearchQuery::parse(&asked.q) else {
        return Ok(page);
    };
    let candidates = nearest_first(places, page.origin.as_ref(), shops);
    // Shops at the same distance, with matches, form a group: its products ranked together.
    let mut groups: Vec<(Option<u32>, Vec<&Candidate>, u64)> = Vec::new();
    for shop in &candidates {
        let n = catalogue::count_matches(db, &query, shop.store.id).await?;
        if n == 0 {
            continue;
        }
        match groups.last_mut() {
            Some((km, members, total)) if *km == shop.km => {
                members.push(shop);
                *total += n;
            }
            _ => groups.push((shop.km, vec![shop], n)),
        }
    }
    page.total = groups.iter().map(|g| g.2).sum();
    page.pages = page.total.div_ceil(PAGE_SIZE).clamp(1, MAX_PAGE);

    let (mut skip, mut wanted) = ((asked.page - 1) * PAGE_SIZE, PAGE_SIZE);
    for (km, members, total) in &groups {
        if wanted == 0 {
            break;
        }
        if skip >= *total {
            skip -= total;
            continue;
        }
        // Each shop's best `skip + wanted`, merged by score: the group's own ranking.
        let mut scored: Vec<(i64, f64)> = Vec::new();
        for shop in members {
            scored
                .extend(catalogue::scored_matches(db, &query, shop.store.id, skip + wanted).await?);
        }
        scored.sort_by(|a, b| b.1.total_cmp(&a.1).then(b.0.cmp(&a.0)));
        let ids: Vec<i64> = scored
            .iter()
            .skip(skip as usize)
            .take(wanted as usize)
            .map(|(id, _)| *id)
            .collect();
        skip = 0;
        wanted = wanted.saturating_sub(ids.len() as u64);
        // A product kept off the public pages is left out (its match was counted: a page
        // may come out one short, which only a shop hiding matching products sees).
        for product in catalogue::rows_in_order(db, &ids)
            .await?
            .into_iter()
            .filter(|p| p.published)
        {
            if let Some(shop) = members.iter().find(|c| c.store.id == product.store_id) {
                page.items.push(Found {
                    product,
                    store: shop.store.clone(),
                    store_products: shop.products,
                    distance_km: *km,
                });
            }
        }
    }
    Ok(page)
}

/// Shops with products, nearest first (then by id); shops whose place is unknown last. At
/// most [`MAX_SHOPS`].
fn nearest_first(
    places: &Places,
    origin: Option<&Place>,
    shops: Vec<(store::Model, u64)>,
) -> Vec<Candidate> {
    let mut out: Vec<Candidate> = shops
        .into_iter()
        .filter(|(_, products)| *products > 0)
        .map(|(store, products)| {
            let km = origin.and_then(|from| {
                let at = places.locate(&store.postal_code, &store.city)?;
                Some(from.km_to(at).round() as u32)
            });
            Candidate {
                store,
                products,
                km,
            }
        })
        .collect();
    out.sort_by_key(|c| (c.km.is_none(), c.km, c.store.id));
    out.truncate(MAX_SHOPS);
    out
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn queries_are_checked_and_written_one_way() {
        let q = NearbyQuery::parse(Some("page=2&cap=35031&utm=x&q=+trapano+")).unwrap();
        assert_eq!(q.canonical_query(2), "q=trapano&cap=35031&page=2");
        assert_eq!(q.canonical_query(1), "q=trapano&cap=35031");
        for bad in ["cap=3503", "cap=abcde", "page=0", "page=51", "page=x"] {
            assert!(NearbyQuery::parse(Some(bad)).is_err(), "{bad}");
        }
        assert_eq!(NearbyQuery::parse(Some("cap=")).unwrap().cap, "");
    }

    #[tokio::test]
    async fn searches_beyond_those_running_wait_then_are_turned_away() {
        let held: Vec<_> = (0..RUNNING).map(|_| SLOTS.try_acquire().unwrap()).collect();
        let started = std::time::Instant::now();
        assert!(turn().await.is_none());
        assert!(started.elapsed() >= WAIT);
        drop(held);
        assert!(turn().await.is_some());
    }
}
