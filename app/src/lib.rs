//! The application under the web: the shop's catalogue and what is done to it (imports,
//! price syncs, AI enrichment, photos, exports, analytics, accounts, e-mail), the jobs that
//! run it in the background and the settings it runs with. No HTTP server here: the
//! `vetrina` crate serves this over axum (decision 041).

pub mod config;
pub mod db;
pub mod email;
pub mod error;
pub mod jobs;
pub mod media;
pub mod password;
pub mod services;
pub mod store_rows;
pub mod sync;
pub mod token;
pub mod worker;

use std::sync::Arc;

use ai::Ai;
use anyhow::Context;
use sea_orm::DatabaseConnection;

pub use config::Config;
// The page views and their report, at the path the web knows them by.
pub use services::analytics;

use email::Mailer;
use services::exports;
use services::geo::{CapIndex, Places};
use services::imports::Runs;
use store_rows::StoreRows;

/// What every use case can reach: the database, the settings and what this instance keeps.
#[derive(Clone)]
pub struct App {
    pub db: DatabaseConnection,
    pub config: Arc<Config>,
    pub geo: Arc<CapIndex>,
    /// Comuni and their coordinates: "who has it near me".
    pub places: Arc<Places>,
    /// Page views counted by this instance, not yet written (the Pro report).
    pub analytics: Arc<analytics::Recorder>,
    /// Shop rows and their counts, reused for up to a second by public requests; every
    /// change through this instance forgets them.
    pub store_rows: Arc<StoreRows>,
    pub mailer: Arc<Mailer>,
    /// Import runs in progress, to cancel them.
    pub imports: Arc<Runs>,
    /// The shops whose catalogue export is being sent (one at a time per shop).
    pub exports: Arc<exports::Running>,
    /// Background passes that give products their images.
    pub image_jobs: services::product_images::Jobs,
    /// The AI provider chosen by `--ai-provider`.
    pub ai: Arc<Ai>,
    /// Wakes this instance's job runner when a request has just scheduled work, rather than
    /// at its next tick (`jobs`).
    pub jobs_due: Arc<tokio::sync::Notify>,
}

impl App {
    /// Opens the database (running migrations) and loads what the use cases need.
    pub async fn open(config: Config) -> anyhow::Result<Self> {
        std::fs::create_dir_all(&config.data_dir).with_context(|| {
            format!(
                "impossibile creare la cartella dati {}",
                config.data_dir.display()
            )
        })?;
        let db = db::connect(&config.database_url).await?;
        // Products indexed by an older search rule (or before search existed) get their terms
        // from a job, after start-up (services::search_terms); hourly housekeeping schedules
        // it too, should this fail on a busy database.
        if let Err(err) = services::search_terms::schedule_if_stale(&db).await {
            tracing::warn!(error = %err, "re-indexing of the search not scheduled");
        }
        let geo_path = config.assets_dir.join("geo/cap.json");
        let geo = CapIndex::load(&geo_path).unwrap_or_else(|err| {
            tracing::warn!("postal-code lookup unavailable: {err:#}");
            CapIndex::default()
        });
        let places =
            Places::load(&config.assets_dir.join("geo/places.json")).unwrap_or_else(|err| {
                tracing::warn!("distances between comuni unavailable: {err:#}");
                Places::default()
            });
        let from = email::parse_mailbox(&config.mail_from).map_err(anyhow::Error::msg)?;
        let mailer = Mailer::new(config.smtp_url.as_deref(), from, config.outbox_dir())?;
        tracing::info!("outgoing e-mail: {}", mailer.describe());
        password::warm_up();
        let ai = Ai::from_settings(&config.ai)?;
        tracing::info!("AI provider: {}", ai.describe());
        Ok(Self {
            db,
            config: Arc::new(config),
            geo: Arc::new(geo),
            places: Arc::new(places),
            analytics: Arc::default(),
            store_rows: Arc::default(),
            mailer: Arc::new(mailer),
            imports: Arc::new(Runs::default()),
            exports: Arc::default(),
            image_jobs: Arc::default(),
            ai: Arc::new(ai),
            jobs_due: Arc::default(),
        })
    }
}
