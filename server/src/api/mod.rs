//! The JSON API under `/api` (spec section 7).

pub mod accounts;
pub mod auth;
pub mod enrich;
mod extract;
mod fields;
pub mod files;
pub mod geo;
pub mod leads;
pub mod products;
pub mod stores;
pub mod uploads;

use axum::extract::DefaultBodyLimit;
use axum::routing::{delete, get, post, put};
use axum::{Json, Router};
use utoipa::OpenApi;

use crate::error::AppError;
use crate::state::AppState;

/// JSON bodies larger than this are refused with 413 (bulk uploads of a full plan fit).
pub const JSON_BODY_LIMIT: usize = 2 * 1024 * 1024;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/stores", get(stores::list).post(stores::register))
        .route("/stores/me", get(stores::me))
        .route("/stores/start-trial", post(stores::start_trial))
        .route("/stores/{id}", get(stores::show).put(stores::update))
        .route("/auth/login", post(auth::login))
        .route("/auth/logout", post(auth::logout))
        .route("/auth/account", delete(auth::delete_account))
        .route("/auth/verify-email", post(accounts::verify_email))
        .route(
            "/auth/resend-verification",
            post(accounts::resend_verification),
        )
        .route(
            "/auth/request-password-reset",
            post(accounts::request_password_reset),
        )
        .route(
            "/auth/confirm-password-reset",
            post(accounts::confirm_password_reset),
        )
        .route(
            "/uploads/logo",
            post(uploads::logo).layer(DefaultBodyLimit::max(uploads::LOGO_BODY_LIMIT)),
        )
        .route(
            "/file/analyze",
            post(files::analyze).layer(DefaultBodyLimit::max(files::FILE_BODY_LIMIT)),
        )
        .route(
            "/file/process",
            post(files::process).layer(DefaultBodyLimit::max(files::FILE_BODY_LIMIT)),
        )
        .route("/file/cancel-processing", post(files::cancel))
        .route(
            "/file/import",
            post(files::import).layer(DefaultBodyLimit::max(files::IMPORT_BODY_LIMIT)),
        )
        .route("/file/error-report/{process_id}", get(files::error_report))
        .route("/file/template", get(files::template))
        .route("/products", post(products::create))
        .route("/products/bulk_upload", post(products::bulk_upload))
        .route("/products/generate", post(enrich::generate))
        .route("/products/regenerate/{id}", put(enrich::regenerate))
        .route("/products/bulk_delete", delete(products::bulk_delete))
        .route(
            "/products/{id}",
            get(products::show)
                .put(products::update)
                .delete(products::delete),
        )
        .route("/geo/city-by-cap", get(geo::city_by_cap))
        .route("/leads", post(leads::create))
        .route("/openapi.json", get(openapi))
        .fallback(|| async { AppError::not_found("Risorsa non trovata") })
        .layer(DefaultBodyLimit::max(JSON_BODY_LIMIT))
}

#[derive(OpenApi)]
#[openapi(
    info(title = "Vetrina API", description = "API JSON di Vetrina: negozi, prodotti, sessioni e piani."),
    paths(
        stores::register, stores::list, stores::show, stores::me, stores::update, stores::start_trial,
        auth::login, auth::logout, auth::delete_account,
        accounts::verify_email, accounts::resend_verification, accounts::request_password_reset,
        accounts::confirm_password_reset, uploads::logo,
        products::show, products::create, products::bulk_upload, products::update, products::delete, products::bulk_delete,
        enrich::generate, enrich::regenerate,
        geo::city_by_cap, leads::create,
    ),
    tags((name = "stores"), (name = "auth"), (name = "products"), (name = "geo"), (name = "leads"), (name = "uploads"))
)]
pub struct ApiDoc;

async fn openapi() -> Json<utoipa::openapi::OpenApi> {
    Json(ApiDoc::openapi())
}
