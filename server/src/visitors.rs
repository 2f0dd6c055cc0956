//! The visitor count of public pages: which requests count as a visit (the Pro report).

use app::analytics::{PageView, Requester};
use axum::http::{header, HeaderMap};

use crate::auth::cookie;
use crate::AppState;

/// Counts what a visitor was served: a shop or product page (a 200, or a 304 confirming the
/// browser's copy; never a redirect or an error) or a search run by the shop page. Requests
/// of a signed-in owner are not counted (an owner looking at a shop is not a visitor), nor
/// anything but GET.
pub fn count(
    app: &AppState,
    view: &PageView,
    request: (&axum::http::Method, &HeaderMap, std::net::IpAddr),
    status: axum::http::StatusCode,
) {
    use axum::http::{Method, StatusCode};
    let (method, headers, client) = request;
    let served = matches!(status, StatusCode::OK | StatusCode::NOT_MODIFIED);
    if !served || method != Method::GET || view.store_id <= 0 || cookie::read(headers).is_some() {
        return;
    }
    let public_host = app.config.public_url.host_str().unwrap_or_default();
    let request_host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or_default();
    app.analytics.record(
        view,
        &Requester {
            headers,
            address: client,
            own_hosts: [public_host, request_host],
        },
    );
}
