//! Server rendering: the QuickJS render pool that turns a route and its props into an HTML
//! document, the cache of rendered pages and public API replies, and the conditional,
//! compressed responses they are sent as. Knows no route: the pages and the API use it.

mod cache;
mod document;

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use axum::body::Body;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use ssr_runtime::{PoolConfig, RenderPool, SsrError};

pub use cache::{explore_version, store_version, CachedPage, HtmlCache};
use document::Manifest;

use crate::error::{AppError, Result};
use crate::services::match_cache::MatchCache;

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
    pub async fn render(&self, url: &str, props: &impl Serialize) -> Result<CachedPage> {
        let (manifest, page, props_json) = self.run(url, props).await?;
        let html = document::render_document(manifest, &page.head, &page.html, &props_json);
        Ok(CachedPage::new(html, page.status))
    }

    /// The document of a client-rendered (owner) page at `url`: the route's head from the
    /// render pool (for such a route the bundle renders no markup, it only builds the head)
    /// and a loading text until the client bundle runs.
    pub async fn render_shell(&self, url: &str, props: &impl Serialize) -> Result<CachedPage> {
        let (manifest, page, props_json) = self.run(url, props).await?;
        let markup = "<p class=\"p-8 text-center text-stone-500\">Caricamento…</p>";
        let html = document::render_document(manifest, &page.head, markup, &props_json);
        Ok(CachedPage::new(html, 200))
    }

    /// Runs the route's script with `props`: the build's manifest, the rendered head and
    /// markup, and the props as JSON (the document carries them for the browser).
    async fn run(
        &self,
        url: &str,
        props: &impl Serialize,
    ) -> Result<(&Manifest, ssr_runtime::RenderedPage, String)> {
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
        Ok((manifest, page, props_json))
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
pub fn etag_matches(headers: &HeaderMap, etag: &str) -> bool {
    headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| {
            v.split(',')
                .any(|tag| tag.trim() == etag || tag.trim() == "*")
        })
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
    pages: &Pages,
    key: &str,
    version: i64,
    headers: &HeaderMap,
    make: F,
) -> Result<Response>
where
    T: serde::Serialize,
    F: std::future::Future<Output = Result<(T, Option<u64>)>>,
{
    let reply = match pages.cache.get(key, version) {
        Some(hit) => hit,
        None => {
            let (value, total) = make.await?;
            let body = serde_json::to_string(&value).map_err(|e| AppError::Internal(e.into()))?;
            let mut page = CachedPage::json(body);
            page.total_count = total;
            let page = Arc::new(page);
            pages.cache.put(key, version, page.clone());
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

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use axum::body::to_bytes;

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
        let props = serde_json::json!({ "site": { "publicUrl": "http://localhost:3000" } });
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
