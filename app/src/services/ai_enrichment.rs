//! Imports completed by the AI provider in the background (decision 026). With
//! `--ai-provider openai`, an import is written at once with the builtin engine's texts,
//! and the products it was unsure of (all the enriched ones when the owner asked to
//! regenerate) are queued in `ai_enrichments`; the shop's `ai` job (`crate::jobs`: once
//! across instances) sends them to the provider a few at a time, within the plan's monthly
//! allowance, and writes each answer that passes the no-invention check (`ai::facts`). A
//! product the owner changed after the import is left as the owner made it. The dashboard
//! reads the progress from the same rows.

use std::time::Instant;

use ai::builtin::{self, Enrichment, RawProduct};
use ai::Ai;
use domain::Slug;
use entities::ai_enrichment::{self, State};
use entities::product;
use futures::stream::{self, StreamExt};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, PaginatorTrait, QueryFilter,
    QueryOrder, QuerySelect, Set, TransactionTrait,
};
use serde::{Deserialize, Serialize};
use time::{Duration, OffsetDateTime};

use crate::error::Result;
use crate::jobs;
use crate::services::usage::{self, Counter};
use crate::services::{lock_store, product_images, product_queue, stores};
use crate::App;

/// The job kind; its key is the shop's id.
pub const JOB: &str = "ai";
/// Products read and sent per round.
const BATCH: u64 = 20;
/// A run gives way to other jobs after this long (it is due again at once).
const SLICE: std::time::Duration = std::time::Duration::from_secs(120);
/// Times a product may find the provider unreachable before it keeps the builtin texts.
const ATTEMPTS: i32 = 3;
/// After a round in which the provider answered nothing, the shop waits this long.
const PROVIDER_DOWN_WAIT: Duration = Duration::minutes(5);
/// What the price list said of a product: the facts the provider may use. The builtin
/// engine's own guesses are not facts, so they are not passed on.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Input {
    pub name: String,
    pub brand: Option<String>,
    pub category: Option<String>,
    pub description: Option<String>,
    /// The owner asked for new names (`regenerateName`).
    pub rename: bool,
}

impl Input {
    fn raw(&self) -> RawProduct<'_> {
        RawProduct {
            name: &self.name,
            brand: self.brand.as_deref(),
            category: self.category.as_deref(),
            description: self.description.as_deref(),
        }
    }
}

/// Queues products written by an import (inside its transaction): `(product id, input)`.
/// A shop with nothing pending starts a new run, so the dashboard's report is of this
/// import; the shop's job is due at once.
pub async fn queue(
    db: &impl ConnectionTrait,
    store_id: i64,
    queued_at: OffsetDateTime,
    products: Vec<(i64, Input)>,
) -> Result<usize> {
    if products.is_empty() {
        return Ok(0);
    }
    let pending = ai_enrichment::Entity::find()
        .filter(ai_enrichment::Column::StoreId.eq(store_id))
        .filter(ai_enrichment::Column::State.eq(State::Pending))
        .count(db)
        .await?;
    if pending == 0 {
        forget_finished(db, store_id).await?;
    }
    let queued = products.len();
    let rows = products
        .into_iter()
        .map(|(product_id, input)| ai_enrichment::ActiveModel {
            store_id: Set(store_id),
            product_id: Set(product_id),
            input: Set(serde_json::to_string(&input).unwrap_or_default()),
            state: Set(State::Pending),
            attempts: Set(0),
            queued_at: Set(queued_at),
            finished_at: Set(None),
            ..Default::default()
        });
    use ai_enrichment::Column as C;
    let renewed = [C::Input, C::State, C::Attempts, C::QueuedAt, C::FinishedAt];
    product_queue::requeue(db, rows, C::ProductId, renewed).await?;
    jobs::schedule(db, JOB, &store_id.to_string(), OffsetDateTime::now_utc()).await?;
    Ok(queued)
}

/// Removes the report of the shop's finished products (the owner closed it, or a new run
/// begins); pending products stay.
pub async fn forget_finished(db: &impl ConnectionTrait, store_id: i64) -> Result<u64> {
    Ok(ai_enrichment::Entity::delete_many()
        .filter(ai_enrichment::Column::StoreId.eq(store_id))
        .filter(ai_enrichment::Column::State.ne(State::Pending))
        .exec(db)
        .await?
        .rows_affected)
}

/// The shop's run, as the dashboard shows it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Progress {
    pub pending: u64,
    pub done: u64,
    pub kept: u64,
    pub skipped: u64,
    pub failed: u64,
    /// Products the provider may still answer this month (`None`: no ceiling).
    pub allowance_left: Option<u64>,
}

impl Progress {
    pub fn total(&self) -> u64 {
        self.pending + self.done + self.kept + self.skipped + self.failed
    }
}

