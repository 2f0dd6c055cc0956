//! Background work that must run once across any number of server instances sharing the
//! database (decision 018). Every instance runs [`run_forever`] with the kinds the
//! application registers (`services::jobs`): this queue knows none of them. A job is
//! *claimed* from the `jobs` table before it runs, so only one instance does it:
//! - PostgreSQL: the due row is selected `FOR UPDATE SKIP LOCKED` and leased in the same
//!   transaction, so instances never wait on each other;
//! - SQLite: one conditional `UPDATE` leases the row (the single writer makes it atomic).
//!
//! A lease is short ([`LEASE`]) and renewed while the job runs, under a token of its own:
//! a job whose instance died is taken over by another one within a lease and a tick, and
//! an instance that lost its lease (paused for longer than it) neither renews nor finishes
//! the job another instance now holds.

use std::future::Future;
use std::pin::Pin;
use std::time::Duration as StdDuration;

use entities::job;
use sea_orm::sea_query::{Expr, LockBehavior, LockType, OnConflict};
use sea_orm::{
    ColumnTrait, Condition, ConnectionTrait, DatabaseBackend, DatabaseConnection, EntityTrait,
    QueryFilter, QueryOrder, QuerySelect, Set, TransactionTrait,
};
use time::{Duration, OffsetDateTime};

use crate::error::Result;
use crate::App;

/// How long a claimed job is leased (`Config::job_lease`): renewed every third of it
/// while the job runs; another instance may take over a job whose lease has run out.
pub const LEASE: StdDuration = StdDuration::from_secs(60);
/// How often an instance looks for due work.
const TICK: StdDuration = StdDuration::from_secs(30);
/// A job that failed is tried again after this long.
const RETRY_AFTER: Duration = Duration::minutes(10);
/// Longest error text kept on the row.
const ERROR_MAX_CHARS: usize = 500;

/// What a job's work ends with: when it is due next (`None`: done for good).
pub type Outcome = Result<Option<OffsetDateTime>>;
/// The work of one claimed job.
pub type Work<'a> = Pin<Box<dyn Future<Output = Outcome> + Send + 'a>>;

/// The kinds of work an application registers with the queue.
pub trait Kinds: Sync {
    /// The work of a claimed job; `None` for a kind this version does not know (written by
    /// a newer version of the server: left for an instance that knows it).
    fn work<'a>(&self, app: &'a App, job: &'a Claimed) -> Option<Work<'a>>;

