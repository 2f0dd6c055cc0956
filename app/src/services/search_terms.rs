//! The `search_terms` job: products whose search terms an older rule wrote (or none, in a
//! database from before search) get new ones, once across instances, after start-up.
//!
//! Not before start-up: a million products take minutes, during which a server that waited
//! would not answer (health checks fail, a rolling deploy stalls), and on a busy SQLite file
//! the first batch could wait past the write timeout and stop the start altogether. Until
//! the job is through, a product keeps the terms it had: the older rule's still find it.

use std::time::{Duration, Instant};

use domain::search;
use entities::product;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QuerySelect};
use time::OffsetDateTime;

use crate::error::Result;
use crate::jobs;
use crate::services::catalogue;
use crate::App;

pub const JOB: &str = "search_terms";
/// A run gives way to other jobs after this long (it is due again at once).
const SLICE: Duration = Duration::from_secs(30);

/// Schedules the job when some product's terms are stale; whether it did.
pub async fn schedule_if_stale(db: &impl ConnectionTrait) -> Result<bool> {
    let stale: Option<i64> = product::Entity::find()
        .select_only()
        .column(product::Column::Id)
        .filter(product::Column::SearchVersion.lt(search::VERSION))
        .limit(1)
        .into_tuple()
        .one(db)
        .await?;
    if stale.is_none() {
        return Ok(false);
    }
    jobs::schedule(db, JOB, "", OffsetDateTime::now_utc()).await?;
    Ok(true)
}

/// A slice of the work; due again at once while stale products are left.
pub async fn run(app: &App) -> Result<Option<OffsetDateTime>> {
    let started = Instant::now();
    let mut written = 0;
    let mut after = 0;
    while let Some((last, n)) = catalogue::reindex_stale_batch(&app.db, None, after).await? {
        written += n;
        after = last;
        if started.elapsed() >= SLICE {
            tracing::info!(products = written, "search terms written, more to go");
            return Ok(Some(OffsetDateTime::now_utc()));
        }
    }
    if written > 0 {
        tracing::info!(products = written, "search terms written");
    }
    Ok(None)
}
