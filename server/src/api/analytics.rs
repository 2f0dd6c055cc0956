//! `/api/stores/me/analytics`: the Pro report of the owner's shop, as JSON for the dashboard
//! and as a CSV file (`analytics::report`).

use std::collections::BTreeMap;

use axum::extract::{RawQuery, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::Json;
use domain::messages;
use domain::spreadsheet::spreadsheet_text;
use time::OffsetDateTime;

use crate::analytics::report::{self, AnalyticsReport, MAX_DAYS};
use crate::auth::Owner;
use crate::error::{AppError, ErrorBody, Result};
use crate::AppState;

/// The period when none is asked.
const DEFAULT_DAYS: u32 = 30;

/// `days` from the query string: 1 to [`MAX_DAYS`], 30 when absent.
fn days(query: Option<&str>) -> Result<u32> {
    let asked = url::form_urlencoded::parse(query.unwrap_or_default().as_bytes())
        .find(|(k, _)| k == "days")
        .map(|(_, v)| v.trim().to_owned());
    match asked {
        None => Ok(DEFAULT_DAYS),
        Some(text) => Ok(text
            .parse::<u32>()
            .ok()
            .filter(|d| (1..=MAX_DAYS).contains(d))
            .ok_or_else(|| {
                AppError::fields(BTreeMap::from([(
                    "days",
                    messages::ANALYTICS_DAYS_INVALID.to_owned(),
                )]))
            })?),
    }
}

/// The report of the owner's shop; Pro and Business only (a trial of them included).
async fn owner_report(
    app: &AppState,
    owner: &Owner,
    query: Option<&str>,
) -> Result<AnalyticsReport> {
    let days = days(query)?;
    if !owner
        .store
        .effective_plan(OffsetDateTime::now_utc())
        .has_analytics()
    {
        return Err(AppError::PlanLimit(messages::ANALYTICS_PLAN.to_owned()).into());
    }
    // What this instance counted in the last seconds shows at once.
    if let Err(err) = app.analytics.flush(&app.db).await {
        tracing::warn!(error = ?err, "page views not written before a report");
    }
    Ok(report::report(&app.db, owner.store.id, days).await?)
}

/// Views by day, visitors, the most viewed products, the searches, where visits came from
/// and the crawlers' visits of the last `days` days (1 to 365, default 30), today included.
#[utoipa::path(get, path = "/api/stores/me/analytics", tag = "stores", security(("session" = [])),
    params(("days" = Option<u32>, Query, description = "1 to 365, default 30")),
    responses((status = 200, body = AnalyticsReport),
        (status = 403, description = "`plan_limit`: the report is part of Pro and Business", body = ErrorBody),
        (status = 422, description = "`validation`: `days` out of 1–365", body = ErrorBody)))]
pub async fn show(
    State(app): State<AppState>,
    owner: Owner,
    RawQuery(query): RawQuery,
) -> Result<Json<AnalyticsReport>> {
    Ok(Json(owner_report(&app, &owner, query.as_deref()).await?))
}

/// The same report as a CSV file for a spreadsheet: `sezione;voce;valore`, one line per
/// figure, UTF-8 with a byte-order mark.
#[utoipa::path(get, path = "/api/stores/me/analytics.csv", tag = "stores", security(("session" = [])),
    params(("days" = Option<u32>, Query, description = "1 to 365, default 30")),
    responses(
        (status = 200, description = "`report_<shop slug>_<from>_<to>.csv`", content_type = "text/csv", body = String),
        (status = 403, description = "`plan_limit`: the report is part of Pro and Business", body = ErrorBody),
        (status = 422, description = "`validation`: `days` out of 1–365", body = ErrorBody)))]
pub async fn csv(
    State(app): State<AppState>,
    owner: Owner,
    RawQuery(query): RawQuery,
) -> Result<Response> {
    let report = owner_report(&app, &owner, query.as_deref()).await?;
    let body = csv_text(&report).map_err(|e| AppError::Internal(e.into()))?;
    let name = format!(
        "report_{}_{}_{}.csv",
        owner.store.slug, report.from, report.to
    );
    Ok((
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8".to_owned()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{name}\""),
            ),
        ],
        body,
    )
        .into_response())
}

fn csv_text(report: &AnalyticsReport) -> csv::Result<String> {
    let mut out = csv::WriterBuilder::new()
        .delimiter(b';')
        .terminator(csv::Terminator::CRLF)
        .from_writer(Vec::new());
    out.write_record(["sezione", "voce", "valore"])?;
    let mut line = |section: &str, item: &str, value: u64| {
        out.write_record([section, &spreadsheet_text(item), &value.to_string()])
    };
    let days = report.views.by_day.len() as u64;
    line(
        "Periodo (giorni)",
        &format!("{} – {}", report.from, report.to),
        days,
    )?;
    line("Visualizzazioni", "Totale", report.views.total)?;
    line("Visitatori", "Totale", report.visitors)?;
    for day in &report.views.by_day {
        line("Visualizzazioni per giorno", &day.date, day.count)?;
    }
    for p in &report.top_products {
        line("Prodotti più visti", &p.name, p.views)?;
    }
    for s in &report.searches {
        line("Ricerche", &s.term, s.count)?;
    }
    let sources = &report.sources;
    for (name, n) in [
        ("Google", sources.google),
        ("Altri motori di ricerca", sources.search),
        ("Social network", sources.social),
        ("Accesso diretto", sources.direct),
        ("Altri siti", sources.other),
    ] {
        line("Provenienza", name, n)?;
    }
    line("Richieste di disponibilità", "Totale", report.inquiries)?;
    for p in &report.asked_products {
        line("Prodotti più richiesti", &p.name, p.requests)?;
    }
    line("Passaggi dei crawler", "Google", report.crawls.google)?;
    line("Passaggi dei crawler", "Altri", report.crawls.other)?;
    for day in &report.crawls.google_by_day {
        line("Passaggi di Google per giorno", &day.date, day.count)?;
    }
    let bytes = out.into_inner().map_err(|e| e.into_error())?;
    Ok(format!("\u{feff}{}", String::from_utf8_lossy(&bytes)))
}
