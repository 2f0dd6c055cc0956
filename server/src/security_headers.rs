//! Security headers on every reply.
//!
//! - Pages (`text/html`): a Content-Security-Policy that lets run only the scripts of our
//!   own origin. The props for hydration sit in `<script type="application/json">`, a data
//!   block the browser never executes, so no `unsafe-inline` is needed for scripts.
//!   Style attributes are allowed (`style-src-attr 'unsafe-inline'`, styles only): today
//!   only the plain 503 document has one, React sets the others (progress bars) through
//!   the CSSOM, which no policy restricts; a style attribute in a server-rendered
//!   component will then not break. Style elements and sheets stay limited to our origin.
//!   Images may be our `/media/`, remote https addresses, `data:` and the `blob:` preview
//!   of a logo being chosen; the map geocodes with Nominatim (connect-src) and shows
//!   OpenStreetMap's embed (frame-src).
//! - API replies: `default-src 'none'`, nothing in them is meant to be rendered. Static
//!   files (scripts, styles, the guide) are no documents of ours and get no policy.
//! - A reply that sets its own policy (uploaded media: sandboxed) keeps it.
//! - Every reply: no framing by any site (`frame-ancestors 'none'`, `X-Frame-Options`),
//!   `nosniff`, a referrer policy that sends other sites the origin only, and HSTS when
//!   the public URL is https.
//! - API replies: `Cache-Control: no-store` when the request carried a session or the
//!   reply set no caching of its own, so no owner's data is kept by a browser or proxy.

use axum::extract::{Request, State};
use axum::http::header::{self, HeaderName};
use axum::http::{HeaderMap, HeaderValue};
use axum::middleware::{self, Next};
use axum::response::Response;
use axum::Router;

use crate::auth::cookie;
use crate::config::Config;

/// The policy of every page.
pub const PAGE_POLICY: &str = "default-src 'self'; \
    script-src 'self'; \
    style-src 'self'; \
    style-src-attr 'unsafe-inline'; \
    img-src 'self' https: data: blob:; \
    font-src 'self' data:; \
    connect-src 'self' https://nominatim.openstreetmap.org; \
    frame-src https://www.openstreetmap.org; \
    object-src 'none'; \
    base-uri 'self'; \
    form-action 'self'; \
    frame-ancestors 'none'";

/// The policy of API replies.
pub const API_POLICY: &str = "default-src 'none'; frame-ancestors 'none'";

/// Two years, the preload list's minimum being one.
const HSTS: &str = "max-age=63072000; includeSubDomains";

#[derive(Clone, Copy)]
struct Policy {
    https: bool,
}

/// `router` with the headers on every reply, HSTS when `config`'s public URL is https.
pub fn apply<S: Clone + Send + Sync + 'static>(router: Router<S>, config: &Config) -> Router<S> {
    let policy = Policy {
        https: config.public_url.scheme() == "https",
    };
    router.layer(middleware::from_fn_with_state(policy, add_headers))
}

async fn add_headers(State(policy): State<Policy>, request: Request, next: Next) -> Response {
    let api = request.uri().path().starts_with("/api/");
    let session = cookie::read(request.headers()).is_some();
    let mut response = next.run(request).await;
    let headers = response.headers_mut();

    let csp = if is_html(headers) {
        Some(PAGE_POLICY)
    } else if api {
        Some(API_POLICY)
    } else {
        None
    };
    if let Some(csp) = csp.filter(|_| !headers.contains_key(header::CONTENT_SECURITY_POLICY)) {
        set(headers, header::CONTENT_SECURITY_POLICY, csp);
    }
    set(headers, header::X_FRAME_OPTIONS, "DENY");
    set(headers, header::X_CONTENT_TYPE_OPTIONS, "nosniff");
    set(
        headers,
        header::REFERRER_POLICY,
        "strict-origin-when-cross-origin",
    );
    if policy.https {
        set(headers, header::STRICT_TRANSPORT_SECURITY, HSTS);
    }
    if api && (session || !headers.contains_key(header::CACHE_CONTROL)) {
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    response
}

fn is_html(headers: &HeaderMap) -> bool {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.trim_start().starts_with("text/html"))
}

fn set(headers: &mut HeaderMap, name: HeaderName, value: &'static str) {
    headers.insert(name, HeaderValue::from_static(value));
}
