//! Sliding-window counters kept in the database, so every server instance sees the same
//! count.
//!
//! [`reserve`] counts an attempt before the work it guards and refuses it in the same
//! transaction, so parallel requests cannot all pass a check made before any of them was
//! recorded (60 parallel logins once got 58 password checks out of an allowance of 10).
//! [`count`] then [`record`] remain for limits whose work is cheap.
//!
//! An event weighs one unless given an amount ([`take_amount`], [`record_amount`]): the
//! logo upload counts a client's bytes in the hour.

use entities::rate_event;
use sea_orm::sea_query::{Alias, Expr};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseBackend, DatabaseConnection,
    EntityTrait, QueryFilter, QueryOrder, QuerySelect, Set, Statement, TransactionTrait,
};
use time::{Duration, OffsetDateTime};

use crate::error::Result;

/// What the events recorded in `bucket` during the last `window` weigh together (their
/// number, when each weighs one).
pub async fn count(db: &impl ConnectionTrait, bucket: &str, window: Duration) -> Result<u64> {
    let since = OffsetDateTime::now_utc() - window;
    // PostgreSQL sums bigints as numeric: cast back.
    let sum = Expr::col(rate_event::Column::Amount)
        .sum()
        .cast_as(Alias::new("BIGINT"));
    let n: Option<Option<i64>> = rate_event::Entity::find()
        .select_only()
        .column_as(sum, "n")
        .filter(rate_event::Column::Bucket.eq(bucket))
        .filter(rate_event::Column::CreatedAt.gt(since))
        .into_tuple()
        .one(db)
        .await?;
    Ok(n.flatten().unwrap_or(0).max(0) as u64)
}

/// Seconds until `bucket` weighs at most `allowed` again, counting the events of the last
/// `window` (the one just recorded included): when enough of the oldest have left it.
async fn seconds_until_room(
    db: &impl ConnectionTrait,
    bucket: &str,
    allowed: u64,
    window: Duration,
) -> Result<u64> {
    let now = OffsetDateTime::now_utc();
    let events: Vec<(OffsetDateTime, i64)> = rate_event::Entity::find()
        .select_only()
        .columns([rate_event::Column::CreatedAt, rate_event::Column::Amount])
        .filter(rate_event::Column::Bucket.eq(bucket))
        .filter(rate_event::Column::CreatedAt.gt(now - window))
        .order_by_asc(rate_event::Column::CreatedAt)
        .into_tuple()
        .all(db)
        .await?;
    let mut weight: i64 = events.iter().map(|(_, amount)| amount).sum();
    let mut free_at = now;
    for (at, amount) in events {
        if weight <= allowed as i64 {
            break;
        }
        weight -= amount;
        free_at = at + window;
    }
    Ok(whole_seconds_up(free_at - now))
}

/// Rounded up: a client that waits exactly this long must find the bucket free (4.3 s left
/// is told as 5, not 4); at least 1.
fn whole_seconds_up(rest: Duration) -> u64 {
    let whole = rest.whole_seconds() + i64::from(rest.subsec_nanoseconds() > 0);
    whole.max(1) as u64
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
    Ok(oldest
        .map(|t| whole_seconds_up((t + window) - now))
        .unwrap_or(1))
}

/// Records one event and forgets this bucket's events older than a day.
pub async fn record(db: &impl ConnectionTrait, bucket: &str) -> Result<()> {
    record_amount(db, bucket, 1).await
}

