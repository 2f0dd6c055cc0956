//! The plain "momentarily unavailable" page: what a page request gets when the database is
//! down or the render pool has no room, built without the render pool or the database.

use axum::body::Body;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::Response;
use ssr_runtime::SsrError;

use crate::telemetry::ErrorCause;

/// Seconds a visitor (or a crawler) is asked to wait when every render thread is busy and
/// the render queue is full (docs/decisions/015-render-pool-limits.md).
pub const BUSY_RETRY_AFTER_SECONDS: &str = "5";

/// A plain 503 document for when the database is down and the render pool cannot make the
/// page either (normally the route's own error state is rendered). No script, no styles
/// from the build: it must work whatever else fails.
pub fn document() -> String {
    "<!DOCTYPE html><html lang=\"it\"><head><meta charset=\"utf-8\">\
     <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
     <meta name=\"robots\" content=\"noindex\">\
     <title>Pagina momentaneamente non disponibile | Vetrina</title></head>\
     <body style=\"font-family:system-ui,sans-serif;text-align:center;padding:4rem 1rem;color:#1c1917\">\
     <h1>Pagina momentaneamente non disponibile</h1>\
     <p>Non riusciamo a caricare i dati in questo momento. Riprova tra qualche istante.</p>\
     <p><a href=\"\">Ricarica</a> · <a href=\"/\">Torna alla home</a></p></body></html>"
        .to_owned()
}

/// The reply to a page request the render pool had no room for: 503 with `Retry-After` and
/// the plain Italian "momentarily unavailable" document, which needs no render. Never
/// cached, by us or by browsers.
pub fn busy_response() -> Response {
    let mut response = Response::new(Body::from(document()));
    *response.status_mut() = StatusCode::SERVICE_UNAVAILABLE;
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/html; charset=utf-8"),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(
        header::RETRY_AFTER,
        HeaderValue::from_static(BUSY_RETRY_AFTER_SECONDS),
    );
    ErrorCause::new("page not rendered", &SsrError::Busy).attach(&mut response);
    response
}
