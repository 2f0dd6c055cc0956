//! The Pro report's counting (docs/product/limits.md, "Report di analisi dei dati"), on our own
//! server, without cookies and without personal data (docs/decisions/020-analytics.md):
//! - every shop or product page served to a person counts as a view, cached or not; the
//!   first page of a search counts its term; crawlers are not views, Google's are counted
//!   apart;
//! - a visitor is a hash of the shop, the address and the browser salted with the day's
//!   salt, which is removed once the day is over: the hash cannot be traced back, and the
//!   address itself is never written anywhere;
//! - counts wait in this instance's memory (bounded) and reach the database in one batch
//!   every few seconds, so counting never slows a page.

pub mod report;
pub mod visit;

use std::collections::{HashMap, HashSet};
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::Duration as StdDuration;

use entities::{analytics_daily as daily, analytics_salt as salt, analytics_visitor, store};
use http::{header, HeaderMap};
use rand::RngCore;
use sea_orm::sea_query::{Expr, OnConflict};
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseBackend, DatabaseConnection, EntityTrait, QueryFilter,
    QuerySelect, Set, TransactionTrait,
};
use sha2::{Digest, Sha256};
use visit::Visitor;

use crate::error::Result;

/// How often an instance writes what it counted.
pub const FLUSH_EVERY: StdDuration = StdDuration::from_secs(10);
/// Distinct counts and visitors an instance holds between two writes; beyond, views are
/// dropped (and logged) rather than let memory grow.
const MAX_PENDING: usize = 100_000;
/// Rows written per statement.
const BATCH: usize = 500;
/// Characters of a search term kept.
const TERM_CHARS: usize = 60;
/// Days of counts kept: a year and a bit, so a month compares with the same month a year ago.
const KEEP_DAYS: i64 = 400;
/// After this many days, a product or search term seen once in a day is forgotten for that
/// day: the report lists the top ten, and the long tail of single views (a row per product
/// and day in a large catalogue) would make a 90-day report read millions of rows.
const TAIL_DAYS: i64 = 7;

/// The report's metrics, as stored.
pub mod metric {
    pub const VIEWS: &str = "views";
    pub const PRODUCT: &str = "product";
    pub const SEARCH: &str = "search";
    pub const SOURCE: &str = "source";
    pub const CRAWL: &str = "crawl";
    pub const VISITORS: &str = "visitors";
}

/// The Italian calendar day of `at`, as `YYYY-MM-DD`.
pub fn italian_day(at: jiff::Timestamp) -> String {
    let rome = jiff::tz::TimeZone::get("Europe/Rome").unwrap_or(jiff::tz::TimeZone::UTC);
    at.to_zoned_datetime(rome).date().to_string()
}

pub fn today() -> String {
    italian_day(jiff::Timestamp::now())
}

/// The day `days` before `day` (`YYYY-MM-DD`).
pub fn days_before(day: &str, days: i64) -> String {
    day.parse::<jiff::civil::Date>()
        .ok()
        .and_then(|d| d.checked_sub(jiff::Span::new().days(days)).ok())
        .map_or_else(|| day.to_owned(), |d| d.to_string())
}

/// A page a person or a crawler was served.
#[derive(Debug, Clone, Default)]
pub struct PageView {
    pub store_id: i64,
    pub product_id: Option<i64>,
    /// The search of a shop page's first page of results.
    pub search: Option<String>,
    /// A search the shop page ran in the browser (`GET /api/stores/{id}/products?q=`): its
    /// term is counted, the page was counted when it was served.
    pub search_only: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct CountKey {
    store_id: i64,
    metric: &'static str,
    day: String,
    key: String,
}

#[derive(Debug, Default)]
struct Pending {
    counts: HashMap<CountKey, i64>,
    /// (shop, day, unsalted digest): salted with the day's shared salt when written.
    visitors: HashSet<(i64, String, [u8; 32])>,
    dropped: u64,
}

impl Pending {
    fn len(&self) -> usize {
        self.counts.len() + self.visitors.len()
    }

    fn add(&mut self, key: CountKey, n: i64) {
        if let Some(count) = self.counts.get_mut(&key) {
            *count += n;
        } else if self.len() < MAX_PENDING {
            self.counts.insert(key, n);
        } else {
            self.dropped += 1;
        }
    }

