//! The Pro report of a shop over its last days (`GET /api/stores/me/analytics?days=N`):
//! views by day, visitors, top products and searches, sources and crawls, read from the
//! daily counts (a range of the table's key per metric).

use std::collections::HashMap;

use entities::{analytics_daily as daily, analytics_visitor, inquiry, product};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect,
};
use serde::Serialize;
use ts_rs::TS;
use utoipa::ToSchema;

use super::visit::Source;
use super::{days_before, metric, today};
use crate::error::Result;

/// Products and search terms listed.
pub const TOP: u64 = 10;
/// Longest period a report covers.
pub const MAX_DAYS: u32 = 365;

#[derive(Debug, Clone, Serialize, ToSchema, TS, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct AnalyticsReport {
    /// First and last day of the period (`YYYY-MM-DD`, Italian days; the last is today).
    pub from: String,
    pub to: String,
    pub views: Views,
    /// Unique visitors, day by day, added up (a visitor is recognised within a day only).
    pub visitors: u64,
    pub top_products: Vec<TopProduct>,
    pub searches: Vec<SearchCount>,
    pub sources: Sources,
    pub crawls: Crawls,
    /// "Chiedi disponibilità" requests received in the period, and the most asked products.
    pub inquiries: u64,
    pub asked_products: Vec<AskedProduct>,
}

#[derive(Debug, Clone, Serialize, ToSchema, TS, PartialEq, Eq)]
pub struct AskedProduct {
    pub id: i64,
    pub name: String,
    pub requests: u64,
}

#[derive(Debug, Clone, Serialize, ToSchema, TS, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Views {
    pub total: u64,
    /// Every day of the period, oldest first, days without views included.
    pub by_day: Vec<DayCount>,
}

#[derive(Debug, Clone, Serialize, ToSchema, TS, PartialEq, Eq)]
pub struct DayCount {
    pub date: String,
    pub count: u64,
}

#[derive(Debug, Clone, Serialize, ToSchema, TS, PartialEq, Eq)]
pub struct TopProduct {
    pub id: i64,
    pub name: String,
    pub views: u64,
}

#[derive(Debug, Clone, Serialize, ToSchema, TS, PartialEq, Eq)]
pub struct SearchCount {
    pub term: String,
    pub count: u64,
}

/// Where visits came from; a step inside the site is not a source.
#[derive(Debug, Clone, Default, Serialize, ToSchema, TS, PartialEq, Eq)]
pub struct Sources {
    pub google: u64,
    /// Other search engines.
    pub search: u64,
    pub social: u64,
    pub direct: u64,
    pub other: u64,
}

#[derive(Debug, Clone, Serialize, ToSchema, TS, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Crawls {
    /// Pages of the shop Google's crawlers were served.
    pub google: u64,
    pub other: u64,
    /// Google's visits day by day, as `views.byDay`.
    pub google_by_day: Vec<DayCount>,
}

/// The report of `store_id` over the last `days` days, today included.
pub async fn report(
    db: &impl ConnectionTrait,
    store_id: i64,
    days: u32,
) -> Result<AnalyticsReport> {
    let days = days.clamp(1, MAX_DAYS);
    let to = today();
    let period = Period {
        store_id,
        from: days_before(&to, i64::from(days) - 1),
        to,
    };
    let totals = period.totals(db).await?;
    // Requests are timestamps, not Italian days: the period's days back from now.
    let since = time::OffsetDateTime::now_utc() - time::Duration::days(i64::from(days));
    let inquiries = inquiry::Entity::find()
        .filter(inquiry::Column::StoreId.eq(store_id))
        .filter(inquiry::Column::CreatedAt.gte(since))
        .count(db)
        .await?;
    let asked_products = crate::services::inquiries::per_product(db, store_id, since, TOP)
        .await?
        .into_iter()
        .map(|(id, name, requests)| AskedProduct { id, name, requests })
        .collect();
    Ok(AnalyticsReport {
        views: Views {
            total: totals.views_by_day.values().sum(),
            by_day: period.every_day(&totals.views_by_day),
        },
        visitors: totals.visitors,
        top_products: period.top_products(db).await?,
        searches: period.searches(db).await?,
        sources: totals.sources,
        crawls: Crawls {
            google: totals.google,
            other: totals.other,
            google_by_day: period.every_day(&totals.google_by_day),
        },
        inquiries,
        asked_products,
        from: period.from,
        to: period.to,
    })
}

/// A shop's report period: Italian days `from` to `to`, both included.
struct Period {
    store_id: i64,
    from: String,
    to: String,
}

/// The counts of the period that are summed, not ranked.
#[derive(Default)]
struct Totals {
    views_by_day: HashMap<String, u64>,
    google_by_day: HashMap<String, u64>,
    visitors: u64,
    sources: Sources,
    google: u64,
    other: u64,
}

