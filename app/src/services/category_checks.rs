//! Categories read by the embedding classifier in the background (decision 032). An
//! import is written at once with the keyword engine's categories; every product whose
//! category the file does not give is queued in `category_checks`, and the shop's
//! `categories` job (once across instances, `crate::jobs`) reads them in batches: the
//! model embeds each line and `ai::classifier::combine` weighs its guess against the
//! keywords. A category both agree on is written where the keywords were unsure; one the
//! keywords were sure of and the model finds implausible is taken back (with the
//! description written from it). A product the owner changed meanwhile is left alone. The
//! dashboard reads the progress from the same rows.

use std::sync::Arc;
use std::time::Instant;

use ai::builtin::{self, RawProduct, Status};
use ai::classifier::{self, CLASSIFIER};
use ai::examples::{self, Examples};
use embedding::DIM;
use entities::category_check;
use entities::product;
use sea_orm::sea_query::Expr;
use sea_orm::{
    ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Set,
    TransactionTrait,
};
use time::OffsetDateTime;
use tokio::sync::Semaphore;

use crate::error::{AppError, Result};
use crate::jobs;
use crate::services::ai_enrichment::Input;
use crate::services::{category_examples, lock_store, product_images, product_queue};
use crate::App;

/// The job kind; its key is the shop's id.
pub const JOB: &str = "categories";
/// Lines embedded per round (about a second of one core).
const BATCH: u64 = 32;
/// Lines read again per round with the embedding kept (one transaction each).
const REREAD_BATCH: u64 = 500;
/// A run gives way to other jobs after this long (it is due again at once).
const SLICE: std::time::Duration = std::time::Duration::from_secs(60);
/// One batch embedded at a time in this process: the model keeps one core, and requests
/// keep the other.
static MODEL_TURN: Semaphore = Semaphore::const_new(1);

/// Whether this process can classify (imports queue products only then).
pub fn available() -> bool {
    classifier::model().is_some()
}

/// Queues products written by an import (inside its transaction). A shop with nothing
/// pending starts a new run; the shop's job is due at once.
pub async fn queue(
    db: &impl ConnectionTrait,
    store_id: i64,
    queued_at: OffsetDateTime,
    products: Vec<(i64, Input)>,
) -> Result<usize> {
    if products.is_empty() {
        return Ok(0);
    }
    if progress(db, store_id).await?.pending == 0 {
        category_check::Entity::delete_many()
            .filter(category_check::Column::StoreId.eq(store_id))
            .exec(db)
            .await?;
    }
    let queued = products.len();
    let rows = products
        .into_iter()
        .map(|(product_id, input)| category_check::ActiveModel {
            store_id: Set(store_id),
            product_id: Set(product_id),
            input: Set(serde_json::to_string(&input).unwrap_or_default()),
            queued_at: Set(queued_at),
            done: Set(false),
            ..Default::default()
        });
    use category_check::Column as C;
    let renewed = [C::Input, C::QueuedAt, C::Done];
    product_queue::requeue(db, rows, C::ProductId, renewed).await?;
    jobs::schedule(db, JOB, &store_id.to_string(), OffsetDateTime::now_utc()).await?;
    Ok(queued)
}

/// The shop's run: products waiting and products read.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Progress {
    pub pending: u64,
    pub done: u64,
}

pub async fn progress(db: &impl ConnectionTrait, store_id: i64) -> Result<Progress> {
    let counts =
        product_queue::count_by_state::<category_check::Entity, bool>(db, store_id).await?;
    let mut p = Progress::default();
    for (done, n) in counts {
        if done {
            p.done = n;
        } else {
            p.pending = n;
        }
    }
    Ok(p)
}

/// The `categories` job of one shop: a slice of its pending products, then when it is due
/// again (`None` when none is left).
pub async fn run(app: &App, key: &str) -> Result<Option<OffsetDateTime>> {
    let Ok(store_id) = key.parse::<i64>() else {
        return Ok(None);
    };
    let started = Instant::now();
    // What the owner taught since the last run: embedded first, then read once a run.
    embed_examples(app, store_id).await?;
    let taught = Arc::new(category_examples::read(&app.db, store_id).await?);
    loop {
        // Lines read before (queued again by what the owner taught) first, many at a time:
        // they cost comparisons, not the model.
        let mut batch = category_check::Entity::find()
            .filter(category_check::Column::StoreId.eq(store_id))
            .filter(category_check::Column::Done.eq(false))
            .filter(category_check::Column::Vector.is_not_null())
            .order_by_asc(category_check::Column::Id)
            .limit(REREAD_BATCH)
            .all(&app.db)
            .await?;
        if batch.is_empty() {
            batch = category_check::Entity::find()
                .filter(category_check::Column::StoreId.eq(store_id))
                .filter(category_check::Column::Done.eq(false))
                .order_by_asc(category_check::Column::Id)
                .limit(BATCH)
                .all(&app.db)
                .await?;
        }
        if batch.is_empty() {
            return Ok(None);
        }
        let lines: Vec<Line> = batch
            .iter()
            .map(|row| Line {
                input: serde_json::from_str(&row.input).unwrap_or_else(|_| empty_input()),
                vector: row.vector.as_deref().and_then(examples::dequantize),
            })
            .collect();
        // Without a model (this instance's file is missing) the rows are closed unread:
        // the keyword engine's categories stay.
        let decisions = match classifier::model() {
            Some(_) => decide(lines, taught.clone()).await?,
            None => vec![(Decision::Keep, None); batch.len()],
        };
        write(app, store_id, batch, decisions).await?;
        if started.elapsed() > SLICE {
            return Ok(Some(OffsetDateTime::now_utc()));
        }
    }
}

