//! One span per request, and a failed request logged once.
//!
//! Every request gets an id in `x-request-id`: the one the client (or a proxy in front)
//! sent, otherwise a new UUID; the response carries it back. The `request` span holds the
//! method, the matched route (`/api/products/{id}`, or the raw path when no route matched)
//! and that id, so every line logged while the request is served names them. A 5xx is
//! logged here, once, at ERROR, when its response leaves, with the cause its maker attached
//! as an [`ErrorCause`]; whoever builds a 5xx attaches the cause instead of logging it. Any
//! other status is logged at DEBUG only: a 4xx is the client's mistake, not the server's.
//!
//! The span is at ERROR level so that it exists whenever any line is written: at INFO, a
//! filter such as `RUST_LOG=warn` would drop it and the error lines would lose its fields.

use std::time::Duration;

use axum::extract::{MatchedPath, Request};
use axum::http::{HeaderName, Response};
use axum::Router;
use tower_http::classify::ServerErrorsFailureClass;
use tower_http::request_id::{MakeRequestUuid, PropagateRequestIdLayer, SetRequestIdLayer};
use tower_http::trace::TraceLayer;
use tracing::Span;

use app::error::AppError;

pub const REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// Why a response is a 5xx: attached to the response by the code that built it, logged by
/// the request layer inside the request's span.
#[derive(Clone, Debug)]
pub struct ErrorCause {
    message: &'static str,
    detail: String,
}

impl ErrorCause {
    /// `message` says what failed, in a few English words; `error` is the cause, written on
    /// one line with its sources, each one left out when the text before already says it
    /// (database errors repeat their source in their own message).
    pub fn new(message: &'static str, error: &(dyn std::error::Error + 'static)) -> Self {
        let mut detail = error.to_string();
        let mut source = error.source();
        while let Some(cause) = source {
            let text = cause.to_string();
            if !detail.contains(&text) {
                detail.push_str(": ");
                detail.push_str(&text);
            }
            source = cause.source();
        }
        Self { message, detail }
    }

    /// The cause of an internal error (500) or of a failure of the storage (a full disk,
    /// a database out of reach); other errors are the client's or say enough.
    pub fn of(err: &AppError) -> Option<Self> {
        match err {
            AppError::Internal(_) => Some(Self::new("request failed", err)),
            AppError::DiskFull(cause) => Some(Self::new("disk full", cause.as_ref())),
            AppError::DatabaseUnavailable(cause) => {
                Some(Self::new("database unavailable", cause.as_ref()))
            }
            _ => None,
        }
    }

    pub fn attach<B>(self, response: &mut Response<B>) {
        response.extensions_mut().insert(self);
    }
}

/// Wraps every route of `router` (and its fallback) in the request id and the span.
pub fn layer<S>(router: Router<S>) -> Router<S>
where
    S: Clone + Send + Sync + 'static,
{
    router
        .layer(
            TraceLayer::new_for_http()
                .make_span_with(request_span)
                .on_response(log_response)
                .on_failure(log_failure),
        )
        .layer(PropagateRequestIdLayer::new(REQUEST_ID))
        .layer(SetRequestIdLayer::new(REQUEST_ID, MakeRequestUuid))
}

fn request_span(request: &Request) -> Span {
    let path = request
        .extensions()
        .get::<MatchedPath>()
        .map_or(request.uri().path(), MatchedPath::as_str);
    let request_id = request
        .headers()
        .get(&REQUEST_ID)
        .and_then(|value| value.to_str().ok())
        .unwrap_or("-");
    tracing::error_span!("request", method = %request.method(), path, request_id)
}

fn millis(latency: Duration) -> u64 {
    u64::try_from(latency.as_millis()).unwrap_or(u64::MAX)
}

fn log_response<B>(response: &Response<B>, latency: Duration, _span: &Span) {
    let status = response.status().as_u16();
    let latency_ms = millis(latency);
    if !response.status().is_server_error() {
        tracing::debug!(status, latency_ms, "request finished");
        return;
    }
    match response.extensions().get::<ErrorCause>() {
        Some(cause) => {
            tracing::error!(status, latency_ms, error = %cause.detail, "{}", cause.message);
        }
        None => tracing::error!(status, latency_ms, "request failed"),
    }
}

