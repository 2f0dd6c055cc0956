//! `/api/stores/me/ai`: how far the AI provider is with the products the shop's imports
//! left to it (`services::ai_enrichment`), and closing the report of a finished run.

use ai::Ai;
use axum::extract::State;
use axum::Json;
use serde::Serialize;
use time::OffsetDateTime;
use utoipa::ToSchema;

use crate::auth::Owner;
use crate::error::Result;
use crate::services::{ai_enrichment, category_checks};
use crate::AppState;

/// The shop's run: products waiting and what became of the others.
#[derive(Debug, Serialize, ToSchema, ts_rs::TS)]
pub struct AiEnrichmentView {
    /// The server completes imports with an AI provider.
    pub provider: bool,
    pub total: u64,
    /// Waiting for the provider (or, with `allowance_left` 0, for next month).
    pub pending: u64,
    /// Completed by the provider.
    pub done: u64,
    /// Answers refused (they added facts, or were not valid): the first texts stay.
    pub kept: u64,
    /// Changed by the owner meanwhile: left as the owner made them.
    pub skipped: u64,
    /// The provider could not be reached: the first texts stay.
    pub failed: u64,
    /// The plan's monthly ceiling of products; null without one.
    pub allowance: Option<u32>,
    /// Products the provider may still complete this month; null without a ceiling.
    pub allowance_left: Option<u64>,
    /// Products of the last imports waiting for the category classifier (decision 032).
    pub categories_pending: u64,
    /// Products the classifier has read in this run.
    pub categories_done: u64,
}

#[derive(Debug, Serialize, ToSchema, ts_rs::TS)]
pub struct AiReportClosed {
    /// Finished products removed from the report.
    pub removed: u64,
}

#[utoipa::path(get, path = "/api/stores/me/ai", tag = "products", security(("session" = [])),
    responses((status = 200, body = AiEnrichmentView), (status = 401, body = crate::error::ErrorBody)))]
pub async fn show(State(app): State<AppState>, owner: Owner) -> Result<Json<AiEnrichmentView>> {
    let p = ai_enrichment::progress(&app.db, owner.store.id).await?;
    let c = category_checks::progress(&app.db, owner.store.id).await?;
    let plan = owner.store.effective_plan(OffsetDateTime::now_utc());
    Ok(Json(AiEnrichmentView {
        provider: matches!(*app.ai, Ai::OpenAi(_)),
        total: p.total(),
        pending: p.pending,
        done: p.done,
        kept: p.kept,
        skipped: p.skipped,
        failed: p.failed,
        allowance: plan.limits().ai_products_per_month,
        allowance_left: p.allowance_left,
        categories_pending: c.pending,
        categories_done: c.done,
    }))
}

/// Close the report: finished products leave it; those still waiting stay.
#[utoipa::path(delete, path = "/api/stores/me/ai", tag = "products", security(("session" = [])),
    responses((status = 200, body = AiReportClosed), (status = 401, body = crate::error::ErrorBody)))]
pub async fn close_report(
    State(app): State<AppState>,
    owner: Owner,
) -> Result<Json<AiReportClosed>> {
    let removed = ai_enrichment::forget_finished(&app.db, owner.store.id).await?;
    Ok(Json(AiReportClosed { removed }))
}