fn empty_input() -> Input {
    Input {
        name: String::new(),
        brand: None,
        category: None,
        description: None,
        rename: false,
    }
}

/// A queued line: what the file said, and its embedding when an earlier run read it.
struct Line {
    input: Input,
    vector: Option<[f32; DIM]>,
}

/// What the model's reading changes on a product.
#[derive(Clone, Debug, PartialEq)]
enum Decision {
    /// The import's category (or its absence) stands.
    Keep,
    /// Nobody is sure; the model proposes this category to the owner (review queue).
    Suggest(&'static str),
    /// A category both agree on where the keywords alone were not sure, or the one the
    /// owner gave a line nearly the same; whether the brand is known.
    Set(String, bool),
    /// The keywords were sure, the model finds it implausible: the category and the
    /// description written from it go (unless the file gave the description: the last
    /// field), and the owner is asked (with the model's proposal, if it has one).
    Clear(bool, Option<&'static str>, bool),
}

/// The model's top category is worth proposing to the owner from this probability.
const SUGGESTION: f32 = 0.3;

/// The categories the model and the keywords agree on, or the owner taught, line by line,
/// with the embedding of each line (to keep); embedded off the async workers, one batch per
/// process at a time, lines read before not again.
async fn decide(
    lines: Vec<Line>,
    taught: Arc<Examples>,
) -> Result<Vec<(Decision, Option<Vec<u8>>)>> {
    let _turn = MODEL_TURN
        .acquire()
        .await
        .map_err(|e| AppError::Internal(e.into()))?;
    tokio::task::spawn_blocking(move || {
        let Some(model) = classifier::model() else {
            return vec![(Decision::Keep, None); lines.len()];
        };
        let unread: Vec<String> = lines
            .iter()
            .filter(|l| l.vector.is_none())
            .map(|l| {
                let i = &l.input;
                classifier::text_of(&i.name, i.brand.as_deref(), i.description.as_deref())
            })
            .collect();
        let mut fresh = if unread.is_empty() {
            Vec::new()
        } else {
            match model.passages(&unread.iter().map(String::as_str).collect::<Vec<_>>()) {
                Ok(v) => v,
                Err(_) => {
                    tracing::error!("embedding failed: categories from keywords alone");
                    return vec![(Decision::Keep, None); lines.len()];
                }
            }
        }
        .into_iter();
        lines
            .iter()
            .map(|line| {
                let Some(v) = line.vector.or_else(|| fresh.next()) else {
                    return (Decision::Keep, None);
                };
                (
                    decision(&line.input, &v, &taught),
                    Some(examples::quantize(&v)),
                )
            })
            .collect()
    })
    .await
    .map_err(|e| AppError::Internal(e.into()))
}

/// One line's decision, from its embedding.
fn decision(input: &Input, v: &[f32; DIM], taught: &Examples) -> Decision {
    let keywords = builtin::keyword_view(&RawProduct {
        name: &input.name,
        brand: input.brand.as_deref(),
        category: None,
        description: input.description.as_deref(),
    });
    // The shop's own categories weigh the model's view (decision 037).
    let guess = CLASSIFIER.guess_in(v, keywords.best.map(|(c, _)| c), Some(taught));
    let brand = keywords.brand || input.brand.is_some();
    let proposal = guess.category.filter(|_| guess.probability >= SUGGESTION);
    let shown = classifier::combine(&keywords, &guess);
    // The owner's word on a line nearly the same wins over both engines.
    if let Some(category) = taught.taught(v) {
        return if keywords.sure && shown == Some(category) {
            Decision::Keep
        } else {
            Decision::Set(category.to_owned(), brand)
        };
    }
    match (keywords.sure, shown) {
        (true, Some(_)) => Decision::Keep,
        (true, None) => {
            let described = input
                .description
                .as_deref()
                .is_some_and(|d| !d.trim().is_empty());
            Decision::Clear(brand, proposal, described)
        }
        (false, Some(category)) => Decision::Set(category.to_owned(), brand),
        (false, None) => proposal.map_or(Decision::Keep, Decision::Suggest),
    }
}

/// Embeds the lines the owner taught since the shop's last run (one batch per process at a
/// time, as the queue's).
async fn embed_examples(app: &App, store_id: i64) -> Result<()> {
    if classifier::model().is_none() {
        return Ok(());
    }
    loop {
        let pending = category_examples::unembedded(&app.db, store_id, BATCH).await?;
        if pending.is_empty() {
            return Ok(());
        }
        let _turn = MODEL_TURN
            .acquire()
            .await
            .map_err(|e| AppError::Internal(e.into()))?;
        let texts: Vec<String> = pending.iter().map(|(_, t)| t.clone()).collect();
        let vectors = tokio::task::spawn_blocking(move || {
            let model = classifier::model()?;
            model
                .passages(&texts.iter().map(String::as_str).collect::<Vec<_>>())
                .ok()
        })
        .await
        .map_err(|e| AppError::Internal(e.into()))?;
        let Some(vectors) = vectors else {
            tracing::error!("embedding of taught lines failed");
            return Ok(());
        };
        for ((id, _), v) in pending.iter().zip(&vectors) {
            category_examples::set_vector(&app.db, *id, examples::quantize(v)).await?;
        }
    }
}

/// Writes the decisions (one transaction per batch) and closes the rows.
async fn write(
    app: &App,
    store_id: i64,
    batch: Vec<category_check::Model>,
    decisions: Vec<(Decision, Option<Vec<u8>>)>,
) -> Result<()> {
    let now = OffsetDateTime::now_utc();
    let txn = app.db.begin().await?;
    lock_store(&txn, store_id).await?;
    let mut redraw_from: Option<i64> = None;
    for (row, (decision, vector)) in batch.iter().zip(decisions) {
        if write_row(&txn, store_id, row, decision, vector, now).await? {
            redraw_from = Some(redraw_from.map_or(row.product_id, |r| r.min(row.product_id)));
        }
    }
    crate::services::catalogue::reindex_stale(&txn, Some(store_id)).await?;
    txn.commit().await?;
    if let Some(from) = redraw_from {
        app.store_rows.forget_all();
        // Drawn pictures follow the category: drawn again.
        product_images::complete_in_background(app, store_id, from - 1);
    }
    Ok(())
}

/// One line's decision, written on its product (unless the owner changed it since it was
/// queued), then the line closed. True when the product's category was written.
async fn write_row(
    db: &impl ConnectionTrait,
    store_id: i64,
    row: &category_check::Model,
    decision: Decision,
    vector: Option<Vec<u8>>,
    now: OffsetDateTime,
) -> Result<bool> {
    // The line stays read (its embedding kept), for what the owner teaches later.
    let mut check = category_check::Entity::update_many()
        .col_expr(category_check::Column::Done, Expr::value(true))
        .filter(category_check::Column::Id.eq(row.id));
    if let Some(vector) = vector {
        check = check.col_expr(category_check::Column::Vector, Expr::value(vector));
    }
    let (category, brand, proposal, described) = match decision {
        Decision::Keep => {
            check.exec(db).await?;
            return Ok(false);
        }
        Decision::Suggest(proposal) => {
            // Only the review queue's grouping changes: the product stays as it is.
            product::Entity::update_many()
                .col_expr(product::Column::SuggestedCategory, Expr::value(proposal))
                .filter(product::Column::Id.eq(row.product_id))
                .filter(product::Column::StoreId.eq(store_id))
                .filter(product::Column::UpdatedAt.eq(row.queued_at))
                .filter(product::Column::Status.ne(Status::Normal))
                .exec(db)
                .await?;
            check.exec(db).await?;
            return Ok(false);
        }
        Decision::Set(category, brand) => (Some(category), brand, None, true),
        Decision::Clear(brand, proposal, described) => (None, brand, proposal, described),
    };
    let written = categorised(category, brand, proposal, described, now)
        .filter(product::Column::Id.eq(row.product_id))
        .filter(product::Column::StoreId.eq(store_id))
        .filter(product::Column::UpdatedAt.eq(row.queued_at))
        .exec(db)
        .await?;
    let written = written.rows_affected == 1;
    if written {
        // Still this job's product, not the owner's: it may be read again.
        check = check.col_expr(category_check::Column::QueuedAt, Expr::value(now));
    }
    check.exec(db).await?;
    Ok(written)
}

/// The product's new category (or none) with its status, reason and proposal; the drawn
/// picture and search terms follow it, and without `described` the description goes too.
fn categorised(
    category: Option<String>,
    brand: bool,
    proposal: Option<&'static str>,
    described: bool,
    now: OffsetDateTime,
) -> sea_orm::UpdateMany<product::Entity> {
    let categorised = category.is_some();
    let status = if categorised && brand {
        Status::Normal
    } else {
        Status::Uncertain
    };
    let update = product::Entity::update_many()
        .col_expr(product::Column::Category, Expr::value(category))
        .col_expr(product::Column::Status, Expr::value(status))
        .col_expr(
            product::Column::ReviewNote,
            Expr::value(builtin::review_note(status, false, categorised, brand)),
        )
        .col_expr(
            product::Column::ImageUrl,
            product_images::drawn_picture_cleared(),
        )
        .col_expr(product::Column::SuggestedCategory, Expr::value(proposal))
        .col_expr(product::Column::UpdatedAt, Expr::value(now))
        .col_expr(product::Column::SearchVersion, Expr::value(0));
    if described {
        return update;
    }
    // The description was written from the category: it goes with it.
    update.col_expr(
        product::Column::Description,
        Expr::value(Option::<String>::None),
    )
}
