//! The JSON API under `/api` (docs/product/routes.md).

pub mod accounts;
pub mod ai_enrichment;
pub mod analytics;
pub mod auth;
pub mod catalogue;
pub mod enrich;
pub mod export;
mod extract;
pub mod files;
pub mod geo;
pub mod inquiries;
pub mod leads;
pub mod photo_batches;
pub mod photos;
pub mod products;
pub mod review;
pub mod search;
pub mod store_photos;
pub mod stores;
pub mod sync;
pub mod uploads;

use axum::extract::DefaultBodyLimit;
use axum::routing::{delete, get, patch, post, put};
use axum::{Json, Router};
use utoipa::openapi::path::Operation;
use utoipa::openapi::response::ResponseBuilder;
use utoipa::openapi::security::{ApiKey, ApiKeyValue, SecurityScheme};
use utoipa::openapi::{Content, Ref, RefOr};
use utoipa::{Modify, OpenApi};

use crate::auth::cookie;
use crate::error::{ApiError, AppError};
use crate::state::AppState;

/// JSON bodies larger than this are refused with 413 (bulk uploads of a full plan fit).
pub const JSON_BODY_LIMIT: usize = 2 * 1024 * 1024;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/stores", get(stores::list).post(stores::register))
        .route("/stores/start-trial", post(stores::start_trial))
        .route("/stores/{id}", get(stores::show).put(stores::update))
        .route("/stores/{id}/products", get(catalogue::list))
        .route("/stores/{id}/inquiries", post(inquiries::create))
        .route("/geo/city-by-cap", get(geo::city_by_cap))
        .route("/search", get(search::search))
        .route("/leads", post(leads::create))
        .route("/openapi.json", get(openapi))
        .merge(owner_routes())
        .merge(account_routes())
        .merge(file_routes())
        .merge(product_routes())
        .fallback(|| async { ApiError(AppError::not_found("Risorsa non trovata")) })
        .layer(DefaultBodyLimit::max(JSON_BODY_LIMIT))
}

/// The owner's own shop (`/stores/me…`).
fn owner_routes() -> Router<AppState> {
    Router::new()
        .route("/stores/me", get(stores::me))
        .route("/stores/me/analytics", get(analytics::show))
        .route("/stores/me/review", get(review::show))
        .route("/stores/me/inquiries", get(inquiries::inbox))
        .route(
            "/stores/me/photos",
            get(store_photos::list)
                .put(store_photos::arrange)
                .post(store_photos::upload)
                .layer(DefaultBodyLimit::max(photos::PHOTO_BODY_LIMIT)),
        )
        .route(
            "/stores/me/photo-batches",
            post(photo_batches::upload).layer(DefaultBodyLimit::max(photo_batches::ZIP_BODY_LIMIT)),
        )
        .route(
            "/stores/me/photo-batches/latest",
            get(photo_batches::latest),
        )
        .route(
            "/stores/me/inquiries/{id}",
            patch(inquiries::update).delete(inquiries::remove),
        )
        .route(
            "/stores/me/ai",
            get(ai_enrichment::show).delete(ai_enrichment::close_report),
        )
        .route("/stores/me/analytics.csv", get(analytics::csv))
        .route("/stores/me/sync", get(sync::show).put(sync::update))
        .route("/stores/me/sync/run", post(sync::run_now))
}

/// Logins, e-mail links and the account.
fn account_routes() -> Router<AppState> {
    Router::new()
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
}

/// Uploads and the import wizard (`/file/…`).
fn file_routes() -> Router<AppState> {
    Router::new()
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
}