pub async fn progress(db: &impl ConnectionTrait, store_id: i64) -> Result<Progress> {
    let counts =
        product_queue::count_by_state::<ai_enrichment::Entity, State>(db, store_id).await?;
    let mut p = Progress {
        allowance_left: allowance_left(db, store_id).await?,
        ..Progress::default()
    };
    for (state, n) in counts {
        match state {
            State::Pending => p.pending = n,
            State::Done => p.done = n,
            State::Kept => p.kept = n,
            State::Skipped => p.skipped = n,
            State::Failed => p.failed = n,
        }
    }
    Ok(p)
}

async fn allowance_left(db: &impl ConnectionTrait, store_id: i64) -> Result<Option<u64>> {
    let store = stores::find(db, store_id).await?;
    let plan = store.effective_plan(OffsetDateTime::now_utc());
    let Some(ceiling) = plan.limits().ai_products_per_month else {
        return Ok(None);
    };
    let used = usage::current(db, store_id).await?.ai_products.max(0) as u64;
    Ok(Some(u64::from(ceiling).saturating_sub(used)))
}

/// The first instant of next month (UTC): when a used-up allowance is renewed.
pub fn next_month(now: OffsetDateTime) -> OffsetDateTime {
    let first = now
        .date()
        .replace_day(1)
        .unwrap_or(now.date())
        .midnight()
        .assume_utc();
    let days = now.month().length(now.year());
    first + Duration::days(i64::from(days))
}

/// What became of one product's turn.
enum Outcome {
    /// The provider's product, and whether the owner asked for new names.
    Answered(Enrichment, bool),
    /// Malformed, or adding facts: the provider did answer (and is paid for it).
    Refused,
    Unreachable,
}

/// The `ai` job of one shop: a slice of its pending products, then when it is due again
/// (`None` when none is left).
pub async fn run(app: &App, key: &str) -> Result<Option<OffsetDateTime>> {
    let Ok(store_id) = key.parse::<i64>() else {
        return Ok(None);
    };
    let Ai::OpenAi(provider) = &*app.ai else {
        // This instance has no provider (its configuration changed): the products keep
        // the builtin texts, and the report says they were not completed.
        give_up_pending(&app.db, store_id).await?;
        return Ok(None);
    };
    let started = Instant::now();
    loop {
        let left = allowance_left(&app.db, store_id).await?;
        if left == Some(0) {
            return Ok(Some(next_month(OffsetDateTime::now_utc())));
        }
        let batch = ai_enrichment::Entity::find()
            .filter(ai_enrichment::Column::StoreId.eq(store_id))
            .filter(ai_enrichment::Column::State.eq(State::Pending))
            .order_by_asc(ai_enrichment::Column::Id)
            .limit(left.map_or(BATCH, |l| l.min(BATCH)))
            .all(&app.db)
            .await?;
        if batch.is_empty() {
            return Ok(None);
        }
        // Answers are written as they arrive (those that came in together in one
        // transaction), not at the end of the round: a run that stops (the instance ends)
        // loses only the answers still travelling, and none already paid for is asked again.
        let mut arriving = stream::iter(batch)
            .map(|row| async move {
                let outcome = match serde_json::from_str::<Input>(&row.input) {
                    Ok(input) => match provider.answer(&input.raw()).await {
                        Ok(e) => Outcome::Answered(e, input.rename),
                        Err(f) if f.is_unreachable() => {
                            tracing::warn!(store = store_id, product = row.product_id, failure = %f, "AI provider not reached");
                            Outcome::Unreachable
                        }
                        Err(f) => {
                            tracing::info!(store = store_id, product = row.product_id, failure = %f, "AI answer refused, builtin texts kept");
                            Outcome::Refused
                        }
                    },
                    Err(_) => Outcome::Refused,
                };
                (row, outcome)
            })
            .buffer_unordered(provider.concurrency())
            .ready_chunks(BATCH as usize);
        let mut reached = false;
        while let Some(answers) = arriving.next().await {
            reached |= answers
                .iter()
                .any(|(_, o)| !matches!(o, Outcome::Unreachable));
            write_answers(app, store_id, answers).await?;
        }
        if !reached {
            return Ok(Some(OffsetDateTime::now_utc() + PROVIDER_DOWN_WAIT));
        }
        if started.elapsed() > SLICE {
            return Ok(Some(OffsetDateTime::now_utc()));
        }
    }
}