    fn add_visitor(&mut self, visitor: (i64, String, [u8; 32])) {
        if self.len() < MAX_PENDING || self.visitors.contains(&visitor) {
            self.visitors.insert(visitor);
        } else {
            self.dropped += 1;
        }
    }
}

/// This instance's counts not yet written.
#[derive(Debug, Default)]
pub struct Recorder {
    pending: Mutex<Pending>,
}

/// What a request says of who made it, read once.
pub struct Requester<'a> {
    pub headers: &'a HeaderMap,
    pub address: IpAddr,
    /// Our own host names: a referrer on them is a step inside the site, not a source.
    pub own_hosts: [&'a str; 2],
}

impl Recorder {
    /// Counts a page served. Never waits on the database.
    pub fn record(&self, view: &PageView, from: &Requester<'_>) {
        let text = |name| from.headers.get(name).and_then(|v| v.to_str().ok());
        let agent = text(header::USER_AGENT);
        let day = today();
        let key = |metric, key: String| CountKey {
            store_id: view.store_id,
            metric,
            day: day.clone(),
            key,
        };
        let mut pending = self.pending.lock().unwrap_or_else(|e| e.into_inner());
        let crawler = match visit::visitor(agent) {
            Visitor::Person => None,
            Visitor::Google => Some("google"),
            Visitor::OtherCrawler => Some("other"),
        };
        if let Some(crawler) = crawler {
            if !view.search_only {
                pending.add(key(metric::CRAWL, crawler.to_owned()), 1);
            }
            return;
        }
        let term = view.search.as_deref().map(search_term);
        if view.search_only {
            if let Some(term) = term.filter(|t| !t.is_empty()) {
                pending.add(key(metric::SEARCH, term), 1);
            }
            return;
        }
        pending.add(key(metric::VIEWS, String::new()), 1);
        if let Some(product) = view.product_id {
            pending.add(key(metric::PRODUCT, product.to_string()), 1);
        }
        if let Some(term) = view
            .search
            .as_deref()
            .map(search_term)
            .filter(|t| !t.is_empty())
        {
            pending.add(key(metric::SEARCH, term), 1);
        }
        if let Some(source) = visit::source(text(header::REFERER), &from.own_hosts) {
            pending.add(key(metric::SOURCE, source.key().to_owned()), 1);
        }
        let mut digest = Sha256::new();
        digest.update(view.store_id.to_be_bytes());
        digest.update(from.address.to_string());
        digest.update([0]);
        digest.update(agent.unwrap_or_default());
        pending.add_visitor((view.store_id, day, digest.finalize().into()));
    }