/// The owner's products.
fn product_routes() -> Router<AppState> {
    Router::new()
        .route("/products", post(products::create))
        .route("/products/bulk_upload", post(products::bulk_upload))
        .route("/products/generate", post(enrich::generate))
        .route("/products/regenerate/{id}", put(enrich::regenerate))
        .route("/products/bulk_delete", delete(products::bulk_delete))
        .route("/products/accept", post(review::accept))
        .route("/products/export", get(export::products))
        .route(
            "/products/{id}",
            get(products::show)
                .put(products::update)
                .delete(products::delete),
        )
        .route(
            "/products/{id}/photos",
            get(photos::list)
                .put(photos::arrange)
                .post(photos::upload)
                .layer(DefaultBodyLimit::max(photos::PHOTO_BODY_LIMIT)),
        )
}

/// Every route of [`router`] is here (a test compares the two), with its request, its
/// replies and its error statuses; `scripts/test-api-schema` checks the server against it.
#[derive(OpenApi)]
#[openapi(
    info(title = "Vetrina API", description = "API JSON di Vetrina: negozi, prodotti, sessioni e piani."),
    paths(
        stores::register, stores::list, stores::show, stores::me, stores::update, stores::start_trial,
        analytics::show, analytics::csv,
        sync::show, sync::update, sync::run_now,
        catalogue::list,
        auth::login, auth::logout, auth::delete_account,
        accounts::verify_email, accounts::resend_verification, accounts::request_password_reset,
        accounts::confirm_password_reset, uploads::logo,
        files::analyze, files::process, files::cancel, files::import, files::error_report, files::template,
        products::show, products::create, products::bulk_upload, products::update, products::delete, products::bulk_delete, export::products,
        enrich::generate, enrich::regenerate, review::show, review::accept,
        ai_enrichment::show, ai_enrichment::close_report,
        photos::list, photos::upload, photos::arrange,
        store_photos::list, store_photos::upload, store_photos::arrange,
        photo_batches::upload, photo_batches::latest,
        inquiries::create, inquiries::inbox, inquiries::update, inquiries::remove,
        geo::city_by_cap, search::search, leads::create, openapi,
    ),
    modifiers(&CommonErrors),
    tags((name = "stores"), (name = "auth"), (name = "products"), (name = "files"), (name = "geo"), (name = "leads"), (name = "inquiries"), (name = "uploads"), (name = "meta"))
)]
pub struct ApiDoc;

/// This document (OpenAPI 3.1).
#[utoipa::path(get, path = "/api/openapi.json", tag = "meta",
    responses((status = 200, description = "The OpenAPI document", content_type = "application/json", body = Object)))]
async fn openapi() -> Json<utoipa::openapi::OpenApi> {
    Json(ApiDoc::openapi())
}

/// The failures any call of a kind can answer, whatever its handler does, added to every
/// operation that does not describe them itself: the session cookie (`401 unauthorized`
/// where `security` names it), the same-origin check on state-changing methods (`403
/// foreign_origin`), the body parsers (`400 invalid_json`, `413`, `422 validation`), the
/// storage (`503 unavailable` when the database does not answer, `507
/// insufficient_storage` on a full disk for state-changing methods) and `500 internal`.
struct CommonErrors;

impl Modify for CommonErrors {
    fn modify(&self, doc: &mut utoipa::openapi::OpenApi) {
        doc.components
            .get_or_insert_with(Default::default)
            .add_security_scheme(
                "session",
                SecurityScheme::ApiKey(ApiKey::Cookie(ApiKeyValue::with_description(
                    cookie::NAME,
                    "Session cookie set by POST /api/auth/login.",
                ))),
            );
        for item in doc.paths.paths.values_mut() {
            let safe = [&mut item.get, &mut item.head].into_iter().flatten();
            for op in safe {
                add_common(op, false);
            }
            let changing = [
                &mut item.post,
                &mut item.put,
                &mut item.delete,
                &mut item.patch,
            ];
            for op in changing.into_iter().flatten() {
                add_common(op, true);
            }
        }
    }
}

