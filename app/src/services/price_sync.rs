//! A shop's price list fetched from its own address once a day (its management program's
//! export), read with the mapping the shop confirmed for those columns, and applied:
//! new rows created, known products' price and availability updated, products no longer
//! listed marked not available. Runs as the `sync` job of the shop (`crate::jobs`), so
//! once a day across all instances; each run is recorded with its counts, and a failed run
//! is e-mailed to the owner.

use std::sync::Arc;

use domain::messages;
use entities::{price_list_sync, store, sync_run, user};
use import::{read_table_until, Limits, Mapping};
use sea_orm::sea_query::OnConflict;
use sea_orm::{
    ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Set,
};
use time::{Duration, OffsetDateTime};

use crate::error::Result;
use crate::jobs;
use crate::media::fetch::{fetch_file, FetchLimits, Fetched};
use crate::services::imports::{
    self, CancelFlag, ExistingCodes, ProcessOptions, Processed, Synced, Upload,
};
use crate::App;

/// The job kind; its key is the shop's id.
pub const JOB: &str = "sync";
/// Time between two syncs of a shop.
pub const EVERY: Duration = Duration::days(1);
/// Syncs shown in the dashboard.
pub const HISTORY: u64 = 30;
/// A price-list export may take this long to download.
const FETCH_TIME: std::time::Duration = std::time::Duration::from_secs(60);

/// The shop's sync address, if it has one.
pub async fn url_of(db: &impl ConnectionTrait, store_id: i64) -> Result<Option<String>> {
    Ok(price_list_sync::Entity::find_by_id(store_id)
        .one(db)
        .await?
        .map(|s| s.url))
}

/// Sets (or, with `None`, removes) the address; a new address is synced at once.
pub async fn set_url(db: &impl ConnectionTrait, store_id: i64, url: Option<String>) -> Result<()> {
    let Some(url) = url else {
        price_list_sync::Entity::delete_by_id(store_id)
            .exec(db)
            .await?;
        return Ok(());
    };
    price_list_sync::Entity::insert(price_list_sync::ActiveModel {
        store_id: Set(store_id),
        url: Set(url),
        updated_at: Set(OffsetDateTime::now_utc()),
    })
    .on_conflict(
        OnConflict::column(price_list_sync::Column::StoreId)
            .update_columns([
                price_list_sync::Column::Url,
                price_list_sync::Column::UpdatedAt,
            ])
            .to_owned(),
    )
    .exec_without_returning(db)
    .await?;
    run_soon(db, store_id).await
}

/// Asks for a sync of the shop now (the job runner takes it within its next tick).
pub async fn run_soon(db: &impl ConnectionTrait, store_id: i64) -> Result<()> {
    jobs::schedule(db, JOB, &store_id.to_string(), OffsetDateTime::now_utc()).await
}

/// The shop's last syncs, newest first.
pub async fn history(db: &impl ConnectionTrait, store_id: i64) -> Result<Vec<sync_run::Model>> {
    Ok(sync_run::Entity::find()
        .filter(sync_run::Column::StoreId.eq(store_id))
        .order_by_desc(sync_run::Column::StartedAt)
        .order_by_desc(sync_run::Column::Id)
        .limit(HISTORY)
        .all(db)
        .await?)
}

/// The `sync` job of one shop: when its next run is due, or `None` when the shop no longer
/// syncs (the job is then removed). A failure of the file (unreachable, unreadable, other
/// columns) is recorded and e-mailed, and the shop is tried again the next day.
pub async fn run(app: &App, key: &str) -> Result<Option<OffsetDateTime>> {
    let Ok(store_id) = key.parse::<i64>() else {
        return Ok(None);
    };
    let Some(url) = url_of(&app.db, store_id).await? else {
        return Ok(None);
    };
    let started_at = OffsetDateTime::now_utc();
    let outcome = sync_once(app, store_id, &url).await?;
    let finished_at = OffsetDateTime::now_utc();
    let (succeeded, counts, message) = match &outcome {
        Ok(s) => (true, *s, None),
        Err(reason) => (false, Synced::default(), Some(reason.clone())),
    };
    sync_run::Entity::insert(sync_run::ActiveModel {
        store_id: Set(store_id),
        started_at: Set(started_at),
        finished_at: Set(finished_at),
        succeeded: Set(succeeded),
        created: Set(counts.created as i32),
        updated: Set(counts.updated as i32),
        unavailable: Set(counts.unavailable as i32),
        message: Set(message),
        ..Default::default()
    })
    .exec_without_returning(&app.db)
    .await?;
    match outcome {
        Ok(synced) => {
            tracing::info!(store = store_id, ?synced, "price list synced");
            if synced != Synced::default() {
                crate::services::product_images::complete_in_background(app, store_id, 0);
                app.store_rows.forget_all();
            }
        }
        Err(reason) => {
            tracing::warn!(store = store_id, reason, "price list sync failed");
            tell_the_owner(app, store_id, &reason).await;
        }
    }
    Ok(Some(started_at + EVERY))
}

