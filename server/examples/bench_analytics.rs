//! The Pro report at scale, for `scripts/bench-analytics`: a shop (the first of a database
//! seeded by `seed_catalogue`) with 1,000,000 views a month spread over its products for 90
//! days, stored as the flushes store them; then the time of the report over 7, 30 and 90 days,
//! the cost of counting one view in memory, and the time of one flush of 10 s of traffic.
//!
//! ```sh
//! cargo run --release -p vetrina --example bench_analytics -- DATABASE_URL VIEWS_PER_MONTH
//! ```

use std::net::{IpAddr, Ipv4Addr};
use std::time::Instant;

use anyhow::Context;
use axum::http::{header, HeaderMap, HeaderValue};
use entities::{product, store};
use sea_orm::{ConnectionTrait, EntityTrait, PaginatorTrait, QuerySelect, Statement};
use vetrina::analytics::{self, metric, report, PageView, Recorder, Requester};

/// Distinct search terms typed in a day.
const TERMS_PER_DAY: u64 = 2_000;
/// Rows written per statement while seeding.
const CHUNK: usize = 2_000;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let mut args = std::env::args().skip(1);
    let url = args.next().context("DATABASE_URL")?;
    let per_month: u64 = args.next().map_or(Ok(1_000_000), |a| a.parse())?;
    let db = vetrina::db::connect(&url).await?;
    let shop = store::Entity::find()
        .one(&db)
        .await?
        .context("no shop: run seed_catalogue first")?;
    let products = product::Entity::find().count(&db).await?;
    let ids: Vec<i64> = product::Entity::find()
        .select_only()
        .column(product::Column::Id)
        .into_tuple()
        .all(&db)
        .await?;
    let ids: Vec<i64> = ids.into_iter().take(100_000).collect();

    // 90 days of counts: views spread over the products with a long tail (product k gets
    // views in proportion to 1/(k+1)) and a quarter of the catalogue seen once a day besides
    // (the worst case for storage: a row per product and day), a few thousand search terms a
    // day, sources, crawls.
    let per_day = per_month / 30;
    let harmonic: f64 = (1..=ids.len()).map(|k| 1.0 / k as f64).sum();
    let today = analytics::today();
    let started = Instant::now();
    let mut rows = 0usize;
    for back in 0..90 {
        let day = analytics::days_before(&today, back);
        let mut values: Vec<String> = Vec::new();
        for (k, id) in ids.iter().enumerate() {
            let head = (per_day as f64 / harmonic / (k as f64 + 1.0)).round() as u64;
            let n = head + u64::from((k as i64 * 7 + back) % 4 == 0);
            if n > 0 {
                values.push(format!(
                    "({}, '{}', '{day}', '{id}', {n})",
                    shop.id,
                    metric::PRODUCT
                ));
            }
        }
        for t in 0..TERMS_PER_DAY {
            values.push(format!(
                "({}, '{}', '{day}', 'termine {t}', {})",
                shop.id,
                metric::SEARCH,
                1 + 50 / (t + 1)
            ));
        }
        for (what, key, n) in [
            (metric::VIEWS, "", per_day),
            (metric::VISITORS, "", per_day / 3),
            (metric::SOURCE, "google", per_day / 4),
            (metric::SOURCE, "direct", per_day / 8),
            (metric::CRAWL, "google", 300),
            (metric::CRAWL, "other", 900),
        ] {
            values.push(format!("({}, '{what}', '{day}', '{key}', {n})", shop.id));
        }
        rows += values.len();
        for chunk in values.chunks(CHUNK) {
            db.execute(Statement::from_string(
                db.get_database_backend(),
                format!(
                    "INSERT INTO analytics_daily (store_id, metric, day, key, hits) VALUES {}",
                    chunk.join(", ")
                ),
            ))
            .await?;
        }
    }
    if db.get_database_backend() == sea_orm::DatabaseBackend::Postgres {
        db.execute_unprepared("VACUUM ANALYZE analytics_daily")
            .await?;
    }
    println!(
        "shop {} with {products} products: {rows} daily rows for 90 days of {per_month} views a month, written in {:.1} s",
        shop.id,
        started.elapsed().as_secs_f64()
    );

    // What the housekeeping job does every hour: past days closed, the long tail forgotten.
    let at = Instant::now();
    analytics::close_past_days(&db).await?;
    let kept = entities::analytics_daily::Entity::find().count(&db).await?;
    println!(
        "closing past days (the housekeeping job): {:.1} s, {kept} rows kept",
        at.elapsed().as_secs_f64()
    );
    for days in [7, 30, 90] {
        let mut times = Vec::new();
        for _ in 0..7 {
            let at = Instant::now();
            let r = report::report(&db, shop.id, days).await?;
            times.push(at.elapsed().as_secs_f64() * 1000.0);
            assert!(r.views.total > 0);
        }
        times.sort_by(f64::total_cmp);
        println!(
            "report over {days:>2} days: median {:.1} ms, max {:.1} ms",
            times[times.len() / 2],
            times[times.len() - 1]
        );
    }

    // Counting in memory: the work a page request does.
    let recorder = Recorder::default();
    let mut headers = HeaderMap::new();
    headers.insert(
        header::USER_AGENT,
        HeaderValue::from_static(
            "Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0 Safari/537.36",
        ),
    );
    headers.insert(
        header::REFERER,
        HeaderValue::from_static("https://www.google.it/"),
    );
    let calls = 200_000u32;
    let at = Instant::now();
    for i in 0..calls {
        let view = PageView {
            store_id: shop.id,
            product_id: Some(ids[i as usize % ids.len()]),
            ..PageView::default()
        };
        let from = Requester {
            headers: &headers,
            address: IpAddr::V4(Ipv4Addr::from(0x0a00_0000 + i % 5_000)),
            own_hosts: ["vetrina.it", ""],
        };
        recorder.record(&view, &from);
    }
    let per_call = at.elapsed().as_secs_f64() * 1e9 / f64::from(calls);
    let at = Instant::now();
    let written = recorder.flush(&db).await?;
    println!(
        "counting a view: {per_call:.0} ns; flushing {calls} views ({written} rows) took {:.0} ms",
        at.elapsed().as_secs_f64() * 1000.0
    );
    // Ten seconds of a busy shop: 1,000,000 views a month is about 4 a second.
    let ten_seconds = (per_month * 10 / (30 * 86_400)).max(1);
    for i in 0..ten_seconds {
        let view = PageView {
            store_id: shop.id,
            product_id: Some(ids[i as usize % ids.len()]),
            ..PageView::default()
        };
        recorder.record(
            &view,
            &Requester {
                headers: &headers,
                address: IpAddr::V4(Ipv4Addr::from(0x0b00_0000 + i as u32)),
                own_hosts: ["vetrina.it", ""],
            },
        );
    }
    let at = Instant::now();
    recorder.flush(&db).await?;
    println!(
        "one flush of 10 s of traffic ({ten_seconds} views): {:.1} ms",
        at.elapsed().as_secs_f64() * 1000.0
    );
    Ok(())
}