    /// The kinds that repeat for as long as the server runs, one job each, scheduled when
    /// an instance starts.
    fn repeating(&self) -> &[&'static str];
}

/// A job leased to this instance.
#[derive(Debug, Clone)]
pub struct Claimed {
    pub id: i64,
    pub kind: String,
    pub key: String,
    /// This lease's own token: renewing and finishing need it.
    pub token: String,
}

/// Makes sure the job `kind`/`key` exists, due at `run_at` at the latest (an existing job
/// due earlier keeps its time).
pub async fn schedule(
    db: &impl ConnectionTrait,
    kind: &str,
    key: &str,
    run_at: OffsetDateTime,
) -> Result<()> {
    let row = job::ActiveModel {
        kind: Set(kind.to_owned()),
        key: Set(key.to_owned()),
        run_at: Set(run_at),
        locked_until: Set(None),
        attempts: Set(0),
        last_error: Set(None),
        updated_at: Set(OffsetDateTime::now_utc()),
        ..Default::default()
    };
    let earlier = Expr::case(
        Expr::col((job::Entity, job::Column::RunAt)).lte(run_at),
        Expr::col((job::Entity, job::Column::RunAt)),
    )
    .finally(Expr::val(run_at));
    job::Entity::insert(row)
        .on_conflict(
            OnConflict::columns([job::Column::Kind, job::Column::Key])
                .value(job::Column::RunAt, earlier)
                .to_owned(),
        )
        .exec_without_returning(db)
        .await?;
    Ok(())
}

fn due(now: OffsetDateTime) -> Condition {
    Condition::all().add(job::Column::RunAt.lte(now)).add(
        Condition::any()
            .add(job::Column::LockedUntil.is_null())
            .add(job::Column::LockedUntil.lt(now)),
    )
}

/// Leases the job due first for `lease`, if any is due and not leased to another instance.
pub async fn claim_next(db: &DatabaseConnection, lease: StdDuration) -> Result<Option<Claimed>> {
    let now = OffsetDateTime::now_utc();
    let until = now + lease;
    if db.get_database_backend() == DatabaseBackend::Postgres {
        let txn = db.begin().await?;
        let found = job::Entity::find()
            .filter(due(now))
            .order_by_asc(job::Column::RunAt)
            .limit(1)
            .lock_with_behavior(LockType::Update, LockBehavior::SkipLocked)
            .one(&txn)
            .await?;
        let Some(found) = found else {
            return Ok(None);
        };
        // Selected due and locked by this transaction: the lease cannot miss.
        let leased = take(&txn, found, now, until).await?;
        txn.commit().await?;
        return Ok(leased);
    }
    // SQLite: a few candidates, each leased only if still free; losing a race to another
    // instance moves on to the next.
    let candidates = job::Entity::find()
        .filter(due(now))
        .order_by_asc(job::Column::RunAt)
        .limit(5)
        .all(db)
        .await?;
    for found in candidates {
        if let Some(claimed) = take(db, found, now, until).await? {
            return Ok(Some(claimed));
        }
    }
    Ok(None)
}

/// Leases the job until `until` under a new token if it is still due and free.
async fn take(
    db: &impl ConnectionTrait,
    row: job::Model,
    now: OffsetDateTime,
    until: OffsetDateTime,
) -> Result<Option<Claimed>> {
    let token = crate::token::new_token();
    let leased = job::Entity::update_many()
        .col_expr(job::Column::LockedUntil, Expr::value(until))
        .col_expr(job::Column::LeaseToken, Expr::value(token.clone()))
        .col_expr(
            job::Column::Attempts,
            Expr::col(job::Column::Attempts).add(1),
        )
        .col_expr(job::Column::UpdatedAt, Expr::value(now))
        .filter(job::Column::Id.eq(row.id))
        .filter(due(now))
        .exec(db)
        .await?;
    Ok((leased.rows_affected == 1).then_some(Claimed {
        id: row.id,
        kind: row.kind,
        key: row.key,
        token,
    }))
}

/// Extends this instance's lease on `job` by `lease` from now; false when the lease is no
/// longer this instance's (it ran out and another instance took the job).
pub async fn renew(db: &impl ConnectionTrait, job: &Claimed, lease: StdDuration) -> Result<bool> {
    let renewed = job::Entity::update_many()
        .col_expr(
            job::Column::LockedUntil,
            Expr::value(OffsetDateTime::now_utc() + lease),
        )
        .filter(job::Column::Id.eq(job.id))
        .filter(job::Column::LeaseToken.eq(job.token.as_str()))
        .exec(db)
        .await?;
    Ok(renewed.rows_affected == 1)
}

/// Ends the lease: the job is due again at `next` (or removed when there is no next run),
/// with the error of this run, if any, kept for the record.
pub async fn finish(
    db: &impl ConnectionTrait,
    job: &Claimed,
    next: Option<OffsetDateTime>,
    error: Option<String>,
) -> Result<()> {
    let mine = Condition::all()
        .add(job::Column::Id.eq(job.id))
        .add(job::Column::LeaseToken.eq(job.token.as_str()));
    let Some(next) = next else {
        job::Entity::delete_many().filter(mine).exec(db).await?;
        return Ok(());
    };
    let succeeded = error.is_none();
    let mut update = job::Entity::update_many()
        .col_expr(job::Column::RunAt, Expr::value(next))
        .col_expr(
            job::Column::LockedUntil,
            Expr::value(Option::<OffsetDateTime>::None),
        )
        .col_expr(job::Column::LeaseToken, Expr::value(Option::<String>::None))
        .col_expr(
            job::Column::LastError,
            Expr::value(error.map(|e| e.chars().take(ERROR_MAX_CHARS).collect::<String>())),
        )
        .col_expr(
            job::Column::UpdatedAt,
            Expr::value(OffsetDateTime::now_utc()),
        );
    if succeeded {
        update = update.col_expr(job::Column::Attempts, Expr::value(0));
    }
    update.filter(mine).exec(db).await?;
    Ok(())
}

/// Runs one claimed job to its end, its lease renewed meanwhile, and records the outcome.
async fn run(app: &App, kinds: &dyn Kinds, job: Claimed) -> Result<()> {
    let lease = app.config.job_lease;
    // Polled with the work, in this task: if the work stops (the process ends), so does the
    // renewal, and the lease runs out for another instance to take the job over.
    let heartbeat = async {
        let mut every = tokio::time::interval(lease / 3);
        every.tick().await;
        loop {
            every.tick().await;
            match renew(&app.db, &job, lease).await {
                Ok(true) => {}
                Ok(false) => {
                    tracing::warn!(kind = %job.kind, key = %job.key, "job lease lost to another instance");
                    return;
                }
                Err(err) => tracing::warn!(kind = %job.kind, error = ?err, "job lease not renewed"),
            }
        }
    };
    let Some(mut work) = kinds.work(app, &job) else {
        tracing::warn!(kind = %job.kind, "job of an unknown kind left alone");
        return Ok(());
    };
    let outcome = tokio::select! {
        outcome = &mut work => outcome,
        // The lease is another instance's now: the work ends, and its outcome is not
        // recorded (`finish` needs the lease's token).
        () = heartbeat => work.await,
    };
    let now = OffsetDateTime::now_utc();
    match outcome {
        Ok(next) => finish(&app.db, &job, next, None).await,
        Err(err) => {
            tracing::error!(kind = %job.kind, key = %job.key, error = ?err, "background job failed");
            finish(
                &app.db,
                &job,
                Some(now + RETRY_AFTER),
                Some(err.to_string()),
            )
            .await
        }
    }
}

/// Runs every due job this instance can claim, one at a time; how many ran.
pub async fn run_due(app: &App, kinds: &dyn Kinds) -> Result<usize> {
    let mut ran = 0;
    while let Some(job) = claim_next(&app.db, app.config.job_lease).await? {
        run(app, kinds, job).await?;
        ran += 1;
    }
    Ok(ran)
}

/// The repeating jobs exist (first start of a database), then due work is run every
/// [`TICK`], or at once when a request of this instance scheduled some, for as long as the
/// server runs.
pub async fn run_forever(app: App, kinds: &dyn Kinds) {
    let now = OffsetDateTime::now_utc();
    for &kind in kinds.repeating() {
        if let Err(err) = schedule(&app.db, kind, "", now).await {
            tracing::error!(kind, error = ?err, "job not scheduled");
        }
    }
    let mut tick = tokio::time::interval(TICK);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = tick.tick() => {}
            () = app.jobs_due.notified() => {}
        }
        if let Err(err) = run_due(&app, kinds).await {
            tracing::error!(error = ?err, "background jobs not run");
        }
    }
}