/// Writes answers that arrived together in one transaction and counts those the provider
/// gave.
async fn write_answers(
    app: &App,
    store_id: i64,
    answers: Vec<(ai_enrichment::Model, Outcome)>,
) -> Result<()> {
    let now = OffsetDateTime::now_utc();
    let txn = app.db.begin().await?;
    lock_store(&txn, store_id).await?;
    let mut answered = 0;
    let mut redraw_from: Option<i64> = None;
    for (row, outcome) in answers {
        let (state, attempts) = match outcome {
            Outcome::Answered(e, rename) => {
                answered += 1;
                if apply(&txn, &row, e, rename, now).await? {
                    redraw_from =
                        Some(redraw_from.map_or(row.product_id, |r| r.min(row.product_id)));
                    (State::Done, row.attempts)
                } else {
                    (State::Skipped, row.attempts)
                }
            }
            Outcome::Refused => {
                answered += 1;
                (State::Kept, row.attempts)
            }
            Outcome::Unreachable if row.attempts + 1 >= ATTEMPTS => {
                (State::Failed, row.attempts + 1)
            }
            Outcome::Unreachable => (State::Pending, row.attempts + 1),
        };
        let finished = (state != State::Pending).then_some(now);
        ai_enrichment::Entity::update_many()
            .col_expr(ai_enrichment::Column::State, Expr::value(state))
            .col_expr(ai_enrichment::Column::Attempts, Expr::value(attempts))
            .col_expr(ai_enrichment::Column::FinishedAt, Expr::value(finished))
            .filter(ai_enrichment::Column::Id.eq(row.id))
            .exec(&txn)
            .await?;
    }
    crate::services::catalogue::reindex_stale(&txn, Some(store_id)).await?;
    if answered > 0 {
        usage::add_many(&txn, store_id, Counter::AiProducts, answered).await?;
    }
    txn.commit().await?;
    app.store_rows.forget_all();
    if let Some(from) = redraw_from {
        // Drawn pictures follow the category and the name: drawn again.
        product_images::complete_in_background(app, store_id, from - 1);
    }
    Ok(())
}

/// Writes the provider's texts on the product, unless it changed since it was queued;
/// whether it was written.
async fn apply(
    db: &impl ConnectionTrait,
    row: &ai_enrichment::Model,
    e: Enrichment,
    rename: bool,
    now: OffsetDateTime,
) -> Result<bool> {
    let mut update = product::Entity::update_many()
        .col_expr(product::Column::Description, Expr::value(e.description))
        .col_expr(product::Column::Category, Expr::value(e.category))
        .col_expr(product::Column::Brand, Expr::value(e.brand))
        .col_expr(product::Column::Status, Expr::value(e.status))
        .col_expr(product::Column::ReviewNote, Expr::value(e.note))
        .col_expr(
            product::Column::ImageUrl,
            product_images::drawn_picture_cleared(),
        )
        .col_expr(product::Column::UpdatedAt, Expr::value(now))
        .col_expr(product::Column::SearchVersion, Expr::value(0));
    if rename {
        update = update
            .col_expr(product::Column::Slug, Expr::value(Slug::of(&e.name)))
            .col_expr(product::Column::Name, Expr::value(e.name));
    }
    let written = update
        .filter(product::Column::Id.eq(row.product_id))
        .filter(product::Column::StoreId.eq(row.store_id))
        .filter(product::Column::UpdatedAt.eq(row.queued_at))
        .exec(db)
        .await?;
    Ok(written.rows_affected == 1)
}

/// Without a provider the shop's pending products are not completed: said so.
async fn give_up_pending(db: &DatabaseConnection, store_id: i64) -> Result<()> {
    ai_enrichment::Entity::update_many()
        .col_expr(ai_enrichment::Column::State, Expr::value(State::Failed))
        .col_expr(
            ai_enrichment::Column::FinishedAt,
            Expr::value(Some(OffsetDateTime::now_utc())),
        )
        .filter(ai_enrichment::Column::StoreId.eq(store_id))
        .filter(ai_enrichment::Column::State.eq(State::Pending))
        .exec(db)
        .await?;
    Ok(())
}

/// The builtin engine's enrichment of a line and, when the provider should look at it,
/// the facts to send (`ai_follow_up`): products the engine was unsure of, or every one
/// when the owner asked to regenerate.
pub fn follow_up(
    given: RawProduct<'_>,
    e: &Enrichment,
    rename: bool,
    regenerate: bool,
) -> Option<Input> {
    (e.status != builtin::Status::Normal || regenerate).then(|| Input {
        name: given.name.to_owned(),
        brand: given.brand.map(str::to_owned),
        category: given.category.map(str::to_owned),
        description: given.description.map(str::to_owned),
        rename,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::datetime;

    #[test]
    fn the_allowance_is_renewed_on_the_first_of_next_month() {
        assert_eq!(
            next_month(datetime!(2026-11-26 15:30 UTC)),
            datetime!(2026-12-01 0:00 UTC)
        );
        assert_eq!(
            next_month(datetime!(2026-12-31 23:59 UTC)),
            datetime!(2027-01-01 0:00 UTC)
        );
        assert_eq!(
            next_month(datetime!(2028-02-01 0:00 UTC)),
            datetime!(2028-03-01 0:00 UTC)
        );
    }
}
