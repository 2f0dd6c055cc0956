//! Public pages rendered by React inside the server (see docs/decisions/002-ssr-contract.md),
//! the owner pages' shell, static assets, sitemaps, robots.txt and the shops' Merchant feeds.

mod cache;
mod document;
mod feeds;
mod handlers;
mod nearby;
pub mod props;
pub mod sections;
mod seo;
pub mod visitors;

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use axum::body::Body;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use ssr_runtime::{PoolConfig, RenderPool, SsrError};
use tower_http::compression::CompressionLayer;
use tower_http::services::ServeDir;
use tower_http::set_header::SetResponseHeaderLayer;

pub use cache::{store_version, CachedPage, HtmlCache};
use document::Manifest;
pub(crate) use handlers::explore_version;

use crate::error::{AppError, Result};
use crate::services::match_cache::MatchCache;
use crate::state::AppState;
use props::PageProps;

/// The render engine and what it needs; absent when the frontend has not been built.
pub struct Pages {
    engine: Option<(RenderPool, Manifest)>,
    pub cache: HtmlCache,
    /// Visitors' searches, per shop version.
    pub matches: MatchCache,
}

impl Pages {
    pub fn load(dist: &Path, cache_bytes: usize) -> Self {
        let engine = Manifest::load(dist).and_then(|manifest| {
            let bundle = dist.join("server/entry-server.js");
            let config = PoolConfig {
                timeout: Duration::from_secs(2),
                ..PoolConfig::default()
            };
            let pool = RenderPool::from_file(&bundle, config).map_err(|e| {
                anyhow::anyhow!("render bundle {} not loaded: {e}", bundle.display())
            })?;
            Ok((pool, manifest))
        });
        let engine = engine
            .inspect_err(|err| {
                tracing::warn!("public pages unavailable: {err:#}; run scripts/build-frontend")
            })
            .ok();
        Self {
            engine,
            cache: HtmlCache::new(cache_bytes),
            matches: MatchCache::default(),
        }
    }

    /// Renders `url` with `props` into a whole HTML document.
    pub async fn render(&self, url: &str, props: &PageProps) -> Result<CachedPage> {
        let Some((pool, manifest)) = &self.engine else {
            return Err(AppError::Unavailable(
                "Frontend non compilato: esegui scripts/build-frontend.".into(),
            )
            .into());
        };
        let props_json = serde_json::to_string(props).map_err(|e| AppError::Internal(e.into()))?;
        let page = pool
            .render(url, &props_json)
            .await
            .map_err(|e| render_failed(url, e))?;
        let html = document::render_document(manifest, &page.head, &page.html, &props_json);
        Ok(CachedPage::new(html, page.status))
    }

    /// The document of a client-rendered (owner) page at `url`: the route's head from the
    /// render pool (for such a route the bundle renders no markup, it only builds the head)
    /// and a loading text until the client bundle runs.
    pub async fn render_shell(&self, url: &str, props: &PageProps) -> Result<CachedPage> {
        let Some((pool, manifest)) = &self.engine else {
            return Err(AppError::Unavailable(
                "Frontend non compilato: esegui scripts/build-frontend.".into(),
            )
            .into());
        };
        let props_json = serde_json::to_string(props).map_err(|e| AppError::Internal(e.into()))?;
        let page = pool
            .render(url, &props_json)
            .await
            .map_err(|e| render_failed(url, e))?;
        let markup = "<p class=\"p-8 text-center text-stone-500\">Caricamento…</p>";
        let html = document::render_document(manifest, &page.head, markup, &props_json);
        Ok(CachedPage::new(html, 200))
    }
}

/// A full render queue is the pool's way of saying "later" (503, [`unavailable::busy_response`]); any
/// other failure (a script error, the time or memory limit) is a 500 logged with its cause.
fn render_failed(url: &str, error: SsrError) -> AppError {
    match error {
        SsrError::Busy => AppError::PagesBusy,
        other => AppError::Internal(anyhow::anyhow!("rendering {url} failed: {other}")),
    }
}

/// The request's `If-None-Match` names `etag` (or `*`): the client has this version.
pub(crate) fn etag_matches(headers: &HeaderMap, etag: &str) -> bool {
    headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| {
            v.split(',')
                .any(|tag| tag.trim() == etag || tag.trim() == "*")
        })
}

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

/// The response for a rendered page, or 304 when the browser has it already; gzip when
/// the client accepts it (the compressed copy has its own ETag, as HTTP asks).
pub fn respond(
    page: &CachedPage,
    request_headers: &HeaderMap,
    cache_control: &'static str,
) -> Response {
    let status = StatusCode::from_u16(page.status).unwrap_or(StatusCode::OK);
    let gzip = if accepts_gzip(request_headers) {
        page.gzipped()
    } else {
        None
    };
    let etag = match gzip {
        Some(_) => format!("{}-gz\"", page.etag.trim_end_matches('"')),
        None => page.etag.clone(),
    };
    let fresh = etag_matches(request_headers, &etag);
    let mut response = if fresh && status == StatusCode::OK {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        let mut r = Response::new(Body::from(gzip.unwrap_or(&page.body).clone()));
        *r.status_mut() = status;
        r.headers_mut().insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static(page.content_type),
        );
        if gzip.is_some() {
            r.headers_mut()
                .insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
        }
        r
    };
    let headers = response.headers_mut();
    if let Ok(etag) = HeaderValue::from_str(&etag) {
        headers.insert(header::ETAG, etag);
    }
    if page.compressible() {
        headers.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    }
    if let Some(total) = page.total_count {
        headers.insert("x-total-count", HeaderValue::from(total));
    }
    headers.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static(cache_control),
    );
    response
}

