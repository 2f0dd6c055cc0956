//! Vetrina: public catalogues for building-trade shops. `main.rs` parses the command
//! line; this crate builds and runs the application.

pub mod analytics;
pub mod api;
pub mod auth;
pub mod config;
pub mod db;
pub mod email;
pub mod error;
pub mod media;
pub mod net;
pub mod pages;
pub mod security_headers;
pub mod services;
pub mod state;
pub mod sync;
pub mod telemetry;
pub mod typescript;
pub mod views;
pub mod worker;

use std::sync::Arc;

use anyhow::Context;
use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{middleware, Router};

pub use config::Config;
pub use state::AppState;

/// Opens the database (running migrations) and loads what requests need.
pub async fn build_state(config: Config) -> anyhow::Result<AppState> {
    std::fs::create_dir_all(&config.data_dir).with_context(|| {
        format!(
            "impossibile creare la cartella dati {}",
            config.data_dir.display()
        )
    })?;
    let db = db::connect(&config.database_url).await?;
    let geo_path = config.assets_dir.join("geo/cap.json");
    let geo = services::geo::CapIndex::load(&geo_path).unwrap_or_else(|err| {
        tracing::warn!("postal-code lookup unavailable: {err:#}");
        services::geo::CapIndex::default()
    });
    let places = services::geo::Places::load(&config.assets_dir.join("geo/places.json"))
        .unwrap_or_else(|err| {
            tracing::warn!("distances between comuni unavailable: {err:#}");
            services::geo::Places::default()
        });
    let pages = pages::Pages::load(&config.assets_dir, config.html_cache_bytes);
    let from = email::parse_mailbox(&config.mail_from).map_err(anyhow::Error::msg)?;
    let mailer = email::Mailer::new(config.smtp_url.as_deref(), from, config.outbox_dir())?;
    tracing::info!("outgoing e-mail: {}", mailer.describe());
    auth::password::warm_up();
    let ai = ai::Ai::from_settings(&config.ai)?;
    tracing::info!("AI provider: {}", ai.describe());
    Ok(AppState {
        db,
        config: Arc::new(config),
        geo: Arc::new(geo),
        places: Arc::new(places),
        analytics: Arc::default(),
        pages: Arc::new(pages),
        mailer: Arc::new(mailer),
        imports: Arc::new(services::imports::Runs::default()),
        exports: Arc::default(),
        image_jobs: Arc::default(),
        ai: Arc::new(ai),
        jobs_due: Arc::default(),
    })
}

pub fn router(state: AppState) -> Router {
    let api = api::router()
        .layer(middleware::from_fn_with_state(
            state.clone(),
            forget_store_rows_after_writes,
        ))
        .layer(middleware::from_fn_with_state(
            state.clone(),
            auth::origin::same_origin_only,
        ));
    let app = Router::new()
        .route("/healthz", get(healthz))
        .nest("/api", api)
        .merge(pages::router(&state));
    telemetry::layer(security_headers::apply(app, &state.config)).with_state(state)
}

/// A successful API write may change any shop's content_version: public pages must see
/// it at the next request, so the shop rows they keep are dropped.
async fn forget_store_rows_after_writes(
    State(app): State<AppState>,
    request: axum::extract::Request,
    next: middleware::Next,
) -> axum::response::Response {
    let write = !request.method().is_safe();
    let response = next.run(request).await;
    if write && response.status().is_success() {
        app.pages.stores.forget_all();
    }
    response
}

async fn healthz(State(app): State<AppState>) -> Response {
    match app.db.ping().await {
        Ok(()) => (StatusCode::OK, "ok").into_response(),
        Err(err) => {
            let mut response = (
                StatusCode::SERVICE_UNAVAILABLE,
                [(header::RETRY_AFTER, error::STORAGE_RETRY_AFTER_SECS)],
                "database unreachable",
            )
                .into_response();
            telemetry::ErrorCause::new("health check: database unreachable", &err)
                .attach(&mut response);
            response
        }
    }
}

/// Serves until Ctrl-C / SIGTERM, then lets requests in flight finish; file analyses and
/// processing in flight are cancelled at their next chunk of rows, so they answer at once.
pub async fn serve(listener: tokio::net::TcpListener, state: AppState) -> anyhow::Result<()> {
    let imports = state.imports.clone();
    let (analytics, db) = (state.analytics.clone(), state.db.clone());
    let limits = state.config.connections;
    net::serve(listener, router(state), limits, async move {
        shutdown_signal().await;
        imports.close();
    })
    .await;
    // The last seconds' page views are written before the process ends.
    if let Err(err) = analytics.flush(&db).await {
        tracing::error!(error = ?err, "page views of the last seconds not written");
    }
    Ok(())
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! { () = ctrl_c => {}, () = term => {} }
}
