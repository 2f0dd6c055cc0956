//! "Chi ce l'ha vicino a me": a product search across every public shop (`/cerca` and
//! `GET /api/search`), nearest shops first. Shops are ordered by their distance (whole
//! kilometres) from the comune of the visitor's CAP; the products of the shops at one
//! distance (often one comune) are ranked together, best match first. The search is the shop
//! pages' own (`domain::search`), run shop by shop through the index (each shop's words carry
//! its prefix), all the shops of a step in one statement.
//!
//! At most [`MAX_RESULTS`] results are gathered (20 pages), nearest shops first:
//! each step shares what is left of them among its shops, so the shops at one distance all
//! take part, each with the first matches its index finds; these are ranked together by
//! score. A shop that may have more is asked again while room is left, before shops further
//! away. A search reads so at most about 400 rows, whatever the catalogues hold
//! (docs/decisions/031-search-on-postgresql-at-scale.md, 035); the total says when there
//! are more.

use std::collections::BTreeMap;

use domain::messages;
use domain::search::SearchQuery;
use domain::Cap;
use entities::{product, store};
use sea_orm::{ConnectionTrait, TransactionTrait};

use crate::error::{AppError, Problems, Result};
use crate::services::catalogue::{self, Match};
use crate::services::geo::{Place, Places};
use crate::services::match_cache::{MatchCache, ShopAt};
use crate::services::query_params;

/// Results a page shows.
pub const PAGE_SIZE: u64 = 20;
/// Results gathered at most: 20 pages are more than anyone reads across shops, and every
/// result is a row read from a shop's part of the table (a search within one shop ranks up
/// to [`catalogue::MAX_MATCHES`]).
pub const MAX_RESULTS: u64 = 400;
/// Deepest page served.
pub const MAX_PAGE: u64 = MAX_RESULTS / PAGE_SIZE;
/// Nearest shops searched: bounds the size of the one full-text query.
const MAX_SHOPS: usize = 1_000;
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
        let mut p = Problems::default();
        let mut out = Self {
            page: 1,
            ..Self::default()
        };
        for (key, value) in query_params::pairs(query) {
            let value = value.as_str();
            match key.as_ref() {
                "q" => out.q = query_params::search_text(value),
                "cap" if value.is_empty() || Cap::parse(value).is_some() => {
                    value.clone_into(&mut out.cap)
                }
                "cap" => p.add("cap", messages::POSTAL_CODE_INVALID),
                "page" => {
                    let n = p.number_in("page", value, 1..=MAX_PAGE, messages::NEARBY_PAGE_INVALID);
                    out.page = n.unwrap_or(out.page);
                }
                _ => {}
            }
        }
        p.into_result()?;
        Ok(out)
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
    /// More products match than `total` ([`MAX_RESULTS`]).
    pub capped: bool,
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
    db: &(impl ConnectionTrait + TransactionTrait),
    matches: &MatchCache,
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
    let groups = gather(db, matches, &query, &candidates).await?;
    let mut results: Vec<(usize, Match)> = Vec::new();
    for (group, mut matches) in groups.into_iter().enumerate() {
        catalogue::rank(&mut matches);
        results.extend(matches.into_iter().map(|m| (group, m)));
    }
    page.capped = results.len() as u64 > MAX_RESULTS;
    results.truncate(MAX_RESULTS as usize);
    page.total = results.len() as u64;
    page.pages = page.total.div_ceil(PAGE_SIZE).clamp(1, MAX_PAGE);

    let wanted: Vec<&Match> = results
        .iter()
        .skip(((asked.page - 1) * PAGE_SIZE) as usize)
        .take(PAGE_SIZE as usize)
        .map(|(_, m)| m)
        .collect();
    let ids: Vec<i64> = wanted.iter().map(|m| m.id).collect();
    for product in catalogue::rows_in_order(db, &ids).await? {
        if let Some(shop) = candidates.iter().find(|c| c.store.id == product.store_id) {
            page.items.push(Found {
                product,
                store: shop.store.clone(),
                store_products: shop.products,
                distance_km: shop.km,
            });
        }
    }
    Ok(page)
}

/// A shop being searched: its place in `candidates`, its group (shops at one distance),
/// how many of its matches were read.
struct Reading {
    shop: usize,
    group: usize,
    read: u64,
}

/// The matches of each group of shops at one distance, nearest group first (unranked), at
/// most about [`MAX_RESULTS`] + 1 in all. Steps: the first group alone, then
/// twice as many groups each time (a rare word is in few shops, and shops are many), each
/// step's shops sharing what is left; a shop that filled its share is asked again, for
/// what is still left (no more such shops at once than results left), before any shop
/// further away.
async fn gather(
    db: &(impl ConnectionTrait + TransactionTrait),
    cache: &MatchCache,
    query: &SearchQuery,
    candidates: &[Candidate],
) -> Result<Vec<Vec<Match>>> {
    let mut group_of = Vec::with_capacity(candidates.len());
    for (i, shop) in candidates.iter().enumerate() {
        let same = i > 0 && candidates[i - 1].km == shop.km;
        let group = match group_of.last() {
            Some(&last) if same => last,
            Some(&last) => last + 1,
            None => 0,
        };
        group_of.push(group);
    }
    let groups = group_of.last().map_or(0, |g| g + 1);
    let mut found: Vec<Vec<Match>> = vec![Vec::new(); groups];
    let mut left = MAX_RESULTS + 1;
    let (mut next_shop, mut step_groups) = (0, 1);
    let mut unfinished: Vec<Reading> = Vec::new();
    while left > 0 {
        let step: Vec<Reading> = if unfinished.is_empty() {
            let Some(&first) = group_of.get(next_shop) else {
                break;
            };
            let end = group_of[next_shop..]
                .iter()
                .position(|g| *g >= first + step_groups)
                .map_or(candidates.len(), |n| next_shop + n);
            let step = (next_shop..end)
                .map(|shop| Reading {
                    shop,
                    group: group_of[shop],
                    read: 0,
                })
                .collect();
            next_shop = end;
            step_groups *= 2;
            step
        } else {
            // No more of them than results still wanted: one each may be enough (the last
            // result looked for says whether more than [`MAX_RESULTS`] match), and every shop
            // asked costs a reading of the index.
            let rest = unfinished.split_off(unfinished.len().min(left as usize));
            std::mem::replace(&mut unfinished, rest)
        };
        let share = left.div_ceil(step.len() as u64);
        let asked: Vec<(ShopAt, u64)> = step
            .iter()
            .map(|r| (ShopAt::of(&candidates[r.shop].store), r.read))
            .collect();
        // Shop by shop, in the order asked.
        let matches = catalogue::first_matches(db, cache, query, &asked, share, true).await?;
        let mut at = 0;
        for mut reading in step {
            let store_id = candidates[reading.shop].store.id;
            let start = at;
            while matches.get(at).is_some_and(|m| m.store_id == store_id) {
                at += 1;
            }
            found[reading.group].extend_from_slice(&matches[start..at]);
            let got = (at - start) as u64;
            left = left.saturating_sub(got);
            reading.read += got;
            if got == share {
                unfinished.push(reading);
            }
        }
    }
    Ok(found)
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
        for bad in ["cap=3503", "cap=abcde", "page=0", "page=21", "page=x"] {
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