    /// Writes what was counted since the last call, in one transaction; on failure the
    /// counts are kept for the next call. Returns how many rows were written.
    pub async fn flush(&self, db: &DatabaseConnection) -> Result<usize> {
        let taken = std::mem::take(&mut *self.pending.lock().unwrap_or_else(|e| e.into_inner()));
        if taken.dropped > 0 {
            tracing::warn!(
                dropped = taken.dropped,
                "page views not counted: too many waiting"
            );
        }
        if taken.len() == 0 {
            return Ok(0);
        }
        match write(db, &taken).await {
            Ok(rows) => Ok(rows),
            Err(err) => {
                let mut pending = self.pending.lock().unwrap_or_else(|e| e.into_inner());
                for (key, n) in taken.counts {
                    pending.add(key, n);
                }
                for visitor in taken.visitors {
                    pending.add_visitor(visitor);
                }
                Err(err)
            }
        }
    }
}

/// A search as counted: folded, trimmed, at most [`TERM_CHARS`] characters.
fn search_term(text: &str) -> String {
    domain::search::name_key(text)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .chars()
        .take(TERM_CHARS)
        .collect()
}

async fn write(db: &DatabaseConnection, pending: &Pending) -> Result<usize> {
    // A shop deleted since its views were counted would fail the whole batch on its
    // foreign key, and with it every other shop's views, at every later try: its rows are
    // dropped. On PostgreSQL the shops kept are locked until the commit, so none can be
    // deleted in between; on SQLite they are read before the transaction (whose first
    // statement must be its first write, or a write in between would fail it), and a
    // deletion in between fails this try only: the next one leaves the shop out.
    let postgres = db.get_database_backend() == DatabaseBackend::Postgres;
    let existing = if postgres {
        None
    } else {
        Some(existing_stores(db, pending, false).await?)
    };
    let txn = db.begin().await?;
    let existing = match existing {
        Some(found) => found,
        None => existing_stores(&txn, pending, true).await?,
    };
    let mut salts: HashMap<String, String> = HashMap::new();
    for (_, day, _) in &pending.visitors {
        if !salts.contains_key(day) {
            salts.insert(day.clone(), day_salt(&txn, day).await?);
        }
    }
    let counts: Vec<daily::ActiveModel> = pending
        .counts
        .iter()
        .filter(|(k, _)| existing.contains(&k.store_id))
        .map(|(k, n)| daily::ActiveModel {
            store_id: Set(k.store_id),
            metric: Set(k.metric.to_owned()),
            day: Set(k.day.clone()),
            key: Set(k.key.clone()),
            hits: Set(*n),
        })
        .collect();
    let visitors: Vec<analytics_visitor::ActiveModel> = pending
        .visitors
        .iter()
        .filter(|(store_id, _, _)| existing.contains(store_id))
        .map(|(store_id, day, digest)| {
            let mut salted = Sha256::new();
            salted.update(salts.get(day).map(String::as_str).unwrap_or_default());
            salted.update(digest);
            analytics_visitor::ActiveModel {
                store_id: Set(*store_id),
                day: Set(day.clone()),
                hash: Set(hex::encode(&salted.finalize()[..16])),
            }
        })
        .collect();
    let rows = counts.len() + visitors.len();
    let gone = pending.len() - rows;
    if gone > 0 {
        tracing::info!(rows = gone, "page views of deleted shops dropped");
    }
    for batch in counts.chunks(BATCH) {
        add_counts(&txn, batch.to_vec()).await?;
    }
    for batch in visitors.chunks(BATCH) {
        analytics_visitor::Entity::insert_many(batch.to_vec())
            .on_conflict(
                OnConflict::columns([
                    analytics_visitor::Column::StoreId,
                    analytics_visitor::Column::Day,
                    analytics_visitor::Column::Hash,
                ])
                .do_nothing()
                .to_owned(),
            )
            .do_nothing()
            .exec(&txn)
            .await?;
    }
    txn.commit().await?;
    Ok(rows)
}

/// The shops of `pending` that still exist (with `lock`, kept from deletion until the
/// transaction ends: PostgreSQL only).
async fn existing_stores(
    db: &impl ConnectionTrait,
    pending: &Pending,
    lock: bool,
) -> Result<HashSet<i64>> {
    let mut ids: Vec<i64> = pending
        .counts
        .keys()
        .map(|k| k.store_id)
        .chain(pending.visitors.iter().map(|(id, _, _)| *id))
        .collect();
    ids.sort_unstable();
    ids.dedup();
    let mut found = HashSet::with_capacity(ids.len());
    for chunk in ids.chunks(BATCH) {
        let mut query = store::Entity::find()
            .select_only()
            .column(store::Column::Id)
            .filter(store::Column::Id.is_in(chunk.iter().copied()));
        if lock {
            query = query.lock_shared();
        }
        let rows: Vec<i64> = query.into_tuple().all(db).await?;
        found.extend(rows);
    }
    Ok(found)
}

/// Adds each row's hits to the stored count of its key (or stores it).
async fn add_counts(db: &impl ConnectionTrait, rows: Vec<daily::ActiveModel>) -> Result<()> {
    if rows.is_empty() {
        return Ok(());
    }
    daily::Entity::insert_many(rows)
        .on_conflict(
            OnConflict::columns([
                daily::Column::StoreId,
                daily::Column::Metric,
                daily::Column::Day,
                daily::Column::Key,
            ])
            .value(
                daily::Column::Hits,
                Expr::cust("\"analytics_daily\".\"hits\" + \"excluded\".\"hits\""),
            )
            .to_owned(),
        )
        .exec(db)
        .await?;
    Ok(())
}

/// The day's salt, shared by every instance: the first to need it writes it.
async fn day_salt(db: &impl ConnectionTrait, day: &str) -> Result<String> {
    let mut fresh = [0u8; 32];
    rand::thread_rng().fill_bytes(&mut fresh);
    salt::Entity::insert(salt::ActiveModel {
        day: Set(day.to_owned()),
        salt: Set(hex::encode(fresh)),
    })
    .on_conflict(
        OnConflict::column(salt::Column::Day)
            .do_nothing()
            .to_owned(),
    )
    .do_nothing()
    .exec(db)
    .await?;
    let kept = salt::Entity::find_by_id(day.to_owned()).one(db).await?;
    Ok(kept.map(|s| s.salt).unwrap_or_else(|| hex::encode(fresh)))
}

/// Writes this instance's counts every [`FLUSH_EVERY`] for as long as the server runs. Each
/// instance writes its own: they are in its memory (adding to a count, never replacing it,
/// so instances do not step on each other).
pub async fn flush_forever(app: crate::App) {
    let mut tick = tokio::time::interval(FLUSH_EVERY);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tick.tick().await;
        if let Err(err) = app.analytics.flush(&app.db).await {
            tracing::error!(error = ?err, "page views not written; kept for the next try");
        }
    }
}

