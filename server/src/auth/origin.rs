//! State-changing requests must come from our own pages: a browser sends `Origin` on
//! every cross-site POST/PUT/DELETE, so a foreign one is refused with 403. Requests with
//! no `Origin` (curl, server-to-server) are not browser CSRF and pass.

use axum::extract::{Request, State};
use axum::http::{header, Method};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::error::AppError;
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
            origin_matches(origin, &app.config.public_url)
                || host.is_some_and(|h| same_host(origin, h))
        }
    };
    if allowed {
        next.run(request).await
    } else {
        AppError::ForeignOrigin.into_response()
    }
}

fn is_safe(method: &Method) -> bool {
    matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS)
}

fn origin_matches(origin: &str, public: &url::Url) -> bool {
    url::Url::parse(origin).is_ok_and(|o| o.origin() == public.origin())
}

/// `Origin: http://127.0.0.1:3000` against `Host: 127.0.0.1:3000`.
fn same_host(origin: &str, host: &str) -> bool {
    url::Url::parse(origin).is_ok_and(|o| {
        let authority = match (o.host_str(), o.port()) {
            (Some(h), Some(p)) => format!("{h}:{p}"),
            (Some(h), None) => h.to_owned(),
            _ => return false,
        };
        authority.eq_ignore_ascii_case(host)
    })
}