/// Fetches, reads and applies the file; `Err` is the reason for the owner, in Italian.
async fn sync_once(
    app: &App,
    store_id: i64,
    url: &str,
) -> Result<std::result::Result<Synced, String>> {
    let fetched = match fetch(app, url).await {
        Ok(f) => f,
        Err(reason) => return Ok(Err(reason)),
    };
    let name = read_as(&fetched.file_name);
    let db = app.db.clone();
    // The file is shared with the worker's jobs rather than copied for each.
    let fetched = Arc::new(fetched);
    let headers = match headers_of(fetched.clone(), name.clone()).await? {
        Ok(h) => h,
        Err(reason) => return Ok(Err(reason)),
    };
    let Some(mapping) = imports::saved::find(&db, store_id, &headers).await? else {
        return Ok(Err(messages::SYNC_NO_MAPPING.to_owned()));
    };
    let existing = imports::existing_codes(
        &db,
        store_id,
        imports::ByName::for_file(mapping.sku.is_some()),
    )
    .await?;
    let processed = match read_rows(fetched, name, mapping, existing).await? {
        Ok(p) => p,
        Err(reason) => return Ok(Err(reason)),
    };
    if processed.items.is_empty() {
        return Ok(Err(messages::SYNC_NO_PRODUCTS.to_owned()));
    }
    match imports::sync(&app.db, store_id, &processed.items).await {
        Ok(Ok(synced)) => Ok(Ok(synced)),
        Ok(Err(reason)) => Ok(Err(reason.to_owned())),
        // The plan's monthly imports are used up: the owner's to know, not our error.
        Err(crate::error::AppError::PlanLimit(message)) => Ok(Err(message)),
        Err(e) => Err(e),
    }
}

/// Downloads the shop's export within the import's size and a minute; `Err` is the reason
/// for the owner.
async fn fetch(app: &App, url: &str) -> std::result::Result<Fetched, String> {
    let limits = FetchLimits {
        timeout: FETCH_TIME,
        max_bytes: imports::MAX_FILE_BYTES,
        ..FetchLimits::default()
    };
    fetch_file(url, &app.config.fetch_policy, &limits)
        .await
        .map_err(|e| format!("il listino non è stato scaricato ({e})."))
}

/// The name the file is read by: its own with a known extension, else a CSV's.
fn read_as(file_name: &str) -> String {
    match file_name.rsplit_once('.') {
        Some((_, ext)) if ["csv", "xlsx", "xls"].contains(&ext.to_ascii_lowercase().as_str()) => {
            file_name.to_owned()
        }
        // An export address without an extension ("…/export?format=csv"): read by its type,
        // else as text.
        _ => "listino.csv".to_owned(),
    }
}

/// The file's column headers, read on the import worker (they find the saved mapping);
/// `Err` is the reason for the owner.
async fn headers_of(
    file: Arc<Fetched>,
    file_name: String,
) -> Result<std::result::Result<Vec<String>, String>> {
    let header_check = imports::WORKER
        .run(move || {
            let ct = file.content_type.as_deref();
            read_table_until(
                &file.bytes,
                &file_name,
                ct,
                &Limits::default(),
                None,
                &|| false,
            )
            .map(|t| t.headers)
        })
        .await
        .map_err(imports::worker_error)?;
    Ok(header_check.map_err(|e| e.to_string()))
}

/// The file's rows read with the mapping, as an import would, on the import worker; `Err`
/// is the reason for the owner.
async fn read_rows(
    fetched: Arc<Fetched>,
    name: String,
    mapping: Mapping,
    existing: ExistingCodes,
) -> Result<std::result::Result<Processed, String>> {
    let processed = imports::WORKER
        .run(move || {
            imports::process(
                Upload {
                    bytes: &fetched.bytes,
                    file_name: &name,
                    content_type: fetched.content_type.as_deref(),
                },
                &mapping,
                ProcessOptions::default(),
                &existing,
                &CancelFlag::default(),
            )
        })
        .await
        .map_err(imports::worker_error)?;
    Ok(match processed {
        Ok(p) => Ok(p),
        Err(imports::ProcessError::File(e)) => Err(e.to_string()),
        Err(imports::ProcessError::Cancelled) => Err(messages::IMPORT_CANCELLED.to_owned()),
    })
}

/// One e-mail per failed sync; a mail server that fails is logged, the run stays recorded.
async fn tell_the_owner(app: &App, store_id: i64, reason: &str) {
    let owner = async {
        let shop = store::Entity::find_by_id(store_id).one(&app.db).await?;
        let Some(shop) = shop else { return Ok(None) };
        Ok::<_, crate::error::AppError>(user::Entity::find_by_id(shop.user_id).one(&app.db).await?)
    };
    match owner.await {
        Ok(Some(owner)) => {
            let mail = crate::email::sync_failed(&app.config.public_base(), &owner.email, reason);
            if let Err(err) = app.mailer.send(mail).await {
                tracing::error!(store = store_id, error = %err, "sync failure e-mail not sent");
            }
        }
        Ok(None) => {}
        Err(err) => tracing::error!(store = store_id, error = ?err, "sync failure e-mail not sent"),
    }
}
