//! The one error type of the server. `IntoResponse` below is the only place that picks a
//! status code and the JSON shape `{"error", "code", "fields"}`.

use std::collections::BTreeMap;

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use sea_orm::{DbErr, SqlErr};
use serde::Serialize;

use crate::messages;

#[derive(Debug, thiserror::Error)]
pub enum AppError {
    #[error("{0}")]
    BadRequest(String),
    #[error("{message}")]
    Invalid {
        message: String,
        fields: BTreeMap<&'static str, String>,
    },
    #[error("{0}")]
    Unauthorized(&'static str),
    #[error("{0}")]
    Forbidden(String),
    /// Right password, address not yet confirmed: the client offers to resend the e-mail.
    #[error("{0}")]
    EmailNotVerified(String),
    #[error("{0}")]
    NotFound(String),
    #[error("{0}")]
    Conflict(String),
    #[error("{message}")]
    TooManyRequests { message: String, retry_after: u64 },
    #[error("{0}")]
    PayloadTooLarge(String),
    #[error("{0}")]
    UnsupportedMedia(String),
    #[error("{0}")]
    Unavailable(String),
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

pub type Result<T, E = AppError> = std::result::Result<T, E>;

impl AppError {
    pub fn not_found(message: impl Into<String>) -> Self {
        Self::NotFound(message.into())
    }

    /// One field failed: the message is both the headline and the field's entry.
    pub fn field(field: &'static str, message: impl Into<String>) -> Self {
        let message = message.into();
        Self::Invalid {
            fields: BTreeMap::from([(field, message.clone())]),
            message,
        }
    }

    /// Several fields failed; the first message becomes the headline.
    pub fn fields(fields: BTreeMap<&'static str, String>) -> Self {
        let message = fields
            .values()
            .next()
            .cloned()
            .unwrap_or_else(|| messages::INVALID_INPUT.to_owned());
        Self::Invalid { message, fields }
    }

    fn status_and_code(&self) -> (StatusCode, &'static str) {
        match self {
            Self::BadRequest(_) => (StatusCode::BAD_REQUEST, "bad_request"),
            Self::Invalid { .. } => (StatusCode::UNPROCESSABLE_ENTITY, "validation"),
            Self::Unauthorized(_) => (StatusCode::UNAUTHORIZED, "unauthorized"),
            Self::Forbidden(_) => (StatusCode::FORBIDDEN, "forbidden"),
            Self::EmailNotVerified(_) => (StatusCode::FORBIDDEN, "email_not_verified"),
            Self::NotFound(_) => (StatusCode::NOT_FOUND, "not_found"),
            Self::Conflict(_) => (StatusCode::CONFLICT, "conflict"),
            Self::TooManyRequests { .. } => (StatusCode::TOO_MANY_REQUESTS, "too_many_requests"),
            Self::PayloadTooLarge(_) => (StatusCode::PAYLOAD_TOO_LARGE, "payload_too_large"),
            Self::UnsupportedMedia(_) => {
                (StatusCode::UNSUPPORTED_MEDIA_TYPE, "unsupported_media_type")
            }
            Self::Unavailable(_) => (StatusCode::SERVICE_UNAVAILABLE, "unavailable"),
            Self::Internal(_) => (StatusCode::INTERNAL_SERVER_ERROR, "internal"),
        }
    }
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct ErrorBody {
    /// Italian message for the user, from the spec's error catalogue.
    pub error: String,
    /// Stable machine-readable code.
    pub code: &'static str,
    /// Per-field messages for validation errors.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub fields: BTreeMap<&'static str, String>,
    /// Seconds to wait before retrying (429 only).
    #[serde(rename = "remainingTime", skip_serializing_if = "Option::is_none")]
    pub remaining_time: Option<u64>,
}

impl AppError {
    /// Status and body of the reply; an internal error is logged here and never shown.
    pub(crate) fn into_parts(self) -> (StatusCode, ErrorBody) {
        let (status, code) = self.status_and_code();
        let (error, fields, retry_after) = match self {
            Self::Internal(err) => {
                tracing::error!(error = ?err, "request failed");
                (messages::INTERNAL.to_owned(), BTreeMap::new(), None)
            }
            Self::Invalid { message, fields } => (message, fields, None),
            Self::TooManyRequests {
                message,
                retry_after,
            } => (message, BTreeMap::new(), Some(retry_after)),
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

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        let (status, body) = self.into_parts();
        let retry_after = body.remaining_time;
        let mut response = (status, axum::Json(body)).into_response();
        if let Some(seconds) = retry_after {
            if let Ok(value) = HeaderValue::from_str(&seconds.to_string()) {
                response.headers_mut().insert(header::RETRY_AFTER, value);
            }
        }
        response
    }
}

impl From<DbErr> for AppError {
    fn from(err: DbErr) -> Self {
        Self::Internal(anyhow::Error::new(err))
    }
}

/// True when the database refused a row because of a unique constraint. The one place
/// that recognises it, through sea-orm's typed `SqlErr`, not by matching strings.
pub fn is_unique_violation(err: &DbErr) -> bool {
    matches!(err.sql_err(), Some(SqlErr::UniqueConstraintViolation(_)))
}