/// How public API replies kept in the page cache may be stored: revalidated (ETag) each time.
const PUBLIC_API: &str = "public, max-age=0, must-revalidate";

/// A public API reply kept like a rendered page, under `version`: `make` (the value and, for
/// a paged list, its total over all pages) runs on a miss only.
pub async fn cached_json<T, F>(
    app: &AppState,
    key: &str,
    version: i64,
    headers: &HeaderMap,
    make: F,
) -> Result<Response>
where
    T: serde::Serialize,
    F: std::future::Future<Output = Result<(T, Option<u64>)>>,
{
    let reply = match app.pages.cache.get(key, version) {
        Some(hit) => hit,
        None => {
            let (value, total) = make.await?;
            let body = serde_json::to_string(&value).map_err(|e| AppError::Internal(e.into()))?;
            let mut page = CachedPage::json(body);
            page.total_count = total;
            let page = Arc::new(page);
            app.pages.cache.put(key, version, page.clone());
            page
        }
    };
    Ok(respond(&reply, headers, PUBLIC_API))
}

/// `Accept-Encoding` lists gzip without refusing it (`gzip;q=0`).
fn accepts_gzip(headers: &HeaderMap) -> bool {
    headers
        .get_all(header::ACCEPT_ENCODING)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|item| {
            let mut parts = item.split(';').map(str::trim);
            let coding = parts.next().unwrap_or("");
            let refused = parts.any(|p| {
                p.strip_prefix("q=")
                    .is_some_and(|q| q.parse::<f32>().is_ok_and(|q| q == 0.0))
            });
            (coding.eq_ignore_ascii_case("gzip") || coding == "*") && !refused
        })
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

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod render_error_tests {
    use axum::body::to_bytes;
    use props::Site;

    use super::*;
    use crate::error::ApiError;
    use crate::telemetry::ErrorCause;

    /// Every page of this bundle keeps its thread busy for 300 ms.
    const SLOW_BUNDLE: &str = "globalThis.vetrinaRender = () => {
        const until = Date.now() + 300;
        while (Date.now() < until) {}
        return { html: '<p>ok</p>', head: '', status: 200 };
    };";

    /// One render thread and one place in its queue.
    fn slow_pages() -> Pages {
        let config = PoolConfig {
            threads: 1,
            queue_per_thread: 1,
            timeout: Duration::from_secs(10),
            ..PoolConfig::default()
        };
        let manifest = Manifest {
            js: "entry-client-TEST1234.js".into(),
            css: "app-TEST1234.css".into(),
            boot: "boot-TEST1234.js".into(),
        };
        Pages {
            engine: Some((
                RenderPool::new(SLOW_BUNDLE.into(), config).unwrap(),
                manifest,
            )),
            cache: HtmlCache::new(1 << 20),
            matches: MatchCache::default(),
        }
    }

    #[tokio::test]
    async fn a_page_the_render_queue_has_no_room_for_is_a_plain_503_with_retry_after() {
        let pages = slow_pages();
        let props = PageProps::plain(Site {
            public_url: "http://localhost:3000".into(),
            operator: Default::default(),
        });
        // Three at once: one rendering and one waiting at most, so at least one is refused.
        let (a, b, c) = tokio::join!(
            pages.render("/", &props),
            pages.render("/faq", &props),
            pages.render("/pricing", &props),
        );
        let mut refused = Vec::new();
        for result in [a, b, c] {
            match result {
                Ok(page) => assert_eq!(page.status, 200),
                Err(err) => refused.push(err),
            }
        }
        assert!(!refused.is_empty() && refused.len() < 3, "{refused:?}");

        for err in refused {
            assert!(matches!(err.0, AppError::PagesBusy), "{err:?}");
            let response = err.into_response();
            assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
            let headers = response.headers();
            assert_eq!(
                headers[header::RETRY_AFTER],
                crate::unavailable::BUSY_RETRY_AFTER_SECONDS
            );
            assert_eq!(headers[header::CACHE_CONTROL], "no-store");
            assert_eq!(headers[header::CONTENT_TYPE], "text/html; charset=utf-8");
            assert!(response.extensions().get::<ErrorCause>().is_some());
            let body = to_bytes(response.into_body(), usize::MAX).await.unwrap();
            let html = String::from_utf8(body.to_vec()).unwrap();
            assert!(html.starts_with("<!DOCTYPE html>"), "{html}");
            assert!(html.contains("<html lang=\"it\">"));
            assert!(html.contains("<h1>Pagina momentaneamente non disponibile</h1>"));
        }
        // Room again once the accepted renders are done.
        assert!(pages.render("/contacts", &props).await.is_ok());
    }

    #[test]
    fn a_render_that_fails_for_time_or_memory_is_a_logged_500() {
        for error in [SsrError::Timeout, SsrError::OutOfMemory] {
            let response = ApiError(render_failed("/store/1/edilizia", error)).into_response();
            assert_eq!(response.status(), StatusCode::INTERNAL_SERVER_ERROR);
            assert!(response.extensions().get::<ErrorCause>().is_some());
        }
    }
}
