//! Vetrina: public catalogues for building-trade shops. `main.rs` parses the command
//! line; this crate builds and runs the application.

pub mod api;
pub mod auth;
pub mod error;
pub mod fields;
pub mod listing;
pub mod net;
pub mod pages;
pub mod render;
pub mod security_headers;
pub mod state;
pub mod telemetry;
pub mod typescript;
pub mod unavailable;
pub mod views;
pub mod visitors;

// The application's modules, at the paths handlers and tests know them by.
pub use app::{analytics, config, db, email, jobs, media, services, sync, token, worker, App};

use std::sync::Arc;

use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{middleware, Router};

pub use config::Config;
pub use state::AppState;

/// Opens the application (database, migrations, settings) and loads the page renderer.
pub async fn build_state(config: Config) -> anyhow::Result<AppState> {
    let pages = render::Pages::load(&config.assets_dir, config.html_cache_bytes);
    Ok(AppState {
        app: App::open(config).await?,
        pages: Arc::new(pages),
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
        app.store_rows.forget_all();
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