/// Once the day is over (run by the housekeeping job, once across instances): the day's
/// visitors become a count, their hashes and the day's salt are removed; counts older than
/// [`KEEP_DAYS`] go, and single views of a product or term older than [`TAIL_DAYS`]. Returns
/// how many visitor hashes were counted.
pub async fn close_past_days(db: &DatabaseConnection) -> Result<u64> {
    let today = today();
    let txn = db.begin().await?;
    let per_day: Vec<(i64, String, i64)> = analytics_visitor::Entity::find()
        .select_only()
        .column(analytics_visitor::Column::StoreId)
        .column(analytics_visitor::Column::Day)
        .column_as(analytics_visitor::Column::Hash.count(), "n")
        .filter(analytics_visitor::Column::Day.lt(today.as_str()))
        .group_by(analytics_visitor::Column::StoreId)
        .group_by(analytics_visitor::Column::Day)
        .into_tuple()
        .all(&txn)
        .await?;
    let counted: i64 = per_day.iter().map(|(_, _, n)| n).sum();
    let rows: Vec<daily::ActiveModel> = per_day
        .into_iter()
        .map(|(store_id, day, n)| daily::ActiveModel {
            store_id: Set(store_id),
            metric: Set(metric::VISITORS.to_owned()),
            day: Set(day),
            key: Set(String::new()),
            hits: Set(n),
        })
        .collect();
    for batch in rows.chunks(BATCH) {
        add_counts(&txn, batch.to_vec()).await?;
    }
    analytics_visitor::Entity::delete_many()
        .filter(analytics_visitor::Column::Day.lt(today.as_str()))
        .exec(&txn)
        .await?;
    salt::Entity::delete_many()
        .filter(salt::Column::Day.lt(today.as_str()))
        .exec(&txn)
        .await?;
    daily::Entity::delete_many()
        .filter(daily::Column::Day.lt(days_before(&today, KEEP_DAYS)))
        .exec(&txn)
        .await?;
    daily::Entity::delete_many()
        .filter(daily::Column::Metric.is_in([metric::PRODUCT, metric::SEARCH]))
        .filter(daily::Column::Day.lt(days_before(&today, TAIL_DAYS)))
        .filter(daily::Column::Hits.lte(1))
        .exec(&txn)
        .await?;
    txn.commit().await?;
    Ok(counted.max(0) as u64)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn days_are_italian_days() {
        // 23:30 UTC on 31 July is already 1 August in Italy (summer time, UTC+2) …
        let summer: jiff::Timestamp = "2026-07-31T23:30:00Z".parse().unwrap();
        assert_eq!(italian_day(summer), "2026-08-01");
        // … while 22:59 UTC on 31 January is 23:59 of that day (winter time, UTC+1).
        let winter: jiff::Timestamp = "2026-01-31T22:59:00Z".parse().unwrap();
        assert_eq!(italian_day(winter), "2026-01-31");
        assert_eq!(days_before("2026-03-01", 1), "2026-02-28");
    }

    #[test]
    fn search_terms_are_folded_and_cut() {
        assert_eq!(
            search_term("  Trapano   PERCUSSIONE "),
            "trapano percussione"
        );
        assert_eq!(search_term("Perché"), "perche");
        assert_eq!(search_term(&"x".repeat(200)).len(), TERM_CHARS);
    }

    #[test]
    fn memory_is_bounded() {
        let mut pending = Pending::default();
        for i in 0..(MAX_PENDING as i64 + 10) {
            pending.add(
                CountKey {
                    store_id: 1,
                    metric: metric::PRODUCT,
                    day: "2026-11-27".into(),
                    key: i.to_string(),
                },
                1,
            );
        }
        assert_eq!(pending.len(), MAX_PENDING);
        assert_eq!(pending.dropped, 10);
    }
}
