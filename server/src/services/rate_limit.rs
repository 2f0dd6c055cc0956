//! Sliding-window counters kept in the database, so every server instance sees the same
//! count.

use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QuerySelect, Set,
};
use time::{Duration, OffsetDateTime};

use crate::entities::rate_event;
use crate::error::Result;

/// Events recorded in `bucket` during the last `window`.
pub async fn count(db: &impl ConnectionTrait, bucket: &str, window: Duration) -> Result<u64> {
    let since = OffsetDateTime::now_utc() - window;
    let n: Option<i64> = rate_event::Entity::find()
        .select_only()
        .column_as(Expr::col(rate_event::Column::Id).count(), "n")
        .filter(rate_event::Column::Bucket.eq(bucket))
        .filter(rate_event::Column::CreatedAt.gt(since))
        .into_tuple()
        .one(db)
        .await?;
    Ok(n.unwrap_or(0).max(0) as u64)
}

/// Seconds until the oldest event in the window leaves it (for `Retry-After`).
pub async fn seconds_until_free(
    db: &impl ConnectionTrait,
    bucket: &str,
    window: Duration,
) -> Result<u64> {
    let now = OffsetDateTime::now_utc();
    let oldest: Option<OffsetDateTime> = rate_event::Entity::find()
        .select_only()
        .column_as(Expr::col(rate_event::Column::CreatedAt).min(), "oldest")
        .filter(rate_event::Column::Bucket.eq(bucket))
        .filter(rate_event::Column::CreatedAt.gt(now - window))
        .into_tuple::<Option<OffsetDateTime>>()
        .one(db)
        .await?
        .flatten();
    // Rounded up: a client that waits exactly this long must find the bucket free
    // (4.3 s left is told as 5, not 4).
    Ok(oldest
        .map(|t| {
            let rest = (t + window) - now;
            let whole = rest.whole_seconds() + i64::from(rest.subsec_nanoseconds() > 0);
            whole.max(1) as u64
        })
        .unwrap_or(1))
}

/// Records one event and forgets this bucket's events older than a day.
pub async fn record(db: &impl ConnectionTrait, bucket: &str) -> Result<()> {
    let now = OffsetDateTime::now_utc();
    rate_event::Entity::delete_many()
        .filter(rate_event::Column::Bucket.eq(bucket))
        .filter(rate_event::Column::CreatedAt.lt(now - Duration::days(1)))
        .exec(db)
        .await?;
    rate_event::ActiveModel {
        bucket: Set(bucket.to_owned()),
        created_at: Set(now),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(())
}

/// Forgets a bucket (e.g. failed logins after a successful one).
pub async fn clear(db: &impl ConnectionTrait, bucket: &str) -> Result<()> {
    rate_event::Entity::delete_many()
        .filter(rate_event::Column::Bucket.eq(bucket))
        .exec(db)
        .await?;
    Ok(())
}
