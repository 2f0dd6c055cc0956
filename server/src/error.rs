//! The HTTP face of the application's errors. `IntoResponse` below is the only place that
//! picks a status code and the JSON shape `{"error", "code", "fields"}`.
//!
//! Handlers return [`ApiError`], made by `?` from an [`AppError`] (or anything an
//! `AppError` is made from): the orphan rule keeps `IntoResponse` off `app`'s own type.

use std::collections::BTreeMap;

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use domain::messages;
use domain::ErrorCode;
use serde::Serialize;

pub use app::error::{is_unique_violation, AppError, STORAGE_RETRY_AFTER_SECS};

use crate::telemetry::ErrorCause;

/// An [`AppError`] on its way to becoming a reply.
#[derive(Debug)]
pub struct ApiError(pub AppError);

pub type Result<T, E = ApiError> = std::result::Result<T, E>;

impl<E> From<E> for ApiError
where
    AppError: From<E>,
{
    fn from(err: E) -> Self {
        Self(AppError::from(err))
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl std::error::Error for ApiError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.0.source()
    }
}

impl ApiError {
    fn status_and_code(&self) -> (StatusCode, ErrorCode) {
        use ErrorCode as C;
        match &self.0 {
            AppError::BadRequest(_) => (StatusCode::BAD_REQUEST, C::BadRequest),
            AppError::InvalidJson => (StatusCode::BAD_REQUEST, C::InvalidJson),
            AppError::Invalid { .. } => (StatusCode::UNPROCESSABLE_ENTITY, C::Validation),
            AppError::Unauthorized(_) => (StatusCode::UNAUTHORIZED, C::Unauthorized),
            AppError::InvalidCredentials => (StatusCode::UNAUTHORIZED, C::InvalidCredentials),
            AppError::EmailNotVerified(_) => (StatusCode::FORBIDDEN, C::EmailNotVerified),
            AppError::TokenInvalid(_) => (StatusCode::BAD_REQUEST, C::TokenInvalid),
            AppError::TokenExpired(_) => (StatusCode::BAD_REQUEST, C::TokenExpired),
            AppError::Forbidden(_) => (StatusCode::FORBIDDEN, C::Forbidden),
            AppError::ForeignOrigin => (StatusCode::FORBIDDEN, C::ForeignOrigin),
            AppError::PlanLimit(_) => (StatusCode::FORBIDDEN, C::PlanLimit),
            AppError::TrialUsed => (StatusCode::FORBIDDEN, C::TrialUsed),
            AppError::TrialUnavailable => (StatusCode::FORBIDDEN, C::TrialUnavailable),
            AppError::NotFound(_) => (StatusCode::NOT_FOUND, C::NotFound),
            AppError::EmailTaken => (StatusCode::CONFLICT, C::EmailTaken),
            AppError::Conflict(_) => (StatusCode::CONFLICT, C::Conflict),
            AppError::TooManyRequests { .. } => (StatusCode::TOO_MANY_REQUESTS, C::RateLimited),
            AppError::ResendCooldown { .. } => (StatusCode::TOO_MANY_REQUESTS, C::ResendCooldown),
            AppError::PayloadTooLarge(_) => (StatusCode::PAYLOAD_TOO_LARGE, C::PayloadTooLarge),
            AppError::UnsupportedMedia(_) => {
                (StatusCode::UNSUPPORTED_MEDIA_TYPE, C::UnsupportedMediaType)
            }
            AppError::Unavailable(_) | AppError::PagesBusy | AppError::DatabaseUnavailable(_) => {
                (StatusCode::SERVICE_UNAVAILABLE, C::Unavailable)
            }
            AppError::DiskFull(_) => (StatusCode::INSUFFICIENT_STORAGE, C::InsufficientStorage),
            AppError::Internal(_) => (StatusCode::INTERNAL_SERVER_ERROR, C::Internal),
        }
    }
}

/// Every error reply of the API: `{error, code, fields?, remainingTime?}`.
#[derive(Serialize, utoipa::ToSchema, ts_rs::TS)]
pub struct ErrorBody {
    /// Italian message for the user, from the error catalogue (docs/product/errors.md).
    pub error: String,
    /// Stable machine-readable code: what the client branches on.
    pub code: ErrorCode,
    /// Per-field messages for validation errors.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    #[ts(as = "Option<BTreeMap<String, String>>", optional)]
    pub fields: BTreeMap<&'static str, String>,
    /// Seconds to wait before retrying (429 only: `rate_limited`, `resend_cooldown`).
    #[serde(rename = "remainingTime", skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub remaining_time: Option<u64>,
}

impl ApiError {
    /// Status and body of the reply; an internal error's cause is never shown: the reply
    /// carries it as an [`ErrorCause`] for the request log.
    pub(crate) fn into_parts(self) -> (StatusCode, ErrorBody) {
        let (status, code) = self.status_and_code();
        let (error, fields, retry_after) = match self.0 {
            AppError::Internal(_) => (messages::INTERNAL.to_owned(), BTreeMap::new(), None),
            AppError::Invalid { message, fields } => (message, fields, None),
            AppError::TooManyRequests {
                message,
                retry_after,
            } => (message, BTreeMap::new(), Some(retry_after)),
            AppError::ResendCooldown { retry_after } => (
                messages::resend_cooldown(retry_after),
                BTreeMap::new(),
                Some(retry_after),
            ),
            other => (other.to_string(), BTreeMap::new(), None),
        };
        let body = ErrorBody {
            error,
            code,
            fields,
            remaining_time: retry_after,
        };
        (status, body)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        if let AppError::PagesBusy = self.0 {
            return crate::unavailable::busy_response();
        }
        let cause = ErrorCause::of(&self.0);
        let retry_after = self.0.retry_after();
        let (status, body) = self.into_parts();
        let mut response = (status, axum::Json(body)).into_response();
        if let Some(seconds) = retry_after {
            if let Ok(value) = HeaderValue::from_str(&seconds.to_string()) {
                response.headers_mut().insert(header::RETRY_AFTER, value);
            }
        }
        if let Some(cause) = cause {
            cause.attach(&mut response);
        }
        response
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use std::io::{Error as IoError, ErrorKind};

    use sea_orm::{DbErr, RuntimeErr};

    use super::*;

    #[test]
    fn a_full_disk_answers_507_with_the_italian_message_and_retry_after() {
        let err = ApiError::from(anyhow::Error::new(IoError::from(ErrorKind::StorageFull)));
        let response = err.into_response();
        assert_eq!(response.status(), StatusCode::INSUFFICIENT_STORAGE);
        assert_eq!(response.headers()[header::RETRY_AFTER], "30");
        let (status, body) = ApiError(AppError::DiskFull(anyhow::anyhow!("ENOSPC"))).into_parts();
        assert_eq!(status, StatusCode::INSUFFICIENT_STORAGE);
        assert_eq!(body.error, messages::DISK_FULL);
        assert_eq!(body.code, ErrorCode::InsufficientStorage);
        assert_eq!(body.remaining_time, None);
    }

    #[test]
    fn a_database_out_of_reach_answers_503() {
        let down = DbErr::Exec(RuntimeErr::SqlxError(sqlx::Error::PoolTimedOut));
        let (status, body) = ApiError::from(down).into_parts();
        assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(body.code, ErrorCode::Unavailable);
    }
}