/// A 5xx status was logged by `log_response`; only a body that broke while streaming is
/// left to log.
fn log_failure(failure: ServerErrorsFailureClass, latency: Duration, _span: &Span) {
    if let ServerErrorsFailureClass::Error(error) = failure {
        tracing::error!(latency_ms = millis(latency), error, "response body failed");
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use std::io::Write;
    use std::sync::{Arc, Mutex};

    use axum::body::Body;
    use axum::http::StatusCode;
    use axum::routing::get;
    use tower::ServiceExt;

    use crate::error::ApiError;

    use super::*;

    /// Everything the subscriber writes, kept for the test to read.
    #[derive(Clone, Default)]
    struct Captured(Arc<Mutex<Vec<u8>>>);

    impl Write for Captured {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    fn app() -> Router {
        let api = Router::new()
            .route(
                "/things/{id}",
                get(|| async {
                    let io = std::io::Error::other("disk on fire");
                    let err = anyhow::Error::new(io).context("writing the logo");
                    Err::<(), ApiError>(AppError::Internal(err).into())
                }),
            )
            .route(
                "/missing",
                get(|| async {
                    Err::<(), ApiError>(AppError::not_found("Prodotto non trovato").into())
                }),
            );
        let fallback = || async {
            Err::<(), ApiError>(AppError::Internal(anyhow::anyhow!("no route")).into())
        };
        layer(Router::new().nest("/api", api).fallback(fallback))
    }

    /// Sends `request` to the app with a subscriber at `RUST_LOG=warn` (as the browser
    /// tests run it); returns the response and the lines logged.
    async fn send(request: Request) -> (Response<Body>, String) {
        let captured = Captured::default();
        let writer = captured.clone();
        let subscriber = tracing_subscriber::fmt()
            .with_env_filter("warn")
            .with_ansi(false)
            .with_writer(move || writer.clone())
            .finish();
        let _guard = tracing::subscriber::set_default(subscriber);
        let response = app().oneshot(request).await.unwrap();
        let logged = String::from_utf8(captured.0.lock().unwrap().clone()).unwrap();
        (response, logged)
    }

    fn get_request(uri: &str) -> Request {
        Request::get(uri).body(Body::empty()).unwrap()
    }

    #[tokio::test]
    async fn a_5xx_is_logged_once_with_method_route_request_id_and_cause() {
        let (response, logged) = send(get_request("/api/things/42")).await;
        assert_eq!(response.status(), StatusCode::INTERNAL_SERVER_ERROR);
        let id = response.headers()[&REQUEST_ID].to_str().unwrap().to_owned();
        assert!(!id.is_empty());
        let lines: Vec<&str> = logged.lines().collect();
        assert_eq!(lines.len(), 1, "{logged}");
        let line = lines[0];
        for part in [
            "ERROR",
            "method=GET",
            "path=\"/api/things/{id}\"",
            &format!("request_id=\"{id}\""),
            "request failed",
            "status=500",
            "error=writing the logo: disk on fire",
        ] {
            assert!(line.contains(part), "{part} missing from {line}");
        }
    }

    #[tokio::test]
    async fn the_client_request_id_is_kept_and_an_unmatched_path_is_named_as_sent() {
        let request = Request::get("/nowhere/7?x=1")
            .header(&REQUEST_ID, "client-7")
            .body(Body::empty())
            .unwrap();
        let (response, logged) = send(request).await;
        assert_eq!(response.status(), StatusCode::INTERNAL_SERVER_ERROR);
        assert_eq!(response.headers()[&REQUEST_ID], "client-7");
        assert_eq!(logged.lines().count(), 1, "{logged}");
        assert!(
            logged.contains("path=\"/nowhere/7\"") && logged.contains("request_id=\"client-7\""),
            "{logged}"
        );
    }

    #[tokio::test]
    async fn a_4xx_is_not_logged_as_an_error() {
        let (response, logged) = send(get_request("/api/missing")).await;
        assert_eq!(response.status(), StatusCode::NOT_FOUND);
        assert_eq!(logged, "");
    }
}
