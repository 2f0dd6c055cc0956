//! State-changing requests must come from our own pages: a browser sends `Origin` on
//! every cross-site POST/PUT/DELETE, so a foreign one is refused with 403. Requests with
//! no `Origin` (curl, server-to-server) are not browser CSRF and pass.

use axum::extract::{Request, State};
use axum::http::{header, Method};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::error::{ApiError, AppError};
use crate::state::AppState;

pub async fn same_origin_only(
    State(app): State<AppState>,
    request: Request,
    next: Next,
) -> Response {
    if is_safe(request.method()) {
        return next.run(request).await;
    }
    let headers = request.headers();
    let cross_site =
        headers.get("sec-fetch-site").and_then(|v| v.to_str().ok()) == Some("cross-site");
    let allowed = match headers.get(header::ORIGIN).and_then(|v| v.to_str().ok()) {
        None => !cross_site,
        Some(origin) => {
            let host = headers.get(header::HOST).and_then(|v| v.to_str().ok());
            origin_allowed(origin, &app.config.public_url, host)
        }
    };
    if allowed {
        next.run(request).await
    } else {
        ApiError(AppError::ForeignOrigin).into_response()
    }
}

fn is_safe(method: &Method) -> bool {
    matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS)
}

/// The public URL's origin, or the same scheme on the host the request was sent to
/// (`Origin: http://127.0.0.1:3000` with `Host: 127.0.0.1:3000` when the public URL says
/// localhost). Scheme, host and port are compared, default ports normalised: with an https
/// public URL, `Origin: http://` of the same host is foreign.
fn origin_allowed(origin: &str, public: &url::Url, host: Option<&str>) -> bool {
    let Ok(origin) = url::Url::parse(origin) else {
        return false;
    };
    if origin.scheme() != public.scheme() || !matches!(origin.scheme(), "http" | "https") {
        return false;
    }
    if origin.origin() == public.origin() {
        return true;
    }
    host.is_some_and(|h| same_authority(&origin, h))
}

/// `origin`'s host and port (the scheme's default when absent) against a `Host` header.
fn same_authority(origin: &url::Url, host: &str) -> bool {
    let (Some(origin_host), Some(origin_port)) =
        (origin.host_str(), origin.port_or_known_default())
    else {
        return false;
    };
    let Ok(requested) = url::Url::parse(&format!("{}://{host}", origin.scheme())) else {
        return false;
    };
    requested
        .host_str()
        .is_some_and(|h| h.eq_ignore_ascii_case(origin_host))
        && requested.port_or_known_default() == Some(origin_port)
        && requested.path() == "/"
        && requested.username().is_empty()
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn allowed(origin: &str, public: &str, host: &str) -> bool {
        origin_allowed(origin, &url::Url::parse(public).unwrap(), Some(host))
    }

    #[test]
    fn scheme_host_and_port_must_all_match() {
        let public = "https://vetrina.example.it";
        let host = "vetrina.example.it";
        assert!(allowed("https://vetrina.example.it", public, host));
        assert!(allowed("https://vetrina.example.it:443", public, host));
        assert!(allowed(
            "https://vetrina.example.it",
            public,
            "vetrina.example.it:443"
        ));
        assert!(!allowed("http://vetrina.example.it", public, host));
        assert!(!allowed("http://vetrina.example.it:443", public, host));
        assert!(!allowed("https://vetrina.example.it:8443", public, host));
        assert!(!allowed("https://evil.example.it", public, host));
        assert!(!allowed("null", public, host));
        assert!(!allowed("ws://vetrina.example.it", public, host));
        // Development: the public URL names localhost, the browser is on 127.0.0.1.
        let dev = "http://localhost:3000";
        assert!(allowed("http://127.0.0.1:3000", dev, "127.0.0.1:3000"));
        assert!(!allowed("https://127.0.0.1:3000", dev, "127.0.0.1:3000"));
        assert!(!allowed("http://127.0.0.1:3001", dev, "127.0.0.1:3000"));
        assert!(allowed("http://localhost:3000", dev, "127.0.0.1:3000"));
        assert!(!allowed("http://127.0.0.1", dev, "127.0.0.1:80/x"));
        assert!(!allowed("http://127.0.0.1", dev, "user@127.0.0.1"));
    }
}