impl Totals {
    fn add(&mut self, what: &str, day: String, key: &str, hits: u64) {
        match (what, key) {
            (metric::VIEWS, _) => *self.views_by_day.entry(day).or_default() += hits,
            (metric::VISITORS, _) => self.visitors += hits,
            (metric::CRAWL, "google") => {
                self.google += hits;
                *self.google_by_day.entry(day).or_default() += hits;
            }
            (metric::CRAWL, _) => self.other += hits,
            (metric::SOURCE, key) => {
                let Some(source) = Source::ALL.into_iter().find(|s| s.key() == key) else {
                    return;
                };
                *match source {
                    Source::Google => &mut self.sources.google,
                    Source::Search => &mut self.sources.search,
                    Source::Social => &mut self.sources.social,
                    Source::Direct => &mut self.sources.direct,
                    Source::Other => &mut self.sources.other,
                } += hits;
            }
            _ => {}
        }
    }
}

impl Period {
    fn daily(&self) -> sea_orm::Select<daily::Entity> {
        daily::Entity::find()
            .filter(daily::Column::StoreId.eq(self.store_id))
            .filter(daily::Column::Day.gte(self.from.as_str()))
    }

    async fn totals(&self, db: &impl ConnectionTrait) -> Result<Totals> {
        let rows: Vec<(String, String, String, i64)> = self
            .daily()
            .filter(daily::Column::Metric.is_in([
                metric::VIEWS,
                metric::SOURCE,
                metric::CRAWL,
                metric::VISITORS,
            ]))
            .select_only()
            .column(daily::Column::Metric)
            .column(daily::Column::Day)
            .column(daily::Column::Key)
            .column(daily::Column::Hits)
            .into_tuple()
            .all(db)
            .await?;
        let mut totals = Totals::default();
        for (what, day, key, hits) in rows {
            totals.add(&what, day, &key, hits.max(0) as u64);
        }
        // Today's visitors (and those of a day not yet closed) are still hashes.
        totals.visitors += analytics_visitor::Entity::find()
            .filter(analytics_visitor::Column::StoreId.eq(self.store_id))
            .filter(analytics_visitor::Column::Day.gte(self.from.as_str()))
            .count(db)
            .await?;
        Ok(totals)
    }

    /// The keys of metric `what` by their hits in the period, most first.
    fn top(&self, what: &'static str) -> sea_orm::Select<daily::Entity> {
        self.daily()
            .filter(daily::Column::Metric.eq(what))
            .select_only()
            .column(daily::Column::Key)
            // PostgreSQL sums BIGINTs as NUMERIC.
            .column_as(Expr::cust("CAST(SUM(\"hits\") AS BIGINT)"), "n")
            .group_by(daily::Column::Key)
            .order_by_desc(Expr::cust("n"))
            .order_by_asc(daily::Column::Key)
    }

    async fn top_products(&self, db: &impl ConnectionTrait) -> Result<Vec<TopProduct>> {
        // A few more than listed: products deleted since are left out.
        let viewed: Vec<(String, i64)> = self
            .top(metric::PRODUCT)
            .limit(TOP * 2)
            .into_tuple()
            .all(db)
            .await?;
        let ids: Vec<i64> = viewed.iter().filter_map(|(k, _)| k.parse().ok()).collect();
        let names: HashMap<i64, String> = product::Entity::find()
            .filter(product::Column::StoreId.eq(self.store_id))
            .filter(product::Column::Id.is_in(ids))
            .select_only()
            .column(product::Column::Id)
            .column(product::Column::Name)
            .into_tuple::<(i64, String)>()
            .all(db)
            .await?
            .into_iter()
            .collect();
        Ok(viewed
            .into_iter()
            .filter_map(|(key, n)| {
                let id: i64 = key.parse().ok()?;
                Some(TopProduct {
                    id,
                    name: names.get(&id)?.clone(),
                    views: n.max(0) as u64,
                })
            })
            .take(TOP as usize)
            .collect())
    }

    async fn searches(&self, db: &impl ConnectionTrait) -> Result<Vec<SearchCount>> {
        Ok(self
            .top(metric::SEARCH)
            .limit(TOP)
            .into_tuple::<(String, i64)>()
            .all(db)
            .await?
            .into_iter()
            .map(|(term, n)| SearchCount {
                term,
                count: n.max(0) as u64,
            })
            .collect())
    }

    /// One count per day of the period, 0 where `counts` has none.
    fn every_day(&self, counts: &HashMap<String, u64>) -> Vec<DayCount> {
        let mut out = Vec::new();
        let mut day = self.from.clone();
        while day <= self.to {
            out.push(DayCount {
                count: counts.get(&day).copied().unwrap_or(0),
                date: day.clone(),
            });
            day = days_before(&day, -1);
        }
        out
    }
}