/// Records an event weighing `amount` and forgets this bucket's events older than a day.
pub async fn record_amount(db: &impl ConnectionTrait, bucket: &str, amount: u64) -> Result<()> {
    let now = OffsetDateTime::now_utc();
    rate_event::Entity::delete_many()
        .filter(rate_event::Column::Bucket.eq(bucket))
        .filter(rate_event::Column::CreatedAt.lt(now - Duration::days(1)))
        .exec(db)
        .await?;
    rate_event::ActiveModel {
        bucket: Set(bucket.to_owned()),
        amount: Set(weight(amount)),
        created_at: Set(now),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(())
}

fn weight(amount: u64) -> i64 {
    i64::try_from(amount).unwrap_or(i64::MAX)
}

/// Forgets a bucket (e.g. failed logins after a successful one).
pub async fn clear(db: &impl ConnectionTrait, bucket: &str) -> Result<()> {
    rate_event::Entity::delete_many()
        .filter(rate_event::Column::Bucket.eq(bucket))
        .exec(db)
        .await?;
    Ok(())
}

/// Attempts counted in advance by [`reserve`]; [`refund`] takes them back when they turn
/// out not to count (a right password).
#[derive(Debug)]
#[must_use]
pub struct Reservation {
    ids: Vec<i64>,
}

/// What [`reserve`] decided.
#[derive(Debug)]
pub enum Reserved {
    Granted(Reservation),
    /// A bucket was full; seconds until it has room (for `Retry-After`).
    Refused {
        retry_after: u64,
    },
}

/// Records one event in each of `buckets`, unless one of them already holds `allowed`
/// events of the last `window`; then nothing is recorded. Check and record are one
/// transaction that first takes a lock, so concurrent callers of the same buckets take
/// turns and exactly `allowed` of them are granted:
/// - SQLite: the first statement is a write, which takes the database's write lock for
///   the whole transaction, as `BEGIN IMMEDIATE` would (decision 001);
/// - PostgreSQL: a transaction-scoped advisory lock per bucket, in sorted order.
pub async fn reserve(
    db: &DatabaseConnection,
    buckets: &[&str],
    allowed: u64,
    window: Duration,
) -> Result<Reserved> {
    reserve_amount(db, buckets, 1, allowed, window).await
}

/// [`reserve`] with events weighing `amount`: granted while each bucket's weight in the
/// window, this event's included, stays within `allowed`.
pub async fn reserve_amount(
    db: &DatabaseConnection,
    buckets: &[&str],
    amount: u64,
    allowed: u64,
    window: Duration,
) -> Result<Reserved> {
    let txn = db.begin().await?;
    let backend = txn.get_database_backend();
    if backend == DatabaseBackend::Postgres {
        let mut sorted = buckets.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        for bucket in sorted {
            txn.execute(Statement::from_sql_and_values(
                backend,
                "SELECT pg_advisory_xact_lock(hashtextextended($1, 0))",
                [bucket.into()],
            ))
            .await?;
        }
    }
    let now = OffsetDateTime::now_utc();
    let mut ids = Vec::with_capacity(buckets.len());
    for bucket in buckets {
        let id = rate_event::Entity::insert(rate_event::ActiveModel {
            bucket: Set((*bucket).to_owned()),
            amount: Set(weight(amount)),
            created_at: Set(now),
            ..Default::default()
        })
        .exec(&txn)
        .await?
        .last_insert_id;
        ids.push(id);
    }
    let mut retry_after = None;
    for bucket in buckets {
        // The count includes the event just recorded.
        if count(&txn, bucket, window).await? > allowed {
            let wait = seconds_until_room(&txn, bucket, allowed, window).await?;
            retry_after = Some(retry_after.map_or(wait, |w: u64| w.max(wait)));
        }
    }
    if let Some(retry_after) = retry_after {
        txn.rollback().await?;
        return Ok(Reserved::Refused { retry_after });
    }
    rate_event::Entity::delete_many()
        .filter(rate_event::Column::Bucket.is_in(buckets.iter().copied()))
        .filter(rate_event::Column::CreatedAt.lt(now - Duration::days(1)))
        .exec(&txn)
        .await?;
    txn.commit().await?;
    Ok(Reserved::Granted(Reservation { ids }))
}

/// Takes back the events of a reservation.
pub async fn refund(db: &impl ConnectionTrait, reservation: Reservation) -> Result<()> {
    rate_event::Entity::delete_many()
        .filter(rate_event::Column::Id.is_in(reservation.ids))
        .exec(db)
        .await?;
    Ok(())
}

/// Counts one event of `bucket` for a request about to do its work, refusing it (429 with
/// `message` and the seconds to wait) when `allowed` events of the last `window` are there.
pub async fn take(
    db: &DatabaseConnection,
    bucket: &str,
    allowed: u64,
    window: Duration,
    message: &str,
) -> Result<()> {
    take_amount(db, bucket, 1, allowed, window, message).await
}

/// [`take`] for an event weighing `amount` (e.g. the bytes of an upload): refused when the
/// bucket's weight in the window would pass `allowed`.
pub async fn take_amount(
    db: &DatabaseConnection,
    bucket: &str,
    amount: u64,
    allowed: u64,
    window: Duration,
    message: &str,
) -> Result<()> {
    match reserve_amount(db, &[bucket], amount, allowed, window).await? {
        Reserved::Granted(_) => Ok(()),
        Reserved::Refused { retry_after } => Err(crate::error::AppError::TooManyRequests {
            message: message.to_owned(),
            retry_after,
        }),
    }
}
