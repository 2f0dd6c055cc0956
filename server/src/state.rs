//! What every request handler can reach.

use std::sync::Arc;

use ai::Ai;
use sea_orm::DatabaseConnection;

use crate::config::Config;
use crate::email::Mailer;
use crate::pages::Pages;
use crate::services::exports;
use crate::services::geo::{CapIndex, Places};
use crate::services::imports::Runs;

#[derive(Clone)]
pub struct AppState {
    pub db: DatabaseConnection,
    pub config: Arc<Config>,
    pub geo: Arc<CapIndex>,
    /// Comuni and their coordinates: "who has it near me".
    pub places: Arc<Places>,
    /// Page views counted by this instance, not yet written (the Pro report).
    pub analytics: Arc<crate::analytics::Recorder>,
    pub pages: Arc<Pages>,
    pub mailer: Arc<Mailer>,
    /// Import runs in progress, to cancel them.
    pub imports: Arc<Runs>,
    /// The shops whose catalogue export is being sent (one at a time per shop).
    pub exports: Arc<exports::Running>,
    /// Background passes that give products their images.
    pub image_jobs: crate::services::product_images::Jobs,
    /// The AI provider chosen by `--ai-provider`.
    pub ai: Arc<Ai>,
    /// Wakes this instance's job runner when a request has just scheduled work, rather than
    /// at its next tick (`services::jobs`).
    pub jobs_due: Arc<tokio::sync::Notify>,
}
