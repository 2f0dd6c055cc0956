//! Public pages rendered by React inside the server (see docs/decisions/002-ssr-contract.md),
//! the owner pages' shell, static assets, sitemaps, robots.txt and the shops' Merchant feeds.

mod feeds;
mod handlers;
mod nearby;
pub mod props;
pub mod sections;
mod seo;

use std::sync::Arc;

use axum::http::{header, HeaderValue};
use axum::response::Response;
use axum::routing::get;
use axum::Router;
use tower_http::compression::CompressionLayer;
use tower_http::services::ServeDir;
use tower_http::set_header::SetResponseHeaderLayer;

pub use crate::render::{respond, store_version, CachedPage};

use crate::error::Result;
use crate::state::AppState;
use props::PageProps;

/// Sitemaps and feeds run to megabytes of repetitive XML: sent gzip- or brotli-compressed to
/// clients that accept it, at a level that keeps up with a streamed 100,000-product feed.
fn xml_compression() -> CompressionLayer {
    CompressionLayer::new().quality(tower_http::CompressionLevel::Precise(5))
}

pub fn router(state: &AppState) -> Router<AppState> {
    let owner_pages = [
        "/login",
        "/auth",
        "/create",
        "/dashboard",
        "/upload",
        "/report",
        "/verify-email",
        "/recupera-password",
        "/reset-password",
        "/email-verification",
        "/email-verification/{email}",
    ];
    let mut router = Router::new()
        .route("/", get(handlers::landing_page))
        .route("/pricing", get(handlers::static_page))
        .route("/contacts", get(handlers::static_page))
        .route("/faq", get(handlers::static_page))
        .route("/privacy", get(handlers::static_page))
        .route("/cookie", get(handlers::static_page))
        .route("/explore", get(handlers::explore))
        .route("/cerca", get(nearby::page))
        .route("/store/{store_id}", get(handlers::store_without_slug))
        .route("/store/{store_id}/{store_slug}", get(handlers::store))
        .route(
            "/store/{store_id}/{store_slug}/{segment}/{section}",
            get(handlers::store_section),
        )
        .route("/product/{store_id}", get(handlers::product_without_id))
        .route(
            "/product/{store_id}/{store_slug}",
            get(handlers::product_without_id),
        )
        .route(
            "/product/{store_id}/{store_slug}/{product_id}",
            get(handlers::product_without_slug),
        )
        .route(
            "/product/{store_id}/{store_slug}/{product_id}/{product_slug}",
            get(handlers::product),
        )
        .route(
            "/sitemap.xml",
            get(seo::sitemap_index).layer(xml_compression()),
        )
        .route(
            "/feeds/{store_id}/{file}",
            get(feeds::feed).layer(xml_compression()),
        )
        .route(
            "/sitemaps/{file}",
            get(seo::sitemap_file).layer(xml_compression()),
        )
        .route("/robots.txt", get(seo::robots))
        .nest_service("/assets", assets(state))
        .nest_service("/media", media(state))
        .fallback(handlers::not_found);
    for path in owner_pages {
        router = router.route(path, get(handlers::owner_page));
    }
    router
}

/// The build's scripts and styles, precompressed (brotli 11, gzip 9); anything else is
/// compressed on the way out.
fn assets(state: &AppState) -> Router {
    let client = state.config.assets_dir.join("client");
    Router::new()
        .fallback_service(
            ServeDir::new(client.join("assets"))
                .precompressed_br()
                .precompressed_gzip(),
        )
        .layer(axum::middleware::map_response(asset_cache_control))
        .layer(CompressionLayer::new())
        // A precompressed file is sent without the `Vary` that compression adds: caches
        // must still keep one copy per encoding.
        .layer(SetResponseHeaderLayer::if_not_present(
            header::VARY,
            HeaderValue::from_static("accept-encoding"),
        ))
}

/// Uploaded images: random names that never change, served as what they are.
fn media(state: &AppState) -> Router {
    Router::new()
        .fallback_service(ServeDir::new(state.config.media_dir()))
        .layer(SetResponseHeaderLayer::overriding(
            header::CACHE_CONTROL,
            HeaderValue::from_static("public, max-age=31536000, immutable"),
        ))
        .layer(SetResponseHeaderLayer::overriding(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ))
        .layer(SetResponseHeaderLayer::overriding(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static("default-src 'none'; sandbox"),
        ))
}

/// Renders `path` with `props` and keeps the page under `(path, version)`.
pub async fn render_and_cache(
    app: &AppState,
    path: &str,
    version: i64,
    props: &PageProps,
) -> Result<Arc<CachedPage>> {
    let page = Arc::new(app.pages.render(path, props).await?);
    app.pages.cache.put(path, version, page.clone());
    Ok(page)
}

/// Fingerprinted file names (`entry-client-2INQHC4T.js`, `app-d8f40c07a6.css`) never
/// change content: a year. Plain names (`logo.svg`, the guide's stable copy): an hour.
async fn asset_cache_control(uri: axum::http::Uri, mut response: Response) -> Response {
    let value = if is_fingerprinted(uri.path()) {
        "public, max-age=31536000, immutable"
    } else {
        "public, max-age=3600"
    };
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static(value));
    response
}

/// A last `-` part of the stem of 8+ letters and digits, with a digit or a capital (so
/// `guida-importazione.pdf` is not taken for one).
fn is_fingerprinted(path: &str) -> bool {
    let file = path.rsplit('/').next().unwrap_or(path);
    let stem = file.rsplit_once('.').map_or(file, |(s, _)| s);
    stem.rsplit_once('-').is_some_and(|(_, hash)| {
        hash.len() >= 8
            && hash.chars().all(|c| c.is_ascii_alphanumeric())
            && hash
                .chars()
                .any(|c| c.is_ascii_digit() || c.is_ascii_uppercase())
    })
}

#[cfg(test)]
mod asset_tests {
    use super::is_fingerprinted;

    #[test]
    fn fingerprinted_names_are_told_apart() {
        assert!(is_fingerprinted("/entry-client-2INQHC4T.js"));
        assert!(is_fingerprinted("/app-d8f40c07a6.css"));
        assert!(is_fingerprinted("/guida-importazione-3f9a1c2b.pdf"));
        assert!(!is_fingerprinted("/guida-importazione.pdf"));
        assert!(!is_fingerprinted("/logo.svg"));
        assert!(!is_fingerprinted("/favicon.svg"));
    }
}