fn add_common(op: &mut Operation, changes_state: bool) {
    let body_types: Vec<String> = op
        .request_body
        .as_ref()
        .map(|b| b.content.keys().cloned().collect())
        .unwrap_or_default();
    let json_body = body_types.iter().any(|t| t == "application/json");
    let any_body = !body_types.is_empty();
    let secured = op.security.as_ref().is_some_and(|s| !s.is_empty());
    let mut add = |status: &str, description: &str| {
        op.responses
            .responses
            .entry(status.to_owned())
            .or_insert_with(|| error_response(description));
    };
    if json_body {
        add("400", "`invalid_json`: the body is not JSON.");
        add("422", "`validation`: a field has the wrong type or value.");
    }
    if any_body {
        add("413", "`payload_too_large`: the body is over the limit.");
    }
    if changes_state {
        add(
            "403",
            "`foreign_origin`: a state-changing request from another site.",
        );
    }
    if secured {
        add("401", "`unauthorized`: no session, or it ended.");
    }
    if changes_state {
        add(
            "507",
            "`insufficient_storage`: the server's disk is full; nothing was written. \
             `Retry-After` says when to try again.",
        );
    }
    add(
        "503",
        "`unavailable`: the database does not answer; `Retry-After` says when to try again.",
    );
    add("500", "`internal`: the server failed; the text is generic.");
}

fn error_response(description: &str) -> RefOr<utoipa::openapi::response::Response> {
    RefOr::T(
        ResponseBuilder::new()
            .description(description)
            .content(
                "application/json",
                Content::new(Some(Ref::from_schema_name("ErrorBody"))),
            )
            .build(),
    )
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;

    /// `(METHOD, /api/path)` of every `.route(...)` in [`router`] and the routers it merges,
    /// read from this file.
    fn routed() -> BTreeSet<(String, String)> {
        let source = include_str!("mod.rs");
        let start = source.find("pub fn router()").unwrap();
        let end = source
            .find("/// Every route of [`router`] is here")
            .unwrap();
        let mut found = BTreeSet::new();
        for chunk in source[start..end].split(".route(").skip(1) {
            let path = chunk.split('"').nth(1).unwrap();
            for method in ["get", "post", "put", "delete", "patch"] {
                let call = format!("{method}(");
                let calls = chunk.match_indices(&call).filter(|(i, _)| {
                    let before = chunk[..*i].chars().last().unwrap_or(' ');
                    !before.is_alphanumeric() && before != '_' && before != ':'
                });
                if calls.count() > 0 {
                    found.insert((method.to_uppercase(), format!("/api{path}")));
                }
            }
        }
        found
    }

    #[test]
    fn every_route_is_in_the_openapi_document_and_nothing_else() {
        let doc = serde_json::to_value(ApiDoc::openapi()).unwrap();
        let mut documented = BTreeSet::new();
        for (path, item) in doc["paths"].as_object().unwrap() {
            for method in item.as_object().unwrap().keys() {
                documented.insert((method.to_uppercase(), path.clone()));
            }
        }
        let routed = routed();
        assert!(routed.len() >= 30, "parsed the router: {routed:?}");
        assert_eq!(documented, routed);
    }

    #[test]
    fn every_operation_describes_its_failures() {
        let doc = serde_json::to_value(ApiDoc::openapi()).unwrap();
        for (path, item) in doc["paths"].as_object().unwrap() {
            for (method, op) in item.as_object().unwrap() {
                let responses = op["responses"].as_object().unwrap();
                assert!(responses.contains_key("500"), "{method} {path}");
                assert!(responses.contains_key("503"), "{method} {path}");
                if method != "get" {
                    assert!(responses.contains_key("403"), "{method} {path}");
                    assert!(responses.contains_key("507"), "{method} {path}");
                }
                if op.get("security").is_some() {
                    assert!(responses.contains_key("401"), "{method} {path}");
                }
                if op
                    .pointer("/requestBody/content/application~1json")
                    .is_some()
                {
                    for status in ["400", "413", "422"] {
                        assert!(responses.contains_key(status), "{status}: {method} {path}");
                    }
                }
            }
        }
    }
}
