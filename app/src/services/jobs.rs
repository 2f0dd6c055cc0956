//! The kinds of background work, registered with the queue (`crate::jobs`), which runs
//! each once across any number of server instances (decision 018).

use time::{Duration, OffsetDateTime};

use crate::error::Result;
use crate::jobs::{self, Claimed, Kinds, Work};
use crate::media;
use crate::services::{
    ai_enrichment, category_checks, imports, logo_files, photo_batches, photos, price_sync,
    search_terms, sessions,
};
use crate::App;

/// The one repeating kind: removal of temporary files left by interrupted media writes;
/// copies of external logo addresses, removal of logo uploads no shop uses, of sessions past
/// their deadline and of processed imports nobody confirmed; the report's visitors of past
/// days counted and their hashes and salts removed. (Beside it, `price_sync::JOB`,
/// `ai_enrichment::JOB` and `category_checks::JOB` jobs, one per shop, `photo_batches::JOB`,
/// one per ZIP, and `search_terms::JOB`, one for the database.)
pub const HOUSEKEEPING: &str = "housekeeping";
/// How often housekeeping runs.
pub const HOUSEKEEPING_EVERY: Duration = Duration::hours(1);

/// Every kind of job this version runs.
struct Registered;

impl Kinds for Registered {
    fn work<'a>(&self, app: &'a App, job: &'a Claimed) -> Option<Work<'a>> {
        let key = job.key.as_str();
        let work: Work<'a> = match job.kind.as_str() {
            HOUSEKEEPING => Box::pin(async move {
                housekeeping(app).await?;
                Ok(Some(OffsetDateTime::now_utc() + HOUSEKEEPING_EVERY))
            }),
            price_sync::JOB => Box::pin(price_sync::run(app, key)),
            ai_enrichment::JOB => Box::pin(ai_enrichment::run(app, key)),
            category_checks::JOB => Box::pin(category_checks::run(app, key)),
            photo_batches::JOB => Box::pin(photo_batches::run(app, key)),
            search_terms::JOB => Box::pin(search_terms::run(app)),
            _ => return None,
        };
        Some(work)
    }

    fn repeating(&self) -> &[&'static str] {
        &[HOUSEKEEPING]
    }
}

/// Runs every due job this instance can claim, one at a time; how many ran.
pub async fn run_due(app: &App) -> Result<usize> {
    jobs::run_due(app, &Registered).await
}

/// Runs the background work for as long as the server runs (`jobs::run_forever`).
pub async fn run_forever(app: App) {
    jobs::run_forever(app, &Registered).await;
}

async fn housekeeping(app: &App) -> Result<()> {
    // First, while nothing else has run: on a full disk this frees space.
    remove_stale_temporaries(app).await;
    logo_files::tend(app).await?;
    let photos = photos::remove_unused_files(app, photos::UNUSED_KEPT).await?;
    if photos > 0 {
        tracing::info!(photos, "photo files no product uses removed");
    }
    let zips = photo_batches::remove_leftovers(app, media::TEMPORARY_KEPT).await?;
    if zips > 0 {
        tracing::info!(zips, "ZIPs of pictures no batch needs removed");
    }
    // Stale search terms whose job could not be scheduled at start (a busy database).
    search_terms::schedule_if_stale(&app.db).await?;
    let ended = sessions::delete_expired(&app.db).await?;
    let unclaimed = imports::kept::delete_expired(&app.db).await?;
    let visitors = super::analytics::close_past_days(&app.db).await?;
    if ended + unclaimed + visitors > 0 {
        tracing::info!(
            ended,
            unclaimed,
            visitors,
            "expired sessions and processed imports removed, past days' visitors counted"
        );
    }
    Ok(())
}

/// Temporary files of media writes a crash interrupted (`media::write_atomically`).
async fn remove_stale_temporaries(app: &App) {
    let media_dir = app.config.media_dir();
    match media::remove_stale_temporaries(&media_dir, media::TEMPORARY_KEPT).await {
        Ok(0) => {}
        Ok(removed) => tracing::info!(
            removed,
            "temporary files of unfinished media writes removed"
        ),
        Err(err) => tracing::warn!(error = %err, "temporary media files not removed"),
    }
}
